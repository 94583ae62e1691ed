// Percentiles and the latency summary every measurement carries.
//
// Percentiles interpolate linearly between the two closest ranks (the definition numpy and R
// use by default, "type 7"): for n sorted values x[0] ... x[n-1] and a fraction p, let
// h = (n - 1) * p; the percentile is x[floor(h)] + (h - floor(h)) * (x[floor(h) + 1] - x[floor(h)]).
// So p50 of an even count is the mean of the two middle values (the harness's median), p0 the
// minimum and p100 the maximum; for the samples 1, 2, ..., 100, p90 = 90.1 and p99 = 99.01.

/// The percentile `p` (a fraction in [0, 1]) of `sorted`, which must be sorted ascending;
/// `nan` when it is empty.
///
/// - Complexity: O(1).
package func percentile(sorted: [Double], _ p: Double) -> Double {
  guard let first = sorted.first else { return .nan }
  if sorted.count == 1 { return first }
  let h = Double(sorted.count - 1) * Swift.min(1, Swift.max(0, p))
  let low = Int(h.rounded(.down))
  if low >= sorted.count - 1 { return sorted[sorted.count - 1] }
  return sorted[low] + (h - Double(low)) * (sorted[low + 1] - sorted[low])
}

/// The percentile `p` of unsorted values.
///
/// - Complexity: O(n log n).
package func percentile(_ values: [Double], _ p: Double) -> Double {
  percentile(sorted: values.sorted(), p)
}

/// The median of `values` (the mean of the two middle ones for an even count); `nan` when empty.
///
/// - Complexity: O(n log n).
package func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

/// The distribution of per-operation times of one measurement, in the measurement's unit
/// (ns per item, query, step...).
///
/// Each value is one timed operation, or, for operations too cheap to time one by one, the mean
/// of one timed batch of `opsPerTiming` consecutive operations: the distribution of batch means
/// is narrower than that of single operations (a single slow operation is averaged with the
/// others of its batch), so its p99 and max are lower bounds of the single-operation tail.
package struct Latency: Equatable, Sendable {
  package var p50: Double
  package var p90: Double
  package var p99: Double
  package var max: Double
  /// The number of timings the percentiles are taken from.
  package var count: Int
  /// Operations per timing: 1 when each operation was timed alone.
  package var opsPerTiming: Int
  /// The lowest and highest p99 among the measurement's samples (each sample's own p99): the
  /// run's own spread of its p99, which `--compare` uses. Equal to `p99` for a single sample.
  package var p99Spread: (min: Double, max: Double)
  /// The distribution's quantiles at ``Latency/quantileFractions``, for the latency chart; kept
  /// for trace replays only (empty otherwise).
  package var quantiles: [Double]

  package init(
    p50: Double, p90: Double, p99: Double, max: Double, count: Int, opsPerTiming: Int,
    p99Spread: (min: Double, max: Double), quantiles: [Double] = []
  ) {
    self.p50 = p50
    self.p90 = p90
    self.p99 = p99
    self.max = max
    self.count = count
    self.opsPerTiming = opsPerTiming
    self.p99Spread = p99Spread
    self.quantiles = quantiles
  }

  /// The summary of `samples`: each sample's timings (per-op values), pooled for the
  /// percentiles; each sample's own p99 gives the spread of p99.
  ///
  /// - Complexity: O(n log n) for n timings in all.
  package init(samples: [[Double]], opsPerTiming: Int, keepQuantiles: Bool = false) {
    let all = samples.flatMap { $0 }.sorted()
    let p99s = samples.filter { !$0.isEmpty }.map { percentile($0, 0.99) }
    self.init(
      p50: percentile(sorted: all, 0.5), p90: percentile(sorted: all, 0.9), p99: percentile(sorted: all, 0.99),
      max: all.last ?? .nan, count: all.count, opsPerTiming: opsPerTiming,
      p99Spread: (p99s.min() ?? .nan, p99s.max() ?? .nan),
      quantiles: keepQuantiles ? Latency.quantileFractions.map { percentile(sorted: all, $0) } : [])
  }

  /// The fractions the chart's quantiles are kept at: every 5% to 90%, every 1% to 99%, every
  /// 0.1% to 99.9%, every 0.01% to 99.99%, and 100% (the maximum).
  package static let quantileFractions: [Double] = {
    // Each a quotient of integers, so that it prints as written (0.15, not 0.15000000000000002).
    var f: [Double] = []
    for i in 0...18 { f.append(Double(i * 5) / 100) }
    for i in 91...99 { f.append(Double(i) / 100) }
    for i in 991...999 { f.append(Double(i) / 1000) }
    for i in 9991...9999 { f.append(Double(i) / 10000) }
    f.append(1)
    return f
  }()

  package static func == (a: Latency, b: Latency) -> Bool {
    a.p50 == b.p50 && a.p90 == b.p90 && a.p99 == b.p99 && a.max == b.max && a.count == b.count
      && a.opsPerTiming == b.opsPerTiming && a.p99Spread == b.p99Spread && a.quantiles == b.quantiles
  }
}
