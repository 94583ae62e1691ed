// Batches of updates with absurd indices, found by Tests/Fuzz's FuzzCollectionView target (the
// reproducers are in Tests/Fuzz/regressions/; Docs/Reliability.md has the details). Each must
// throw `invalidUpdate` or `countMismatch`, leave the view as it was, and never ask the data
// source about a section it does not have.

import Cascade
import CascadeView
import Testing

/// A data source that answers any section (out-of-range ones as empty) and records the sections
/// it was asked about.
private final class RecordingSource: CollectionViewDataSource {
  var sections: [[Double]]
  var asked: [Int] = []
  init(_ sections: [[Double]]) { self.sections = sections }

  func numberOfSections(in view: TestView) -> Int { sections.count }
  func collectionView(_ view: TestView, numberOfItemsInSection section: Int) -> Int {
    asked.append(section)
    return sections.indices.contains(section) ? sections[section].count : 0
  }
  func collectionView(_ view: TestView, layoutItemAt path: ItemPath) -> WaterfallItem {
    .height(sections[path.section][path.item])
  }
  func collectionView(_ view: TestView, parametersForSection section: Int) -> WaterfallParameters {
    asked.append(section)
    return WaterfallParameters()
  }
  func collectionView(_ view: TestView, cellForItemAt path: ItemPath) throws(CollectionViewError) -> TestCell {
    try view.dequeueReusableCell(withReuseIdentifier: "item", for: path)
  }
}

@Suite struct FuzzedBatchUpdateTests {
  private func view(_ source: RecordingSource) throws -> TestView {
    let view = TestView(layout: try WaterfallLayout(width: 300), bounds: Size(width: 300, height: 400))
    view.register(forCellWithReuseIdentifier: "item") { TestCell("item", serial: 0) }
    view.dataSource = source
    try view.reloadData()
    return view
  }

  private func expectRefused(_ updates: [BatchUpdate], on sections: [[Double]], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let source = RecordingSource(sections)
    let view = try view(source)
    let before = view.displayedElements.map(\.attributes)
    source.asked = []
    #expect(throws: CollectionViewError.self, sourceLocation: sourceLocation) { try view.performBatchUpdates(updates) }
    #expect(view.displayedElements.map(\.attributes) == before, sourceLocation: sourceLocation)
    #expect(source.asked.allSatisfy { source.sections.indices.contains($0) },
            "asked about sections \(source.asked) of \(source.sections.count)", sourceLocation: sourceLocation)
  }

  @Test func movingItemIntMax() throws {
    try expectRefused(
      [.moveItem(from: ItemPath(item: .max, section: 0), to: ItemPath(item: 3, section: 0))], on: [[10, 20, 30, 40, 50]])
  }

  @Test func deletingNearlyIntMaxSectionsTwice() throws {
    try expectRefused([.deleteSections(-1..<(.max - 2)), .deleteSections(-1..<(.max - 1))], on: [])
  }

  @Test func insertingNearlyIntMaxSectionsAfterAnInsertion() throws {
    try expectRefused([.insertSections(2..<4), .insertSections(-1..<(.max - 1))], on: [[10, 20], [30], []])
  }

  @Test func aLaterUpdateCannotMakeTheViewAskForANegativeSection() throws {
    // The inserted section 0 must not be mapped through the deletion that follows it into a
    // negative section that the data source is then asked about.
    try expectRefused([.insertSections(0..<0), .insertSections(0..<1), .deleteSections(.min..<(.min + 3))], on: [])
  }

  @Test func aPathPushedPastIntMaxByLaterUpdates() throws {
    // The inserted item is moved with its section to section Int.max, then pushed one further by
    // an insertion of sections: following it must not overflow.
    try expectRefused(
      [.insertItems(0..<1, section: 0), .moveSection(from: 0, to: .max), .insertSections(0..<1)], on: [[10], [20]])
    try expectRefused(
      [.insertItems(0..<1, section: 0), .moveItem(from: ItemPath(item: 0, section: 0), to: ItemPath(item: .max, section: 0)),
       .insertItems(0..<1, section: 0)], on: [[10, 20]])
  }

  /// (An empty range changes nothing and is not checked, so `insertItems(Int.max..<Int.max)` is
  /// accepted as a no-op; see Docs/CollectionView.md.)
  @Test func hostileIndicesThatAreRefusedToday() throws {
    // Neighbours of the traps above that the view refuses as it should.
    try expectRefused([.moveItem(from: ItemPath(item: .max - 1, section: 0), to: ItemPath(item: 0, section: 0))], on: [[10, 20]])
    try expectRefused([.deleteSections(0..<(.max - 1))], on: [[10]])
    try expectRefused([.reloadItems(-1..<1, section: 0)], on: [[10]])
    try expectRefused([.moveSection(from: 0, to: .min)], on: [[10], [20]])
  }
}
