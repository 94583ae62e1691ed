import Cascade

/// The gallery's built-in data: sections of item heights, from a seed, so every run with the
/// same seed shows the same waterfall.
public struct GallerySampleData: Hashable, Sendable {
  /// The height of every item, in points, by section; always a whole number of text rows.
  public var sections: [[Double]]
  var _generator: SplitMix64

  /// The points of one text row.
  public static let rowHeight = 16.0
  /// The points of one text column.
  public static let columnWidth = 8.0

  /// Creates `sections` sections of `items` items each, heights of 2 to 7 rows.
  ///
  /// - Complexity: O(sections · items).
  public init(seed: UInt64, sections: Int = 3, items: Int = 40) {
    _generator = SplitMix64(seed: seed)
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

