// The refresh of the displayed set: the hot path of every scroll step, in named steps.
//
//   1. query      the display rect's `VisibleWindow` moved to it (`moveWindow(_:to:)`)
//   2. diff       when the displayed set was the window's answer before the move and the move
//                 went by the cursors, what left and came is what the window reports
//                 (`_RefreshScratch.planFromWindow`, O(changes); with nothing, the step empties
//                 the update and goes to 6); otherwise the answer is copied into the scratch
//                 (with pinned headers, the headers replaced by those the viewport query pins)
//                 and merged with the displayed entries, both in spec order (`_RefreshScratch.diff`)
//   3. return     the cells of what left go back to their pools, so that arrivals reuse them
//   4. dequeue    the data source makes or reuses a cell for each arrival (the only step that
//                 can fail: the pools are then put back and the displayed set is untouched)
//   5. commit     the displayed set is edited in place (`_RefreshScratch.commit`)
//   6. report     a transaction's animation information (why each element came or went, its
//                 frame in the other layout: CollectionView+Transitions.swift), pools trimmed,
//                 the prefetch band updated (`_Prefetcher`), the delegate told
//
// A plain scroll step fills the animation information itself: what left scrolled out, what came
// scrolled in, and the layout is the same on both sides (a header is looked up, since it may be
// displayed where pinning holds it).
//
// Every buffer is kept between steps (`removeAll(keepingCapacity:)`), so a steady scroll step
// allocates nothing. All of it is `@inlinable`, so it is specialized for the toolkit's `Cell` and
// `Layout` in the toolkit's module.

import Cascade

