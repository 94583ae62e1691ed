// A layout finds an item by its id through the item's section `uid`. While every section's uid is
// its index (a layout built whole, then changed only by appends and changes inside sections), it
// keeps no map from uid to index; any other section-level change builds one.
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("Section uids")
struct SectionUIDTests {
  /// Two items with ids in each of `count` sections: ids `10 s` and `10 s + 1`.
  static func sections(_ count: Int, from first: Int = 0) -> [WaterfallSection] {
    (first..<(first + count)).map { s in
      WaterfallSection(items: [.height(10, id: .int(Int64(10 * s))), 20, .height(30, id: .int(Int64(10 * s + 1)))])
    }
  }

  @Test func aLayoutBuiltWholeKeepsNoMapAndFindsEveryID() throws {
    var layout = try WaterfallLayout(width: 300, sections: Self.sections(4))
    #expect(layout._storage.sectionOfUID.isEmpty)
    #expect(layout.path(forID: 31) == ItemPath(item: 2, section: 3))
    #expect(layout.path(forID: 0) == ItemPath(item: 0, section: 0))
    #expect(layout.path(forID: 41) == nil)
    // Appending a section and deleting the last keep every uid at its index.
    try layout.apply([.insertSection(Self.sections(1, from: 4)[0], at: 4)])
    #expect(layout._storage.sectionOfUID.isEmpty)
    #expect(layout.path(forID: 41) == ItemPath(item: 2, section: 4))
    try layout.apply([.deleteSection(at: 4)])
    #expect(layout._storage.sectionOfUID.isEmpty)
    #expect(layout.path(forID: 41) == nil)
    #expect(layout._violation() == nil)
  }

  @Test func sectionLevelChangesBuildTheMap() throws {
    var layout = try WaterfallLayout(width: 300, sections: Self.sections(4))
    // Section 0 gone: uids 1, 2, 3 at indices 0, 1, 2.
    try layout.apply([.deleteSection(at: 0)])
    #expect(layout._storage.sectionOfUID == [1: 0, 2: 1, 3: 2])
    #expect(layout.path(forID: 11) == ItemPath(item: 2, section: 0))
    #expect(layout.path(forID: 30) == ItemPath(item: 0, section: 2))
    #expect(layout.path(forID: 0) == nil)
    // Moved: uids 3, 1, 2.
    try layout.apply([.moveSection(from: 2, to: 0)])
    #expect(layout._storage.sectionOfUID == [3: 0, 1: 1, 2: 2])
    #expect(layout.path(forID: 30) == ItemPath(item: 0, section: 0))
    #expect(layout.path(forID: 21) == ItemPath(item: 2, section: 2))
    #expect(layout._violation() == nil)
  }

  @Test func movingSectionsBackDropsTheMap() throws {
    var layout = try WaterfallLayout(width: 300, sections: Self.sections(3))
    try layout.apply([.moveSection(from: 0, to: 2)])
    #expect(layout._storage.sectionOfUID == [1: 0, 2: 1, 0: 2])
    #expect(layout.path(forID: 1) == ItemPath(item: 2, section: 2))
    try layout.apply([.moveSection(from: 2, to: 0)])
    #expect(layout._storage.sectionOfUID.isEmpty)
    #expect(layout.path(forID: 1) == ItemPath(item: 2, section: 0))
    #expect(layout._violation() == nil)
  }

  /// Random section-level changes (inserted, deleted and moved sections, appended sections, items
  /// inserted and deleted), checked after each batch against a model of where each id is: every
  /// id's path, no other id found, and the map kept exactly when some uid is not its index.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func idsFollowTheirSectionsThroughRandomChanges(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var model: [[Int64?]] = (0..<3).map { s in [Int64(10 * s), nil, Int64(10 * s + 1)] }
    var nextID: Int64 = 1_000
    func items(_ count: Int) -> [WaterfallItem] {
      (0..<count).map { _ in
        guard rng.chance(0.6) else { return .height(Double(rng.int(1...50))) }
        nextID += 1
        return .height(Double(rng.int(1...50)), id: .int(nextID))
      }
    }
    func ids(_ items: [WaterfallItem]) -> [Int64?] {
      items.map { if case .int(let v)? = $0.id { v } else { nil } }
    }
    var layout = try WaterfallLayout(
      width: 300, sections: model.map { ids in WaterfallSection(items: ids.map { .height(10, id: $0.map { .int($0) }) }) })
    var gone: [Int64] = []
    for step in 0..<300 {
      let context = "seed \(seed), step \(step)"
      var change: LayoutChange<WaterfallItem, WaterfallParameters>
      switch rng.int(0...5) {
      case 0:
        let new = items(rng.int(0...3))
        let s = rng.int(0...model.count)
        change = .insertSection(WaterfallSection(items: new), at: s)
        model.insert(ids(new), at: s)
      case 1:
        let new = items(rng.int(0...3))
        change = .insertSection(WaterfallSection(items: new), at: model.count)
        model.append(ids(new))
      case 2 where !model.isEmpty:
        let s = rng.int(0...model.count - 1)
        change = .deleteSection(at: s)
        gone += model.remove(at: s).compactMap { $0 }
      case 3 where !model.isEmpty:
        let from = rng.int(0...model.count - 1), to = rng.int(0...model.count - 1)
        change = .moveSection(from: from, to: to)
        model.insert(model.remove(at: from), at: to)
      case 4 where !model.isEmpty:
        let s = rng.int(0...model.count - 1), i = rng.int(0...model[s].count)
        let new = items(rng.int(1...3))
        change = .insertItems(new, at: i, section: s)
        model[s].insert(contentsOf: ids(new), at: i)
      case 5 where !model.isEmpty && model.contains { !$0.isEmpty }:
        let s = model.indices.filter { !model[$0].isEmpty }[rng.int(0...model.indices.filter { !model[$0].isEmpty }.count - 1)]
        let i = rng.int(0...model[s].count - 1)
        change = .deleteItems(i..<(i + 1), section: s)
        if let id = model[s].remove(at: i) { gone.append(id) }
      default:
        continue
      }
      try layout.apply([change])
      for (s, section) in model.enumerated() {
        for (i, id) in section.enumerated() {
          guard let id else { continue }
          #expect(layout.path(forID: .int(id)) == ItemPath(item: i, section: s), "\(context): id \(id)")
        }
      }
      for id in gone.suffix(8) { #expect(layout.path(forID: .int(id)) == nil, "\(context): id \(id) was deleted") }
      let storage = layout._storage
      let identity = storage.sections.indices.allSatisfy { storage.sections[$0].uid == $0 }
      #expect(storage.sectionOfUID.isEmpty == identity, "\(context): map of \(storage.sectionOfUID.count) uids")
      #expect(layout._violation() == nil, "\(context)")
    }
  }
}
