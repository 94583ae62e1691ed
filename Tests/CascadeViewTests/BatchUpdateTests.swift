import Cascade
import CascadeView
import Testing

/// Everything observable about a view, to check that a rejected call left it as it was.
struct ViewState: Equatable {
  var offset: Point
  var bounds: Size
  var contentSize: Size
  var displayed: [LayoutAttributes]
  var cells: [ObjectIdentifier]
  var stats: ReuseStatistics
  var pooled: Int

  init(_ view: TestView) {
    offset = view.contentOffset
    bounds = view.bounds
    contentSize = view.contentSize
    displayed = displayedPairs(view)
    cells = view.displayedElements.map { ObjectIdentifier($0.cell) }
    stats = view.reuseStatistics
    pooled = view.numberOfReusableCells(withReuseIdentifier: "item")
  }
}

@Suite struct BatchUpdateTests {
  /// Two columns of 100-point items, 10 apart: rows start every 110 points.
  func rows(_ count: Int, overscan: Double = 0) throws -> (TestSource, TestView) {
    let source = TestSource([Array(repeating: 100, count: count)])
    let view = try makeView(
      source, width: 210, height: 300, layout: WaterfallParameters(columns: 2, itemSpacing: 10), overscan: overscan)
    return (source, view)
  }

  @Test func insertAboveKeepsCellsAndAnchor() throws {
    let (source, view) = try rows(100)
    try view.setContentOffset(Point(x: 0, y: 500))
    // Viewport 500..<800: rows 4 (440) to 7 (770), items 8...15; item 8 sits at viewport y -60.
    #expect(view.displayedElements.first?.path == .item(8, section: 0))
    let before = Dictionary(uniqueKeysWithValues: view.displayedElements.map { ($0.cell.itemID ?? -1, $0.cell) })
    source.sections[0].insert(contentsOf: [source.entry(100), source.entry(100)], at: 0)
    let update = try view.performBatchUpdates([.insertItems(0..<2, section: 0)])
    // One row more above: every item one row lower, the offset too.
    #expect(view.contentOffset == Point(x: 0, y: 610))
    #expect(view.layoutAttributesForItem(at: ItemPath(item: 10, section: 0))?.frame.minY == 550)
    #expect(update.appeared.isEmpty && update.disappeared.isEmpty)
    #expect(update.moved.count == 8)
    #expect(update.moved.first?.from.path == .item(8, section: 0))
    #expect(update.moved.first?.to.path == .item(10, section: 0))
    for element in view.displayedElements {
      #expect(before[element.cell.itemID ?? -2] === element.cell)
      #expect(element.cell.itemID == source.sections[0][element.path.item].id)
    }
  }

  @Test func deleteVisibleReturnsCellsToPool() throws {
    let (source, view) = try rows(100)
    try view.setContentOffset(Point(x: 0, y: 440))
    // Viewport 440..<740: items 8...13. Delete 9 and 10 (visible), and 0 (above).
    let gone9 = view.cellForItem(at: ItemPath(item: 9, section: 0))
    let kept8 = view.cellForItem(at: ItemPath(item: 8, section: 0))
    source.sections[0].removeSubrange(9..<11)
    source.sections[0].remove(at: 0)
    let update = try view.performBatchUpdates([.deleteItems(9..<11, section: 0), .deleteItems(0..<1, section: 0)])
    #expect(update.disappeared.map(\.path) == [.item(9, section: 0), .item(10, section: 0)])
    #expect(update.disappeared.first?.cell === gone9)
    // The anchor, old item 8, is now item 7 and stays at viewport y 0.
    let frame = try #require(view.layoutAttributesForItem(at: ItemPath(item: 7, section: 0))?.frame)
    #expect(frame.minY - view.contentOffset.y == 0)
    #expect(view.cellForItem(at: ItemPath(item: 7, section: 0)) === kept8)
    // The freed cells went back to the pool and new arrivals took them.
    #expect(view.reuseStatistics.created == 6)
    for element in view.displayedElements { #expect(element.cell.itemID == source.sections[0][element.path.item].id) }
  }

  @Test func moveAndReload() throws {
    let (source, view) = try rows(20)
    let cell0 = try #require(view.cellForItem(at: ItemPath(item: 0, section: 0)))
    let cell3 = try #require(view.cellForItem(at: ItemPath(item: 3, section: 0)))
    let calls = source.cellCalls
    source.sections[0].insert(source.sections[0].remove(at: 0), at: 2)
    source.sections[0][3] = source.entry(150)
    let update = try view.performBatchUpdates([.moveItem(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0)),
                                              .reloadItems(3..<4, section: 0)])
    #expect(view.cellForItem(at: ItemPath(item: 2, section: 0)) === cell0)
    #expect(update.disappeared.map(\.path) == [.item(3, section: 0)])
    #expect(update.disappeared.first?.cell === cell3)
    #expect(update.appeared.map(\.path) == [.item(3, section: 0)])
    #expect(source.cellCalls == calls + 1)
    #expect(view.layoutAttributesForItem(at: ItemPath(item: 3, section: 0))?.frame.height == 150)
    #expect(view.cellForItem(at: ItemPath(item: 3, section: 0))?.itemID == source.sections[0][3].id)
  }

