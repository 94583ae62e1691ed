// The gallery's text cards: a card is as tall as its text wrapped at its column's width, plus a
// border row above (with its label) and below. The data source gives an estimate; the gallery
// measures each displayed card by wrapping its text, and reports the height through
// `CollectionView.reportMeasuredHeight(_:for:)` (Gallery+Cards.swift).

import Cascade

/// A text card: an id (stable across prepends, deletes and shuffles) and its text.
public struct GalleryCard: Hashable, Sendable {
  /// The card's id, unique in the gallery; also the layout item's id.
  public var id: Int
  /// The card's text, words separated by single spaces.
  public var text: String

  /// Creates a card.
  ///
  /// - Complexity: O(1).
  public init(id: Int, text: String) {
    self.id = id
    self.text = text
  }

  /// The words cards are made of.
  static let words = [
    "cascade", "waterfall", "column", "layout", "anchor", "scroll", "measure", "estimate", "item", "cell",
    "reuse", "pool", "snapshot", "batch", "width", "text", "wrap", "terminal", "frame", "row", "a", "of", "the",
    "keeps", "its", "place", "on", "screen", "while", "content", "above", "grows",
  ]

  /// The text wrapped at `width` characters: words kept whole (a word longer than a line is cut),
  /// at least one line.
  ///
  /// - Complexity: O(t) for t characters.
  public func lines(width: Int) -> [String] {
    let width = Swift.max(1, width)
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      var word = Substring(word)
      if !line.isEmpty && line.count + 1 + word.count <= width {
        line += " " + word
        continue
      }
      if !line.isEmpty { lines.append(line) }
      while word.count > width {
        lines.append(String(word.prefix(width)))
        word = word.dropFirst(width)
      }
      line = String(word)
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// The characters of text a card of `width` points holds on a line: the width in text
  /// columns, less the two borders.
  ///
  /// - Complexity: O(1).
  public static func textWidth(points width: Double) -> Int {
    Swift.max(1, Int((width / GallerySampleData.columnWidth).rounded()) - 2)
  }

  /// The card's height at `width` points: its wrapped lines and two border rows.
  ///
  /// - Complexity: O(t) for t characters.
  public func measuredHeight(width: Double) -> Double {
    Double(lines(width: Self.textWidth(points: width)).count + 2) * GallerySampleData.rowHeight
  }

  /// The data source's estimate, before any measurement: as if a line held 12 characters.
  ///
  /// - Complexity: O(1).
  public var estimatedHeight: Double {
    Double(2 + Swift.max(1, (text.utf8.count + 11) / 12)) * GallerySampleData.rowHeight
  }
}
