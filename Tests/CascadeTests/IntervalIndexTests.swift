import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("Interval index")
struct IntervalIndexTests {
  /// Random monotone lanes, then random ranges against a scan, for few lanes (linear merge) and
  /// many (heap merge).
  @Test(arguments: [1, 2, 5, 8, 9, 40] as [Int])
  func queriesMatchAScan(lanes: Int) {
    var rng = SplitMix64(seed: UInt64(lanes))
    var index = IntervalIndex(laneCount: lanes)
    var spans: [(minY: Double, maxY: Double)] = []
    var laneNext = Array(repeating: 0.0, count: lanes)
    for id in 0..<3_000 {
      let lane = rng.int(0...lanes - 1)
      let y = laneNext[lane] + (rng.chance(0.2) ? 0 : rng.double(0...30))
      let h = rng.chance(0.1) ? 0 : rng.double(0...200)
      spans.append((y, y + h))
      laneNext[lane] = y + h
      index.append(id, lane: lane, maxY: y + h)
    }
    #expect(index.count == spans.count)
    #expect(index._violation(bounds: { spans[$0] }) == nil)
    // The same index built in one pass.
    var lanesOf: [Int] = []
    for (l, ids) in index._laneContents.enumerated() { for id in ids { if lanesOf.count <= id { lanesOf += Array(repeating: 0, count: id - lanesOf.count + 1) }; lanesOf[id] = l } }
    var rebuilt = IntervalIndex(laneCount: lanes)
    struct Source: IntervalLaneSource {
      let spans: [(minY: Double, maxY: Double)], lanes: [Int]
      func minY(_ id: Int) -> Double { spans[id].minY }
      func maxY(_ id: Int) -> Double { spans[id].maxY }
      func lane(_ id: Int) -> Int { lanes[id] }
    }
    rebuilt.replaceAll(count: spans.count, from: Source(spans: spans, lanes: lanesOf))
    #expect(rebuilt._laneContents == index._laneContents)
    #expect(rebuilt._violation(bounds: { spans[$0] }) == nil)
    // Truncate at a random id and grow again: samples and lanes stay consistent.
    let cut = rng.int(0...spans.count)
    index.removeAll(from: cut)
    spans.removeSubrange(cut...)
    laneNext = Array(repeating: 0.0, count: lanes)
    for (l, ids) in index._laneContents.enumerated() { if let last = ids.last { laneNext[l] = spans[last].maxY } }
    for id in cut..<(cut + 500) {
      let lane = rng.int(0...lanes - 1)
      let y = laneNext[lane] + rng.double(0...30)
      let h = rng.double(0...200)
      spans.append((y, y + h))
      laneNext[lane] = y + h
      index.append(id, lane: lane, maxY: y + h)
    }
    #expect(index._violation(bounds: { spans[$0] }) == nil)
    for _ in 0..<300 {
      let lower = rng.double(-10...(laneNext.max() ?? 0) + 10)
      let upper = lower + (rng.chance(0.1) ? 0 : rng.double(0...500))
      let after = rng.chance(0.3) ? rng.int(0...spans.count) : -1
      var fast: [Int] = []
      index.forEachOverlapping(lower, upper, after: after, bounds: { spans[$0] }) { fast.append($0); return true }
      let slow = spans.indices.filter { spans[$0].maxY > lower && spans[$0].minY < upper && $0 > after }
      #expect(fast == slow, "lanes \(lanes), range \(lower)..<\(upper) after \(after)")
      // Stopping early stops.
      var first: [Int] = []
      index.forEachOverlapping(lower, upper, after: after, bounds: { spans[$0] }) { first.append($0); return first.count < 2 }
      #expect(first == Array(slow.prefix(2)))
    }
  }

