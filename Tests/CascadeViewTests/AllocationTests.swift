import Cascade
import CascadeView
import Glibc
import Testing

/// The number of mallocs this thread has made, when `Tests/Support/malloc_count.c` is preloaded.
/// With `CASCADE_REQUIRE_MALLOC_COUNT=1` in the environment (as `.ci/run` sets it), a missing
/// counter is a failure rather than a skipped check.
func mallocCount() -> UInt? {
  guard let symbol = dlsym(nil, "cascade_malloc_count") else {
    if getenv("CASCADE_REQUIRE_MALLOC_COUNT") != nil { Issue.record("the malloc counter is not preloaded") }
    return nil
  }
  typealias Count = @convention(c) () -> UInt
  return unsafeBitCast(symbol, to: Count.self)()
}

/// A delegate that takes every callback and allocates nothing.
final class CountingDelegate: CollectionViewDelegate {
  typealias Cell = TestCell
  typealias Layout = WaterfallLayout
  var calls = 0
  func collectionView(_ view: TestView, willDisplay cell: TestCell, forItemAt path: ItemPath) { calls += 1 }
  func collectionView(_ view: TestView, didEndDisplaying cell: TestCell, forItemAt path: ItemPath) { calls += 1 }
  func collectionView(_ view: TestView, prefetchItemsAt paths: [ItemPath]) { calls += paths.count }
  func collectionView(_ view: TestView, cancelPrefetchingForItemsAt paths: [ItemPath]) { calls += paths.count }
  func collectionView(_ view: TestView, didUpdateDisplayedElements update: CollectionViewUpdate<TestCell>) { calls += 1 }
  func collectionViewDidScroll(_ view: TestView) { calls += 1 }
}

@Suite struct AllocationTests {
  /// The counter sees an allocation: without this, "0 mallocs" could mean a counter that counts nothing.
  @Test func theCounterCountsAllocations() {
    guard let before = mallocCount() else { return }
    let array = [Int](repeating: 1, count: 1000 + Int(before % 7))
    let after = mallocCount() ?? before
    #expect(after > before)
    withExtendedLifetime(array) {}
  }

  /// Scrolling back and forth over ground already covered reuses every buffer and cell: the
  /// buffers never grow, and with the malloc counter preloaded in an optimized build, neither the
  /// view's steps nor the layout's own rect queries for the same rects make a single malloc.
  @Test func steadyScrollStepAllocatesNothing() throws {
    var random = SeededGenerator(seed: 7)
    let source = TestSource([(0..<20_000).map { _ in Double(Int.random(in: 20...240, using: &random)) }])
    let delegate = CountingDelegate()
    let overscan = 200.0, prefetch = 400.0
    let view = try makeView(
      source, width: 400, height: 800, layout: WaterfallParameters(columns: 3), delegate: nil,
      overscan: overscan, prefetch: prefetch)
    view.delegate = delegate
    let offsets = Array(stride(from: 0.0, through: 60_000, by: 37)) + Array(stride(from: 60_000.0, through: 0, by: -41))
    for y in offsets { try view.setContentOffset(Point(x: 0, y: y)) }  // warm up
    let capacities = view._bufferCapacities
    let before = mallocCount()
    for y in offsets { try view.setContentOffset(Point(x: 0, y: y)) }
    let after = mallocCount()
    #expect(view._bufferCapacities == capacities)
    #expect(delegate.calls > offsets.count)

    // The same rect queries, straight to the layout: the display rect, then the prefetch band.
    var buffer: [LayoutAttributes] = []
    buffer.reserveCapacity(1000)
    let layout = view.layout
    var previous = offsets[offsets.count - 1], down = false
    let queriesBefore = mallocCount()
    for y in offsets {
      if y > previous { down = true } else if y < previous { down = false }
      previous = y
      buffer.removeAll(keepingCapacity: true)
      layout.elements(in: Rect(x: 0, y: y - overscan, width: 400, height: 800 + 2 * overscan), into: &buffer)
      buffer.removeAll(keepingCapacity: true)
      let band = down ? y + 800 + overscan : y - overscan - prefetch
      layout.elements(in: Rect(x: 0, y: band, width: 400, height: prefetch), into: &buffer)
    }
    let queriesAfter = mallocCount()
    // Only optimized code is worth counting: a debug build boxes and copies where -O does not.
    #if !DEBUG
    if let before, let after, let queriesBefore, let queriesAfter {
      #expect(after - before == 0, "\(after - before) mallocs in \(offsets.count) steps")
      #expect(queriesAfter - queriesBefore == 0, "\(queriesAfter - queriesBefore) mallocs in the layout's queries")
    }
    #else
    _ = (before, after, queriesBefore, queriesAfter)
    #endif
    withExtendedLifetime(source) {}
  }

