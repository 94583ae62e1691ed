// What each change recomputes, counted by the placement loop's test hook, and regressions.
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("Incremental cost")
struct WaterfallIncrementalTests {
  func bigLayout(sections: Int = 3, items: Int = 10_000, seed: UInt64 = 7) throws -> (WaterfallLayout, ReferenceWaterfall) {
    var rng = SplitMix64(seed: seed)
    let model = ReferenceWaterfall(
      width: 1024, parameters: WaterfallParameters(columns: 4),
      sections: (0..<sections).map { _ in .init(parameters: WaterfallParameters(), items: (0..<items).map { _ in rng.item() }) })
    return (try model.layout(), model)
  }

  @Test func appendingPlacesOnlyTheNewItems() throws {
    var (layout, _) = try bigLayout()
    let before = layout._placedItemCount
    try layout.apply(.appendItems([10, 20, 30, .height(5, span: .full)], section: 2))
    #expect(layout._placedItemCount - before == 4)
  }

  @Test func aChangeInTheMiddleReplacesFromTheCheckpointToTheSectionsEnd() throws {
    var (layout, model) = try bigLayout()
    let before = layout._placedItemCount
    try layout.apply(.replaceItems([77], at: 5_000, section: 1))
    let placed = layout._placedItemCount - before
    // Items 4_992 ..< 10_000 of section 1 only: sections 0 and 2 are not laid out again.
    #expect(placed == 10_000 - 4_992)
    model.apply(.replaceItems([77], at: 5_000, section: 1))
    #expect(allElements(layout) == allElements(try model.layout()))
  }

  @Test func laterSectionsMoveWithoutBeingLaidOut() throws {
    var (layout, _) = try bigLayout()
    let origin = layout.origin(ofSection: 2)!
    let frame = layout.layoutAttributes(for: .item(123, section: 2))!.frame
    let before = layout._placedItemCount
    try layout.apply(.insertItems([.height(1000, span: .full)], at: 10_000, section: 0))
    #expect(layout._placedItemCount - before == 1)  // an insert at the end is an append
    let shift = layout.origin(ofSection: 2)! - origin
    #expect(shift == 1010)
    #expect(layout.layoutAttributes(for: .item(123, section: 2))!.frame == frame.offsetBy(dx: 0, dy: shift))
  }

  @Test func randomChangesInLongSections() throws {
    for seed: UInt64 in [31, 32, 33] {
      var rng = SplitMix64(seed: seed)
      var (layout, model) = try bigLayout(sections: 2, items: 700, seed: seed)
      for step in 0..<60 {
        let s = rng.int(0...1)
        let n = model.sections[s].items.count
        let i = rng.int(0...n - 1)
        let change: WaterfallLayout.Change
        switch rng.int(0...3) {
        case 0: change = .replaceItems(rng.items(rng.int(1...3)).prefix(n - i).map { $0 }, at: i, section: s)
        case 1: change = .insertItems(rng.items(rng.int(1...70)), at: i, section: s)
        case 2: change = .deleteItems(i..<min(n, i + rng.int(0...70)), section: s)
        default: change = .moveItem(from: ItemPath(item: i, section: s), to: ItemPath(item: rng.int(0...n - 1), section: s))
        }
        try layout.apply(change)
        model.apply(change)
        let fresh = try model.layout()
        #expect(allElements(layout) == allElements(fresh) && layout.contentSize == fresh.contentSize,
                "seed \(seed), step \(step): \(change)")
      }
    }
  }

  @Test func insertingAnEmptySectionWithAHeaderGivesItsHeight() throws {
    var layout = try WaterfallLayout(width: 100, sections: [.init(items: [10])])
    try layout.apply(.insertSection(WaterfallSection(header: 40), at: 0))
    #expect(layout.frame(ofSection: 0) == Rect(x: 0, y: 0, width: 100, height: 40))
    #expect(layout.layoutAttributes(for: .item(0, section: 1))?.frame == Rect(x: 0, y: 40, width: 45, height: 10))
    try layout.apply(.setSectionParameters(WaterfallParameters(header: 5, footer: 5), section: 0))
    #expect(layout.contentSize.height == 20)
  }
}
