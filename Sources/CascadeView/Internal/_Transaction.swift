import Cascade

/// What a transaction (`CollectionView._transaction`) does with the displayed elements' paths,
/// and how it judges the layout's answer to its changes.
///
/// Three kinds: a width change keeps every path (`_KeepPaths`), a reload drops them all
/// (`_DropPaths`), a batch of updates moves them as its plan says (`_BatchPlan`).
@usableFromInline
protocol _TransactionRemap {
  /// Where the displayed element at `path` is after the changes; `nil`: it is gone.
  func map(_ path: ElementPath) -> ElementPath?
  /// Whether the element at `path` may anchor the scroll position (it is not moved on purpose).
  func isAnchorable(_ path: ElementPath) -> Bool
  /// The view's error for the layout's rejection of the changes.
  func error(for error: LayoutError) -> CollectionViewError
  /// Checks the layout once it has taken the changes; a throw rolls everything back.
  func check<Layout: CollectionLayout>(_ layout: Layout) throws(CollectionViewError)
  /// Where the element at `path` is after the changes when a reload keeps it (the same element
  /// with new content); `nil`: it is deleted. Focus and selection follow this map.
  func mapFollowingReloads(_ path: ElementPath) -> ElementPath?
  /// Where the element at `path` before the changes is after them, for the update's animation
  /// information (`CollectionView+Transitions.swift`).
  func destination(of path: ElementPath) -> _Counterpart
  /// Where the element at `path` after the changes was before them.
  func origin(of path: ElementPath) -> _Counterpart
}

/// An element's place on the other side of a transaction.
@usableFromInline
enum _Counterpart: Equatable {
  /// At `path` in the other layout, with new content when `reloaded`.
  case at(ElementPath, reloaded: Bool)
  /// Nowhere: the transaction inserted it (an origin) or deleted it (a destination).
  case none
  /// Reloaded without an identity kept: `reloadData()`, which cannot tell which element
  /// became which.
  case reloadedWithoutIdentity
}

extension _TransactionRemap {
  @usableFromInline
  func isAnchorable(_ path: ElementPath) -> Bool { true }
  @usableFromInline
  func error(for error: LayoutError) -> CollectionViewError { .layout(error) }
  @usableFromInline
  func check<Layout: CollectionLayout>(_ layout: Layout) throws(CollectionViewError) {}
  @usableFromInline
  func mapFollowingReloads(_ path: ElementPath) -> ElementPath? { map(path) }
  @usableFromInline
  func destination(of path: ElementPath) -> _Counterpart {
    if let kept = map(path) { return .at(kept, reloaded: false) }
    if let reloaded = mapFollowingReloads(path) { return .at(reloaded, reloaded: true) }
    return .none
  }
}

/// A width or inset change: every element keeps its path.
@usableFromInline
struct _KeepPaths: _TransactionRemap {
  @inlinable init() {}
  @inlinable func map(_ path: ElementPath) -> ElementPath? { path }
  @inlinable func origin(of path: ElementPath) -> _Counterpart { .at(path, reloaded: false) }
}

/// A reload: no element keeps its cell.
struct _DropPaths: _TransactionRemap {
  func map(_ path: ElementPath) -> ElementPath? { nil }
  func destination(of path: ElementPath) -> _Counterpart { .reloadedWithoutIdentity }
  func origin(of path: ElementPath) -> _Counterpart { .reloadedWithoutIdentity }
}

extension _BatchPlan: _TransactionRemap {
  @usableFromInline
  func origin(of path: ElementPath) -> _Counterpart {
    let (previous, reloaded) = BatchUpdate._origin(path, through: updates[...])
    return previous.map { .at($0, reloaded: reloaded) } ?? .none
  }
  @inlinable
  func isAnchorable(_ path: ElementPath) -> Bool { !isMovedOnPurpose(path) }
  @usableFromInline
  func error(for error: LayoutError) -> CollectionViewError { invalidUpdate(for: error) }
  @usableFromInline
  func check<Layout: CollectionLayout>(_ layout: Layout) throws(CollectionViewError) {
    try checkCounts(sections: layout.numberOfSections, itemsInSection: { layout.numberOfItems(inSection: $0) })
  }
}

/// What a transaction may change, kept to put back if a step fails.
@usableFromInline
struct _TransactionSnapshot<Cell: AnyObject, Layout: CollectionLayout> {
  /// A copy of a layout that records no inverse; `nil` for an ``InvertibleCollectionLayout``,
  /// which is rolled back with ``undo`` instead (a copy held across `apply` would make every
  /// section the batch touches copy its storage, O(n) for what is otherwise an O(k) append),
  /// unless the transaction keeps the old layout (a full reload, or a change whose inverse would
  /// keep every item of a section).
  @usableFromInline let layout: Layout?
  /// The batch that undoes the layout's changes, once they are applied.
  @usableFromInline var undo: [Layout.Change] = []
  @usableFromInline let bounds: Size
  @usableFromInline let contentInset: EdgeInsets
  @usableFromInline let contentOffset: Point
  @usableFromInline let prefetched: [ItemPath]

  @inlinable
  init(
    layout: Layout?, bounds: Size, contentInset: EdgeInsets, contentOffset: Point, prefetched: [ItemPath]
  ) {
    self.layout = layout
    self.bounds = bounds
    self.contentInset = contentInset
    self.contentOffset = contentOffset
    self.prefetched = prefetched
  }
}
