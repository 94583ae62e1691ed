import Cascade
import CascadeView
import Testing

/// A horizontal view over `source`: the layout's height is the bounds' height between the insets.
func makeHorizontalView(
  _ source: TestSource, width: Double = 400, height: Double = 300, layout parameters: WaterfallParameters = .init(),
  direction: LayoutDirection = .leftToRight, contentInset: EdgeInsets = .zero, overscan: Double = 0,
  prefetch: Double = 0, delegate: Recorder? = nil
) throws -> TestView {
  let view = TestView(
    layout: try WaterfallLayout(height: height - contentInset.top - contentInset.bottom, parameters: parameters, direction: direction),
    bounds: Size(width: width, height: height), contentInset: contentInset)
  var serial = 0
  view.register(forCellWithReuseIdentifier: "item") {
    serial += 1
    return TestCell("item", serial: serial)
  }
  view.register(forCellWithReuseIdentifier: "supplementary") {
    serial += 1
    return TestCell("supplementary", serial: serial)
  }
  view.dataSource = source
  view.delegate = delegate
  view.overscan = overscan
  view.prefetchDistance = prefetch
  try view.reloadData()
  return view
}

/// Every element of the layout whose frame overlaps `rect`, in spec order, found by looking at
/// every element.
func bruteForceElements(_ layout: some CollectionLayout, in rect: Rect) -> [LayoutAttributes] {
  var result: [LayoutAttributes] = []
  for s in 0..<layout.numberOfSections {
    var paths: [ElementPath] = [.header(s)]
    for i in 0..<layout.numberOfItems(inSection: s) { paths.append(.item(i, section: s)) }
    paths.append(.footer(s))
    for path in paths {
      if let a = layout.layoutAttributes(for: path), a.frame.intersects(rect) { result.append(a) }
    }
  }
  return result
}

func randomSource(_ seed: UInt64, sections: Int = 3, items: Int = 80) -> TestSource {
  var random = SeededGenerator(seed: seed)
  let source = TestSource(
    (0..<sections).map { _ in (0..<items).map { _ in Double(Int.random(in: 20...160, using: &random)) } },
    parameters: WaterfallParameters(columns: 3, header: 30, footer: 12))
  return source
}

@Suite struct AxisTests {
  @Test func horizontalScrollingMatchesBruteForce() throws {
    for direction in LayoutDirection.allCases {
      let recorder = Recorder()
      let source = randomSource(3)
      defer { withExtendedLifetime(source) {} }
      let view = try makeHorizontalView(source, direction: direction, overscan: 50, delegate: recorder)
      #expect(view.scrollAxis == .horizontal)
      #expect(view.displayRect == Rect(x: view.contentOffset.x - 50, y: 0, width: 500, height: 300))
      var random = SeededGenerator(seed: 11)
      let maxX = view.maximumContentOffsetX
      #expect(maxX > 1000)
      for step in 0..<150 {
        let x = step % 3 == 0 ? Double.random(in: -100...(maxX + 100), using: &random) : view.contentOffset.x + Double.random(in: -90...120, using: &random)
        try view.setContentOffset(Point(x: x, y: 0))
        #expect(displayedPairs(view) == bruteForceElements(view.layout, in: view.displayRect))
      }
      #expect(recorder.violations.isEmpty)
    }
  }

  @Test func horizontalClampingAndHeightChanges() throws {
    let inset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
    let source = randomSource(5)
    defer { withExtendedLifetime(source) {} }
    let view = try makeHorizontalView(source, width: 400, height: 300, contentInset: inset)
    #expect(view.layout.height == 260)
    #expect(view.contentOffset == Point(x: -20, y: -10))
    #expect(view.minimumContentOffsetX == -20)
    #expect(view.maximumContentOffsetX == view.contentSize.width + 40 - 400)
    #expect(view.contentOffsetRangeAlongScrollAxis == view.minimumContentOffsetX...view.maximumContentOffsetX)
    #expect(view.clampedContentOffset(Point(x: -500, y: 77)) == Point(x: -20, y: 77))
    #expect(view.clampedContentOffset(Point(x: 1e9, y: 5)) == Point(x: view.maximumContentOffsetX, y: 5))
    // A width change does not relayout a horizontal collection; a height change does.
    let width = view.contentSize.width
    try view.setBounds(Size(width: 500, height: 300))
    #expect(view.layout.height == 260)
    #expect(view.contentSize.width == width)
    try view.setBounds(Size(width: 500, height: 200))
    #expect(view.layout.height == 160)
    #expect(view.layoutAttributesForItem(at: ItemPath(item: 0, section: 0))!.frame.height < 60)
    #expect(displayedPairs(view) == bruteForceElements(view.layout, in: view.displayRect))
    try view.setContentInset(.zero)
    #expect(view.layout.height == 200)
  }

