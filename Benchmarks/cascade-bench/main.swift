// cascade-bench: Cascade's benchmarks, with a harness of our own (no outside packages).
//
// Map:
//   main.swift           the command line (CascadeArguments), inputs, run order, outputs
//   Harness.swift        calibration, warm-up, samples, batches, median, spread, black hole
//   Allocations.swift    allocation counting by patching libswiftCore's GOT (Linux)
//   Workload.swift       the layout, every element's frame, viewports, scroll offsets
//   Baselines.swift      the seed recipe, linear scan, CHT's union rects
//   Scenarios.swift      the scenarios and the checks that baselines agree with Cascade
//   View.swift           view.scrollStep (CascadeView)
//   TraceScenarios.swift trace replays: each step timed, the frame budget's overruns
//   Report.swift         the markdown tables: figures, tails, trace replays
//   Chart.swift          the SVG chart: ns per query against n; trace replays' tails
//
// The pure parts live in CascadeBenchKit (Benchmarks/CascadeBenchKit), where the tests reach
// them: traces (Trace.swift: parsing; TraceSynthesis.swift: --synthesize-trace; Replay.swift:
// the replays and the data source), the distributions (Distributions.swift), percentiles
// (Statistics.swift), measurements and formatting (Measurement.swift), the JSON file
// (ResultsJSON.swift) and --compare (Compare.swift).

import Cascade
import CascadeArguments
import CascadeBenchKit
import CascadeJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Prints `message` on standard error and exits: 2 for the bench's own failures (as before), 1
/// for a bad input file (a document, trace or results file that cannot be used).
func fail(_ message: String, status: Int32 = 2) -> Never {
  var text = message + "\n"
  text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
  exit(status)
}

func writeFile(_ text: String, to path: String) {
  guard let f = fopen(path, "wb") else { fail("error: cannot write \(path)") }
  var text = text
  text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, f) }
  fclose(f)
}

/// stdout, flushed per line so progress shows in CI logs.
func log(_ line: String) {
  print(line)
  fflush(nil)
}

