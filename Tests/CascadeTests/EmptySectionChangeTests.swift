import Testing
@testable import Cascade

/// A section without items still has a height (header + insets + footer,
/// `Docs/Spec/Waterfall.md` steps 1, 5 and 6), also when it arrives or changes through
/// `apply(_:)`.
@Suite struct EmptySectionChangeTests {
  @Test func insertingAnEmptySectionLaysItOut() throws {
    var layout = try WaterfallLayout(width: 100, sections: [WaterfallSection(items: [10])])
    try layout.apply([.insertSection(WaterfallSection(header: 44, footer: 6), at: 0)])
    // Section 0: header (0,0,100,44), no items, footer at 44: height 50. Section 1 starts at 50.
    #expect(layout.contentSize == Size(width: 100, height: 60))
    #expect(layout.layoutAttributes(for: .footer(0))?.frame == Rect(x: 0, y: 44, width: 100, height: 6))
    #expect(layout.layoutAttributes(for: .item(0, section: 1))?.frame == Rect(x: 0, y: 50, width: 45, height: 10))
    let fresh = try WaterfallLayout(width: 100, sections: [WaterfallSection(header: 44, footer: 6), WaterfallSection(items: [10])])
    #expect(fresh.contentSize == layout.contentSize)
  }

  @Test func newParametersOfAnEmptySectionTakeEffect() throws {
    var layout = try WaterfallLayout(width: 100, sections: [WaterfallSection(), WaterfallSection(items: [10])])
    try layout.apply([.setSectionParameters(WaterfallParameters(insets: EdgeInsets(top: 3, bottom: 4), header: 20), section: 0)])
    // header 20, top = 23, bottom = top (no items), end = 23 + 4 = 27.
    #expect(layout.contentSize == Size(width: 100, height: 37))
    #expect(layout.layoutAttributes(for: .item(0, section: 1))?.frame == Rect(x: 0, y: 27, width: 45, height: 10))
  }
}
