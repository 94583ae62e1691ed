// The invariant check is shared: it runs for every sectioned layout (after every mutation when
// built with CASCADE_INTERNAL_CHECKS), and it notices a broken state in either layout.
import Testing
@testable import Cascade

@Suite("Invariant check")
struct InvariantCheckTests {
  func list() throws -> ListLayout {
    try ListLayout(width: 100, parameters: ListParameters(itemSpacing: 2), sections: [
      ListSection(parameters: ListParameters(header: 10), items: (0..<40).map { ListItem(height: Double($0 % 7)) }),
      ListSection(parameters: ListParameters(footer: 4), items: [5, 6]),
    ])
  }

  func waterfall() throws -> WaterfallLayout {
    try WaterfallLayout(width: 300, parameters: WaterfallParameters(columns: 3), sections: [
      WaterfallSection(header: 10, items: (0..<100).map { .height(Double($0 % 9) * 10, span: .columns($0 % 5 == 0 ? 2 : 1)) }),
    ])
  }

  @Test func healthyLayoutsPass() throws {
    #expect(try list()._violation() == nil)
    #expect(try waterfall()._violation() == nil)
  }

  @Test func aHeightMissingFromTheSumTreeIsCaught() throws {
    var list = try list()
    list._storage.origins.setHeight(1, at: 0)
    #expect(list._violation() == "section 0 height not in the origin tree")
    var layout = try waterfall()
    layout._storage.origins.setHeight(1, at: 0)
    #expect(layout._violation() == "section 0 height not in the origin tree")
  }

  @Test func anItemMissingFromTheIndexIsCaught() throws {
    var list = try list()
    list._storage.sections[0].index.removeAll(from: 30)
    #expect(list._violation()?.hasPrefix("section 0: id 30 missing") == true)
    var layout = try waterfall()
    layout._storage.sections[0].index.removeAll(from: 99)
    #expect(layout._violation()?.hasPrefix("section 0: id 99 missing") == true)
  }

  @Test func aBrokenLaneIsCaught() throws {
    var list = try list()
    list._storage.sections[0].records[20].y = -50  // starts above its predecessor
    #expect(list._violation()?.contains("starts or ends above") == true)
    var layout = try waterfall()
    layout._storage.sections[0].records[50].column = 2  // in lane 2 by its record, not in the index
    #expect(layout._violation() != nil)
  }

  @Test func aDirtySectionIsCaught() throws {
    var list = try list()
    list._storage.sections[1].invalidate(from: 0)
    #expect(list._violation() == "section 1 left dirty")
  }

  @Test func theWaterfallsOwnChecksRun() throws {
    var layout = try waterfall()
    layout._storage.sections[0].checkpoints.removeLast()
    #expect(layout._violation()?.hasPrefix("section 0: ") == true)
  }

  /// Each checkpoint ends with its count of one-column items before it: a count that is not a
  /// whole number of items before the checkpoint is caught, and a column value is told apart.
  @Test func aCheckpointsCountIsChecked() throws {
    var layout = try waterfall()
    let c = layout._storage.sections[0].geometry.columns
    #expect(layout._storage.sections[0].checkpointsSaved == 2)
    #expect(layout._violation() == nil)
    for bad in [-1, 64.5, 65, .nan] as [Double] {
      var broken = layout
      broken._storage.sections[0].checkpoints[c] = bad  // checkpoint 1's count (0 is implied)
      #expect(broken._violation() == "section 0: checkpoint 1 counts \(bad) one-column items before item 64", "\(bad)")
    }
    layout._storage.sections[0].checkpoints[0] += 1
    #expect(layout._violation() == "section 0: checkpoint 1 is not the column state before item 64")
  }

  /// The measures live in an array of their own beside the records: one out of step is caught.
  @Test func measuresOutOfStepWithTheRecordsAreCaught() throws {
    var layout = try waterfall()
    layout._storage.sections[0].storeMeasures()
    #expect(layout._storage.sections[0].measures.count == 100)
    #expect(layout._violation() == nil)
    layout._storage.sections[0].measures.removeLast()
    #expect(layout._violation() == "section 0: 99 measures for 100 records")
  }

  /// A section of height items keeps no measures, each record holding its item's height: a
  /// record whose height no item could have is caught.
  @Test func aSectionWithoutMeasuresNeedsItsRecordsHeights() throws {
    var layout = try waterfall()
    #expect(layout._storage.sections[0].measures.isEmpty)
    layout._storage.sections[0].records[3].height = -.infinity
    // The section's own check (the layout's checks the index first, which sees the bad bottom).
    #expect(layout._storage.sections[0]._violation() == "item 3 has no measure and its record's height is -inf")
    #expect(layout._violation() != nil)
  }
}
