// Golden frames, worked out by hand from `Docs/Spec/Waterfall.md`, one suite of cases per rule.
import CascadeTestSupport
import Testing
@testable import Cascade

@Suite("Golden frames")
struct WaterfallGoldenTests {
  // 3 columns in 320 points with 10-point gaps: column width 100, x = 0, 110, 220.
  let three = WaterfallParameters(columns: 3)

  @Test func tiesGoToTheLeftmostColumn() throws {
    let layout = try WaterfallLayout(width: 320, parameters: three, sections: [.init(items: [50, 50, 50, 30])])
    #expect(itemFrames(layout) == [R(0, 0, 100, 50), R(110, 0, 100, 50), R(220, 0, 100, 50), R(0, 60, 100, 30)])
    #expect(layout.contentSize == Size(width: 320, height: 90))
  }

  @Test func shortestColumnWins() throws {
    let layout = try WaterfallLayout(width: 320, parameters: three, sections: [.init(items: [50, 20, 40, 10, 10])])
    // next after three items: 60, 30, 50 -> item 3 to column 1 (y 30), then next 60, 50, 50 -> column 1.
    #expect(itemFrames(layout) == [R(0, 0, 100, 50), R(110, 0, 100, 20), R(220, 0, 100, 40), R(110, 30, 100, 10), R(110, 50, 100, 10)])
  }

  @Test func toleranceTakesTheLeftmostNearlyLowest() throws {
    var p = WaterfallParameters(columns: 2, tolerance: 15)
    // Column width (210 - 10) / 2 = 100. next: 110, 100 -> 110 <= 100 + 15: column 0.
    var layout = try WaterfallLayout(width: 210, parameters: p, sections: [.init(items: [100, 90, 40])])
    #expect(itemFrames(layout) == [R(0, 0, 100, 100), R(110, 0, 100, 90), R(0, 110, 100, 40)])
    p.tolerance = 5
    layout = try WaterfallLayout(width: 210, parameters: p, sections: [.init(items: [100, 90, 40])])
    #expect(itemFrames(layout)[2] == R(110, 100, 100, 40))
  }

  @Test func leftToRightAndRightToLeftTakeColumnsInTurn() throws {
    let items: [WaterfallItem] = [10, 200, 10, 10, 10]
    var p = three
    p.order = .leftToRight
    var layout = try WaterfallLayout(width: 320, parameters: p, sections: [.init(items: items)])
    #expect(itemFrames(layout) == [R(0, 0, 100, 10), R(110, 0, 100, 200), R(220, 0, 100, 10), R(0, 20, 100, 10), R(110, 210, 100, 10)])
    p.order = .rightToLeft
    layout = try WaterfallLayout(width: 320, parameters: p, sections: [.init(items: items)])
    #expect(itemFrames(layout) == [R(220, 0, 100, 10), R(110, 0, 100, 200), R(0, 0, 100, 10), R(220, 20, 100, 10), R(110, 210, 100, 10)])
  }

  @Test func inTurnOrdersCountOnlyOneColumnItems() throws {
    var p = three
    p.order = .leftToRight
    let layout = try WaterfallLayout(width: 320, parameters: p, sections: [
      .init(items: [10, .height(10, span: .columns(2)), 10]),
    ])
    // The spanning item starts at column 1 (y_0 = 20, y_1 = 0); the next one-column item is k = 1.
    #expect(itemFrames(layout) == [R(0, 0, 100, 10), R(110, 0, 210, 10), R(110, 20, 100, 10)])
  }

  @Test func spanningItemsTakeTheLowestRun() throws {
    var layout = try WaterfallLayout(width: 320, parameters: three, sections: [
      .init(items: [50, 20, .height(30, span: .columns(2)), 10]),
    ])
    // next 60, 30, 0: y_0 = 60, y_1 = 30 -> start 1. Then next 60, 70, 70 -> item 3 in column 0.
    #expect(itemFrames(layout) == [R(0, 0, 100, 50), R(110, 0, 100, 20), R(110, 30, 210, 30), R(0, 60, 100, 10)])
    var p = three
    p.tolerance = 40  // y_0 = 60 <= 30 + 40: the leftmost start wins
    layout = try WaterfallLayout(width: 320, parameters: p, sections: [
      .init(items: [50, 20, .height(30, span: .columns(2))]),
    ])
    #expect(itemFrames(layout)[2] == R(0, 60, 210, 30))
  }

  @Test func spanningSizeItemsScaleToTheirWidth() throws {
    let layout = try WaterfallLayout(width: 320, parameters: three, sections: [
      .init(items: [.size(width: 420, height: 300, span: .columns(2))]),
    ])
    #expect(itemFrames(layout) == [R(0, 0, 210, 150)])
  }

