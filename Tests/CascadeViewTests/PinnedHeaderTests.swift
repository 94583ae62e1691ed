import Cascade
import CascadeView
import Testing

@Suite struct PinnedHeaderTests {
  /// A view of either orientation and direction, over `source`, with pinned headers.
  func makePinnedView(_ source: TestSource, orientation: LayoutOrientation, direction: LayoutDirection, overscan: Double = 0) throws -> TestView {
    let view = orientation == .horizontal
      ? try makeHorizontalView(source, width: 400, height: 300, direction: direction, overscan: overscan)
      : try makeView(source, width: 300, height: 400, overscan: overscan)
    if orientation == .vertical && direction == .rightToLeft {
      // Vertical right to left: a fresh layout in that direction.
      let rtl = TestView(
        layout: try WaterfallLayout(width: 300, direction: .rightToLeft), bounds: Size(width: 300, height: 400))
      rtl.register(forCellWithReuseIdentifier: "item") { TestCell("item", serial: 0) }
      rtl.register(forCellWithReuseIdentifier: "supplementary") { TestCell("supplementary", serial: 0) }
      rtl.dataSource = source
      rtl.overscan = overscan
      rtl.pinsSectionHeaders = true
      try rtl.reloadData()
      return rtl
    }
    view.pinsSectionHeaders = true
    try view.layoutIfNeeded()
    return view
  }

  @Test func visibleSetIsTheCoresViewportQuery() throws {
    for orientation in LayoutOrientation.allCases {
      for direction in LayoutDirection.allCases {
        let source = randomSource(31, sections: 6, items: 25)
        defer { withExtendedLifetime(source) {} }
        let view = try makePinnedView(source, orientation: orientation, direction: direction)
        let horizontal = orientation == .horizontal
        var random = SeededGenerator(seed: 5)
        let range = view.contentOffsetRangeAlongScrollAxis
        for step in 0..<200 {
          let v = step % 4 == 0
            ? Double.random(in: range.lowerBound...range.upperBound, using: &random)
            : (horizontal ? view.contentOffset.x : view.contentOffset.y) + Double.random(in: -60...60, using: &random)
          let update = try view.setContentOffset(horizontal ? Point(x: v, y: 0) : Point(x: 0, y: v))
          let expected = view.layout.elements(inViewport: view.viewport, pinningHeaders: true)
          #expect(displayedPairs(view) == expected, "\(orientation) \(direction) at \(v)")
          // Headers above the items, and moved whenever their pinned frame changed.
          for element in view.displayedElements where element.path.kind == .header {
            #expect(element.attributes.zIndex > 0)
          }
          for moved in update.moved { #expect(moved.from.path == moved.to.path) }
        }
      }
    }
  }

  @Test func aPinnedHeaderMovesWithTheOffsetAndIsHitFirst() throws {
    let source = TestSource([[100, 100, 100, 100, 100, 100], [100, 100]], parameters: WaterfallParameters(columns: 1, header: 40))
    defer { withExtendedLifetime(source) {} }
    let view = try makeView(source, width: 300, height: 200)
    view.pinsSectionHeaders = true
    try view.layoutIfNeeded()
    try view.setContentOffset(Point(x: 0, y: 100))
    let header = try #require(view.displayedElements.first { $0.path == .header(0) })
    #expect(header.frame == Rect(x: 0, y: 100, width: 300, height: 40))
    let update = try view.setContentOffset(Point(x: 0, y: 150))
    #expect(update.moved.map(\.to.path) == [.header(0)])
    #expect(update.moved.first?.from.frame.minY == 100)
    #expect(update.moved.first?.to.frame.minY == 150)
    // The header covers item 1 (y 140..240): the hit test finds the header first.
    #expect(view.element(at: Point(x: 10, y: 160))?.path == .header(0))
    #expect(view.element(atViewportPoint: Point(x: 10, y: 10))?.path == .header(0))
    #expect(view.indexPathForItem(at: Point(x: 10, y: 160)) == nil)
    #expect(view.indexPathForItem(at: Point(x: 10, y: 200)) == ItemPath(item: 1, section: 0))
    // Without pinning the header is at its own frame, off screen.
    view.pinsSectionHeaders = false
    try view.layoutIfNeeded()
    #expect(view.displayedElements.contains { $0.path == .header(0) } == false)
    #expect(view.element(at: Point(x: 10, y: 160))?.path == .item(1, section: 0))
  }

  @Test func overscanKeepsItemsButOnlyPinnedHeaders() throws {
    let source = randomSource(41, sections: 5, items: 20)
    defer { withExtendedLifetime(source) {} }
    let view = try makePinnedView(source, orientation: .vertical, direction: .leftToRight, overscan: 150)
    for y in stride(from: 0.0, through: view.maximumContentOffsetY, by: 53) {
      try view.setContentOffset(Point(x: 0, y: y))
      let pinnedHeaders = view.layout.elements(inViewport: view.viewport, pinningHeaders: true).filter { $0.path.kind == .header }
      let others = bruteForceElements(view.layout, in: view.displayRect).filter { $0.path.kind != .header }
      #expect(displayedPairs(view) == (pinnedHeaders + others).sorted { $0.path < $1.path })
    }
  }
}
