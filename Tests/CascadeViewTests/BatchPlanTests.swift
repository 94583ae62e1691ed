import Cascade
import CascadeView
import Testing

/// A data source's final state as plain counts: item `i` of section `s` is `ItemPath(item: i,
/// section: s)` (so a test sees at which final path the planner asked for an item) and section
/// `s`'s parameters are `s`.
struct PlainState: _BatchPlanSource {
  var counts: [Int]
  var numberOfSections: Int { counts.count }
  func numberOfItems(inSection section: Int) -> Int { counts[section] }
  func item(at path: ItemPath) -> ItemPath { path }
  func parameters(forSection section: Int) -> Int { section }
}

/// The same counts for a real layout of the core, `ListLayout`, so that its batch validator can
/// reject what the planner made.
struct ListState: _BatchPlanSource {
  var counts: [Int]
  var height: Double = 10
  var numberOfSections: Int { counts.count }
  func numberOfItems(inSection section: Int) -> Int { counts[section] }
  func item(at path: ItemPath) -> ListItem { ListItem(height: height) }
  func parameters(forSection section: Int) -> ListParameters { ListParameters() }
}

typealias PlainChange = LayoutChange<ItemPath, Int>

func p(_ item: Int, _ section: Int = 0) -> ItemPath { ItemPath(item: item, section: section) }

/// The batch planner without a view: plain counts in, layout changes and remaps out.
@Suite struct BatchPlanTests {
  func plan(_ updates: [BatchUpdate], before: [Int], after: [Int]) throws -> _BatchPlan<PlainState> {
    try _BatchPlan(updates, countsBefore: before, source: PlainState(counts: after))
  }

  @Test func insertedItemsComeFromTheirFinalPaths() throws {
    let plan = try plan([.insertItems(0..<2, section: 0)], before: [5], after: [7])
    #expect(plan.changes == [PlainChange.insertItems([p(0), p(1)], at: 0, section: 0)])
    #expect(plan.map(.item(0, section: 0)) == .item(2, section: 0))
    #expect(plan.map(.item(4, section: 0)) == .item(6, section: 0))
    #expect(plan.map(.header(0)) == .header(0))
    // Two inserts at 0: the first one's item ends at 1, so it is asked for there.
    let twice = try self.plan([.insertItems(0..<1, section: 0), .insertItems(0..<1, section: 0)], before: [1], after: [3])
    #expect(twice.changes == [PlainChange.insertItems([p(1)], at: 0, section: 0), .insertItems([p(0)], at: 0, section: 0)])
  }

  @Test func deletesAndReloads() throws {
    let plan = try plan([.deleteItems(1..<3, section: 0), .reloadItems(1..<2, section: 0)], before: [5], after: [3])
    #expect(plan.changes == [PlainChange.deleteItems(1..<3, section: 0), .replaceItems([p(1)], at: 1, section: 0)])
    #expect(plan.map(.item(0, section: 0)) == .item(0, section: 0))
    #expect(plan.map(.item(1, section: 0)) == nil)  // deleted
    #expect(plan.map(.item(3, section: 0)) == nil)  // now item 1, reloaded: a new cell
    #expect(plan.map(.item(4, section: 0)) == .item(2, section: 0))
  }

  @Test func movesAreOnPurpose() throws {
    let plan = try plan([.moveItem(from: p(0, 0), to: p(2, 1))], before: [3, 4], after: [2, 5])
    #expect(plan.changes == [PlainChange.moveItem(from: p(0, 0), to: p(2, 1))])
    #expect(plan.map(.item(0, section: 0)) == .item(2, section: 1))
    #expect(plan.map(.item(1, section: 0)) == .item(0, section: 0))
    #expect(plan.map(.item(2, section: 1)) == .item(3, section: 1))
    #expect(plan.isMovedOnPurpose(.item(0, section: 0)))
    #expect(!plan.isMovedOnPurpose(.item(1, section: 0)))
  }

