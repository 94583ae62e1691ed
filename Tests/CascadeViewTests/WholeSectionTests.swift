// A data source may give a section's layout items at once
// (`CollectionViewDataSource.collectionView(_:layoutItemsInSection:)`): the view then takes the
// array instead of asking item by item. These tests hold such a view to one over the same items
// asked item by item, check that measured sizes still stand in for the estimates, and that an
// array of the wrong length is refused with the section named and nothing changed.
import Cascade
import CascadeView
import CascadeTestSupport
import Testing

/// Everything the view shows and knows, for comparing two views or one view over time.
private func state(_ view: TestView) -> [String] {
  let all = bruteForceElements(view.layout, in: Rect(x: -1, y: -1, width: 1e7, height: 1e7))
  return ["\(all)", "\(view.layout.contentSize)", "\(displayedPairs(view))", "\(view.contentOffset)"]
}

@Suite struct WholeSectionTests {
  /// Random collections (one to four sections, headers and footers sometimes, ids sometimes):
  /// a view whose data source gives whole sections shows what a view asked item by item shows,
  /// after the first load, a scroll, a batch that inserts and deletes sections, and a reload of
  /// changed items; and it never asks for an item by itself.
  @Test(arguments: [61, 62, 63, 64] as [UInt64])
  func wholeSectionsShowWhatItemByItemShows(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<25 {
      let where_ = "seed \(seed), round \(round)"
      let heights = (0..<rng.int(1...4)).map { _ in (0..<rng.int(0...120)).map { _ in rng.double(10...200) } }
      var parameters = WaterfallParameters(columns: rng.int(1...4))
      if rng.chance(0.5) { parameters.header = 30; parameters.footer = 20 }
      let ids = rng.chance(0.5)
      let sources = [TestSource(heights, parameters: parameters), TestSource(heights, parameters: parameters)]
      sources[1].givesWholeSections = true
      for source in sources { source.givesIDs = ids }
      let views = try sources.map { try makeView($0, width: 320, height: 400) }
      #expect(state(views[0]) == state(views[1]), "\(where_): after the load")
      #expect(sources[1].itemCalls == 0 && sources[1].wholeSectionCalls == heights.count, "\(where_)")
      #expect(sources[0].itemCalls == heights.reduce(0) { $0 + $1.count }, "\(where_)")

      let y = rng.double(0...1) * views[0].maximumContentOffsetY
      for view in views { try view.setContentOffset(Point(x: 0, y: y)) }
      #expect(state(views[0]) == state(views[1]), "\(where_): after a scroll")

      // A batch: a new section in front, the last one deleted (when there are two or more).
      let new = (0..<rng.int(0...40)).map { _ in rng.double(10...200) }
      for source in sources {
        source.sections.insert(new.map(source.entry), at: 0)
        source.parameters.insert(parameters, at: 0)
      }
      var batch: [BatchUpdate] = [.insertSections(0..<1)]
      if heights.count >= 2 {
        batch.append(.deleteSections(heights.count..<(heights.count + 1)))
        for source in sources {
          source.sections.removeLast()
          source.parameters.removeLast()
        }
      }
      let calls = sources[1].wholeSectionCalls
      for view in views { try view.performBatchUpdates(batch) }
      #expect(state(views[0]) == state(views[1]), "\(where_): after a batch")
      #expect(sources[1].itemCalls == 0 && sources[1].wholeSectionCalls == calls + 1, "\(where_)")

      // Items changed under the view, then a reload.
      for source in sources {
        for s in source.sections.indices {
          for i in source.sections[s].indices where (i + s + round) % 3 == 0 { source.sections[s][i].height += 7 }
        }
      }
      for view in views { try view.reloadData() }
      #expect(state(views[0]) == state(views[1]), "\(where_): after a reload")
      #expect(sources[1].itemCalls == 0, "\(where_)")
    }
  }

