// The interval index against callers that lie: sources whose lanes change between the two passes
// of `replaceAll` or fall outside the lanes, bounds that answer anything, ids past the 32-bit
// limit. The index must report or trap, never write or read out of bounds. Also its one-buffer
// storage through growth, moves, compaction and truncation.
import Testing
@testable import Cascade

/// A lane source that answers from a script: `lanes[pass][id]`, one script per call of `lane(_:)`
/// over all ids, so that the second pass of `replaceAll` can differ from the first.
final class ScriptedSource: IntervalLaneSource, @unchecked Sendable {
  let scripts: [[Int]]
  let spans: [(minY: Double, maxY: Double)]
  var calls = 0
  init(_ scripts: [[Int]], spans: [(minY: Double, maxY: Double)]) {
    self.scripts = scripts
    self.spans = spans
  }
  func lane(_ id: Int) -> Int {
    defer { calls += 1 }
    let pass = Swift.min(calls / Swift.max(1, spans.count), scripts.count - 1)
    return scripts[pass][id]
  }
  func minY(_ id: Int) -> Double { spans[id].minY }
  func maxY(_ id: Int) -> Double { spans[id].maxY }
}

/// Bounds that answer at random: NaN, infinities, anything, differently every time.
final class ChaoticBounds: IntervalBounds, @unchecked Sendable {
  var rng: SplitMix64
  init(seed: UInt64) { rng = SplitMix64(seed: seed) }
  func value() -> Double {
    switch rng.int(0...5) {
    case 0: return .nan
    case 1: return rng.chance(0.5) ? .infinity : -.infinity
    default: return rng.double(-1000...1000)
    }
  }
  func minY(_ id: Int) -> Double { value() }
  func maxY(_ id: Int) -> Double { value() }
}

@Suite("Interval index safety")
struct IntervalIndexSafetyTests {
  static let spans: [(minY: Double, maxY: Double)] = (0..<40).map { (Double($0), Double($0) + 5) }

  func filledIndex() -> IntervalIndex {
    var index = IntervalIndex(laneCount: 3)
    for id in 0..<10 { index.append(id, lane: id % 3, maxY: Self.spans[id].maxY) }
    return index
  }

  @Test func aSourceThatMovesAnIdToAnotherLaneOnTheSecondPassIsReported() {
    let first = (0..<40).map { $0 % 3 }
    var second = first
    second[7] = (second[7] + 1) % 3  // one lane overruns, another underruns
    var index = filledIndex()
    let before = index._laneContents
    let accepted = index._replaceAll(count: 40, from: ScriptedSource([first, second], spans: Self.spans))
    #expect(!accepted)
    #expect(index._laneContents == before, "a rejected replaceAll changed the index")
    #expect(index._violation(bounds: { Self.spans[$0] }) == nil)
  }