  @Test func fullWidthItemsStartBelowEveryColumn() throws {
    let p = WaterfallParameters(columns: 2, insets: EdgeInsets(top: 0, left: 5, bottom: 0, right: 5))
    // A = 200, column width 95, x = 5, 110.
    let layout = try WaterfallLayout(width: 210, parameters: p, sections: [
      .init(items: [50, 20, .height(10, span: .full), 10, .size(width: 400, height: 100, span: .columns(7))]),
    ])
    #expect(itemFrames(layout) == [R(5, 0, 95, 50), R(110, 0, 95, 20), R(5, 60, 200, 10), R(5, 80, 95, 10), R(5, 100, 200, 50)])
  }

  @Test func sizeItemsKeepTheirAspectRatio() throws {
    let layout = try WaterfallLayout(width: 210, sections: [.init(items: [.size(width: 200, height: 300), .size(width: 3, height: 0)])])
    #expect(itemFrames(layout) == [R(0, 0, 100, 150), R(110, 0, 100, 0)])
  }

  @Test func headersFootersAndInsets() throws {
    var p = WaterfallParameters(columns: 2, insets: EdgeInsets(top: 8, left: 0, bottom: 12, right: 0))
    p.header = 44
    p.footer = 20
    let layout = try WaterfallLayout(width: 210, parameters: p, sections: [.init(items: [100, 50])])
    #expect(layout.layoutAttributes(for: .header(0))?.frame == R(0, 0, 210, 44))
    #expect(itemFrames(layout) == [R(0, 52, 100, 100), R(110, 52, 100, 50)])
    #expect(layout.layoutAttributes(for: .footer(0))?.frame == R(0, 164, 210, 20))
    #expect(layout.contentSize.height == 184)
  }

  @Test func emptySections() throws {
    let p = WaterfallParameters(insets: EdgeInsets(top: 10, left: 0, bottom: 5, right: 0))
    let layout = try WaterfallLayout(width: 210, parameters: p, sections: [
      .init(items: []),
      WaterfallSection(parameters: WaterfallParameters(insets: .zero), items: []),
      .init(header: 30, items: [40]),
    ])
    // Section 0: top 10, no items, end 15. Section 1: height 0. Section 2 starts at 15.
    #expect(layout.frame(ofSection: 0) == R(0, 0, 210, 15))
    #expect(layout.frame(ofSection: 1) == R(0, 15, 210, 0))
    #expect(layout.layoutAttributes(for: .header(2))?.frame == R(0, 15, 210, 30))
    #expect(itemFrames(layout, section: 2) == [R(0, 55, 100, 40)])
    #expect(layout.contentSize.height == 100)
    #expect(layout.elements(in: R(0, 0, 210, 100)).map(\.path) == [.header(2), .item(0, section: 2)])
  }

  @Test func adaptiveColumns() throws {
    // floor((375 + 10) / (100 + 10)) = 3 columns of (375 - 20) / 3.
    var layout = try WaterfallLayout(width: 375, parameters: WaterfallParameters(minColumnWidth: 100), sections: [
      .init(items: [10, 10, 10, 10]),
      WaterfallSection(parameters: WaterfallParameters(columns: 4), items: [10]),
      WaterfallSection(parameters: WaterfallParameters(minColumnWidth: 1000), items: [10]),
    ])
    let cw = 355.0 / 3
    #expect(layout.numberOfColumns(inSection: 0) == 3)
    #expect(itemFrames(layout)[2] == R(2 * (cw + 10), 0, cw, 10))
    #expect(layout.numberOfColumns(inSection: 1) == 4)
    #expect(layout.numberOfColumns(inSection: 2) == 1)
    #expect(itemFrames(layout, section: 2) == [R(0, 0, 375, 10)].map { $0.offsetBy(dx: 0, dy: layout.origin(ofSection: 2)!) })
    try layout.apply(.setWidth(500))  // floor(510 / 110) = 4
    #expect(layout.numberOfColumns(inSection: 0) == 4)
  }

  @Test func collapsedColumnWidth() throws {
    // 4 columns, 20-point gaps, in 50 points: (50 - 60) / 4 < 0 -> width 0, x = 0, 20, 40, 60.
    let layout = try WaterfallLayout(width: 50, parameters: WaterfallParameters(columns: 4, columnSpacing: 20), sections: [
      .init(items: [10, 10, 10, 10, .size(width: 5, height: 5)]),
      WaterfallSection(parameters: WaterfallParameters(insets: EdgeInsets(top: 0, left: 40, bottom: 0, right: 40)),
                       items: [.height(10, span: .full)]),
    ])
    #expect(itemFrames(layout) == [R(0, 0, 0, 10), R(20, 0, 0, 10), R(40, 0, 0, 10), R(60, 0, 0, 10), R(0, 20, 0, 0)])
    // Section 0 ends at its bottom, 20 (the size item is 0 high at y 20). A = 50 - 80 < 0 -> A' = 0.
    #expect(itemFrames(layout, section: 1) == [R(40, 20, 0, 10)])
    // Zero-width frames contain no point.
    #expect(layout.element(at: Point(x: 20, y: 5)) == nil)
  }

