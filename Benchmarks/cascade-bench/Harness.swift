// The measuring harness: calibration, warm-up, repeated samples, median and spread, the
// per-operation distribution (median, p90, p99, max), allocation counts, and the black hole that
// keeps the optimizer from deleting what is measured.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CascadeBenchKit

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
func mustSucceed<T>(_ what: @autoclosure () -> String, _ body: () throws -> T) -> T {
  do {
    return try body()
  } catch {
    fatalError("cascade-bench: \(what()) failed: \(error)")
  }
}

/// Monotonic time in nanoseconds.
@inline(__always)
func now() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// The cost of one `now()`, in ns: the median gap between back-to-back reads.
func clockReadCost() -> Double {
  var gaps: [Double] = []
  gaps.reserveCapacity(1001)
  var previous = now()
  for _ in 0..<1001 {
    let t = now()
    gaps.append(Double(t - previous))
    previous = t
  }
  return median(gaps)
}

/// Runs measurements and keeps their results.
final class Bench {
  let quick: Bool
  /// A sample lasts at least this long (ns), so timer overhead and jitter stay small.
  let sampleTarget: Double
  /// Samples per measurement, before the caps for slow operations.
  let defaultSamples: Int
  /// What one clock read costs here (ns).
  let clockCost: Double
  /// Operations cheaper than this (ns) are timed in batches lasting about this long, so the
  /// clock reads around each batch add at most a few percent: 2 µs, or 40 clock reads.
  let batchTarget: Double
  /// The collection the coming measurements are of, written into each.
  var collection: String?
  private(set) var results: [Measurement] = []
  let log: (String) -> Void

  init(quick: Bool, log: @escaping (String) -> Void) {
    self.quick = quick
    self.sampleTarget = quick ? 2e6 : 2e7
    self.defaultSamples = quick ? 5 : 11
    self.clockCost = clockReadCost()
    self.batchTarget = Swift.max(2000, 40 * clockCost)
    self.log = log
  }

