// Hand-written cases for ids and keepColumns (`Docs/Spec/Waterfall.md`, "Item ids", "Keeping
// columns").
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("Ids and keepColumns, by hand")
struct KeepColumnsGoldenTests {
  func layout(keep: Bool, _ items: [WaterfallItem]) throws -> WaterfallLayout {
    try WaterfallLayout(width: 210, parameters: WaterfallParameters(columns: 2, keepColumns: keep),
                        sections: [WaterfallSection(items: items)])
  }
  func frame(_ l: WaterfallLayout, _ i: Int) -> Rect { l.layoutAttributesForItem(at: ItemPath(item: i, section: 0))!.frame }

  @Test func aMeasuredNeighbourMovesNothingToAnotherColumn() throws {
    // Columns 100 wide at x 0 and 110. Item 2 goes to column 1 (50 < 100).
    var plain = try layout(keep: false, [100, 50, 30])
    var kept = try layout(keep: true, [100, 50, 30])
    #expect(frame(kept, 2) == Rect(x: 110, y: 60, width: 100, height: 30))
    try plain.apply(.replaceItems([200], at: 1, section: 0))
    try kept.apply(.replaceItems([200], at: 1, section: 0))
    #expect(frame(plain, 2) == Rect(x: 0, y: 110, width: 100, height: 30))  // jumps to column 0
    #expect(frame(kept, 2) == Rect(x: 110, y: 210, width: 100, height: 30))  // stays in column 1, below
    #expect(kept.item(at: ItemPath(item: 2, section: 0))?.column == 1)
    #expect(plain.item(at: ItemPath(item: 2, section: 0))?.column == nil)
  }

