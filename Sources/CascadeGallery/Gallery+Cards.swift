// Text cards through the collection view's dynamic content: the card snapshot (by card id), the
// measurements that replace the data source's estimates, and the keys that prepend, delete and
// shuffle cards while the card at the top of the screen stays put (scroll anchoring).

import Cascade
import CascadeView

extension Gallery {
  /// How many cards `p` prepends and `x` deletes.
  public static let editSize = 5

  /// The cards as a snapshot: sections by index, items by card id.
  ///
  /// - Complexity: O(n) for n cards.
  public var cardSnapshot: CollectionSnapshot<Int, Int> {
    CollectionSnapshot(sections: Array(data.sections.indices), items: data.sections.map { $0.map(\.id) })
  }

  /// Shows the cards as they are now: the view diffs the snapshot with the last one (the first
  /// one reloads), then the displayed cards are measured.
  ///
  /// - Complexity: O(n) for n cards, plus the batch.
  func _applyCards() throws(CollectionViewError) {
    try view.applySnapshot(cardSnapshot)
    try _settleMeasurements()
  }

  /// Measures every displayed card at its width, reports the heights that differ from its frame,
  /// and applies them, until the displayed cards all have their measured heights (each round can
  /// bring new cards on screen; at most 8 rounds). A horizontal gallery keeps the estimates: its
  /// cards' extent along the scroll axis is their width, which wrapping text does not decide.
  ///
  /// - Complexity: O(k·t) per round for k displayed cards of t characters, plus the batch.
  public func _settleMeasurements() throws(CollectionViewError) {
    guard view.scrollAxis == .vertical else { return }
    for _ in 0..<8 {
      var reports: [(ItemPath, Double)] = []
      view.forEachDisplayedElement { element in
        guard element.path.kind == .item else { return }
        let card = data.sections[element.path.section][element.path.item]
        let height = card.measuredHeight(width: element.frame.width)
        if height != element.frame.height { reports.append((ItemPath(item: element.path.item, section: element.path.section), height)) }
      }
      if reports.isEmpty { return }
      for (path, height) in reports { try view.reportMeasuredHeight(height, for: path) }
      try view.layoutIfNeeded()
    }
  }

  /// Scrolls to the end, measuring the cards that come on screen, until the end stays put (the
  /// measured cards can make the content taller; at most 8 rounds). The trace records the end
  /// once, as `handle(_:)` does after every key.
  ///
  /// - Complexity: a scroll step and a measurement round per round.
  func _scrollToEnd() throws(CollectionViewError) {
    for _ in 0..<8 {
      let end = _readingEnd, current = view.contentOffset
      try view.setContentOffset(view.scrollAxis == .horizontal ? Point(x: end, y: current.y) : Point(x: current.x, y: end))
      try _settleMeasurements()
      if _offsetAlongAxis == _readingEnd { break }
    }
    try _keepFocusVisible()
  }

  /// The card at the top of the screen (the one scroll anchoring keeps), if any.
  ///
  /// - Complexity: O(k) for k displayed elements.
  public var topCard: ItemPath? { view.savedScrollPosition()?.path }

  /// `p`: `editSize` new cards before the first one.
  func _prependCards() throws(CollectionViewError) {
    data.sections[0].insert(contentsOf: data.nextPage(count: Self.editSize), at: 0)
    try _applyCards()
  }

  /// `x`: up to `editSize` cards deleted at random, never the top card.
  func _deleteCards() throws(CollectionViewError) {
    let top = topCard.map { data.sections[$0.section][$0.item].id }
    for _ in 0..<Self.editSize {
      let candidates = data.sections.indices.filter { !data.sections[$0].isEmpty }
      guard !candidates.isEmpty else { break }
      let s = candidates[data._random(below: candidates.count)]
      let i = data._random(below: data.sections[s].count)
      if data.sections[s][i].id != top { data.sections[s].remove(at: i) }
    }
    try _applyCards()
  }

  /// `s`: the cards after the top card (in its section) shuffled; the top card and those before
  /// it keep their order, so the snapshot's diff moves only cards below it.
  func _shuffleCards() throws(CollectionViewError) {
    let top = topCard ?? ItemPath(item: -1, section: 0)
    let s = top.section
    let rest = data.sections[s][(top.item + 1)...]
    data.sections[s].replaceSubrange((top.item + 1)..., with: data._shuffled(rest))
    try _applyCards()
  }
}
