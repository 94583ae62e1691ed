import Cascade
import CascadeView
import Testing

@Suite struct DelegateTests {
  /// Header 0..<50, then rows of two 100-point items every 110 points: 50, 160, 270, 380, 490...
  func fixture(prefetch: Double = 0) throws -> (TestSource, Recorder, TestView) {
    let source = TestSource([Array(repeating: 100, count: 20)], parameters: WaterfallParameters(header: 50, footer: 30))
    let recorder = Recorder()
    let view = try makeView(
      source, width: 210, height: 300, layout: WaterfallParameters(columns: 2, itemSpacing: 10),
      delegate: recorder, prefetch: prefetch)
    return (source, recorder, view)
  }

  @Test func callbacksInOrder() throws {
    let (source, recorder, view) = try fixture()
    defer { withExtendedLifetime(source) {} }
    #expect(recorder.log == [
      "willDisplay header 0", "willDisplay 0.0", "willDisplay 0.1", "willDisplay 0.2", "willDisplay 0.3",
      "willDisplay 0.4", "willDisplay 0.5", "update +7 -0 ~0",
    ])
    recorder.log = []
    try view.setContentOffset(Point(x: 0, y: 200))
    #expect(recorder.log == [
      "didEndDisplaying header 0", "didEndDisplaying 0.0", "didEndDisplaying 0.1",
      "willDisplay 0.6", "willDisplay 0.7", "willDisplay 0.8", "willDisplay 0.9",
      "update +4 -3 ~0", "didScroll 200.0",
    ])
    recorder.log = []
    // Nothing comes or goes: only didScroll.
    try view.setContentOffset(Point(x: 0, y: 205))
    #expect(recorder.log == ["didScroll 205.0"])
    recorder.log = []
    try view.setContentOffset(Point(x: 0, y: 205))
    #expect(recorder.log == [])
    #expect(recorder.violations == [])
  }

  @Test func prefetchFollowsTheScrollDirection() throws {
    let (source, recorder, view) = try fixture(prefetch: 200)
    defer { withExtendedLifetime(source) {} }
    // Down by default: the band 300..<500 holds rows 380 and 490 (row 270 is displayed).
    #expect(recorder.log.suffix(2) == ["prefetch 0.6 0.7 0.8 0.9", "update +7 -0 ~0"])
    recorder.log = []
    // Display 200..<500, band 500..<700: row 600; the prefetched rows are displayed now.
    try view.setContentOffset(Point(x: 0, y: 200))
    #expect(recorder.log.filter { $0.hasPrefix("prefetch") || $0.hasPrefix("cancel") } == ["prefetch 0.10 0.11"])
    #expect(view.prefetchedItems == [ItemPath(item: 10, section: 0), ItemPath(item: 11, section: 0)])
    recorder.log = []
    // Up: display 100..<400, band -100..<100 holds only the header and displayed row 50.
    try view.setContentOffset(Point(x: 0, y: 100))
    #expect(recorder.log == [
      "didEndDisplaying 0.8", "didEndDisplaying 0.9", "willDisplay 0.0", "willDisplay 0.1",
      "cancel 0.10 0.11", "update +2 -2 ~0", "didScroll 100.0",
    ])
    #expect(view.prefetchedItems.isEmpty)
    // Down again from 100: display 150..<450, band 450..<650: rows 490 and 600.
    recorder.log = []
    try view.setContentOffset(Point(x: 0, y: 150))
    #expect(recorder.log.filter { $0.hasPrefix("prefetch") || $0.hasPrefix("cancel") } == ["prefetch 0.8 0.9 0.10 0.11"])
  }

  @Test func reusePoolCapacity() throws {
    let source = TestSource([Array(repeating: 100, count: 20)])
    let recorder = Recorder()
    let view = try makeView(
      source, width: 210, height: 300, layout: WaterfallParameters(columns: 2, itemSpacing: 10),
      delegate: recorder, capacity: 2)
    #expect(view.defaultReuseCapacity == 64)
    #expect(view.reuseCapacity(forReuseIdentifier: "item") == 2)
    #expect(view.reuseCapacity(forReuseIdentifier: "nope") == nil)
    // Six on screen; shrink to one row: four go back, two fit in the pool.
    try view.setBounds(Size(width: 210, height: 100))
    #expect(view.numberOfDisplayedElements == 2)
    #expect(view.numberOfReusableCells(withReuseIdentifier: "item") == 2)
    #expect(view.reuseStatistics == ReuseStatistics(created: 6, reused: 0, discarded: 2))
    // Scroll one row down: the two cells of row 0 go to the pool, row 1 takes them.
    try view.setContentOffset(Point(x: 0, y: 110))
    #expect(view.reuseStatistics == ReuseStatistics(created: 6, reused: 2, discarded: 2))
    #expect(view.numberOfReusableCells(withReuseIdentifier: "item") == 2)
    // Every reused cell was prepared for reuse once.
    #expect(view.displayedElements.map(\.cell.prepared) == [1, 1])
    try view.setReuseCapacity(1, forReuseIdentifier: "item")
    #expect(view.numberOfReusableCells(withReuseIdentifier: "item") == 1)
    #expect(view.reuseStatistics.discarded == 3)
    #expect(throws: CollectionViewError.unregisteredReuseIdentifier("nope")) {
      try view.setReuseCapacity(1, forReuseIdentifier: "nope")
    }
    #expect(recorder.violations == [])
  }

  @Test func prepareForReuseClosure() throws {
    final class Plain {}
    final class Source: CollectionViewDataSource {
      func collectionView(_ view: CollectionView<Plain, WaterfallLayout>, numberOfItemsInSection section: Int) -> Int { 40 }
      func collectionView(_ view: CollectionView<Plain, WaterfallLayout>, layoutItemAt path: ItemPath) -> WaterfallItem { 100 }
      func collectionView(
        _ view: CollectionView<Plain, WaterfallLayout>, cellForItemAt path: ItemPath
      ) throws(CollectionViewError) -> Plain {
        try view.dequeueReusableCell(withReuseIdentifier: "plain", for: path)
      }
    }
    let source = Source()
    let view = CollectionView<Plain, WaterfallLayout>(layout: try WaterfallLayout(width: 100), bounds: Size(width: 100, height: 200))
    var prepared = 0
    view.register(forCellWithReuseIdentifier: "plain", prepareForReuse: { _ in prepared += 1 }) { Plain() }
    view.dataSource = source
    try view.reloadData()
    try view.setContentOffset(Point(x: 0, y: 1000))
    #expect(prepared == view.reuseStatistics.reused)
    #expect(prepared > 0)
    withExtendedLifetime(source) {}
  }

  @Test func scrollToItemPositions() throws {
    // Rows every 110 points (0, 110, ..., 990), content 1090 high; insets top 20, bottom 10.
    let source = TestSource([Array(repeating: 100, count: 20)])
    let view = TestView(
      layout: try WaterfallLayout(width: 210, parameters: WaterfallParameters(columns: 2, itemSpacing: 10)),
      bounds: Size(width: 210, height: 300), contentInset: EdgeInsets(top: 20, bottom: 10))
    view.register(forCellWithReuseIdentifier: "item") { TestCell("item", serial: 0) }
    view.dataSource = source
    try view.reloadData()
    #expect(view.contentOffset == Point(x: 0, y: -20))
    #expect(view.maximumContentOffsetY == 800)
    let item8 = ItemPath(item: 8, section: 0)  // 440..<540
    #expect(try view.contentOffset(forItemAt: item8, position: .top).y == 420)
    #expect(try view.contentOffset(forItemAt: item8, position: .bottom).y == 250)
    #expect(try view.contentOffset(forItemAt: item8, position: .centeredVertically).y == 335)
    // Nearest: from the top the item is below, so it goes to the bottom...
    try view.scrollToItem(at: item8, position: .nearest)
    #expect(view.contentOffset.y == 250)
    #expect(view.indexPathsForVisibleItems.contains(item8))
    // ...then it is wholly inside (270..<540) and nothing moves...
    #expect(try view.contentOffset(forItemAt: item8, position: .nearest).y == 250)
    // ...and an item above goes to the top.
    #expect(try view.contentOffset(forItemAt: ItemPath(item: 2, section: 0), position: .nearest).y == 90)
    // Clamped to the content.
    #expect(try view.contentOffset(forItemAt: ItemPath(item: 19, section: 0), position: .top).y == 800)
    #expect(try view.contentOffset(forItemAt: ItemPath(item: 0, section: 0), position: .bottom).y == -20)
    #expect(throws: CollectionViewError.itemOutOfRange(ItemPath(item: 20, section: 0))) {
      try view.scrollToItem(at: ItemPath(item: 20, section: 0), position: .top)
    }
    #expect(view.contentOffset.y == 250)
  }
}
