import Cascade
import CascadeView
import Testing

/// `dequeueReusableCell(withReuseIdentifier:for:)` takes the path of the element being configured,
/// as in UIKit: the view checks it and records the cell as that element's.
@Suite struct DequeueTests {
  /// A data source that dequeues for a path of its choosing, or twice.
  final class Source: CollectionViewDataSource {
    typealias Cell = TestCell
    typealias Layout = WaterfallLayout
    var count = 40
    /// When set, the path given to the dequeue instead of the one asked for.
    var dequeuePath: ItemPath?
    var dequeueTwice = false

    func collectionView(_ view: TestView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ view: TestView, layoutItemAt path: ItemPath) -> WaterfallItem { 100 }
    func collectionView(_ view: TestView, cellForItemAt path: ItemPath) throws(CollectionViewError) -> TestCell {
      if dequeueTwice { _ = try view.dequeueReusableCell(withReuseIdentifier: "item", for: path) }
      let cell = try view.dequeueReusableCell(withReuseIdentifier: "item", for: dequeuePath ?? path)
      cell.shows = .item(path.item, section: path.section)
      return cell
    }
    func collectionView(
      _ view: TestView, viewForSupplementaryElementOfKind kind: ElementKind, inSection section: Int
    ) throws(CollectionViewError) -> TestCell {
      // Asked for a header, dequeues a footer.
      try view.dequeueReusableSupplementaryView(ofKind: .footer, withReuseIdentifier: "item", inSection: section)
    }
  }

  func makeView(_ source: Source, header: Double = 0) throws -> TestView {
    let view = TestView(
      layout: try WaterfallLayout(width: 200, parameters: WaterfallParameters(columns: 2, itemSpacing: 10, header: header)),
      bounds: Size(width: 200, height: 300))
    view.register(forCellWithReuseIdentifier: "item") { TestCell("item", serial: 0) }
    view.dataSource = source
    try view.reloadData()
    return view
  }

  @Test func theDequeuedPathMustBeTheRequestedOne() throws {
    let source = Source()
    let view = try makeView(source)
    let displayed = view.displayedElements.map(\.attributes)
    let stats = view.reuseStatistics
    source.dequeuePath = ItemPath(item: 3, section: 0)
    #expect(throws: CollectionViewError.dequeueMismatch(dequeued: .item(3, section: 0), requested: .item(6, section: 0))) {
      try view.setContentOffset(Point(x: 0, y: 110))
    }
    #expect(view.displayedElements.map(\.attributes) == displayed)
    #expect(view.reuseStatistics == stats)
    #expect(view.contentOffset.y == 0)
    source.dequeuePath = nil
    try view.setContentOffset(Point(x: 0, y: 110))
    #expect(view.cellForItem(at: ItemPath(item: 6, section: 0))?.shows == .item(6, section: 0))
  }

  @Test func oneDequeuePerRequestAndNoneOutside() throws {
    let source = Source()
    let view = try makeView(source)
    #expect(throws: CollectionViewError.dequeueMismatch(dequeued: .item(0, section: 0), requested: nil)) {
      try view.dequeueReusableCell(withReuseIdentifier: "item", for: ItemPath(item: 0, section: 0))
    }
    let stats = view.reuseStatistics
    source.dequeueTwice = true
    #expect(throws: CollectionViewError.dequeueMismatch(dequeued: .item(6, section: 0), requested: nil)) {
      try view.setContentOffset(Point(x: 0, y: 110))
    }
    #expect(view.reuseStatistics == stats)
    #expect(CollectionViewError.dequeueMismatch(dequeued: .item(6, section: 0), requested: nil).description
      == "section 0, item 6: dequeued while the view asked for no cell (outside a cell request, or twice for one element)")
  }

  @Test func supplementaryViewsToo() throws {
    let source = Source()
    #expect(throws: CollectionViewError.dequeueMismatch(dequeued: .footer(0), requested: .header(0))) {
      try makeView(source, header: 20)
    }
    #expect(CollectionViewError.dequeueMismatch(dequeued: .footer(0), requested: .header(0)).description
      == "section 0, footer: dequeued while the view asked for section 0, header")
  }
}

/// `parametersForSection` has a default for every layout whose section parameters conform to
/// `DefaultSectionParameters`: the two of the core, and any other that opts in.
@Suite struct DefaultSectionParametersTests {
  @Test func theCoresLayoutsNeedNoParameters() {
    #expect(WaterfallParameters.noOverrides == WaterfallParameters())
    #expect(ListParameters.noOverrides == ListParameters())
  }

  /// `GenericLayoutTests.Source` gives no parameters: `TestListLayout.Parameters` opts in.
  @Test func aLayoutOfYourOwnOptsIn() throws {
    let source = GenericLayoutTests.Source()
    #expect(source.collectionView(
      CollectionView<TestCell, TestListLayout>(layout: TestListLayout(width: 100), bounds: Size(width: 100, height: 100)),
      parametersForSection: 0) == TestListLayout.Parameters())
  }
}
