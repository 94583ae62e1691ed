import Cascade
import CascadeView
import CascadeTestSupport
import Testing

/// The frame of item `i` of section `s`.
private func frame(_ view: TestView, _ i: Int, _ s: Int = 0) -> Rect? {
  view.layout.layoutAttributes(for: .item(i, section: s))?.frame
}

/// The x of every item (its column, at a fixed width), by entry id.
private func columnsByID(_ view: TestView, _ source: TestSource) -> [Int: Double] {
  var result: [Int: Double] = [:]
  for (s, entries) in source.sections.enumerated() {
    for (i, entry) in entries.enumerated() { result[entry.id] = frame(view, i, s)!.minX }
  }
  return result
}

/// The on-screen y of the item with entry id `id`, from the layout (displayed or not).
private func layoutViewportY(of id: Int, _ view: TestView, _ source: TestSource) -> Double {
  for (s, entries) in source.sections.enumerated() {
    if let i = entries.firstIndex(where: { $0.id == id }) { return frame(view, i, s)!.minY - view.contentOffset.y }
  }
  return .nan
}

@Suite struct SelfSizingTests {
  /// Estimates, then a storm of reports (two for item 1: the last wins): one batch at the next
  /// refresh, the measured heights, kept columns, no cell dequeued again. Hand-computed: two
  /// columns of 100 at width 210 (spacing 10), estimates 100, 50, 30, 40 place 0 in column 0 and
  /// 1, 2, 3 in column 1 (at 0, 60, 100); measured 120 and 80, column 1 restacks at 0, 90, 130.
  @Test func estimateThenMeasureGolden() throws {
    let source = TestSource([[100, 50, 30, 40]])
    let view = try makeView(source, width: 210, height: 400, layout: WaterfallParameters(columns: 2, keepColumns: true))
    #expect(frame(view, 3) == Rect(x: 110, y: 100, width: 100, height: 40))
    let cellCalls = source.cellCalls
    try view.reportMeasuredHeight(60, for: ItemPath(item: 1, section: 0))
    try view.reportMeasuredHeight(120, for: ItemPath(item: 0, section: 0))
    try view.reportMeasuredHeight(80, for: ItemPath(item: 1, section: 0))
    #expect(view._measurementBatchCount == 0)
    #expect(frame(view, 1)!.height == 50, "nothing applied before the refresh")
    let update = try view.layoutIfNeeded()
    #expect(view._measurementBatchCount == 1)
    #expect(source.cellCalls == cellCalls, "measured cells are not dequeued again")
    #expect(update.appeared.isEmpty && update.disappeared.isEmpty)
    #expect(update.moved.map(\.to.path) == (0..<4).map { .item($0, section: 0) })
    #expect(frame(view, 0) == Rect(x: 0, y: 0, width: 100, height: 120))
    #expect(frame(view, 1) == Rect(x: 110, y: 0, width: 100, height: 80))
    #expect(frame(view, 2) == Rect(x: 110, y: 90, width: 100, height: 30))
    // keepColumns: item 3 stays in column 1 although column 0 (ends at 130) is now as short.
    #expect(frame(view, 3) == Rect(x: 110, y: 130, width: 100, height: 40))
    #expect(view.measuredSize(forItemAt: ItemPath(item: 1, section: 0)) == Size(width: 100, height: 80))
    #expect(view.measuredSize(forItemAt: ItemPath(item: 2, section: 0)) == nil)
    // A refresh without reports applies no batch.
    try view.layoutIfNeeded()
    #expect(view._measurementBatchCount == 1)
    // A reload asks the data source again, and the measured sizes stand in for its estimates.
    try view.reloadData()
    #expect(frame(view, 0)!.height == 120 && frame(view, 1)!.height == 80 && frame(view, 2)!.height == 30)
  }

