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
  /// - Complexity: O(log n + k + a) for n elements, k displayed and a appearing; a step that
  ///   changes nothing or only reuses cells allocates nothing once the view's buffers have grown.
  @inlinable
  @discardableResult
  public func setContentOffset(_ offset: Point) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    guard offset.x.isFinite, offset.y.isFinite else {
      throw .layout(LayoutError(.collection, field: "contentOffset", "must be finite"))
    }
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
    let width = size.width - insets.left - insets.right
    let changes: [Layout.Change] = width == layout.width ? [] : [.setWidth(width)]
    return try _transaction(changes, bounds: size, contentInset: insets, anchored: !changes.isEmpty, remap: _KeepPaths())
  }

  /// The lowest content offset y: `-contentInset.top`.
  ///
  /// - Complexity: O(1).
  public var minimumContentOffsetY: Double { -contentInset.top }

  /// The highest content offset y: `contentSize.height + contentInset.bottom - bounds.height`, or
  /// the lowest when the content is shorter than the viewport.
  ///
  /// - Complexity: O(1).
  public var maximumContentOffsetY: Double {
    Swift.max(minimumContentOffsetY, contentSize.height + contentInset.bottom - bounds.height)
  }

  /// `offset` with its y moved inside the content: between ``minimumContentOffsetY`` and
  /// ``maximumContentOffsetY``.
  ///
  /// - Complexity: O(1).
  public func clampedContentOffset(_ offset: Point) -> Point {
    Point(x: offset.x, y: Swift.min(Swift.max(offset.y, minimumContentOffsetY), maximumContentOffsetY))
  }

  /// The content offset that puts the item at `path` at `position`, clamped to the content.
  ///
  /// With insets `t` (top) and `b` (bottom), viewport height `H` and the item's frame `f`:
  /// `top` gives `f.minY - t`; `bottom` gives `f.maxY + b - H`; `centeredVertically` gives
  /// `f.midY - t - (H - t - b) / 2`; `nearest` keeps the offset when the item is wholly inside
  /// the area between the insets, else takes `top` when the item is above it or taller than it,
  /// `bottom` when it is below.
  ///
  /// - Throws: ``CollectionViewError/itemOutOfRange(_:)``.
  /// - Complexity: O(log s) for s sections.
  public func contentOffset(forItemAt path: ItemPath, position: ScrollPosition) throws(CollectionViewError) -> Point {
    guard let frame = layout.layoutAttributesForItem(at: path)?.frame else { throw .itemOutOfRange(path) }
    let top = contentInset.top, bottom = contentInset.bottom, height = bounds.height
    let y: Double
    switch position {
    case .top:
      y = frame.minY - top
    case .bottom:
      y = frame.maxY + bottom - height
    case .centeredVertically:
      y = frame.midY - top - (height - top - bottom) / 2
    case .nearest:
      let areaTop = contentOffset.y + top, areaBottom = contentOffset.y + height - bottom
      if frame.minY >= areaTop && frame.maxY <= areaBottom {
        y = contentOffset.y
      } else if frame.minY < areaTop || frame.height > areaBottom - areaTop {
        y = frame.minY - top
      } else {
        y = frame.maxY + bottom - height
      }
    }
    return clampedContentOffset(Point(x: contentOffset.x, y: y))
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