  /// Measured sizes stand in for the estimates of whole sections as they do item by item: by
  /// path without ids, by id with them (the item moved by a snapshot keeps its size).
  @Test(arguments: [false, true]) func measuredSizesStandInForWholeSections(ids: Bool) throws {
    let sources = [TestSource([[100, 100, 100, 100], [50, 60]]), TestSource([[100, 100, 100, 100], [50, 60]])]
    sources[1].givesWholeSections = true
    for source in sources { source.givesIDs = ids }
    let views = try sources.map {
      try makeView($0, width: 210, height: 1000, layout: WaterfallParameters(columns: 2, keepColumns: true))
    }
    for view in views {
      try view.reportMeasuredHeight(40, for: ItemPath(item: 1, section: 0))
      try view.reportMeasuredHeight(70, for: ItemPath(item: 0, section: 1))
      try view.layoutIfNeeded()
    }
    // (Applying a report asks for the measured item itself; the reload asks for none.)
    let itemCalls = sources[1].itemCalls
    for view in views { try view.reloadData() }
    let heights = { (view: TestView) in
      [ItemPath(item: 0, section: 0), ItemPath(item: 1, section: 0), ItemPath(item: 0, section: 1), ItemPath(item: 1, section: 1)]
        .map { view.layout.layoutAttributes(for: .item($0.item, section: $0.section))!.frame.height }
    }
    #expect(heights(views[1]) == [100, 40, 70, 60])
    #expect(state(views[0]) == state(views[1]))
    #expect(sources[1].itemCalls == itemCalls && sources[1].wholeSectionCalls == 4)
  }

  /// An array longer or shorter than the section's count is refused, naming the section and
  /// both counts, by a reload and by a batch that inserts the section; the view is as it was,
  /// and takes the right array afterwards.
  @Test func anArrayOfTheWrongLengthIsRefused() throws {
    let source = TestSource([(0..<30).map { Double(20 + $0) }, (0..<12).map { Double(90 - $0) }])
    source.givesWholeSections = true
    let view = try makeView(source, width: 320, height: 400, layout: WaterfallParameters(columns: 3))
    try view.setContentOffset(Point(x: 0, y: 120))
    let before = state(view)
    for slip in [1, -1, 5] {
      source.wholeSectionSlip = slip
      #expect(throws: CollectionViewError.layoutItemsCountMismatch(section: 0, items: 30 + slip, numberOfItems: 30)) {
        try view.reloadData()
      }
      #expect(state(view) == before, "slip \(slip): a refused reload changed the view")
    }
    // A batch inserting a section asks for that section only.
    source.sections.insert((0..<8).map { source.entry(Double(30 + $0)) }, at: 1)
    source.parameters.insert(WaterfallParameters(), at: 1)
    source.wholeSectionSlip = -2
    #expect(throws: CollectionViewError.layoutItemsCountMismatch(section: 1, items: 6, numberOfItems: 8)) {
      try view.performBatchUpdates([.insertSections(1..<2)])
    }
    #expect(state(view) == before, "a refused batch changed the view")
    source.wholeSectionSlip = 0
    try view.performBatchUpdates([.insertSections(1..<2)])
    #expect(view.layout.numberOfSections == 3 && view.layout.numberOfItems(inSection: 1) == 8)
    #expect(
      "\(CollectionViewError.layoutItemsCountMismatch(section: 1, items: 6, numberOfItems: 8))"
        == "section 1: the data source gave 6 layout items for it, and says it has 8 items")
  }

  /// A data source that gives no whole sections is asked for each item of a section the view
  /// builds once, in order (the loop the data source's conformance compiles,
  /// `_collectionView(_:layoutItemsOneByOneInSection:count:)`): by a reload, every item of
  /// every section; by a batch, the items of the section it inserts and no other.
  @Test func itemByItemSourcesAreAskedForEachItemOnceInOrder() throws {
    let source = TestSource([(0..<7).map { Double(20 + $0) }, [], (0..<5).map { Double(60 - $0) }])
    let view = try makeView(source, width: 320, height: 400, layout: WaterfallParameters(columns: 3))
    source.logsItemPaths = true
    try view.reloadData()
    let all = source.sections.indices.flatMap { s in source.sections[s].indices.map { ItemPath(item: $0, section: s) } }
    #expect(source.askedPaths == all)
    source.askedPaths.removeAll()
    source.sections.insert((0..<4).map { source.entry(Double(30 + $0)) }, at: 1)
    source.parameters.insert(WaterfallParameters(), at: 1)
    try view.performBatchUpdates([.insertSections(1..<2)])
    #expect(source.askedPaths == (0..<4).map { ItemPath(item: $0, section: 1) })
    #expect(view.layout.numberOfItems(inSection: 1) == 4)
    #expect(view.layout.layoutAttributes(for: .item(3, section: 1))?.frame.height == 33)
  }
}