  /// Reports for consecutive items of a section go to the layout as one `replaceItems` per run:
  /// a report of the height already applied (item 5) changes nothing and splits its run, a gap
  /// (item 8) splits it, and so does a new section. Every reported height is applied.
  @Test func consecutiveReportsShareOneChange() throws {
    let source = TestSource([(0..<12).map { _ in 100 }, (0..<4).map { _ in 100 }])
    let view = try makeView(source, width: 210, height: 2000, layout: WaterfallParameters(columns: 2, keepColumns: true))
    try view.reportMeasuredHeight(70, for: ItemPath(item: 5, section: 0))
    try view.layoutIfNeeded()
    #expect(view._measurementBatchCount == 1 && view._measurementChangeCount == 1)
    let reports = [(2, 0, 50.0), (3, 0, 60), (4, 0, 80), (5, 0, 70), (6, 0, 90), (9, 0, 40), (1, 1, 30), (0, 1, 20)]
    for (item, section, height) in reports {
      try view.reportMeasuredHeight(height, for: ItemPath(item: item, section: section))
    }
    try view.layoutIfNeeded()
    // Runs: [2, 3, 4], [6], [9] of section 0 and [0, 1] of section 1.
    #expect(view._measurementBatchCount == 2 && view._measurementChangeCount == 1 + 4)
    for (item, section, height) in reports { #expect(frame(view, item, section)!.height == height, "\(item), \(section)") }
    for item in [0, 1, 7, 8, 10, 11] { #expect(frame(view, item)!.height == 100) }
    #expect(displayedPairs(view) == bruteForceElements(view.layout, in: view.displayRect))
  }

  /// With `reportsInitialFrames` off, measurements applied by scroll steps never take the
  /// layout back and forth: the same frames, displayed set and reasons as a view that reports
  /// the frames (which does take it, to give its scrolled-in elements their frames before), and
  /// no `initialAttributes` for elements that were not displayed before.
  @Test func measurementsWithoutInitialFramesCostOneBatch() throws {
    var g = SeededGenerator(seed: 7)
    let heights = (0..<300).map { _ in Double(Int.random(in: 40...160, using: &g)) }
    let sources = [TestSource([heights]), TestSource([heights])]  // the views hold them weakly
    let views = try zip([true, false], sources).map { reports, source in
      let view = try makeView(source, width: 400, height: 500, layout: WaterfallParameters(columns: 3, keepColumns: true))
      view.reportsInitialFrames = reports
      return view
    }
    var scrolledIn = 0
    for frameIndex in 0..<40 {
      let offset = Point(x: 0, y: Double(Int.random(in: 0...8000, using: &g)))
      let first = views[0].displayedElements.map(\.attributes.path).filter { $0.kind == .item }.min()!
      let reports = (0..<Int.random(in: 1...80, using: &g)).map { k in
        (ItemPath(item: min(299, first.item + k), section: 0), Double(Int.random(in: 20...300, using: &g)))
      }
      var updates: [CollectionViewUpdate<TestCell>] = []
      for view in views {
        for (path, height) in reports { try view.reportMeasuredHeight(height, for: path) }
        updates.append(try view.setContentOffset(view.clampedContentOffset(offset)))
      }
      let message = Comment(rawValue: "frame \(frameIndex)")
      #expect(views[0].displayedElements.map(\.attributes) == views[1].displayedElements.map(\.attributes), message)
      #expect(allElements(views[0].layout) == allElements(views[1].layout), message)
      #expect(updates[0].appeared.map { "\($0.attributes) \($0.reason)" } == updates[1].appeared.map { "\($0.attributes) \($0.reason)" }, message)
      #expect(updates[1].appeared.allSatisfy { $0.initialAttributes == nil }, message)
      scrolledIn += updates[0].appeared.filter { $0.initialAttributes != nil }.count
    }
    #expect(scrolledIn > 0 && views[0]._transitionRoundTrips > 0, "the reporting view read frames before")
    #expect(views[1]._transitionRoundTrips == 0)
    withExtendedLifetime(sources) {}
  }

  /// A scroll step with reports waiting applies them and scrolls in one refresh: the offset is
  /// the anchored one moved by what the step asked.
  @Test func scrollStepAppliesMeasurementsOnce() throws {
    let source = TestSource([(0..<60).map { _ in 100 }])
    let view = try makeView(source, width: 210, height: 300, layout: WaterfallParameters(columns: 2, keepColumns: true))
    try view.setContentOffset(Point(x: 0, y: 550))
    // Items 10 and 11 (y 550) are on top; items 0 and 1 (far above) measure 50 taller.
    try view.reportMeasuredHeight(150, for: ItemPath(item: 0, section: 0))
    try view.reportMeasuredHeight(150, for: ItemPath(item: 1, section: 0))
    let recorder = Recorder()
    view.delegate = recorder
    try view.setContentOffset(Point(x: 0, y: 560))
    #expect(view.contentOffset.y == 610, "550 + 50 (anchored) + 10 (the step)")
    #expect(recorder.log.filter { $0.hasPrefix("update") }.count == 1)
    #expect(view._measurementBatchCount == 1)
  }

  /// Measured sizes follow their items through batches: by path without ids, by id with ids;
  /// an inserted item is estimated, a deleted one's size goes, a reloaded one keeps its size,
  /// and a snapshot (or a reload) that brings an id back gives it its size.
  @Test(arguments: [false, true]) func measuredSizesFollowItems(ids: Bool) throws {
    let source = TestSource([[100, 100, 100, 100]])
    source.givesIDs = ids
    let view = try makeView(source, width: 210, height: 1000, layout: WaterfallParameters(columns: 2, keepColumns: true))
    let snapshot = { CollectionSnapshot<Int, Int>(sections: [0], items: [source.sections[0].map(\.id)]) }
    try view.applySnapshot(snapshot())
    for i in 0..<4 { try view.reportMeasuredHeight(Double(10 * (i + 1)), for: ItemPath(item: i, section: 0)) }
    try view.layoutIfNeeded()
    let ids0 = source.sections[0].map(\.id)   // heights 10, 20, 30, 40
    // Insert one at the front, delete the second, reload the fourth.
    source.sections[0].insert(source.entry(77), at: 0)
    source.sections[0].remove(at: 2)
    try view.applySnapshot(CollectionSnapshot(sections: [0], items: [source.sections[0].map(\.id)], reloaded: [ids0[3]]))
    #expect((0..<4).map { frame(view, $0)!.height } == [77, 10, 30, 40])
    #expect(view.measuredSize(forItemAt: ItemPath(item: 0, section: 0)) == nil)
    // Reload: nothing estimated again (by id, or by the path the item kept).
    try view.reloadData()
    #expect((0..<4).map { frame(view, $0)!.height } == [77, 10, 30, 40])
    // A deleted item that comes back: with ids it has its size, without it is a new item.
    source.sections[0].insert(TestSource.Entry(id: ids0[1], height: 100), at: 1)
    try view.applySnapshot(snapshot())
    #expect(frame(view, 1)!.height == (ids ? 20 : 100))
  }

  /// Along x: a horizontal waterfall takes the measured width as the item's extent, and the
  /// anchor (leftmost visible, or rightmost when right to left) keeps its on-screen edge.
  @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft]) func horizontalMeasurementsKeepTheAnchor(
    direction: LayoutDirection
  ) throws {
    for seed in UInt64(1)...10 {
      var g = SeededGenerator(seed: seed)
      let source = TestSource([(0..<200).map { _ in Double(Int.random(in: 40...160, using: &g)) }])
      let view = try makeHorizontalView(
        source, width: 500, height: 320, layout: WaterfallParameters(columns: 3, keepColumns: true), direction: direction)
      let x = Double(Int.random(in: 0...Int(view.maximumContentOffsetX), using: &g))
      try view.setContentOffset(Point(x: x, y: 0))
      let anchor = try #require(view.savedScrollPosition())
      func edge() -> Double {
        let frame = view.layout.layoutAttributes(for: .item(anchor.path.item, section: 0))!.frame
        return (direction == .rightToLeft ? frame.maxX : frame.minX) - view.contentOffset.x
      }
      let before = edge()
      var last: [Int: Double] = [:]
      for element in view.displayedElements where element.attributes.path.kind == .item {
        let w = Double(Int.random(in: 20...200, using: &g))
        try view.reportMeasuredSize(Size(width: w, height: 1), for: element.attributes.path.itemPath!)
        last[element.attributes.path.item] = w
      }
      try view.layoutIfNeeded()
      for (i, w) in last { #expect(frame(view, i)!.width == w, "seed \(seed)") }
      let clamped = view.contentOffset.x <= view.minimumContentOffsetX || view.contentOffset.x >= view.maximumContentOffsetX
      if !clamped { #expect(abs(edge() - before) <= 1e-9, "seed \(seed)") }
    }
  }

  /// A list's rows take their measured heights (`ListItem` is a `SelfSizingItem`, by path).
  @Test func listRowsTakeMeasuredHeights() throws {
    let source = ListLayoutViewTests.Source()
    let view = CollectionView<TestCell, ListLayout>(layout: try ListLayout(width: 1), bounds: Size(width: 300, height: 200))
    view.register(forCellWithReuseIdentifier: "row") { TestCell("row", serial: 0) }
    view.register(forCellWithReuseIdentifier: "header") { TestCell("header", serial: 0) }
    view.dataSource = source
    try view.reloadData()
    try view.reportMeasuredHeight(55, for: ItemPath(item: 1, section: 0))
    try view.layoutIfNeeded()
    // Header 0..20, row 0 at 20..60, row 1 at 60..115, row 2 from 115.
    #expect(view.layout.layoutAttributes(for: .item(1, section: 0))?.frame == Rect(x: 0, y: 60, width: 300, height: 55))
    #expect(view.layout.layoutAttributes(for: .item(2, section: 0))?.frame.minY == 115)
    try view.reloadData()
    #expect(view.layout.layoutAttributes(for: .item(1, section: 0))?.frame.height == 55)
  }

  /// Wrong reports are refused with what was wrong and where, and change nothing.
  @Test func badReportsChangeNothing() throws {
    let source = TestSource([[100, 100, 100]])
    let view = try makeView(source, width: 210, height: 400, layout: WaterfallParameters(columns: 2))
    let before = displayedPairs(view)
    let bad: [(Size, ItemPath, CollectionViewError)] = [
      (Size(width: 10, height: 5), ItemPath(item: 3, section: 0), .itemOutOfRange(ItemPath(item: 3, section: 0))),
      (Size(width: 10, height: 5), ItemPath(item: 0, section: 1), .itemOutOfRange(ItemPath(item: 0, section: 1))),
      (Size(width: 10, height: 5), ItemPath(item: -1, section: 0), .itemOutOfRange(ItemPath(item: -1, section: 0))),
      (Size(width: 10, height: -1), ItemPath(item: 0, section: 0), .invalidMeasuredSize(ItemPath(item: 0, section: 0), Size(width: 10, height: -1))),
      (Size(width: 10, height: .infinity), ItemPath(item: 1, section: 0), .invalidMeasuredSize(ItemPath(item: 1, section: 0), Size(width: 10, height: .infinity))),
      (Size(width: -3, height: 10), ItemPath(item: 1, section: 0), .invalidMeasuredSize(ItemPath(item: 1, section: 0), Size(width: -3, height: 10))),
    ]
    for (size, path, expected) in bad {
      #expect(throws: expected) { try view.reportMeasuredSize(size, for: path) }
    }
    #expect(throws: CollectionViewError.self) { try view.reportMeasuredHeight(.nan, for: ItemPath(item: 0, section: 0)) }
    #expect("\(CollectionViewError.invalidMeasuredSize(ItemPath(item: 0, section: 0), Size(width: 10, height: -1)))"
      == "section 0, item 0: measured size 10.0 x -1.0 must be finite and >= 0")
    try view.layoutIfNeeded()
    #expect(view._measurementBatchCount == 0)
    #expect(displayedPairs(view) == before)
    // A report whose item a batch then deletes is dropped with it.
    try view.reportMeasuredHeight(300, for: ItemPath(item: 2, section: 0))
    source.sections[0].removeLast()
    try view.performBatchUpdates([.deleteItems(2..<3, section: 0)])
    #expect(view.measuredSize(forItemAt: ItemPath(item: 1, section: 0)) == nil)
    #expect(view.contentSize.height == 100)
  }

  /// A batch the view rejects leaves the reports waiting and the kept sizes as they were.
  @Test func rejectedBatchKeepsReports() throws {
    let source = TestSource([[100, 100, 100]])
    let view = try makeView(source, width: 210, height: 400, layout: WaterfallParameters(columns: 2))
    try view.reportMeasuredHeight(40, for: ItemPath(item: 0, section: 0))
    let before = displayedPairs(view)
    // The data source still has 3 items: a delete is a count mismatch.
    #expect(throws: CollectionViewError.countMismatch(section: 0, dataSource: 3, afterUpdates: 2)) {
      try view.performBatchUpdates([.deleteItems(0..<1, section: 0)])
    }
    #expect(displayedPairs(view) == before)
    #expect(view._measurementBatchCount == 0)
    try view.layoutIfNeeded()
    #expect(frame(view, 0)!.height == 40)
  }

