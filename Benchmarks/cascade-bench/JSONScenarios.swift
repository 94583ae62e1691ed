// The JSON layer's scenarios: the session's page requests (in process and through
// `cascade session`), writing a whole layout, parsing a document. Each beside a baseline from the
// same run: the core's own page query, Foundation's JSONSerialization on the same data, and a
// plain copy or memchr loop over the same bytes (the machine's ceiling).

import Cascade
import CascadeBenchKit
import CascadeJSON
import Foundation

extension Scenarios {
  /// The session's page requests: `{"op":"page","rect":[0,y,W,844],"limit":50}` at random y.
  static func pageRequests(_ count: Int, width: Double, contentHeight: Double, seed: UInt64 = 11) -> [[UInt8]] {
    Workload.randomViewports(count, width: width, contentHeight: contentHeight, seed: seed).map { rect in
      Array(#"{"op":"page","rect":[\#(JSONWriter.format(rect.minX)),\#(JSONWriter.format(rect.minY)),\#(JSONWriter.format(rect.width)),\#(JSONWriter.format(rect.height))],"limit":50}"#.utf8)
    }
  }

  func jsonScenarios(_ n: Int, _ collection: BenchCollection) {
    let document = Array(collection.documentJSON.utf8)
    let load = Array(#"{"op":"load","collection":"#.utf8) + document + Array("}".utf8)
    var session = CascadeSession()
    let loaded = session.respond(to: load)
    guard loaded.hasPrefix(#"{"ok":true"#), let layout = session.layout else {
      bench.log("  WARNING: session load failed: \(loaded.prefix(200))")
      return
    }
    let requests = Self.pageRequests(4096, width: collection.width, contentHeight: layout.contentSize.height)
    let rects = Workload.randomViewports(4096, width: collection.width, contentHeight: layout.contentSize.height, seed: 11)
    if wants("session.pages") {
      var q = 0
      var output: [UInt8] = []
      output.reserveCapacity(1 << 14)
      let m = bench.measure("session.pages", n: n, unit: .perRequest,
                            note: "page request (limit 50) parsed, answered and written by CascadeSession.respond(to:appendingTo:) into a reused buffer, in process") { k in
        var sum = 0
        for _ in 0..<k {
          output.removeAll(keepingCapacity: true)
          session.respond(to: requests[q & 4095], appendingTo: &output)
          q &+= 1
          sum &+= output.count
        }
        return sum
      }
      bench.log("    = \(groupThousands(Int(1e9 / m.nsPerOp))) requests/s")
    }
    if wants("session.pages.corePage") {
      var q = 0
      var page: [LayoutAttributes] = []
      page.reserveCapacity(64)
      bench.measure("session.pages.corePage", n: n, unit: .perRequest,
                    note: "the core's page(in:after:limit:into:) alone, limit 50, same rects") { k in
        var sum = 0
        for _ in 0..<k {
          page.removeAll(keepingCapacity: true)
          let more = layout.page(in: rects[q & 4095], after: nil, limit: 50, into: &page)
          q &+= 1
          sum &+= page.count &+ (more ? 1 : 0)
        }
        return sum
      }
    }
    if wants("session.pipe") { sessionPipe(n, load: load, requests: requests) }
    // Foundation takes ~1 s per MB to write, so its baselines run on the first 100,000 items
    // (its own bytes; the figures are per MB all the same).
    var small = collection
    if n > 100_000 {
      var left = 100_000
      small.sections = collection.sections.compactMap { section in
        guard left > 0 else { return nil }
        var section = section
        if section.items.count > left { section.items.removeSubrange(left...) }
        left -= section.items.count
        return section
      }
    }
    if wantsAny("json.write") { jsonWrite(n, layout, foundationLayout: Workload.layout(small)) }
    if wantsAny("json.parse") { jsonParse(n, document, foundationDocument: n > 100_000 ? Array(small.documentJSON.utf8) : document) }
    if wantsAny("json.document") { jsonDocument(n, document) }
  }

  // MARK: session.pipe

  /// `cascade session` beside this executable, fed a file (a load, then page requests), its
  /// output to a file; the load alone is timed too and subtracted.
  func sessionPipe(_ n: Int, load: [UInt8], requests: [[UInt8]]) {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("cascade").path
    guard FileManager.default.isExecutableFile(atPath: exe) else {
      bench.log("  session.pipe: skipped (no \(exe); build it with 'swift build -c release --product cascade')")
      return
    }
    let count = quick ? 5_000 : 200_000
    let dir = FileManager.default.temporaryDirectory.path
    let pid = ProcessInfo.processInfo.processIdentifier
    let loadOnly = "\(dir)/cascade-bench-\(pid)-load.jsonl"
    let full = "\(dir)/cascade-bench-\(pid)-pages.jsonl"
    let output = "\(dir)/cascade-bench-\(pid)-out.jsonl"
    defer { for f in [loadOnly, full, output] { unlink(f) } }
    // One line: the document's own newlines (between tokens) become spaces.
    var text = load.map { $0 == 0x0A ? 0x20 : $0 } + [0x0A]
    let wroteLoad = FileManager.default.createFile(atPath: loadOnly, contents: Data(text))
    text.reserveCapacity(text.count + count * 64)
    for i in 0..<count { text += requests[i & 4095]; text.append(0x0A) }
    guard wroteLoad, FileManager.default.createFile(atPath: full, contents: Data(text)) else {
      bench.log("  session.pipe: skipped (cannot write the request files in \(dir))")
      return
    }

    /// The child's CPU time (user + system, from wait4), and its wall-clock time: on a shared
    /// machine the wall clock also counts the time other jobs held the CPU.
    var wall: [Double] = []
    func run(_ input: String) -> Double {
      let start = now()
      let (status, cpu) = spawn(exe, ["session"], stdin: input, stdout: output)
      wall.append(Double(now() - start))
      if status != 0 { bench.log("  WARNING: cascade session exited with status \(status)") }
      return cpu
    }
    _ = run(full)  // warm the page cache and the binary
    let answer = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    let lines = answer.split(separator: "\n").count
    if lines != count + 1 || answer.contains(#""ok":false"#) { bench.log("  WARNING: cascade session answered \(lines) lines, expected \(count + 1)") }
    let samples = quick ? 3 : 5
    var times: [Double] = []
    var wallTimes: [Double] = []
    for _ in 0..<samples {
      wall.removeAll()
      let base = run(loadOnly)
      let all = run(full)
      times.append(Swift.max(0, all - base) / Double(count))
      wallTimes.append(Swift.max(0, wall[1] - wall[0]) / Double(count))
    }
    let m = bench.finish("session.pipe", n: n, times: times, timings: times.map { [$0] }, opsPerTiming: 1, allocations: 0,
                         samples: samples, k: count, unitsPerOp: 1, unit: .perRequest,
                         note: "cascade session, \(groupThousands(count)) page requests from a file, output to a file: the child's CPU time (user + system) minus a load-only run's")
    bench.log("    = \(groupThousands(Int(1e9 / m.nsPerOp))) requests/s of CPU time; wall clock \(formatDuration(median(wallTimes)))/request "
              + "(\(groupThousands(Int(1e9 / Swift.max(1, median(wallTimes))))) requests/s)")
  }

  /// Runs `path args` with standard input and output redirected to files; its exit status and
  /// the CPU time it used (ns, user + system).
  func spawn(_ path: String, _ args: [String], stdin: String, stdout: String) -> (Int32, Double) {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([path] + args).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var child: pid_t = 0
    guard posix_spawn(&child, path, &actions, nil, argv, environ) == 0 else { return (-1, 0) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(child, &status, 0, &usage)
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e9
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e3
    return ((status >> 8) & 0xFF, cpu)
  }

  // MARK: json.write

  /// `cascade layout`'s answer for `layout`, written by a fresh `JSONWriter`: what `json.write`
  /// times and measures its size in.
  static func layoutAnswer(_ layout: WaterfallLayout) throws(JSONError) -> [UInt8] {
    var writer = JSONWriter()
    writer.beginObject()
    try writer.layoutKeys(layout)
    writer.endObject()
    return writer.bytes
  }

  /// Prints a per-MB measurement's throughput under it.
  func reportMBPerSecond(_ m: CascadeBenchKit.Measurement) {
    bench.log("    = \(formatNumber(1e9 / m.nsPerOp, digits: 1)) MB/s")
  }

  func jsonWrite(_ n: Int, _ layout: WaterfallLayout, foundationLayout: WaterfallLayout) {
    let reference = mustSucceed("layout keys") { try Self.layoutAnswer(layout) }
    let megabytes = Double(reference.count) / 1e6
    let size = "\(formatNumber(megabytes, digits: 1)) MB"
    let report = reportMBPerSecond
    if wants("json.write") {
      report(bench.measure("json.write", n: n, unit: .perMB, unitsPerOp: megabytes, samples: quick ? 3 : 5,
                           note: "JSONWriter: cascade layout's answer, \(size)") { k in
        var sum = 0
        for _ in 0..<k { sum &+= (try? Self.layoutAnswer(layout))?.count ?? 0 }
        return sum
      })
    }
    if wants("json.write.foundation") {
      // The same tree as Foundation objects, built outside the clock.
      let layout = foundationLayout
      let megabytes = Double(mustSucceed("layout keys") { try Self.layoutAnswer(layout) }.count) / 1e6
      var sections: [Any] = []
      for s in 0..<layout.numberOfSections {
        func frame(_ path: ElementPath) -> Any {
          guard let f = layout.layoutAttributes(for: path)?.frame else { return NSNull() }
          return [f.minX, f.minY, f.width, f.height]
        }
        let items = (0..<layout.numberOfItems(inSection: s)).map { frame(.item($0, section: s)) }
        sections.append(["header": frame(.header(s)), "items": items, "footer": frame(.footer(s))] as [String: Any])
      }
      let object: [String: Any] = ["contentSize": [layout.contentSize.width, layout.contentSize.height], "sections": sections]
      report(bench.measure("json.write.foundation", n: n, unit: .perMB, unitsPerOp: megabytes, samples: 3,
                           note: "JSONSerialization.data(withJSONObject:) of the same tree, first \(groupThousands(layout.numberOfItems)) items (per MB of JSONWriter's output)") { k in
        var sum = 0
        for _ in 0..<k { sum &+= (try? JSONSerialization.data(withJSONObject: object))?.count ?? 0 }
        return sum
      })
    }
    if wants("json.write.memcpy") {
      var copy = [UInt8](repeating: 0, count: reference.count)
      report(bench.measure("json.write.memcpy", n: n, unit: .perMB, unitsPerOp: megabytes, samples: quick ? 3 : 5,
                           note: "memcpy of the same bytes into a fresh buffer (the ceiling)") { k in
        var sum = 0
        for _ in 0..<k {
          copy = [UInt8](unsafeUninitializedCapacity: reference.count) { buffer, count in
            reference.withUnsafeBytes { _ = memcpy(buffer.baseAddress!, $0.baseAddress!, $0.count) }
            count = reference.count
          }
          sum &+= Int(copy[copy.count / 2])
        }
        return sum
      })
    }
  }

  // MARK: json.parse

  func jsonParse(_ n: Int, _ document: [UInt8], foundationDocument: [UInt8]) {
    let megabytes = Double(document.count) / 1e6
    let size = "\(formatNumber(megabytes, digits: 1)) MB"
    let report = reportMBPerSecond
    if wants("json.parse") {
      report(bench.measure("json.parse", n: n, unit: .perMB, unitsPerOp: megabytes, samples: quick ? 3 : 5,
                           note: "JSONParser.parse of the bench's document, \(size)") { k in
        var sum = 0
        for _ in 0..<k {
          if case .object(let members)? = try? JSONParser.parse(document) { sum &+= members.count }
        }
        return sum
      })
    }
    if wants("json.parse.foundation") {
      let data = Data(foundationDocument)
      report(bench.measure("json.parse.foundation", n: n, unit: .perMB, unitsPerOp: Double(data.count) / 1e6, samples: 3,
                           note: "JSONSerialization.jsonObject(with:) of the same collection's document, first 100,000 items at most") { k in
        var sum = 0
        for _ in 0..<k { sum &+= ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?.count ?? 0 }
        return sum
      })
    }
    if wants("json.parse.memchr") {
      report(bench.measure("json.parse.memchr", n: n, unit: .perMB, unitsPerOp: megabytes, samples: quick ? 3 : 5,
                           note: "memchr for every ',' of the same bytes (the ceiling)") { k in
        var sum = 0
        for _ in 0..<k { sum &+= countCommas(document) }
        return sum
      })
    }
  }
}

extension Scenarios {
  // MARK: json.document

  /// Loading a document as `cascade layout` does: `CollectionDocument(parsing:)`, whose valid
  /// documents' items are read straight from the bytes, against the general path it falls back
  /// on (the parser's value tree, then `CollectionDocument(json:)`).
  func jsonDocument(_ n: Int, _ document: [UInt8]) {
    let megabytes = Double(document.count) / 1e6
    let size = "\(formatNumber(megabytes, digits: 1)) MB"
    let report = reportMBPerSecond
    if wants("json.document") {
      report(bench.measure("json.document", n: n, unit: .perMB, unitsPerOp: megabytes, samples: quick ? 3 : 5,
                           note: "CollectionDocument(parsing:) of the bench's document, \(size)") { k in
        var sum = 0
        for _ in 0..<k { sum &+= (try? CollectionDocument(parsing: document))?.sections.count ?? -1 }
        return sum
      })
    }
    if wants("json.document.tree") {
      report(bench.measure("json.document.tree", n: n, unit: .perMB, unitsPerOp: megabytes, samples: quick ? 3 : 5,
                           note: "CollectionDocument(json: JSONParser.parse(_:)) of the same bytes (the general path)") { k in
        var sum = 0
        for _ in 0..<k {
          sum &+= (try? CollectionDocument(json: JSONParser.parse(document)))?.sections.count ?? -1
        }
        return sum
      })
    }
  }
}

/// How many ',' bytes `bytes` holds, by memchr.
@inline(never)
func countCommas(_ bytes: [UInt8]) -> Int {
  bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int in
    guard let base = raw.baseAddress else { return 0 }
    var count = 0
    var offset = 0
    while offset < raw.count {
      guard let hit = memchr(base + offset, 0x2C, raw.count - offset) else { break }
      count += 1
      offset = base.distance(to: UnsafeRawPointer(hit)) + 1
    }
    return count
  }
}