  @Test func widthChangeKeepsAnchorAndCells() throws {
    let fixture = try rows(100)
    defer { withExtendedLifetime(fixture) {} }
    let view = fixture.1
    try view.setContentOffset(Point(x: 0, y: 500))
    let cell8 = view.cellForItem(at: ItemPath(item: 8, section: 0))
    let update = try view.setBounds(Size(width: 320, height: 300))
    #expect(view.layout.width == 320)
    // Still two columns, same rows: frames get wider, the offset is unchanged.
    #expect(view.contentOffset.y == 500)
    #expect(update.moved.count == 8)
    #expect(update.moved.first?.to.frame == Rect(x: 0, y: 440, width: 155, height: 100))
    #expect(view.cellForItem(at: ItemPath(item: 8, section: 0)) === cell8)
    // Three columns at minColumnWidth: item 8 moves up; it stays at viewport y -60.
    let source = TestSource([Array(repeating: 100, count: 100)])
    defer { withExtendedLifetime(source) {} }
    let adaptive = try makeView(source, width: 210, height: 300, layout: WaterfallParameters(minColumnWidth: 100, itemSpacing: 10))
    try adaptive.setContentOffset(Point(x: 0, y: 500))
    try adaptive.setBounds(Size(width: 330, height: 300))
    let frame = try #require(adaptive.layoutAttributesForItem(at: ItemPath(item: 8, section: 0))?.frame)
    // (330 + 10) / (100 + 10) gives 3 columns of (330 - 20) / 3; item 8 ends the third row.
    #expect(frame == Rect(x: 2 * (310.0 / 3 + 10), y: 220, width: 310.0 / 3, height: 100))
    #expect(frame.minY - adaptive.contentOffset.y == -60)
  }

  @Test func sectionUpdates() throws {
    let source = TestSource([[100, 100], [100, 100, 100], [100]], parameters: WaterfallParameters(header: 20))
    let view = try makeView(source, width: 210, height: 1000, layout: WaterfallParameters(columns: 2, itemSpacing: 10))
    let header1 = view.supplementaryView(forElementKind: .header, inSection: 1)
    let item1_2 = view.cellForItem(at: ItemPath(item: 2, section: 1))
    source.sections.insert([source.entry(50)], at: 0)
    source.parameters.insert(WaterfallParameters(header: 20), at: 0)
    source.sections.remove(at: 3)
    source.parameters.remove(at: 3)
    try view.performBatchUpdates([.insertSections(0..<1), .deleteSections(3..<4)])
    #expect(view.numberOfSections == 3)
    #expect(view.supplementaryView(forElementKind: .header, inSection: 2) === header1)
    #expect(view.cellForItem(at: ItemPath(item: 2, section: 2)) === item1_2)
    #expect(view.cellForItem(at: ItemPath(item: 0, section: 0))?.itemID == source.sections[0][0].id)
    // Move the last section first, then reload it.
    source.sections.insert(source.sections.remove(at: 2), at: 0)
    source.parameters.insert(source.parameters.remove(at: 2), at: 0)
    try view.performBatchUpdates([.moveSection(from: 2, to: 0)])
    #expect(view.cellForItem(at: ItemPath(item: 2, section: 0)) === item1_2)
    source.sections[0] = [source.entry(70)]
    let update = try view.performBatchUpdates([.reloadSections(0..<1)])
    #expect(update.disappeared.map(\.path) == [.header(0)] + (0..<3).map { .item($0, section: 0) })
    #expect(update.appeared.map(\.path).prefix(2) == [.header(0), .item(0, section: 0)])
    #expect(view.layoutAttributesForItem(at: ItemPath(item: 0, section: 0))?.frame.height == 70)
  }