  @Test func horizontalScrollToItem() throws {
    let inset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 30)
    let source = randomSource(9)
    defer { withExtendedLifetime(source) {} }
    let view = try makeHorizontalView(source, width: 400, height: 300, contentInset: inset)
    let path = ItemPath(item: 40, section: 1)
    let frame = try #require(view.layoutAttributesForItem(at: path)).frame
    try view.scrollToItem(at: path, position: .start)
    #expect(view.contentOffset.x == frame.minX - 10)
    #expect(view.contentOffset.y == 0)
    try view.scrollToItem(at: path, position: .end)
    #expect(view.contentOffset.x == frame.maxX + 30 - 400)
    try view.scrollToItem(at: path, position: .center)
    #expect(view.contentOffset.x == frame.midX - 10 - (400 - 40) / 2)
    // Nearest: no move when shown, else the least move.
    let shown = view.contentOffset
    try view.scrollToItem(at: path, position: .nearest)
    #expect(view.contentOffset == shown)
    try view.setContentOffset(Point(x: 0, y: 0))
    try view.scrollToItem(at: path, position: .nearest)
    #expect(view.contentOffset.x == frame.maxX + 30 - 400)
    try view.setContentOffset(Point(x: view.maximumContentOffsetX, y: 0))
    try view.scrollToItem(at: path, position: .nearest)
    #expect(view.contentOffset.x == frame.minX - 10)
    // Clamped at the ends.
    try view.scrollToItem(at: ItemPath(item: 0, section: 0), position: .end)
    #expect(view.contentOffset.x == -10)
    #expect(view.indexPathsForVisibleItems.contains(path) == false)
  }

  @Test func rightToLeftStartIsTheRightEdge() throws {
    let source = randomSource(13)
    defer { withExtendedLifetime(source) {} }
    let view = try makeHorizontalView(source, width: 400, height: 300, direction: .rightToLeft)
    let path = ItemPath(item: 30, section: 1)
    let frame = try #require(view.layoutAttributesForItem(at: path)).frame
    try view.scrollToItem(at: path, position: .start)
    #expect(view.contentOffset.x == frame.maxX - 400)
    try view.scrollToItem(at: path, position: .end)
    #expect(view.contentOffset.x == frame.minX)
    #expect(displayedPairs(view) == bruteForceElements(view.layout, in: view.displayRect))
  }

  @Test func horizontalPrefetchRunsAlongX() throws {
    let recorder = Recorder()
    let source = randomSource(17)
    defer { withExtendedLifetime(source) {} }
    let view = try makeHorizontalView(source, prefetch: 200, delegate: recorder)
    try view.setContentOffset(Point(x: 100, y: 0))
    let display = view.displayRect
    let band = Rect(x: display.maxX, y: display.minY, width: 200, height: display.height)
    let expected = bruteForceElements(view.layout, in: band)
      .filter { $0.path.kind == .item && !$0.frame.intersects(display) }.compactMap(\.path.itemPath)
    #expect(!expected.isEmpty)
    #expect(view.prefetchedItems == expected)
  }

  @Test func verticalScrollToItemKeepsItsMeaning() throws {
    let source = randomSource(21)
    let view = try makeView(source, width: 300, height: 400, layout: WaterfallParameters(columns: 3, header: 30, footer: 12))
    let path = ItemPath(item: 50, section: 1)
    let frame = try #require(view.layoutAttributesForItem(at: path)).frame
    try view.scrollToItem(at: path, position: .start)
    #expect(view.contentOffset.y == frame.minY)
    try view.scrollToItem(at: path, position: .end)
    #expect(view.contentOffset.y == frame.maxY - 400)
  }
}
