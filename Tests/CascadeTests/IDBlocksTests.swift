// The id blocks (`_IDBlocks`): their trees against the bounds after every change, and the range
// a query gets against a scan of every id, seeded, the seed printed on failure.
import Testing
@testable import Cascade
import CascadeTestSupport

extension _IDBlocks {
  /// Writes the leaves (level 0) of the blocks that hold `ids`, each from the bounds of its ids
  /// below `count` (`bounds` must answer for all of them: the ids of those blocks outside `ids`
  /// laid out already), as the placement loop's fold writes them as it places items. The
  /// storage must have room (`_reserve(blocks:keeping:)`). O(`ids.count` + 16).
  mutating func _writeLeaves<Bounds: IntervalBounds>(_ ids: Range<Int>, count last: Int, _ bounds: Bounds) {
    if ids.isEmpty { return }
    let first = ids.lowerBound &>> Self.idShift, end = Self._blocks(ids.upperBound)
    precondition(ids.upperBound <= last, "id blocks written past the ids laid out")
    precondition(
      first >= 0 && end <= _capacity && _levels.count >= 2 * _capacity,
      "id blocks written past their capacity")
    _levels.withUnsafeMutableBufferPointer { levels in
      let (tops, bottoms) = Self._trees(levels)
      for b in first..<end {
        var id = b &<< Self.idShift
        let stop = Swift.min(id &+ Self.blockSize, last)
        var top = bounds.minY(id), bottom = bounds.maxY(id)
        id &+= 1
        while id < stop {
          let t = bounds.minY(id), u = bounds.maxY(id)
          top = t < top ? t : top
          bottom = u > bottom ? u : bottom
          id &+= 1
        }
        tops[b] = top
        bottoms[b] = bottom
      }
    }
  }
}

@Suite("Id blocks")
struct IDBlocksTests {
  static let shift = _IDBlocks.idShift
  var shift: Int { Self.shift }
  struct Spans: IntervalBounds {
    var spans: [(minY: Double, maxY: Double)]
    func minY(_ id: Int) -> Double { spans[id].minY }
    func maxY(_ id: Int) -> Double { spans[id].maxY }
  }

  /// The exact range a query must get, by a scan of every id: from the first block holding an
  /// id ending below `lower` to the last block holding one starting above `upper`, clamped to
  /// the count; empty when there is no such pair.
  static func expectedRange(_ spans: [(minY: Double, maxY: Double)], _ lower: Double, _ upper: Double) -> Range<Int> {
    guard let first = spans.firstIndex(where: { $0.maxY > lower }),
      let last = spans.lastIndex(where: { $0.minY < upper }), first >> shift <= last >> shift
    else { return 0..<0 }
    return ((first >> shift) << shift)..<Swift.min(spans.count, ((last >> shift) << shift) + (1 << shift))
  }

  static func candidates(_ blocks: _IDBlocks, _ lower: Double, _ upper: Double) -> Range<Int>? {
    blocks._levels.withUnsafeBufferPointer { levels in
      let (tops, bottoms) = _IDBlocks._trees(levels)
      return _IDBlocks._candidates(tops, bottoms, count: blocks._count, capacity: blocks._capacity, lower, upper)
    }
  }

  /// The range from the envelope, `nil` where its guesses do not hold.
  static func guessed(_ blocks: _IDBlocks, _ lower: Double, _ upper: Double) -> Range<Int>? {
    blocks._envelope.withUnsafeBufferPointer { envelope in
      _IDBlocks._guessedCandidates(
        envelope, count: blocks._count, capacity: blocks._capacity, scale: blocks._scale, lower, upper)
    }
  }