  /// A reload keeps the old layout to roll back to (no inverse): a reload that fails, in the
  /// layout (a negative height) or in the refresh (a cell the data source did not dequeue), leaves
  /// every frame, id, displayed cell, the offset and the measured sizes as they were.
  @Test func rejectedReloadChangesNothing() throws {
    let source = TestSource([(0..<50).map { Double(20 + $0) }, (0..<30).map { Double(90 - $0) }])
    source.givesIDs = true
    let view = try makeView(source, width: 320, height: 400, layout: WaterfallParameters(columns: 3, keepColumns: true))
    try view.setContentOffset(Point(x: 0, y: 300))
    try view.reportMeasuredHeight(33, for: view.indexPathsForVisibleItems[0])
    try view.layoutIfNeeded()
    let oldIDs = source.sections.flatMap { $0.map(\.id) }
    let measuredPath = view.indexPathsForVisibleItems[0]
    func state() -> [String] {
      let all = bruteForceElements(view.layout, in: Rect(x: -1, y: -1, width: 1e6, height: 1e6))
      let ids = oldIDs.map { view.layout.path(forID: .int(Int64($0))) }
      return ["\(all)", "\(ids)", "\(displayedPairs(view))", "\(view.contentOffset)", "\(view.reuseStatistics)"]
    }
    let before = state()
    let saved = source.sections
    source.sections[0] = (0..<70).map { source.entry(Double(10 + $0)) }
    source.sections[1][3].height = -5
    #expect(throws: CollectionViewError.self) { try view.reloadData() }
    #expect(state() == before)
    source.sections[1][3].height = 5
    source.returnForeignCell = true
    #expect(throws: CollectionViewError.self) { try view.reloadData() }
    source.returnForeignCell = false
    source.sections = saved
    #expect(state() == before)
    #expect(view.measuredSize(forItemAt: measuredPath) == Size(width: 100, height: 33))
    try view.reloadData()
    #expect(state()[0] == before[0])
  }

