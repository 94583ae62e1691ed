import Cascade
import CascadeView

extension Gallery {
  /// What a key asks of the gallery.
  public enum Action: Hashable, Sendable {
    /// Keep going.
    case `continue`
    /// Leave.
    case quit
  }

  /// Does what `key` asks: scroll (clamped to the content), cycle the width, append a page, quit.
  ///
  /// - Complexity: that of the view call each key makes: O(log n + k) for scrolls.
  @discardableResult
  public func handle(_ key: GalleryKey) throws(CollectionViewError) -> Action {
    let row = GallerySampleData.rowHeight
    let page = max(row, view.bounds.height - row)
    let y = view.contentOffset.y
    switch key {
    case .up: try _scroll(to: y - row)
    case .down: try _scroll(to: y + row)
    case .pageUp: try _scroll(to: y - page)
    case .pageDown: try _scroll(to: y + page)
    case .home: try _scroll(to: view.minimumContentOffsetY)
    case .end: try _scrollToEnd()
    case .resize:
      widthIndex = (widthIndex + 1) % Self.widthFractions.count
      try view.setBounds(Self._bounds(columns: columns, rows: rows, fraction: Self.widthFractions[widthIndex]))
      // Keep the offset on a whole row, so that boxes stay aligned with text rows.
      try _scroll(to: (view.contentOffset.y / row).rounded(.down) * row)
    case .append:
      data.sections[data.sections.count - 1] += data.nextPage(count: Self.pageSize)
      try _applyCards()
    case .prepend: try _prependCards()
    case .delete: try _deleteCards()
    case .shuffle: try _shuffleCards()
    case .quit:
      return .quit
    }
    try _settleMeasurements()
    traceRecorder?.record(view)
    return .continue
  }

  /// Scrolls to `y`, clamped to the content.
  func _scroll(to y: Double) throws(CollectionViewError) {
    try view.setContentOffset(view.clampedContentOffset(Point(x: view.contentOffset.x, y: y)))
    traceRecorder?.record(view)
  }
}
