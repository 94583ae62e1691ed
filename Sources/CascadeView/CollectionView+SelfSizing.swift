// Self-sizing: the item a data source gives is an estimate; the toolkit reports the size a
// displayed cell measured, any number of times per frame. Reports wait in `_dynamic.pending`
// (the last one per item wins) and are applied as one batch of `replaceItems` at the next
// refresh, through the transaction (CollectionView+Transaction.swift), so the topmost visible
// item keeps its place on screen. Measured sizes are kept (`_dynamic.measured`) by the item's id
// when it has one, else by path (remapped through every batch), and stand in for the data
// source's estimate whenever the view asks for the item again: a reload, a reloaded item, a
// snapshot that brings the id back.
//
//   report      reportMeasuredSize: checked (the item exists, the size is finite and >= 0),
//               kept in `pending` with the key it will be kept under
//   changes     _measurementChanges: each pending item at its path after the batch, from the
//               data source, measured; plus, for measured sizes kept by path, the reloaded items
//               a batch gives an estimate again
//   transaction applied with the batch (or alone, by a scroll step), anchored
//   commit      _commitMeasurements: once the transaction succeeded, the store takes the new
//               sizes and its path keys move through the batch

import Cascade

/// The key a measured size is kept under: the item's id, or its path when it has none.
@usableFromInline
enum _MeasureKey: Hashable {
  case id(ItemID)
  case path(ItemPath)
}

/// How to measure an item and read its id: `SelfSizingItem`'s requirements, captured where the
/// conformance is known, so that the unconstrained view code (a reload, a scroll step) calls them
/// without a dynamic cast per item.
@usableFromInline
struct _Sizing<Item> {
  let measured: (Item, Size, LayoutOrientation) -> Item
  let id: (Item) -> ItemID?
}

/// What a transaction will do with the measurements: the layout's changes, and the store's
/// entries to take once it succeeded.
@usableFromInline
struct _MeasurementPlan<Change> {
  @usableFromInline var changes: [Change] = []
  var entries: [(key: _MeasureKey, size: Size)] = []
  /// The pending reports the plan consumed, put back if the transaction fails.
  var taken: [ItemPath: (size: Size, key: _MeasureKey)] = [:]

  /// An empty plan: no change, nothing to keep.
  @usableFromInline init() {}
}

extension CollectionView where Layout.Item: SelfSizingItem {
  /// Tells the view that the cell of the item at `path` measured `size` (its height, for a
  /// vertical layout, at the width the layout gives it; its width for a horizontal one). Any
  /// number of reports per frame, for any items: they are coalesced (the last one per item wins)
  /// and applied as one batch at the next refresh (``setContentOffset(_:)``,
  /// ``layoutIfNeeded()``, a batch, a snapshot, a width change, a reload), which keeps the
  /// topmost visible item where it is on screen; with `keepColumns`, no item changes column.
  /// The measured size is kept (by the item's id when it has one, else by its path, following it
  /// through batches), so the item is not estimated again.
  ///
  ///     for element in update.appeared where element.path.kind == .item {
  ///       try view.reportMeasuredHeight(toolkit.measure(element.cell, width: element.frame.width),
  ///                                     for: element.path.itemPath!)
  ///     }
  ///     try view.layoutIfNeeded()        // or the next scroll step
  ///
  /// May be called from a delegate callback during an update (`willDisplay`): the report then
  /// waits for the refresh after it.
  ///
  /// - Throws: ``CollectionViewError/itemOutOfRange(_:)`` when no item is at `path`,
  ///   ``CollectionViewError/invalidMeasuredSize(_:_:)`` for a component that is not finite or
  ///   is negative, ``CollectionViewError/noDataSource``; nothing changes then.
  /// - Complexity: O(1) amortized and one data source call (the item, for its id); the refresh
  ///   that applies m reports costs O(m log m), m data source calls, and the layout's
  ///   `replaceItems` for them.
  public func reportMeasuredSize(_ size: Size, for path: ItemPath) throws(CollectionViewError) {
    guard _hasItem(path) else { throw .itemOutOfRange(path) }
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      throw .invalidMeasuredSize(path, size)
    }
    guard let dataSource else { throw .noDataSource }
    if _dynamic.sizing == nil {
      _dynamic.sizing = _Sizing(measured: { $0.measured($1, along: $2) }, id: { $0.measurementID })
    }
    let id = dataSource.collectionView(self, layoutItemAt: path).measurementID
    _dynamic.pending[path] = (size, id.map(_MeasureKey.id) ?? .path(path))
    _hasPendingMeasurements = true
  }

  /// ``reportMeasuredSize(_:for:)`` with a height (the width is the item's current one).
  ///
  /// - Complexity: that of ``reportMeasuredSize(_:for:)``.
  public func reportMeasuredHeight(_ height: Double, for path: ItemPath) throws(CollectionViewError) {
    let width = layout.layoutAttributesForItem(at: path)?.frame.width ?? 0
    try reportMeasuredSize(Size(width: width, height: height), for: path)
  }
}

