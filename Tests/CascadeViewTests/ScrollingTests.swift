import Cascade
import CascadeTestSupport
import CascadeView
import Testing

@Suite struct ScrollingTests {
  /// 100,000 items in 4 sections with headers and footers, scrolled from top to bottom and back:
  /// every displayed set is the brute-force answer, cells are reused and never shown twice.
  @Test func scrollHundredThousandItemsAgainstBruteForce() throws {
    var random = SeededGenerator(seed: 42)
    let sections = (0..<4).map { _ in (0..<25_000).map { _ in Double(Int.random(in: 20...240, using: &random)) } }
    let source = TestSource(sections, parameters: WaterfallParameters(header: 40, footer: 24))
    let recorder = Recorder()
    recorder.recording = false
    let view = try makeView(
      source, width: 400, height: 700, layout: WaterfallParameters(columns: 3), delegate: recorder, overscan: 150)

    // Every frame once, for the brute force.
    let all = allElements(view.layout)
    #expect(all.count == 100_008)

    let height = view.contentSize.height
    // Coarse steps across the whole content, fine steps near the top and across a section boundary.
    var offsets = Array(stride(from: -50.0, through: height + 50, by: height / 150))
    offsets += Array(stride(from: 0.0, through: 6000, by: 97))
    if let boundary = view.layout.origin(ofSection: 2) {
      offsets += Array(stride(from: boundary - 2000, through: boundary + 2000, by: 61))
    }
    offsets += offsets.reversed()

    var maxItems = 0, maxSupplementary = 0
    var itemCells: Set<ObjectIdentifier> = [], supplementaryCells: Set<ObjectIdentifier> = []
    for y in offsets {
      try view.setContentOffset(Point(x: 0, y: y))
      let rect = view.displayRect
      let expected = bruteForceQuery(all, rect)
      let got = displayedPairs(view)
      #expect(got == expected, "offset \(y)")
      if got != expected { return }
      let cells = view.displayedElements.map(\.cell)
      #expect(Set(cells.map(ObjectIdentifier.init)).count == cells.count, "a cell shown twice at \(y)")
      for element in view.displayedElements {
        #expect(element.cell.shows == element.path)
        if element.path.kind == .item { itemCells.insert(ObjectIdentifier(element.cell)) }
        else { supplementaryCells.insert(ObjectIdentifier(element.cell)) }
      }
      maxItems = max(maxItems, got.count { $0.path.kind == .item })
      maxSupplementary = max(maxSupplementary, got.count { $0.path.kind != .item })
    }
    #expect(recorder.violations.isEmpty, "\(recorder.violations.prefix(5))")
    // Never more cells than the display rect held at once.
    #expect(itemCells.count <= maxItems)
    #expect(supplementaryCells.count <= max(1, maxSupplementary))
    let stats = view.reuseStatistics
    #expect(stats.created == itemCells.count + supplementaryCells.count)
    #expect(stats.reused > 10 * stats.created)
    #expect(stats.discarded == 0)
  }

  /// A step inside the same displayed set reports nothing and hands out no cell.
  @Test func stepWithoutChangeIsEmpty() throws {
    let source = TestSource([Array(repeating: 100, count: 50)])
    let view = try makeView(source, width: 210, height: 300, layout: WaterfallParameters(columns: 2, itemSpacing: 10))
    let calls = source.cellCalls
    // Items sit at 0, 110, 220, 330: at y = 5 the rect (5, 305) holds rows 0...2, as at y = 0.
    let update = try view.setContentOffset(Point(x: 0, y: 5))
    #expect(update.isEmpty)
    #expect(source.cellCalls == calls)
    #expect(update.previousContentOffset == Point(x: 0, y: 0))
    #expect(update.contentOffset == Point(x: 0, y: 5))
  }

  /// The diff by hand: rows of two 100-point items, 10 apart, a 300-point viewport.
  @Test func diffByHand() throws {
    let source = TestSource([Array(repeating: 100, count: 20)])
    let view = try makeView(source, width: 210, height: 300, layout: WaterfallParameters(columns: 2, itemSpacing: 10))
    #expect(view.displayedElements.map(\.path) == (0..<6).map { .item($0, section: 0) })
    // Rows at 0, 110, 220, 330, 440: the rect (200, 500) holds rows 1...4.
    let update = try view.setContentOffset(Point(x: 0, y: 200))
    #expect(update.disappeared.map(\.path) == [.item(0, section: 0), .item(1, section: 0)])
    #expect(update.appeared.map(\.path) == [.item(6, section: 0), .item(7, section: 0), .item(8, section: 0), .item(9, section: 0)])
    #expect(update.moved.isEmpty)
    // The two cells that left are reused for the first two that came.
    #expect(update.appeared[0].cell === update.disappeared[1].cell)
    #expect(update.appeared[1].cell === update.disappeared[0].cell)
    #expect(view.reuseStatistics == ReuseStatistics(created: 8, reused: 2, discarded: 0))
    #expect(view.indexPathsForVisibleItems == (2..<10).map { ItemPath(item: $0, section: 0) })
    #expect(view.visibleCells.count == 8)
    #expect(view.cellForItem(at: ItemPath(item: 5, section: 0))?.shows == .item(5, section: 0))
    #expect(view.cellForItem(at: ItemPath(item: 0, section: 0)) == nil)
  }

  @Test func hitTesting() throws {
    let source = TestSource([Array(repeating: 100, count: 20)], parameters: WaterfallParameters(header: 50))
    let view = try makeView(source, width: 210, height: 300, layout: WaterfallParameters(columns: 2, itemSpacing: 10))
    try view.setContentOffset(Point(x: 0, y: 100))
    // Header 0..<50, then rows at 50, 160, 270: content (150, 170) is row 1, right column.
    #expect(view.element(at: Point(x: 150, y: 170))?.path == .item(3, section: 0))
    #expect(view.indexPathForItem(at: Point(x: 10, y: 10)) == nil)  // the header
    #expect(view.element(at: Point(x: 10, y: 10))?.path == .header(0))
    // Viewport coordinates: (150, 70) is content (150, 170).
    #expect(view.element(atViewportPoint: Point(x: 150, y: 70))?.path == .item(3, section: 0))
    #expect(view.element(at: Point(x: 105, y: 100)) == nil)  // the column gap
  }

  @Test func nonFiniteOffsetIsRejected() throws {
    let source = TestSource([Array(repeating: 100, count: 20)])
    let view = try makeView(source, width: 210, height: 300)
    #expect(throws: CollectionViewError.self) { try view.setContentOffset(Point(x: 0, y: .nan)) }
    #expect(view.contentOffset == .zero)
    #expect(view.numberOfDisplayedElements == 6)
  }
}