  @Test func sectionInsertsDeletesMovesAndReloads() throws {
    let insert = try plan([.insertSections(1..<2)], before: [2, 3], after: [2, 4, 3])
    #expect(insert.changes == [PlainChange.insertSection(LayoutSection(parameters: 1, items: (0..<4).map { p($0, 1) }), at: 1)])
    #expect(insert.map(.header(1)) == .header(2))
    #expect(insert.map(.item(0, section: 1)) == .item(0, section: 2))

    let delete = try plan([.deleteSections(0..<2)], before: [1, 2, 3], after: [3])
    #expect(delete.changes == [PlainChange.deleteSection(at: 0), .deleteSection(at: 0)])
    #expect(delete.map(.item(0, section: 2)) == .item(0, section: 0))
    #expect(delete.map(.footer(1)) == nil)

    let move = try plan([.moveSection(from: 0, to: 2)], before: [1, 2, 3], after: [2, 3, 1])
    #expect(move.changes == [PlainChange.moveSection(from: 0, to: 2)])
    #expect(move.map(.item(0, section: 0)) == .item(0, section: 2))
    #expect(move.map(.header(1)) == .header(0))
    #expect(move.isMovedOnPurpose(.item(0, section: 0)) && !move.isMovedOnPurpose(.item(0, section: 1)))

    let reload = try plan([.reloadSections(1..<2)], before: [1, 2], after: [1, 1])
    #expect(reload.changes == [PlainChange.deleteSection(at: 1), .insertSection(LayoutSection(parameters: 1, items: [p(0, 1)]), at: 1)])
    #expect(reload.map(.item(0, section: 1)) == nil)
    #expect(reload.map(.item(0, section: 0)) == .item(0, section: 0))
  }