  func record(_ m: Measurement) {
    var m = m
    if m.collection == nil { m.collection = collection }
    results.append(m)
    if let bytes = m.bytesPerItem {
      log("  \(m.benchmark) n=\(m.n): \(formatNumber(bytes, digits: 1)) B/item (built at \(formatValue(m.nsPerOp, m.unit)))")
      return
    }
    var line = "  \(m.benchmark) n=\(m.n): \(formatValue(m.nsPerOp, m.unit))"
      + " [\(formatValue(m.spread.min, m.unit)) – \(formatValue(m.spread.max, m.unit))]"
      + (m.allocationsPerOp.map { ", \(formatCount($0)) allocs/op" } ?? "")
    if let l = m.latency {
      line += "; p50 \(formatDuration(l.p50)) p90 \(formatDuration(l.p90)) p99 \(formatDuration(l.p99)) max \(formatDuration(l.max))"
        + (l.opsPerTiming > 1 ? " (means of \(l.opsPerTiming) ops)" : "")
    }
    if let t = m.trace {
      line += "; \(t.overBudget) of \(t.steps * t.passes) steps over \(formatDuration(t.budgetNs))"
    }
    log(line)
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
  /// The first call (one operation) warms up and gives a first k, so that a sample lasts
  /// `sampleTarget`; a second call with that k warms up again and gives the time of one
  /// operation, from which k is calibrated again. An operation
  /// faster than `batchTarget` is timed in batches of b operations (b · time ≈ batchTarget), a
  /// slower one alone (b = 1); k is a multiple of b. A sample is the sum of its k / b timings;
  /// the per-op distribution is that of the timings divided by b (batch means). Allocations are
  /// counted over all samples and divided by the number of units.
  @discardableResult
  func measure(
    _ name: String, n: Int, unit: Unit, unitsPerOp: Double = 1, samples requested: Int? = nil,
    maxOpsPerSample: Int = 1 << 22, note: String? = nil, _ body: (Int) -> Int
  ) -> Measurement {
    var run = startRun(calibrate(maxOpsPerSample: maxOpsPerSample, body), samples: requested)
    for s in 0..<run.samples { take(s, of: &run, unitsPerOp: unitsPerOp, body) }
    return finish(name, note: note, n: n, run, unitsPerOp: unitsPerOp, unit: unit)
  }

  /// Measures two operations as ``measure(_:n:unit:unitsPerOp:samples:maxOpsPerSample:note:_:)``
  /// does each, but in turn, a sample of one then a sample of the other, so that the ratio of
  /// their medians compares samples taken moments apart rather than seconds apart. Before each
  /// sample, `warmUp` operations of its own run untimed, so that each sample starts from its own
  /// data in the caches, not the other operation's. The two are calibrated apart and take the
  /// same number of samples; each is recorded as a measurement of its own.
  ///
  /// For operations bound by memory, whose time moves with the machine (a random query at 1M
  /// took 287 ns in one run of the same binary and 524–558 in others), this keeps the ratio to a
  /// baseline from following that drift.
  @discardableResult
  func measureAlternating(
    _ first: (name: String, note: String), _ second: (name: String, note: String), n: Int, unit: Unit,
    warmUp: Int, _ firstBody: (Int) -> Int, _ secondBody: (Int) -> Int
  ) -> (Measurement, Measurement) {
    var runs = (startRun(calibrate(maxOpsPerSample: 1 << 22, firstBody), samples: nil),
                startRun(calibrate(maxOpsPerSample: 1 << 22, secondBody), samples: nil))
    let samples = Swift.min(runs.0.samples, runs.1.samples)
    for s in 0..<samples {
      blackHole(firstBody(warmUp))
      take(s, of: &runs.0, unitsPerOp: 1, firstBody)
      blackHole(secondBody(warmUp))
      take(s, of: &runs.1, unitsPerOp: 1, secondBody)
    }
    return (finish(first.name, note: first.note, n: n, runs.0, unitsPerOp: 1, unit: unit),
            finish(second.name, note: second.note, n: n, runs.1, unitsPerOp: 1, unit: unit))
  }

  /// How a repeatable operation is sampled: k operations a sample, timed in batches of `batch`.
  private struct Plan {
    /// Operations a sample: a multiple of `batch`.
    var k: Int
    /// Operations a timing.
    var batch: Int
    /// The time of one operation in the calibration (ns).
    var perOp: Double
    var timingsPerSample: Int { k / batch }

    /// `timings`, one array per sample.
    func split(_ timings: [Double], samples: Int) -> [[Double]] {
      (0..<samples).map { s in Array(timings[(s * timingsPerSample)..<((s + 1) * timingsPerSample)]) }
    }
  }

  /// The samples of one operation as they are taken: each sample's time a unit, every timing's
  /// slot (allocated before the clock starts, so that recording a timing allocates nothing), and
  /// the allocations the timed operations made.
  private struct Run {
    let plan: Plan
    /// The samples to take, at most: ``sampleCount(forSampleTime:requested:)`` of the plan's.
    let samples: Int
    var times: [Double] = []
    var timings: [Double]
    var allocations = 0
  }

  /// A run of `plan` with room for its samples.
  private func startRun(_ plan: Plan, samples requested: Int?) -> Run {
    let samples = sampleCount(forSampleTime: plan.perOp * Double(plan.k), requested: requested)
    var run = Run(plan: plan, samples: samples, timings: [Double](repeating: 0, count: samples * plan.timingsPerSample))
    run.times.reserveCapacity(samples)
    return run
  }

  /// Takes sample `s` of `run` (``sample(_:unitsPerOp:into:_:)``), counting the allocations of
  /// its timed operations.
  private func take(_ s: Int, of run: inout Run, unitsPerOp: Double, _ body: (Int) -> Int) {
    let plan = run.plan
    let before = Allocations.count
    let time = run.timings.withUnsafeMutableBufferPointer { timings in
      sample(plan, unitsPerOp: unitsPerOp, into: .init(rebasing: timings[(s * plan.timingsPerSample)...]), body)
    }
    run.allocations += Allocations.count - before
    run.times.append(time)
  }

  /// The measurement of the samples `run` took.
  private func finish(
    _ name: String, note: String?, n: Int, _ run: Run, unitsPerOp: Double, unit: Unit
  ) -> Measurement {
    let samples = run.times.count
    return finish(name, n: n, times: run.times, timings: run.plan.split(run.timings, samples: samples),
                  opsPerTiming: run.plan.batch, allocations: run.allocations, samples: samples, k: run.plan.k,
                  unitsPerOp: unitsPerOp, unit: unit, note: note)
  }

  /// The calibration of ``measure(_:n:unit:unitsPerOp:samples:maxOpsPerSample:note:_:)``: one
  /// operation to warm up, then k of them to time one.
  private func calibrate(maxOpsPerSample: Int, _ body: (Int) -> Int) -> Plan {
    var start = now()
    blackHole(body(1))
    let first = Double(now() - start)
    var k = Swift.max(1, Swift.min(maxOpsPerSample, Int(sampleTarget / Swift.max(first, 1))))
    var perOp = first
    if k > 1 || first < 1e8 {
      start = now()
      blackHole(body(k))
      perOp = Double(now() - start) / Double(k)
      // Again from this warm time: the first call, cold (its data not in cache, its pages
      // perhaps not faulted in), can take tens of times longer, and a random query at 1M took
      // 1,400 operations a sample, about a millisecond, where 20 ms take some 24,000.
      k = Swift.max(1, Swift.min(maxOpsPerSample, Int(sampleTarget / Swift.max(perOp, 1))))
    }
    let batch = perOp >= batchTarget ? 1 : Swift.min(k, Int((batchTarget / Swift.max(perOp, 1)).rounded(.up)))
    k = Swift.max(batch, k / batch * batch)
    return Plan(k: k, batch: batch, perOp: perOp)
  }

  /// One sample of `plan`: its timings (ns a unit) written to the start of `slots`; returns the
  /// sample's time a unit. Allocates nothing.
  private func sample(
    _ plan: Plan, unitsPerOp: Double, into slots: UnsafeMutableBufferPointer<Double>, _ body: (Int) -> Int
  ) -> Double {
    let scale = Double(plan.batch) * unitsPerOp
    var total: UInt64 = 0
    for t in 0..<plan.timingsPerSample {
      let start = now()
      let value = body(plan.batch)
      let elapsed = now() - start
      blackHole(value)
      total += elapsed
      slots[t] = Double(elapsed) / scale
    }
    return Double(total) / (Double(plan.k) * unitsPerOp)
  }

  /// Measures an operation whose result must outlive the clock: `body()` builds something, the
  /// clock stops, then the result is consumed and freed outside the timed region, so the cost
  /// of tearing a million objects down is not charged to building them. Each build is timed
  /// alone and freed before the next; a sample is the sum of its k builds.
  @discardableResult
  func measureBuild<T>(
    _ name: String, n: Int, unit: Unit, unitsPerOp: Double, samples requested: Int? = nil,
    note: String? = nil, _ body: () -> T, consume: (T) -> Int
  ) -> Measurement {
    let start = now()
    let warm = body()
    let first = Double(now() - start)
    blackHole(consume(warm))
    let k = Swift.max(1, Swift.min(1024, Int(sampleTarget / Swift.max(first, 1))))
    let samples = sampleCount(forSampleTime: first * Double(k), requested: requested)
    // Each build timed alone, then consumed and freed before the next (`timeBuilds`).
    let measured = timeBuilds(
      samples: samples, k: k, clock: now, allocations: { Allocations.count }, body, consume: consume, sink: blackHole)
    return finish(name, n: n, measured, unitsPerOp: unitsPerOp, unit: unit, note: note)
  }
}

extension Bench {
  /// Measures an operation that needs the state put back between runs: each sample runs
  /// `prepare` then `operation` k times on `state`, and only `operation` is timed (one clock read
  /// on each side of it, some 40 ns, negligible against the operations measured this way).
  ///
  /// The state is passed to both in place rather than captured by them: a closure's captured
  /// variable lives in a box, and reading a layout's `contentSize` from a box copies the whole
  /// layout first (through its value witness: a retain and a release of each of its buffers),
  /// some 40–60 ns that `layout.resize` (a change of about 440 ns) would be charged.
  @discardableResult
  func measurePrepared<State>(
    _ name: String, n: Int, unit: Unit, unitsPerOp: Double, samples requested: Int? = nil,
    note: String? = nil, state: inout State, prepare: (inout State) -> Void, operation: (inout State) -> Int
  ) -> Measurement {
    prepare(&state)
    let start = now()
    blackHole(operation(&state))
    let first = Double(now() - start)
    let k = Swift.max(1, Swift.min(4096, Int(sampleTarget / Swift.max(first, 1))))
    for _ in 0..<Swift.min(k, 8) { prepare(&state); blackHole(operation(&state)) }
    let samples = requested ?? defaultSamples
    // Each operation after its own untimed `prepare`, timed alone (`timeBuilds`).
    let measured = timeBuilds(
      samples: samples, k: k, clock: now, allocations: { Allocations.count }, prepare: { prepare(&state) },
      { operation(&state) }, consume: { $0 }, sink: blackHole)
    return finish(name, n: n, measured, unitsPerOp: unitsPerOp, unit: unit, note: note)
  }

