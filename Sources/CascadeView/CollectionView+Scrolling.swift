// Content offset, bounds, insets and scrolling to an item.

import Cascade

extension CollectionView {
  /// Scrolls so that `offset` is at the viewport's top-left corner, and updates the displayed
  /// set: the call a toolkit makes on every scroll event.
  ///
  /// The offset is taken as given, not clamped (a toolkit may bounce); use ``clampedContentOffset(_:)``
  /// to stay inside the content.
  ///
  ///     for y in stride(from: 0.0, through: 5000, by: 16) {
  ///       let update = try view.setContentOffset(Point(x: 0, y: y))
  ///       toolkit.apply(update)
  ///     }
  ///
  /// - Returns: what appeared, disappeared and moved (also given to the delegate).
  /// - Throws: a non-finite offset (``CollectionViewError/layout(_:)``), or what the data source
  ///   throws for a new cell; the view is then as it was.
  /// - Complexity: a step the display rect's window takes by its cursors (a scroll, without
  ///   pinned headers) costs what it changes: O(c + e·(log k + k)) for c lanes, e elements
  ///   entering or leaving and k displayed, plus a data source call per appearing element; O(c)
  ///   when nothing enters or leaves. Otherwise (the first step, a jump, pinned headers, pending
  ///   measurements) O(log n + k + a) for n elements and a appearing. A step that changes nothing
  ///   or only reuses cells allocates nothing once the view's buffers have grown.
  @inlinable
  @discardableResult
  public func setContentOffset(_ offset: Point) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    guard offset.x.isFinite, offset.y.isFinite else {
      throw .layout(LayoutError(.collection, field: "contentOffset", "must be finite"))
    }
    if _hasPendingMeasurements { return try _applyMeasurements(scrollingTo: offset) }
    try _beginUpdate()
    defer { _isUpdating = false }
    let previous = _contentOffset
    _contentOffset = offset
    do throws(CollectionViewError) {
      return try _refresh(from: previous)
    } catch {
      _contentOffset = previous
      throw error
    }
  }

  /// Recomputes the displayed set for the current state: after changing ``overscan`` or
  /// ``prefetchDistance``, or to fill the view the first time without a reload.
  ///
  /// - Complexity: that of ``setContentOffset(_:)``.
  @discardableResult
  public func layoutIfNeeded() throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    try setContentOffset(contentOffset)
  }

  /// Resizes the viewport. A new width changes the layout's width (`width - left - right`
  /// insets) and keeps the first visible item where it was on screen; the displayed set is
  /// updated either way, with moved frames reported in ``CollectionViewUpdate/moved``.
  ///
  /// - Throws: a width the layout rejects, or what the data source throws; the view is then as
  ///   it was.
  /// - Complexity: a width change costs the layout's `setWidth` (O(N·c) for the waterfall);
  ///   a height change costs O(log n + k).
  @discardableResult
  public func setBounds(_ size: Size) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    try _resize(bounds: size, contentInset: contentInset)
  }

  /// Changes the content insets, and with them the layout's width, as ``setBounds(_:)`` does.
  ///
  /// - Complexity: that of ``setBounds(_:)``.
  @discardableResult
  public func setContentInset(_ insets: EdgeInsets) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    try _resize(bounds: bounds, contentInset: insets)
  }

  func _resize(bounds size: Size, contentInset insets: EdgeInsets) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    guard size.width.isFinite, size.height.isFinite, size.height >= 0 else {
      throw .layout(LayoutError(.collection, field: "bounds", "must be finite, with a height >= 0"))
    }
    try _beginUpdate()
    defer { _isUpdating = false }
    let extent = _crossAxisExtent(bounds: size, contentInset: insets)
    // The batch in the buffer the last resize used, given back after the transaction.
    var changes: [Layout.Change] = []
    swap(&changes, &_spareResizeBatch)
    if extent != _currentCrossAxisExtent { changes.append(layout.resizeChange(to: extent)) }
    defer {
      changes.removeAll(keepingCapacity: true)
      swap(&changes, &_spareResizeBatch)
    }
    let remap = _KeepPaths()
    guard _hasPendingMeasurements, let dataSource else {
      return try _transaction(changes, bounds: size, contentInset: insets, anchored: !changes.isEmpty, remap: remap)
    }
    // Measurements waiting: applied at the old width, then the width changes, in one batch.
    let measurements = _measurementChanges(remap, source: _DataSourceFinalState(view: self, dataSource: dataSource))
    changes.insert(contentsOf: measurements.changes, at: 0)
    return try _withMeasurements(measurements, remap) { () throws(CollectionViewError) in
      try _transaction(changes, bounds: size, contentInset: insets, anchored: true, remap: remap)
    }
  }

  /// The lowest content offset y: `-contentInset.top`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var minimumContentOffsetY: Double { -contentInset.top }

  /// The highest content offset y: `contentSize.height + contentInset.bottom - bounds.height`, or
  /// the lowest when the content is shorter than the viewport.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var maximumContentOffsetY: Double {
    Swift.max(minimumContentOffsetY, contentSize.height + contentInset.bottom - bounds.height)
  }

  /// `offset` moved inside the content along the layout's scroll axis: its y between
  /// ``minimumContentOffsetY`` and ``maximumContentOffsetY`` for a vertical layout, its x between
  /// ``minimumContentOffsetX`` and ``maximumContentOffsetX`` for a horizontal one; the other
  /// coordinate is taken as given.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func clampedContentOffset(_ offset: Point) -> Point {
    if _layout.orientation == .horizontal {
      return Point(x: Swift.min(Swift.max(offset.x, minimumContentOffsetX), maximumContentOffsetX), y: offset.y)
    }
    return Point(x: offset.x, y: Swift.min(Swift.max(offset.y, minimumContentOffsetY), maximumContentOffsetY))
  }

  /// The content offset that puts the item at `path` at `position`, clamped to the content,
  /// along the layout's scroll axis (the other coordinate is kept).
  ///
  /// Along the axis, with insets `a` (start side: top, or left) and `b` (end side: bottom, or
  /// right), viewport length `L` and the item's extent `[lo, hi]`: `.start` (`.top`) gives
  /// `lo - a`; `.end` (`.bottom`) gives `hi + b - L`; `.center` (`.centeredVertically`) gives
  /// `mid - a - (L - a - b) / 2`; `.nearest` keeps the offset when the item is wholly inside the
  /// area between the insets, else takes `.start` when the item is before it or longer than it,
  /// `.end` when it is after. On a horizontal right-to-left layout the reading start is the
  /// right edge: `.start` puts the item's right edge at the viewport's right edge, `.end` its
  /// left edge at the left.
  ///
  /// - Throws: ``CollectionViewError/itemOutOfRange(_:)``.
  /// - Complexity: O(log s) for s sections.
  public func contentOffset(forItemAt path: ItemPath, position: ScrollPosition) throws(CollectionViewError) -> Point {
    guard let frame = layout.layoutAttributesForItem(at: path)?.frame else { throw .itemOutOfRange(path) }
    let horizontal = layout.orientation == .horizontal
    let a = horizontal ? contentInset.left : contentInset.top
    let b = horizontal ? contentInset.right : contentInset.bottom
    let length = horizontal ? bounds.width : bounds.height
    let offset = horizontal ? contentOffset.x : contentOffset.y
    let lo = horizontal ? frame.minX : frame.minY, hi = horizontal ? frame.maxX : frame.maxY
    let alignLow = lo - a, alignHigh = hi + b - length
    let reversed = horizontal && layout.direction == .rightToLeft
    let o: Double
    switch position {
    case .top:
      o = reversed ? alignHigh : alignLow
    case .bottom:
      o = reversed ? alignLow : alignHigh
    case .centeredVertically:
      o = (lo + hi) / 2 - a - (length - a - b) / 2
    case .nearest:
      let areaLow = offset + a, areaHigh = offset + length - b
      if lo >= areaLow && hi <= areaHigh {
        o = offset
      } else if hi - lo > areaHigh - areaLow {
        o = reversed ? alignHigh : alignLow
      } else if lo < areaLow {
        o = alignLow
      } else {
        o = alignHigh
      }
    }
    return clampedContentOffset(horizontal ? Point(x: o, y: contentOffset.y) : Point(x: contentOffset.x, y: o))
  }

  /// Scrolls so that the item at `path` is at `position` (clamped to the content), and updates
  /// the displayed set.
  ///
  ///     try view.scrollToItem(at: ItemPath(item: 500, section: 0), position: .centeredVertically)
  ///
  /// - Throws: ``CollectionViewError/itemOutOfRange(_:)``, or what ``setContentOffset(_:)`` throws.
  /// - Complexity: O(log s) plus that of ``setContentOffset(_:)``.
  @discardableResult
  public func scrollToItem(at path: ItemPath, position: ScrollPosition) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    try setContentOffset(contentOffset(forItemAt: path, position: position))
  }
}
