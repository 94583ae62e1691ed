import Cascade
import CascadeView
import Testing

/// The view over the core's second layout, `ListLayout`, headers included.
@Suite struct ListLayoutViewTests {
  final class Source: CollectionViewDataSource {
    var rows: [[Double]] = [Array(repeating: 40, count: 30), Array(repeating: 60, count: 30)]
    func numberOfSections(in view: CollectionView<TestCell, ListLayout>) -> Int { rows.count }
    func collectionView(_ view: CollectionView<TestCell, ListLayout>, numberOfItemsInSection section: Int) -> Int {
      rows[section].count
    }
    func collectionView(_ view: CollectionView<TestCell, ListLayout>, layoutItemAt path: ItemPath) -> ListItem {
      ListItem(height: rows[path.section][path.item])
    }
    func collectionView(_ view: CollectionView<TestCell, ListLayout>, parametersForSection section: Int) -> ListParameters {
      ListParameters(header: 20)
    }
    func collectionView(_ view: CollectionView<TestCell, ListLayout>, cellForItemAt path: ItemPath) throws(CollectionViewError) -> TestCell {
      let cell = try view.dequeueReusableCell(withReuseIdentifier: "row", for: path)
      cell.shows = .item(path.item, section: path.section)
      return cell
    }
    func collectionView(
      _ view: CollectionView<TestCell, ListLayout>, viewForSupplementaryElementOfKind kind: ElementKind, inSection section: Int
    ) throws(CollectionViewError) -> TestCell {
      let cell = try view.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", inSection: section)
      cell.shows = ElementPath(kind: kind, section: section)
      return cell
    }
  }

  @Test func scrollingAListWithHeaders() throws {
    let source = Source()
    let view = CollectionView<TestCell, ListLayout>(layout: try ListLayout(width: 1), bounds: Size(width: 300, height: 200))
    view.register(forCellWithReuseIdentifier: "row") { TestCell("row", serial: 0) }
    view.register(forCellWithReuseIdentifier: "header") { TestCell("header", serial: 0) }
    view.dataSource = source
    try view.reloadData()
    // Section 0: header 0..20, rows of 40 from 20; section 1 starts at 20 + 30 * 40 = 1220.
    #expect(view.layout.contentSize == Size(width: 300, height: 1220 + 20 + 30 * 60))
    #expect(view.indexPathsForVisibleItems == (0..<5).map { ItemPath(item: $0, section: 0) })
    let update = try view.setContentOffset(Point(x: 0, y: 1200))
    #expect(update.appeared.map(\.path).contains(.header(1)))
    #expect(view.indexPathsForVisibleItems.first == ItemPath(item: 29, section: 0))
    #expect(view.indexPathsForVisibleItems.last == ItemPath(item: 2, section: 1))
    source.rows[1].insert(100, at: 0)
    try view.performBatchUpdates([.insertItems(0..<1, section: 1)])
    #expect(view.layout.layoutAttributes(for: .item(0, section: 1))?.frame == Rect(x: 0, y: 1240, width: 300, height: 100))
  }
}
