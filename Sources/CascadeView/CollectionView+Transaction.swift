// The transaction reloadData, performBatchUpdates and width changes share, in named steps:
//
//   1. snapshot  keep what may change (`_TransactionSnapshot`: bounds, insets, offset, displayed
//                entries, prefetched items; for the layout, the inverse batch it records or a copy;
//                a full reload keeps the old layout itself, which costs nothing, and no inverse;
//                so does a change whose inverse would keep every item of a section)
//   2. anchor    the topmost visible item (smallest minY, ties leftmost) that survives and is not
//                moved on purpose, and its y in the viewport
//   3. apply     the layout takes the changes; its rejection is relabeled by the remap
//                (`_BatchPlan.invalidUpdate(for:)`), then the remap checks the result
//                (`_BatchPlan.checkCounts`)
//   4. remap     the displayed entries and prefetched items move to their new paths; those gone
//                wait in the scratch's `removed` for the refresh to return their cells
//   5. scroll    the offset moves by as much as the anchor did, clamped to the content (then by
//                the scroll a step asked for, when measurements are applied by a scroll step)
//   6. refresh   the displayed set is diffed and the delegate told (CollectionView+Refresh.swift),
//                with why each element came or went and its frame in the other layout
//                (CollectionView+Transitions.swift)
//
// If any step fails, everything is put back as the snapshot has it.

import Cascade

