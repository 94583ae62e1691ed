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

  /// Does what `key` asks: scroll along the scroll axis (clamped to the content, towards the
  /// reading end for "down"), move the focus, toggle the focused item's selection, cycle the
  /// width, append a page, quit.
  ///
  /// - Complexity: that of the view call each key makes: O(log n + k) for scrolls.
  @discardableResult
  public func handle(_ key: GalleryKey) throws(CollectionViewError) -> Action {
    let row = GallerySampleData.rowHeight
    let page = max(row, _viewportLength - row)
    let along = _offsetAlongAxis, forward = _forward
    switch key {
    case .up: try _scroll(toAlongAxis: along - forward * row)
    case .down: try _scroll(toAlongAxis: along + forward * row)
    case .pageUp: try _scroll(toAlongAxis: along - forward * page)
    case .pageDown: try _scroll(toAlongAxis: along + forward * page)
    case .home: try _scroll(toAlongAxis: _readingStart)
    case .end: try _scrollToEnd()
    case .focusUp, .focusDown, .focusLeft, .focusRight, .toggleSelection: try _handleFocus(key)
    case .resize:
      widthIndex = (widthIndex + 1) % Self.widthFractions.count
      try view.setBounds(Self._bounds(columns: columns, rows: rows, fraction: Self.widthFractions[widthIndex]))
      // Keep the offset on a whole row, so that boxes stay aligned with text rows.
      try _scroll(toAlongAxis: (_offsetAlongAxis / row).rounded(.down) * row)
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

  /// Scrolls to `y` (the offset along the scroll axis), clamped to the content.
  func _scroll(to y: Double) throws(CollectionViewError) { try _scroll(toAlongAxis: y) }

  /// Scrolls to `offset` along the scroll axis (y, or x for a horizontal gallery), clamped to
  /// the content; a focused item scrolled out of view hands the focus to the first visible one.
  func _scroll(toAlongAxis offset: Double) throws(CollectionViewError) {
    let horizontal = view.scrollAxis == .horizontal
    let current = view.contentOffset
    try view.setContentOffset(view.clampedContentOffset(
      horizontal ? Point(x: offset, y: current.y) : Point(x: current.x, y: offset)))
    traceRecorder?.record(view)
    try _keepFocusVisible()
  }
}