  /// An element the batch removes again gets a stand-in (the final state's first item, or an
  /// empty section), since the layout must accept it before it goes.
  @Test func transientElements() throws {
    let items = try plan([.insertItems(0..<2, section: 1), .deleteItems(0..<1, section: 1)], before: [0, 3], after: [0, 4])
    // Inserted item 0 is deleted again: the stand-in is the first item of the final state,
    // (0, 1); inserted item 1 ends at 0.
    #expect(items.changes == [PlainChange.insertItems([p(0, 1), p(0, 1)], at: 0, section: 1), .deleteItems(0..<1, section: 1)])
    let reloaded = try plan([.reloadItems(2..<3, section: 0), .deleteItems(2..<3, section: 0)], before: [4], after: [3])
    #expect(reloaded.changes == [PlainChange.replaceItems([p(0)], at: 2, section: 0), .deleteItems(2..<3, section: 0)])

    let section = try plan([.insertSections(0..<1), .deleteSections(0..<1)], before: [2], after: [2])
    #expect(section.changes == [PlainChange.insertSection(LayoutSection(parameters: 0, items: []), at: 0), .deleteSection(at: 0)])

    // Nothing to stand in with.
    #expect(throws: CollectionViewError.invalidUpdate(
      index: 0, reason: "section 0, item 0 is removed again by the same batch, and the data source has no item")) {
      try plan([.insertItems(0..<1, section: 0), .deleteItems(0..<2, section: 0)], before: [1], after: [0])
    }
    #expect(throws: CollectionViewError.invalidUpdate(
      index: 0, reason: "section 0 is removed again by the same batch, and the data source has no section")) {
      try plan([.insertSections(0..<1), .deleteSections(0..<2)], before: [1], after: [])
    }
  }

  @Test func emptyRangesChangeNothing() throws {
    let plan = try plan(
      [.insertItems(3..<3, section: 0), .deleteItems(0..<0, section: 0), .reloadItems(1..<1, section: 0),
       .insertSections(1..<1), .deleteSections(0..<0), .reloadSections(0..<0)],
      before: [3], after: [3])
    #expect(plan.changes.isEmpty)
  }

  /// Counts are the one check the core cannot make: the planner compares the counts a layout
  /// ends with against the final state's.
  @Test func mismatchedCounts() throws {
    let plan = try plan([.insertItems(0..<1, section: 0)], before: [3], after: [5])
    try plan.checkCounts(sections: 1, itemsInSection: { _ in 5 })
    #expect(throws: CollectionViewError.countMismatch(section: 0, dataSource: 5, afterUpdates: 4)) {
      try plan.checkCounts(sections: 1, itemsInSection: { _ in 4 })
    }
    #expect(throws: CollectionViewError.countMismatch(section: nil, dataSource: 1, afterUpdates: 2)) {
      try plan.checkCounts(sections: 2, itemsInSection: { _ in 4 })
    }
    // With a layout: the planner's changes leave 4 items where the data source has 5.
    var layout = try ListLayout(width: 100, sections: [ListSection(parameters: ListParameters(), items: [10, 10, 10])])
    let listPlan = try _BatchPlan([.insertItems(0..<1, section: 0)], countsBefore: [3], source: ListState(counts: [5]))
    try layout.apply(listPlan.changes)
    #expect(throws: CollectionViewError.countMismatch(section: 0, dataSource: 5, afterUpdates: 4)) {
      try listPlan.checkCounts(sections: layout.numberOfSections, itemsInSection: { layout.numberOfItems(inSection: $0) })
    }
  }

  /// The core validates the planner's changes; the planner says the core's error in the terms
  /// of the update the failing change comes from.
  @Test func theCoresErrorsRelabeled() throws {
    func rejection(_ updates: [BatchUpdate], before: [Int], after: [Int]) throws -> CollectionViewError? {
      var layout = try ListLayout(width: 100, sections: before.map { ListSection(parameters: ListParameters(), items: Array(repeating: 10, count: $0)) })
      let plan = try _BatchPlan(updates, countsBefore: before, source: ListState(counts: after))
      do {
        try layout.apply(plan.changes)
        return nil
      } catch {
        return plan.invalidUpdate(for: error)
      }
    }
    #expect(try rejection([.deleteItems(0..<1, section: 0), .deleteItems(49..<52, section: 0)], before: [50], after: [46])
      == .invalidUpdate(index: 1, reason: "items 49..<52 of section 0 out of range (0..<49)"))
    #expect(try rejection([.insertItems(0..<1, section: 1)], before: [50], after: [51])
      == .invalidUpdate(index: 0, reason: "section 1 out of range (0..<1)"))
    #expect(try rejection([.insertItems(60..<61, section: 0)], before: [50], after: [51])
      == .invalidUpdate(index: 0, reason: "item 60 of section 0 out of range (0..<51)"))
    #expect(try rejection([.reloadItems(48..<51, section: 0)], before: [50], after: [50])
      == .invalidUpdate(index: 0, reason: "items 48..<51 of section 0 out of range (0..<50)"))
    #expect(try rejection([.moveItem(from: p(60), to: p(0))], before: [50], after: [50])
      == .invalidUpdate(index: 0, reason: "item 60 of section 0 out of range (0..<50)"))
    #expect(try rejection([.moveItem(from: p(0), to: p(50))], before: [50], after: [50])
      == .invalidUpdate(index: 0, reason: "item 50 of section 0 out of range (0..<50)"))
    // Section ranges are named whole, with the count the collection had before the update.
    #expect(try rejection([.insertSections(3..<4)], before: [1, 1], after: [1, 1, 1])
      == .invalidUpdate(index: 0, reason: "sections 3..<4 out of range (0..<3)"))
    #expect(try rejection([.moveItem(from: p(0), to: p(0)), .deleteSections(1..<3)], before: [1, 1], after: [1])
      == .invalidUpdate(index: 1, reason: "sections 1..<3 out of range (0..<2)"))
    #expect(try rejection([.reloadSections(1..<3)], before: [1, 1], after: [1, 1])
      == .invalidUpdate(index: 0, reason: "sections 1..<3 out of range (0..<2)"))
    #expect(try rejection([.moveSection(from: 0, to: 2)], before: [1, 1], after: [1, 1])
      == .invalidUpdate(index: 0, reason: "section 2 out of range (0..<2)"))
    // A value the layout refuses stays the layout's error.
    var layout = try ListLayout(width: 100, sections: [ListSection(parameters: ListParameters(), items: [10])])
    let plan = try _BatchPlan([.insertItems(1..<2, section: 0)], countsBefore: [1], source: ListState(counts: [2], height: -1))
    do {
      try layout.apply(plan.changes)
      Issue.record("a negative height was accepted")
    } catch {
      guard case .layout(let inner) = plan.invalidUpdate(for: error) else {
        Issue.record("\(plan.invalidUpdate(for: error)) is not a layout error")
        return
      }
      #expect(inner == error)
    }
  }

  /// Ranges no batch could account for are refused before a change or an item is built for them.
  @Test func hugeRangesAreRefusedBeforeAnythingIsBuilt() throws {
    #expect(throws: CollectionViewError.invalidUpdate(index: 0, reason: "\(Int.max - 5) items inserted, but the data source has 10")) {
      try plan([.insertItems(5..<Int.max, section: 0)], before: [10], after: [10])
    }
    #expect(throws: CollectionViewError.invalidUpdate(index: 0, reason: "\(Int.max) sections inserted, but the data source has 1")) {
      try plan([.insertSections(0..<Int.max)], before: [10], after: [10])
    }
    #expect(throws: CollectionViewError.invalidUpdate(index: 0, reason: "\(Int.max) sections removed, but the collection has at most 1 here")) {
      try plan([.reloadSections(0..<Int.max)], before: [10], after: [10])
    }
    #expect(throws: CollectionViewError.invalidUpdate(index: 0, reason: "\(Int.max) items reloaded, but the collection has at most 10 here")) {
      try plan([.reloadItems(0..<Int.max, section: 0)], before: [10], after: [10])
    }
    // Balanced by later deletions, a large insertion is fine.
    let balanced = try plan([.insertItems(0..<100, section: 0), .deleteItems(0..<100, section: 0)], before: [10], after: [10])
    #expect(balanced.changes.count == 2)
  }
}
