import Cascade
import CascadeView
import Testing

/// Applies a sequential batch to sections of ids; inserted slots are `nil` (an inserted section
/// gets `newCounts[s]` of them, as the view fills it from the data source's final state).
func simulate(_ old: [[Int]], _ updates: [BatchUpdate], newCounts: [Int]) -> [[Int?]] {
  var state: [[Int?]] = old.map { $0.map { Optional($0) } }
  for update in updates {
    switch update {
    case .insertItems(let r, let s): state[s].insert(contentsOf: [Int?](repeating: nil, count: r.count), at: r.lowerBound)
    case .deleteItems(let r, let s): state[s].removeSubrange(r)
    case .moveItem(let from, let to):
      let id = state[from.section].remove(at: from.item)
      state[to.section].insert(id, at: to.item)
    case .reloadItems: break
    case .insertSections(let r):
      for s in r { state.insert([Int?](repeating: nil, count: newCounts[s]), at: s) }
    case .deleteSections(let r): state.removeSubrange(r)
    case .moveSection(let from, let to): state.insert(state.remove(at: from), at: to)
    case .reloadSections: break
    }
  }
  return state
}

/// A random edit of `old`: deletes, inserts, moves within and across sections, section deletes,
/// inserts and moves.
func randomEdit(_ old: [[Int]], sectionIDs: [Int], next: inout Int, _ g: inout SeededGenerator) -> (sections: [Int], items: [[Int]]) {
  var sections = sectionIDs
  var items = old
  // Section deletes and inserts, a section move.
  if !sections.isEmpty && Int.random(in: 0..<4, using: &g) == 0 {
    let s = Int.random(in: 0..<sections.count, using: &g)
    sections.remove(at: s)
    items.remove(at: s)
  }
  if Int.random(in: 0..<4, using: &g) == 0 {
    let s = Int.random(in: 0...sections.count, using: &g)
    next += 1
    sections.insert(1_000_000 + next, at: s)
    items.insert((0..<Int.random(in: 0..<4, using: &g)).map { _ in next += 1; return next }, at: s)
  }
  if sections.count > 1 && Int.random(in: 0..<4, using: &g) == 0 {
    let from = Int.random(in: 0..<sections.count, using: &g)
    let to = Int.random(in: 0..<sections.count - 1, using: &g)
    sections.insert(sections.remove(at: from), at: to)
    items.insert(items.remove(at: from), at: to)
  }
  guard !sections.isEmpty else { return (sections, items) }
  for _ in 0..<Int.random(in: 0..<8, using: &g) {
    let s = Int.random(in: 0..<sections.count, using: &g)
    switch Int.random(in: 0..<3, using: &g) {
    case 0:
      next += 1
      items[s].insert(next, at: Int.random(in: 0...items[s].count, using: &g))
    case 1:
      if !items[s].isEmpty { items[s].remove(at: Int.random(in: 0..<items[s].count, using: &g)) }
    default:
      if !items[s].isEmpty {
        let id = items[s].remove(at: Int.random(in: 0..<items[s].count, using: &g))
        let t = Int.random(in: 0..<sections.count, using: &g)
        items[t].insert(id, at: Int.random(in: 0...items[t].count, using: &g))
      }
    }
  }
  return (sections, items)
}

@Suite struct SnapshotDiffTests {
  @Test func randomPairsApplyToTheNewSnapshot() throws {
    for seed in UInt64(1)...400 {
      var g = SeededGenerator(seed: seed)
      var next = 0
      let sectionIDs = (0..<Int.random(in: 0..<4, using: &g)).map { $0 }
      let old = sectionIDs.map { _ in (0..<Int.random(in: 0..<12, using: &g)).map { _ in next += 1; return next } }
      let new = randomEdit(old, sectionIDs: sectionIDs, next: &next, &g)
      let diff = try SnapshotDiff(
        from: CollectionSnapshot(sections: sectionIDs, items: old), to: CollectionSnapshot(sections: new.sections, items: new.items))
      let result = simulate(old, diff.updates, newCounts: new.items.map(\.count))
      #expect(result.map(\.count) == new.items.map(\.count), "seed \(seed): \(diff.updates)")
      guard result.map(\.count) == new.items.map(\.count) else { continue }
      for (s, items) in result.enumerated() {
        for (i, id) in items.enumerated() where id != nil {
          #expect(id == new.items[s][i], "seed \(seed): \(diff.updates)")
        }
      }
    }
  }

