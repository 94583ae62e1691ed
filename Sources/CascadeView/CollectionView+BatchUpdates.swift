// reloadData and performBatchUpdates: what the data source says, turned into one transaction
// (CollectionView+Transaction.swift).
//
// A batch goes through the planner first (Internal/_BatchPlan.swift): it reads the data
// source's final state through `_DataSourceFinalState` and gives the layout's changes and the
// paths' remap; the layout validates the changes (the one index check), and the plan relabels
// its error and checks the counts the layout ends with against the data source's.

import Cascade

extension CollectionView {
  /// Rebuilds the layout from the data source (counts, section parameters, every item's
  /// description) at the width the bounds and insets give, and displays it afresh: every cell
  /// goes back to its pool and the elements in the display rect get new ones. The content offset
  /// is kept, clamped to the new content.
  ///
  /// - Throws: ``CollectionViewError/noDataSource``, ``CollectionViewError/layout(_:)`` when the
  ///   layout rejects a value, or what the data source throws for a cell; the view is then as
  ///   it was.
  /// - Complexity: O(N) data source calls and the layout's build, O(N·c) for the waterfall, for
  ///   N items.
  @discardableResult
  public func reloadData() throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    try _beginUpdate()
    defer { _isUpdating = false }
    guard let dataSource else { throw .noDataSource }
    let (measurements, store) = _reloadMeasurements()
    let source = _DataSourceFinalState(
      view: self, dataSource: dataSource, measured: store, sizing: _dynamic.sizing, byPath: true)
    var changes: [Layout.Change] = []
    for _ in 0..<layout.numberOfSections { changes.append(.deleteSection(at: 0)) }
    let extent = _crossAxisExtent(bounds: bounds, contentInset: contentInset)
    if extent != _currentCrossAxisExtent { changes.append(layout.resizeChange(to: extent)) }
    for s in 0..<source.numberOfSections { changes.append(.insertSection(try source.section(s), at: s)) }
    return try _withMeasurements(measurements, _DropPaths()) { () throws(CollectionViewError) in
      try _transaction(changes, anchored: false, remap: _DropPaths(), keepsOldLayout: true)
    }
  }

  /// Applies a batch of updates the data source has already made: the layout changes
  /// incrementally, displayed items that survive keep their cells (under their new paths),
  /// removed and reloaded ones give theirs back, and the first visible item that survives (and
  /// is not itself moved by a `moveItem` or `moveSection`) stays where it was on screen (scroll
  /// anchoring), the offset clamped to the new content.
  ///
  /// Updates are sequential, like ``LayoutChange``: each one's indices refer to the state the
  /// previous one left. The view asks the data source for inserted and reloaded items at the
  /// paths they have at the end of the batch; an inserted section is filled with the data
  /// source's final items (so don't also insert items into it in the same batch). An element
  /// inserted and removed again by the same batch is fine.
  ///
  ///     photos.insert(contentsOf: newPhotos, at: 0)
  ///     try view.performBatchUpdates([.insertItems(0..<newPhotos.count, section: 0)])
  ///
  /// - Throws: ``CollectionViewError/invalidUpdate(index:reason:)`` for an index outside the
  ///   collection at that point of the batch, ``CollectionViewError/countMismatch(section:dataSource:afterUpdates:)``
  ///   when the data source's counts are not what the updates leave,
  ///   ``CollectionViewError/layout(_:)``, or what the data source throws for a cell. The view is
  ///   then as it was.
  /// - Complexity: O(u·(k + i) + s) for u updates, k displayed elements, i inserted or reloaded
  ///   items and s sections, plus the layout's `apply` (for a layout that records its inverse,
  ///   as both of Cascade's do; others are copied for rollback, which costs what the batch touches).
  @inlinable @discardableResult
  public func performBatchUpdates(_ updates: [BatchUpdate]) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    // Inlinable down to the refresh, so that the plan and the transaction run specialized for
    // the toolkit's `Cell` and `Layout`; the data source's adapter, the measurements' plan and
    // the rare paths (the size check, stand-ins, the rollback) stay out of line.
    try _beginUpdate()
    defer { _isUpdating = false }
    let (plan, measurements) = try _plan(updates)
    return try _withMeasurements(measurements, plan) { () throws(CollectionViewError) in
      // Joined only when the batch takes measurements with it: `+` allocates even for an
      // empty right side.
      try _transaction(
        measurements.changes.isEmpty ? plan.changes : plan.changes + measurements.changes,
        anchored: true, remap: plan)
    }
  }

  /// The plan of `updates` against the data source's final state, and the measurements the
  /// batch takes with it.
  ///
  /// Inlinable with the plan (``_BatchPlan``), so that both run specialized for the view's
  /// `Cell` and `Layout`: as generic code, a one-item batch's plan spent about a fifth of the
  /// batch on looking up the metadata of its arrays and changes and copying the plan and the
  /// layout through value witnesses. The data source's adapter and the measurements' plan stay
  /// out of line.
  @inlinable
  func _plan(
    _ updates: [BatchUpdate]
  ) throws(CollectionViewError) -> (_BatchPlan<_DataSourceFinalState<Cell, Layout>>, _MeasurementPlan<Layout.Change>) {
    let source = try _finalState()
    let sections = _layout.numberOfSections
    // Saturated, unlike `CollectionLayout.numberOfItems`: a layout's counts are not trusted here.
    var items = 0
    for s in 0..<sections { items = _saturatingSum(items, _layout.numberOfItems(inSection: s)) }
    let plan = try _BatchPlan(updates, sectionsBefore: sections, itemsBefore: items, source: source)
    // Without pending reports or sizes kept by path there is nothing to plan: skipped, since the
    // generic call costs its types' metadata even when it returns at once.
    guard _plansMeasurements else { return (plan, _MeasurementPlan()) }
    return (plan, _measurementChanges(plan, source: source))
  }

  /// The data source's final state as a batch's plan reads it, its measured sizes standing in
  /// for its estimates.
  ///
  /// - Throws: ``CollectionViewError/noDataSource``.
  /// - Complexity: O(1).
  @usableFromInline
  func _finalState() throws(CollectionViewError) -> _DataSourceFinalState<Cell, Layout> {
    guard let dataSource else { throw .noDataSource }
    return _DataSourceFinalState(view: self, dataSource: dataSource, measured: _dynamic.measured, sizing: _dynamic.sizing)
  }

  /// Whether a batch has measurements to plan: pending reports, or sizes kept by path (a batch
  /// may reload their items).
  ///
  /// - Complexity: O(1).
  @usableFromInline
  var _plansMeasurements: Bool { !_dynamic.pending.isEmpty || _dynamic.pathKeys > 0 }
}

