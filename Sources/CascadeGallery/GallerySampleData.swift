import Cascade

/// The gallery's built-in data: sections of text cards from a seed, so every run with the same
/// seed shows the same waterfall.
public struct GallerySampleData: Hashable, Sendable {
  /// The cards, by section.
  public var sections: [[GalleryCard]]
  var _generator: SplitMix64
  /// The next card's id.
  var _nextID = 0

  /// The points of one text row.
  public static let rowHeight = 16.0
  /// The points of one text column.
  public static let columnWidth = 8.0

  /// Creates `sections` sections of `items` cards each.
  ///
  /// - Complexity: O(sections · items).
  public init(seed: UInt64, sections: Int = 3, items: Int = 40) {
    _generator = SplitMix64(seed: seed)
    self.sections = []
    for _ in 0..<sections { self.sections.append(nextPage(count: items)) }
  }

  /// `count` new cards from the generator: 2 to 40 words each, fresh ids.
  ///
  /// - Complexity: O(count) words.
  public mutating func nextPage(count: Int) -> [GalleryCard] {
    (0..<count).map { _ in
      let words = (0..<Int.random(in: 2...40, using: &_generator)).map { _ in
        GalleryCard.words[Int.random(in: 0..<GalleryCard.words.count, using: &_generator)]
      }
      _nextID += 1
      return GalleryCard(id: _nextID, text: words.joined(separator: " "))
    }
  }

  /// A number in `0..<bound` from the generator (the delete and shuffle keys).
  ///
  /// - Complexity: O(1).
  mutating func _random(below bound: Int) -> Int { Int.random(in: 0..<Swift.max(1, bound), using: &_generator) }

  /// `cards` shuffled by the generator.
  ///
  /// - Complexity: O(n).
  mutating func _shuffled(_ cards: ArraySlice<GalleryCard>) -> [GalleryCard] { cards.shuffled(using: &_generator) }
}
