// Selection, single or multiple, and how focus and selection follow their items through a
// transaction (batch updates, width changes, reloads).

import Cascade

extension CollectionView {
  /// The selected items, in spec order. They follow their items through batch updates (a
  /// reloaded item stays selected, a deleted one is dropped) and width changes;
  /// ``reloadData()`` clears the selection.
  ///
  /// - Complexity: O(m log m) for m selected items.
  public var selectedItems: [ItemPath] { _selection.sorted() }

  /// Whether the item at `path` is selected.
  ///
  /// - Complexity: O(1).
  public func isSelected(_ path: ItemPath) -> Bool { _selection.contains(path) }

  /// Selects the item at `path`. With ``allowsMultipleSelection`` off, the items selected before
  /// are deselected first (the delegate hears `didDeselectItemAt` for each, in spec order), then
  /// `didSelectItemAt`; selecting a selected item changes nothing and tells nobody.
  ///
  ///     try view.selectItem(at: ItemPath(item: 3, section: 0))
  ///
  /// - Throws: ``CollectionViewError/itemOutOfRange(_:)``.
  /// - Complexity: O(log s), plus O(m log m) for m items deselected.
  public func selectItem(at path: ItemPath) throws(CollectionViewError) {
    guard layout.layoutAttributesForItem(at: path) != nil else { throw .itemOutOfRange(path) }
    guard !_selection.contains(path) else { return }
    if !allowsMultipleSelection {
      let others = _selection.sorted()
      _selection.removeAll()
      for other in others { delegate?.collectionView(self, didDeselectItemAt: other) }
    }
    _selection.insert(path)
    delegate?.collectionView(self, didSelectItemAt: path)
  }

  /// Deselects the item at `path`, telling the delegate when it was selected.
  ///
  /// - Complexity: O(1).
  public func deselectItem(at path: ItemPath) {
    if _selection.remove(path) != nil { delegate?.collectionView(self, didDeselectItemAt: path) }
  }

  /// Deselects every item, telling the delegate of each in spec order.
  ///
  /// - Complexity: O(m log m) for m selected items.
  public func deselectAllItems() {
    let all = _selection.sorted()
    _selection.removeAll()
    for path in all { delegate?.collectionView(self, didDeselectItemAt: path) }
  }

  /// Selects the item at `path` when it is not selected, deselects it when it is (the Enter key).
  ///
  /// - Returns: whether it is selected now.
  /// - Throws: ``CollectionViewError/itemOutOfRange(_:)``.
  /// - Complexity: that of ``selectItem(at:)`` or of ``deselectItem(at:)``.
  @discardableResult
  public func toggleSelection(at path: ItemPath) throws(CollectionViewError) -> Bool {
    if _selection.contains(path) {
      deselectItem(at: path)
      return false
    }
    try selectItem(at: path)
    return true
  }

  /// A transaction's step 4, for focus and selection: both move through `remap` (reloads keep
  /// their items, deletions drop them), without delegate calls.
  ///
  /// - Returns: the focus and selection before, for the transaction's rollback.
  /// - Complexity: O(m) calls of the remap for m selected items.
  @usableFromInline
  func _remapFocusAndSelection(_ remap: some _TransactionRemap) -> (ItemPath?, Set<ItemPath>) {
    let before = (_focusedItem, _selection)
    if let focused = _focusedItem {
      _focusedItem = remap.mapFollowingReloads(.item(focused.item, section: focused.section))?.itemPath
    }
    if !_selection.isEmpty {
      var moved = Set<ItemPath>(minimumCapacity: _selection.count)
      for path in _selection {
        if let next = remap.mapFollowingReloads(.item(path.item, section: path.section))?.itemPath { moved.insert(next) }
      }
      _selection = moved
    }
    return before
  }
}
