// cascade-bench: Cascade's benchmarks, with a harness of our own (no outside packages).
//
// Map:
//   main.swift          command line, run order, outputs
//   Harness.swift       calibration, warm-up, samples, median and spread, black hole
//   Allocations.swift   allocation counting by patching libswiftCore's GOT (Linux)
//   Workload.swift      seeded heights, the layout, frames, viewports, scroll offsets
//   Baselines.swift     the seed recipe, linear scan, CHT's union rects
//   Scenarios.swift     the scenarios and the checks that baselines agree with Cascade
//   View.swift          view.scrollStep (CascadeView)
//   Report.swift        markdown table, JSON out and in
//   Chart.swift         the SVG chart of ns per query against n

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

let usage = """
  usage: cascade-bench [--quick] [--filter PREFIX] [--json FILE] [--svg FILE] [--sizes N,N,...]
         cascade-bench --chart RESULTS.json OUT.svg
         cascade-bench --list

    --quick           every scenario at n = 10,000 with fewer samples (the CI smoke run, < 1 min)
    --filter PREFIX   only the benchmarks whose name starts with PREFIX (e.g. query.random)
    --json FILE       write the results as a JSON array, one object per measurement
    --svg FILE        draw the query chart (ns per query against n) from this run's results
    --sizes LIST      item counts to run (default 10000,100000,1000000,10000000)
    --chart IN OUT    draw the chart from a JSON file written by --json, and exit
    --list            print every benchmark name, and exit
  """

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

var quick = false
var filter: String?
var jsonPath: String?
var svgPath: String?
var sizes: [Int]?
nonisolated(unsafe) var arguments = CommandLine.arguments.dropFirst()
func value(for option: String) -> String {
  guard let v = arguments.popFirst(), !v.hasPrefix("--") else { fail("error: \(option) needs a value\n\(usage)") }
  return v
}
while let argument = arguments.popFirst() {
  switch argument {
  case "--quick": quick = true
  case "--filter": filter = value(for: argument)
  case "--json": jsonPath = value(for: argument)
  case "--svg": svgPath = value(for: argument)
  case "--sizes":
    let list = value(for: argument).split(separator: ",").map { Int($0.filter { $0 != "_" }) }
    guard !list.isEmpty, list.allSatisfy({ ($0 ?? 0) >= 1000 }) else {
      fail("error: --sizes takes item counts >= 1000, separated by commas")
    }
    sizes = list.map { $0! }
  case "--chart":
    let input = value(for: argument), output = value(for: argument)
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
  case "--memory-child":
    let kind = value(for: argument)
    guard let n = Int(value(for: argument)) else { fail("error: --memory-child KIND N") }
    print(memoryChild(kind: kind, n: n))
    exit(0)
  case "--list":
    for name in allBenchmarks { print(name) }
    exit(0)
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    fail("error: unknown option '\(argument)'\n\(usage)")
  }
}
if let filter, !allBenchmarks.contains(where: { $0.hasPrefix(filter) }) {
  fail("error: --filter \(filter) matches no benchmark; --list shows them")
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
