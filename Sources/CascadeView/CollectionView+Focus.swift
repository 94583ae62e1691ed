// The keyboard focus: one item (or none) has it; arrow keys move it through the layout's
// neighbour rule (`CollectionLayout.neighbor(of:direction:)`, `Docs/Spec/Waterfall.md`,
// "Neighbours"), and the view scrolls just enough to show the focused item.

import Cascade

extension CollectionView {
  /// The item that has the keyboard focus, or `nil`. It follows its item through batch updates
  /// and width changes; an item deleted by a batch, or dropped by ``reloadData()``, loses it.
  ///
  /// - Complexity: O(1).
  public var focusedItem: ItemPath? { _focusedItem }

  /// Gives the focus to the item at `path` (`nil`: to no item), scrolls just enough to show it
  /// when `scrollIntoView` (``ScrollPosition/nearest``), and tells the delegate
  /// (`didFocusItemAt`) when the focus changed.
  ///
  ///     try view.focusItem(at: ItemPath(item: 0, section: 0))
  ///
  /// - Returns: the update of the scroll, empty when the view did not scroll.
  /// - Throws: ``CollectionViewError/itemOutOfRange(_:)``, or what the scroll throws (the focus
  ///   is then unchanged).
  /// - Complexity: O(log s), plus that of ``setContentOffset(_:)`` when it scrolls.
  @discardableResult
  public func focusItem(at path: ItemPath?, scrollIntoView: Bool = true) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    guard let path else {
      if _focusedItem != nil {
        _focusedItem = nil
        delegate?.collectionView(self, didFocusItemAt: nil)
      }
      return CollectionViewUpdate()
    }
    let offset = try contentOffset(forItemAt: path, position: .nearest)
    var update = CollectionViewUpdate<Cell>()
    if scrollIntoView && offset != contentOffset { update = try setContentOffset(offset) }
    if _focusedItem != path {
      _focusedItem = path
      delegate?.collectionView(self, didFocusItemAt: path)
    }
    return update
  }

  /// Moves the focus to the neighbour of the focused item in `direction`, the layout's
  /// ``CollectionLayout/neighbor(of:direction:)``, and scrolls just enough to show it. Without a
  /// focused item, the first visible item (else the collection's first item) takes the focus.
  ///
  ///     try view.moveFocus(.down)   // the arrow key
  ///
  /// - Returns: whether the focus moved (`false` at an edge, or in an empty collection).
  /// - Throws: what the scroll throws; the focus is then unchanged.
  /// - Complexity: that of the neighbour query, plus that of ``setContentOffset(_:)``.
  @discardableResult
  public func moveFocus(_ direction: NeighborDirection) throws(CollectionViewError) -> Bool {
    let target: ItemPath?
    if let focused = _focusedItem, layout.layoutAttributesForItem(at: focused) != nil {
      target = layout.neighbor(of: focused, direction: direction)
    } else {
      target = indexPathsForVisibleItems.first ?? _firstItem()
    }
    guard let target else { return false }
    try focusItem(at: target)
    return true
  }

  /// The first item of the collection, or `nil` when it has none.
  func _firstItem() -> ItemPath? {
    for s in 0..<layout.numberOfSections where layout.numberOfItems(inSection: s) > 0 {
      return ItemPath(item: 0, section: s)
    }
    return nil
  }
}
