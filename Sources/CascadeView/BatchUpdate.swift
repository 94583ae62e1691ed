import Cascade

/// One change to a collection view's content, for ``CollectionView/performBatchUpdates(_:)``.
///
/// As with the core's ``LayoutChange``, a batch is sequential: the indices of each update refer
/// to the state the previous update of the same batch left. The data source already describes
/// the final state; the view asks it for the items of inserted and reloaded elements at the
/// paths they end up at.
///
///     // Data source: one item inserted at 0 and the old item 7 (now 8) removed.
///     try view.performBatchUpdates([
///       .insertItems(0..<1, section: 0),
///       .deleteItems(8..<9, section: 0),
///     ])
public enum BatchUpdate: Hashable, Sendable, CustomStringConvertible {
  /// New items occupy `range` of `section`; the items from `range.lowerBound` on move down.
  case insertItems(Range<Int>, section: Int)
  /// The items in `range` of `section` go away.
  case deleteItems(Range<Int>, section: Int)
  /// One item moves, keeping its cell; `to` is its address once removed from `from`.
  case moveItem(from: ItemPath, to: ItemPath)
  /// The items in `range` of `section` are described and displayed afresh: new layout items from
  /// the data source, new cells.
  case reloadItems(Range<Int>, section: Int)
  /// New sections occupy `range`, filled from the data source's final state.
  case insertSections(Range<Int>)
  /// The sections in `range` go away.
  case deleteSections(Range<Int>)
  /// One section moves, keeping its cells; `to` is its index once removed from `from`.
  case moveSection(from: Int, to: Int)
  /// The sections in `range` are rebuilt from the data source, with new cells.
  case reloadSections(Range<Int>)

  public var description: String {
    switch self {
    case .insertItems(let r, let s): "insert items \(r.lowerBound)..<\(r.upperBound) of section \(s)"
    case .deleteItems(let r, let s): "delete items \(r.lowerBound)..<\(r.upperBound) of section \(s)"
    case .moveItem(let from, let to): "move item (\(from)) to (\(to))"
    case .reloadItems(let r, let s): "reload items \(r.lowerBound)..<\(r.upperBound) of section \(s)"
    case .insertSections(let r): "insert sections \(r.lowerBound)..<\(r.upperBound)"
    case .deleteSections(let r): "delete sections \(r.lowerBound)..<\(r.upperBound)"
    case .moveSection(let from, let to): "move section \(from) to \(to)"
    case .reloadSections(let r): "reload sections \(r.lowerBound)..<\(r.upperBound)"
    }
  }
}
