import Cascade

/// The free cells of one reuse identifier and how to make more.
@usableFromInline
struct _ReusePool<Cell: AnyObject> {
  @usableFromInline let identifier: String
  @usableFromInline let make: () -> Cell
  @usableFromInline let prepare: ((Cell) -> Void)?
  @usableFromInline var capacity: Int
  /// A stack: the last cell returned is the first handed out again.
  @usableFromInline var free: [Cell] = []

  init(identifier: String, make: @escaping () -> Cell, prepare: ((Cell) -> Void)?, capacity: Int) {
    self.identifier = identifier
    self.make = make
    self.prepare = prepare
    self.capacity = capacity
  }
}

/// One pool operation of the update in progress, so that a failing update can undo them all.
@usableFromInline
enum _PoolEvent<Cell: AnyObject> {
  /// A cell went onto pool `pool`'s stack.
  case pushed(pool: Int)
  /// `cell` came off pool `pool`'s stack.
  case popped(pool: Int, cell: Cell)
  /// `cell` was made by a pool's factory. Kept, like a popped cell, so that every cell a step
  /// hands out lives until the step ends (``_CellRequest/dequeued`` relies on it); an undo
  /// drops it.
  case created(cell: Cell)
}

/// A displayed element as the view keeps it.
@usableFromInline
struct _Entry<Cell: AnyObject> {
  /// Its path now: after a batch of updates, where the element has gone; the key of the order.
  @usableFromInline var path: ElementPath
  /// Its path and frame as last reported to the toolkit.
  @usableFromInline var attributes: LayoutAttributes
  @usableFromInline var cell: Cell
  /// The pool the cell returns to.
  @usableFromInline var pool: Int

  @inlinable
  init(path: ElementPath, attributes: LayoutAttributes, cell: Cell, pool: Int) {
    self.path = path
    self.attributes = attributes
    self.cell = cell
    self.pool = pool
  }

  /// The index of the entry at `path` in `entries`, sorted by path, by binary search.
  ///
  /// - Complexity: O(log k) for k entries; O(1) for the first entry or a path after the last
  ///   (a scroll step's common cases: what leaves at the top, what comes at the bottom).
  @inlinable
  static func index(of path: ElementPath, in entries: UnsafeBufferPointer<_Entry>) -> Int? {
    let n = entries.count
    if n == 0 || entries[n - 1].path < path { return nil }
    if entries[0].path == path { return 0 }
    let i = entries._firstIndex { !($0.path < path) }
    return i < n && entries[i].path == path ? i : nil
  }
}

/// The cell request in progress: the element the view is asking its data source for, and the
/// cell dequeued for it. A dequeue must name this element (UIKit's rule), once.
@usableFromInline
struct _CellRequest<Cell: AnyObject> {
  /// The element asked for; `nil` outside a request.
  @usableFromInline var path: ElementPath?
  /// The cell dequeued for it, unretained; `nil` until the dequeue. Only its identity is read
  /// (is the cell the data source returned the one it dequeued?), and it is a live cell's: the
  /// journal holds every cell a dequeue hands out, popped or made, until the step ends, so no
  /// other cell can take its address meanwhile. A strong reference here cost a retain and a
  /// release (two atomic operations) per cell handed out.
  @usableFromInline var dequeued: Unmanaged<Cell>?
  /// The pool of the dequeued cell; -1 until the dequeue.
  @usableFromInline var pool: Int

  @inlinable
  init(path: ElementPath?) {
    self.path = path
    self.dequeued = nil
    self.pool = -1
  }

  /// Whether `cell` is the cell dequeued for the request.
  ///
  /// - Complexity: O(1).
  @inlinable
  func hasDequeued(_ cell: Cell) -> Bool {
    dequeued?.toOpaque() == Unmanaged.passUnretained(cell).toOpaque()
  }
}
