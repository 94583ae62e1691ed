// Animation information for a transaction's update (batch updates, snapshots, width changes,
// reloadData): why each element appeared or disappeared, and where it is in the other layout
// (Docs/Presentation.md, "Animation information"). A plain scroll step needs none of this: it
// fills the information itself (CollectionView+Refresh.swift).
//
//   - disappeared: the remap's `destination(of:)` the element's old path → deleted, reloaded or
//     scrolled out, with the new layout's attributes at its new path;
//   - appeared: the remap's `origin(of:)` its new path → inserted, reloaded or scrolled in, with
//     the old layout's attributes at its old path. An element displayed before (a reloaded item)
//     has them in its disappearance; the others are read from the old layout, which the
//     transaction brings back for the look-up by applying the inverse it recorded and then its
//     changes again (or reads from its copy, for a layout that records no inverse).
//
// An element whose counterpart has no element in the other layout (a section reloaded with
// fewer items, a header that a reload removed) counts as inserted or deleted.

import Cascade

extension CollectionView {
  /// Rewrites the reasons and the frames in the other layout of `update`, which the refresh of a
  /// transaction just made, from `remap` and the layout before `changes` (`snapshot`).
  ///
  /// - Complexity: O((a + d)·(u + log n)) for a appeared and d disappeared elements and u
  ///   updates, plus O(a·d) to find reloaded elements' last frames, plus, when elements that
  ///   were not displayed before appear, the layout's `apply` of the inverse and of the changes.
  @inlinable
  func _describeTransition(
    _ update: inout CollectionViewUpdate<Cell>, remap: some _TransactionRemap, changes: [Layout.Change],
    snapshot: _TransactionSnapshot<Cell, Layout>
  ) {
    for k in update._disappeared.indices {
      (update._disappeared[k].reason, update._disappeared[k].finalAttributes) =
        _disappearance(remap.destination(of: update._disappeared[k].path))
    }
    // Origins of the appeared elements; those to read in the old layout wait in `pending`.
    var pending: [(index: Int, path: ElementPath, reloaded: Bool)] = []
    for k in update._appeared.indices {
      switch remap.origin(of: update._appeared[k].path) {
      case .none:
        (update._appeared[k].reason, update._appeared[k].initialAttributes) = (.inserted, nil)
      case .reloadedWithoutIdentity:
        (update._appeared[k].reason, update._appeared[k].initialAttributes) = (.reloaded, nil)
      case .at(let path, let reloaded):
        if path.kind != .header, let shown = update._disappeared.first(where: { $0.path == path }) {
          // Displayed before, and gone: reloaded. Its last attributes are the old layout's.
          (update._appeared[k].reason, update._appeared[k].initialAttributes) = (reloaded ? .reloaded : .scrolledIn, shown.attributes)
        } else {
          pending.append((k, path, reloaded))
        }
      }
    }
    guard !pending.isEmpty else { return }
    if !reportsInitialFrames && !pending.contains(where: \.reloaded) {
      // An element the change did not reload had an element at its origin (the remap follows
      // only existing elements there), so it came into view: no need for the old layout.
      for p in pending { (update._appeared[p.index].reason, update._appeared[p.index].initialAttributes) = (.scrolledIn, nil) }
      return
    }
    let found = _attributesBeforeTransaction(pending.map(\.path), changes: changes, snapshot: snapshot)
    for (p, attributes) in zip(pending, found) {
      let reason: AppearanceReason = attributes == nil ? .inserted : p.reloaded ? .reloaded : .scrolledIn
      (update._appeared[p.index].reason, update._appeared[p.index].initialAttributes) =
        (reason, reportsInitialFrames ? attributes : nil)
    }
  }

  /// Why an element displayed before a transaction went, from its `destination`, and its
  /// attributes in the layout after.
  ///
  /// - Complexity: O(log n).
  @inlinable
  func _disappearance(_ destination: _Counterpart) -> (DisappearanceReason, LayoutAttributes?) {
    switch destination {
    case .none: return (.deleted, nil)
    case .reloadedWithoutIdentity: return (.reloaded, nil)
    case .at(let path, let reloaded):
      guard let attributes = _layout.layoutAttributes(for: path) else { return (.deleted, nil) }
      return (reloaded ? .reloaded : .scrolledOut, attributes)
    }
  }

  /// The attributes of `paths` in the layout before the transaction's `changes`: read from the
  /// snapshot's copy of a layout that records no inverse; else the layout goes back (the
  /// recorded inverse), is read, and takes the changes again, ending as it was.
  ///
  /// - Complexity: O(p·log n) for p paths, plus the layout's `apply` of the inverse and of the
  ///   changes when they are not empty. Out of line: most transactions read nothing of the old
  ///   layout.
  @usableFromInline
  func _attributesBeforeTransaction(
    _ paths: [ElementPath], changes: [Layout.Change], snapshot: _TransactionSnapshot<Cell, Layout>
  ) -> [LayoutAttributes?] {
    if let old = snapshot.layout { return paths.map { old.layoutAttributes(for: $0) } }
    // An empty inverse: the changes changed nothing.
    if snapshot.undo.isEmpty || changes.isEmpty { return paths.map { layout.layoutAttributes(for: $0) } }
    _transitionRoundTrips += 1
    do throws(LayoutError) {
      // No inverse recorded: the changes themselves take the layout forward again. (Recording
      // one copied what the inverse removes or replaces, every item of a section after a width
      // that changed its column count with keepColumns.)
      try layout.apply(snapshot.undo)
    } catch {
      // The inverse of a batch the layout accepted is valid by construction (and tested so);
      // were it refused, the layout would be unchanged, and the frames before unknown.
      return paths.map { _ in nil }
    }
    let found = paths.map { layout.layoutAttributes(for: $0) }
    do throws(LayoutError) {
      try layout.apply(changes)
    } catch {
      // The same changes on the same layout, accepted a moment ago.
      preconditionFailure("the layout refused a batch it had accepted: \(error)")
    }
    return found
  }
}