  @Test func onlyInsertsAndDeletesMakeNoMoves() throws {
    for seed in UInt64(1)...100 {
      var g = SeededGenerator(seed: seed)
      let old = Array(0..<50)
      var new = old.filter { _ in Int.random(in: 0..<4, using: &g) != 0 }
      for k in 0..<10 { new.insert(100 + k, at: Int.random(in: 0...new.count, using: &g)) }
      let diff = try SnapshotDiff(from: CollectionSnapshot(sections: [0], items: [old]), to: CollectionSnapshot(sections: [0], items: [new]))
      #expect(diff.movedItems == 0, "seed \(seed)")
      #expect(diff.insertedItems == 10, "seed \(seed)")
      #expect(diff.deletedItems == 50 - (new.count - 10), "seed \(seed)")
    }
  }

  @Test func oneMovedItemIsOneMove() throws {
    for seed in UInt64(1)...100 {
      var g = SeededGenerator(seed: seed)
      var new = Array(0..<30)
      let from = Int.random(in: 0..<30, using: &g)
      var to = Int.random(in: 0..<29, using: &g)
      if to >= from { to += 1 }
      new.insert(new.remove(at: from), at: to)
      let diff = try SnapshotDiff(
        from: CollectionSnapshot(sections: [0], items: [Array(0..<30)]), to: CollectionSnapshot(sections: [0], items: [new]))
      #expect(diff.updates.count == 1, "seed \(seed): \(diff.updates)")
      #expect(diff.movedItems == 1, "seed \(seed)")
    }
  }

  @Test func reloadsAtFinalPaths() throws {
    var new = CollectionSnapshot(sections: ["a"], items: [[3, 1, 2]])
    new.reloadItems([2, 9])
    let diff = try SnapshotDiff(from: CollectionSnapshot(sections: ["a"], items: [[1, 2, 3]]), to: new)
    #expect(diff.updates.last == .reloadItems(2..<3, section: 0))
    #expect(diff.reloadedItems == 1)
  }

  @Test func duplicatesNameBothPlaces() {
    #expect(throws: SnapshotDiffError.duplicateItem(old: false, first: ItemPath(item: 1, section: 0), second: ItemPath(item: 0, section: 1))) {
      try SnapshotDiff(from: CollectionSnapshot<Int, Int>(), to: CollectionSnapshot(sections: [0, 1], items: [[1, 2], [2]]))
    }
    #expect(throws: SnapshotDiffError.duplicateSection(old: true, first: 0, second: 2)) {
      try SnapshotDiff(from: CollectionSnapshot(sections: [5, 6, 5], items: [[], [], []]), to: CollectionSnapshot<Int, Int>())
    }
  }

  /// Through a real view: the data source changes, the snapshot is applied, and every displayed
  /// survivor keeps its cell object.
  @Test func viewKeepsSurvivingCells() throws {
    for seed in UInt64(1)...60 {
      var g = SeededGenerator(seed: seed)
      let source = TestSource((0..<3).map { _ in (0..<40).map { _ in Double(Int.random(in: 20...120, using: &g)) } })
      let view = try makeView(source, width: 300, height: 400, overscan: 50)
      var sectionIDs = [0, 1, 2]
      func snapshot() -> CollectionSnapshot<Int, Int> {
        CollectionSnapshot(sections: sectionIDs, items: source.sections.map { $0.map(\.id) })
      }
      try view.applySnapshot(snapshot())
      try view.setContentOffset(Point(x: 0, y: Double(Int.random(in: 0..<2000, using: &g))))
      for round in 0..<5 {
        var next = source.nextID
        let new = randomEdit(source.sections.map { $0.map(\.id) }, sectionIDs: sectionIDs, next: &next, &g)
        var heights: [Int: Double] = [:]
        for section in source.sections { for e in section { heights[e.id] = e.height } }
        var reloaded: Set<Int> = []
        source.sections = new.items.map { $0.map { id in
          if heights[id] != nil && Int.random(in: 0..<10, using: &g) == 0 { reloaded.insert(id) }
          return TestSource.Entry(id: id, height: heights[id] ?? 50)
        } }
        source.parameters = Array(repeating: WaterfallParameters(), count: new.sections.count)
        source.nextID = next
        sectionIDs = new.sections
        let before = Dictionary(view.displayedElements.compactMap { e in e.cell.itemID.map { ($0, e.cell) } }, uniquingKeysWith: { a, _ in a })
        var snap = snapshot()
        snap.reloadItems(reloaded)
        let diff = try SnapshotDiff(from: view.currentSnapshot(Int.self, Int.self)!, to: snap)
        let surviving = Set(diff.survivors.map { snap.itemIdentifiers[$0.new.section][$0.new.item] })
        try view.applySnapshot(snap)
        for element in view.displayedElements where element.attributes.path.kind == .item {
          let p = element.attributes.path
          let id = source.sections[p.section][p.item].id
          #expect(element.cell.itemID == id, "seed \(seed) round \(round)")
          if let old = before[id], surviving.contains(id), !reloaded.contains(id) {
            #expect(old === element.cell, "seed \(seed) round \(round): item \(id) got a new cell")
          }
        }
      }
    }
  }
}