  /// Moving a `VisibleWindow` back and forth over ground already covered allocates nothing once
  /// its buffers have grown (the view's step moves one too, above), and it still answers what the
  /// search answers.
  @Test func steadyWindowMovesAllocateNothing() throws {
    let layout = try WaterfallLayout(
      width: 400, parameters: WaterfallParameters(columns: 3),
      sections: [WaterfallSection(items: (0..<5000).map { WaterfallItem.height(Double(20 + ($0 * 37) % 220)) })])
    let offsets = Array(stride(from: 0.0, through: 30_000, by: 16)) + Array(stride(from: 30_000.0, through: 0, by: -16))
    var window = VisibleWindow()
    for y in offsets { layout.moveWindow(&window, to: Rect(x: 0, y: y, width: 400, height: 800)) }  // warm up
    #expect(window.elements == layout.elements(in: Rect(x: 0, y: 0, width: 400, height: 800)))
    #if DEBUG
    return
    #else
    guard let before = mallocCount() else { return }
    for y in offsets { layout.moveWindow(&window, to: Rect(x: 0, y: y, width: 400, height: 800)) }
    let mallocs = (mallocCount() ?? before) - before
    #expect(mallocs == 0, "\(mallocs) mallocs in \(offsets.count) moves")
    #endif
  }

  /// A live resize of a collection view of height items (a new width every frame, the column
  /// count kept) allocates nothing once its buffers have grown, whatever the number of items:
  /// the batch and its inverse go into buffers the view keeps, the layout takes its previous
  /// generation again (the view's window let go of it), and it keeps every item where it is.
  /// Until round thirty-eight a step made five mallocs: those three, the check's copy of the
  /// section list and the origins' new tree. Counted over the second of two passes through the
  /// same widths, as the scroll step's test counts.
  @Test func aLiveResizeOfHeightItemsAllocatesNothing() throws {
    #if DEBUG
    return
    #else
    var perStep: [Double] = []
    for n in [2_000, 40_000] {
      var random = SeededGenerator(seed: 23)
      let source = TestSource([(0..<n).map { _ in Double(Int.random(in: 20...240, using: &random)) }])
      let delegate = CountingDelegate()
      let view = try makeView(source, width: 700, height: 800, layout: WaterfallParameters(minColumnWidth: 200))
      view.delegate = delegate
      try view.setContentOffset(Point(x: 0, y: view.maximumContentOffsetY / 2))
      // 700 to 799 points and back: three columns throughout, 198 steps that change the width.
      let widths = (0..<100).map { 700 + Double($0) } + (0..<100).map { 799 - Double($0) }
      for w in widths { try view.setBounds(Size(width: w, height: 800)) }  // warm up
      let offset = view.contentOffset
      guard let before = mallocCount() else { return }
      for w in widths { try view.setBounds(Size(width: w, height: 800)) }
      let mallocs = (mallocCount() ?? before) - before
      #expect(view.layout.numberOfColumns(inSection: 0) == 3)
      #expect(view.contentOffset == offset)
      #expect(delegate.calls > widths.count)
      perStep.append(Double(mallocs) / 198)
      withExtendedLifetime(source) {}
    }
    #expect(perStep == [0, 0], "\(perStep[0]) mallocs a step at 2,000 items, \(perStep[1]) at 40,000")
    #endif
  }

