import Cascade

/// What a collection view asks of the app: counts, the layout's description of each item, and
/// cells.
///
/// The view holds its data source weakly. It asks for counts and item descriptions in
/// ``CollectionView/reloadData()`` and ``CollectionView/performBatchUpdates(_:)``, and for a
/// cell only when an element comes into the display rect (the viewport plus the overscan), so a
/// million-item collection asks for a screenful of cells.
///
///     final class Photos: CollectionViewDataSource {
///       var heights: [Double] = [120, 80, 200]
///       func collectionView(_ view: CollectionView<Box, WaterfallLayout>, numberOfItemsInSection section: Int) -> Int {
///         heights.count
///       }
///       func collectionView(_ view: CollectionView<Box, WaterfallLayout>, layoutItemAt path: ItemPath) -> WaterfallItem {
///         .height(heights[path.item])
///       }
///       func collectionView(
///         _ view: CollectionView<Box, WaterfallLayout>, cellForItemAt path: ItemPath
///       ) throws(CollectionViewError) -> Box {
///         let box = try view.dequeueReusableCell(withReuseIdentifier: "box", for: path)
///         box.text = "#\(path.item)"
///         return box
///       }
///     }
public protocol CollectionViewDataSource<Cell, Layout>: AnyObject {
  /// The toolkit's view type, shared by cells and supplementary views.
  associatedtype Cell: AnyObject
  /// The layout the view uses.
  associatedtype Layout: CollectionLayout

  /// The number of sections. Default 1.
  ///
  /// - Complexity: asked once per reload or batch; keep it O(1).
  func numberOfSections(in collectionView: CollectionView<Cell, Layout>) -> Int

  /// The number of items in `section`.
  ///
  /// - Complexity: asked for every section per reload or batch, and by a batch once more per
  ///   item it inserts or reloads (to ask for items only at paths the data source has); keep it
  ///   O(1).
  func collectionView(_ collectionView: CollectionView<Cell, Layout>, numberOfItemsInSection section: Int) -> Int

  /// What the layout needs to know about the item at `path` (its height, size, span...).
  ///
  /// - Complexity: asked once per item by ``CollectionView/reloadData()``, and once per inserted
  ///   or reloaded item by ``CollectionView/performBatchUpdates(_:)``; keep it O(1).
  func collectionView(_ collectionView: CollectionView<Cell, Layout>, layoutItemAt path: ItemPath) -> Layout.Item

  /// Every item of `section` at once, for a data source that keeps its layout items in an
  /// array: ``CollectionView/reloadData()`` and a batch's inserted sections then take the array
  /// as it is (shared, not copied) instead of asking ``collectionView(_:layoutItemAt:)`` item
  /// by item. `nil` asks item by item; that is the default.
  ///
  /// The array must hold exactly ``collectionView(_:numberOfItemsInSection:)`` items; otherwise
  /// the call that asked throws ``CollectionViewError/layoutItemsCountMismatch(section:items:numberOfItems:)``
  /// and changes nothing. Sizes measured through self-sizing still replace the estimates.
  ///
  ///     func collectionView(_ view: CollectionView<Box, WaterfallLayout>, layoutItemsInSection section: Int) -> [WaterfallItem]? {
  ///       items  // the array this data source keeps
  ///     }
  ///
  /// - Complexity: asked once per section a reload or batch builds; keep it O(1), returning an
  ///   array you hold. (Asked item by item instead, every item costs a call and a copy into an
  ///   array of its own: at a million items, five times `reloadData()`'s time with whole
  ///   sections in the benchmarks, mostly that array's page faults; see
  ///   Docs/PerformanceRounds.md, "A data source asked item by item".)
  func collectionView(_ collectionView: CollectionView<Cell, Layout>, layoutItemsInSection section: Int) -> [Layout.Item]?

  /// The first `count` items of `section`, asked one by one with
  /// ``collectionView(_:layoutItemAt:)``: how the view gathers a section it builds when
  /// ``collectionView(_:layoutItemsInSection:)`` gives `nil`. Not for implementing: keep the
  /// default.
  ///
  /// It is a requirement only so that its default, which is `@inlinable`, is compiled where the
  /// data source conforms, for the data source's own types: the loop then calls
  /// ``collectionView(_:layoutItemAt:)`` directly and stores each item as a copy of a known
  /// type. Written in the view module, it ran as generic code: a call through the protocol, a
  /// copy by value witness and an unspecialized append per item.
  ///
  /// - Complexity: O(count) calls of ``collectionView(_:layoutItemAt:)``.
  func _collectionView(
    _ collectionView: CollectionView<Cell, Layout>, layoutItemsOneByOneInSection section: Int, count: Int
  ) -> [Layout.Item]

  /// The layout parameters `section` overrides. Default: none
  /// (``DefaultSectionParameters/noOverrides``), for a layout whose section parameters conform
  /// to ``DefaultSectionParameters``, as ``WaterfallLayout``'s and ``ListLayout``'s do; a data
  /// source of any other layout implements it.
  ///
  /// - Complexity: asked once per section built; keep it O(1).
  func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, parametersForSection section: Int
  ) -> Layout.SectionParameters

  /// The cell for the item at `path`, obtained with
  /// ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)`` and configured.
  ///
  /// - Complexity: asked once each time an item enters the display rect: this is on the scroll
  ///   path, so configure without allocating if steps should allocate nothing.
  func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, cellForItemAt path: ItemPath
  ) throws(CollectionViewError) -> Cell

  /// The header or footer view of `section`, obtained with
  /// ``CollectionView/dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:inSection:)``.
  /// Asked only when the layout gives the section that element. Default: throws
  /// ``CollectionViewError/noSupplementaryView(_:)``.
  ///
  /// - Complexity: asked once each time a header or footer enters the display rect.
  func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, viewForSupplementaryElementOfKind kind: ElementKind,
    inSection section: Int
  ) throws(CollectionViewError) -> Cell
}

extension CollectionViewDataSource {
  /// One section.
  ///
  /// - Complexity: O(1).
  public func numberOfSections(in collectionView: CollectionView<Cell, Layout>) -> Int { 1 }

  /// `nil`: the view asks ``collectionView(_:layoutItemAt:)`` for each item.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, layoutItemsInSection section: Int
  ) -> [Layout.Item]? {
    nil
  }

  /// Asks ``collectionView(_:layoutItemAt:)`` for items `0 ..< count` of `section`, in order.
  ///
  /// - Complexity: O(count) calls.
  @inlinable
  public func _collectionView(
    _ collectionView: CollectionView<Cell, Layout>, layoutItemsOneByOneInSection section: Int, count: Int
  ) -> [Layout.Item] {
    (0..<Swift.max(0, count)).map { self.collectionView(collectionView, layoutItemAt: ItemPath(item: $0, section: section)) }
  }

  /// No supplementary views: throws ``CollectionViewError/noSupplementaryView(_:)``.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, viewForSupplementaryElementOfKind kind: ElementKind,
    inSection section: Int
  ) throws(CollectionViewError) -> Cell {
    throw .noSupplementaryView(ElementPath(kind: kind, section: section))
  }
}

extension CollectionViewDataSource where Layout.SectionParameters: DefaultSectionParameters {
  /// No overrides: every section takes the layout's parameters
  /// (``DefaultSectionParameters/noOverrides``).
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView<Cell, Layout>, parametersForSection section: Int
  ) -> Layout.SectionParameters {
    .noOverrides
  }
}