  @Test func whatForgetsAndWhatKeeps() throws {
    var l = try layout(keep: true, [100, 50, 30])
    try l.apply(.replaceItems([.height(200, span: .columns(1))], at: 1, section: 0))
    #expect(l.item(at: ItemPath(item: 2, section: 0))?.column == 1)
    // A width change keeping the count keeps the column.
    try l.apply(.setWidth(300))
    #expect(l.columns(ofItem: ItemPath(item: 2, section: 0)) == 1..<2)
    // Moving the item forgets it: placed afresh at the end, shortest column is 0 (110 < 210+...).
    try l.apply(.moveItem(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 2, section: 0)))
    #expect(l.columns(ofItem: ItemPath(item: 2, section: 0)) == 0..<1)
    // Setting the section's parameters, even to the same values, places every item afresh.
    try l.apply(.replaceItems([.height(200, column: 1)], at: 0, section: 0))
    #expect(l.columns(ofItem: ItemPath(item: 0, section: 0)) == 1..<2)
    try l.apply(.setSectionParameters(WaterfallParameters(), section: 0))
    #expect(l.columns(ofItem: ItemPath(item: 0, section: 0)) == 0..<1)
    // A new column count forgets every column.
    try l.apply(.replaceItems([.height(200, column: 1)], at: 0, section: 0))
    try l.apply(.setSectionParameters(WaterfallParameters(columns: 3), section: 0))
    #expect(l.columns(ofItem: ItemPath(item: 0, section: 0)) == 0..<1)
  }

  @Test func columnRules() throws {
    #expect(throws: LayoutError.self) { try layout(keep: false, [.height(10, column: 0)]) }
    #expect(throws: LayoutError.self) { try layout(keep: true, [.height(10, span: .full, column: 0)]) }
    #expect(throws: LayoutError.self) { try layout(keep: true, [.height(10, span: .columns(2), column: 0)]) }  // k = c: full width
    #expect(throws: LayoutError.self) { try layout(keep: true, [.height(10, column: 2)]) }
    let l = try layout(keep: true, [.height(10, column: 1), .height(10, column: 1)])
    #expect(frame(l, 1) == Rect(x: 110, y: 20, width: 100, height: 10))
    do {
      _ = try layout(keep: true, [.height(10, column: 5)])
    } catch {
      #expect("\(error)" == "section 0, item 0: column must be in 0...1")
    }
    #expect(throws: LayoutError.self) {
      try WaterfallLayout(width: 100, sections: [WaterfallSection(parameters: WaterfallParameters(keepColumns: true), items: [])])
    }
  }

  /// A layout without ids starts tracking them at the first inserted section that has some,
  /// in the middle of a batch: duplicates inside that section, against a later one, and against
  /// items appended after it are refused, naming both places; a batch without duplicates
  /// registers every id where it ends up.
  @Test func idsArriveWithAnInsertedSection() throws {
    let plain = try layout(keep: false, [10, 20, 30])
    func rejected(_ changes: [WaterfallLayout.Change]) -> String? {
      var copy = plain
      let error = rejection { () throws(LayoutError) in try copy.apply(changes) }
      #expect(allElements(copy) == allElements(plain) && copy.path(forID: 1) == nil)
      return error?.description
    }
    let noIDs = WaterfallSection(items: [1, 2])
    let withIDs = WaterfallSection(items: [.height(1, id: 1), 5, .height(2, id: "b")])
    #expect(rejected([.insertSection(noIDs, at: 0), .insertSection(WaterfallSection(items: [.height(1, id: 1), .height(2, id: 1)]), at: 2)])
      == "change 1: section 2, item 1: id duplicate id 1, already used by section 2, item 0")
    // The first place is where the batch put the id; the insert in front has shifted it since
    // (Docs/Spec/Waterfall.md, "Ids and keepColumns, Cascade's choices").
    #expect(rejected([.insertSection(withIDs, at: 1), .insertSection(WaterfallSection(items: [3, .height(4, id: "b")]), at: 0)])
      == "change 1: section 0, item 1: id duplicate id \"b\", already used by section 1, item 2")
    #expect(rejected([.insertSection(noIDs, at: 1), .insertSection(withIDs, at: 0), .appendItems([.height(7, id: 1)], section: 2)])
      == "change 2: section 2, item 2: id duplicate id 1, already used by section 0, item 0")
    var l = plain
    try l.apply([.insertSection(noIDs, at: 1), .insertSection(withIDs, at: 0), .deleteSection(at: 1), .appendItems([.height(7, id: 9)], section: 0)])
    #expect(l.path(forID: 1) == ItemPath(item: 0, section: 0))
    #expect(l.path(forID: "b") == ItemPath(item: 2, section: 0))
    #expect(l.path(forID: 9) == ItemPath(item: 3, section: 0))
    #expect(l.numberOfSections == 2 && l.numberOfItems(inSection: 1) == 2)
  }

  @Test func idsAreUniqueAndFollowTheirItems() throws {
    var l = try layout(keep: false, [.height(10, id: 1), .height(20, id: "1"), 30])
    #expect(l.path(forID: 1) == ItemPath(item: 0, section: 0))
    #expect(l.path(forID: "1") == ItemPath(item: 1, section: 0))
    var copy = l
    let error = rejection { () throws(LayoutError) in try copy.apply([.appendItems([.height(5, id: "1")], section: 0)]) }
    #expect(error?.reason == .duplicateID("1", first: ItemPath(item: 1, section: 0)))
    #expect(error?.description == "change 0: section 0, item 3: id duplicate id \"1\", already used by section 0, item 1")
    #expect(throws: LayoutError.self) { try WaterfallLayout(width: 10, sections: [WaterfallSection(items: [.height(1, id: 7)]), WaterfallSection(items: [.height(1, id: 7)])]) }
    #expect(throws: LayoutError.self) { try layout(keep: false, [.height(1, id: .int(1 << 53))]) }
    // A deleted id is free again, in the same batch.
    try l.apply([.deleteItems(1..<2, section: 0), .appendItems([.height(5, id: "1")], section: 0)])
    #expect(l.path(forID: "1") == ItemPath(item: 2, section: 0))
    // Replacing keeps the id unless the new description gives one.
    try l.apply(.replaceItems([99], at: 0, section: 0))
    #expect(l.id(at: ItemPath(item: 0, section: 0)) == 1)
    try l.apply(.replaceItems([.height(99, id: "x")], at: 0, section: 0))
    #expect(l.path(forID: 1) == nil && l.path(forID: "x") == ItemPath(item: 0, section: 0))
    // Section moves and inserts keep the index right.
    try l.apply([.insertSection(WaterfallSection(items: [.height(1, id: "y")]), at: 0), .moveSection(from: 0, to: 1)])
    #expect(l.path(forID: "x") == ItemPath(item: 0, section: 0))
    #expect(l.path(forID: "y") == ItemPath(item: 0, section: 1))
    // Ids never change frames.
    let plain = try layout(keep: false, [99, 30, 5])
    #expect(allFrames(plain) == allFrames(try WaterfallLayout(width: 210, parameters: WaterfallParameters(columns: 2), sections: [WaterfallSection(items: (0..<3).map { l.item(at: ItemPath(item: $0, section: 0))! })])))
  }

  func rejection(_ body: () throws(LayoutError) -> Void) -> LayoutError? {
    do { try body(); return nil } catch { return error }
  }

  func allFrames(_ l: WaterfallLayout) -> [Rect] { (0..<l.numberOfItems(inSection: 0)).map { frame(l, $0) } }
}
