// The measuring harness: calibration, warm-up, repeated samples, median and spread, allocation
// counts, and the black hole that keeps the optimizer from deleting what is measured.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Everything measured flows into this checksum, printed at the end of a run, so no result is
/// dead code.
nonisolated(unsafe) var _checksum: UInt64 = 0

/// Consumes a value the optimizer cannot see through.
@inline(never)
func blackHole(_ value: Int) {
  _checksum = (_checksum &* 0x100_0000_01b3) ^ UInt64(bitPattern: Int64(value))
}

/// The result of a call the benchmark's own inputs make valid; a failure is a bug in the bench,
/// reported with what failed rather than a bare `try!`.
func mustSucceed<T>(_ what: String, _ body: () throws -> T) -> T {
  do {
    return try body()
  } catch {
    fatalError("cascade-bench: \(what) failed: \(error)")
  }
}

/// Monotonic time in nanoseconds.
@inline(__always)
func now() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// What a figure counts.
enum Unit: String {
  case perItem = "ns/item"
  case perQuery = "ns/query"
  case perStep = "ns/step"
  case perUpdate = "ns/update"
  case bytesPerItem = "B/item"
}

/// One measurement: a row of the JSON output.
struct Measurement {
  var benchmark: String
  var n: Int
  /// The median over samples, in nanoseconds per op (bytes per item for memory).
  var nsPerOp: Double
  var spread: (min: Double, max: Double)
  var allocationsPerOp: Double?
  var unit: Unit
  /// For memory rows: resident bytes added per item.
  var bytesPerItem: Double?
  /// Samples taken and operations per sample, for the record.
  var samples: Int
  var opsPerSample: Int
  /// What the figure means, when the name does not say it all.
  var note: String?
}

/// Runs measurements and keeps their results.
final class Bench {
  let quick: Bool
  /// A sample lasts at least this long (ns), so timer overhead and jitter stay small.
  let sampleTarget: Double
  /// Samples per measurement, before the caps for slow operations.
  let defaultSamples: Int
  private(set) var results: [Measurement] = []
  let log: (String) -> Void

  init(quick: Bool, log: @escaping (String) -> Void) {
    self.quick = quick
    self.sampleTarget = quick ? 2e6 : 2e7
    self.defaultSamples = quick ? 5 : 11
    self.log = log
  }

  func record(_ m: Measurement) {
    results.append(m)
    if let bytes = m.bytesPerItem {
      log("  \(m.benchmark) n=\(m.n): \(formatNumber(bytes, digits: 1)) B/item (built at \(formatValue(m.nsPerOp, m.unit)))")
      return
    }
    log("  \(m.benchmark) n=\(m.n): \(formatValue(m.nsPerOp, m.unit))"
        + " [\(formatValue(m.spread.min, m.unit)) – \(formatValue(m.spread.max, m.unit))]"
        + (m.allocationsPerOp.map { ", \(formatCount($0)) allocs/op" } ?? ""))
  }

  /// Fewer samples for slow operations, so a 10M run stays within minutes.
  private func sampleCount(forSampleTime t: Double, requested: Int?) -> Int {
    let base = requested ?? defaultSamples
    if t > 2e9 { return Swift.min(base, 3) }
    if t > 2e8 { return Swift.min(base, 5) }
    return base
  }

  /// Measures an operation that can be repeated in place: `body(k)` performs k operations and
  /// returns a value derived from their results. Each operation stands for `unitsPerOp` units
  /// (items, queries, steps); the result is nanoseconds per unit.
  ///
  /// The first call (one operation) warms up and calibrates k so a sample lasts `sampleTarget`;
  /// a second call with k warms up again; then the samples. Allocations are counted over all
  /// samples and divided by the number of units.
  @discardableResult
  func measure(
    _ name: String, n: Int, unit: Unit, unitsPerOp: Double = 1, samples requested: Int? = nil,
    maxOpsPerSample: Int = 1 << 22, note: String? = nil, _ body: (Int) -> Int
  ) -> Measurement {
    var start = now()
    blackHole(body(1))
    let first = Double(now() - start)
    let k = Swift.max(1, Swift.min(maxOpsPerSample, Int(sampleTarget / Swift.max(first, 1))))
    if k > 1 || first < 1e8 { blackHole(body(k)) }
    let samples = sampleCount(forSampleTime: first * Double(k), requested: requested)
    var times: [Double] = []
    times.reserveCapacity(samples)
    let allocationsBefore = Allocations.count
    for _ in 0..<samples {
      start = now()
      let value = body(k)
      let elapsed = now() - start
      blackHole(value)
      times.append(Double(elapsed) / (Double(k) * unitsPerOp))
    }
    let allocations = Allocations.count - allocationsBefore
    return finish(name, n: n, times: times, allocations: allocations, samples: samples, k: k,
                  unitsPerOp: unitsPerOp, unit: unit, note: note)
  }