extension CollectionView {
  /// Recomputes the displayed set for the current layout, bounds and offset, hands out and takes
  /// back cells, tells the delegate, and returns the update. Atomic: when a data source call
  /// fails, every pool is put back and `_displayed` is untouched.
  ///
  /// - Complexity: O(c + e·(log k + k) + d) when it takes the window's changes (c lanes, e
  ///   elements entering or leaving, k displayed, d delegate and data source calls; O(c) plus
  ///   the delegate when nothing enters or leaves); O(log n + k + d) for n elements otherwise.
  ///   Allocates nothing once its buffers have grown.
  @inlinable
  func _refresh(from previousOffset: Point) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    // One borrow of the scratch for the whole step (unchecked at run time), then plain inout
    // accesses. Nothing a data source or delegate callback can reach touches `_scratch`.
    try _refresh(from: previousOffset, scratch: &_scratch, describesTransition: false) { _ in }
  }

  /// The refresh of a transaction: `transition` rewrites the update's reasons and frames in the
  /// other layout once the displayed set is committed, before the delegate hears of it. It must
  /// not touch `_scratch` (borrowed for the step) nor `_update` (the update is out of the view).
  /// Not escaping: its context (what the transaction captures) stays on the stack.
  ///
  /// - Complexity: that of ``_refresh(from:)`` plus `transition`'s.
  @inlinable
  func _refresh(
    from previousOffset: Point, transition: (inout CollectionViewUpdate<Cell>) -> Void
  ) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    try _refresh(from: previousOffset, scratch: &_scratch, describesTransition: true, transition)
  }

  /// The refresh, in its steps, working in `scratch`, which it leaves empty; `transition` runs
  /// only when `describesTransition` (a transaction's refresh), and a scroll step passes a
  /// closure that does nothing. (An optional closure would be escaping, and a transaction's
  /// would be allocated on the heap on every batch.)
  @inlinable
  func _refresh(
    from previousOffset: Point, scratch: inout _RefreshScratch<Cell>, describesTransition: Bool,
    _ transition: (inout CollectionViewUpdate<Cell>) -> Void
  ) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    _journal._removeAllKeepingCapacity()
    let display = displayRect
    Self._moveWindow(&_layout, &scratch.window, to: display)              // 1. query, by the
    let pinned = pinsSectionHeaders                                       //    window's cursors
    // The displayed entries read in place: nothing writes `_displayed` during the plan.
    let fromWindow = !describesTransition && !pinned && scratch.planFromWindow(_displayed._unsafeElements)
    if fromWindow && scratch.departures.count == 0 && scratch.arrivals.count == 0 {
      // Nothing entered or left, and every frame stayed: only the offset changed. The update
      // returned is a new empty one rather than a copy of `_update` (emptied in place, for
      // `lastUpdate`): empty arrays share the standard library's static storage, so returning
      // it retains nothing, where a copy retains `_update`'s three buffers for the caller to
      // release.
      _update._clear(from: previousOffset, to: _contentOffset)
      scratch.syncedMove = scratch.window.moveCount
      _finishRefresh(from: previousOffset, display: display, returned: false)
      return CollectionViewUpdate(from: previousOffset, to: _contentOffset)
    }
    // From here on the step may fill the scratch's buffers. (The step above put nothing in
    // them, and found them empty: every refresh leaves them so.)
    defer { scratch.clear() }
    // The update's storage leaves the view for the step and comes back before the delegate
    // hears of it (a delegate may read `lastUpdate`).
    var update = CollectionViewUpdate<Cell>()
    swap(&update, &_update)
    update._clear(from: previousOffset, to: _contentOffset)
    if !fromWindow {
      scratch.query.append(contentsOf: scratch.window.elements)
      if pinned { scratch.pinHeaders(of: layout, in: viewport) }
      _displayed.withUnsafeBufferPointer { scratch.diff($0) }             // 2. diff
    }
    let returned = scratch.removed.count != 0 || scratch.departures.count != 0
    _returnDepartures(scratch, into: &update)                             // 3. return
    do throws(CollectionViewError) {
      try _dequeueArrivals(&scratch, fromWindow: fromWindow, into: &update)  // 4. dequeue
    } catch {
      _undoJournal()
      update._clear(from: previousOffset, to: previousOffset)
      swap(&update, &_update)
      throw error
    }
    var displayed: [_Entry<Cell>] = []                                    // 5. commit
    swap(&displayed, &_displayed)
    if fromWindow {
      scratch.commitWindowChanges(into: &displayed)
    } else {
      scratch.commit(into: &displayed, moved: &update._moved)
    }
    swap(&displayed, &_displayed)
    scratch.syncedMove = pinned ? nil : scratch.window.moveCount
    #if CASCADE_INTERNAL_CHECKS
    if !pinned { _checkDisplayedIsWindow(scratch.window) }
    #endif
    if describesTransition { transition(&update) }                        // 6. report
    swap(&update, &_update)
    _journal._removeAllKeepingCapacity()
    _finishRefresh(from: previousOffset, display: display, returned: returned)
    return _update
  }

  /// Step 6, once the update is in `_update`: pools trimmed (when a cell went back to one:
  /// `returned`), prefetching, the delegate.
  ///
  /// - Complexity: that of ``_updatePrefetching(scrolledBy:display:horizontal:)`` and ``_notify(scrolled:prefetchChanged:)``.
  @inline(__always)
  @inlinable
  func _finishRefresh(from previousOffset: Point, display: Rect, returned: Bool) {
    _trimPools(returned: returned)
    let horizontal = layout.orientation == .horizontal
    let prefetchChanged = _updatePrefetching(
      scrolledBy: horizontal ? _contentOffset.x - previousOffset.x : _contentOffset.y - previousOffset.y,
      display: display, horizontal: horizontal)
    _notify(scrolled: previousOffset != _contentOffset, prefetchChanged: prefetchChanged)
  }

  /// Step 1: moves `window` to `rect` over `layout`, taken `inout` so that the view's layout is
  /// reached in place: a call on the property itself would copy the layout value (a retain and a
  /// release of each of its buffers) for the call.
  ///
  /// - Complexity: that of ``CollectionLayout/moveWindow(_:to:)``.
  @inline(__always)
  @inlinable
  static func _moveWindow(_ layout: inout Layout, _ window: inout VisibleWindow, to rect: Rect) {
    layout.moveWindow(&window, to: rect)
  }

  /// Step 3: returns the cells of what a transaction removed and of what left the display rect
  /// to their pools (over capacity until the step ends, so that a failing step can take them
  /// back), and reports them as disappeared: scrolled out, at the same place in the layout (a
  /// transaction rewrites both afterwards).
  ///
  /// - Complexity: O(r + d) for r removed and d departed entries (and O(log s) per header).
  @inline(__always)
  @inlinable
  func _returnDepartures(_ scratch: borrowing _RefreshScratch<Cell>, into update: inout CollectionViewUpdate<Cell>) {
    for k in 0..<scratch.removed.count {
      let entry = scratch.removed[k]
      _enqueue(entry.cell, pool: entry.pool)
      update._disappeared.append(
        DisappearedElement(attributes: entry.attributes, cell: entry.cell, reason: .deleted, finalAttributes: nil))
    }
    guard scratch.departures.count != 0 else { return }
    // The displayed entries read in place: nothing writes `_displayed` until the commit.
    let displayed = _displayed._unsafeElements
    for k in 0..<scratch.departures.count {
      // Each field read through the entry's address: the entry is not copied.
      let entry = displayed.baseAddress! + scratch.departures[k]
      let cell = entry.pointee.cell
      _enqueue(cell, pool: entry.pointee.pool)
      let attributes = entry.pointee.attributes
      let final = _laidOut(attributes)
      // The local's reference handed over (`consume`), not copied: left to the compiler, the
      // copy cost a retain and a release per departure.
      update._disappeared.append(DisappearedElement(
        attributes: attributes, cell: consume cell, reason: .scrolledOut, finalAttributes: final))
    }
  }

  /// `attributes` as the layout has them: the same for an item or a footer; a header's frame in
  /// the layout, since it may be displayed where pinning holds it.
  ///
  /// - Complexity: O(1), O(log s) for a header.
  @inline(__always)
  @inlinable
  func _laidOut(_ attributes: LayoutAttributes) -> LayoutAttributes? {
    attributes.path.kind == .header ? layout.layoutAttributes(for: attributes.path) : attributes
  }

  /// Step 4: a cell for each arrival, in spec order, from the data source; `fromWindow`: the
  /// arrivals index the window's elements (a step planned from its changes), not the query.
  ///
  /// - Throws: what the data source throws, or ``CollectionViewError/cellNotDequeued(_:)``; the
  ///   caller then undoes the pool journal.
  /// - Complexity: O(a) data source calls for a arrivals.
  @inline(__always)
  @inlinable
  func _dequeueArrivals(
    _ scratch: inout _RefreshScratch<Cell>, fromWindow: Bool, into update: inout CollectionViewUpdate<Cell>
  ) throws(CollectionViewError) {
    guard scratch.arrivals.count != 0 else { return }
    // One weak load of the data source for the step, not one per arrival.
    guard let dataSource else { throw .noDataSource }
    for k in 0..<scratch.arrivals.count {
      let i = scratch.arrivals[k]
      let attributes = fromWindow ? scratch.window._element(at: i) : scratch.query[i]
      let (cell, pool) = try _cell(for: attributes, from: dataSource)
      scratch.arriving.append(_Entry(path: attributes.path, attributes: attributes, cell: cell, pool: pool))
      let initial = _laidOut(attributes)
      // The data source's reference handed over to the update (`consume`), as in
      // `_returnDepartures`: one retain per arrival (for the entry), not two and a release.
      update._appeared.append(
        AppearedElement(attributes: attributes, cell: consume cell, reason: .scrolledIn, initialAttributes: initial))
    }
  }

  /// Step 6, prefetching: the band beyond the display rect `display` in the scroll direction,
  /// along the scroll axis (`dy` is the step along it).
  ///
  /// - Returns: whether the band changed: there is something to announce or cancel.
  /// - Complexity: that of ``_Prefetcher/update(scrolledBy:display:distance:displayed:query:)``.
  @inline(__always)
  @inlinable
  func _updatePrefetching(scrolledBy dy: Double, display: Rect, horizontal: Bool) -> Bool {
    let distance = prefetchDistance
    if _prefetcher.updateWithoutBand(scrolledBy: dy, distance: distance) { return false }
    return _displayed.withUnsafeBufferPointer { displayed in
      _prefetcher.update(scrolledBy: dy, display: display, distance: distance, horizontal: horizontal, displayed: displayed) {
        layout.elements(in: $0, into: &$1)
      }
    }
  }

  /// Step 6, the delegate: the update just made, in the order ``CollectionViewDelegate`` gives.
  ///
  /// - Complexity: O(a + d) delegate calls for a appeared and d disappeared elements.
  @inlinable
  func _notify(scrolled: Bool, prefetchChanged: Bool) {
    guard let delegate else { return }
    for k in 0..<_update._disappeared.count {
      let element = _update._disappeared[k]
      let path = element.attributes.path
      if path.kind == .item {
        delegate.collectionView(self, didEndDisplaying: element.cell, forItemAt: ItemPath(item: path.item, section: path.section))
      } else {
        delegate.collectionView(
          self, didEndDisplayingSupplementaryView: element.cell, forElementOfKind: path.kind, inSection: path.section)
      }
    }
    for k in 0..<_update._appeared.count {
      let element = _update._appeared[k]
      let path = element.attributes.path
      if path.kind == .item {
        delegate.collectionView(self, willDisplay: element.cell, forItemAt: ItemPath(item: path.item, section: path.section))
      } else {
        delegate.collectionView(
          self, willDisplaySupplementaryView: element.cell, forElementKind: path.kind, inSection: path.section)
      }
    }
    if prefetchChanged {
      let (cancelled, added) = (_prefetcher.cancelled, _prefetcher.added)
      if !cancelled.isEmpty { delegate.collectionView(self, cancelPrefetchingForItemsAt: cancelled) }
      if !added.isEmpty { delegate.collectionView(self, prefetchItemsAt: added) }
    }
    if !_update.isEmpty { delegate.collectionView(self, didUpdateDisplayedElements: _update) }
    if scrolled { delegate.collectionViewDidScroll(self) }
  }

  #if CASCADE_INTERNAL_CHECKS
  /// Stops when the displayed set is not exactly `window`'s answer (paths and attributes).
  @usableFromInline
  func _checkDisplayedIsWindow(_ window: VisibleWindow) {
    let elements = window.elements
    precondition(_displayed.count == elements.count, "displayed \(_displayed.count) elements, the window \(elements.count)")
    for (entry, attributes) in zip(_displayed, elements) {
      precondition(entry.path == attributes.path && entry.attributes == attributes, "displayed \(entry.attributes), the window \(attributes)")
    }
  }
  #endif

  /// The index in `_displayed` of the element at `path`.
  ///
  /// - Complexity: O(log k) for k displayed elements.
  @inlinable
  func _displayedIndex(of path: ElementPath) -> Int? {
    _displayed.withUnsafeBufferPointer { _Entry.index(of: path, in: $0) }
  }

  /// Throws when called from inside a data source or delegate callback of an update.
  @inlinable
  func _beginUpdate() throws(CollectionViewError) {
    if _isUpdating { throw .reentrantUpdate }
    _isUpdating = true
  }
}
