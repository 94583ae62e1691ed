// The column walk of keepColumns size changes (Docs/Spec/Waterfall.md, "Keeping columns"): a
// size change moves only the items below it in the columns it touches. Golden frames written out
// by hand, the exact number of items moved, and long seeded sequences (sections long enough to
// cross many checkpoints, every span) compared after every batch with a from-scratch layout of
// the same items and remembered columns, to the bit.
import Testing
@testable import Cascade
import CascadeTestSupport

/// `layout` after a batch against a from-scratch layout of its items: the fresh layout, and
/// the first frame that differs from it to the bit or the first broken invariant, if any.
func checkedAgainstFresh(_ layout: WaterfallLayout) throws -> (fresh: WaterfallLayout, problem: String?) {
  let fresh = try reloaded(layout)
  if let problem = bitDifference(layout, fresh) { return (fresh, problem) }
  if let violation = layout._violation() { return (fresh, "invariant: \(violation)") }
  return (fresh, nil)
}

@Suite("keepColumns: the column walk")
struct ColumnWalkTests {
  /// Three columns of width 100 at x 0, 110, 220; spacing 10. Before:
  ///
  ///     a (0, 0, 200)      b (110, 0, 50)     c (220, 0, 60)
  ///                        d (110, 60, 40)
  ///     e spans columns 1–2 at y = max(110, 70) = 110, height 30
  ///                        f (110, 150, 20)   g (220, 150, 20)
  static func threeColumns() throws -> WaterfallLayout {
    try WaterfallLayout(
      width: 320, parameters: WaterfallParameters(columns: 3, columnSpacing: 10, itemSpacing: 10, keepColumns: true),
      sections: [WaterfallSection(items: [.height(200), .height(50), .height(60), .height(40),
                                          .height(30, span: .columns(2)), .height(20), .height(20)])])
  }