  /// `_append` asks a source for the lane of an id due a sample twice: when it writes the id, and
  /// when it takes the stretch's samples. A source that answers a lane outside the index the
  /// second time costs those samples, and nothing is read or written out of bounds (removing the
  /// check traps in a debug build): every id is where the first answer put it, and the samples
  /// are what the index held before (-1, from appends of the same ids with that bottom).
  @Test func aSourceThatMovesADueIdOutOfTheLanesOnItsSecondAnswerIsPassedOver() {
    final class Fickle: IntervalLaneSource, @unchecked Sendable {
      var answers: [Int: Int] = [:]
      func lane(_ id: Int) -> Int {
        answers[id, default: 0] += 1
        return answers[id]! == 1 ? id % 3 : (id % 2 == 0 ? 7 : -1)
      }
      func minY(_ id: Int) -> Double { Double(id) }
      func maxY(_ id: Int) -> Double { Double(id) + 5 }
    }
    // Room for every id first, so that none goes through `append(_:lane:maxY:)`, which traps on
    // a bad lane.
    var index = IntervalIndex(laneCount: 3), honest = IntervalIndex(laneCount: 3)
    for id in 0..<300 { index.append(id, lane: id % 3, maxY: -1) }
    index.removeAll(from: 0)
    index._append(0..<200, from: Fickle())
    for id in 0..<200 { honest.append(id, lane: id % 3, maxY: Double(id) + 5) }
    #expect(index._laneContents == honest._laneContents)
    #expect(
      index._lanes.indices.allSatisfy { l in index._samples(ofLane: l).allSatisfy { $0 == -1 } },
      "a sample taken from a lane outside the index")
    #expect(honest._lanes.indices.allSatisfy { l in honest._samples(ofLane: l).allSatisfy { $0 >= 5 } })
    #expect(index._lanes.indices.allSatisfy { !index._samples(ofLane: $0).isEmpty })
  }

  /// The same source, where the index has no buffer of samples yet: the first sample due (lane
  /// 0's ninth id) is passed over, and the index keeps none, so its lane of more than 8 ids
  /// has no samples. Growing that lane afterwards, which moves its ids to the end of the
  /// buffer, moves no samples, and reads and writes nothing outside the buffers (a move of its
  /// samples traps in a debug build without the check).
  @Test func aLaneWhoseFirstSampleASourceTookBackGrowsSafely() {
    final class Fickle: IntervalLaneSource, @unchecked Sendable {
      var answers: [Int: Int] = [:]
      func lane(_ id: Int) -> Int {
        answers[id, default: 0] += 1
        return answers[id]! == 1 ? 0 : -1
      }
      func minY(_ id: Int) -> Double { Double(id) }
      func maxY(_ id: Int) -> Double { Double(id) + 5 }
    }
    struct Halves: IntervalLaneSource {
      func lane(_ id: Int) -> Int { id % 2 }
      func minY(_ id: Int) -> Double { Double(id) }
      func maxY(_ id: Int) -> Double { Double(id) + 5 }
    }
    var index = IntervalIndex(laneCount: 2)
    index.replaceAll(count: 10, from: Halves())  // five ids a lane, each lane full
    index.append(10, lane: 0, maxY: 15)  // lane 0 moves to the end with room for 10
    index._append(11..<14, from: Fickle())  // positions 6 to 8 of lane 0; 8 is due a sample
    #expect(index._samples.isEmpty && index._laneContents[0].count == 9)
    index.append(16, lane: 1, maxY: 21)  // lane 1 full: it moves to the end, after lane 0
    // Lane 0 full again at 15: the buffer is compacted, and lane 0 moves to the end, with its
    // samples if it had any.
    for id in [14, 15] { index.append(id, lane: 0, maxY: Double(id) + 5) }
    #expect(index._laneContents == [[0, 2, 4, 6, 8, 10, 11, 12, 13, 14, 15], [1, 3, 5, 7, 9, 16]])
    // Still no buffer: the queries read lane 0 as a lane without samples, clamped to nothing.
    #expect(index._samples.isEmpty && index._samples(ofLane: 0).isEmpty)
    var answers: [Int] = []
    index.forEachOverlapping(13.5, 19, bounds: { (Double($0), Double($0) + 5) }) { answers.append($0); return true }
    #expect(answers.allSatisfy { $0 < 18 })
  }

  @Test func aSourceThatPutsEveryIdInOneLaneOnTheSecondPassIsReported() {
    // The first pass sizes three slots; the second would write all 40 ids into lane 0's.
    var index = filledIndex()
    let before = index._laneContents
    let source = ScriptedSource([(0..<40).map { $0 % 3 }, Array(repeating: 0, count: 40)], spans: Self.spans)
    let accepted = index._replaceAll(count: 40, from: source)
    #expect(!accepted)
    #expect(index._laneContents == before)
  }

  @Test func lanesOutsideTheIndexAreReportedOnEitherPass() {
    var index = filledIndex()
    let before = index._laneContents
    let good = (0..<40).map { $0 % 3 }
    for bad in [-1, 3, Int.max, Int.min] {
      var script = good
      script[20] = bad
      let first = index._replaceAll(count: 40, from: ScriptedSource([script], spans: Self.spans))
      #expect(!first, "lane \(bad) on the first pass")
      let second = index._replaceAll(count: 40, from: ScriptedSource([good, script], spans: Self.spans))
      #expect(!second, "lane \(bad) on the second pass")
    }
    #expect(index._laneContents == before)
  }

  /// `_replaceAll` of `count` ids, id i in lane `i % laneCount`, against sources whose second
  /// pass moves one id of `ids` to a lane `moves(lane)` gives (another lane, or one outside):
  /// each is reported before a write lands outside its lane's slot, and the index is left as it
  /// was; then the honest source is accepted.
  func expectEveryMoveReported(lanes laneCount: Int, count: Int, ids: [Int], _ moves: (Int) -> [Int]) {
    #expect(IntervalIndex._fillStretch == 256, "the ids were chosen at the ends of stretches of 256")
    let spans = (0..<count).map { (minY: Double($0), maxY: Double($0) + 5) }
    let good = (0..<count).map { $0 % laneCount }
    var index = IntervalIndex(laneCount: laneCount)
    for id in 0..<30 { index.append(id, lane: id % laneCount, maxY: spans[id].maxY) }
    let before = index._laneContents
    for id in ids {
      for bad in moves(good[id]) where bad != good[id] {
        var script = good
        script[id] = bad
        let accepted = index._replaceAll(count: count, from: ScriptedSource([good, script], spans: spans))
        #expect(!accepted, "\(laneCount) lanes: lane \(bad) for id \(id) on the second pass")
        #expect(index._laneContents == before)
      }
    }
    let honest = index._replaceAll(count: count, from: ScriptedSource([good], spans: spans))
    #expect(honest)
    #expect(index._laneContents == (0..<laneCount).map { l in (0..<count).filter { $0 % laneCount == l } })
    #expect(index._violation(bounds: { spans[$0] }) == nil)
  }

  /// The filling pass places ids a stretch at a time (`_fillStretch`), then writes them: a
  /// source that goes wrong on its second pass in any stretch, at either end of one, is reported.
  @Test(arguments: [0, 255, 256, 1_023, 1_024, 2_047, 2_500, 2_999])
  func aSourceThatGoesWrongInAnyStretchOfTheFillIsReported(at id: Int) {
    expectEveryMoveReported(lanes: 3, count: 3_000, ids: [id]) { [($0 + 1) % 3, 3] }
  }

  /// Up to 16 lanes, the fill checks each lane's count once a stretch; from 17 on, at each id.
  /// Either way, one id too many in a lane is reported, whether that lane is the next one or
  /// the last (whose extra id would be written past the buffer's end).
  @Test(arguments: [2, 15, 16, 17, 40])
  func anOverrunIsReportedWhateverTheLaneCount(lanes laneCount: Int) {
    expectEveryMoveReported(lanes: laneCount, count: 1_000, ids: [0, 255, 256, 300, 511, 999]) {
      [($0 + 1) % laneCount, laneCount - 1]
    }
  }

  @Test func countsOutsideTheIdRangeAreReported() {
    var index = filledIndex()
    let source = ScriptedSource([Array(repeating: 0, count: 40)], spans: Self.spans)
    let negative = index._replaceAll(count: -1, from: source)
    let tooMany = index._replaceAll(count: IntervalIndex.maximumID + 2, from: source)
    #expect(!negative && !tooMany)
    #expect(index.count == 10)
  }

  @Test func anHonestSourceReplacesTheIndex() {
    var index = filledIndex()
    let lanes = (0..<40).map { $0 % 3 }
    let accepted = index._replaceAll(count: 40, from: ScriptedSource([lanes], spans: Self.spans))
    #expect(accepted)
    #expect(index._laneContents == (0..<3).map { l in (0..<40).filter { $0 % 3 == l } })
    #expect(index._violation(bounds: { Self.spans[$0] }) == nil)
    // And it keeps growing from the exact-size storage replaceAll leaves.
    for id in 40..<60 { index.append(id, lane: id % 3, maxY: Double(id) + 5) }
    #expect(index._violation(bounds: { (Double($0), Double($0) + 5) }) == nil)
    #expect(index.count == 60)
  }

  /// Lane counts given by the caller (what a layout's placement counts) are checked like the
  /// counting pass's own: counts that are negative, too many or too few lanes of them, counts
  /// that do not add up to `count` (or would overflow on the way), and a source that puts more
  /// or fewer ids in a lane than its count are all reported, and leave the index as it was.
  @Test func wrongLaneCountsAreReported() {
    let lanes = (0..<40).map { $0 % 3 }  // 14, 13 and 13 ids
    var index = filledIndex()
    let before = index._laneContents
    let wrong: [[Int]] = [
      [14, 13, 12], [14, 13, 14], [15, 13, 13], [15, 13, 12], [13, 14, 13],  // too few, too many, misplaced
      [14, 13], [14, 13, 13, 0], [],  // not one count per lane
      [-1, 28, 13], [Int.max, Int.max, 2], [40, Int.min, Int.max],  // negative, overflowing
    ]
    for counts in wrong {
      let accepted = counts.withUnsafeBufferPointer {
        index._replaceAll(count: 40, from: ScriptedSource([lanes], spans: Self.spans), laneCounts: $0)
      }
      #expect(!accepted, "lane counts \(counts) were accepted")
      #expect(index._laneContents == before, "lane counts \(counts) changed the index")
    }
    let right = [14, 13, 13].withUnsafeBufferPointer {
      index._replaceAll(count: 40, from: ScriptedSource([lanes], spans: Self.spans), laneCounts: $0)
    }
    #expect(right)
    #expect(index._laneContents == (0..<3).map { l in (0..<40).filter { $0 % 3 == l } })
    #expect(index._violation(bounds: { Self.spans[$0] }) == nil)
  }

  /// An index emptied for a relayout of as many ids keeps its buffer, and `replaceAll` with lane
  /// counts fills it in place: the same lanes and samples as a fresh fill, and a trap, not a
  /// half-written index, when the counts or the source are wrong.
  @Test func replaceAllWithLaneCountsFillsItsOwnBuffer() async {
    let lanes = (0..<40).map { $0 % 3 }
    var fresh = IntervalIndex(laneCount: 3)
    [14, 13, 13].withUnsafeBufferPointer {
      fresh.replaceAll(count: 40, from: ScriptedSource([lanes], spans: Self.spans), laneCounts: $0)
    }
    var reused = IntervalIndex(laneCount: 3)
    reused.replaceAll(count: 40, from: ScriptedSource([Array(repeating: 1, count: 40)], spans: Self.spans))
    reused.reset(laneCount: 3)
    #expect(reused._ids.count == 40)
    [14, 13, 13].withUnsafeBufferPointer {
      reused.replaceAll(count: 40, from: ScriptedSource([lanes], spans: Self.spans), laneCounts: $0)
    }
    #expect(reused._ids == fresh._ids && reused._lanes == fresh._lanes)
    #expect(reused._violation(bounds: { Self.spans[$0] }) == nil)
    // Lane 0 gets 14 ids where its count says 15, so lane 2's last id has no room.
    await #expect(processExitsWith: .failure) {
      let spans: [(minY: Double, maxY: Double)] = (0..<40).map { (Double($0), Double($0) + 5) }
      var index = IntervalIndex(laneCount: 3)
      index.replaceAll(count: 40, from: ScriptedSource([(0..<40).map { $0 % 3 }], spans: spans))
      index.reset(laneCount: 3)
      [15, 13, 12].withUnsafeBufferPointer {
        index.replaceAll(count: 40, from: ScriptedSource([(0..<40).map { $0 % 3 }], spans: spans), laneCounts: $0)
      }
    }
  }

  /// The public entry point traps on what `_replaceAll` reports, rather than writing out of
  /// bounds in a release build.
  @Test func replaceAllTrapsOnALyingSource() async {
    await #expect(processExitsWith: .failure) {
      var index = IntervalIndex(laneCount: 2)
      let spans: [(minY: Double, maxY: Double)] = (0..<8).map { (Double($0), Double($0) + 1) }
      index.replaceAll(count: 8, from: ScriptedSource([[0, 1, 0, 1, 0, 1, 0, 1], Array(repeating: 1, count: 8)], spans: spans))
    }
  }

  @Test func appendTrapsOnAnIdPastThe32BitLimit() async {
    await #expect(processExitsWith: .failure) {
      var index = IntervalIndex(laneCount: 1)
      index.append(IntervalIndex.maximumID + 1, lane: 0, maxY: 1)
    }
    await #expect(processExitsWith: .failure) {
      var index = IntervalIndex(laneCount: 1)
      index.append(-1, lane: 0, maxY: 1)
    }
  }

  /// Bounds that answer anything steer the searches anywhere, but every id reported is one the
  /// index holds, in increasing order, once, and no query reads outside the lanes.
  @Test(arguments: [1, 3, 8, 9, 40] as [Int])
  func chaoticBoundsGiveOnlyIdsTheIndexHolds(lanes: Int) {
    var rng = SplitMix64(seed: UInt64(lanes))
    var index = IntervalIndex(laneCount: lanes)
    for id in 0..<2_000 { index.append(id, lane: rng.int(0...lanes - 1), maxY: rng.double(-100...100)) }
    let bounds = ChaoticBounds(seed: 99)
    for _ in 0..<300 {
      let lower = bounds.value(), upper = bounds.value()
      let after = rng.chance(0.3) ? rng.int(-5...2_100) : -1
      var found: [Int] = []
      index.forEachOverlapping(lower, upper, after: after, in: bounds) { found.append($0); return true }
      #expect(found.allSatisfy { (0..<2_000).contains($0) && $0 > after })
      #expect(zip(found, found.dropFirst()).allSatisfy { $0 < $1 }, "ids out of order or repeated")
    }
  }

  /// Many lanes growing unevenly, truncated and grown again: the lanes move inside the one buffer
  /// and get compacted, and stay what a plain array per lane would hold.
  @Test(arguments: [2, 5, 33] as [Int])
  func storageThroughGrowthMovesCompactionAndTruncation(lanes: Int) {
    var rng = SplitMix64(seed: UInt64(100 + lanes))
    var index = IntervalIndex(laneCount: lanes)
    var model: [[Int]] = Array(repeating: [], count: lanes)
    var laneOf: [Int] = []
    var next = 0
    for round in 0..<30 {
      for _ in 0..<rng.int(0...400) {
        // Skewed: a few lanes get most ids, so some outgrow their neighbours and move.
        let lane = rng.chance(0.6) ? rng.int(0...Swift.min(1, lanes - 1)) : rng.int(0...lanes - 1)
        index.append(next, lane: lane, maxY: Double(next))
        model[lane].append(next)
        laneOf.append(lane)
        next += 1
      }
      if rng.chance(0.4) {
        let cut = rng.int(0...next)
        index.removeAll(from: cut)
        model = model.map { $0.filter { $0 < cut } }
        laneOf.removeSubrange(cut...)
        next = cut
      }
      #expect(index._laneContents == model, "round \(round)")
      #expect(index._violation(bounds: { (Double($0), Double($0)) }) == nil, "round \(round)")
      #expect(index.count == next)
      // Queries read the moved lanes correctly.
      let lower = rng.double(-1...Double(next)), upper = lower + rng.double(0...50)
      var found: [Int] = []
      index.forEachOverlapping(lower, upper, bounds: { (Double($0), Double($0)) }) { found.append($0); return true }
      #expect(found == (0..<next).filter { Double($0) > lower && Double($0) < upper }, "round \(round)")
    }
    _ = laneOf
  }
}