  /// Measures an operation whose result must outlive the clock: `body()` builds something, the
  /// clock stops, then the result is consumed and freed outside the timed region, so the cost
  /// of tearing a million objects down is not charged to building them.
  @discardableResult
  func measureBuild<T>(
    _ name: String, n: Int, unit: Unit, unitsPerOp: Double, samples requested: Int? = nil,
    note: String? = nil, _ body: () -> T, consume: (T) -> Int
  ) -> Measurement {
    var start = now()
    let warm = body()
    let first = Double(now() - start)
    blackHole(consume(warm))
    let k = Swift.max(1, Swift.min(1024, Int(sampleTarget / Swift.max(first, 1))))
    let samples = sampleCount(forSampleTime: first * Double(k), requested: requested)
    var times: [Double] = []
    times.reserveCapacity(samples)
    var kept: [T] = []
    kept.reserveCapacity(k)
    var allocations = 0
    for _ in 0..<samples {
      let allocationsBefore = Allocations.count
      start = now()
      for _ in 0..<k { kept.append(body()) }
      let elapsed = now() - start
      allocations += Allocations.count - allocationsBefore
      for value in kept { blackHole(consume(value)) }
      kept.removeAll(keepingCapacity: true)
      times.append(Double(elapsed) / (Double(k) * unitsPerOp))
    }
    return finish(name, n: n, times: times, allocations: allocations, samples: samples, k: k,
                  unitsPerOp: unitsPerOp, unit: unit, note: note)
  }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let mid = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

// MARK: - Formatting

/// `12.3 ns`, `4.56 µs`, `7.89 ms`, `1.23 s` for times; `45.2 B` for bytes.
func formatValue(_ value: Double, _ unit: Unit) -> String {
  if unit == .bytesPerItem { return formatNumber(value, digits: 1) + " B/item" }
  let per = String(unit.rawValue.dropFirst(2))  // "/item"
  return formatDuration(value) + per
}

func formatDuration(_ ns: Double) -> String {
  if ns < 1e3 { return formatNumber(ns, digits: ns < 10 ? 2 : 1) + " ns" }
  if ns < 1e6 { return formatNumber(ns / 1e3, digits: ns < 1e4 ? 2 : 1) + " µs" }
  if ns < 1e9 { return formatNumber(ns / 1e6, digits: ns < 1e7 ? 2 : 1) + " ms" }
  return formatNumber(ns / 1e9, digits: 2) + " s"
}

/// A fixed-point decimal without Foundation.
func formatNumber(_ value: Double, digits: Int) -> String {
  if !value.isFinite { return "\(value)" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = (Swift.abs(value) * scale).rounded()
  let whole = Int(scaled / scale)
  let fraction = Int(scaled - Double(whole) * scale)
  var text = (value < 0 && scaled != 0 ? "-" : "") + groupThousands(whole)
  if digits > 0 {
    let f = String(fraction)
    text += "." + String(repeating: "0", count: digits - f.count) + f
  }
  return text
}

func groupThousands(_ value: Int) -> String {
  let digits = String(value)
  var out = ""
  for (i, ch) in digits.enumerated() {
    if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
    out.append(ch)
  }
  return out
}

/// Allocation counts: `0`, `0.001`, `3.5`, `1,000`.
func formatCount(_ value: Double) -> String {
  if value == 0 { return "0" }
  if value < 0.01 { return formatNumber(value, digits: 4) }
  if value < 10 { return formatNumber(value, digits: 2) }
  return formatNumber(value, digits: 0)
}

/// A ratio: `23.4×`, `5,678×`, `0.85×`.
func formatRatio(_ value: Double) -> String {
  if value >= 100 { return formatNumber(value, digits: 0) + "×" }
  if value >= 10 { return formatNumber(value, digits: 1) + "×" }
  return formatNumber(value, digits: 2) + "×"
}

extension Bench {
  /// Measures an operation that needs the state put back between runs: each sample runs
  /// `prepare()` then `operation()` k times, and only `operation()` is timed (one clock read on
  /// each side of it, some 40 ns, negligible against the operations measured this way).
  @discardableResult
  func measurePrepared(
    _ name: String, n: Int, unit: Unit, unitsPerOp: Double, samples requested: Int? = nil,
    note: String? = nil, prepare: () -> Void, operation: () -> Int
  ) -> Measurement {
    prepare()
    var start = now()
    blackHole(operation())
    let first = Double(now() - start)
    let k = Swift.max(1, Swift.min(4096, Int(sampleTarget / Swift.max(first, 1))))
    for _ in 0..<Swift.min(k, 8) { prepare(); blackHole(operation()) }
    let samples = requested ?? defaultSamples
    var times: [Double] = []
    times.reserveCapacity(samples)
    var allocations = 0
    for _ in 0..<samples {
      var elapsed: UInt64 = 0
      for _ in 0..<k {
        prepare()
        let allocationsBefore = Allocations.count
        start = now()
        let value = operation()
        elapsed += now() - start
        allocations += Allocations.count - allocationsBefore
        blackHole(value)
      }
      times.append(Double(elapsed) / (Double(k) * unitsPerOp))
    }
    return finish(name, n: n, times: times, allocations: allocations, samples: samples, k: k,
                  unitsPerOp: unitsPerOp, unit: unit, note: note)
  }
}

extension Bench {
  /// The measurement of `samples` samples of `k` operations each: the median and spread of
  /// `times`, the allocations per unit, recorded and returned.
  func finish(
    _ name: String, n: Int, times: [Double], allocations: Int, samples: Int, k: Int,
    unitsPerOp: Double, unit: Unit, note: String?
  ) -> Measurement {
    let m = Measurement(
      benchmark: name, n: n, nsPerOp: median(times), spread: (times.min() ?? 0, times.max() ?? 0),
      allocationsPerOp: Allocations.isInstalled ? Double(allocations) / (Double(samples * k) * unitsPerOp) : nil,
      unit: unit, samples: samples, opsPerSample: k, note: note)
    record(m)
    return m
  }
}
