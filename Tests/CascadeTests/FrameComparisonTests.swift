// The shared comparisons of CascadeTestSupport (`FrameComparisons.swift`) that the randomized
// tests rely on: each must tell apart what it says it tells apart, or the tests that call it
// could not fail.
import CascadeTestSupport
import Testing
@testable import Cascade

@Suite("Frame comparisons")
struct FrameComparisonTests {
  static func layout(
    _ sections: [[WaterfallItem]], width: Double = 320,
    parameters: WaterfallParameters = WaterfallParameters(columns: 2)
  ) throws -> WaterfallLayout {
    try WaterfallLayout(width: width, parameters: parameters, sections: sections.map { WaterfallSection(items: $0) })
  }

  /// The same collection built twice agrees to the bit; each kind of difference is named.
  @Test func bitDifferenceNamesEveryKindOfDifference() throws {
    let items: [WaterfallItem] = [50, 60, .height(40, span: .columns(2)), 30]
    let base = try Self.layout([items, [10]])
    #expect(bitDifference(base, try Self.layout([items, [10]])) == nil)

    // A frame's height of −0 against +0: the same value, not the same bits.
    let minusZero = bitDifference(try Self.layout([[50, .height(-0.0)]]), try Self.layout([[50, .height(0)]]))
    #expect(minusZero == "section 0, item 1 at (165.0, 0.0, 155.0, -0.0) != section 0, item 1 at (165.0, 0.0, 155.0, 0.0)")

    // The same frames, one element more.
    let longer = bitDifference(try Self.layout([items + [20]]), try Self.layout([items]))
    #expect(longer == "5 elements, not 4")

    // The same elements and frames, another content height (the bottom inset) or width.
    let inset = WaterfallParameters(columns: 2, insets: EdgeInsets(bottom: 5))
    #expect(bitDifference(try Self.layout([items], parameters: inset), try Self.layout([items]))?.hasPrefix("content size") == true)
    #expect(bitDifference(try Self.layout([[]], width: 330), try Self.layout([[]], width: 320))?.hasPrefix("content size") == true)

    // Another element at the same place: a header against an item of one column, as wide and
    // as high.
    let header = WaterfallParameters(columns: 1, header: 10)
    let path = bitDifference(try Self.layout([[]], parameters: header), try Self.layout([[10]], parameters: WaterfallParameters(columns: 1)))
    #expect(path == "section 0, header at (0.0, 0.0, 320.0, 10.0) != section 0, item 0 at (0.0, 0.0, 320.0, 10.0)")
  }

  /// `itemFrames` reads one section's items in order, and no header or footer.
  @Test func itemFramesReadsOneSectionsItems() throws {
    let layout = try Self.layout([[50, 60, 40], [30]], parameters: WaterfallParameters(columns: 2, columnSpacing: 10, itemSpacing: 10, header: 7))
    #expect(itemFrames(layout) == [R(0, 7, 155, 50), R(165, 7, 155, 60), R(0, 67, 155, 40)])
    #expect(itemFrames(layout, section: 1) == [R(0, 114, 155, 30)])
  }
}
