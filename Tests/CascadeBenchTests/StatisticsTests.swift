// Percentiles on known samples, and the latency summary built from samples.

import CascadeBenchKit
import Testing

@Suite struct StatisticsTests {
  @Test func percentilesOfOneToHundred() {
    let values = (1...100).map(Double.init).shuffled()
    #expect(percentile(values, 0) == 1)
    #expect(percentile(values, 1) == 100)
    #expect(percentile(values, 0.5) == 50.5)
    #expect(abs(percentile(values, 0.9) - 90.1) < 1e-9)
    #expect(abs(percentile(values, 0.99) - 99.01) < 1e-9)
    #expect(median(values) == 50.5)
  }

  @Test func smallSamples() {
    #expect(percentile([7], 0.99) == 7)
    #expect(percentile([], 0.5).isNaN)
    #expect(median([3, 1, 2]) == 2)
    #expect(median([4, 1, 3, 2]) == 2.5)
    // Between ranks: h = (n - 1) p = 0.75 * 3 = 2.25 -> 30 + 0.25 * (40 - 30).
    #expect(percentile([10, 20, 30, 40], 0.75) == 32.5)
    // Ties.
    #expect(percentile([5, 5, 5, 5, 100], 0.5) == 5)
    #expect(abs(percentile([5, 5, 5, 5, 100], 0.9) - 62) < 1e-9)
  }

  @Test func latencyPoolsTheSamplesAndSpreadsTheirP99() {
    let fast = (1...100).map(Double.init)          // p99 99.01
    let slow = (1...100).map { Double($0) * 2 }    // p99 198.02
    let latency = Latency(samples: [fast, slow], opsPerTiming: 4, keepQuantiles: true)
    let pooled = (fast + slow).sorted()
    #expect(latency.count == 200)
    #expect(latency.opsPerTiming == 4)
    #expect(latency.p50 == percentile(sorted: pooled, 0.5))
    #expect(latency.p90 == percentile(sorted: pooled, 0.9))
    #expect(latency.p99 == percentile(sorted: pooled, 0.99))
    #expect(latency.max == 200)
    #expect(abs(latency.p99Spread.min - 99.01) < 1e-9)
    #expect(abs(latency.p99Spread.max - 198.02) < 1e-9)
    #expect(latency.quantiles.count == Latency.quantileFractions.count)
    #expect(latency.quantiles.first == 1 && latency.quantiles.last == 200)
    #expect(zip(latency.quantiles, latency.quantiles.dropFirst()).allSatisfy { $0 <= $1 })
  }

  @Test func quantileFractionsAreIncreasingToOne() {
    let f = Latency.quantileFractions
    #expect(f.first == 0 && f.last == 1)
    #expect(zip(f, f.dropFirst()).allSatisfy { $0 < $1 })
    #expect(f.contains { abs($0 - 0.99) < 1e-12 } && f.contains { abs($0 - 0.999) < 1e-12 })
  }
}
