import Cascade

/// Why a collection view refused a call.
///
/// Every throwing call of ``CollectionView`` is atomic: when it throws, the view (its layout,
/// content offset, displayed cells, reuse pools and counters) is exactly as it was before the
/// call, and the delegate has heard nothing; only ``CollectionView/lastUpdate`` is left empty.
public enum CollectionViewError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A cell or supplementary view was dequeued with a reuse identifier nobody registered.
  case unregisteredReuseIdentifier(String)
  /// The data source returned a cell that is not the one it dequeued for that element.
  case cellNotDequeued(ElementPath)
  /// A cell was dequeued for `dequeued` while the view was asking for `requested`: another
  /// element, or `nil` when it was asking for none (a dequeue outside the data source's cell
  /// methods, or a second one for the same element).
  case dequeueMismatch(dequeued: ElementPath, requested: ElementPath?)
  /// The layout has a header or footer, and the data source gives no view for it.
  case noSupplementaryView(ElementPath)
  /// The view needed its data source and has none (it is held weakly).
  case noDataSource
  /// An item path outside the collection.
  case itemOutOfRange(ItemPath)
  /// After a batch of updates the layout's counts differ from the data source's: `section` is
  /// `nil` for the number of sections.
  case countMismatch(section: Int?, dataSource: Int, afterUpdates: Int)
  /// Update `index` of a batch is not valid at that point of the batch.
  case invalidUpdate(index: Int, reason: String)
  /// The layout rejected a value (an item or parameter from the data source, or a width).
  case layout(LayoutError)
  /// A data source or delegate callback tried to change the view while it was updating.
  case reentrantUpdate
  /// A snapshot given to ``CollectionView/applySnapshot(_:)`` repeats an identifier.
  case invalidSnapshot(SnapshotDiffError)
  /// A size reported by ``CollectionView/reportMeasuredSize(_:for:)`` for the item at the path
  /// has a component that is not finite or is negative.
  case invalidMeasuredSize(ItemPath, Size)
  /// The data source's ``CollectionViewDataSource/collectionView(_:layoutItemsInSection:)``
  /// gave `items` items for `section`, whose
  /// ``CollectionViewDataSource/collectionView(_:numberOfItemsInSection:)`` is `numberOfItems`.
  case layoutItemsCountMismatch(section: Int, items: Int, numberOfItems: Int)

  public var description: String {
    switch self {
    case .unregisteredReuseIdentifier(let identifier):
      return "no cell registered for reuse identifier \"\(identifier)\""
    case .cellNotDequeued(let path):
      return "\(path): the data source returned a cell it did not dequeue for this element"
    case .dequeueMismatch(let dequeued, let requested?):
      return "\(dequeued): dequeued while the view asked for \(requested)"
    case .dequeueMismatch(let dequeued, nil):
      return "\(dequeued): dequeued while the view asked for no cell (outside a cell request, or twice for one element)"
    case .noSupplementaryView(let path):
      return "\(path): the data source gives no supplementary view"
    case .noDataSource:
      return "the collection view has no data source"
    case .itemOutOfRange(let path):
      return "\(path): index path outside the collection"
    case .countMismatch(let section?, let dataSource, let afterUpdates):
      return "section \(section): the data source has \(dataSource) items, the updates leave \(afterUpdates)"
    case .countMismatch(nil, let dataSource, let afterUpdates):
      return "the data source has \(dataSource) sections, the updates leave \(afterUpdates)"
    case .invalidUpdate(let index, let reason):
      return "update \(index): \(reason)"
    case .layout(let error):
      return "layout: \(error)"
    case .reentrantUpdate:
      return "the collection view was changed from inside one of its own callbacks"
    case .invalidSnapshot(let error):
      return "snapshot: \(error)"
    case .invalidMeasuredSize(let path, let size):
      return "\(path): measured size \(size.width) x \(size.height) must be finite and >= 0"
    case .layoutItemsCountMismatch(let section, let items, let numberOfItems):
      return "section \(section): the data source gave \(items) layout items for it, and says it has \(numberOfItems) items"
    }
  }
}
