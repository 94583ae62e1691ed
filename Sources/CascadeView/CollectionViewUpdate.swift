import Cascade

/// One change of the displayed set: what a toolkit applies to its view hierarchy.
///
/// Each list is in spec order (section, header, items by index, footer); `disappeared` by the
/// paths the elements had, the others by their paths now. A cell in `disappeared` is back in
/// the reuse pool and may be, on the spot, a cell of `appeared`: remove before you add.
///
/// Each element also says why it came or went (``AppearanceReason``, ``DisappearanceReason``)
/// and where it is in the other layout (``AppearedElement/initialAttributes``,
/// ``DisappearedElement/finalAttributes``); moves give both frames. That is what a toolkit
/// animates from (`Docs/Presentation.md`, "Animation information").
///
///     let update = try view.setContentOffset(Point(x: 0, y: 1200))
///     for gone in update.disappeared { canvas.remove(gone.cell) }
///     for new in update.appeared { canvas.add(new.cell, at: new.frame) }
///     for move in update.moved { canvas.move(move.cell, to: move.to.frame) }
///
/// The view keeps the storage of its last update and reuses it, so a toolkit that drops the
/// value before the next change lets the next step allocate nothing.
public struct CollectionViewUpdate<Cell: AnyObject> {
  /// Elements that came into the display rect, with their new cells, why they came and their
  /// frames in the layout before. O(1).
  @inlinable public var appeared: [AppearedElement<Cell>] { _appeared }
  /// Elements that left it (scrolled away, deleted, reloaded), with the cells they had, why they
  /// left and their frames in the layout after. O(1).
  @inlinable public var disappeared: [DisappearedElement<Cell>] { _disappeared }
  /// Elements still displayed whose path or frame changed: from where to where, the same cell.
  /// O(1).
  @inlinable public var moved: [MovedElement<Cell>] { _moved }
  /// The content offset before the change. O(1).
  @inlinable public var previousContentOffset: Point { _previousContentOffset }
  /// The content offset after it. O(1).
  @inlinable public var contentOffset: Point { _contentOffset }

  // Stored apart from the read-only public accessors so that the view's inlinable hot path
  // (specialized in the toolkit's module) can fill them.
  @usableFromInline var _appeared: [AppearedElement<Cell>] = []
  @usableFromInline var _disappeared: [DisappearedElement<Cell>] = []
  @usableFromInline var _moved: [MovedElement<Cell>] = []
  // `Point(x: 0, y: 0)`, not `.zero`: a static property is a global reached through its
  // accessor, a call at every update made.
  @usableFromInline var _previousContentOffset = Point(x: 0, y: 0)
  @usableFromInline var _contentOffset = Point(x: 0, y: 0)

  /// Creates an empty update.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init() {}

  /// An empty update from `previous` to `current`: its lists are the standard library's shared
  /// empty storage, so making and dropping it retains and releases nothing.
  ///
  /// - Complexity: O(1).
  @inlinable
  init(from previous: Point, to current: Point) {
    _previousContentOffset = previous
    _contentOffset = current
  }

  /// Whether nothing appeared, disappeared or moved.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var isEmpty: Bool { _appeared.isEmpty && _disappeared.isEmpty && _moved.isEmpty }

  @inlinable
  mutating func _clear(from previous: Point, to current: Point) {
    _appeared._removeAllKeepingCapacity()
    _disappeared._removeAllKeepingCapacity()
    _moved._removeAllKeepingCapacity()
    _previousContentOffset = previous
    _contentOffset = current
  }
}
