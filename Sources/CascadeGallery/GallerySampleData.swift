/// The gallery's built-in data: sections of item heights, from a seed, so every run with the
/// same seed shows the same waterfall.
public struct GallerySampleData: Hashable, Sendable {
  /// The height of every item, in points, by section; always a whole number of text rows.
  public var sections: [[Double]]
  var _generator: _SplitMix64

  /// The points of one text row.
  public static let rowHeight = 16.0
  /// The points of one text column.
  public static let columnWidth = 8.0

  /// Creates `sections` sections of `items` items each, heights of 2 to 7 rows.
  ///
  /// - Complexity: O(sections · items).
  public init(seed: UInt64, sections: Int = 3, items: Int = 40) {
    _generator = _SplitMix64(seed: seed)
    self.sections = []
    for _ in 0..<sections { self.sections.append(nextPage(count: items)) }
  }

  /// `count` new heights from the generator.
  ///
  /// - Complexity: O(count).
  public mutating func nextPage(count: Int) -> [Double] {
    (0..<count).map { _ in Double(Int.random(in: 2...7, using: &_generator)) * Self.rowHeight }
  }
}

/// SplitMix64: a tiny, seedable generator with the same output on every platform.
struct _SplitMix64: RandomNumberGenerator, Hashable, Sendable {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
