import Cascade

/// The free cells of one reuse identifier and how to make more.
struct _ReusePool<Cell: AnyObject> {
  let identifier: String
  let make: () -> Cell
  let prepare: ((Cell) -> Void)?
  var capacity: Int
  /// A stack: the last cell returned is the first handed out again.
  var free: [Cell] = []
}

/// One pool operation of the update in progress, so that a failing update can undo them all.
enum _PoolEvent<Cell: AnyObject> {
  /// A cell went onto pool `pool`'s stack.
  case pushed(pool: Int)
  /// `cell` came off pool `pool`'s stack.
  case popped(pool: Int, cell: Cell)
  /// A new cell was made.
  case created
}

/// A displayed element as the view keeps it.
struct _Entry<Cell: AnyObject> {
  /// Its path now: after a batch of updates, where the element has gone; the key of the order.
  var path: ElementPath
  /// Its path and frame as last reported to the toolkit.
  var attributes: LayoutAttributes
  var cell: Cell
  /// The pool the cell returns to.
  var pool: Int
}
