import Cascade
import CascadeView
import Testing

@Suite struct GenericLayoutTests {
  /// No `parametersForSection`: `TestListLayout.Parameters` conforms to `DefaultSectionParameters`.
  final class Source: CollectionViewDataSource {
    var heights: [Double] = Array(repeating: 50, count: 100)
    func collectionView(_ view: CollectionView<TestCell, TestListLayout>, numberOfItemsInSection section: Int) -> Int {
      heights.count
    }
    func collectionView(_ view: CollectionView<TestCell, TestListLayout>, layoutItemAt path: ItemPath) -> Double {
      heights[path.item]
    }
    func collectionView(
      _ view: CollectionView<TestCell, TestListLayout>, cellForItemAt path: ItemPath
    ) throws(CollectionViewError) -> TestCell {
      let cell = try view.dequeueReusableCell(withReuseIdentifier: "row", for: path)
      cell.shows = .item(path.item, section: path.section)
      return cell
    }
  }

  /// The same view over another layout: a plain list of 50-point rows.
  @Test func listLayout() throws {
    let source = Source()
    let view = CollectionView<TestCell, TestListLayout>(layout: TestListLayout(width: 100), bounds: Size(width: 320, height: 200))
    view.register(forCellWithReuseIdentifier: "row") { TestCell("row", serial: 0) }
    view.dataSource = source
    try view.reloadData()
    #expect(view.layout.width == 320)
    #expect(view.indexPathsForVisibleItems == (0..<4).map { ItemPath(item: $0, section: 0) })
    let update = try view.setContentOffset(Point(x: 0, y: 1000))
    #expect(update.appeared.map(\.path) == (20..<24).map { .item($0, section: 0) })
    #expect(view.reuseStatistics == ReuseStatistics(created: 4, reused: 4, discarded: 0))
    // Three rows inserted above: the first visible row (20) stays at the top of the viewport.
    let cell20 = view.cellForItem(at: ItemPath(item: 20, section: 0))
    source.heights.insert(contentsOf: [50, 50, 50], at: 0)
    try view.performBatchUpdates([.insertItems(0..<3, section: 0)])
    #expect(view.contentOffset.y == 1150)
    #expect(view.cellForItem(at: ItemPath(item: 23, section: 0)) === cell20)
    try view.scrollToItem(at: ItemPath(item: 102, section: 0), position: .bottom)
    #expect(view.contentOffset.y == 103 * 50 - 200)
  }
}