  /// `WaterfallLayout.elements(in:into:)` allocates nothing when the buffer has the capacity.
  @Test func layoutRectQueryAllocatesNothing() throws {
    let layout = try WaterfallLayout(
      width: 400, parameters: WaterfallParameters(columns: 3), sections: [WaterfallSection(items: Array(repeating: 100, count: 1000))])
    var buffer: [LayoutAttributes] = []
    buffer.reserveCapacity(100)
    layout.elements(in: Rect(x: 0, y: 0, width: 400, height: 800), into: &buffer)
    #if DEBUG
    return
    #else
    guard let before = mallocCount() else { return }
    for k in 0..<100 {
      buffer.removeAll(keepingCapacity: true)
      layout.elements(in: Rect(x: 0, y: Double(k * 50), width: 400, height: 800), into: &buffer)
    }
    let mallocs = (mallocCount() ?? before) - before
    #expect(mallocs == 0)
    #endif
  }

  /// 300 height items: 75 a lane in four columns.
  static let heightItems = (0..<300).map { (i: Int) -> WaterfallItem in .height(Double(20 + i % 7 * 13)) }
  /// 300 items, a third of them size items and every 11th a size item spanning two columns.
  static let mixedItems = (0..<300).map { (i: Int) -> WaterfallItem in
    if i % 11 == 0 { return .size(width: 300, height: 200, span: .columns(2)) }
    if i % 3 == 0 { return .size(width: 100, height: Double(50 + i % 5)) }
    return .height(40)
  }

  /// What `count` reports for one section like `section` and for nine (the mallocs of building
  /// or changing a four-column layout of them); `nil` without the counter. Both after a first
  /// call of nine, uncounted: the runtime's one-time allocations (metadata, caches), which
  /// another test running beside this one may or may not have made first, land there, and
  /// not in one count or the other (they moved the difference by one from one run to the next).
  static func mallocs(
    oneAndNineLike section: WaterfallSection, _ count: ([WaterfallSection]) throws -> UInt?
  ) rethrows -> (one: Int, nine: Int)? {
    _ = try count(Array(repeating: section, count: 9))
    guard let one = try count([section]), let nine = try count(Array(repeating: section, count: 9)) else { return nil }
    return (Int(one), Int(nine))
  }

