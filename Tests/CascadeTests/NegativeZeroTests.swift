// Lengths of −0, which are valid (−0 ≥ 0): Docs/Spec/Waterfall.md, Notes, "Negative zeros".
// Found by FuzzLayoutBatches (its reproducer replays in Tests/Fuzz/regressions/FuzzLayoutBatches):
// a list whose header and insets were −0 reported a content height of −0 after appends and +0
// when built afresh.
import CascadeTestSupport
import Testing
@testable import Cascade

@Suite("Negative zeros")
struct NegativeZeroTests {
  static let minusZero = EdgeInsets(all: -0.0)

  /// The fuzzer's list: two empty sections, header and insets −0, then items of height −0.
  @Test func aListBuiltOrAppendedToIsTheSameToTheBit() throws {
    let p = ListParameters(insets: Self.minusZero, header: -0.0)
    let empty = ListSection(parameters: ListParameters(), items: [])
    var layout = try ListLayout(width: 1014, parameters: p, sections: [empty, empty])
    // y = 0 when there is no header (the spec's step 1), so an empty section ends at +0.
    #expect(layout.contentSize.height.bitPattern == (0.0).bitPattern)
    let six = Array(repeating: ListItem(height: -0.0), count: 6)
    var items: [ListItem] = []
    for _ in 0..<3 {
      try layout.apply([.appendItems(six, section: 0)])
      items += six
      let fresh = try ListLayout(width: 1014, parameters: p, sections: [ListSection(parameters: ListParameters(), items: items), empty])
      #expect(bitDifference(layout, fresh) == nil)
      #expect(layout.contentSize.height.bitPattern == (0.0).bitPattern)
    }
    // The items keep the height they were given, at y = +0.
    let first = try #require(layout.layoutAttributes(for: .item(0, section: 0)))
    #expect(first.frame.minY.bitPattern == (0.0).bitPattern)
    #expect(first.frame.height.bitPattern == (-0.0).bitPattern)
  }

  /// The same for a waterfall, every length −0, with one-column, spanning and full-width items,
  /// built at once, appended, inserted and after a width change.
  @Test func aWaterfallBuiltOrChangedIsTheSameToTheBit() throws {
    let p = WaterfallParameters(
      columns: 3, columnSpacing: -0.0, itemSpacing: -0.0, insets: Self.minusZero, header: -0.0, footer: -0.0, tolerance: -0.0)
    let zeros: [WaterfallItem] = [
      .height(-0.0), .size(width: 5, height: -0.0), .height(-0.0, span: .columns(2)), .height(-0.0, span: .full), 0,
    ]
    let empty = WaterfallSection(parameters: WaterfallParameters(), items: [])
    var layout = try WaterfallLayout(width: 300, parameters: p, sections: [empty, empty])
    #expect(layout.contentSize.height.bitPattern == (0.0).bitPattern)
    var items: [WaterfallItem] = []
    var width = 300.0
    let changes: [(WaterfallLayout.Change, ([WaterfallItem]) -> [WaterfallItem])] = [
      (.appendItems(zeros, section: 0), { $0 + zeros }),
      (.insertItems(zeros, at: 2, section: 0), { var a = $0; a.insert(contentsOf: zeros, at: 2); return a }),
      (.deleteItems(0..<3, section: 0), { Array($0.dropFirst(3)) }),
      (.setWidth(301), { $0 }),
    ]
    for (change, edit) in changes {
      try layout.apply([change])
      items = edit(items)
      if case .setWidth(let w) = change { width = w }
      let fresh = try WaterfallLayout(width: width, parameters: p, sections: [WaterfallSection(parameters: WaterfallParameters(), items: items), empty])
      #expect(bitDifference(layout, fresh) == nil, "after \(change)")
      #expect(layout.contentSize.height.bitPattern == (0.0).bitPattern, "after \(change)")
      #expect(allElements(layout).allSatisfy { $0.frame.minX.sign == .plus && $0.frame.minY.sign == .plus }, "after \(change)")
    }
  }
}
