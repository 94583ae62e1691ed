// Randomized tests of the list, as thorough as the waterfall's: every kind of change, in batches,
// against a list laid out from scratch (to the bit), against a one-column waterfall (the same
// frames), against brute-force rect, point and paged queries, plus rejected batches and
// inverses. Seeded; the seed and step are printed on failure.
import Testing
@testable import Cascade
import CascadeTestSupport

/// A list's content as plain values, changed the way `LayoutChange` says.
struct ListModel {
  var width: Double
  var parameters: ListParameters
  var sections: [ListSection]

  func list() throws -> ListLayout {
    try ListLayout(width: width, parameters: parameters, sections: sections)
  }

  /// The same content as a one-column waterfall, whose frames a list's must equal. The list's
  /// defaults are spelled out where the waterfall's differ (item spacing: 0, not 10).
  func waterfall() throws -> WaterfallLayout {
    func convert(_ p: ListParameters, layout: Bool) -> WaterfallParameters {
      WaterfallParameters(columns: 1, itemSpacing: layout ? p.itemSpacing ?? 0 : p.itemSpacing,
                          insets: p.insets, header: p.header, footer: p.footer)
    }
    return try WaterfallLayout(
      width: width, parameters: convert(parameters, layout: true),
      sections: sections.map {
        WaterfallSection(parameters: convert($0.parameters, layout: false), items: $0.items.map { .height($0.height) })
      })
  }

  mutating func apply(_ change: ListLayout.Change) {
    switch change {
    case .appendItems(let items, let s): sections[s].items += items
    case .insertItems(let items, let i, let s): sections[s].items.insert(contentsOf: items, at: i)
    case .deleteItems(let r, let s): sections[s].items.removeSubrange(r)
    case .replaceItems(let items, let i, let s): sections[s].items.replaceSubrange(i..<(i + items.count), with: items)
    case .moveItem(let from, let to):
      let item = sections[from.section].items.remove(at: from.item)
      sections[to.section].items.insert(item, at: to.item)
    case .insertSection(let section, let s): sections.insert(section, at: s)
    case .deleteSection(let s): sections.remove(at: s)
    case .moveSection(let from, let to): sections.insert(sections.remove(at: from), at: to)
    case .setSectionParameters(let p, let s): sections[s].parameters = p
    case .setWidth(let w): width = w
    case .setHeight: break  // the model is vertical
    }
  }
}

extension SplitMix64 {
  mutating func listParameters() -> ListParameters {
    ListParameters(
      itemSpacing: chance(0.5) ? length(20) : nil,
      insets: chance(0.3) ? EdgeInsets(top: length(30), left: length(30), bottom: length(30), right: length(30)) : nil,
      header: chance(0.4) ? length(60) : nil, footer: chance(0.4) ? length(60) : nil)
  }

  mutating func listItems(_ count: Int) -> [ListItem] { (0..<count).map { _ in ListItem(height: length()) } }

  mutating func listModel(sections: ClosedRange<Int>, items: ClosedRange<Int>) -> ListModel {
    ListModel(
      width: double(50...1200), parameters: listParameters(),
      sections: (0..<int(sections)).map { _ in ListSection(parameters: listParameters(), items: listItems(int(items))) })
  }

  /// A valid change for `model`, of any kind.
  mutating func change(for model: ListModel) -> ListLayout.Change {
    let s = model.sections.isEmpty ? 0 : int(0...model.sections.count - 1)
    let n = model.sections.isEmpty ? 0 : model.sections[s].items.count
    if model.sections.isEmpty || chance(0.06) {
      return .insertSection(ListSection(parameters: listParameters(), items: listItems(int(0...20))),
                            at: int(0...model.sections.count))
    }
    switch int(0...11) {
    case 0, 1, 2: return .appendItems(listItems(int(1...12)), section: chance(0.5) ? model.sections.count - 1 : s)
    case 3: return .insertItems(listItems(int(1...5)), at: int(0...n), section: s)
    case 4 where n > 0:
      let a = int(0...n - 1)
      return .deleteItems(a..<(a + int(0...min(5, n - a))), section: s)
    case 5 where n > 0:
      let a = int(0...n - 1)
      return .replaceItems(listItems(int(1...min(3, n - a))), at: a, section: s)
    case 6 where n > 0:
      let t = int(0...model.sections.count - 1)
      let m = model.sections[t].items.count - (t == s ? 1 : 0)
      return .moveItem(from: ItemPath(item: int(0...n - 1), section: s), to: ItemPath(item: int(0...m), section: t))
    case 7: return chance(0.3) ? .deleteSection(at: s) : .setSectionParameters(listParameters(), section: s)
    case 8: return .moveSection(from: s, to: int(0...model.sections.count - 1))
    case 9: return .setWidth(double(50...1200))
    default: return .appendItems(listItems(int(1...3)), section: s)
    }
  }

  /// A change the list must reject.
  mutating func invalidChange(for model: ListModel) -> ListLayout.Change {
    let s = model.sections.count
    let n = model.sections.first?.items.count ?? 0
    switch int(0...7) {
    case 0: return .appendItems([10], section: s)
    case 1: return .insertItems([10], at: n + 1, section: 0)
    case 2: return .deleteItems(0..<(n + 1), section: 0)
    case 3: return .appendItems([ListItem(height: -1)], section: 0)
    case 4: return .replaceItems([ListItem(height: .nan)], at: 0, section: 0)
    case 5: return .setWidth(chance(0.5) ? 0 : .infinity)
    case 6: return .setSectionParameters(ListParameters(itemSpacing: -2), section: 0)
    default: return .moveSection(from: 0, to: s)
    }
  }
}

