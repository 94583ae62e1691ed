// A size item of height 0 whose span is infinitely wide: Docs/Spec/Waterfall.md, Notes, "A zero
// height at an infinite width". Found by FuzzLayoutBatches (its reproducer replays in
// Tests/Fuzz/regressions/FuzzLayoutBatches): `h * width / w` gave 0 × ∞ = NaN, and the NaN bottom
// broke the order of the item's lane.
import CascadeTestSupport
import Testing
@testable import Cascade

@Suite("A zero height at an infinite width")
struct ZeroHeightAtInfiniteWidthTests {
  /// Six columns 1.797e308 apart in 1029 points: the column width is max(0, (1029 − 5·s) / 6) = 0,
  /// the x of column j is j · s (∞ from column 2 on), a span of five is 4 · s = ∞ wide.
  static let huge = Double.greatestFiniteMagnitude

  /// The fuzzer's collection, frames worked out by hand.
  @Test func theFuzzersCollection() throws {
    let p = WaterfallParameters(columns: 6, columnSpacing: Self.huge, tolerance: Self.huge)
    let items: [WaterfallItem] = [80, 60, 58, 80, 80, .size(width: 37, height: -0.0, span: .columns(5))]
    let layout = try WaterfallLayout(width: 1029, parameters: p, sections: [.init(items: items)])
    // The tolerance takes column 0 every time (every next y is within ∞ of the lowest). The span
    // of five starts at s = 0 (y_0 = 408 <= 0 + tolerance), 4 · s = ∞ wide, its height −0 as given.
    #expect(itemFrames(layout) == [
      R(0, 0, 0, 80), R(0, 90, 0, 60), R(0, 160, 0, 58), R(0, 228, 0, 80), R(0, 318, 0, 80),
      R(0, 408, .infinity, 0),
    ])
    let last = try #require(layout.layoutAttributes(for: .item(5, section: 0)))
    #expect(last.frame.height.bitPattern == (-0.0).bitPattern)
    #expect(layout.contentSize == Size(width: 1029, height: 408))
    #expect(layout._violation() == nil)
    // Every rect answer is a scan's.
    let all = allElements(layout)
    for y in stride(from: -10.0, through: 420, by: 7) {
      for r in [R(-1, y, 2, 15), R(-1, y, 2, 0), R(5, y, Self.huge, 30)] {
        #expect(layout.elements(in: r).map(\.path) == bruteForceQuery(all, r).map(\.path), "rect \(r)")
      }
    }
  }

  /// The same item after others, placed into the lowest columns, and one of positive height: ∞,
  /// as `h * width / w` says. Later items in those columns start at ∞.
  @Test func aPositiveHeightIsInfinite() throws {
    let p = WaterfallParameters(columns: 6, columnSpacing: Self.huge)
    let items: [WaterfallItem] = [
      10, 20, .size(width: 37, height: 0, span: .columns(5)), .size(width: 37, height: 1, span: .columns(5)), 5,
    ]
    let layout = try WaterfallLayout(width: 1029, parameters: p, sections: [.init(items: items)])
    // Item 0 to column 0, item 1 to column 1 (x = s); next = [20, 30, 0, 0, 0, 0]. Span five:
    // y_s = max(next[s ..< s + 5]): y_0 = y_1 = 30, so s = 0 at 30, height 0;
    // then next[0 ..< 5] = 40. Second span: y_0 = 40, y_1 = max(40, 40, 40, 40, 0) = 40: s = 0 at
    // 40, height 1 · ∞ / 37 = ∞; next[0 ..< 5] = ∞. Item 4: the lowest column is 5 (x = 5 · s = ∞).
    #expect(itemFrames(layout) == [
      R(0, 0, 0, 10), R(Self.huge, 0, 0, 20), R(0, 30, .infinity, 0), R(0, 40, .infinity, .infinity),
      R(.infinity, 0, 0, 5),
    ])
    #expect(layout.contentSize.height == .infinity)
    #expect(layout._violation() == nil)
  }

  /// Appended, inserted and replaced one change at a time, it gives the fresh layout's frames, and
  /// the reference model agrees.
  @Test func incrementalChangesMatchAFreshLayout() throws {
    let p = WaterfallParameters(columns: 6, columnSpacing: Self.huge)
    let zero = WaterfallItem.size(width: 37, height: 0, span: .columns(5))
    var items: [WaterfallItem] = [10, 20, 30]
    var layout = try WaterfallLayout(width: 1029, parameters: p, sections: [.init(items: items)])
    let changes: [(WaterfallLayout.Change, ([WaterfallItem]) -> [WaterfallItem])] = [
      (.appendItems([zero, 7], section: 0), { $0 + [zero, 7] }),
      (.insertItems([zero], at: 1, section: 0), { var a = $0; a.insert(zero, at: 1); return a }),
      (.replaceItems([zero], at: 0, section: 0), { var a = $0; a[0] = zero; return a }),
      (.setWidth(2000), { $0 }),
    ]
    var width = 1029.0
    for (change, edit) in changes {
      try layout.apply([change])
      items = edit(items)
      if case .setWidth(let w) = change { width = w }
      let fresh = try WaterfallLayout(width: width, parameters: p, sections: [.init(items: items)])
      #expect(itemFrames(layout) == itemFrames(fresh), "after \(change)")
      #expect(layout._violation() == nil, "after \(change)")
      let model = ReferenceWaterfall(width: width, parameters: p, sections: [.init(parameters: .init(), items: items)])
      #expect(model.compute().elements.map(\.frame) == itemFrames(fresh), "model after \(change)")
      #expect(!itemFrames(layout).contains { $0.height.isNaN }, "after \(change)")
    }
  }
}

@Suite("Adaptive columns near the largest Double")
struct AdaptiveColumnsNearTheLimitTests {
  /// `(A + columnSpacing) / (minColumnWidth + columnSpacing)` with a sum past the largest
  /// `Double` is ∞ / x = ∞ or ∞ / ∞ = NaN; the count is the ratio of the halved sums instead, not
  /// an error that says "more than 65536 columns". A ratio really that large is still refused.
  @Test func bothSumsOverflow() throws {
    let huge = 1e308
    let p = WaterfallParameters(minColumnWidth: huge, columnSpacing: huge)
    let layout = try WaterfallLayout(width: huge, parameters: p, sections: [.init(items: [10, 20])])
    #expect(layout.numberOfColumns(inSection: 0) == 1)
    // One column of the whole width: A − 0 · s over 1.
    #expect(layout.layoutAttributes(for: .item(1, section: 0))?.frame == Rect(x: 0, y: 20, width: huge, height: 20))
    // Three halves over one: (1.5e308 + 1e308) / (0.5e308 + 1e308) overflows on top and not below.
    let wider = try WaterfallLayout(
      width: 1.5e308, parameters: WaterfallParameters(minColumnWidth: 0.5e308, columnSpacing: huge),
      sections: [.init(items: [10])])
    #expect(wider.numberOfColumns(inSection: 0) == 1)  // (2.5 / 1.5) = 1.67: one column
    // And through a width change of a layout that had a finite count.
    var changed = try WaterfallLayout(width: 100, parameters: p, sections: [.init(items: [10])])
    try changed.apply([.setWidth(huge)])
    #expect(changed.numberOfColumns(inSection: 0) == 1)
    // Halving does not hide a count that is really too large: 1e308 / 1e-300 is still refused.
    #expect(throws: LayoutError.self) {
      _ = try WaterfallLayout(width: huge, parameters: WaterfallParameters(minColumnWidth: 1e-300, columnSpacing: 0), sections: [.init()])
    }
  }
}
