// A section built from scratch keeps no column state: it places with one on the stack, and the
// first pass that continues from the state (an append, the column walk) gets it back from the
// records (`_Section.derivedLiveState()`, Docs/Architecture.md, "The waterfall's storage").
// Every change right after such a build must give what it gives on a section that kept its
// state all along. (With the internal checks compiled in, every check also compares the derived
// state with the state replayed from item 0.)
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("Column state after a build from scratch")
struct DerivedColumnStateTests {
  /// A build keeps no column state in any section; an append to one section gets that
  /// section's back, and only that one's, and places only the new item.
  @Test func aBuildKeepsNoColumnStateUntilAPassNeedsIt() throws {
    let sections = [20, 64, 130].map { n in
      WaterfallSection(items: (0..<n).map { WaterfallItem.height(Double(10 + $0 % 7 * 13)) })
    }
    var layout = try WaterfallLayout(width: 400, parameters: WaterfallParameters(columns: 4), sections: sections)
    #expect(layout._storage.sections.map(\.next.count) == [0, 0, 0])
    let placed = layout._placedItemCount
    try layout.apply(.appendItems([50], section: 1))
    #expect(layout._storage.sections.map(\.next.count) == [0, 4, 0])
    #expect(layout._placedItemCount - placed == 1)
    #expect(layout._violation() == nil)
    var whole = sections
    whole[1].items.append(50)
    #expect(bitDifference(layout, try WaterfallLayout(
      width: 400, parameters: WaterfallParameters(columns: 4), sections: whole)) == nil)
    // A width change that keeps the column count keeps height items where they are, and keeps
    // no state where there was none; an append after it derives the state at the new width.
    try layout.apply(.setWidth(420))
    #expect(layout._storage.sections.map(\.next.count) == [0, 4, 0])
    try layout.apply(.appendItems([60, 70], section: 2))
    #expect(layout._storage.sections.map(\.next.count) == [0, 4, 4])
    #expect(layout._violation() == nil)
    whole[2].items += [60, 70]
    #expect(bitDifference(layout, try WaterfallLayout(
      width: 420, parameters: WaterfallParameters(columns: 4), sections: whole)) == nil)
  }

  /// A section built from scratch and the same section built by one append to an empty section
  /// (which keeps its column state from the start), changed alike: an append, a size change
  /// (the column walk with `keepColumns`), a deletion before an append (the state not
  /// derivable, since an item below it changed), a size change with a deletion, a width change
  /// with an append. Item counts around the checkpoints (every 64 items), every order, spans,
  /// full-width items, sizes, zero heights and spacings.
  @Test(arguments: 0..<60 as Range<UInt64>)
  func aChangeAfterABuildIsTheChangeAfterAppends(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let c = rng.int(1...6)
    var parameters = WaterfallParameters(columns: c)
    parameters.itemSpacing = rng.chance(0.2) ? 0 : rng.length(20)
    parameters.order = [.shortestFirst, .leftToRight, .rightToLeft][rng.int(0...2)]
    if rng.chance(0.3) { parameters.tolerance = rng.length(40) }
    if rng.chance(0.5) { parameters.keepColumns = true }
    let count = [1, 20, 63, 64, 65, 127, 128, 129, 200][rng.int(0...8)]
    let items = (0..<count).map { _ in rng.item(columns: c) }
    var built = try WaterfallLayout(width: 600, parameters: parameters, sections: [WaterfallSection(items: items)])
    var appended = try WaterfallLayout(width: 600, parameters: parameters, sections: [WaterfallSection()])
    try appended.apply(.appendItems(items, section: 0))
    #expect(built._storage.sections[0].next.isEmpty && !appended._storage.sections[0].next.isEmpty)

    let i = rng.int(0...(count - 1))
    let resized = WaterfallItem(.size(width: rng.double(1...400), height: rng.length(400)), span: items[i].span)
    let kind = rng.int(0...4)
    let changes: [WaterfallLayout.Change] = switch kind {
    case 0: [.appendItems((0..<rng.int(1...70)).map { _ in rng.item(columns: c) }, section: 0)]
    case 1: [.replaceItems([resized], at: i, section: 0)]
    case 2: [.deleteItems((count - 1)..<count, section: 0), .appendItems([rng.item(columns: c), rng.item(columns: c)], section: 0)]
    case 3: [.replaceItems([resized], at: i, section: 0), .deleteItems((count - 1)..<count, section: 0)]
    default: [.setWidth(610), .appendItems([rng.item(columns: c)], section: 0)]
    }
    try built.apply(changes)
    try appended.apply(changes)
    #expect(bitDifference(built, appended) == nil, "seed \(seed): change \(kind) on \(count) items in \(c) columns")
    #expect(built._violation() == nil, "seed \(seed): \(built._violation() ?? "")")
    // The change continued from the state or wrote it afresh: either way the section keeps it
    // now, unless it has no items left.
    #expect(built._storage.sections[0].next.count == (built.numberOfItems(inSection: 0) > 0 ? c : 0), "seed \(seed): change \(kind) on \(count) items")
  }
}