/// Checks `list` against brute-force scans of its own elements: rect queries, point queries, and
/// rect queries read a page at a time through the `after` cursor. Returns the first difference.
func queryDifference(_ list: ListLayout, queries: Int, rng: inout SplitMix64) -> String? {
  let all = allElements(list)
  for _ in 0..<queries {
    let rect = rng.rect(in: list.contentSize)
    let fast = list.elements(in: rect)
    let slow = bruteForceQuery(all, rect)
    if fast != slow { return "query \(rect): \(fast.map(\.path)) != brute force \(slow.map(\.path))" }
    var viaClosure: [LayoutAttributes] = []
    list.forEachElement(in: rect, after: nil) { viaClosure.append($0); return true }
    if viaClosure != slow { return "forEachElement \(rect) differs from the brute force" }
    let point = Point(x: rect.minX + rect.width / 3, y: rect.minY + rect.height / 2)
    if list.element(at: point) != bruteForcePoint(all, point) { return "point \(point)" }
    let limit = rng.int(1...7)
    var paged: [LayoutAttributes] = []
    var cursor: ElementPath? = nil
    while true {
      var page: [LayoutAttributes] = []
      let more = list.page(in: rect, after: cursor, limit: limit, into: &page)
      paged += page
      if !more { break }
      guard let last = page.last else { return "page after \(String(describing: cursor)) empty but more follow" }
      cursor = last.path
    }
    if paged != slow { return "pages of \(limit) over \(rect): \(paged.map(\.path)) != \(slow.map(\.path))" }
  }
  return nil
}

@Suite("List randomized")
struct ListRandomizedTests {
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomListsMatchAOneColumnWaterfall(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<30 {
      let model = rng.listModel(sections: 0...4, items: 0...60)
      let list = try model.list()
      let waterfall = try model.waterfall()
      let same = allElements(list) == allElements(waterfall) && list.contentSize == waterfall.contentSize
      #expect(same, "seed \(seed), round \(round): the list differs from a one-column waterfall")
      let problem = queryDifference(list, queries: 20, rng: &rng)
      #expect(problem == nil, "seed \(seed), round \(round): \(problem ?? "")")
      #expect(list._violation() == nil, "seed \(seed), round \(round): \(list._violation() ?? "")")
      if !same || problem != nil { return }
    }
  }

  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func incrementalChangesMatchAFreshList(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var model = rng.listModel(sections: 0...3, items: 0...40)
    var list = try model.list()
    for step in 0..<300 {
      // Each change is drawn for the state the previous one left, and the whole batch applied
      // at once.
      var batch: [ListLayout.Change] = []
      for _ in 0..<(rng.chance(0.2) ? rng.int(2...4) : 1) {
        let change = rng.change(for: model)
        batch.append(change)
        model.apply(change)
      }
      try list.apply(batch)
      let fresh = try model.list()
      let mine = allElements(list), theirs = allElements(fresh)
      let same = mine == theirs && list.contentSize == fresh.contentSize && list.width == fresh.width
      #expect(same, "seed \(seed), step \(step): incremental list differs from a fresh one after \(batch)")
      #expect(allElements(try model.waterfall()) == mine, "seed \(seed), step \(step): differs from a one-column waterfall")
      #expect(list._violation() == nil, "seed \(seed), step \(step): \(list._violation() ?? "")")
      let problem = queryDifference(list, queries: 4, rng: &rng)
      #expect(problem == nil, "seed \(seed), step \(step): \(problem ?? "")")
      if !same || problem != nil { return }
    }
  }

  @Test(arguments: [21, 22, 23] as [UInt64])
  func rejectedBatchesLeaveTheListAsItWas(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var model = rng.listModel(sections: 1...3, items: 1...30)
    var list = try model.list()
    for step in 0..<150 {
      let before = allElements(list), size = list.contentSize
      let good = rng.change(for: model)
      var after = model
      after.apply(good)
      guard !after.sections.isEmpty else { continue }
      let bad = rng.invalidChange(for: after)
      var error: LayoutError?
      do throws(LayoutError) { try list.apply([good, bad]) } catch let e { error = e }
      #expect(error?.changeIndex == 1, "seed \(seed), step \(step): \(bad) was accepted or misnamed: \(String(describing: error))")
      #expect(allElements(list) == before && list.contentSize == size, "seed \(seed), step \(step): rejected batch changed the list")
      try list.apply(good)
      model = after
    }
  }

  @Test(arguments: [51, 52, 53, 54] as [UInt64])
  func inverseRestoresTheList(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var model = rng.listModel(sections: 1...3, items: 0...60)
    var list = try model.list()
    for step in 0..<150 {
      var batch: [ListLayout.Change] = []
      var after = model
      for _ in 0..<rng.int(1...4) {
        let change = rng.change(for: after)
        batch.append(change)
        after.apply(change)
      }
      let before = allElements(list), size = list.contentSize, width = list.width
      var undo: [ListLayout.Change] = []
      try list.apply(batch, inverse: &undo)
      var undone = list
      try undone.apply(undo)
      let restored = allElements(undone) == before && undone.contentSize == size && undone.width == width
      #expect(restored, "seed \(seed), step \(step): the inverse of \(batch) did not restore the list")
      if !restored { return }
      model = after
    }
  }
}