  /// The lane searches' edges against a scan: lane counts around the groups of four the lanes
  /// are searched in (1 to 13, some lanes left empty), zero heights and runs of equal bottoms,
  /// huge coordinates (where neighbouring bottoms differ in their last bits), ranges starting
  /// at, just beside or between bottoms, and runs of answers longer than the scan before the
  /// merge looks at, stopped early by the visitor or not; after truncation and appends. The
  /// seed is in every failure's message.
  @Test(arguments: Array(1...10) as [UInt64])
  func searchEdgesMatchAScan(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let lanes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 13][Int(seed - 1)]
    let origin = [0, 1e9, 3.0e8, 16_777_216, 1e15, -0.1, 8e6, 1e9, 0, 2.5e14][Int(seed - 1)]
    // Every third seed leaves its last lanes empty (all of them but the first, with few lanes).
    let used = seed % 3 == 0 ? Swift.max(1, lanes - 3) : lanes
    var index = IntervalIndex(laneCount: lanes)
    var spans: [(minY: Double, maxY: Double)] = []
    var laneNext = Array(repeating: origin, count: lanes)
    func grow(to count: Int) {
      for id in spans.count..<count {
        let lane = rng.int(0...used - 1)
        // Gaps and heights of a few points, zero (equal bottoms, zero heights), or larger.
        let y = laneNext[lane] + (rng.chance(0.3) ? 0 : rng.double(0...(rng.chance(0.5) ? 4 : 200)))
        let h = rng.chance(0.2) ? 0 : rng.double(0...(rng.chance(0.5) ? 3 : 300))
        spans.append((y, y + h))
        laneNext[lane] = y + h
        index.append(id, lane: lane, maxY: y + h)
      }
    }
    grow(to: 2_000)
    let cut = rng.int(0...spans.count)
    index.removeAll(from: cut)
    spans.removeSubrange(cut...)
    laneNext = Array(repeating: origin, count: lanes)
    for (l, ids) in index._laneContents.enumerated() { if let last = ids.last { laneNext[l] = spans[last].maxY } }
    grow(to: cut + 1_000)
    #expect(index._violation(bounds: { spans[$0] }) == nil, "seed \(seed)")
    let bottoms = spans.map(\.maxY)
    var longRuns = 0
    for _ in 0..<400 {
      // Ranges starting at a bottom, just beside one, or anywhere (before the first, past the last).
      let b = bottoms[rng.int(0...bottoms.count - 1)]
      let lower = [b, b.nextDown, b.nextUp, rng.double((origin - 10)...(laneNext.max()! + 10))][rng.int(0...3)]
      let upper = lower + [0, 1, 40, 2_000, 40_000][rng.int(0...4)]
      let after = rng.chance(0.2) ? rng.int(0...spans.count) : -1
      let slow = spans.indices.filter { spans[$0].maxY > lower && spans[$0].minY < upper && $0 > after }
      if slow.count > lanes * IntervalIndex._runChunk { longRuns += 1 }
      var fast: [Int] = []
      index.forEachOverlapping(lower, upper, after: after, bounds: { spans[$0] }) { fast.append($0); return true }
      #expect(fast == slow, "seed \(seed), lanes \(lanes), range \(lower)..<\(upper) after \(after)")
      // Stopped early: before, at, or past the end of the scan before the merge.
      let stop = rng.int(1...(rng.chance(0.5) ? 40 : 40 * lanes + 40))
      var first: [Int] = []
      index.forEachOverlapping(lower, upper, after: after, bounds: { spans[$0] }) { first.append($0); return first.count < stop }
      #expect(first == Array(slow.prefix(stop)), "seed \(seed), stopped after \(stop), range \(lower)..<\(upper)")
    }
    // The long runs were met, or the runs past the scan went untested.
    #expect(longRuns > 10, "seed \(seed): only \(longRuns) ranges with runs past the scan")
  }

  /// Lanes long enough for long sample arrays (the bottom of every 16th element of a lane, the
  /// searches' first steps): ranges starting at a sample or any bottom, or just beside one, or
  /// anywhere, against a scan; after appends, after a truncation and after appending again,
  /// with the invariant check (samples included) each time. The seed is in every failure's
  /// message.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func longLanesMatchAScan(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let lanes = [1, 3, 4, 6][Int(seed - 1)]
    var index = IntervalIndex(laneCount: lanes)
    var spans: [(minY: Double, maxY: Double)] = []
    var laneNext = Array(repeating: 0.0, count: lanes)
    func grow(by count: Int) {
      for id in spans.count..<(spans.count + count) {
        let lane = rng.int(0...lanes - 1)
        let y = laneNext[lane] + (rng.chance(0.2) ? 0 : rng.double(0...20))
        let h = rng.chance(0.1) ? 0 : rng.double(0...(rng.chance(0.5) ? 5 : 300))
        spans.append((y, y + h))
        laneNext[lane] = y + h
        index.append(id, lane: lane, maxY: y + h)
      }
    }
    for round in 0..<3 {
      grow(by: 12_000)
      #expect(index._violation(bounds: { spans[$0] }) == nil, "seed \(seed), round \(round)")
      let samples = index._lanes.indices.flatMap { index._samples(ofLane: $0) }
      #expect(samples.count >= 100 * lanes, "seed \(seed): only \(samples.count) samples")
      for _ in 0..<60 {
        let b = [samples, spans.map(\.maxY)][rng.int(0...1)].randomElement(using: &rng)!
        let lower = [b, b.nextDown, b.nextUp, rng.double(-10...(laneNext.max()! + 10))][rng.int(0...3)]
        let upper = lower + [0, 1, 50, 3_000][rng.int(0...3)]
        let after = rng.chance(0.2) ? rng.int(0...spans.count) : -1
        var fast: [Int] = []
        index.forEachOverlapping(lower, upper, after: after, bounds: { spans[$0] }) { fast.append($0); return true }
        let slow = spans.indices.filter { spans[$0].maxY > lower && spans[$0].minY < upper && $0 > after }
        #expect(fast == slow, "seed \(seed), round \(round), range \(lower)..<\(upper) after \(after)")
      }
      // Truncate somewhere in the second half, then grow again in the next round.
      let cut = rng.int((spans.count / 2)...spans.count)
      index.removeAll(from: cut)
      spans.removeSubrange(cut...)
      laneNext = Array(repeating: 0.0, count: lanes)
      for (l, ids) in index._laneContents.enumerated() { if let last = ids.last { laneNext[l] = spans[last].maxY } }
      #expect(index._violation(bounds: { spans[$0] }) == nil, "seed \(seed), round \(round), cut at \(cut)")
    }
  }

  /// The two ways a query answers, against a scan: lanes whose answers are dense in the ids they
  /// span (a waterfall's columns, answered by a scan of those ids) and lanes whose answers are
  /// far apart in id (answered by the merge), with cursors and with visitors that stop early.
  /// The seed is in every failure's message.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func denseAndSparseAnswersMatchAScan(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for shape in ["waterfall", "sparse"] {
      let lanes = shape == "waterfall" ? rng.int(2...9) : 2
      var index = IntervalIndex(laneCount: lanes)
      var spans: [(minY: Double, maxY: Double)] = []
      var next = Array(repeating: 0.0, count: lanes)
      for id in 0..<4_000 {
        // A waterfall puts each item in its lowest column; the sparse shape stacks short
        // intervals in lane 0 (even ids) beside tall ones in lane 1 (odd ids), so a short range
        // near the top meets ids of lane 0 around twice its y and one tall id near 0.
        let lane = shape == "waterfall" ? next.indices.min { next[$0] < next[$1] }! : id % 2
        let h = shape == "waterfall" ? rng.double(20...300) : (lane == 0 ? 1 : 1_000)
        let y = next[lane] + (shape == "waterfall" ? 10 : 0)
        spans.append((y, y + h))
        next[lane] = y + h
        index.append(id, lane: lane, maxY: y + h)
      }
      #expect(index._violation(bounds: { spans[$0] }) == nil)
      var dense = 0
      for _ in 0..<400 {
        // A third of the ranges start exactly at some interval's end, which is then not an answer.
        let lower = rng.chance(0.3) ? spans[rng.int(0...spans.count - 1)].maxY
          : rng.double(-10...(shape == "waterfall" ? (next.max() ?? 0) + 10 : 2_100))
        let upper = lower + (rng.chance(0.1) ? 0 : rng.double(0...(shape == "waterfall" ? 900 : 30)))
        let after = rng.chance(0.3) ? rng.int(0...spans.count) : -1
        let stop = rng.chance(0.3) ? rng.int(1...20) : Int.max
        var fast: [Int] = []
        index.forEachOverlapping(lower, upper, after: after, bounds: { spans[$0] }) {
          fast.append($0)
          return fast.count < stop
        }
        let slow = spans.indices.filter { spans[$0].maxY > lower && spans[$0].minY < upper && $0 > after }
        #expect(fast == Array(slow.prefix(stop)), "seed \(seed), \(shape), range \(lower)..<\(upper) after \(after), stop \(stop)")
        if let first = slow.first, let last = slow.last, slow.count > 1, last - first + 1 <= 2 * slow.count + 8 { dense += 1 }
      }
      // The waterfall's ranges are mostly dense, the sparse shape's never: both ways were taken.
      if shape == "waterfall" { #expect(dense > 200, "seed \(seed): only \(dense) dense ranges") }
      else { #expect(dense < 100, "seed \(seed): \(dense) dense ranges in the sparse shape") }
    }
  }

  /// Runs of ids appended at once (`_append(_:from:)`, what an incremental placement calls for
  /// each run of its loop) make, after every run and every truncation, the very index that
  /// appending each id on its own makes: the ids' buffer, each lane's region and capacity, its
  /// three levels of samples and the waste, to the bit; runs of 1 to 300 ids, so that lanes fill
  /// and grow inside a run, move to the buffer's end and get compacted. The seed is in every
  /// failure's message.
  @Test(arguments: [(1, 1), (2, 2), (4, 3), (4, 4), (9, 5), (40, 6)] as [(Int, UInt64)])
  func runsAppendTheIndexThatOneByOneAppendsMake(lanes: Int, seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var runs = IntervalIndex(laneCount: lanes), single = IntervalIndex(laneCount: lanes)
    var spans: [(minY: Double, maxY: Double)] = [], laneOf: [Int] = []
    var laneNext = Array(repeating: 0.0, count: lanes)
    struct Source: IntervalLaneSource {
      let spans: [(minY: Double, maxY: Double)], lanes: [Int]
      func minY(_ id: Int) -> Double { spans[id].minY }
      func maxY(_ id: Int) -> Double { spans[id].maxY }
      func lane(_ id: Int) -> Int { lanes[id] }
    }
    var peak = 0, moved = false
    for round in 0..<200 {
      if round > 0 && rng.chance(0.15) {
        let cut = rng.int(0...spans.count)
        runs.removeAll(from: cut)
        single.removeAll(from: cut)
        spans.removeSubrange(cut...)
        laneOf.removeSubrange(cut...)
        laneNext = Array(repeating: 0.0, count: lanes)
        for (id, lane) in laneOf.enumerated() { laneNext[lane] = spans[id].maxY }
      }
      let first = spans.count
      // Mostly one lane after another, as a waterfall's columns take turns; sometimes one lane
      // many times over, so that it fills inside the run.
      let favourite = rng.int(0...lanes - 1), lopsided = rng.chance(0.3)
      for _ in 0..<rng.int(1...300) {
        let lane = lopsided && rng.chance(0.8) ? favourite : rng.int(0...lanes - 1)
        let y = laneNext[lane] + rng.double(0...30), h = rng.chance(0.1) ? 0 : rng.double(0...200)
        spans.append((y, y + h))
        laneOf.append(lane)
        laneNext[lane] = y + h
      }
      let run = first..<spans.count
      runs._append(run, from: Source(spans: spans, lanes: laneOf))
      for id in run { single.append(id, lane: laneOf[id], maxY: spans[id].maxY) }
      #expect(runs._lanes == single._lanes, "seed \(seed), round \(round): lanes")
      #expect(runs._ids == single._ids, "seed \(seed), round \(round): ids")
      #expect(runs._waste == single._waste, "seed \(seed), round \(round): waste")
      #expect(runs._violation(bounds: { spans[$0] }) == nil, "seed \(seed), round \(round)")
      peak = Swift.max(peak, spans.count)
      moved = moved || single._waste > 0
    }
    // The runs reached lengths where lanes fill, and lanes moved to the buffer's end to grow.
    #expect(peak > 2_000, "seed \(seed): at most \(peak) ids")
    #expect(moved || lanes == 1, "seed \(seed): no lane moved to grow")
  }

  @Test func truncationThenAppendingAgain() {
    var index = IntervalIndex(laneCount: 2)
    let spans: [(minY: Double, maxY: Double)] = [(0, 10), (0, 5), (10, 20), (6, 8)]
    for id in 0..<4 { index.append(id, lane: id % 2, maxY: spans[id].maxY) }
    index.removeAll(from: 2)
    #expect(index._laneContents == [[0], [1]])
    index.append(2, lane: 1, maxY: spans[2].maxY)
    var found: [Int] = []
    index.forEachOverlapping(4, 11, bounds: { spans[$0] }) { found.append($0); return true }
    #expect(found == [0, 1, 2])
  }

  /// The three levels of samples (every 8th bottom after the first, then every 8th of those, and
  /// every 8th of those), written out for a lane whose element i ends at i: their exact contents
  /// after appends, a truncation in the middle of every level and a column-walk style rewrite, and the first sample above every bound
  /// (`_firstSample(above:in:_:)`, the top level's binary search then a counted line per level)
  /// against a scan of the samples, with bottoms that repeat across the levels' boundaries.
  @Test func threeLevelsOfSamplesNarrowLikeAScanOfTheSamples() {
    var index = IntervalIndex(laneCount: 1)
    for id in 0..<5_000 { index.append(id, lane: 0, maxY: Double(id)) }
    // Sample k is the bottom of position 8(k + 1): positions 8, 16, …, 4,992.
    #expect(index._samples(ofLane: 0) == stride(from: 8.0, to: 5_000, by: 8).map { $0 })
    #expect(index._lanes[0].coarse == stride(from: 8.0, to: 5_000, by: 64).map { $0 })
    #expect(index._lanes[0].coarsest == [8, 520, 1_032, 1_544, 2_056, 2_568, 3_080, 3_592, 4_104, 4_616])
    // Cut after position 1,032, the third top-level entry's, then before it.
    index.removeAll(from: 1_033)
    #expect(index._samples(ofLane: 0).count == 129 && index._lanes[0].coarse.count == 17)
    #expect(index._lanes[0].coarsest == [8, 520, 1_032])
    index.removeAll(from: 1_032)
    #expect(index._samples(ofLane: 0).count == 128 && index._lanes[0].coarse.count == 16)
    #expect(index._lanes[0].coarsest == [8, 520])
    // A lane whose bottoms repeat in long runs (ties at the bounds searched for), grown past
    // several top-level entries.
    let bottoms = (0..<9_000).map { Double($0 / 700) }
    index = IntervalIndex(laneCount: 1)
    for (id, b) in bottoms.enumerated() { index.append(id, lane: 0, maxY: b) }
    #expect(index._violation(bounds: { (bottoms[$0], bottoms[$0]) }) == nil)
    func check(_ index: IntervalIndex, _ lane: Int = 0) {
      let samples = index._samples(ofLane: lane)
      for b in stride(from: -1.0, through: 14, by: 0.5) {
        for lower in [b, b.nextDown, b.nextUp] {
          let scan = samples.firstIndex { $0 > lower } ?? samples.count
          #expect(index._firstSample(above: lower, lane: lane) == scan, "lower \(lower)")
        }
      }
    }
    check(index)
    // One sample rewritten as the column walk does, one by one and through the samples then a
    // sync of the levels above: both keep every level equal to the bottoms.
    var moved = bottoms
    for p in 4_096..<9_000 { moved[p] += 1 }
    for p in stride(from: 4_096, to: 6_000, by: 1) {
      Self.withLane(&index, 0) { lane, samples in lane._setBottom(moved[p], at: p, in: samples) }
    }
    Self.withLane(&index, 0) { lane, samples in
      for p in stride(from: 6_000, to: 9_000, by: 8) { samples[p / 8 - 1] = moved[p] }
      lane._syncLevels(samples: (6_000 / 8 - 1)..<(9_000 / 8), of: UnsafeBufferPointer(samples))
    }
    #expect(index._violation(bounds: { (moved[$0], moved[$0]) }) == nil)
    check(index)
    // An empty lane, a lane of one element and one of nine: a lane of at most 8 has no
    // samples (the search reads its first eight positions), the ninth element has the first.
    var small = IntervalIndex(laneCount: 2)
    small.append(0, lane: 1, maxY: 3)
    #expect(small._samples(ofLane: 1).isEmpty && small._samples.isEmpty)
    #expect(small._firstSample(above: 0, lane: 0) == 0)
    #expect(small._firstSample(above: 2, lane: 1) == 0)
    #expect(small._firstSample(above: 3, lane: 1) == 0)
    for id in 1...8 { small.append(id, lane: 1, maxY: 3 + Double(id)) }
    #expect(small._samples(ofLane: 1) == [11])
    #expect(small._firstSample(above: 10, lane: 1) == 0)
    #expect(small._firstSample(above: 11, lane: 1) == 1)
  }

  /// Calls `body` with lane `l` of `index` and its samples open for writing, the lane and the
  /// samples taken out of the index as the column walk takes them.
  static func withLane(
    _ index: inout IntervalIndex, _ l: Int,
    _ body: (inout IntervalIndex._Lane, UnsafeMutableBufferPointer<Double>) -> Void
  ) {
    var samples: [Double] = []
    swap(&samples, &index._samples)
    defer { swap(&samples, &index._samples) }
    samples.withUnsafeMutableBufferPointer { all in
      let own = IntervalIndex._laneSamples(index._lanes[l], in: all)
      body(&index._lanes[l], own)
    }
  }

  /// A lane of at most 8 elements has no samples and no storage for them, a level of at most
  /// 8 entries has no level above it (a lane of up to 72 elements allocates one array, one of
  /// up to 520 two), and a relayout in place writes every level in the buffer it has. Lanes of
  /// every size around the levels' edges (8 and 9 samples at 72 and 73 elements, 8 and 9
  /// coarse samples at 520 and 521): after a fresh fill, each change (a bottom rewritten as the
  /// column walk does, an append, a truncation, a reset and a fill in place, a fill of other
  /// counts) leaves every level exact, every search of the levels right, and a copy taken
  /// before it unchanged: no write reaches another index through a buffer they share.
  @Test(arguments: [0, 1, 5, 8, 9, 16, 17, 40, 72, 73, 520, 521, 600] as [Int])
  func levelsStayExactAndApart(perLane: Int) {
    struct Source: IntervalLaneSource {
      let bottoms: [Double], lanes: Int
      func minY(_ id: Int) -> Double { bottoms[id] }
      func maxY(_ id: Int) -> Double { bottoms[id] }
      func lane(_ id: Int) -> Int { id % lanes }
    }
    func same(_ a: [Double], _ b: [Double]) -> Bool {
      a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
    /// Every 8th entry of `level`, when it has more than 8.
    func above(_ level: [Double]) -> [Double] {
      level.count > 8 ? stride(from: 0, to: level.count, by: 8).map { level[$0] } : []
    }
    /// Every lane's three levels from its ids' bottoms, the whole index's invariants, and the
    /// levels' search for a bound at, between and beyond every sample against a scan.
    func expectExact(_ index: IntervalIndex, _ bottoms: [Double], _ step: String) {
      #expect(index._violation(bounds: { (bottoms[$0], bottoms[$0]) }) == nil, "\(perLane) a lane, \(step)")
      for (l, ids) in index._laneContents.enumerated() {
        let samples = stride(from: 8, to: ids.count, by: 8).map { bottoms[ids[$0]] }
        let coarse = above(samples)
        let lane = index._lanes[l]
        #expect(index._samples(ofLane: l) == samples && lane.coarse == coarse, "\(perLane) a lane, \(step), lane \(l)")
        #expect(lane.coarsest == above(coarse), "\(perLane) a lane, \(step)")
        let bounds: [Double] = samples.flatMap { [$0 - 0.5, $0, $0 + 0.5] } + [-1]
        let wrong = bounds.first(where: { lower in
          index._firstSample(above: lower, lane: l) != (samples.firstIndex { $0 > lower } ?? samples.count)
        })
        #expect(wrong == nil, "\(perLane) a lane, \(step), lane \(l): the first sample above \(wrong ?? 0)")
      }
    }
    let lanes = 4, n = perLane * lanes
    var bottoms = (0..<n).map { Double($0 / lanes) * 10 + 5 }
    var index = IntervalIndex(laneCount: lanes)
    index.replaceAll(count: n, from: Source(bottoms: bottoms, lanes: lanes))
    expectExact(index, bottoms, "a fresh fill")
    // The storage rule: every lane's samples in one buffer, and none while no lane has more
    // than 8 elements; no array for a level with no entries, and none shared.
    #expect(index._samples.isEmpty == (perLane <= 8) && (!index._samples.isEmpty || index._samples.capacity == 0))
    #expect(index._samples.isEmpty || index._samples.count == (n + 7) / 8)
    for (l, lane) in index._lanes.enumerated() where lane.count > 0 {
      let samples = index._samples(ofLane: l)
      #expect(lane.coarse.isEmpty == (samples.count <= 8) && (!lane.coarse.isEmpty || lane.coarse.capacity == 0))
      #expect(lane.coarsest.isEmpty == (lane.coarse.count <= 8) && (!lane.coarsest.isEmpty || lane.coarsest.capacity == 0))
      #expect(!same(index._samples, lane.coarse) && !same(lane.coarse, lane.coarsest) || lane.coarse.isEmpty)
    }
    guard n > 0 else { return }
    // A bottom rewritten as the column walk does (through the samples, then the levels synced):
    // lane 0's at position 8, sample 0's, 3 points higher (still between its neighbours').
    var copy = index, copied = bottoms
    if perLane > 8 {
      let id = 8 * lanes
      bottoms[id] -= 3
      Self.withLane(&index, 0) { lane, samples in
        samples[0] = bottoms[id]
        lane._syncLevels(positions: 8..<9, of: UnsafeBufferPointer(samples))
      }
    }
    expectExact(index, bottoms, "a rewritten bottom")
    expectExact(copy, copied, "the copy, after a rewritten bottom")
    // An append to every lane, then a truncation.
    copy = index
    copied = bottoms
    for id in n..<(n + lanes) {
      bottoms.append(Double(id / lanes) * 10 + 5)
      index.append(id, lane: id % lanes, maxY: bottoms[id])
    }
    expectExact(index, bottoms, "an append")
    expectExact(copy, copied, "the copy, after an append")
    copy = index
    copied = bottoms
    index.removeAll(from: n / 2)
    bottoms.removeSubrange((n / 2)...)
    expectExact(index, bottoms, "a truncation")
    expectExact(copy, copied, "the copy, after a truncation")
    // A reset and a fill in place, of as many ids with new bottoms, then of other counts.
    for count in [bottoms.count, bottoms.count, 1, n + 9 * lanes, 0] {
      copy = index
      copied = bottoms
      bottoms = (0..<count).map { Double($0 / lanes) * 7 + 3 }
      index.reset(laneCount: lanes)
      index.replaceAll(count: count, from: Source(bottoms: bottoms, lanes: lanes))
      expectExact(index, bottoms, "a fill of \(count) in place")
      expectExact(copy, copied, "the copy, after a fill of \(count)")
    }
  }

  @Test func theInvariantCheckCatchesABrokenLane() {
    var index = IntervalIndex(laneCount: 1)
    index.append(0, lane: 0, maxY: 20)
    index.append(1, lane: 0, maxY: 30)
    let spans: [(minY: Double, maxY: Double)] = [(10, 20), (5, 30)]
    #expect(index._violation(bounds: { spans[$0] }) != nil)
  }
}