  @Test func severalSectionsStackWithTheirOwnParameters() throws {
    let layout = try WaterfallLayout(width: 320, parameters: WaterfallParameters(columns: 2), sections: [
      .init(header: 20, footer: 10, items: [100, 50]),
      .init(columns: 3, items: [30, 40, 50, 10]),
    ])
    // Section 0: header 0..20, items at 20, bottom 120, footer 120..130. Section 1 starts at 130.
    #expect(itemFrames(layout) == [R(0, 20, 155, 100), R(165, 20, 155, 50)])
    #expect(layout.layoutAttributes(for: .footer(0))?.frame == R(0, 120, 320, 10))
    #expect(itemFrames(layout, section: 1) == [R(0, 130, 100, 30), R(110, 130, 100, 40), R(220, 130, 100, 50), R(0, 170, 100, 10)])
    #expect(layout.contentSize == Size(width: 320, height: 180))
  }

  @Test func noSectionsMeansEmptyContent() throws {
    let layout = try WaterfallLayout(width: 100)
    #expect(layout.contentSize == Size(width: 100, height: 0))
    #expect(layout.elements(in: R(-1e9, -1e9, 2e9, 2e9)).isEmpty)
    #expect(layout.element(at: .zero) == nil)
  }

  @Test func oneColumnItemsInOneColumnAreFullWidth() throws {
    let layout = try WaterfallLayout(width: 100, parameters: WaterfallParameters(columns: 1, insets: EdgeInsets(all: 10)),
                                     sections: [.init(items: [10, .height(5, span: .columns(3)), 7])])
    #expect(itemFrames(layout) == [R(10, 10, 80, 10), R(10, 30, 80, 5), R(10, 45, 80, 7)])
  }
}

@Suite("Golden queries")
struct WaterfallQueryGoldenTests {
  let layout: WaterfallLayout

  init() throws {
    // 2 columns of 100 in 210; header 20; items 0..3; zero-height item 4; footer 10.
    layout = try WaterfallLayout(width: 210, sections: [
      .init(header: 20, footer: 10, items: [100, 50, 30, .height(0), 40]),
      .init(items: [25]),
    ])
    // items: 0 (0,20,100,100) 1 (110,20,100,50) 2 (110,80,100,30) 3 zero (110,120,100,0)
    //        4 (0,130,100,40); bottom 170, footer (0,170,210,10); section 1 at 180: item (0,180,100,25)
  }

  @Test func rectQueryAnswersInSpecOrder() {
    #expect(layout.elements(in: R(0, 0, 210, 1000)).map(\.path) == [
      .header(0), .item(0, section: 0), .item(1, section: 0), .item(2, section: 0), .item(4, section: 0),
      .footer(0), .item(0, section: 1),
    ])
  }

  @Test func touchingEdgesDoNotOverlap() {
    // [70, 80) touches item 1's bottom (70) and item 2's top (80): neither is in.
    #expect(layout.elements(in: R(110, 70, 100, 10)).map(\.path).isEmpty)
    #expect(layout.elements(in: R(0, 119.5, 210, 1)).map(\.path) == [.item(0, section: 0)])
  }

  @Test func zeroHeightElementsAreNeverInARectQuery() {
    #expect(layout.elements(in: R(110, 115, 100, 10)).map(\.path) == [])
  }

  @Test func pointQueryIsHalfOpen() {
    #expect(layout.element(at: Point(x: 0, y: 20))?.path == .item(0, section: 0))
    #expect(layout.element(at: Point(x: 100, y: 20))?.path == nil)  // the gap between columns
    #expect(layout.element(at: Point(x: 5, y: 19.999))?.path == .header(0))
    #expect(layout.element(at: Point(x: 209, y: 175))?.path == .footer(0))
    #expect(layout.element(at: Point(x: 50, y: 180))?.path == .item(0, section: 1))
    #expect(layout.element(at: Point(x: 50, y: 205))?.path == nil)
  }

  @Test func pagesContinueTheSameQuery() {
    var page: [LayoutAttributes] = []
    let rect = R(0, 0, 210, 1000)
    var more = layout.page(in: rect, after: nil, limit: 3, into: &page)
    #expect(more && page.map(\.path) == [.header(0), .item(0, section: 0), .item(1, section: 0)])
    more = layout.page(in: rect, after: page.last?.path, limit: 3, into: &page)
    #expect(more && page.count == 6 && page[5].path == .footer(0))
    more = layout.page(in: rect, after: page.last?.path, limit: 3, into: &page)
    #expect(!more && page.last?.path == .item(0, section: 1) && page.count == 7)
    var none: [LayoutAttributes] = []
    #expect(layout.page(in: rect, after: nil, limit: -1, into: &none) && none.isEmpty)
    #expect(!layout.page(in: R(0, 5000, 10, 10), after: nil, limit: 0, into: &none) && none.isEmpty)
  }
}
