import Cascade

/// An element the view displays: where it goes and the cell that shows it.
public struct DisplayedElement<Cell: AnyObject> {
  /// The element's path and frame, in content coordinates.
  public var attributes: LayoutAttributes
  /// The cell (or supplementary view) that shows it.
  public var cell: Cell

  /// Creates a displayed element.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(attributes: LayoutAttributes, cell: Cell) {
    self.attributes = attributes
    self.cell = cell
  }

  /// The element's path.
  @inlinable public var path: ElementPath { attributes.path }
  /// The element's frame, in content coordinates.
  @inlinable public var frame: Rect { attributes.frame }
}

/// A displayed element that stayed displayed but whose path or frame changed (a width change,
/// items inserted above it).
public struct MovedElement<Cell: AnyObject> {
  /// Its path and frame before.
  public var from: LayoutAttributes
  /// Its path and frame now.
  public var to: LayoutAttributes
  /// The cell, the same instance before and after.
  public var cell: Cell

  /// Creates a moved element.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(from: LayoutAttributes, to: LayoutAttributes, cell: Cell) {
    self.from = from
    self.to = to
    self.cell = cell
  }
}

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

/// How ``CollectionView/scrollToItem(at:position:)`` places an item in the viewport.
public enum ScrollPosition: Hashable, Sendable, CaseIterable {
  /// The item's top at the top of the viewport (below the top content inset).
  case top
  /// The item's centre at the centre of the viewport (between the insets).
  case centeredVertically
  /// The item's bottom at the bottom of the viewport (above the bottom content inset).
  case bottom
  /// The least scroll that shows the whole item: none when it already is, else `top` when it is
  /// above or taller than the viewport, `bottom` when it is below.
  case nearest
}

/// How many cells a view has made, reused and let go.
public struct ReuseStatistics: Hashable, Sendable, CustomStringConvertible {
  /// Cells (and supplementary views) made by a registered factory.
  public var created = 0
  /// Cells handed out again from a reuse pool.
  public var reused = 0
  /// Cells dropped because their pool was at its capacity.
  public var discarded = 0

  /// Creates statistics; every count defaults to 0.
  ///
  /// - Complexity: O(1).
  public init(created: Int = 0, reused: Int = 0, discarded: Int = 0) {
    self.created = created
    self.reused = reused
    self.discarded = discarded
  }

  public var description: String { "created \(created), reused \(reused), discarded \(discarded)" }
}