extension CollectionView {
  /// The measured size kept for the item at `path`, or `nil` when it has none (it shows its
  /// estimate); a report not yet applied is not counted.
  ///
  /// - Complexity: O(1) expected, and one data source call when the store is not empty.
  public func measuredSize(forItemAt path: ItemPath) -> Size? {
    guard let sizing = _dynamic.sizing, !_dynamic.measured.isEmpty, let dataSource, _hasItem(path) else { return nil }
    if let id = sizing.id(dataSource.collectionView(self, layoutItemAt: path)) { return _dynamic.measured[.id(id)] }
    return _dynamic.measured[.path(path)]
  }

  /// Forgets every measured size and pending report: items show the data source's estimates at
  /// the next reload (the layout keeps its frames until then).
  ///
  /// - Complexity: O(m) for m sizes kept.
  public func discardMeasuredSizes() {
    _dynamic.pending = [:]
    _dynamic.measured = [:]
    _dynamic.pathKeys = 0
    _hasPendingMeasurements = false
  }

  /// How many measurement batches the view has applied (a test hook: one per refresh that had
  /// reports).
  package var _measurementBatchCount: Int { _dynamic.measurementBatches }

  /// How many layout changes the measurement batches applied so far held (a test hook: one
  /// `replaceItems` per run of consecutive measured items of a section).
  package var _measurementChangeCount: Int { _dynamic.measurementChanges }

