// Saving and restoring the scroll position by item (SavedScrollPosition.swift): the item that
// scroll anchoring would keep (the topmost visible one in reading order) and the offset inside
// it, so that a position survives reloads, width changes and a fresh view.

import Cascade

extension CollectionView {
  /// The current scroll position by item: the topmost visible item (smallest minY, ties to the
  /// leftmost; along x for a horizontal layout, as scroll anchoring chooses), by id when the
  /// layout gives it one (an ``IdentifiedLayout`` such as ``WaterfallLayout``) and by path, and
  /// how far the viewport's start is past the item's start. `nil` when no item is visible.
  ///
  /// - Complexity: O(k) for k displayed elements.
  public func savedScrollPosition() -> SavedScrollPosition? {
    guard let anchor = _anchor(_KeepPaths()), let path = anchor.path.itemPath else { return nil }
    let id = (layout as? any IdentifiedLayout)?.id(at: path)
    return SavedScrollPosition(id: id, path: path, offset: -anchor.viewportY)
  }

  /// Scrolls back to `position` (clamped to the content) and updates the displayed set.
  ///
  /// The item is found by its id when the position has one and the layout still has it, else at
  /// the saved path when the position has no id; its start is put `offset` points before the
  /// viewport's start, as when it was saved. When the item is gone (its id no longer in the
  /// layout, or no item at the path), the fallback is the item now at the saved path, else the
  /// last item of the nearest non-empty section before it, else the first item after it; that
  /// item's start is put at the viewport's start (the offset belonged to another item). With no
  /// item at all, the view scrolls to the content's start. Measurements waiting are applied
  /// first.
  ///
  /// - Returns: the update, and whether the saved item was found (`false`: the fallback).
  /// - Throws: ``CollectionViewError/layout(_:)`` for a non-finite offset, or what
  ///   ``setContentOffset(_:)`` throws; the view is then as it was.
  /// - Complexity: O(s) for s sections in the fallback, O(1) expected to find an id, plus a
  ///   scroll step.
  @discardableResult
  public func restoreScrollPosition(
    _ position: SavedScrollPosition
  ) throws(CollectionViewError) -> (update: CollectionViewUpdate<Cell>, found: Bool) {
    guard position.offset.isFinite else {
      throw .layout(LayoutError(.collection, field: "offset", "must be finite"))
    }
    if _hasPendingMeasurements { try layoutIfNeeded() }
    let found = _savedItem(position)
    let path = found ?? _fallbackItem(near: position.path)
    guard let path, let frame = layout.layoutAttributesForItem(at: path)?.frame else {
      let start = Point(x: minimumContentOffsetX, y: minimumContentOffsetY)
      let target = layout.orientation == .horizontal && layout.direction == .rightToLeft
        ? Point(x: maximumContentOffsetX, y: contentOffset.y) : start
      return (try setContentOffset(clampedContentOffset(target)), false)
    }
    let along = _anchorCoordinate(frame) + (found == nil ? 0 : position.offset)
    let target = layout.orientation == .horizontal
      ? Point(x: along, y: contentOffset.y) : Point(x: contentOffset.x, y: along)
    return (try setContentOffset(clampedContentOffset(target)), found != nil)
  }

  /// The saved item's path now: by id, or by path for a position without one.
  func _savedItem(_ position: SavedScrollPosition) -> ItemPath? {
    if let id = position.id { return (layout as? any IdentifiedLayout)?.path(forID: id) }
    return _hasItem(position.path) ? position.path : nil
  }

  /// The item at `path`, else the last item of the nearest non-empty section before it, else
  /// the first item of the nearest after it; `nil` in an empty collection.
  ///
  /// - Complexity: O(s) for s sections.
  func _fallbackItem(near path: ItemPath) -> ItemPath? {
    let sections = layout.numberOfSections
    guard sections > 0 else { return nil }
    let s0 = Swift.min(Swift.max(path.section, 0), sections - 1)
    if s0 == path.section, layout.numberOfItems(inSection: s0) > 0 {
      return ItemPath(item: Swift.min(Swift.max(path.item, 0), layout.numberOfItems(inSection: s0) - 1), section: s0)
    }
    for s in stride(from: s0, through: 0, by: -1) where layout.numberOfItems(inSection: s) > 0 {
      return ItemPath(item: layout.numberOfItems(inSection: s) - 1, section: s)
    }
    for s in (s0 + 1)..<Swift.max(s0 + 1, sections) where layout.numberOfItems(inSection: s) > 0 {
      return ItemPath(item: 0, section: s)
    }
    return nil
  }

  /// Whether the layout has an item at `path`.
  func _hasItem(_ path: ItemPath) -> Bool {
    path.section >= 0 && path.section < layout.numberOfSections && path.item >= 0
      && path.item < layout.numberOfItems(inSection: path.section)
  }
}