  /// A fresh build allocates the same blocks for every section, whatever the section holds:
  /// its own arrays, and nothing the placement boxes on the way. (The placement's count of
  /// one-column items, a local variable its nested loops captured, was once boxed on the heap
  /// in the one-pass build: one allocation per section.)
  @Test func aFreshBuildAllocatesOnlyEachSectionsArrays() throws {
    #if DEBUG
    return
    #else
    let heights = WaterfallSection(items: Self.heightItems)
    let mixed = WaterfallSection(header: 30, footer: 10, items: Self.mixedItems)
    // Twenty items: five a lane, too few for any sample, and one checkpoint, the implied one.
    let small = WaterfallSection(items: Array(Self.heightItems.prefix(20)))
    // The budgets are the counts measured: a section's records, ids, lanes, its lanes' samples
    // in one buffer (none when no lane has more than 8 elements) and the levels above them (an
    // array a lane of more than 72 elements: 75 items a lane here, 9 samples and 2 coarse), its
    // id blocks, its checkpoints from the second on (each with its count of one-column items;
    // none for at most 64 items), but no column state (a build from scratch places with one on
    // the stack and keeps none: a later pass gets it back from the records); the mixed section
    // adds its measures, and its lanes are shorter. A new allocation per section must be
    // accounted for here. (Eight sections' difference, rounded down: the layout's own arrays of
    // sections grow by doubling, a few allocations that are not a section's.) Round seventeen's
    // code made 22 and 23 for the first two; the small section took 21 before its lanes shared
    // their levels (1.05 allocations an item in the bench's `layout.full.smallSections`), 12
    // before the checkpoints' counts moved into the checkpoints' array (20, 20 and 12 with the
    // others), 11 (18 or 19, 19 and 11) while its id blocks took two arrays and a lane's
    // first element had a sample, which gave every lane an array of samples, 6 while the
    // first checkpoint, the state before item 0, was stored, and 5 (18 and 17 with the others)
    // while a build kept its column state; the first two made 17 and 16 while a level of one
    // entry had an array (a lane's top level, here), and 13 and 12 while each lane of more
    // than 8 elements had an array of samples of its own.
    for (name, section, budget) in [("heights", heights, 10), ("mixed", mixed, 9), ("small", small, 4)] {
      let counts = try Self.mallocs(oneAndNineLike: section) { sections in
        guard let before = mallocCount() else { return nil }
        let layout = try WaterfallLayout(width: 400, parameters: WaterfallParameters(columns: 4), sections: sections)
        let after = mallocCount() ?? before
        withExtendedLifetime(layout) {}
        return after - before
      }
      guard let (one, nine) = counts else { return }
      #expect((nine - one) / 8 <= budget, "\(name): \((nine - one) / 8) mallocs a section, against \(budget)")
    }
    #endif
  }

  /// A batch of one item at the end of a section scrolled to its end (appended, reloaded while
  /// displayed, deleted) makes the same mallocs at 2,000 items as at 50,000, and no more than the
  /// budget, nothing per item of the collection: each batch's array of updates (the test's own)
  /// and the plan's changes; the items asked of the data source (append, reload), the old items
  /// the inverse keeps (reload, delete), and the records of the appended item: 4 + 4 + 3. (Counted over whole cycles of the three, after a warm-up that
  /// grows the view's and the data source's buffers.)
  @Test func aOneItemBatchAllocatesTheSameAtAnySize() throws {
    #if DEBUG
    return
    #else
    var perCycle: [UInt] = []
    for n in [2_000, 50_000] {
      var random = SeededGenerator(seed: 11)
      let source = TestSource([(0..<n).map { _ in Double(Int.random(in: 20...240, using: &random)) }])
      let view = try makeView(source, width: 400, height: 800, layout: WaterfallParameters(columns: 3))
      try view.setContentOffset(Point(x: 0, y: view.maximumContentOffsetY))
      func cycle() throws {
        let count = source.sections[0].count
        source.sections[0].append(source.entry(120))
        try view.performBatchUpdates([.insertItems(count..<(count + 1), section: 0)])
        try view.performBatchUpdates([.reloadItems((count - 3)..<(count - 2), section: 0)])
        source.sections[0].removeLast()
        try view.performBatchUpdates([.deleteItems(count..<(count + 1), section: 0)])
      }
      for _ in 0..<20 { try cycle() }
      guard let before = mallocCount() else { return }
      for _ in 0..<30 { try cycle() }
      let after = mallocCount() ?? before
      #expect(view.numberOfItems(inSection: 0) == n)
      perCycle.append((after - before) / 30)
    }
    // The budget is the count measured: 11 a cycle (17 until round thirty-eight, while every
    // batch's inverse took a new array and the layout a new generation; before that, 13 a batch
    // while the transaction ran as generic code, 12 while the refresh's transition closure
    // escaped and was allocated, 11 while
    // the plan took an array of the section counts, the layout's check kept its maps in
    // dictionaries, its apply listed the touched sections in an array and the view joined the
    // plan's changes with the measurements' even when there were none; 21 a cycle while the
    // rollback's copy of the displayed entries shared their array, which the remap then copied).
    #expect(perCycle[0] == perCycle[1], "\(perCycle[0]) mallocs a cycle at 2,000 items, \(perCycle[1]) at 50,000")
    #expect(perCycle[1] <= 11, "\(perCycle[1]) mallocs a cycle of three batches")
    #endif
  }

