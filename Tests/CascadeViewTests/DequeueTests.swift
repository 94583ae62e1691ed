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
    /// When set, the dequeued cell is dropped and a new cell of the same class returned instead:
    /// the allocator's likeliest place for it is the dropped cell's memory.
    var returnNewInstead = false
    /// Every cell a request returned.
    var returned: [ObjectIdentifier] = []
    /// How many times the new cell had the dropped one's address.
    var newTookTheDroppedAddress = 0

    func collectionView(_ view: TestView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ view: TestView, layoutItemAt path: ItemPath) -> WaterfallItem { 100 }
    func collectionView(_ view: TestView, cellForItemAt path: ItemPath) throws(CollectionViewError) -> TestCell {
      if dequeueTwice { _ = try view.dequeueReusableCell(withReuseIdentifier: "item", for: path) }
      if returnNewInstead {
        // The dequeued cell dropped at once (only its identity kept), then a new one made.
        let dropped = ObjectIdentifier(try view.dequeueReusableCell(withReuseIdentifier: "item", for: path))
        let cell = TestCell("item", serial: -1)
        if ObjectIdentifier(cell) == dropped { newTookTheDroppedAddress += 1 }
        returned.append(ObjectIdentifier(cell))
        return cell
      }
      let cell = try view.dequeueReusableCell(withReuseIdentifier: "item", for: dequeuePath ?? path)
      cell.shows = .item(path.item, section: path.section)
      returned.append(ObjectIdentifier(cell))
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

  /// The view knows the dequeued cell by its identity only (it does not retain it for the
  /// request), so every cell a step hands out, made or reused, must live until the step ends:
  /// otherwise a cell the data source makes after dropping the dequeued one could take its
  /// address and pass for it. Refused either way, and the view is left as it was.
  @Test func aNewCellReturnedForADroppedOneIsRefused() throws {
    // Reused: the step's arrival takes the cell of an element that left.
    let source = Source()
    let view = try makeView(source)
    let displayed = view.displayedElements.map(\.attributes)
    let stats = view.reuseStatistics
    source.returnNewInstead = true
    #expect(throws: CollectionViewError.cellNotDequeued(.item(6, section: 0))) {
      try view.setContentOffset(Point(x: 0, y: 110))
    }
    #expect(view.displayedElements.map(\.attributes) == displayed)
    #expect(view.reuseStatistics == stats)
    #expect(view.contentOffset.y == 0)
    // Made: the first load, with every pool empty, many times over (each time the dropped cell
    // is freed before the new one is made, when nothing else holds it).
    let fresh = Source()
    fresh.returnNewInstead = true
    let empty = TestView(
      layout: try WaterfallLayout(width: 200, parameters: WaterfallParameters(columns: 2, itemSpacing: 10)),
      bounds: Size(width: 200, height: 300))
    empty.register(forCellWithReuseIdentifier: "item") { TestCell("item", serial: 0) }
    empty.dataSource = fresh
    for attempt in 1...20 {
      #expect(throws: CollectionViewError.cellNotDequeued(.item(0, section: 0)), "attempt \(attempt)") {
        try empty.reloadData()
      }
      #expect(empty.displayedElements.isEmpty)
      #expect(empty.reuseStatistics == ReuseStatistics())
    }
    #expect(fresh.returned.count == 20)
    // The view held each dropped cell until its step ended, so no new cell took its address.
    #expect(fresh.newTookTheDroppedAddress == 0)
    #expect(source.newTookTheDroppedAddress == 0)
    fresh.returnNewInstead = false
    try empty.reloadData()
    #expect(empty.cellForItem(at: ItemPath(item: 0, section: 0))?.shows == .item(0, section: 0))
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
