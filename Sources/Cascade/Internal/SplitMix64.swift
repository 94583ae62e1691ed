/// SplitMix64: a tiny, seedable generator with the same output on every platform. The tests,
/// the gallery's sample data and the benchmarks draw from it so that a seed replays a run; it is
/// `package`, not part of the library's API.
package struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
  package var state: UInt64

  /// A generator starting from `seed`.
  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in `[0, 1)`.
  package mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// Uniform in `[low, high)`.
  package mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
}