/// `2 CPUs, AMD EPYC, 23.4 GiB RAM`, from sysconf, /proc/cpuinfo and /proc/meminfo.
func machineDescription() -> String {
  var parts = ["\(sysconf(Int32(_SC_NPROCESSORS_ONLN))) CPUs"]
  if let info = readWholeFile("/proc/cpuinfo"),
     let line = String(decoding: info, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
     let colon = line.firstIndex(of: ":") {
    parts.append(line[line.index(after: colon)...].trimmingPrefix(" ").description)
  }
  if let info = readWholeFile("/proc/meminfo"),
     let line = String(decoding: info, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
     let kb = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
    parts.append(formatNumber(kb / 1_048_576, digits: 1) + " GiB RAM")
  }
  return parts.joined(separator: ", ")
}

// MARK: Arguments

/// The command line, declared once: the parser, `--help` and the usage errors come from it.
enum BenchArguments {
  static let quick = Flag("--quick", help: "Every scenario at n = 10,000 with fewer samples (the CI smoke run, < 1 min).")
  static let filter = Option<String>(
    "--filter", valueName: "prefix", help: "Only the benchmarks whose name starts with <prefix> (e.g. query.random).",
    expecting: "the start of a benchmark name ('--list' prints them)"
  ) { prefix in allBenchmarks.contains { $0.hasPrefix(prefix) } ? prefix : nil }
  static let json = Option<String>(
    "--json", valueName: "file", help: "Write the results as a JSON array, one object per measurement.")
  static let svg = Option<String>(
    "--svg", valueName: "file",
    help: "Draw the chart from this run's results: ns per query against n, and the trace replays' latency distributions.")
  static let sizes = Option<[Int]>(
    "--sizes", valueName: "n,n,...", help: "Item counts of the built-in collection.",
    expecting: "item counts >= 1000, separated by commas", defaultDescription: "10000,100000,1000000,10000000"
  ) { text in
    let list = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.filter { $0 != "_" }) }
    let counts = list.compactMap { $0 }
    return !counts.isEmpty && counts.count == list.count && counts.allSatisfy({ $0 >= 1000 }) ? counts : nil
  }
  static let document = Option<String>(
    "--document", valueName: "file",
    help: """
      Measure this collection document (Docs/Spec/Protocol.md) instead of the built-in collection: \
      layout, queries, scrolling, the view, updates and trace replays. Not with --sizes or --distribution.
      """)
  static let distribution = Option<Distribution>(
    "--distribution", valueName: "name",
    help: "The built-in collection: " + Distribution.allCases.map { "\($0.rawValue): \($0.summary)" }.joined(separator: "; ") + ".",
    expecting: "one of " + Distribution.allCases.map(\.rawValue).joined(separator: ", "), defaultDescription: "uniform"
  ) { Distribution(rawValue: $0) }
  static let seed = Option<UInt64>(
    "--seed", valueName: "n", help: "The seed of the built-in collection and of --synthesize-trace (decimal or 0x hex).",
    expecting: "a whole number >= 0", defaultDescription: "0xCA5CADE for collections, 1 for traces"
  ) { text in text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text) }
  static let trace = Option<[String]>(
    "--trace", valueName: "file[,file...]",
    help: """
      Replay scroll traces (JSON Lines of {"t": s, "offset": [x, y]}, optional "bounds": [w, h]) through \
      the rect query and the collection view, every step timed; count the steps over the frame budget.
      """,
    expecting: "trace files separated by commas"
  ) { text in
    let files = text.split(separator: ",").map(String.init)
    return files.isEmpty ? nil : files
  }
  static let frameBudget = Option<Double>(
    "--frame-budget-us", valueName: "µs",
    help: "The time a trace step may take: one 120 Hz frame (8,333 µs) over 8, the model's share of a frame.",
    expecting: "a number of microseconds > 0", defaultDescription: "1041.7"
  ) { text in Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
  static let synthesize = Option<TraceKind>(
    "--synthesize-trace", valueName: "kind",
    help: "Write a standard trace and exit: " + TraceKind.allCases.map { "\($0.rawValue): \($0.summary)" }.joined(separator: "; ")
      + ". Sized for --document or the built-in collection at the first of --sizes; seeded by --seed.",
    expecting: "one of " + TraceKind.allCases.map(\.rawValue).joined(separator: ", ")
  ) { TraceKind(rawValue: $0) }
  static let out = Option<String>(
    "--out", valueName: "file", help: "Where --synthesize-trace and --export-document write (default: standard output).")
  static let exportDocument = Flag(
    "--export-document", help: "Write the built-in collection (--distribution, --seed, first of --sizes) as a collection document, and exit.")
  static let compare = Option<String>(
    "--compare", valueName: "old.json",
    help: "After the run, print each figure's change from an earlier --json file, flagging changes beyond both runs' spread.")
  static let chart = Option<[String]>(
    "--chart", valueNames: ["results.json", "out.svg"],
    help: "Draw the chart from a JSON file written by --json, and exit.", expecting: "two files"
  ) { $0 }
  static let list = Flag("--list", help: "Print every benchmark name, and exit.")
  /// Internal: one memory measurement in a fresh process (Scenarios.swift runs it).
  static let memoryChild = Option<MemoryChild>(
    "--memory-child", valueNames: ["kind", "n"], help: "Measure one layout's memory in this process.",
    expecting: "a kind and an item count", isHidden: true
  ) { values in Int(values[1]).map { MemoryChild(kind: values[0], n: $0) } }

  static let command = Command(
    "cascade-bench", abstract: "Benchmark Cascade against the layouts it replaces.",
    discussion: """
      Each figure is printed beside a baseline measured in the same run, with its per-operation \
      median, p90, p99 and max. Always build it for release: a debug build's numbers are \
      meaningless. See Docs/Benchmarks.md.
      """,
    options: [
      Self.quick, Self.filter, Self.json, Self.svg, Self.sizes, Self.document, Self.distribution, Self.seed,
      Self.trace, Self.frameBudget, Self.synthesize, Self.out, Self.exportDocument, Self.compare, Self.chart,
      Self.list, Self.memoryChild,
    ])

  /// A usage error in the parser's shape (message, usage line, status 2).
  static func usageError(_ message: String) -> Never {
    let error = ArgumentError(.invalid, message, commandName: command.name, usage: command.usage)
    error.print()
    exit(error.exitStatus)
  }
}

/// `--memory-child <kind> <n>`.
struct MemoryChild: Sendable {
  var kind: String
  var n: Int
}

