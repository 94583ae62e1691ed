// Self-sizing: the item a data source gives is an estimate; the toolkit reports the size a
// displayed cell measured, any number of times per frame. Reports are coalesced (the last one
// per item wins) and applied as one `replaceItems` batch at the next refresh
// (`setContentOffset`/`layoutIfNeeded`), through the transaction, anchored on the topmost visible
// item.

import Cascade

/// A layout item that can take a measured size in place of its estimate.
public protocol SelfSizingItem {
  /// This item with its height (or size) measured as `size`, everything else kept (span, id,
  /// column).
  func measured(_ size: Size) -> Self
}

extension WaterfallItem: SelfSizingItem {
  /// The measured height, span, id and column kept.
  public func measured(_ size: Size) -> WaterfallItem {
    var item = self
    item.measure = .height(size.height)
    return item
  }
}

extension Double: SelfSizingItem {
  /// The measured height (a ``ListLayout`` item).
  public func measured(_ size: Size) -> Double { size.height }
}

extension _DynamicState {
  /// Measured sizes not yet applied, by path (the last report wins).
  var pending: [ItemPath: Size] {
    get { _pending }
    set { _pending = newValue }
  }
}

extension CollectionView {
  /// Tells the view that the displayed cell of `path` measured `size` (its height at the width
  /// the layout gives it). Coalesced with every other report until the next refresh, which
  /// applies them all as one batch and keeps the topmost visible item where it is on screen.
  ///
  /// - Complexity: O(1) amortized; the refresh that applies m reports costs the layout's
  ///   `replaceItems` for them (m data source calls for the estimates they replace).
  public func reportMeasuredSize(_ size: Size, for path: ItemPath) {
    guard size.height.isFinite, size.height >= 0 else { return }
    _dynamic.pending[path] = size
  }

  /// ``reportMeasuredSize(_:for:)`` with a height.
  public func reportMeasuredHeight(_ height: Double, for path: ItemPath) {
    reportMeasuredSize(Size(width: 0, height: height), for: path)
  }

  /// Whether measurements wait for the next refresh (checked by the scroll step: no allocation).
  @usableFromInline var _hasPendingMeasurements: Bool { !_dynamic._pending.isEmpty }

  /// Applies the pending measurements as one batch, anchored; the offset the caller asked for
  /// moves with the anchor.
  @usableFromInline
  func _applyPendingMeasurements(thenScrollTo offset: Point) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    let pending = _dynamic._pending
    guard let dataSource else { throw .noDataSource }
    try _beginUpdate()
    var changes: [Layout.Change] = []
    for (path, size) in pending.sorted(by: { ($0.key.section, $0.key.item) < ($1.key.section, $1.key.item) }) {
      guard path.section < layout.numberOfSections, path.item < layout.numberOfItems(inSection: path.section) else { continue }
      let estimate = dataSource.collectionView(self, layoutItemAt: path)
      guard let sizing = estimate as? any SelfSizingItem, let item = sizing.measured(size) as? Layout.Item else { continue }
      changes.append(.replaceItems([item], at: path.item, section: path.section))
    }
    let before = contentOffset
    do throws(CollectionViewError) {
      _ = try _transaction(changes, anchored: true, remap: _KeepPaths())
    } catch {
      _isUpdating = false
      throw error
    }
    _isUpdating = false
    _dynamic._pending.removeAll()
    let shift = contentOffset.y - before.y
    return try setContentOffset(Point(x: offset.x, y: offset.y + shift))
  }
}