  /// Spans in no order at all (tops and bottoms anywhere, some of zero height; seeds 1 to 6):
  /// the blocks make no assumption about lanes. Or spans down the page as a waterfall's
  /// (seeds 7 to 9), with jumps, so that some of the envelope's guesses inside a group miss
  /// their window. Grown by appends of random lengths, cut back, changed in the middle
  /// (rewritten exactly, or widened as the column walk does), and rebuilt from scratch; after
  /// every step the trees and the envelope (kept from 1, 9 or 40 blocks) match the spans
  /// exactly, the query range is the scan's, or, once a leaf was widened (until the next
  /// rebuild), the leaves hold the spans and the range holds the scan's, and the envelope's
  /// range, where its guesses hold, is the descents'.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9] as [UInt64])
  func treesAndRangesMatchAScan(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let ordered = seed > 6
    let envelopeFrom = [1, 9, 40][Int(seed % 3)]
    var spans: [(minY: Double, maxY: Double)] = []
    var blocks = _IDBlocks()
    var widened = false
    var guesses = (held: 0, missed: 0)
    /// Down the page: 3 a step, 3,000 more after one id in 200.
    var pageY: [Double] = [0]
    func span(_ id: Int) -> (minY: Double, maxY: Double) {
      if !ordered {
        let y = rng.double(0...10_000)
        return (y, y + (rng.chance(0.1) ? 0 : rng.double(0...400)))
      }
      while pageY.count <= id { pageY.append(pageY.last! + 3 + (rng.chance(0.005) ? 3_000 : 0)) }
      let y = pageY[id] + rng.double(0...40)
      return (y, y + (rng.chance(0.1) ? 0 : rng.double(0...60)))
    }
    /// Writes ids `from ..< spans.count` after `spans` changed from `from` on, as the placement
    /// does: `from` is the old count (an append) or block-aligned (a relayout from a checkpoint).
    func placed(from: Int) {
      let bounds = Spans(spans: spans)
      let moved = blocks._reserve(
        blocks: _IDBlocks._blocks(spans.count), keeping: from >> shift, envelopeFrom: envelopeFrom)
      var i = from
      while i < spans.count {  // in runs, as the placement writes them
        let end = Swift.min(spans.count, i + rng.int(1...70))
        blocks._writeLeaves(i..<end, count: end, bounds)
        i = end
      }
      blocks._syncLevels(count: spans.count, (moved ? 0 : from >> shift)..<_IDBlocks._blocks(spans.count))
    }
    for step in 0..<300 {
      switch rng.int(0...3) {
      case 0:  // append
        let from = spans.count
        for _ in 0..<rng.int(1...(rng.chance(0.2) ? 3_000 : 40)) { spans.append(span(spans.count)) }
        placed(from: from)
      case 1:  // cut back, then place again from there: a relayout, from a checkpoint (block-aligned)
        let from = rng.int(0...spans.count) & ~(rng.chance(0.5) ? 63 : _IDBlocks.blockSize - 1)
        spans.removeSubrange(from...)
        for _ in 0..<rng.int(0...50) { spans.append(span(spans.count)) }
        placed(from: from)
      case 2 where !spans.isEmpty:  // a few ids changed in the middle, the count kept
        let low = rng.int(0...(spans.count - 1)), high = Swift.min(spans.count, low + rng.int(1...200))
        let widening = rng.chance(0.5)
        for id in low..<high where rng.chance(0.5) {
          spans[id] = span(id)
          if widening {  // the leaves taken out and put back, as the walk does
            var levels = blocks._levels
            blocks._levels = []
            levels.withUnsafeMutableBufferPointer { levels in
              let (tops, bottoms) = _IDBlocks._trees(levels)
              _IDBlocks._widen(tops, bottoms, id, spans[id].minY, spans[id].maxY)
            }
            blocks._levels = levels
          }
        }
        if widening {
          widened = true
        } else {
          blocks._writeLeaves(low..<high, count: spans.count, Spans(spans: spans))
        }
        blocks._syncLevels(count: spans.count, (low >> shift)..<(((high - 1) >> shift) + 1))
      default:  // from scratch, keeping the storage or not
        blocks.reset(keepingCapacity: rng.chance(0.5))
        placed(from: 0)
        widened = false
      }
      if let violation = blocks._violation(count: spans.count, in: Spans(spans: spans), exact: !widened) {
        Issue.record("seed \(seed), step \(step): \(violation)")
        return
      }
      for _ in 0..<20 {
        let bottom = ordered ? (pageY.last ?? 0) + 200 : 10_500
        let a = rng.double(-100...bottom), b = a + rng.double(0...800)
        let got = Self.candidates(blocks, a, b)
        let expected = Self.expectedRange(spans, a, b)
        if let guess = Self.guessed(blocks, a, b) {
          guesses.held += 1
          if guess != got {
            Issue.record("seed \(seed), step \(step), (\(a), \(b)): the envelope's \(guess) != the descents' \(String(describing: got))")
            return
          }
        } else if !blocks._envelope.isEmpty {
          guesses.missed += 1
        }
        if spans.isEmpty {
          #expect(got == nil, "seed \(seed), step \(step): blocks over no ids gave \(String(describing: got))")
        } else if widened, let got, expected.isEmpty
          || (got.lowerBound <= expected.lowerBound && got.upperBound >= expected.upperBound) {
          continue  // a widened leaf may give more ids, never fewer
        } else if got != expected {
          Issue.record("seed \(seed), step \(step), (\(a), \(b)): \(String(describing: got)) != scan \(expected)")
          return
        }
      }
    }
    // Waterfall-like spans take the envelope nearly always where it is kept; spans anywhere,
    // seldom.
    if ordered { #expect(guesses.held > 5 * guesses.missed, "seed \(seed): \(guesses)") }
  }

  /// By hand: 40 ids in three blocks (two levels only from nine blocks, so one level here). A
  /// query between the blocks' bounds gets the blocks it must, and one that meets nothing gets
  /// an empty range.
  @Test func smallGolden() {
    // 40 ids at y = 10·id, 10 high: block 0 holds ids 0-15 (y 0...160), block 1 ids 16-31
    // (160...320), block 2 ids 32-39 (320...400).
    #expect(_IDBlocks.blockSize == 16)
    let spans = (0..<40).map { (minY: Double($0) * 10, maxY: Double($0) * 10 + 10) }
    var blocks = _IDBlocks()
    _ = blocks._reserve(blocks: 3, keeping: 0)
    blocks._writeLeaves(0..<40, count: 40, Spans(spans: spans))
    blocks._syncLevels(count: 40, 0..<3)
    // The smallest tops, then the largest bottoms, in one array.
    #expect(blocks._levels == [0, 160, 320, 160, 320, 400])
    #expect(Self.candidates(blocks, 155, 165) == 0..<32)  // id 15 ends at 160 > 155; id 16 starts at 160 < 165
    #expect(Self.candidates(blocks, 160, 165) == 16..<32)  // id 15 ends at 160: not below 160
    #expect(Self.candidates(blocks, 325, 1_000) == 32..<40)
    #expect(Self.candidates(blocks, 400, 500) == 0..<0)
    #expect(Self.candidates(blocks, -50, 0) == 0..<0)  // id 0 starts at 0: not above 0
  }

  /// By hand: the envelope of 40 ids in three blocks, id 3 reaching down to 530, kept from one
  /// block. The running largest bottom is 530 from block 0 on; the running smallest top is each
  /// block's own top. One group: its guide entries are the last block's largest bottom and the
  /// first block's smallest top.
  @Test func envelopeGolden() {
    var spans = (0..<40).map { (minY: Double($0) * 10, maxY: Double($0) * 10 + 10) }
    spans[3].maxY = 530
    var blocks = _IDBlocks()
    _ = blocks._reserve(blocks: 3, keeping: 0, envelopeFrom: 1)
    blocks._writeLeaves(0..<40, count: 40, Spans(spans: spans))
    blocks._syncLevels(count: 40, 0..<3)
    #expect(blocks._levels == [0, 160, 320, 530, 320, 400])
    // Largest bottoms, smallest tops, then the guides: 2 × 3 + 2 × 1 entries.
    #expect(blocks._envelope == [530, 530, 530, 0, 160, 320, 530, 0])
    #expect(blocks._scale == 3.0 / 530)
    for (lower, upper, expected) in [(155.0, 165.0, 0..<32), (400, 500, 0..<40), (530, 600, 0..<0), (-50, 0, 0..<0)] {
      #expect(Self.guessed(blocks, lower, upper) == expected, "(\(lower), \(upper))")
      #expect(Self.candidates(blocks, lower, upper) == expected, "(\(lower), \(upper))")
    }
    // Without the tall id, the rows from 160 on are past block 0's bottom.
    spans[3].maxY = 40
    blocks._writeLeaves(0..<16, count: 40, Spans(spans: spans))
    blocks._syncLevels(count: 40, 0..<1)
    #expect(blocks._envelope == [160, 320, 400, 0, 160, 320, 400, 0])
    #expect(Self.guessed(blocks, 165, 170) == 16..<32)
    #expect(blocks._violation(count: 40, in: Spans(spans: spans)) == nil)
  }

  /// Every child of every node, the last (partial) node of each level included: blocks of
  /// sixteen ids at y = 10·block, 10 high, for every count of blocks from 9 (two levels) to 600
  /// (four, each level's last node of 1 to 8 entries), and each block asked for on its own. A
  /// descent that read past a partial node's last entry (into the next level, or into the room
  /// the capacity leaves), or read a child at the wrong place, gives another block.
  @Test func everyChildOfEveryNodeIsFound() {
    var failures = 0
    for blockCount in 9...600 {
      let count = blockCount * 16 - (blockCount % 3) * 5  // the last block partial two times in three
      let spans = (0..<count).map { (id: Int) -> (minY: Double, maxY: Double) in
        let y = Double(id >> 4) * 10
        return (y, y + 10)
      }
      var blocks = _IDBlocks()
      _ = blocks._reserve(blocks: blockCount + blockCount % 7, keeping: 0)  // some room to spare
      blocks._writeLeaves(0..<count, count: count, Spans(spans: spans))
      blocks._syncLevels(count: count, 0..<blockCount)
      for b in 0..<blockCount {
        let expected = (b * 16)..<Swift.min(count, b * 16 + 16)
        let got = Self.candidates(blocks, Double(b) * 10 + 2, Double(b) * 10 + 8)
        if got != expected && failures < 10 {
          failures += 1
          Issue.record("\(blockCount) blocks, block \(b): \(String(describing: got)), not \(expected)")
        }
      }
    }
  }

  /// Storage that is not what the capacity says is refused (`nil`), not read past its end.
  @Test func malformedStorageIsRefused() {
    var blocks = _IDBlocks()
    let spans = (0..<200).map { (minY: Double($0), maxY: Double($0) + 1) }
    _ = blocks._reserve(blocks: 13, keeping: 0)
    blocks._writeLeaves(0..<200, count: 200, Spans(spans: spans))
    blocks._syncLevels(count: 200, 0..<13)
    #expect(Self.candidates(blocks, 10, 20) == 0..<32)
    var short = blocks
    short._levels.removeLast(6)  // each tree three entries short
    #expect(Self.candidates(short, 10, 20) == nil)
    var wider = blocks
    wider._count = 400
    #expect(Self.candidates(wider, 10, 20) == nil)
    // The envelope likewise: refused when short of what the capacity says, or past it.
    var kept = _IDBlocks()
    _ = kept._reserve(blocks: 13, keeping: 0, envelopeFrom: 1)
    kept._writeLeaves(0..<200, count: 200, Spans(spans: spans))
    kept._syncLevels(count: 200, 0..<13)
    #expect(Self.guessed(kept, 10, 20) == 0..<32)
    var shortEnvelope = kept
    shortEnvelope._envelope.removeLast(1)
    #expect(Self.guessed(shortEnvelope, 10, 20) == nil)
    var widerEnvelope = kept
    widerEnvelope._count = 400
    #expect(Self.guessed(widerEnvelope, 10, 20) == nil)
    #expect(Self.guessed(kept, .nan, 20) == nil && Self.guessed(kept, 10, .infinity) == nil)
  }

  /// A section large enough to keep the envelope (``_IDBlocks/largeSectionBlocks`` blocks of
  /// storage), built, appended to, changed in the middle (placed again, or walked with
  /// `keepColumns`), cut back and resized across column counts: after each step the invariants
  /// hold (the envelope's entries among them, to the bit), the envelope's range, where its
  /// guesses hold, is the descents' (and they hold for nearly every rect), and the rect queries
  /// answer as a scan of every frame.
  @Test(arguments: [false, true])
  func aLargeSectionsEnvelopeGivesTheDescentsRange(keepColumns: Bool) throws {
    var rng = SplitMix64(seed: keepColumns ? 21 : 22)
    var parameters = WaterfallParameters(columns: 4)
    parameters.keepColumns = keepColumns
    let count = _IDBlocks.largeSectionBlocks * _IDBlocks.blockSize + 4_000
    func item() -> WaterfallItem {
      .height(rng.double(20...300), span: rng.chance(0.02) ? .full : rng.chance(0.03) ? .columns(2) : .columns(1))
    }
    var layout = try WaterfallLayout(
      width: 1_000, parameters: parameters, sections: [.init(items: (0..<count).map { _ in item() })])
    #expect(!layout._sections[0].blocks._envelope.isEmpty)
    func check(_ step: String) {
      if let violation = layout._violation() {
        Issue.record("\(step): \(violation)")
        return
      }
      let blocks = layout._sections[0].blocks
      var held = 0
      for _ in 0..<300 {
        let rect = rng.rect(in: layout.contentSize)
        let descents = Self.candidates(blocks, rect.minY, rect.maxY)
        if let guess = Self.guessed(blocks, rect.minY, rect.maxY) {
          held += 1
          if guess != descents {
            Issue.record("\(step), \(rect): the envelope's \(guess) != the descents' \(String(describing: descents))")
            return
          }
        }
        // What the layout's query takes: the same range, up to the scan's limit.
        let taken = layout._sections.withUnsafeBufferPointer { sections in
          _SectionedLayout<_Section>._candidates(sections, 0, count: sections[0].records.count, rect.minY, rect.maxY)
        }
        if taken != descents.flatMap({ $0.count <= _IDBlocks.scanLimit ? $0 : nil }) {
          Issue.record("\(step), \(rect): the query takes \(String(describing: taken)), not \(String(describing: descents))")
          return
        }
      }
      #expect(held > 270, "\(step): the guesses held for \(held) rects of 300")
      let all = allElements(layout)
      for _ in 0..<12 {
        let rect = rng.rect(in: layout.contentSize)
        let fast = layout.elements(in: rect), slow = bruteForceQuery(all, rect)
        if fast != slow {
          Issue.record("\(step), \(rect): \(fast.count) answers != scan \(slow.count)")
          return
        }
      }
    }
    check("built")
    try layout.apply([.appendItems((0..<1_500).map { _ in item() }, section: 0)])
    check("appended")
    let middle = count / 2
    try layout.apply([.replaceItems((0..<3).map { _ in item() }, at: middle, section: 0)])
    check("changed in the middle")
    try layout.apply([.deleteItems(middle..<(middle + 700), section: 0), .insertItems([item()], at: 10, section: 0)])
    check("deleted and inserted")
    try layout.apply([.deleteItems((count - 30_000)..<(count - 700), section: 0)])
    check("cut back")
    try layout.apply([.setWidth(1_500)])
    check("wider")
  }

  /// A waterfall's rect queries take the blocks' range when it is narrow and the interval index
  /// when it is not (here, below an early item taller than the rest of the column together:
  /// every range reaches back to its block). Both answer as a scan of every frame, in every
  /// order, with spans and zero heights, and with the layout changed in between.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func bothQueryPathsMatchAScan(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for order in [WaterfallOrder.shortestFirst, .leftToRight, .rightToLeft] {
      var parameters = WaterfallParameters(columns: 4)
      parameters.order = order
      let items: [WaterfallItem] = (0..<3_000).map { i in
        if i == 5 { return .height(200_000) }
        let span: WaterfallItem.Span = rng.chance(0.05) ? .full : rng.chance(0.05) ? .columns(2) : .columns(1)
        return .height(rng.chance(0.05) ? 0 : rng.double(20...300), span: span)
      }
      var layout = try WaterfallLayout(width: 800, parameters: parameters, sections: [.init(items: items)])
      var paths = (narrow: 0, wide: 0)
      for round in 0..<3 {  // the layout changed between rounds
        let all = allElements(layout)
        for _ in 0..<200 {
          let rect = rng.rect(in: layout.contentSize)
          let search = layout._sections.withUnsafeBufferPointer { sections in
            _SectionedLayout<_Section>._candidates(sections, 0, count: sections[0].records.count, rect.minY, rect.maxY)
          }
          if search == nil { paths.wide += 1 } else { paths.narrow += 1 }
          let fast = layout.elements(in: rect), slow = bruteForceQuery(all, rect)
          if fast != slow {
            Issue.record("seed \(seed), \(order), round \(round), \(rect): \(fast.map(\.path)) != scan \(slow.map(\.path))")
            return
          }
        }
        // A change before the next round: new heights from a random item on.
        let from = rng.int(6...2_999)
        let count = Swift.min(3_000, from + 50) - from
        try layout.apply([
          .replaceItems((0..<count).map { _ in .height(rng.double(20...300)) }, at: from, section: 0),
          .appendItems([.height(rng.double(20...300))], section: 0),
        ])
      }
      #expect(paths.narrow > 50 && paths.wide > 50, "seed \(seed), \(order): \(paths) queries took each path")
    }
  }

  /// A section whose id blocks do not fit their storage or its records (a storage six entries
  /// short, a tree's size past the storage, a count one short of the records') gives a query
  /// no range of ids (`_SectionedLayout._candidates` reads nothing outside the storage and is
  /// `nil`), and the layout's queries answer through the interval index, as a scan of every
  /// frame does. The layout itself takes the blocks' range for every one of those rects. The
  /// trees are broken without the envelope, as a small section keeps them in a release build;
  /// where the section keeps one (every section with `CASCADE_INTERNAL_CHECKS`), a short
  /// envelope gives no guess, and the query takes the descents' range.
  @Test func malformedBlocksSendTheLayoutsQueriesToTheIndex() throws {
    let items: [WaterfallItem] = (0..<3_000).map { .height(Double(50 + ($0 * 37) % 250)) }
    let layout = try WaterfallLayout(width: 1_000, parameters: WaterfallParameters(columns: 4), sections: [.init(items: items)])
    let all = allElements(layout)
    let rects = (0..<20).map { Rect(x: 0, y: Double($0) * 5_000, width: 1_000, height: 844) }
    func range(_ layout: WaterfallLayout, _ rect: Rect) -> Range<Int>? {
      layout._sections.withUnsafeBufferPointer { sections in
        _SectionedLayout<_Section>._candidates(sections, 0, count: sections[0].records.count, rect.minY, rect.maxY)
      }
    }
    for rect in rects { #expect(range(layout, rect) != nil, "\(rect)") }
    if !layout._sections[0].blocks._envelope.isEmpty {
      var shortEnvelope = layout
      shortEnvelope._storage.sections[0].blocks._envelope.removeLast()
      for rect in rects {
        let blocks = shortEnvelope._sections[0].blocks
        #expect(Self.guessed(blocks, rect.minY, rect.maxY) == nil, "\(rect)")
        #expect(range(shortEnvelope, rect) == range(layout, rect), "\(rect)")
        #expect(shortEnvelope.elements(in: rect) == bruteForceQuery(all, rect), "\(rect)")
      }
    }
    for corruption in 0..<3 {
      var broken = layout
      broken._storage.sections[0].blocks._envelope = []
      broken._storage.sections[0].blocks._scale = 0
      switch corruption {
      case 0: broken._storage.sections[0].blocks._levels.removeLast(6)
      case 1: broken._storage.sections[0].blocks._treeEntries += 1
      default: broken._storage.sections[0].blocks._count -= 1
      }
      for rect in rects {
        #expect(range(broken, rect) == nil, "corruption \(corruption), \(rect)")
        #expect(broken.elements(in: rect) == bruteForceQuery(all, rect), "corruption \(corruption), \(rect)")
      }
    }
  }

  /// A page after an item past every item of the section (up to `Int.max`, which a cursor may
  /// name) holds nothing of the section's items and says nothing more follows; one after an item
  /// inside the band continues after it. Found by `FuzzLayoutBatches`: the blocks' path added one
  /// to `Int.max` and started from the band's first id.
  @Test func aPageAfterTheLastPossibleItemIsEmpty() throws {
    let layout = try WaterfallLayout(
      width: 400, parameters: WaterfallParameters(columns: 2), sections: [.init(items: (0..<40).map { _ in 50 })])
    let rect = Rect(x: 0, y: 100, width: 400, height: 120)
    let all = layout.elements(in: rect)
    #expect(all.count == 6)  // rows at y 120, 180: items 4-7, plus the row at 60 ending at 110: items 2, 3
    for item in [40, 1_000, Int.max - 1, Int.max] {
      var page: [LayoutAttributes] = []
      let more = layout.page(in: rect, after: ElementPath(kind: .item, section: 0, item: item), limit: 0, into: &page)
      #expect(!more && page.isEmpty, "after item \(item): \(more), \(page.map(\.path))")
    }
    var page: [LayoutAttributes] = []
    let more = layout.page(in: rect, after: all[2].path, limit: 2, into: &page)
    #expect(page == Array(all[3..<5]) && more)
  }
}
