// The examples in doc comments and in README.md, run, so that the documentation cannot drift.
import Testing
import Cascade

@Suite("Documentation examples")
struct DocumentationExampleTests {
  @Test func waterfallLayoutDocComment() throws {
    var layout = try WaterfallLayout(
      width: 390,
      parameters: WaterfallParameters(columns: 2, columnSpacing: 10, itemSpacing: 10),
      sections: [WaterfallSection(header: 44, items: [120, 80, .size(width: 400, height: 300)])])
    #expect(layout.contentSize == Size(width: 390, height: 276.5))
    #expect(layout.layoutAttributes(for: .item(1, section: 0))?.frame == Rect(x: 200, y: 44, width: 190, height: 80))
    try layout.apply([.appendItems([60, 90], section: 0)])
    #expect(layout.numberOfItems(inSection: 0) == 5)
  }

  @Test func listLayoutDocComment() throws {
    var list = try ListLayout(width: 320, parameters: ListParameters(itemSpacing: 1),
                              sections: [ListSection(parameters: ListParameters(header: 28), items: [44, 44, 88])])
    #expect(list.layoutAttributes(for: .item(2, section: 0))?.frame == Rect(x: 0, y: 118, width: 320, height: 88))
    try list.apply(.insertItems([60], at: 0, section: 0))
    #expect(list.numberOfItems(inSection: 0) == 4)
  }

  @Test func readmeExample() throws {
    var layout = try WaterfallLayout(
      width: 390,
      parameters: WaterfallParameters(columns: 2, columnSpacing: 10, itemSpacing: 10),
      sections: [
        WaterfallSection(header: 44, items: [120, 80, .size(width: 400, height: 300)]),
        WaterfallSection(header: 44, columns: 3, items: [90, .height(60, span: .full), 75]),
      ])
    var visible: [LayoutAttributes] = []
    visible.reserveCapacity(64)
    layout.elements(in: Rect(x: 0, y: 0, width: 390, height: 844), into: &visible)
    #expect(visible.map(\.path) == [.header(0), .item(0, section: 0), .item(1, section: 0), .item(2, section: 0),
                                    .header(1), .item(0, section: 1), .item(1, section: 1), .item(2, section: 1)])
    var window = VisibleWindow()
    layout.moveWindow(&window, to: Rect(x: 0, y: 16, width: 390, height: 844))
    #expect(window.elements == layout.elements(in: Rect(x: 0, y: 16, width: 390, height: 844)))
    #expect(layout.layoutAttributes(for: .item(2, section: 0))?.frame == Rect(x: 200, y: 134, width: 190, height: 142.5))
    #expect(layout.element(at: Point(x: 200, y: 60))?.path == .item(1, section: 0))
    try layout.apply([.appendItems([140, 95], section: 1), .replaceItems([.size(width: 3, height: 4)], at: 0, section: 0)])
    #expect(layout.numberOfItems(inSection: 1) == 5)
    #expect(throws: LayoutError.self) { try layout.apply(.insertItems([.size(width: 0, height: 1)], at: 0, section: 1)) }
    do {
      try layout.apply(.insertItems([.size(width: 0, height: 1)], at: 0, section: 1))
    } catch {
      #expect(error.description == "change 0: section 1, item 0: size width must be > 0")
    }
  }

  @Test func intervalIndexDocComment() {
    var index = IntervalIndex(laneCount: 2)
    index.append(0, lane: 0, maxY: 100)
    index.append(1, lane: 1, maxY: 50)
    index.append(2, lane: 1, maxY: 90)
    let spans: [(Double, Double)] = [(0, 100), (0, 50), (60, 90)]
    var found: [Int] = []
    index.forEachOverlapping(55, 70, bounds: { spans[$0] }) { found.append($0); return true }
    #expect(found == [0, 2])
  }

  @Test func elementPathDocComment() {
    let paths: [ElementPath] = [.footer(0), .item(3, section: 0), .header(1), .header(0)]
    #expect(paths.sorted() == [.header(0), .item(3, section: 0), .footer(0), .header(1)])
  }
}