  /// A width change of a layout held once (the same column count) allocates nothing, whether
  /// its sections keep their places (height items only) or are placed again in their own
  /// storage (size items). Each lane's samples were once allocated afresh, and its column
  /// state (13 allocations a section of 20); until round thirty-eight the batch's check copied
  /// the section list for a width change (one allocation) and the sections' origins took a new
  /// tree (one).
  @Test func aWidthChangeInPlaceAllocatesNothing() throws {
    #if DEBUG
    return
    #else
    let cases = [
      ("5 a lane", Array(Self.heightItems.prefix(20))), ("75 a lane", Self.heightItems), ("mixed", Self.mixedItems),
    ]
    // The batches are made before the count: the caller's arrays are not the layout's.
    let wider: [WaterfallLayout.Change] = [.setWidth(401)], narrower: [WaterfallLayout.Change] = [.setWidth(400)]
    for (name, items) in cases {
      // The third width change's: the first two may size what the layout keeps.
      let counts = try Self.mallocs(oneAndNineLike: WaterfallSection(header: 30, items: items)) { sections in
        var layout = try WaterfallLayout(width: 400, parameters: WaterfallParameters(columns: 4), sections: sections)
        try layout.apply(wider)
        try layout.apply(narrower)
        guard let before = mallocCount() else { return nil }
        try layout.apply(wider)
        let mallocs = (mallocCount() ?? before) - before
        #expect(layout.width == 401)
        return mallocs
      }
      guard let (one, nine) = counts else { return }
      #expect(one == 0 && nine == 0, "\(name): \(one) mallocs for one section, \(nine) for nine")
    }
    #endif
  }

  /// Size changes under `keepColumns` (the column walk) allocate nothing but what a section
  /// makes on its first change after a build from scratch: its measures (a section of height
  /// items keeps none until a change needs them), its list of resized items, and its column
  /// state (which a build does not keep). Each lane's samples are rewritten in their own buffer:
  /// lanes of 70 elements (8 samples, whose levels shared one buffer until round forty-eight,
  /// so that the walk's first rewrite of each lane copied it: 0, 1, 0, 1, … for the later
  /// changes) and of 75 (9 samples, two levels).
  @Test func aKeepColumnsSizeChangeAllocatesOnlyTheColumnStateOnce() throws {
    #if DEBUG
    return
    #else
    // The first change in the process also makes the runtime's own one-time allocations (type
    // metadata, caches): a layout changed first takes them, uncounted.
    for (round, perLane) in [70, 70, 75].enumerated() {
      let heights = (0..<(4 * perLane)).map { Double(20 + $0 % 7 * 13) }
      let items = heights.map { WaterfallItem.height($0) }
      var layout = try WaterfallLayout(
        width: 400, parameters: WaterfallParameters(columns: 4, keepColumns: true), sections: [WaterfallSection(items: items)])
      // Items near the top, in different lanes, each taller and then back: each change moves the
      // items below it in its column, rewriting that lane's samples. The batches are made
      // before the count.
      let changes: [[WaterfallLayout.Change]] = (0..<4).flatMap { i in
        [[.replaceItems([.height(heights[i] + 7)], at: i, section: 0)], [.replaceItems([items[i]], at: i, section: 0)]]
      }
      var counts: [UInt] = []
      for batch in changes {
        guard let before = mallocCount() else { return }
        try layout.apply(batch)
        counts.append((mallocCount() ?? before) - before)
      }
      let expected: [UInt] = [3, 0, 0, 0, 0, 0, 0, 0]
      #expect(round == 0 ? counts.dropFirst() == expected.dropFirst() : counts == expected,
              "\(perLane) a lane: \(counts) mallocs a change")
    }
    #endif
  }
}
