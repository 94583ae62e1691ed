// cascade-bench and cascade-gallery run as a user runs them: synthesized traces, bad input files,
// a small document with a trace replayed, and a trace recorded by the gallery. (These run the
// debug build: the figures are meaningless, what is checked is what gets printed and written.)

import CascadeBenchKit
import CascadeTestSupport
import Foundation
import Testing

@Suite struct BenchCommandLineTests {
  func temporaryFile(_ name: String, _ text: String? = nil) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-bench-tests-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    if let text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
    return path
  }

  func bench(_ arguments: [String]) throws -> CommandResult {
    try CommandRunner.run(arguments, executable: "cascade-bench")
  }

  @Test func synthesizedTracesAreTheSameEveryRun() throws {
    let a = try bench(["--synthesize-trace", "jump", "--seed", "5", "--sizes", "2000"])
    let b = try bench(["--synthesize-trace", "jump", "--seed", "5", "--sizes", "2000"])
    let c = try bench(["--synthesize-trace", "jump", "--seed", "6", "--sizes", "2000"])
    #expect(a.status == 0 && a.stderr.isEmpty)
    #expect(a.stdout == b.stdout)
    #expect(a.stdout != c.stdout)
    // --seed seeds the collection the trace is sized for, and the trace.
    let trace = try Trace.parse(Array(a.stdout.utf8))
    #expect(trace == TraceKind.jump.synthesize(
      seed: 5, contentHeight: try Distribution.uniform.collection(items: 2000, seed: 5).makeLayout().contentSize.height,
      bounds: .init(width: 1024, height: 844)))
  }

  @Test func badInputsAreRejectedBeforeAnythingRuns() throws {
    let trace = try temporaryFile("bad.jsonl", "{\"t\": 0, \"offset\": [0, 0]}\n{\"t\": 0.1, \"ofset\": [0, 10]}\n")
    let result = try bench(["--quick", "--trace", trace])
    #expect(result == CommandResult(stdout: "", stderr: "error: \(trace): line 2: ofset: unknown key (a line has t, offset and optionally bounds)\n", status: 1))

    let document = try temporaryFile("bad.json", "{\"width\": 390, \"sections\": [{\"items\": [120, {\"size\": [0, 3]}]}]}")
    let rejected = try bench(["--quick", "--document", document])
    #expect(rejected.status == 1 && rejected.stdout.isEmpty)
    #expect(rejected.stderr == "error: \(document): sections[0].items[1].size: width must be > 0\n")

    let usage = try bench(["--document", document, "--sizes", "1000"])
    #expect(usage.status == 2)
    #expect(usage.stderr.hasPrefix("error: '--document' cannot be used with '--sizes' (a document has its own size)\nUsage: cascade-bench"))
  }

  /// A document without items: the lookup scenario, which draws its paths from sections with
  /// items, says it skips instead of drawing forever (it did, before it checked).
  @Test func aDocumentWithoutItemsSkipsTheLookups() throws {
    let document = try temporaryFile("empty.json", "{\"width\": 300, \"sections\": [{\"header\": 10}]}")
    let result = try bench(["--quick", "--document", document, "--filter", "query.element"])
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(result.stdout.contains("query.element: skipped (the collection has no items)"))
  }

  @Test func aDocumentWithATraceReplayed() throws {
    let document = try temporaryFile("feed.json", Distribution.mixed.collection(items: 1500, seed: 3).documentJSON)
    let synthesized = try bench(["--synthesize-trace", "fling", "--document", document, "--out", try temporaryFile("fling.jsonl")])
    #expect(synthesized == CommandResult(stdout: "", stderr: "", status: 0))
    let json = try temporaryFile("results.json")
    let svg = try temporaryFile("chart.svg")
    let result = try bench([
      "--quick", "--document", document, "--trace", try temporaryFile("fling.jsonl"), "--filter", "trace",
      "--json", json, "--svg", svg, "--frame-budget-us", "2000",
    ])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("document feed.json: 1,500 items in 6 sections, width 1024"))
    #expect(result.stdout.contains("frame budget: 2.00 ms per trace step"))
    #expect(result.stdout.contains("| trace.query (fling.jsonl) | 1,500 | Cascade | "))
    #expect(result.stdout.contains("| trace.view (fling.jsonl) | 1,500 | Cascade | "))
    let results = try readResults(Array(try Data(contentsOf: URL(fileURLWithPath: json))))
    #expect(Set(results.map(\.benchmark)) == ["trace.query", "trace.query.linearScan", "trace.query.unionRects", "trace.view"])
    for m in results {
      #expect(m.collection == "document feed.json")
      #expect(m.trace?.name == "fling.jsonl")
      #expect(m.trace?.budgetNs == 2_000_000)
      #expect(m.latency.map { $0.opsPerTiming == 1 && $0.count == m.samples * m.opsPerSample && !$0.quantiles.isEmpty } == true)
    }
    let chart = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(chart.contains("Trace replays: the fraction of steps slower than a time"))
    #expect(chart.contains("frame budget 2.00 ms"))
  }

  @Test func aTraceRecordedByTheGalleryReplays() throws {
    let path = try temporaryFile("gallery.jsonl")
    let gallery = try CommandRunner.run(["--frames", "6", "--size", "60x20", "--record-trace", path], executable: "cascade-gallery")
    #expect(gallery.status == 0 && gallery.stderr.isEmpty)
    let trace = try Trace.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    // The first state, five scrolls of half a viewport, and the four focus moves that scrolled
    // (to show the focused card, taller than the space its neighbours leave, below the header).
    #expect(trace.steps.count == 10)
    #expect(trace.steps[0].bounds?.width == 480)
    let replay = try bench(["--quick", "--trace", path, "--filter", "trace.query", "--sizes", "1000"])
    #expect(replay.status == 0, "\(replay)")
    #expect(replay.stdout.contains("trace gallery.jsonl: 10 steps"))
    #expect(replay.stdout.contains("note: laid out at the trace's width 480 (the collection's is 1024)"))
  }

  @Test func compareFlagsAFigureBeyondBothSpreads() throws {
    // An earlier run in which query.scroll took 1 ns per step, every sample: any real run is
    // slower, beyond both spreads. query.random is absent from the old file.
    let old = try temporaryFile("old.json", """
      [
        {"benchmark": "query.scroll", "n": 1000, "nsPerOp": 1, "spread": [1, 1], "unit": "ns/step", "samples": 5, "opsPerSample": 10}
      ]
      """)
    let result = try bench(["--quick", "--sizes", "1000", "--filter", "query.scroll", "--compare", old])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("Compared with old.json: new ÷ old per figure"))
    let row = result.stdout.split(separator: "\n").first { $0.hasPrefix("| query.scroll | 1,000 | uniform | 1.00 ns/step | 1.00 ns – 1.00 ns |") }
    #expect(row?.contains("| **slower** |") == true, "\(result.stdout)")
    #expect(result.stdout.contains("1 of 1 figures changed beyond both runs' spread (1 slower, 0 faster, median or p99); 3 only in this run, 0 only in old.json."))

    let bad = try temporaryFile("bad-results.json", "{\"benchmark\": 1}")
    let rejected = try bench(["--quick", "--compare", bad])
    #expect(rejected == CommandResult(stdout: "", stderr: "error: \(bad): expected an array of measurements, got an object\n", status: 1))
  }
}