  /// A scroll step with measurements waiting: they are applied as one batch, anchored, and the
  /// offset then moves by what the step asked (`offset` minus the offset before), so that the
  /// step's refresh is the only one.
  ///
  /// - Complexity: that of the measurements' batch, plus a scroll step.
  @inlinable
  func _applyMeasurements(scrollingTo offset: Point) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    // Inlinable, as `performBatchUpdates(_:)` is, so that the transaction runs specialized; the
    // plan of the measurements stays out of line.
    try _beginUpdate()
    defer { _isUpdating = false }
    let plan = try _pendingMeasurementChanges()
    let scroll = Point(x: offset.x - _contentOffset.x, y: offset.y - _contentOffset.y)
    let remap = _KeepPaths()
    return try _withMeasurements(plan, remap) { () throws(CollectionViewError) in
      try _transaction(plan.changes, anchored: true, remap: remap, scroll: scroll)
    }
  }

  /// The pending reports as one batch, every path kept.
  @usableFromInline
  func _pendingMeasurementChanges() throws(CollectionViewError) -> _MeasurementPlan<Layout.Change> {
    guard let dataSource else { throw .noDataSource }
    return _measurementChanges(_KeepPaths(), source: _DataSourceFinalState(view: self, dataSource: dataSource))
  }

  /// Runs `transaction` with the measurements of `plan` taken out of the pending reports; on
  /// success the store takes them (its path keys moved through `remap`), on failure the reports
  /// are put back.
  @usableFromInline
  func _withMeasurements<Remap: _TransactionRemap>(
    _ plan: _MeasurementPlan<Layout.Change>, _ remap: Remap,
    _ transaction: () throws(CollectionViewError) -> CollectionViewUpdate<Cell>
  ) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    // Reports made by callbacks during the transaction are for the state after it: they stay.
    for path in plan.taken.keys { _dynamic.pending[path] = nil }
    _hasPendingMeasurements = !_dynamic.pending.isEmpty
    do throws(CollectionViewError) {
      let update = try transaction()
      // Nothing to commit without new sizes, changes or sizes kept by path: skipped, since the
      // generic call costs its types' metadata even when it does nothing.
      if !plan.entries.isEmpty || !plan.changes.isEmpty || _dynamic.pathKeys > 0 { _commitMeasurements(plan, remap) }
      return update
    } catch {
      _dynamic.pending = plan.taken
      _hasPendingMeasurements = !plan.taken.isEmpty
      throw error
    }
  }

  /// The measurements' part of a transaction whose paths move as `remap` says: each pending
  /// report as a `replaceItems` of the data source's item at its final path, measured (reports
  /// for items the batch deletes are dropped); and, for sizes kept by path, the items a batch
  /// reloads (the planner gave them the data source's estimate) measured again. Consecutive
  /// items of a section share one `replaceItems`.
  ///
  /// - Complexity: O(m log m + p·u) for m reports and p sizes kept by path through u updates.
  ///
  /// A batch's plan does not call it when there are no pending reports and no sizes kept by path
  /// (`_plansMeasurements`): then it has nothing to return, and a source of changes added here
  /// must be added to that test too.
  @usableFromInline
  func _measurementChanges(
    _ remap: some _TransactionRemap, source: _DataSourceFinalState<Cell, Layout>
  ) -> _MeasurementPlan<Layout.Change> {
    var plan = _MeasurementPlan<Layout.Change>()
    guard let sizing = _dynamic.sizing else { return plan }
    plan.taken = _dynamic.pending
    var sizes: [(path: ItemPath, size: Size, key: _MeasureKey?)] = []
    for (path, report) in plan.taken {
      guard let final = remap.mapFollowingReloads(.item(path.item, section: path.section)) else { continue }
      let key: _MeasureKey = if case .id = report.key { report.key } else { .path(final.itemPath!) }
      sizes.append((final.itemPath!, report.size, key))
    }
    if _dynamic.pathKeys > 0 && !(remap is _KeepPaths) {
      for (key, size) in _dynamic.measured {
        guard case .path(let path) = key, plan.taken[path] == nil else { continue }
        let element = ElementPath.item(path.item, section: path.section)
        if remap.map(element) == nil, let final = remap.mapFollowingReloads(element) {
          sizes.append((final.itemPath!, size, nil))
        }
      }
    }
    sizes.sort { $0.path < $1.path }
    let axis = layout.orientation
    func extent(_ size: Size) -> Double { axis == .horizontal ? size.width : size.height }
    // Consecutive items of a section go in one `replaceItems` (a toolkit measures runs of
    // displayed items): one change, one array and one validation per run, not per item.
    var run: [Layout.Item] = []
    var runStart = ItemPath(item: 0, section: 0)
    func endRun() {
      guard !run.isEmpty else { return }
      plan.changes.append(.replaceItems(run, at: runStart.item, section: runStart.section))
      run = []
    }
    for (path, size, key) in sizes where source._has(path) {
      // A report of the extent already applied changes nothing (toolkits report every frame).
      if let key, let kept = _dynamic.measured[key], extent(kept) == extent(size), remap is _KeepPaths { continue }
      if run.isEmpty || path.section != runStart.section || path.item != runStart.item + run.count {
        endRun()
        runStart = path
      }
      run.append(sizing.measured(source.item(at: path), size, axis))
      if let key { plan.entries.append((key, size)) }
    }
    endRun()
    return plan
  }

  /// The measurements' part of a reload: no change (the reload asks the data source for every
  /// item, and `source` puts the measured sizes in), the pending reports as entries under the
  /// keys they were reported with, and the store the reload reads: the kept sizes with them.
  ///
  /// - Complexity: O(m) for m reports, plus a copy of the store when there are reports.
  func _reloadMeasurements() -> (plan: _MeasurementPlan<Layout.Change>, store: [_MeasureKey: Size]) {
    var plan = _MeasurementPlan<Layout.Change>()
    plan.taken = _dynamic.pending
    var store = _dynamic.measured
    for report in plan.taken.values {
      plan.entries.append((report.key, report.size))
      store[report.key] = report.size
    }
    return (plan, store)
  }

  /// The store after a transaction: its path keys moved through `remap` (sizes of deleted items
  /// dropped; reloaded items keep theirs), then the plan's new sizes.
  ///
  /// - Complexity: O(p·u + e) for p sizes kept by path through u updates and e new sizes.
  ///
  /// `_withMeasurements(_:_:_:)` does not call it when none of its three steps has work (no path
  /// keys, no new sizes, no changes): a step added here must be added to that test too. (The
  /// test is at the call site because the generic call costs its types' metadata even when it
  /// returns at once; inside, it measured 124 instructions a batch more.)
  func _commitMeasurements(_ plan: _MeasurementPlan<Layout.Change>, _ remap: some _TransactionRemap) {
    if _dynamic.pathKeys > 0 && !(remap is _KeepPaths) && !(remap is _DropPaths) {
      var moved: [_MeasureKey: Size] = [:]
      moved.reserveCapacity(_dynamic.measured.count)
      var pathKeys = 0
      for (key, size) in _dynamic.measured {
        guard case .path(let path) = key else { moved[key] = size; continue }
        if let final = remap.mapFollowingReloads(.item(path.item, section: path.section))?.itemPath {
          moved[.path(final)] = size
          pathKeys += 1
        }
      }
      _dynamic.measured = moved
      _dynamic.pathKeys = pathKeys
    }
    for (key, size) in plan.entries where _dynamic.measured.updateValue(size, forKey: key) == nil {
      if case .path = key { _dynamic.pathKeys += 1 }
    }
    if !plan.changes.isEmpty {
      _dynamic.measurementBatches += 1
      _dynamic.measurementChanges += plan.changes.count
    }
  }
}
