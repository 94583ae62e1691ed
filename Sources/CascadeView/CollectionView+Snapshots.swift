// Stable identity: the view keeps the last snapshot it applied, diffs the next one against it
// (SnapshotDiff.swift) and applies the batch through performBatchUpdates, so surviving cells
// stay and the update is atomic.

import Cascade

/// The view's state for identity and self-sizing, kept in one stored property so that the
/// view's declaration gains one line.
struct _DynamicState<Item> {
  /// The last snapshot applied (a `CollectionSnapshot<S, I>` with its `reloadedItems` emptied),
  /// or `nil`.
  var identity: Any?
  /// Measurements reported since the last refresh, by the path they were reported for (the
  /// last report per item wins), each with the key it will be kept under
  /// (CollectionView+SelfSizing.swift).
  var pending: [ItemPath: (size: Size, key: _MeasureKey)] = [:]
  /// Measured sizes kept: by id, or by path (remapped through every batch).
  var measured: [_MeasureKey: Size] = [:]
  /// How many keys of `measured` are paths (when none, a batch remaps nothing).
  var pathKeys = 0
  /// How to measure an item and read its id; set by the first report, where the layout's item
  /// type is known to be a ``SelfSizingItem``.
  var sizing: _Sizing<Item>?
  /// Batches of measurements applied so far, and the layout changes they held (test hooks).
  var measurementBatches = 0
  var measurementChanges = 0
}

extension CollectionView {
  /// Shows `snapshot`, which the data source already describes (its counts and items are the
  /// snapshot's): the view diffs it against the last snapshot it applied (``SnapshotDiff``,
  /// linear time in the number of identifiers) and applies the batch as
  /// ``performBatchUpdates(_:)`` does, so surviving items keep their cells (neither dequeued nor
  /// configured again unless in ``CollectionSnapshot/reloadedItems``), and the topmost visible
  /// survivor stays where it was on screen. The first snapshot (or one whose identifier types
  /// differ from the last one's) reloads the data.
  ///
  ///     model.items.insert(newItem, at: 0)
  ///     try view.applySnapshot(CollectionSnapshot(sections: [0], items: [model.items.map(\.id)]))
  ///
  /// - Throws: ``CollectionViewError/invalidSnapshot(_:)`` for a repeated identifier, or what
  ///   ``performBatchUpdates(_:)`` throws (a data source whose counts are not the snapshot's);
  ///   the view is then as it was, and so is the snapshot it keeps.
  /// - Complexity: O(n) for the diff of n identifiers, plus the batch's cost.
  @discardableResult
  public func applySnapshot<SectionID: Hashable, ItemID: Hashable>(
    _ snapshot: CollectionSnapshot<SectionID, ItemID>
  ) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    var kept = snapshot
    kept.reloadedItems = []
    guard let old = _dynamic.identity as? CollectionSnapshot<SectionID, ItemID> else {
      let update = try reloadData()
      _dynamic.identity = kept
      return update
    }
    let diff: SnapshotDiff<SectionID, ItemID>
    do {
      diff = try SnapshotDiff(from: old, to: snapshot)
    } catch {
      throw .invalidSnapshot(error)
    }
    let update = try performBatchUpdates(diff.updates)
    _dynamic.identity = kept
    return update
  }

  /// The snapshot the view shows, if it was given one with these identifier types. O(1): the
  /// snapshot's arrays are shared, not copied.
  public func currentSnapshot<SectionID: Hashable, ItemID: Hashable>(
    _ sectionType: SectionID.Type = SectionID.self, _ itemType: ItemID.Type = ItemID.self
  ) -> CollectionSnapshot<SectionID, ItemID>? {
    _dynamic.identity as? CollectionSnapshot<SectionID, ItemID>
  }
}