  /// The measurement of builds or operations timed one at a time (`timeBuilds`): a sample's time
  /// is the mean of its k timings, each timing its own distribution's entry. O(samples · k).
  private func finish(
    _ name: String, n: Int, _ measured: BuildTimings, unitsPerOp: Double, unit: Unit, note: String?
  ) -> Measurement {
    let samples = measured.ticks.count
    let k = measured.ticks.first?.count ?? 0
    let timings = measured.ticks.map { sample in sample.map { Double($0) / unitsPerOp } }
    let times = measured.ticks.map { sample in Double(sample.reduce(0, +)) / (Double(k) * unitsPerOp) }
    return finish(name, n: n, times: times, timings: timings, opsPerTiming: 1, allocations: measured.allocations,
                  samples: samples, k: k, unitsPerOp: unitsPerOp, unit: unit, note: note)
  }

  /// The measurement of `samples` samples of `k` operations each: the median and spread of
  /// `times`, the per-op distribution of `timings` (one array per sample), the allocations per
  /// unit, recorded and returned.
  func finish(
    _ name: String, n: Int, times: [Double], timings: [[Double]], opsPerTiming: Int, allocations: Int,
    samples: Int, k: Int, unitsPerOp: Double, unit: Unit, note: String?
  ) -> Measurement {
    let m = Measurement(
      benchmark: name, n: n, nsPerOp: median(times), spread: (times.min() ?? 0, times.max() ?? 0),
      allocationsPerOp: Allocations.isInstalled ? Double(allocations) / (Double(samples * k) * unitsPerOp) : nil,
      unit: unit, samples: samples, opsPerSample: k, note: note,
      latency: Latency(samples: timings, opsPerTiming: opsPerTiming))
    record(m)
    return m
  }
}