  @Test func rejectedUpdatesLeaveTheViewAsItWas() throws {
    let (source, view) = try rows(50)
    try view.setContentOffset(Point(x: 0, y: 300))
    let state = ViewState(view)
    #expect(throws: CollectionViewError.invalidUpdate(index: 1, reason: "items 49..<52 of section 0 out of range (0..<49)")) {
      try view.performBatchUpdates([.deleteItems(0..<1, section: 0), .deleteItems(49..<52, section: 0)])
    }
    #expect(throws: CollectionViewError.invalidUpdate(index: 0, reason: "section 1 out of range (0..<1)")) {
      try view.performBatchUpdates([.insertItems(0..<1, section: 1)])
    }
    #expect(ViewState(view) == state)
    // The data source says 51, the updates leave 50.
    source.sections[0].append(source.entry(100))
    #expect(throws: CollectionViewError.countMismatch(section: 0, dataSource: 51, afterUpdates: 50)) {
      try view.performBatchUpdates([])
    }
    source.sections.append([])
    source.parameters.append(WaterfallParameters())
    #expect(throws: CollectionViewError.countMismatch(section: nil, dataSource: 2, afterUpdates: 1)) {
      try view.performBatchUpdates([.insertItems(50..<51, section: 0)])
    }
    #expect(ViewState(view) == state)
    // A negative height from the data source: the layout's own error.
    source.sections.removeLast()
    source.sections[0][50] = TestSource.Entry(id: 0, height: -1)
    do {
      try view.performBatchUpdates([.insertItems(50..<51, section: 0)])
      Issue.record("a negative height was accepted")
    } catch {
      #expect(error.description == "layout: change 0: section 0, item 50: height must be >= 0")
    }
    #expect(ViewState(view) == state)
  }

  /// Indices are checked once, by the layout's batch validator; the view says its error in the
  /// update's terms and is left as it was.
  @Test func theLayoutsIndexErrorsInTheUpdatesTerms() throws {
    let source = TestSource([Array(repeating: 100, count: 50), Array(repeating: 100, count: 5)])
    let view = try makeView(source, width: 210, height: 300, layout: WaterfallParameters(columns: 2, itemSpacing: 10))
    try view.setContentOffset(Point(x: 0, y: 300))
    let state = ViewState(view)
    let cases: [([BatchUpdate], CollectionViewError)] = [
      ([.insertItems(60..<61, section: 0)], .invalidUpdate(index: 0, reason: "item 60 of section 0 out of range (0..<51)")),
      ([.moveItem(from: ItemPath(item: 5, section: 1), to: ItemPath(item: 0, section: 0))],
       .invalidUpdate(index: 0, reason: "item 5 of section 1 out of range (0..<5)")),
      ([.reloadItems(4..<6, section: 1)], .invalidUpdate(index: 0, reason: "items 4..<6 of section 1 out of range (0..<5)")),
      ([.moveSection(from: 0, to: 2)], .invalidUpdate(index: 0, reason: "section 2 out of range (0..<2)")),
      ([.deleteSections(1..<3)], .invalidUpdate(index: 0, reason: "sections 1..<3 out of range (0..<2)")),
      ([.reloadSections(1..<3)], .invalidUpdate(index: 0, reason: "sections 1..<3 out of range (0..<2)")),
      ([.insertSections(3..<4)], .invalidUpdate(index: 0, reason: "sections 3..<4 out of range (0..<3)")),
    ]
    for (updates, error) in cases {
      #expect(throws: error, "\(updates)") { try view.performBatchUpdates(updates) }
      #expect(ViewState(view) == state, "\(updates)")
    }
  }

  /// A batch the layout took, whose counts then differ from the data source's, is rolled back
  /// with the inverse the layout recorded: the same items and frames to the bit.
  @Test func countMismatchAfterApplyRollsTheLayoutBack() throws {
    let (source, view) = try rows(50)
    try view.setContentOffset(Point(x: 0, y: 300))
    let state = ViewState(view)
    let everything = Rect(x: -1, y: -1, width: 212, height: view.contentSize.height + 2)
    let frames = view.layout.elements(in: everything)
    // The data source gained two items; the batch inserts one and reloads a displayed one.
    source.sections[0].insert(contentsOf: [source.entry(40), source.entry(70)], at: 0)
    #expect(throws: CollectionViewError.countMismatch(section: 0, dataSource: 52, afterUpdates: 51)) {
      try view.performBatchUpdates([.insertItems(0..<1, section: 0), .reloadItems(8..<9, section: 0)])
    }
    #expect(ViewState(view) == state)
    #expect(view.layout.elements(in: everything) == frames)
    #expect(view.numberOfItems(inSection: 0) == 50)
    try view.performBatchUpdates([.insertItems(0..<2, section: 0)])
    #expect(view.numberOfItems(inSection: 0) == 52)
    // Items the data source lacks are never asked of it (TestSource would trap): stand-ins take
    // their place until the count check rejects the batch.
    #expect(throws: CollectionViewError.countMismatch(section: 0, dataSource: 52, afterUpdates: 55)) {
      try view.performBatchUpdates([.insertItems(52..<55, section: 0)])
    }
    #expect(view.numberOfItems(inSection: 0) == 52)
  }

  /// With `keepColumns`, a moved item forgets its column, so undoing a move by moving it back
  /// is not enough: the rollback gives it its column back too, and a width change that changed
  /// the column count gives every item its column back. The frames are the ones before, to
  /// the bit.
  @Test func rollbackGivesBackRememberedColumns() throws {
    // Two columns of 100-point items (three from 320 points on): item k in column k % 2.
    let source = TestSource([Array(repeating: 100, count: 30)])
    let view = try makeView(
      source, width: 210, height: 300, layout: WaterfallParameters(minColumnWidth: 100, itemSpacing: 10, keepColumns: true))
    // Item 1 shrinks and keeps column 1: items 2 and 4 remember column 0, where a fresh
    // placement would now put them in column 1, the shorter.
    source.sections[0][1] = source.entry(10)
    try view.performBatchUpdates([.reloadItems(1..<2, section: 0)])
    let everything = Rect(x: -1, y: -1, width: 212, height: view.contentSize.height + 2)
    let frames = view.layout.elements(in: everything)
    let items = (0..<30).map { view.layout.item(at: ItemPath(item: $0, section: 0)) }
    #expect(items[2]?.column == 0 && items[4]?.column == 0)
    let state = ViewState(view)
    // A move the layout takes, then a count the data source does not have: rolled back.
    #expect(throws: CollectionViewError.countMismatch(section: 0, dataSource: 30, afterUpdates: 31)) {
      try view.performBatchUpdates([
        .moveItem(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 20, section: 0)),
        .insertItems(0..<1, section: 0),
      ])
    }
    #expect(view.layout.elements(in: everything) == frames)
    #expect((0..<30).map { view.layout.item(at: ItemPath(item: $0, section: 0)) } == items)
    #expect(ViewState(view) == state)
    // A width of three columns, rolled back by a cell the data source cannot make.
    source.itemIdentifier = "nope"
    #expect(throws: CollectionViewError.unregisteredReuseIdentifier("nope")) {
      try view.setBounds(Size(width: 320, height: 300))
    }
    source.itemIdentifier = "item"
    #expect(view.layout.numberOfColumns(inSection: 0) == 2)
    #expect(view.layout.elements(in: everything) == frames)
    #expect((0..<30).map { view.layout.item(at: ItemPath(item: $0, section: 0)) } == items)
    #expect(ViewState(view) == state)
  }

  @Test func unregisteredIdentifierLeavesTheViewAsItWas() throws {
    let (source, view) = try rows(50, overscan: 50)
    try view.setContentOffset(Point(x: 0, y: 300))
    let state = ViewState(view)
    source.itemIdentifier = "nope"
    #expect(throws: CollectionViewError.unregisteredReuseIdentifier("nope")) {
      try view.setContentOffset(Point(x: 0, y: 900))
    }
    #expect(ViewState(view) == state)
    // In a batch: the layout, offset and cells come back too.
    source.sections[0].insert(source.entry(30), at: 7)
    #expect(throws: CollectionViewError.unregisteredReuseIdentifier("nope")) {
      try view.performBatchUpdates([.insertItems(7..<8, section: 0)])
    }
    #expect(ViewState(view) == state)
    #expect(view.numberOfItems(inSection: 0) == 50)
    // A cell the data source did not dequeue.
    source.itemIdentifier = "item"
    source.returnForeignCell = true
    #expect(throws: CollectionViewError.cellNotDequeued(.item(12, section: 0))) {
      try view.setContentOffset(Point(x: 0, y: 400))
    }
    #expect(ViewState(view) == state)
    source.returnForeignCell = false
    try view.performBatchUpdates([.insertItems(7..<8, section: 0)])
    #expect(view.numberOfItems(inSection: 0) == 51)
  }

  /// A batch keeps no reference to the entries it found displayed once it is over (it holds
  /// them while it runs, to roll back to): the cell of a deleted item, given back to a pool that
  /// keeps none, is freed once the view's `lastUpdate`, which reports it as disappeared, is
  /// replaced by the next step's, whether the batch before succeeded or was rolled back. (Cells
  /// that come in are dequeued under another identifier, so that the deleted one is not reused.)
  @Test func aBatchKeepsNoCellItRemoved() throws {
    let source = TestSource([Array(repeating: 100, count: 50)])
    let view = try makeView(
      source, width: 210, height: 300, layout: WaterfallParameters(columns: 2, itemSpacing: 10), capacity: 0)
    func cell(_ item: Int) -> TestCell? {
      view.displayedElements.first { $0.path == .item(item, section: 0) }?.cell
    }
    /// A scroll step, which replaces `lastUpdate`.
    func step() throws { try view.setContentOffset(Point(x: 0, y: view.contentOffset.y == 0 ? 1 : 0)) }
    weak var first = cell(0), second = cell(1), third = cell(2)
    #expect(first != nil && second != nil && third != nil)
    source.itemIdentifier = "supplementary"
    // A batch that succeeds: item 0's cell goes to a pool that keeps none.
    source.sections[0].remove(at: 0)
    do { _ = try view.performBatchUpdates([.deleteItems(0..<1, section: 0)]) }
    try step()
    #expect(first == nil, "the deleted item's cell outlived the batch")
    #expect(second != nil && cell(0) === second)
    // A batch rolled back in its refresh (a new cell with an unregistered identifier): the
    // displayed cells are back.
    source.sections[0].remove(at: 0)
    source.sections[0].append(source.entry(30))
    source.itemIdentifier = "nope"
    let batch: [BatchUpdate] = [.deleteItems(0..<1, section: 0), .insertItems(48..<49, section: 0)]
    #expect(throws: CollectionViewError.unregisteredReuseIdentifier("nope")) {
      try view.performBatchUpdates(batch)
    }
    #expect(cell(0) === second && cell(1) === third)
    // The same batch again, which now succeeds: the deleted item's cell is freed.
    source.itemIdentifier = "supplementary"
    do { _ = try view.performBatchUpdates(batch) }
    try step()
    #expect(second == nil, "the deleted item's cell outlived the batch")
    #expect(third != nil && cell(0) === third)
  }

  @Test func transientElements() throws {
    let (source, view) = try rows(10)
    // Insert two, delete one of them, reload one and delete it: the data source gains one item.
    source.sections[0].insert(source.entry(40), at: 0)
    source.sections[0].remove(at: 5)
    try view.performBatchUpdates([
      .insertItems(0..<2, section: 0), .deleteItems(1..<2, section: 0),
      .reloadItems(5..<6, section: 0), .deleteItems(5..<6, section: 0),
    ])
    #expect(view.numberOfItems(inSection: 0) == 10)
    #expect(view.layoutAttributesForItem(at: ItemPath(item: 0, section: 0))?.frame.height == 40)
    for element in view.displayedElements { #expect(element.cell.itemID == source.sections[0][element.path.item].id) }
  }

  @Test func reentrantChangeIsRejected() throws {
    final class Meddler: CollectionViewDelegate {
      typealias Cell = TestCell
      typealias Layout = WaterfallLayout
      var error: CollectionViewError?
      func collectionViewDidScroll(_ view: TestView) {
        do { try view.setContentOffset(Point(x: 0, y: 0)) } catch { self.error = error }
      }
    }
    let fixture = try rows(50)
    defer { withExtendedLifetime(fixture) {} }
    let view = fixture.1
    let meddler = Meddler()
    view.delegate = meddler
    try view.setContentOffset(Point(x: 0, y: 100))
    #expect(meddler.error == .reentrantUpdate)
    #expect(view.contentOffset.y == 100)
  }

  /// Random batches against a model: the layout equals one built afresh from the data source,
  /// every displayed cell shows the item at its path, survivors keep their cells, and the anchor
  /// keeps its place on screen unless the offset had to be clamped.
  @Test(arguments: [1, 2, 3, 4])
  func randomBatches(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let heights = { (random: inout SeededGenerator) in Double(Int.random(in: 10...150, using: &random)) }
    let source = TestSource((0..<3).map { _ in (0..<40).map { _ in heights(&random) } },
                            parameters: WaterfallParameters(header: 25, footer: 15))
    let view = try makeView(source, width: 300, height: 400, layout: WaterfallParameters(columns: 3), overscan: 40)
    for round in 0..<120 {
      try view.setContentOffset(Point(x: 0, y: Double.random(in: -20...view.maximumContentOffsetY + 20, using: &random)))
      var updates: [BatchUpdate] = []
      var reloaded: Set<Int> = []
      var movedOnPurpose: Set<Int> = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let s = Int.random(in: 0..<source.sections.count, using: &random)
        let n = source.sections[s].count
        switch Int.random(in: 0..<10, using: &random) {
        case 0...2:
          let at = Int.random(in: 0...n, using: &random), k = Int.random(in: 1...4, using: &random)
          source.sections[s].insert(contentsOf: (0..<k).map { _ in source.entry(heights(&random)) }, at: at)
          updates.append(.insertItems(at..<(at + k), section: s))
        case 3...4 where n > 0:
          let at = Int.random(in: 0..<n, using: &random), k = Int.random(in: 1...min(3, n - at), using: &random)
          source.sections[s].removeSubrange(at..<(at + k))
          updates.append(.deleteItems(at..<(at + k), section: s))
        case 5 where n > 0:
          let from = Int.random(in: 0..<n, using: &random)
          let entry = source.sections[s].remove(at: from)
          movedOnPurpose.insert(entry.id)
          let t = Int.random(in: 0..<source.sections.count, using: &random)
          let to = Int.random(in: 0...source.sections[t].count, using: &random)
          source.sections[t].insert(entry, at: to)
          updates.append(.moveItem(from: ItemPath(item: from, section: s), to: ItemPath(item: to, section: t)))
        case 6 where n > 0:
          let at = Int.random(in: 0..<n, using: &random)
          reloaded.insert(source.sections[s][at].id)
          source.sections[s][at] = source.entry(heights(&random))
          updates.append(.reloadItems(at..<(at + 1), section: s))
        case 7 where updates.isEmpty:
          // An inserted section is filled from the final state: keep it alone in its batch.
          let at = Int.random(in: 0...source.sections.count, using: &random)
          source.sections.insert((0..<Int.random(in: 1...8, using: &random)).map { _ in source.entry(heights(&random)) }, at: at)
          source.parameters.insert(WaterfallParameters(header: 25, footer: 15), at: at)
          updates.append(.insertSections(at..<(at + 1)))
        case 8 where source.sections.count > 1:
          source.sections.remove(at: s)
          source.parameters.remove(at: s)
          updates.append(.deleteSections(s..<(s + 1)))
        case 9 where source.sections.count > 1:
          let to = Int.random(in: 0..<source.sections.count, using: &random)
          movedOnPurpose.formUnion(source.sections[s].map(\.id))
          source.sections.insert(source.sections.remove(at: s), at: to)
          source.parameters.insert(source.parameters.remove(at: s), at: to)
          updates.append(.moveSection(from: s, to: to))
        default:
          break
        }
        if case .insertSections = updates.last { break }
      }

      // Before: cells by item id, and the anchor.
      let viewport = view.viewport
      let before = Dictionary(uniqueKeysWithValues: view.displayedElements.compactMap { e in e.cell.itemID.map { ($0, e.cell) } })
      let surviving = Set(source.sections.joined().map(\.id))
      let anchor = view.displayedElements.first { e in
        e.path.kind == .item && e.frame.intersects(viewport) && e.cell.itemID.map { surviving.contains($0) && !movedOnPurpose.contains($0) } == true
      }.map { ($0.cell.itemID ?? -1, $0.frame.minY - view.contentOffset.y) }

      try view.performBatchUpdates(updates)

      let fresh = try WaterfallLayout(
        width: 300, parameters: WaterfallParameters(columns: 3),
        sections: zip(source.sections, source.parameters).map { WaterfallSection(parameters: $1, items: $0.map { .height($0.height) }) })
      let everything = Rect(x: -1, y: -1, width: 302, height: fresh.contentSize.height + 2)
      #expect(view.layout.elements(in: everything) == fresh.elements(in: everything), "round \(round): \(updates)")
      for element in view.displayedElements {
        guard element.path.kind == .item else { continue }
        let id = source.sections[element.path.section][element.path.item].id
        #expect(element.cell.itemID == id, "round \(round): \(updates)")
        if let old = before[id], !reloaded.contains(id) { #expect(old === element.cell, "round \(round)") }
      }
      if let (id, viewportY) = anchor {
        let clamped = view.contentOffset.y == view.minimumContentOffsetY || view.contentOffset.y == view.maximumContentOffsetY
        let path = view.displayedElements.first { $0.cell.itemID == id }?.path
        if let path, !clamped, let frame = view.layout.layoutAttributes(for: path)?.frame {
          #expect(abs(frame.minY - view.contentOffset.y - viewportY) < 1e-9, "round \(round): \(updates)")
        }
      }
    }
  }
}

