// cascade-bench: Cascade's benchmarks, with a harness of our own (no outside packages).
//
// Map:
//   main.swift          the command line (CascadeArguments), run order, outputs
//   Harness.swift       calibration, warm-up, samples, median and spread, black hole
//   Allocations.swift   allocation counting by patching libswiftCore's GOT (Linux)
//   Workload.swift      seeded heights, the layout, frames, viewports, scroll offsets
//   Baselines.swift     the seed recipe, linear scan, CHT's union rects
//   Scenarios.swift     the scenarios and the checks that baselines agree with Cascade
//   View.swift          view.scrollStep (CascadeView)
//   Report.swift        markdown table, JSON out and in
//   Chart.swift         the SVG chart of ns per query against n

import CascadeArguments
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

func fail(_ message: String) -> Never {
  var text = message + "\n"
  text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
  exit(2)
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
    "--svg", valueName: "file", help: "Draw the query chart (ns per query against n) from this run's results.")
  static let sizes = Option<[Int]>(
    "--sizes", valueName: "n,n,...", help: "Item counts.",
    expecting: "item counts >= 1000, separated by commas", defaultDescription: "10000,100000,1000000,10000000"
  ) { text in
    let list = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.filter { $0 != "_" }) }
    let counts = list.compactMap { $0 }
    return !counts.isEmpty && counts.count == list.count && counts.allSatisfy({ $0 >= 1000 }) ? counts : nil
  }
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
      Each figure is printed beside a baseline measured in the same run. Always build it \
      for release: a debug build's numbers are meaningless. See Docs/Benchmarks.md.
      """,
    options: [Self.quick, Self.filter, Self.json, Self.svg, Self.sizes, Self.chart, Self.list, Self.memoryChild])
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
  guard let bytes = readWholeFile(input) else { fail("error: cannot read \(input)") }
  do {
    let results = try readResults(bytes)
    let name = input.split(separator: "/").last.map(String.init) ?? input
    writeFile(svgChart(results, subtitle: "median per query, bar = min–max of the samples; data: \(name)"), to: output)
    log("wrote \(output)")
    exit(0)
  } catch {
    fail("error: \(input): \(error)")
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

let runSizes = sizes ?? (quick ? [10_000] : [10_000, 100_000, 1_000_000, 10_000_000])
let bench = Bench(quick: quick, log: log)
let scenarios = Scenarios(bench: bench, filter: filter, quick: quick)
log("cascade-bench\(quick ? " --quick" : ""): n = \(runSizes.map(groupThousands).joined(separator: ", "))")
log("machine: \(machineDescription())")

// Memory first, while the heap is fresh, so resident-size deltas are not hidden by pages that
// earlier scenarios freed but the allocator kept.
if scenarios.wantsAny("memory") {
  scenarios.memory(n: quick ? 10_000 : (runSizes.contains(1_000_000) ? 1_000_000 : runSizes.max() ?? 1_000_000))
}
for n in runSizes { scenarios.run(n: n) }

log("")
for warning in warnings { log(warning) }
log("machine: \(machineDescription())")
log("")
log(markdownTable(bench.results))
log("")
if let jsonPath {
  writeFile(jsonResults(bench.results), to: jsonPath)
  log("wrote \(jsonPath)")
}
if let svgPath {
  writeFile(svgChart(bench.results, subtitle: "median per query, bar = min–max of the samples; \(machineDescription())"), to: svgPath)
  log("wrote \(svgPath)")
}
log("checksum \(String(_checksum, radix: 16)) (results consumed; ignore) — \(formatDuration(Double(now() - started))) in all")