/// The data source's state, which a batch's updates lead to, as the planner reads it.
@usableFromInline
struct _DataSourceFinalState<Cell: AnyObject, Layout: CollectionLayout>: _BatchPlanSource {
  @usableFromInline let view: CollectionView<Cell, Layout>
  @usableFromInline let dataSource: any CollectionViewDataSource<Cell, Layout>
  /// Measured sizes that stand in for the data source's estimates: by id, and by path when
  /// `byPath` (a reload, which keeps paths).
  @usableFromInline var measured: [_MeasureKey: Size] = [:]
  @usableFromInline var sizing: _Sizing<Layout.Item>? = nil
  var byPath = false

  init(
    view: CollectionView<Cell, Layout>, dataSource: any CollectionViewDataSource<Cell, Layout>,
    measured: [_MeasureKey: Size] = [:], sizing: _Sizing<Layout.Item>? = nil, byPath: Bool = false
  ) {
    self.view = view
    self.dataSource = dataSource
    self.measured = measured
    self.sizing = sizing
    self.byPath = byPath
  }

  @inlinable
  var numberOfSections: Int { Swift.max(0, dataSource.numberOfSections(in: view)) }

  @inlinable
  func numberOfItems(inSection section: Int) -> Int {
    Swift.max(0, dataSource.collectionView(view, numberOfItemsInSection: section))
  }

  /// The data source's item, measured when a size is kept for it.
  @inlinable
  func item(at path: ItemPath) -> Layout.Item {
    let item = dataSource.collectionView(view, layoutItemAt: path)
    guard let sizing, !measured.isEmpty else { return item }
    return withMeasuredSize(item, at: path, sizing)
  }

  /// The data source's items of `section`: the array it gives at once, or else its first `count`
  /// items asked one by one (by the data source's own specialized loop,
  /// `_collectionView(_:layoutItemsOneByOneInSection:count:)`); each measured when a size is
  /// kept for it (the array is then copied once). Never `nil`.
  @usableFromInline
  func items(inSection section: Int, count: Int) -> [Layout.Item]? {
    var items = dataSource.collectionView(view, layoutItemsInSection: section)
      ?? dataSource._collectionView(view, layoutItemsOneByOneInSection: section, count: count)
    guard let sizing, !measured.isEmpty else { return items }
    for i in items.indices {
      items[i] = withMeasuredSize(items[i], at: ItemPath(item: i, section: section), sizing)
    }
    return items
  }

  /// `item` (at `path`) with the size kept for it, or as it is.
  @usableFromInline
  func withMeasuredSize(_ item: Layout.Item, at path: ItemPath, _ sizing: _Sizing<Layout.Item>) -> Layout.Item {
    let size: Size?
    if let id = sizing.id(item) { size = measured[.id(id)] } else { size = byPath ? measured[.path(path)] : nil }
    guard let size else { return item }
    return sizing.measured(item, size, view.layout.orientation)
  }

  /// Whether the data source has an item at `path`.
  func _has(_ path: ItemPath) -> Bool {
    path.section >= 0 && path.section < numberOfSections && path.item >= 0 && path.item < numberOfItems(inSection: path.section)
  }

  @inlinable
  func parameters(forSection section: Int) -> Layout.SectionParameters {
    dataSource.collectionView(view, parametersForSection: section)
  }
}