extension CollectionView {
  /// Applies `changes` to the layout with new bounds and insets, moves the displayed paths as
  /// `remap` says, anchors the first visible surviving item when `anchored`, moves the offset by
  /// `scroll` (a scroll asked for with the changes: measurements applied by a scroll step), and
  /// refreshes. Puts everything back if any step fails.
  ///
  /// `keepsOldLayout` (a full reload): the layout before the changes is kept as it is to roll
  /// back to, and no inverse is recorded (the inverse of deleting every section would copy every
  /// old item, O(n); the kept layout is the old storage itself, no copy). So it is where the
  /// layout says its inverse would keep every item of a section (``_inverseKeepsSections(_:)``).
  ///
  /// Inlinable, like the refresh it ends with, so that a batch is specialized for the toolkit's
  /// `Cell` and `Layout`: run generic, its steps copied the layout for each property they read
  /// and looked up array metadata at every turn (see `Docs/PerformanceRounds.md`, round twenty).
  @inlinable
  func _transaction<Remap: _TransactionRemap>(
    _ changes: [Layout.Change], bounds newBounds: Size? = nil, contentInset newInset: EdgeInsets? = nil,
    anchored: Bool, remap: Remap, scroll: Point = Point(x: 0, y: 0), keepsOldLayout: Bool = false
  ) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    var snapshot = _snapshot(keepingLayout: keepsOldLayout || (Self._mayForget(changes) && _inverseKeepsSections(changes)))
    let anchor = anchored ? _anchor(remap) : nil
    if newBounds != nil || newInset != nil { _setGeometry(bounds: newBounds, contentInset: newInset) }
    // The inverse is recorded in the buffer the last transaction used (empty, its capacity
    // kept), and the buffer given back when this one succeeds.
    swap(&snapshot.undo, &_spareUndo)
    do throws(CollectionViewError) {
      try _applyChanges(changes, remap: remap, recordingInverseIn: &snapshot.undo, recording: snapshot.layout == nil)
    } catch {
      _restore(snapshot)
      throw error
    }
    _remapDisplayed(remap)
    let focusAndSelection = _remapFocusAndSelection(remap)
    _scrollToKeep(anchor)
    _contentOffset = Point(x: _contentOffset.x + scroll.x, y: _contentOffset.y + scroll.y)
    do throws(CollectionViewError) {
      let update = try _refresh(from: snapshot.contentOffset) { update in
        _describeTransition(&update, remap: remap, changes: changes, snapshot: snapshot)
      }
      _dropDisplayedBefore()
      snapshot.undo.removeAll(keepingCapacity: true)
      swap(&snapshot.undo, &_spareUndo)
      return update
    } catch {
      _restore(snapshot)
      (_focusedItem, _selection) = focusAndSelection
      throw error
    }
  }

  /// Whether `changes` hold a change that can make items forget what they remember of their
  /// placement: a width (a height) or section parameters. Only then is the layout asked
  /// (``_inverseKeepsSections(_:)``), whose run-time cast added about 0.2 µs, 5%, to every
  /// batch of `view.batchUpdate`. Inlinable, so that the scan is specialized for the layout's
  /// changes (run generic, it also allocated once a batch).
  ///
  /// - Complexity: O(c) for c changes.
  @inlinable
  static func _mayForget(_ changes: [Layout.Change]) -> Bool {
    for change in changes {
      switch change {
      case .setWidth, .setHeight, .setSectionParameters: return true
      default: continue
      }
    }
    return false
  }

  /// Whether the inverse of `changes` would keep every item of some section (a waterfall with
  /// `keepColumns` whose width changes a section's column count, or new section parameters):
  /// the transaction then keeps the layout before the changes to roll back to and to read the
  /// frames before from, which costs one copy of the storage the changes rewrite anyway, where
  /// the inverse would copy every item and a look at the frames before would undo and redo the
  /// batch. Only asked when ``_mayForget(_:)``. Out of line: the layout's type is opened as the
  /// type it is, as in ``_apply(_:recordingInverseIn:)``.
  ///
  /// - Complexity: O(c + s) for c changes and s sections when the layout answers; O(1)
  ///   otherwise.
  @usableFromInline
  func _inverseKeepsSections(_ changes: [Layout.Change]) -> Bool {
    guard let costly = Layout.self as? any _InverseCost.Type else { return false }
    func ask<L: _InverseCost>(as _: L.Type) -> Bool {
      // `L` is `Layout` itself (the cast above succeeded on `Layout.self`).
      precondition(L.self == Layout.self)
      return withUnsafePointer(to: &_layout) { pointer in
        pointer.withMemoryRebound(to: L.self, capacity: 1) { layout in
          layout.pointee._inverseKeepsSections(of: unsafeBitCast(changes, to: [L.Change].self))
        }
      }
    }
    return ask(as: costly)
  }

  /// The new bounds and insets of a transaction that changes them. Out of line: the two
  /// setters are internal.
  @usableFromInline
  func _setGeometry(bounds newBounds: Size?, contentInset newInset: EdgeInsets?) {
    if let newBounds { bounds = newBounds }
    if let newInset { contentInset = newInset }
  }

  /// Step 1: what the transaction may change.
  @inlinable
  func _snapshot(keepingLayout: Bool = false) -> _TransactionSnapshot<Cell, Layout> {
    _TransactionSnapshot(
      layout: !keepingLayout && Layout.self is any InvertibleCollectionLayout.Type ? nil : layout,
      bounds: bounds, contentInset: contentInset, contentOffset: contentOffset,
      prefetched: _prefetcher.prefetched)
  }

  /// Puts back what `snapshot` kept. Out of line: only a failed transaction runs it.
  @usableFromInline
  func _restore(_ snapshot: _TransactionSnapshot<Cell, Layout>) {
    if let layout = snapshot.layout {
      self.layout = layout
    } else if !snapshot.undo.isEmpty {
      // The inverse of a batch the layout accepted is valid by construction (and tested so).
      try? layout.apply(snapshot.undo)
    }
    bounds = snapshot.bounds
    contentInset = snapshot.contentInset
    contentOffset = snapshot.contentOffset
    if _scratch.holdsDisplayedBefore { swap(&_displayed, &_scratch.displayedBefore) }
    _dropDisplayedBefore()
    _prefetcher.prefetched = snapshot.prefetched
    _scratch.removed.removeAll(keepingCapacity: true)
    _scratch.syncedMove = nil
  }

  /// Step 2: the item the user sees on top: among the items at least partly visible that survive
  /// and may anchor, the one with the smallest minY (ties: the leftmost), with its y in the
  /// viewport.
  ///
  /// - Complexity: O(k) for k displayed elements.
  @inlinable
  func _anchor(_ remap: some _TransactionRemap) -> (path: ElementPath, viewportY: Double)? {
    let viewport = self.viewport
    let orientation = _layout.orientation
    let direction = _layout.direction
    var best: (path: ElementPath, frame: Rect)?
    // The entries read in place, each field through its address (a copy of an entry retains its
    // cell): nothing writes `_displayed` during the search.
    let displayed = _displayed._unsafeElements
    for k in displayed.indices {
      let entry = displayed.baseAddress! + k
      guard entry.pointee.path.kind == .item else { continue }
      let frame = entry.pointee.attributes.frame
      guard frame.intersects(viewport) else { continue }
      if let best, !Self._precedesInReadingOrder(frame, best.frame, orientation, direction) { continue }
      guard remap.isAnchorable(entry.pointee.path), let path = remap.map(entry.pointee.path) else { continue }
      best = (path, frame)
    }
    guard let best else { return nil }
    return (best.path, _anchorCoordinate(best.frame) - _alongAxis(_contentOffset))
  }

  /// Whether `a` comes before `b` for the eye: the topmost (smallest `minY`, ties to the
  /// leftmost) in a vertical collection; along x in a horizontal one, from the left, or from the
  /// right when it reads right to left, ties to the topmost. The layout's `orientation` and
  /// `direction` are read once by the caller: each read of a property of a generic layout
  /// through the view's property may copy the layout.
  @inlinable
  static func _precedesInReadingOrder(
    _ a: Rect, _ b: Rect, _ orientation: LayoutOrientation, _ direction: LayoutDirection
  ) -> Bool {
    guard orientation == .horizontal else { return (a.minY, a.minX) < (b.minY, b.minX) }
    if direction == .rightToLeft { return (-a.maxX, a.minY) < (-b.maxX, b.minY) }
    return (a.minX, a.minY) < (b.minX, b.minY)
  }

  /// Step 3: the layout takes `changes`, recording their inverse in `undo` when `recording` and
  /// it can; `remap` relabels a rejection and checks the result. After a throw, `undo` still
  /// undoes what was applied.
  @inlinable
  func _applyChanges(
    _ changes: [Layout.Change], remap: some _TransactionRemap, recordingInverseIn undo: inout [Layout.Change],
    recording: Bool
  ) throws(CollectionViewError) {
    if !changes.isEmpty {
      do throws(LayoutError) {
        if recording { try _apply(changes, recordingInverseIn: &undo) } else { try _layout.apply(changes) }
      } catch {
        throw remap.error(for: error)
      }
    }
    try remap.check(_layout)
  }

  /// Step 4: the displayed entries and prefetched items under their new paths, in spec order;
  /// the entries gone wait in `_scratch.removed`, and the entries as they were in
  /// `_scratch.displayedBefore` until the transaction ends (``_restore(_:)`` puts them back).
  ///
  /// - Complexity: O(k) calls of `remap`, plus a sort when the order changed (moves); allocates
  ///   nothing once the buffers have grown.
  @inlinable
  func _remapDisplayed(_ remap: some _TransactionRemap) {
    _scratch.removed.removeAll(keepingCapacity: true)
    _scratch.syncedMove = nil
    // The entries as they were, copied in one go into the spare buffer's storage (a snapshot
    // sharing the array made the edit below copy it into a fresh allocation instead).
    _scratch.displayedBefore._removeAllKeepingCapacity()
    _scratch.displayedBefore.append(contentsOf: _displayed)
    _scratch.holdsDisplayedBefore = true
    var kept = 0
    var sorted = true
    // In place: each path rewritten through the entry's address, and each survivor moved down
    // over the removed by a swap, which moves without a retain.
    _displayed.withUnsafeMutableBufferPointer { displayed in
      for k in displayed.indices {
        guard let path = remap.map(displayed[k].path) else {
          _scratch.removed.append(displayed[k])
          continue
        }
        displayed[k].path = path
        if kept > 0 && !(displayed[kept - 1].path < path) { sorted = false }
        if k != kept { displayed.swapAt(kept, k) }
        kept += 1
      }
    }
    _displayed.removeSubrange(kept...)
    if !sorted { _displayed.sort { $0.path < $1.path } }
    _prefetcher.remap { remap.map($0) }
  }

  /// Ends a transaction's hold on the entries as they were: emptied, the capacity kept.
  @inlinable
  func _dropDisplayedBefore() {
    _scratch.displayedBefore._removeAllKeepingCapacity()
    _scratch.holdsDisplayedBefore = false
  }

  /// Step 5: the offset that keeps the anchor where it was in the viewport, clamped.
  @inlinable
  func _scrollToKeep(_ anchor: (path: ElementPath, viewportY: Double)?) {
    if let anchor, let frame = _layout.layoutAttributes(for: anchor.path)?.frame {
      if _layout.orientation == .horizontal {
        _contentOffset.x = _anchorCoordinate(frame) - anchor.viewportY
      } else {
        _contentOffset.y = frame.minY - anchor.viewportY
      }
    }
    _contentOffset = clampedContentOffset(_contentOffset)
  }

  /// Applies `changes` to the layout; when the layout is an ``InvertibleCollectionLayout``, sets
  /// `inverse` to the batch that undoes them, and otherwise leaves it empty.
  ///
  /// `CollectionView` takes any `CollectionLayout`, so whether its layout records an inverse is
  /// known only at run time: the layout's type is opened as the invertible type it is, and the
  /// layout is mutated in place through it (no copy, which copy-on-write would turn into O(n)).
  ///
  /// - Complexity: that of the layout's `apply`.
  @inlinable
  func _apply(_ changes: [Layout.Change], recordingInverseIn inverse: inout [Layout.Change]) throws(LayoutError) {
    guard let invertible = Layout.self as? any InvertibleCollectionLayout.Type else {
      try _layout.apply(changes)
      return
    }
    func apply<L: InvertibleCollectionLayout>(as _: L.Type) throws(LayoutError) {
      // `L` is `Layout` itself (the cast above succeeded on `Layout.self`), so the layout, the
      // changes and the inverse are reinterpreted as the very same types.
      precondition(L.self == Layout.self)
      var changesAsL = unsafeBitCast(changes, to: [L.Change].self)
      defer { _fixLifetime(changesAsL); changesAsL = [] }
      // The inverse goes into `inverse`'s own buffer (moved out, so that it stays uniquely
      // referenced and the layout writes it in place).
      var inverseAsL = unsafeBitCast(inverse, to: [L.Change].self)
      inverse = []
      try withUnsafeMutablePointer(to: &_layout) { (pointer) throws(LayoutError) in
        try pointer.withMemoryRebound(to: L.self, capacity: 1) { (layout) throws(LayoutError) in
          try layout.pointee.apply(changesAsL, inverse: &inverseAsL)
        }
      }
      inverse = unsafeBitCast(inverseAsL, to: [Layout.Change].self)
    }
    try apply(as: invertible)
  }
}