let parsed = BenchArguments.command.parseOrExit()
if let child = parsed[BenchArguments.memoryChild] {
  print(memoryChild(kind: child.kind, n: child.n))
  exit(0)
}
if let files = parsed[BenchArguments.chart], let input = files.first, let output = files.last {
  guard let bytes = readWholeFile(input) else { fail("error: cannot read \(input)", status: 1) }
  do {
    let results = try readResults(bytes)
    let name = input.split(separator: "/").last.map(String.init) ?? input
    writeFile(svgChart(results, source: "data: \(name)"), to: output)
    log("wrote \(output)")
    exit(0)
  } catch {
    fail("error: \(input): \(error)", status: 1)
  }
}
if parsed[BenchArguments.list] {
  for name in allBenchmarks { print(name) }
  exit(0)
}
let quick = parsed[BenchArguments.quick]
let filter = parsed[BenchArguments.filter]
let jsonPath = parsed[BenchArguments.json]
let svgPath = parsed[BenchArguments.svg]
let sizes = parsed[BenchArguments.sizes]
let documentPath = parsed[BenchArguments.document]
let distribution = parsed[BenchArguments.distribution] ?? .uniform
let seed = parsed[BenchArguments.seed]
let tracePaths = parsed[BenchArguments.trace] ?? []
let budgetNs = (parsed[BenchArguments.frameBudget] ?? defaultFrameBudgetNs / 1000) * 1000
let synthesize = parsed[BenchArguments.synthesize]
let outPath = parsed[BenchArguments.out]
let exportDocument = parsed[BenchArguments.exportDocument]
let comparePath = parsed[BenchArguments.compare]

if documentPath != nil && sizes != nil { BenchArguments.usageError("'--document' cannot be used with '--sizes' (a document has its own size)") }
if documentPath != nil && parsed[BenchArguments.distribution] != nil {
  BenchArguments.usageError("'--document' cannot be used with '--distribution'")
}
if outPath != nil && synthesize == nil && !exportDocument {
  BenchArguments.usageError("'--out' goes with '--synthesize-trace' or '--export-document'")
}
if exportDocument && documentPath != nil { BenchArguments.usageError("'--export-document' writes the built-in collection, not a '--document'") }

// MARK: Inputs, all read and checked before anything runs

func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

let runSizes = sizes ?? (quick ? [10_000] : [10_000, 100_000, 1_000_000, 10_000_000])
let collectionSeed = seed ?? Distribution.defaultSeed
var documentCollection: BenchCollection?
if let documentPath {
  guard let bytes = readWholeFile(documentPath) else { fail("error: cannot read \(documentPath)", status: 1) }
  do {
    let document = try CollectionDocument(parsing: bytes)
    _ = try document.makeLayout()
    documentCollection = BenchCollection(document: document, name: fileName(documentPath))
  } catch {
    fail("error: \(documentPath): \(error)", status: 1)
  }
}
var traces: [NamedTrace] = []
for path in tracePaths {
  guard let bytes = readWholeFile(path) else { fail("error: cannot read \(path)", status: 1) }
  do {
    traces.append(NamedTrace(name: fileName(path), trace: try Trace.parse(bytes)))
  } catch {
    fail("error: \(path): \(error)", status: 1)
  }
}
var oldResults: [Measurement]?
if let comparePath {
  guard let bytes = readWholeFile(comparePath) else { fail("error: cannot read \(comparePath)", status: 1) }
  do { oldResults = try readResults(bytes) } catch { fail("error: \(comparePath): \(error)", status: 1) }
}

/// Writes to `--out`, or standard output.
func emit(_ text: String) {
  if let outPath {
    writeFile(text, to: outPath)
  } else {
    print(text, terminator: "")
  }
}

if exportDocument {
  emit(distribution.collection(items: runSizes[0], seed: collectionSeed).documentJSON)
  exit(0)
}
if let synthesize {
  let collection = documentCollection ?? distribution.collection(items: runSizes[0], seed: collectionSeed)
  let layout = mustSucceed("layout") { try collection.makeLayout() }
  let trace = synthesize.synthesize(
    seed: seed ?? TraceKind.defaultSeed, contentHeight: layout.contentSize.height,
    bounds: Size(width: collection.width, height: Trace.defaultViewportHeight))
  emit(trace.jsonLines)
  exit(0)
}

