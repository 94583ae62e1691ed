import Cascade
import CascadeView
import Testing

/// The view over the core's second layout, `ListLayout`, headers included.
@Suite struct ListLayoutViewTests {
  final class Source: CollectionViewDataSource {
    var rows: [[Double]] = [Array(repeating: 40, count: 30), Array(repeating: 60, count: 30)]
    /// When set, the rows of a section come at once (`layoutItemsInSection`), and asking for
    /// one row is counted.
    var givesWholeSections = false
    var rowCalls = 0
    func collectionView(_ view: CollectionView<TestCell, ListLayout>, layoutItemsInSection section: Int) -> [ListItem]? {
      givesWholeSections ? rows[section].map { ListItem(height: $0) } : nil
    }
    func numberOfSections(in view: CollectionView<TestCell, ListLayout>) -> Int { rows.count }
    func collectionView(_ view: CollectionView<TestCell, ListLayout>, numberOfItemsInSection section: Int) -> Int {
      rows[section].count
    }
    func collectionView(_ view: CollectionView<TestCell, ListLayout>, layoutItemAt path: ItemPath) -> ListItem {
      rowCalls += 1
      return ListItem(height: rows[path.section][path.item])
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

  /// A list (a layout with no one-pass build: its inserted sections are checked item by item)
  /// over whole sections shows what it shows asked row by row, after a load, a batch that
  /// inserts a section and one that reloads a section, and asks for no row by itself; a wrong
  /// length is refused.
  @Test func wholeSectionsOfAList() throws {
    let sources = [Source(), Source()]
    sources[1].givesWholeSections = true
    let views = sources.map { source in
      let view = CollectionView<TestCell, ListLayout>(layout: try! ListLayout(width: 1), bounds: Size(width: 300, height: 200))
      view.register(forCellWithReuseIdentifier: "row") { TestCell("row", serial: 0) }
      view.register(forCellWithReuseIdentifier: "header") { TestCell("header", serial: 0) }
      view.dataSource = source
      return view
    }
    func same() -> Bool {
      let rect = Rect(x: 0, y: 0, width: 1e6, height: 1e6)
      return views[0].layout.elements(in: rect) == views[1].layout.elements(in: rect)
        && views[0].displayedElements.map(\.attributes) == views[1].displayedElements.map(\.attributes)
    }
    for view in views { try view.reloadData() }
    #expect(same())
    for source in sources { source.rows.insert([10, 20, 30], at: 1) }
    for view in views { try view.performBatchUpdates([.insertSections(1..<2)]) }
    #expect(same())
    for source in sources { source.rows[2] = [70, 80] }
    for view in views { try view.performBatchUpdates([.reloadSections(2..<3)]) }
    #expect(same() && views[1].layout.numberOfItems(inSection: 2) == 2)
    #expect(sources[1].rowCalls == 0 && sources[0].rowCalls == 30 + 30 + 3 + 2)
    // A data source whose one section is one row short of its count: refused, nothing changed.
    let wrong = WrongLength()
    let before = views[1].layout.elements(in: Rect(x: 0, y: 0, width: 1e6, height: 1e6))
    views[1].dataSource = wrong
    #expect(throws: CollectionViewError.layoutItemsCountMismatch(section: 0, items: 1, numberOfItems: 2)) {
      try views[1].reloadData()
    }
    #expect(views[1].layout.elements(in: Rect(x: 0, y: 0, width: 1e6, height: 1e6)) == before)
    withExtendedLifetime((sources, wrong)) {}
  }

  /// A data source whose one section says two rows and gives one.
  final class WrongLength: CollectionViewDataSource {
    func collectionView(_ view: CollectionView<TestCell, ListLayout>, numberOfItemsInSection section: Int) -> Int { 2 }
    func collectionView(_ view: CollectionView<TestCell, ListLayout>, layoutItemAt path: ItemPath) -> ListItem { ListItem(height: 5) }
    func collectionView(_ view: CollectionView<TestCell, ListLayout>, layoutItemsInSection section: Int) -> [ListItem]? {
      [ListItem(height: 5)]
    }
    func collectionView(_ view: CollectionView<TestCell, ListLayout>, cellForItemAt path: ItemPath) throws(CollectionViewError) -> TestCell {
      try view.dequeueReusableCell(withReuseIdentifier: "row", for: path)
    }
  }
}