@Suite struct HostileBatchUpdateTests {
  /// Ranges no data source can match are rejected at once, without overflowing or looping over
  /// them, and leave the view as it was.
  @Test func hugeRangesAreRejected() throws {
    let source = TestSource([Array(repeating: 100, count: 10)])
    let view = try makeView(source, width: 210, height: 300, layout: WaterfallParameters(columns: 2))
    let state = ViewState(view)
    #expect(throws: CollectionViewError.self) { try view.performBatchUpdates([.insertItems(5..<Int.max, section: 0)]) }
    #expect(throws: CollectionViewError.self) { try view.performBatchUpdates([.insertSections(0..<Int.max)]) }
    #expect(throws: CollectionViewError.self) { try view.performBatchUpdates([.deleteItems(0..<Int.max, section: 0)]) }
    #expect(ViewState(view) == state)
    withExtendedLifetime(source) {}
  }

  /// Non-finite sizes and margins are rejected or give an empty display, never a trap.
  @Test func hostileGeometry() throws {
    let source = TestSource([Array(repeating: 100, count: 10)])
    let view = try makeView(source, width: 210, height: 300, layout: WaterfallParameters(columns: 2))
    let state = ViewState(view)
    #expect(throws: CollectionViewError.self) { try view.setBounds(Size(width: .nan, height: 300)) }
    #expect(throws: CollectionViewError.self) { try view.setBounds(Size(width: .infinity, height: 300)) }
    #expect(throws: CollectionViewError.self) { try view.setContentOffset(Point(x: 0, y: .infinity)) }
    #expect(throws: CollectionViewError.self) { try view.scrollToItem(at: ItemPath(item: Int.max, section: 0), position: .top) }
    #expect(ViewState(view) == state)
    view.overscan = .infinity
    view.prefetchDistance = .nan
    try view.layoutIfNeeded()
    view.overscan = 0
    view.prefetchDistance = 0
    try view.layoutIfNeeded()
    #expect(!view.indexPathsForVisibleItems.isEmpty)
    withExtendedLifetime(source) {}
  }
}
