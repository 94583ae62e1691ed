import Cascade

/// One change of the displayed set: what a toolkit applies to its view hierarchy.
///
/// Each list is in spec order (section, header, items by index, footer); `disappeared` by the
/// paths the elements had, the others by their paths now. A cell in `disappeared` is back in
/// the reuse pool and may be, on the spot, a cell of `appeared`: remove before you add.
///
///     let update = try view.setContentOffset(Point(x: 0, y: 1200))
///     for gone in update.disappeared { canvas.remove(gone.cell) }
///     for new in update.appeared { canvas.add(new.cell, at: new.frame) }
///     for move in update.moved { canvas.move(move.cell, to: move.to.frame) }
///
/// The view keeps the storage of its last update and reuses it, so a toolkit that drops the
/// value before the next change lets the next step allocate nothing.
public struct CollectionViewUpdate<Cell: AnyObject> {
  /// Elements that came into the display rect, with their new cells.
  public internal(set) var appeared: [DisplayedElement<Cell>] = []
  /// Elements that left it (scrolled away, deleted, reloaded), with the cells they had.
  public internal(set) var disappeared: [DisplayedElement<Cell>] = []
  /// Elements still displayed whose path or frame changed.
  public internal(set) var moved: [MovedElement<Cell>] = []
  /// The content offset before the change.
  public internal(set) var previousContentOffset: Point = .zero
  /// The content offset after it.
  public internal(set) var contentOffset: Point = .zero

  /// Creates an empty update.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Whether nothing appeared, disappeared or moved.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { appeared.isEmpty && disappeared.isEmpty && moved.isEmpty }

  mutating func _clear(from previous: Point, to current: Point) {
    appeared.removeAll(keepingCapacity: true)
    disappeared.removeAll(keepingCapacity: true)
    moved.removeAll(keepingCapacity: true)
    previousContentOffset = previous
    contentOffset = current
  }
}
