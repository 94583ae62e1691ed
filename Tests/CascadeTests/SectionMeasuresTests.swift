// A waterfall section of height items keeps no measures: each record holds its item's height,
// which is all a height item's measure is (Docs/Architecture.md, "Measures only where they say
// more than the record"). The first size item, or a keepColumns size change waiting for the
// column walk, stores them all; a one-pass build that meets its first size item late starts
// over with them. These tests hold the two forms to the same layout: a golden case
// by hand across the change of form, the one-pass build with its first size item anywhere, and
// seeded sequences of batches that bring size items in and take them out, compared after every
// batch with a from-scratch layout to the bit and with a model of the items as given.
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("Waterfall sections: measures stored only for size items")
struct SectionMeasuresTests {
  static func isSize(_ item: WaterfallItem) -> Bool {
    if case .size = item.measure { true } else { false }
  }

  /// Two columns of width 100 (width 200, no spacing): a (0, 0, 50) in column 0, b (100, 0, 30)
  /// and c (100, 30, 20) in column 1. Appending d, a 200 × 100 size item, at column width 100 is
  /// 50 high, in the leftmost of the two columns ending at 50: (0, 50, 50). At width 400 the
  /// columns are 200 wide and d is 100 high; a, b and c keep their heights.
  @Test func aSizeItemStoresTheMeasuresOfTheHeightItemsBeforeIt() throws {
    var layout = try WaterfallLayout(width: 200, parameters: WaterfallParameters(columns: 2, columnSpacing: 0, itemSpacing: 0), sections: [
      WaterfallSection(items: [.height(50), .height(30), .height(20)]),
    ])
    #expect(layout._storage.sections[0].measures.isEmpty)
    #expect(itemFrames(layout) == [
      Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 100, y: 0, width: 100, height: 30),
      Rect(x: 100, y: 30, width: 100, height: 20),
    ])
    try layout.apply(.appendItems([.size(width: 200, height: 100)], section: 0))
    let stored = layout._storage.sections[0].measures.map { [$0.width, $0.height] }
    #expect(stored == [[0, 50], [0, 30], [0, 20], [200, 100]])
    #expect(itemFrames(layout).last == Rect(x: 0, y: 50, width: 100, height: 50))
    try layout.apply(.setWidth(400))
    #expect(itemFrames(layout) == [
      Rect(x: 0, y: 0, width: 200, height: 50), Rect(x: 200, y: 0, width: 200, height: 30),
      Rect(x: 200, y: 30, width: 200, height: 20), Rect(x: 0, y: 50, width: 200, height: 100),
    ])
    #expect(layout.item(at: ItemPath(item: 1, section: 0))?.measure == .height(30))
    #expect(layout.item(at: ItemPath(item: 3, section: 0))?.measure == .size(width: 200, height: 100))
    #expect(layout._violation() == nil)
  }

  /// The one-pass build of a section whose first item is a height item writes no measures; at
  /// its first size item it starts over, writing them all: wherever that item is, the section
  /// holds every item's measure as given, and the layout one built by appending the items holds.
  @Test(arguments: [-1, 0, 1, 15, 16, 63, 64, 500, 999])
  func theOnePassBuildStartsOverAtItsFirstSizeItem(firstSize: Int) throws {
    var rng = SplitMix64(seed: UInt64(firstSize + 2))
    let items: [WaterfallItem] = (0..<1_000).map { i in
      let measure: WaterfallItem.Measure = i == firstSize || (firstSize >= 0 && i > firstSize && rng.chance(0.3))
        ? .size(width: rng.double(1...400), height: rng.double(0...400)) : .height(rng.double(0...300))
      return WaterfallItem(measure, span: rng.chance(0.1) ? .columns(2) : rng.chance(0.05) ? .full : .columns(1))
    }
    let parameters = WaterfallParameters(columns: 3, itemSpacing: 4)
    let built = try WaterfallLayout(width: 500, parameters: parameters, sections: [WaterfallSection(items: items)])
    let section = built._storage.sections[0]
    #expect(section.measures.count == (firstSize < 0 ? 0 : items.count), "first size item \(firstSize)")
    for (i, item) in items.enumerated() where built.item(at: ItemPath(item: i, section: 0)) != item {
      Issue.record("first size item \(firstSize): item \(i) reads back as \(String(describing: built.item(at: ItemPath(item: i, section: 0)))), not \(item)")
      break
    }
    var appended = try WaterfallLayout(width: 500, parameters: parameters, sections: [WaterfallSection(items: [])])
    for start in stride(from: 0, to: items.count, by: 97) {
      try appended.apply(.appendItems(Array(items[start..<Swift.min(items.count, start + 97)]), section: 0))
    }
    #expect(bitDifference(built, appended) == nil, "first size item \(firstSize)")
    #expect(built._violation() == nil)
  }

  /// Sections that start with height items alone, then batches that bring size items in (rarely),
  /// delete, move, resize (with and without keepColumns) and change the width. After every batch:
  /// every item reads back as the model holds it, a section keeps no measures only while all its
  /// items are height items (and one of height items alone from the start keeps none until one
  /// arrives or keepColumns defers a size change), and the frames are a fresh layout's to the bit.
  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func formsChangeAndTheLayoutDoesNot(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let keep = seed % 2 == 0
    var parameters = WaterfallParameters(columns: rng.int(1...5), keepColumns: keep)
    if rng.chance(0.5) { parameters.itemSpacing = rng.length(12) }
    func heightItem() -> WaterfallItem {
      WaterfallItem(.height(rng.chance(0.05) ? 0 : rng.double(10...300)),
                    span: rng.chance(0.05) ? .full : rng.chance(0.1) ? .columns(2) : .columns(1))
    }
    func anyItem() -> WaterfallItem {
      var item = heightItem()
      if rng.chance(0.04) { item.measure = .size(width: rng.double(1...400), height: rng.length(400)) }
      return item
    }
    var model = (0..<3).map { _ in (0..<rng.int(50...400)).map { _ in heightItem() } }
    var layout = try WaterfallLayout(width: rng.double(300...900), parameters: parameters,
                                     sections: model.map { WaterfallSection(items: $0) })
    // Whether a section may have stored its measures: a size item came, or keepColumns
    // deferred a size change.
    var mayStore = [false, false, false]
    for step in 0..<120 {
      let s = rng.int(0...2), n = model[s].count
      let change: WaterfallLayout.Change
      switch rng.int(0...9) {
      case 0: change = .appendItems((0..<rng.int(1...20)).map { _ in anyItem() }, section: s)
      case 1: change = .insertItems([anyItem()], at: rng.int(0...n), section: s)
      case 2 where n > 0:
        let lower = rng.int(0...n - 1)
        change = .deleteItems(lower..<Swift.min(n, lower + rng.int(1...30)), section: s)
      case 3 where n > 1:
        change = .moveItem(from: ItemPath(item: rng.int(0...n - 1), section: s), to: ItemPath(item: rng.int(0...n - 1), section: s))
      case 4: change = .setWidth(layout.width * rng.double(0.8...1.25))
      case 5 where n > 0: change = .replaceItems([anyItem()], at: rng.int(0...n - 1), section: s)
      default:
        guard n > 0 else { continue }
        // A size change that keeps the span: deferred to the column walk with keepColumns.
        let i = rng.int(0...n - 1)
        var resized = model[s][i]
        resized.measure = Self.isSize(resized) ? .size(width: rng.double(1...400), height: rng.length(400)) : .height(rng.double(0...300))
        change = .replaceItems([resized], at: i, section: s)
      }
      try layout.apply(change)
      switch change {
      case .appendItems(let items, _): model[s] += items
      case .insertItems(let items, let i, _): model[s].insert(contentsOf: items, at: i)
      case .deleteItems(let range, _): model[s].removeSubrange(range)
      case .moveItem(let from, let to): model[s].insert(model[s].remove(at: from.item), at: to.item)
      case .replaceItems(let items, let i, _):
        if keep && !Self.isSize(items[0]) && !Self.isSize(model[s][i]) { mayStore[s] = true }
        model[s][i] = items[0]
      default: break
      }
      if model[s].contains(where: Self.isSize) { mayStore[s] = true }
      let where_ = "seed \(seed), step \(step), \(change)"
      for t in 0..<3 {
        let section = layout._storage.sections[t]
        let sized = model[t].contains(where: Self.isSize)
        if section.measures.isEmpty ? sized : section.measures.count != model[t].count {
          Issue.record("\(where_): section \(t) keeps \(section.measures.count) measures for \(model[t].count) items, size items: \(sized)")
          return
        }
        if !mayStore[t] && !section.measures.isEmpty {
          Issue.record("\(where_): section \(t), height items alone, stored its measures")
          return
        }
        for (i, item) in model[t].enumerated() {
          let got = layout.item(at: ItemPath(item: i, section: t))
          if got?.measure != item.measure || got?.span != item.span {
            Issue.record("\(where_): item \(i) of section \(t) reads back as \(String(describing: got)), not \(item)")
            return
          }
        }
      }
      let (_, problem) = try checkedAgainstFresh(layout)
      if let problem {
        Issue.record("\(where_): \(problem)")
        return
      }
    }
  }
}