// MARK: Run

let started = now()
var warnings: [String] = []
/// Whether this is a debug build (the optimizer folds the test, hence the indirection that keeps
/// the compiler from warning about dead code in release).
@inline(never) func isDebugBuild() -> Bool { _isDebugAssertConfiguration() }
if isDebugBuild() {
  warnings.append("WARNING: debug build: numbers meaningless (run with -c release)")
}
#if CASCADE_INTERNAL_CHECKS
warnings.append("WARNING: built with CASCADE_INTERNAL_CHECKS: every mutation checks invariants in O(n), numbers meaningless")
#endif
if let reason = Allocations.install() {
  warnings.append("note: allocations not counted: \(reason)")
} else if let problem = Allocations.selfTest() {
  warnings.append("WARNING: allocation counting failed its self-test: \(problem)")
}
for warning in warnings { log(warning) }

let bench = Bench(quick: quick, log: log)
let scenarios = Scenarios(bench: bench, filter: filter, quick: quick)
let seedNote = seed.map { ", seed \($0)" } ?? ""
if let documentCollection {
  let c = documentCollection
  log("cascade-bench\(quick ? " --quick" : ""): \(c.name): \(groupThousands(c.itemCount)) items in "
      + "\(groupThousands(c.sections.count)) sections, width \(points(c.width))")
} else {
  log("cascade-bench\(quick ? " --quick" : ""): \(distribution.rawValue)\(seedNote), n = \(runSizes.map(groupThousands).joined(separator: ", "))")
}
log("machine: \(machineDescription())")
log("clock: one read costs ~\(formatDuration(bench.clockCost)); operations under \(formatDuration(bench.batchTarget)) are timed in batches "
    + "(their p90, p99 and max are of batch means)")
if !traces.isEmpty {
  log("frame budget: \(formatDuration(budgetNs)) per trace step")
} else if filter.map({ $0.hasPrefix("trace") || "trace".hasPrefix($0) }) ?? false {
  log("trace replays: none to run (give --trace FILE; --synthesize-trace KIND makes standard ones)")
}

if let documentCollection {
  if scenarios.wantsAny("memory") { log("memory: skipped (measured on the built-in collections only)") }
  var appendItems: [WaterfallItem] = []
  let all = documentCollection.sections.flatMap(\.items)
  if !all.isEmpty { appendItems = (0..<1000).map { all[$0 % all.count] } }
  scenarios.run(BenchInput(collection: documentCollection, appendItems: appendItems, splitForUpdates: false),
                traces: traces, budgetNs: budgetNs)
} else {
  // Memory first, while the heap is fresh, so resident-size deltas are not hidden by pages that
  // earlier scenarios freed but the allocator kept.
  if scenarios.wantsAny("memory") {
    scenarios.memory(n: quick ? 10_000 : (runSizes.contains(1_000_000) ? 1_000_000 : runSizes.max() ?? 1_000_000),
                     distribution: distribution, seed: collectionSeed)
  }
  let appendItems = distribution.collection(items: 1000, seed: Workload.appendSeed).sections.flatMap(\.items)
  for n in runSizes {
    scenarios.run(BenchInput(collection: distribution.collection(items: n, seed: collectionSeed), appendItems: appendItems,
                             splitForUpdates: distribution != .mixed, builtIn: (distribution.rawValue, collectionSeed)),
                  traces: traces, budgetNs: budgetNs)
  }
}

log("")
for warning in warnings { log(warning) }
log("machine: \(machineDescription())")
log("")
log(markdownTable(bench.results))
log("")
log("")
if let table = latencyTable(bench.results) {
  log(table)
  log("")
}
if let table = traceTable(bench.results) {
  log(table)
  log("")
}
if let jsonPath {
  writeFile(jsonResults(bench.results), to: jsonPath)
  log("wrote \(jsonPath)")
}
if let svgPath {
  writeFile(svgChart(bench.results, source: machineDescription()), to: svgPath)
  log("wrote \(svgPath)")
}
if let oldResults, let comparePath {
  log("")
  log(markdownComparison(compare(old: oldResults, new: bench.results), oldName: fileName(comparePath), pairs: comparisons))
  log("")
}
log("checksum \(String(_checksum, radix: 16)) (results consumed; ignore) — \(formatDuration(Double(now() - started))) in all")