  /// Random storms of measurements (several reports per item and frame), interleaved with
  /// snapshots that insert and delete (the anchor too, sometimes), width changes and scrolls:
  /// the topmost visible item (or, when deleted, the topmost visible survivor) keeps its
  /// on-screen y to 1e-9 unless the offset had to be clamped; the displayed set is the
  /// brute-force query of the display rect; with keepColumns no measured item changes column;
  /// every applied report is the item's height.
  @Test func stormsKeepTheAnchor() throws {
    for seed in UInt64(1)...30 {
      var g = SeededGenerator(seed: seed)
      let source = TestSource((0..<2).map { _ in (0..<120).map { _ in Double(Int.random(in: 40...160, using: &g)) } })
      source.givesIDs = seed % 2 == 0
      let view = try makeView(
        source, width: 400, height: 500, layout: WaterfallParameters(columns: 3, keepColumns: true), overscan: 60)
      func snapshot() -> CollectionSnapshot<Int, Int> {
        CollectionSnapshot(sections: [0, 1], items: source.sections.map { $0.map(\.id) })
      }
      try view.applySnapshot(snapshot())
      var measured: [Int: Double] = [:]   // entry id → last applied height
      for round in 0..<16 {
        let message = Comment(rawValue: "seed \(seed) round \(round)")
        try view.setContentOffset(Point(x: 0, y: Double(Int.random(in: 0...5000, using: &g))))
        try view.setContentOffset(view.clampedContentOffset(view.contentOffset))
        switch round % 4 {
        case 0, 1: try storm(view, source, &measured, &g, message)
        case 2:
          let before = try applyRandomSnapshotEdit(view, source, &g, edits: 0..<20, heights: 40...160)
          if let before, !isClamped(view) {
            #expect(abs(layoutViewportY(of: before.id, view, source) - before.y) <= 1e-9, message)
          }
        default:
          let before = topmostVisible(view)
          try view.setBounds(Size(width: Double(Int.random(in: 250...600, using: &g)), height: 500))
          if let before, !isClamped(view) { #expect(abs(layoutViewportY(of: before.id, view, source) - before.y) <= 1e-9, message) }
        }
        #expect(displayedPairs(view) == bruteForceElements(view.layout, in: view.displayRect), message)
        for (s, entries) in source.sections.enumerated() {
          for (i, entry) in entries.enumerated() {
            if let h = measured[entry.id] { #expect(frame(view, i, s)!.height == h, message) }
          }
        }
      }
    }
  }

  /// One storm: reports for random displayed items, then a refresh.
  private func storm(
    _ view: TestView, _ source: TestSource, _ measured: inout [Int: Double], _ g: inout SeededGenerator,
    _ message: Comment
  ) throws {
    let before = topmostVisible(view)
    let columns = columnsByID(view, source)
    var reported: [Int: Double] = [:]
    for _ in 0..<Int.random(in: 1...60, using: &g) {
      guard let element = view.displayedElements.filter({ $0.attributes.path.kind == .item }).randomElement(using: &g)
      else { break }
      let h = Double(Int.random(in: 10...300, using: &g))
      try view.reportMeasuredHeight(h, for: element.attributes.path.itemPath!)
      reported[element.cell.itemID!] = h
    }
    let calls = source.cellCalls
    let displayedBefore = Set(view.displayedElements.map { ObjectIdentifier($0.cell) })
    try view.layoutIfNeeded()
    measured.merge(reported) { $1 }
    // The anchor may have shrunk out of the viewport (its top stays): read it from the layout.
    if let before, !isClamped(view) {
      #expect(abs(layoutViewportY(of: before.id, view, source) - before.y) <= 1e-9, message)
    }
    #expect(columnsByID(view, source) == columns, message)
    // Cells still displayed are the same objects; only arrivals were asked for.
    let arrivals = view.lastUpdate.appeared.filter { $0.path.kind == .item }.count
    #expect(source.cellCalls - calls == arrivals, message)
    for element in view.displayedElements where !displayedBefore.contains(ObjectIdentifier(element.cell)) {
      #expect(view.lastUpdate.appeared.contains { $0.cell === element.cell }, message)
    }
  }
}