  @Test func beforeAnyChange() throws {
    let layout = try Self.threeColumns()
    #expect(itemFrames(layout) == [
      Rect(x: 0, y: 0, width: 100, height: 200), Rect(x: 110, y: 0, width: 100, height: 50),
      Rect(x: 220, y: 0, width: 100, height: 60), Rect(x: 110, y: 60, width: 100, height: 40),
      Rect(x: 110, y: 110, width: 210, height: 30), Rect(x: 110, y: 150, width: 100, height: 20),
      Rect(x: 220, y: 150, width: 100, height: 20),
    ])
    #expect(layout.contentSize.height == 200)
  }

  /// Applies one size change to `threeColumns()` and checks how many items it placed and every
  /// frame after it.
  func expectChange(_ item: WaterfallItem, at i: Int, placed: Int, frames: [Rect],
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
    var layout = try Self.threeColumns()
    let before = layout._placedItemCount
    try layout.apply(.replaceItems([item], at: i, section: 0))
    #expect(layout._placedItemCount - before == placed, sourceLocation: sourceLocation)
    #expect(itemFrames(layout) == frames, sourceLocation: sourceLocation)
    #expect(layout.contentSize.height == frames.map(\.maxY).max()!, sourceLocation: sourceLocation)
    #expect(layout._violation() == nil, sourceLocation: sourceLocation)
  }

  /// c shrinks to 10: column 2 changes, but e still starts at column 1's 110, so column 2 is
  /// clean again after e and the walk stops: it places c and e, nothing else.
  @Test func aSpanningItemStopsTheWalk() throws {
    try expectChange(.height(10), at: 2, placed: 2, frames: [
      Rect(x: 0, y: 0, width: 100, height: 200), Rect(x: 110, y: 0, width: 100, height: 50),
      Rect(x: 220, y: 0, width: 100, height: 10), Rect(x: 110, y: 60, width: 100, height: 40),
      Rect(x: 110, y: 110, width: 210, height: 30), Rect(x: 110, y: 150, width: 100, height: 20),
      Rect(x: 220, y: 150, width: 100, height: 20),
    ])
  }

  /// b grows to 100: d moves to 110, e to max(160, 70) = 160 and carries column 2 with it, so f
  /// and g move to 200 (content height 220). a and c stay: the walk places b, d, e, f and g.
  @Test func aSpanningItemCarriesTheChangeAcross() throws {
    try expectChange(.height(100), at: 1, placed: 5, frames: [
      Rect(x: 0, y: 0, width: 100, height: 200), Rect(x: 110, y: 0, width: 100, height: 100),
      Rect(x: 220, y: 0, width: 100, height: 60), Rect(x: 110, y: 110, width: 100, height: 40),
      Rect(x: 110, y: 160, width: 210, height: 30), Rect(x: 110, y: 200, width: 100, height: 20),
      Rect(x: 220, y: 200, width: 100, height: 20),
    ])
  }

  /// One-column items only: a change moves exactly the items below it in its own column, far
  /// fewer than the rest of the section, and gives the frames of a fresh layout.
  @Test func oneColumnItemsMoveOnlyInTheirColumn() throws {
    var rng = SplitMix64(seed: 11)
    let items = (0..<2_000).map { _ in WaterfallItem.height(rng.double(50...300)) }
    var layout = try WaterfallLayout(
      width: 1024, parameters: WaterfallParameters(columns: 4, keepColumns: true), sections: [WaterfallSection(items: items)])
    let changed = 1_000
    let column = layout.item(at: ItemPath(item: changed, section: 0))!.column!
    let below = (changed..<items.count).filter { layout.item(at: ItemPath(item: $0, section: 0))!.column == column }.count
    let placed = layout._placedItemCount
    try layout.apply(.replaceItems([.height(123.25)], at: changed, section: 0))
    #expect(layout._placedItemCount - placed == below)
    #expect(below < 300)
    #expect(bitDifference(layout, try reloaded(layout)) == nil)
    #expect(layout._violation() == nil)
  }

  /// Lanes long enough for every level of the index's samples (every 8th, 64th and 512th
  /// element of a lane): a two-column section of 5,000 items, some covering both columns, and
  /// size changes near its top, so that the walk rewrites the samples of thousands of moved
  /// items and the levels above them (the top level's entries included). After each change:
  /// the frames of a fresh layout to the bit, the invariants (which check every level) and
  /// queries that agree with the fresh layout's.
  @Test func longLanesKeepEveryLevelOfSamples() throws {
    var rng = SplitMix64(seed: 31)
    let items = (0..<5_000).map { _ in
      rng.chance(0.02) ? WaterfallItem.height(rng.double(20...80), span: .full) : .height(rng.double(50...300))
    }
    var layout = try WaterfallLayout(
      width: 600, parameters: WaterfallParameters(columns: 2, keepColumns: true), sections: [WaterfallSection(items: items)])
    #expect(layout._storage.sections[0].index._lanes.allSatisfy { $0.coarsest.count >= 4 })
    for i in [3, 40, 0, 700, 1_500] {
      var resized = layout.item(at: ItemPath(item: i, section: 0))!
      resized.column = nil
      resized.measure = .height(rng.double(0...400))
      try layout.apply(.replaceItems([resized], at: i, section: 0))
      let (fresh, problem) = try checkedAgainstFresh(layout)
      #expect(problem == nil, "after resizing item \(i): \(problem ?? "")")
      for _ in 0..<20 {
        let rect = rng.rect(in: layout.contentSize)
        #expect(layout.elements(in: rect).map(\.path) == fresh.elements(in: rect).map(\.path), "after item \(i), \(rect)")
      }
    }
  }

  /// Long sections of every span and order, random batches of size changes (several per batch,
  /// sometimes with appends, insertions, deletions, moves, width changes or a rejected change in
  /// the same batch): after every batch, the frames of a from-scratch layout of the same items
  /// and remembered columns, to the bit; queries that agree with it; the invariants; and a
  /// rejected batch that changed nothing.
  @Test(arguments: [201, 202, 203, 204, 205, 206, 207, 208] as [UInt64])
  func longSectionsMatchAFreshLayout(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var parameters = WaterfallParameters(columns: rng.int(2...6), keepColumns: true)
    if rng.chance(0.3) { parameters.order = [.shortestFirst, .leftToRight, .rightToLeft][rng.int(0...2)] }
    if rng.chance(0.3) { parameters.tolerance = rng.length(40) }
    if rng.chance(0.5) { parameters.itemSpacing = rng.length(20) }
    if rng.chance(0.3) { parameters.header = rng.length(60) }
    let c = parameters.columns!
    // Few items covering several columns, so that walks run long; one seed in four has many.
    let several = seed % 4 == 0 ? 0.3 : 0.04
    func item() -> WaterfallItem {
      let measure: WaterfallItem.Measure = rng.chance(0.8) ? .height(rng.double(0...300)) : .size(width: rng.double(1...400), height: rng.length(400))
      if !rng.chance(several) { return WaterfallItem(measure, span: .columns(1)) }
      return WaterfallItem(measure, span: rng.chance(0.3) ? .full : .columns(rng.int(2...c)))
    }
    let sections = (0..<rng.int(1...3)).map { _ in WaterfallSection(items: (0..<rng.int(100...700)).map { _ in item() }) }
    var layout = try WaterfallLayout(width: rng.double(300...1200), parameters: parameters, sections: sections)
    for step in 0..<150 {
      let s = rng.int(0...layout.numberOfSections - 1)
      var batch: [WaterfallLayout.Change] = []
      let n = layout.numberOfItems(inSection: s)
      for _ in 0..<rng.int(1...4) where n > 0 {
        let i = rng.int(0...n - 1)
        var resized = layout.item(at: ItemPath(item: i, section: s))!
        resized.column = nil
        switch resized.measure {
        case .height: resized.measure = .height(rng.chance(0.1) ? 0 : rng.double(0...300))
        case .size(let w, _): resized.measure = .size(width: w, height: rng.length(400))
        }
        batch.append(.replaceItems([resized], at: i, section: s))
      }
      switch rng.int(0...9) {
      case 0: batch.append(.appendItems((0..<rng.int(1...5)).map { _ in item() }, section: s))
      case 1 where n > 2: batch.append(.deleteItems(rng.int(0...n - 2)..<n - 1, section: s))
      case 2: batch.append(.insertItems([item()], at: rng.int(0...n), section: s))
      case 3 where n > 1: batch.append(.moveItem(from: ItemPath(item: rng.int(0...n - 1), section: s), to: ItemPath(item: rng.int(0...n - 1), section: s)))
      case 4: batch.append(.setWidth(layout.width * rng.double(0.98...1.02)))
      default: break
      }
      let before = allElements(layout)
      if rng.chance(0.1) {
        // A rejected batch: everything before the bad change must be undone.
        batch.append(.replaceItems([item()], at: layout.numberOfItems(inSection: s) + 10, section: s))
        #expect(throws: LayoutError.self) { try layout.apply(batch) }
        #expect(allElements(layout) == before, "seed \(seed), step \(step): a rejected batch changed frames")
        continue
      }
      try layout.apply(batch)
      let (fresh, problem) = try checkedAgainstFresh(layout)
      if let problem {
        Issue.record("seed \(seed), step \(step) after \(batch): \(problem)")
        return
      }
      for _ in 0..<3 {
        let rect = rng.rect(in: layout.contentSize)
        let got = layout.elements(in: rect).map(\.path), want = fresh.elements(in: rect).map(\.path)
        if got != want {
          Issue.record("seed \(seed), step \(step): query \(rect): \(got) != fresh \(want)")
          return
        }
        let point = Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2)
        #expect(layout.element(at: point)?.path == fresh.element(at: point)?.path, "seed \(seed), step \(step): point \(point)")
      }
    }
  }

  /// Long stretches of one-column items (256 or more between the items covering several
  /// columns, or to the end, with the sweep's threshold lowered to 256 for the test: it is 2¹⁸
  /// otherwise), where the walk, every column dirty, sweeps the records in id order with every
  /// lane at once rather than running each lane on its own: 2 to 8 columns, a storm of
  /// neighbouring changes near the top (some the same height, leaving a column clean), and
  /// now and again a single change, which dirties one column and runs its lane. After every batch: a
  /// from-scratch layout's frames to the bit, the invariants (every level of every lane's
  /// samples, every checkpoint, the id blocks), queries that agree with it, the very frames and
  /// count of placed items of the same walks with each lane run on its own, and for a single
  /// change fewer items placed than the section holds. The seed is in every failure's message.
  @Test(arguments: [401, 402, 403, 404, 405, 406] as [UInt64])
  func longOneColumnStretchesAreSweptInIDOrder(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let c = rng.int(2...8)
    var parameters = WaterfallParameters(columns: c, keepColumns: true)
    if rng.chance(0.5) { parameters.itemSpacing = rng.length(20) }
    var items: [WaterfallItem] = []
    for _ in 0..<rng.int(4...6) {
      items += (0..<rng.int(300...1_500)).map { _ in WaterfallItem.height(rng.double(20...300)) }
      items.append(rng.chance(0.5) ? .height(rng.double(20...80), span: .full) : .height(rng.double(20...80), span: .columns(rng.int(2...c))))
    }
    items += (0..<rng.int(300...1_500)).map { _ in WaterfallItem.height(rng.double(20...300)) }
    var layout = try WaterfallLayout(width: rng.double(300...1200), parameters: parameters, sections: [WaterfallSection(items: items)])
    // The same walks with each lane run on its own (these sections are far below the default
    // minimum): the sweep must place exactly the items they place, to the bit.
    var lanesOnly = layout
    layout._storage.sections[0]._sweepMinimum = 256
    for step in 0..<20 {
      let n = layout.numberOfItems(inSection: 0)
      let first = rng.int(0...Swift.min(n - 1, 200))
      var batch: [WaterfallLayout.Change] = []
      let storm = step % 4 != 3
      for i in first..<Swift.min(n, first + (storm ? rng.int(c...(3 * c)) : 1)) {
        var resized = layout.item(at: ItemPath(item: i, section: 0))!
        resized.column = nil
        if !(storm && rng.chance(0.1)) { resized.measure = .height(rng.double(20...300)) }
        batch.append(.replaceItems([resized], at: i, section: 0))
      }
      let placed = layout._placedItemCount, placedByLanes = lanesOnly._placedItemCount
      try layout.apply(batch)
      try lanesOnly.apply(batch)
      #expect(layout._placedItemCount - placed == lanesOnly._placedItemCount - placedByLanes, "seed \(seed), step \(step)")
      #expect(bitDifference(layout, lanesOnly) == nil, "seed \(seed), step \(step)")
      let (fresh, problem) = try checkedAgainstFresh(layout)
      if let problem {
        Issue.record("seed \(seed), step \(step): \(problem)")
        return
      }
      for _ in 0..<10 {
        let rect = rng.rect(in: layout.contentSize)
        #expect(layout.elements(in: rect).map(\.path) == fresh.elements(in: rect).map(\.path), "seed \(seed), step \(step), \(rect)")
      }
      if !storm {
        // One change: the items placed are it and those below it in its own column, up to the
        // first item covering several columns (whose columns it then makes dirty) or the end.
        #expect(layout._placedItemCount - placed >= 1, "seed \(seed), step \(step)")
        #expect(layout._placedItemCount - placed < n, "seed \(seed), step \(step): the whole section placed")
      }
    }
  }

  /// Storms of self-sizing: a run of neighbouring items (one per column or several) resized in
  /// one batch, so that several columns are dirty at once and their lanes are walked each on its
  /// own between the items covering several columns, crossing many checkpoints; sometimes an
  /// item in the run spans columns or is full width, and sometimes the run leaves a column
  /// untouched; with every column changed, the walk goes on, or hands over to the replay where
  /// such items are dense. After every batch: a from-scratch layout's frames to the bit, and the invariants,
  /// which compare every saved column state with the items before it; then now and again an
  /// insertion lower down, which replays from a checkpoint the walk wrote.
  @Test(arguments: [301, 302, 303, 304, 305, 306] as [UInt64])
  func stormsOfNeighbouringChanges(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let c = rng.int(2...7)
    var parameters = WaterfallParameters(columns: c, keepColumns: true)
    if rng.chance(0.5) { parameters.itemSpacing = rng.length(20) }
    if rng.chance(0.3) { parameters.order = [.leftToRight, .rightToLeft][rng.int(0...1)] }
    // One seed in three has dense items covering several columns (more than one in c at 4
    // columns or more), where a walk with every column changed hands over to the replay.
    let several = seed % 3 == 0 ? 0.3 : 0.01
    func item() -> WaterfallItem {
      let measure: WaterfallItem.Measure = .height(rng.double(20...300))
      if !rng.chance(several) { return WaterfallItem(measure, span: .columns(1)) }
      return WaterfallItem(measure, span: rng.chance(0.3) ? .full : .columns(rng.int(2...c)))
    }
    var layout = try WaterfallLayout(
      width: rng.double(300...1200), parameters: parameters,
      sections: [WaterfallSection(items: (0..<rng.int(1500...3000)).map { _ in item() })])
    for step in 0..<60 {
      let n = layout.numberOfItems(inSection: 0)
      let first = rng.int(0...n - 1)
      var batch: [WaterfallLayout.Change] = []
      for i in first..<Swift.min(n, first + rng.int(1...(3 * c))) where rng.chance(0.8) {
        var resized = layout.item(at: ItemPath(item: i, section: 0))!
        resized.column = nil
        // Now and again the same height: a column that the change leaves clean.
        if !rng.chance(0.1) { resized.measure = .height(rng.chance(0.05) ? 0 : rng.double(20...300)) }
        batch.append(.replaceItems([resized], at: i, section: 0))
      }
      if rng.chance(0.2) { batch.append(.insertItems([item()], at: rng.int(first...n), section: 0)) }
      try layout.apply(batch)
      if let problem = try checkedAgainstFresh(layout).problem {
        Issue.record("seed \(seed), step \(step): \(problem)")
        return
      }
    }
  }
}
