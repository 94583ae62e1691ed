// The interval index: element ids split into lanes, each lane monotone on the scroll axis.
//
// Map:
//   IntervalBounds           where a query reads an id's interval (public: a layout's own frames)
//   IntervalIndex            lanes of ids; append / truncate / query (public), replaceAll (package)
//   forEachOverlapping       per-lane searches, four lanes side by side: a binary search of the
//                            top level of samples, then eight entries counted in each level
//                            below and in the lane itself; each lane's run
//                            of answers found, then a scan of the ids when the answers are dense
//                            in them (`_scanDense`), else a merge by id (linear for few lanes, a
//                            heap for many)
//   IntervalLaneSource, _IntervalVisitor, _ClosureInterval*   plumbing for the layouts and tests
//
// Storage: every lane's ids in one buffer, each lane in a region of its own with room to grow;
// a full lane doubles its room in place when it ends the buffer, or moves to the end, and the
// gaps moves leave are compacted once they are half the buffer. One buffer rather than an array
// per lane, so that a query opens it once and reads every lane through pointers that stay valid
// for the whole query.
//
// Unsafe code, and why it is safe whatever a caller's `IntervalBounds` or `IntervalLaneSource`
// answers: every pointer is made inside a `withUnsafe…` closure, and every value that holds one
// (a merge cursor, a layout's bounds or visitor) lives and dies inside it. Positions in a lane
// are computed from the lane's own count, never from a caller's answer: the answers steer the
// searches, and a wrong answer gives a wrong answer, never an access out of bounds.
// `replaceAll` writes a buffer from the source's answers and checks every write against the
// first pass's counts.

/// Where an ``IntervalIndex`` query reads the interval of an element id: the layout's own frames.
///
/// A concrete type rather than a closure, so that a query specializes on it and the bound reads
/// inline into the binary searches.
///
///     struct Rows: IntervalBounds {
///       let tops: [Double], heights: [Double]
///       func minY(_ id: Int) -> Double { tops[id] }
///       func maxY(_ id: Int) -> Double { tops[id] + heights[id] }
///     }
public protocol IntervalBounds {
  /// The top of element `id`'s interval.
  ///
  /// - Complexity: should be O(1): a query calls it O(L + k) times (up to 32 a lane past the
  ///   answers a visitor takes before it stops).
  func minY(_ id: Int) -> Double
  /// The bottom of element `id`'s interval: the `maxY` it was appended with.
  ///
  /// - Complexity: should be O(1): a query calls it up to seven times a lane, O(L) (the levels
  ///   of samples take the searches' other steps).
  func maxY(_ id: Int) -> Double
}

/// Interval bounds that also know each element's lane: what
/// ``IntervalIndex/replaceAll(count:from:)`` builds an index from.
package protocol IntervalLaneSource: IntervalBounds {
  /// The lane element `id` belongs in, in `0 ..< laneCount`.
  func lane(_ id: Int) -> Int
}

/// Interval bounds given by a closure returning `(minY, maxY)`: what the closure form of
/// ``IntervalIndex/forEachOverlapping(_:_:after:bounds:_:)`` wraps its closure in.
@usableFromInline
internal struct _ClosureIntervalBounds: IntervalBounds {
  @usableFromInline let bounds: (Int) -> (minY: Double, maxY: Double)
  @inlinable init(_ bounds: @escaping (Int) -> (minY: Double, maxY: Double)) { self.bounds = bounds }
  @inlinable func minY(_ id: Int) -> Double { bounds(id).minY }
  @inlinable func maxY(_ id: Int) -> Double { bounds(id).maxY }
}

/// What an ``IntervalIndex`` query hands each id to, as a concrete type so that the whole query
/// specializes and inlines: no closure call per answer. The layouts' visitors conform.
@usableFromInline
internal protocol _IntervalVisitor {
  /// Takes the next id, in increasing order; returns `false` to stop the query.
  mutating func visit(_ id: Int) -> Bool
}

/// An interval visitor that calls a closure.
@usableFromInline
internal struct _ClosureIntervalVisitor: _IntervalVisitor {
  @usableFromInline let body: (Int) -> Bool
  @inlinable init(_ body: @escaping (Int) -> Bool) { self.body = body }
  @inlinable func visit(_ id: Int) -> Bool { body(id) }
}

/// An index over the scroll axis that answers "which elements overlap `[lower, upper)`?" in
/// O(L·log n + k·m) for n elements, k answers and L lanes (m merge steps per answer: O(L) up to
/// eight lanes, O(log L) beyond), answers in element-id order. This is what a layout of its
/// own uses to answer rect queries in O(log n + k).
///
/// Elements are identified by an id (their index in the layout's own storage, which is also spec
/// order, from 0 to ``maximumID``) and live in one *lane* each. Inside a lane, ids increase and
/// both ends of the intervals never decrease: that is the lane invariant. A waterfall column is
/// such a lane (items are stacked downward in index order), and so is a list; a layout puts each
/// element in the lane of its first column. The index stores only the ids, four bytes per
/// element; the interval of an id is read back from the layout's own frames through the
/// ``IntervalBounds`` of the query, so nothing is stored twice but samples of the bottoms:
/// every 8th after the first, every 64th and every 512th, about 1.14 bytes an element.
///
/// Why lanes: in a lane, "the first element whose bottom is below `lower`" and "the first
/// element whose top is at or below `upper`" are two binary searches, and everything between
/// them overlaps. A balanced interval tree or an implicit interval tree over intervals sorted by
/// start give O(log n + k) too, but answer in start order, so spec order costs a sort of the
/// answers; they also store each interval again. Fixed-height buckets are O(1) to look up but
/// their cost depends on item heights. See `Docs/Architecture.md`.
///
/// Bounds that break the lane invariant, or that answer differently from the `maxY` an id was
/// appended with, give wrong answers, never a memory error: every position the index reads is
/// computed from its own storage.
///
///     var index = IntervalIndex(laneCount: 2)
///     index.append(0, lane: 0, maxY: 100)   // element 0 is [0, 100)
///     index.append(1, lane: 1, maxY: 50)    // element 1 is [0, 50)
///     index.append(2, lane: 1, maxY: 90)    // element 2 is [60, 90)
///     let spans: [(Double, Double)] = [(0, 100), (0, 50), (60, 90)]
///     index.forEachOverlapping(55, 70, bounds: { spans[$0] }) { print($0); return true }
///     // 0, 2
public struct IntervalIndex: Sendable {
  /// Every lane's ids in one buffer: lane `l`'s are `_ids[_lanes[l].start ..< + count]`, with
  /// room up to `capacity`. One buffer rather than an array per lane, so that a query opens it
  /// once and reads any lane through pointers valid for the whole query.
  @usableFromInline
  internal var _ids: [Int32] = []
  /// Every lane's samples in one buffer. A lane's samples are the bottom (`maxY`) of every 8th
  /// element (every `1 << _sampleShift`th) after its first: sample k is the bottom of position
  /// 8(k + 1) (``_sample(at:)``), exactly ``_sampleCount(_:)`` of them, none for a lane of at
  /// most 8 elements. A small, dense array in which the searches' last steps run, so that a
  /// query on a large lane touches the ids and the layout's records only in the eight positions
  /// a sample leaves; a byte per element.
  ///
  /// The buffer is at an eighth of the scale of `_ids`: lane `l`'s sample k is
  /// `_samples[base + k]`, its base ``_sampleBase(_:)`` the eighth of its region's start
  /// rounded up, with room for ``_sampleCount(_:)`` of its capacity. Disjoint regions of `_ids`
  /// have disjoint regions here (a region's room ends at or before the eighth of its end,
  /// rounded up), so the buffer needs no bookkeeping of its own: it has ``_sampleSlots(_:)`` of
  /// `_ids.count` entries, or none while no lane has a sample (a section of at most 8 items a
  /// lane allocates nothing for it). A lane's samples move with its ids (``_grow(_:)``,
  /// ``_compact()``); entries past a lane's sample count are left over and never read.
  ///
  /// One buffer rather than an array a lane: a feed's sections of a few hundred items each
  /// allocated one for each lane of more than 8 items, about 3.5 of a section's 10.8
  /// allocations (PerformanceRounds.md, round fifty).
  @usableFromInline
  internal var _samples: [Double] = []
  /// Each lane's region of `_ids` and its levels of samples. The regions are disjoint and
  /// inside `_ids`.
  @usableFromInline
  internal var _lanes: [_Lane]
  /// Slots of `_ids` in no lane's region: left behind when a full lane moves to the end of the
  /// buffer to grow. Compacted away once they are half the buffer.
  @usableFromInline
  internal var _waste = 0

  /// A lane: its region of `_ids` (and so of `_samples`), and the two levels above its samples.
  @usableFromInline
  internal struct _Lane: Sendable, Equatable {
    @usableFromInline var start: Int
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int
    /// Every 8th sample, from sample 0 (the bottom of positions 8, 72, 136, …), exactly
    /// `(samples + 7) / 8` of them when the lane has more than 8 samples, and none otherwise:
    /// the level above the samples, which narrows a search to the eight samples of one cache
    /// line. (See ``_levelsAbove(_:_:)`` for a lane of at most 8 samples.)
    @usableFromInline var coarse: [Double] = []
    /// Every 8th coarse sample, exactly `(coarse.count + 7) / 8` of them when there are more
    /// than 8 coarse samples, and none otherwise: the top level, small enough (4 KB a lane at
    /// 1M elements in four lanes) that the binary search that starts every query stays in
    /// cache.
    @usableFromInline var coarsest: [Double] = []
    /// A lane of `count` ids in `start ..< start + capacity`, with no levels above its samples.
    @inlinable init(start: Int, count: Int, capacity: Int) {
      self.start = start
      self.count = count
      self.capacity = capacity
    }

    /// Builds `coarse` and `coarsest` from the lane's `samples`, each level written in the
    /// buffer it has when that has the room. O(samples / 8).
    ///
    /// A level of at most 8 entries has no level above it, since a search reads all of it in
    /// one step from its first entry (``_levelsAbove(_:_:)``): a lane of at most 72 elements
    /// (up to 8 samples) allocates nothing for its levels, and one of at most 520 (up to 64
    /// samples) one array. In a layout of many sections each lane's arrays were most of what a
    /// section allocated, at about 450 instructions an array on this platform with the
    /// allocator's.
    @inlinable
    mutating func _buildLevels(_ samples: UnsafeBufferPointer<Double>) {
      /// `above` = every 8th entry of `level` (none for a level of at most 8), written through
      /// pointers into the buffer `above` has (``_setCount(_:filler:)``), not appended one by
      /// one.
      func everyEighth(_ level: UnsafeBufferPointer<Double>, into above: inout [Double]) {
        let n = Self._entriesAbove(level.count)
        above._setCount(n, filler: 0)
        if n == 0 { return }
        above.withUnsafeMutableBufferPointer { above in
          for j in 0..<n { above[j] = level[j &<< 3] }
        }
      }
      // Most lanes of a feed's sections have at most 8 samples, and no level above them to
      // write or empty: returned before the calls, which cost about 70 instructions a lane even
      // then.
      if samples.count <= 8 && coarse.isEmpty && coarsest.isEmpty { return }
      everyEighth(samples, into: &coarse)
      coarse.withUnsafeBufferPointer { everyEighth($0, into: &coarsest) }
    }

    /// How many entries the level above a level of `count` entries has: every 8th, from the
    /// first, when there are more than 8, and none otherwise (a search reads a level of at most
    /// 8 whole, ``_levelsAbove(_:_:)``). The rule that ``_buildLevels(_:)`` and the truncation
    /// follow, and that appends keep (``_grow(count:first:last:_:)``). O(1).
    @inlinable @inline(__always)
    static func _entriesAbove(_ count: Int) -> Int {
      count > 8 ? (count &+ 7) &>> 3 : 0
    }

    /// The two levels above a lane's `samples` as a search reads them: `coarse` and `coarsest`,
    /// or, in place of a level that is not there (the level below it has at most 8 entries),
    /// the first sample alone, which is the first entry of every level. A search of that one
    /// entry leaves the level below to be read whole in one step, as a level of one entry did
    /// when it was stored. Read while `lane` is borrowed. O(1).
    @inlinable @inline(__always)
    static func _levelsAbove(
      _ lane: borrowing _Lane, _ samples: UnsafeBufferPointer<Double>
    ) -> (coarse: UnsafeBufferPointer<Double>, coarsest: UnsafeBufferPointer<Double>) {
      let first = UnsafeBufferPointer(start: samples.baseAddress, count: Swift.min(samples.count, 1))
      let coarse = lane.coarse._unsafeElements, coarsest = lane.coarsest._unsafeElements
      return (coarse.count > 0 ? coarse : first, coarsest.count > 0 ? coarsest : first)
    }

    /// After a level gained an entry at its end (it now has `count`, the first of them `first`
    /// and the new one `last`), gives `above` the entries the levels' rule asks for: both of its
    /// first two (entries 0 and 8) when the level passes 8 entries, then one for each 8th
    /// entry. Returns whether `above` gained an entry. O(1) amortized.
    @inlinable @inline(__always)
    static func _grow(count: Int, first: Double, last: Double, _ above: inout [Double]) -> Bool {
      let k = count &- 1
      guard k >= 8, k & 7 == 0 else { return false }
      if k == 8 { above.append(first) }
      above.append(last)
      return true
    }

    /// Writes the lane's new sample k, `maxY`, the last of its `samples` (from
    /// ``IntervalIndex/_laneSamples(_:in:)``, the lane's count already past it), and adds it to
    /// the levels above that sample it. A sample outside `samples`, which a correct lane never
    /// has, is left alone. O(1) amortized.
    @inlinable @inline(__always)
    mutating func _appendSample(_ maxY: Double, _ k: Int, in samples: UnsafeMutableBufferPointer<Double>) {
      guard k < samples.count else { return }
      samples[k] = maxY
      let first = samples[0]
      if Self._grow(count: k &+ 1, first: first, last: maxY, &coarse) {
        _ = Self._grow(count: coarse.count, first: first, last: maxY, &coarsest)
      }
    }

    /// Sets the bottom of the element at `position` in its sample (`samples` the lane's, from
    /// ``IntervalIndex/_laneSamples(_:in:)``) and every level above that samples it (a level
    /// shorter than the position, which a correct lane never has, is left alone). O(1).
    @inlinable
    mutating func _setBottom(_ maxY: Double, at position: Int, in samples: UnsafeMutableBufferPointer<Double>) {
      guard let k = IntervalIndex._sample(at: position), k < samples.count else { return }
      samples[k] = maxY
      _syncLevels(samples: k..<(k + 1), of: UnsafeBufferPointer(samples))
    }

    /// Copies the samples of the elements at `positions` into the levels above: what a writer
    /// of samples through a pointer (the column walk's hot loop) calls after it. `samples` is
    /// the lane's. O(positions / 8).
    @inlinable
    mutating func _syncLevels(positions: Range<Int>, of samples: UnsafeBufferPointer<Double>) {
      // Sample k is position 8(k + 1)'s: the range may take a sample more at each end, which
      // copies an entry that is already in step.
      let shift = IntervalIndex._sampleShift
      let low = Swift.max(0, (positions.lowerBound &>> shift) &- 1)
      let high = Swift.max(low, (positions.upperBound &+ (1 &<< shift) &- 1) &>> shift)
      _syncLevels(samples: low..<high, of: samples)
    }

    /// Copies the lane's samples `range` (of `samples`, the lane's) into the levels above.
    /// O(range / 8).
    @inlinable
    mutating func _syncLevels(samples range: Range<Int>, of samples: UnsafeBufferPointer<Double>) {
      var k = (range.lowerBound + 7) & ~7
      while k < range.upperBound && k < samples.count {
        let j = k &>> 3
        if j < coarse.count {
          coarse[j] = samples[k]
          if j & 7 == 0, j &>> 3 < coarsest.count { coarsest[j &>> 3] = samples[k] }
        }
        k &+= 8
      }
    }

    /// Keeps the levels above the samples of the first `count` elements, every level keeping
    /// its capacity (a level left with no entries too, as the rule asks of a level above one of
    /// at most 8). The samples themselves need nothing: a lane has as many as its count says.
    /// O(1) but for the removed entries; a level that keeps all its entries is not touched.
    @inlinable
    mutating func _truncateLevels(to count: Int) {
      let keptCoarse = Self._entriesAbove(IntervalIndex._sampleCount(count))
      let keptCoarsest = Self._entriesAbove(keptCoarse)
      if keptCoarse < coarse.count { coarse.removeSubrange(keptCoarse...) }
      if keptCoarsest < coarsest.count { coarsest.removeSubrange(keptCoarsest...) }
    }
  }

  /// Where the samples of a lane whose region starts at `start` begin in `_samples`: the
  /// eighth of `start`, rounded up. O(1).
  @inlinable @inline(__always)
  internal static func _sampleBase(_ start: Int) -> Int { (start &+ 7) &>> 3 }

  /// The entries `_samples` has for an ids buffer of `idSlots`: an eighth, rounded up, which
  /// holds every lane's room (a lane of capacity c from `start` has room for
  /// ``_sampleCount(_:)`` of c, ending at or before the eighth of `start + c` rounded up). O(1).
  @inlinable @inline(__always)
  internal static func _sampleSlots(_ idSlots: Int) -> Int { (idSlots &+ 7) &>> 3 }

  /// `lane`'s samples in the open buffer `samples` (the index's `_samples`): its
  /// ``_sampleCount(_:)`` of them from its ``_sampleBase(_:)``, clamped to the buffer, so that a
  /// broken region is never read or written outside it. O(1).
  @inlinable @inline(__always)
  internal static func _laneSamples(
    _ lane: borrowing _Lane, in samples: UnsafeMutableBufferPointer<Double>
  ) -> UnsafeMutableBufferPointer<Double> {
    let low = Swift.min(samples.count, Swift.max(0, _sampleBase(lane.start)))
    let high = Swift.min(samples.count, low &+ _sampleCount(lane.count))
    return UnsafeMutableBufferPointer(rebasing: samples[low..<high])
  }

  /// ``_laneSamples(_:in:)`` of a buffer open for reading only (nothing is written through the
  /// mutable view it passes through). O(1).
  @inlinable @inline(__always)
  internal static func _laneSamples(
    _ lane: borrowing _Lane, in samples: UnsafeBufferPointer<Double>
  ) -> UnsafeBufferPointer<Double> {
    UnsafeBufferPointer(_laneSamples(lane, in: UnsafeMutableBufferPointer(mutating: samples)))
  }

  /// The samples of lane `l`, for tests and checks.
  ///
  /// - Complexity: O(samples).
  package func _samples(ofLane l: Int) -> [Double] {
    _samples.withUnsafeBufferPointer { Array(Self._laneSamples(_lanes[l], in: $0)) }
  }

  /// One sample every `1 << _sampleShift` elements of a lane. The levels above the samples
  /// (`coarse`, `coarsest`) each take every 8th entry of the level below, whatever the shift.
  /// (Every 4th element, shift 2, was measured in rounds seven and eight: no faster.)
  @usableFromInline static var _sampleShift: Int { 3 }

  /// The sample of the element at `position` in its lane, or `nil` when that position has no
  /// sample: the one rule that every writer of samples (the appends here, the column walk's
  /// rewrites of moved items) follows. Positions 8, 16, 24, … have samples 0, 1, 2, …; position
  /// 0 has none, so a lane of at most 8 elements, every lane of a small section, allocates no
  /// array for its samples. What that costs: a search whose bound is above the bottom of
  /// position 8 reads up to eight positions from the lane's start
  /// (``_sampleWindow(_:count:)``), where a sample of position 0 could have said, without a
  /// read, that the lane's first element is the answer. O(1).
  @inlinable @inline(__always)
  internal static func _sample(at position: Int) -> Int? {
    position & ((1 &<< _sampleShift) &- 1) == 0 && position > 0 ? (position &>> _sampleShift) &- 1 : nil
  }

  /// The samples of a lane of `count` elements: ⌊(count − 1) / 8⌋, none for at most 8. O(1).
  @inlinable @inline(__always)
  internal static func _sampleCount(_ count: Int) -> Int {
    count > 0 ? (count &- 1) &>> _sampleShift : 0
  }

  /// The largest id an index stores, 2³¹ − 1: ids are kept in 32 bits.
  ///
  /// - Complexity: O(1).
  public static var maximumID: Int { Int(Int32.max) }

  /// Creates an empty index with `laneCount` lanes (none when `laneCount` is below 1).
  ///
  /// - Complexity: O(L).
  public init(laneCount: Int) {
    _lanes = []
    guard laneCount > 0 else { return }
    // Appended one by one (`reserveCapacity`: see `Array+Allocation.swift`): repeating one lane
    // copied it through its generic value witness, about 250 instructions a lane more (callgrind).
    _lanes.reserveCapacity(laneCount)
    for _ in 0..<laneCount { _lanes.append(_Lane(start: 0, count: 0, capacity: 0)) }
  }

  /// The number of lanes.
  ///
  /// - Complexity: O(1).
  public var laneCount: Int { _lanes.count }

  /// The number of ids in the index.
  ///
  /// - Complexity: O(L).
  public var count: Int { _lanes.reduce(0) { $0 + $1.count } }

  /// Adds element `id`, whose interval ends at `maxY`, to `lane`.
  ///
  /// `id` must be in `0 ... IntervalIndex.maximumID` and `lane` in `0 ..< laneCount`: both are
  /// checked, and trap. The caller guarantees the rest: `id` is larger than every id already in
  /// the lane, its interval's top and bottom are at or below those of the lane's last element
  /// (the lane invariant), and `maxY` is what the queries' bounds will report for `id`. When
  /// they do not hold, queries give wrong answers, but never read out of bounds.
  ///
  /// - Complexity: amortized O(1).
  @inlinable
  public mutating func append(_ id: Int, lane: Int, maxY: Double) {
    precondition(id >= 0 && id <= Self.maximumID, "IntervalIndex.append: id \(id) outside 0...\(Self.maximumID)")
    // The region's numbers only: a copy of the whole lane would share its levels and make the
    // append below copy them.
    var start = _lanes[lane].start
    let count = _lanes[lane].count
    if count == _lanes[lane].capacity { start = _grow(lane) }
    _ids[start + count] = Int32(truncatingIfNeeded: id)
    _lanes[lane].count = count + 1
    _appendBottom(maxY, lane: lane, at: count)
  }

  /// Adds the bottom of the element appended at `position` of lane `l` (the lane's count
  /// before the append) to its samples when that position has one, and to the levels above
  /// that sample it; makes `_samples` for the first sample of any lane. O(1) amortized.
  @inlinable @inline(__always)
  internal mutating func _appendBottom(_ maxY: Double, lane l: Int, at position: Int) {
    guard let k = Self._sample(at: position) else { return }
    if _samples.isEmpty { _samples._setCount(Self._sampleSlots(_ids.count), filler: 0) }
    _samples.withUnsafeMutableBufferPointer { samples in
      let own = Self._laneSamples(_lanes[l], in: samples)
      _lanes[l]._appendSample(maxY, k, in: own)
    }
  }

  /// Appends ids `ids` in order, each to lane `source.lane(id)` with bottom `source.maxY(id)`:
  /// the very index that ``append(_:lane:maxY:)`` called for each id in turn makes, under the
  /// same conditions and checks, with the two buffers opened once for a stretch of ids instead
  /// of once an id. An id that finds its lane full goes through ``append(_:lane:maxY:)`` itself,
  /// which makes room; the others are written through pointers, with no uniqueness check of the
  /// lanes or the ids each (what an incremental placement paid per item: about 90 instructions
  /// an id, callgrind, round fifteen).
  ///
  /// The samples (every 8th id of a lane) are taken after each stretch, not as its ids are
  /// written: the stretch only notes, without a branch, each id that is due one. Which ids are
  /// due depends on how the ids fall across the lanes, so a branch on it in the loop went the
  /// wrong way for about one id in eight, and those mispredictions were about a third of an
  /// incremental placement's appends (`perf`, round thirty-four). Taken afterwards in id order,
  /// each lane's samples are appended in the order one-by-one appends append them.
  ///
  /// - Complexity: amortized O(1) per id.
  package mutating func _append<Source: IntervalLaneSource>(_ ids: Range<Int>, from source: Source) {
    precondition(
      ids.lowerBound >= 0 && ids.upperBound <= Self.maximumID + 1,
      "IntervalIndex.append: ids \(ids) outside 0...\(Self.maximumID)")
    let sampleMask = (1 &<< Self._sampleShift) &- 1
    var id = ids.lowerBound
    withUnsafeTemporaryAllocation(of: Int.self, capacity: Self._appendStretch) { due in
      while id < ids.upperBound {
        let end = Swift.min(ids.upperBound, id &+ Self._appendStretch)
        var dueCount = 0, pending = false
        // The stretch of ids that need no room, written in place. Each write is inside the
        // buffer: a lane's region is, and the position is checked against it.
        id = _samples.withUnsafeMutableBufferPointer { samples in
        _lanes.withUnsafeMutableBufferPointer { lanes in
          _ids.withUnsafeMutableBufferPointer { buffer in
            var i = id
            while i < end {
              let l = source.lane(i)
              guard l >= 0 && l < lanes.count else { break }  // `append` traps with its message
              let count = lanes[l].count, position = lanes[l].start &+ count
              guard count < lanes[l].capacity && position < buffer.count else { break }
              buffer[position] = Int32(truncatingIfNeeded: i)
              lanes[l].count = count &+ 1
              // Where it went, noted whether or not it is due (the next id overwrites it if
              // not). A lane's first id is noted too, and takes no sample (`_takeSamples`).
              due[dueCount] = position
              dueCount &+= count & sampleMask == 0 ? 1 : 0
              i &+= 1
            }
            // The samples due, taken here once the index has its buffer of samples; the first
            // ever due waits for the buffer, made below.
            let taken = UnsafeBufferPointer(rebasing: due[0..<dueCount])
            if samples.isEmpty {
              pending = dueCount > 0
            } else {
              Self._takeSamples(taken, samples, lanes, UnsafeBufferPointer(buffer), source)
            }
            return i
          }
        }
        }
        if pending { _appendSamples(UnsafeBufferPointer(rebasing: due[0..<dueCount]), from: source) }
        if id < end {
          append(id, lane: source.lane(id), maxY: source.maxY(id))
          id &+= 1
        }
      }
    }
  }

  /// The most ids ``_append(_:from:)`` writes before it takes their samples: an incremental
  /// placement's run (a checkpoint interval).
  static var _appendStretch: Int { 64 }

  /// ``_takeSamples(_:_:_:_:_:)`` of the index's own buffers, making its buffer of samples
  /// first when it has none and one of `due` takes a sample (not a lane's first id, nor one a
  /// source now puts elsewhere): what ``_append(_:from:)`` calls while the index has no
  /// samples. O(due) amortized, and O(buffer) to make it.
  internal mutating func _appendSamples<Source: IntervalLaneSource>(
    _ due: UnsafeBufferPointer<Int>, from source: Source
  ) {
    if _samples.isEmpty {
      let ids = _ids._unsafeElements, lanes = _lanes._unsafeElements  // read while nothing writes
      if !due.contains(where: { Self._dueSample($0, ids, lanes, source) != nil }) { return }
      _samples._setCount(Self._sampleSlots(_ids.count), filler: 0)
    }
    _samples.withUnsafeMutableBufferPointer { samples in
      _lanes.withUnsafeMutableBufferPointer { lanes in
        _ids.withUnsafeBufferPointer { ids in Self._takeSamples(due, samples, lanes, ids, source) }
      }
    }
  }

  /// The samples due after a stretch of ``_append(_:from:)``, in the open buffers: `due` holds
  /// the places in `ids` of the ids that took a sampled position of their lane, in id order,
  /// each id read back from where it went, so each lane's samples are appended in order. (Its
  /// lane was in range when it was written; a place or a lane a source answers differently now
  /// is passed over: the queries may then be wrong, but read nothing out of bounds.)
  /// O(due) amortized.
  @inline(__always)
  internal static func _takeSamples<Source: IntervalLaneSource>(
    _ due: UnsafeBufferPointer<Int>, _ samples: UnsafeMutableBufferPointer<Double>,
    _ lanes: UnsafeMutableBufferPointer<_Lane>, _ ids: UnsafeBufferPointer<Int32>, _ source: Source
  ) {
    for position in due {
      guard let (id, l, k) = _dueSample(position, ids, UnsafeBufferPointer(lanes), source) else {
        continue
      }
      lanes[l]._appendSample(source.maxY(id), k, in: _laneSamples(lanes[l], in: samples))
    }
  }

  /// The id at place `position` of `ids`, its lane by `source`, and the sample its place in
  /// that lane takes; `nil` when the place is outside `ids`, the lane outside `lanes`, or the
  /// place takes no sample. The one test of a due sample, for ``_takeSamples(_:_:_:_:_:)`` and
  /// for ``_appendSamples(_:from:)``'s question of whether a stretch takes any. O(1).
  @inline(__always)
  internal static func _dueSample<Source: IntervalLaneSource>(
    _ position: Int, _ ids: UnsafeBufferPointer<Int32>, _ lanes: UnsafeBufferPointer<_Lane>, _ source: Source
  ) -> (id: Int, lane: Int, sample: Int)? {
    guard position >= 0 && position < ids.count else { return nil }
    let id = Int(ids[position]), l = source.lane(id)
    guard l >= 0 && l < lanes.count, let k = _sample(at: position &- lanes[l].start) else { return nil }
    return (id, l, k)
  }

  /// Gives full lane `lane` twice the room: in place when its region ends the buffer, otherwise
  /// by moving it to the end (compacting the buffer first when half of it is waste). Returns
  /// where the lane's region now starts.
  ///
  /// - Complexity: amortized O(1) per append: a lane's ids move when its capacity doubles, and
  ///   a compaction, O(buffer), comes after at least half a buffer of moved ids.
  @usableFromInline
  internal mutating func _grow(_ lane: Int) -> Int {
    let oldCapacity = _lanes[lane].capacity
    let capacity = Swift.max(8, 2 * oldCapacity)
    if _lanes[lane].start + oldCapacity == _ids.count {
      _ids.append(contentsOf: repeatElement(0, count: capacity - oldCapacity))
      _lanes[lane].capacity = capacity
      _fitSamples()
      return _lanes[lane].start
    }
    if _waste + oldCapacity > _ids.count / 2 { _compact() }
    let from = _lanes[lane].start, count = _lanes[lane].count
    let start = _ids.count
    _ids.append(contentsOf: repeatElement(0, count: capacity))
    _ids.withUnsafeMutableBufferPointer { ids in
      for k in 0..<count { ids[start + k] = ids[from + k] }
    }
    _waste += oldCapacity
    _lanes[lane].start = start
    _lanes[lane].capacity = capacity
    // The lane's samples move with its ids, to the new region's (disjoint from the old). A lane
    // of more than 8 ids has a buffer of samples unless a source took its first samples back
    // (`_appendSamples`): then there is nothing to move, and nothing is read outside the buffer.
    _fitSamples()
    let samples = Self._sampleCount(count)
    if samples > 0 && !_samples.isEmpty {
      let old = Self._sampleBase(from), new = Self._sampleBase(start)
      _samples.withUnsafeMutableBufferPointer { buffer in
        for k in 0..<samples { buffer[new + k] = buffer[old + k] }
      }
    }
    return start
  }

  /// Gives `_samples` the entries `_ids` now needs (``_sampleSlots(_:)``), when it has any.
  /// O(growth).
  @usableFromInline
  internal mutating func _fitSamples() {
    if !_samples.isEmpty { _samples._setCount(Self._sampleSlots(_ids.count), filler: 0) }
  }

  /// Closes the gaps between the lanes' regions, their samples moving with them; every lane
  /// keeps its capacity. O(buffer).
  @usableFromInline
  internal mutating func _compact() {
    let slots = _lanes.reduce(0) { $0 + $1.capacity }
    var ids: [Int32] = []
    ids.reserveCapacity(slots)
    var samples = [Double](repeating: 0, count: _samples.isEmpty ? 0 : Self._sampleSlots(slots))
    for l in _lanes.indices {
      let start = _lanes[l].start, count = _lanes[l].count, capacity = _lanes[l].capacity
      _lanes[l].start = ids.count
      if !samples.isEmpty {
        let old = Self._sampleBase(start), new = Self._sampleBase(ids.count)
        for k in 0..<Self._sampleCount(count) { samples[new + k] = _samples[old + k] }
      }
      ids.append(contentsOf: _ids[start..<(start + count)])
      ids.append(contentsOf: repeatElement(0, count: capacity - count))
    }
    _ids = ids
    _samples = samples
    _waste = 0
  }

  /// Removes every id `>= id`, so that the elements from `id` on can be appended again.
  ///
  /// - Complexity: O(L·log n + L) for L lanes.
  public mutating func removeAll(from id: Int) {
    for lane in _lanes.indices {
      let start = _lanes[lane].start
      let cut = _ids[start..<(start + _lanes[lane].count)]._firstIndex { Int($0) >= id } - start
      _lanes[lane].count = cut
      _lanes[lane]._truncateLevels(to: cut)
    }
  }

  /// Removes every id and sets the number of lanes; with `keepingCapacity`, and the same lane
  /// count, the lanes keep their room.
  ///
  /// - Complexity: O(L), or O(L + n) without `keepingCapacity`.
  package mutating func reset(laneCount: Int, keepingCapacity: Bool = true) {
    if _lanes.count != laneCount || !keepingCapacity {
      self = IntervalIndex(laneCount: laneCount)
    } else {
      for lane in _lanes.indices {
        _lanes[lane].count = 0
        _lanes[lane]._truncateLevels(to: 0)
      }
    }
  }

  /// Replaces the whole index with ids `0 ..< count`, id `i` in lane `source.lane(i)` ending
  /// at `source.maxY(i)`: the lane invariant must hold, as for ``append(_:lane:maxY:)``.
  ///
  /// Two passes, counting then filling a buffer of the exact size that becomes the index's
  /// storage, so that laying out a large collection from scratch pays no per-id growth or
  /// uniqueness checks. A source whose lanes fall outside `0 ..< laneCount`, or differ between
  /// the two passes, traps: see ``_replaceAll(count:from:)``, which reports it instead.
  ///
  /// - Complexity: O(L + count).
  package mutating func replaceAll<Source: IntervalLaneSource>(count: Int, from source: Source) {
    guard _replaceAll(count: count, from: source) else {
      preconditionFailure(
        "IntervalIndex.replaceAll: \(count) ids, or a source whose lanes fall outside 0..<\(laneCount) or change between passes")
    }
  }

  /// ``replaceAll(count:from:)`` for a caller that already knows how many ids each lane gets,
  /// `laneCounts[l]` for lane `l` (a layout's placement counts them as it assigns lanes): the
  /// counting pass is skipped, and the filling pass checks every write against these counts
  /// exactly as it does against its own. Counts that do not match the source trap.
  ///
  /// - Complexity: O(L + count).
  ///
  /// When the index's buffer has room for exactly `count` ids (an index emptied by
  /// ``reset(laneCount:keepingCapacity:)`` for a relayout of as many elements, as a width change
  /// does), the ids are written into it rather than into a new one, which past the allocator's
  /// mmap threshold (32 MiB: 8M ids) would be mapped and faulted in afresh. A failure then traps
  /// before anything reads the half-written buffer.
  package mutating func replaceAll<Source: IntervalLaneSource>(
    count: Int, from source: Source, laneCounts: UnsafeBufferPointer<Int>
  ) {
    func fail() -> Never {
      preconditionFailure(
        "IntervalIndex.replaceAll: \(count) ids, lane counts that do not add up to them, or a source that disagrees")
    }
    guard count > 0 && _ids.count == count else {
      if !_replaceAll(count: count, from: source, laneCounts: laneCounts) { fail() }
      return
    }
    let done = Self._withSlots(count: count, laneCounts: laneCounts, laneCount: _lanes.count) { offsets in
      let filled = _ids.withUnsafeMutableBufferPointer { Self._fill($0, count: count, from: source, offsets: offsets) }
      guard filled else { return false }
      _setLanes(offsets: offsets, from: source)
      return true
    }
    guard done else { fail() }
  }

  /// ``replaceAll(count:from:)``, returning `false` instead of trapping, with the index unchanged,
  /// when `count` is outside `0 ... maximumID + 1` or the source answers a lane outside
  /// `0 ..< laneCount` or answers differently on its second pass.
  ///
  /// The first pass counts each lane's ids; the second is
  /// ``_replaceAll(count:from:laneCounts:)`` with those counts.
  ///
  /// - Complexity: O(L + count).
  package mutating func _replaceAll<Source: IntervalLaneSource>(count: Int, from source: Source) -> Bool {
    guard count >= 0 && count <= Self.maximumID + 1 else { return false }
    let laneCount = _lanes.count
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: laneCount) { counts in
      counts.initialize(repeating: 0)
      for id in 0..<count {
        let l = source.lane(id)
        guard l >= 0 && l < laneCount else { return false }
        counts[l] += 1
      }
      return _replaceAll(count: count, from: source, laneCounts: UnsafeBufferPointer(counts))
    }
  }

  /// ``replaceAll(count:from:laneCounts:)``, returning `false` instead of trapping, with the
  /// index unchanged, when `count` is outside `0 ... maximumID + 1`, `laneCounts` has not one
  /// non-negative count per lane adding up to `count`, or the source answers a lane outside
  /// `0 ..< laneCount` or puts more or fewer ids in a lane than its count.
  ///
  /// The ids are written into one buffer of `count` elements, each lane in the slot its count
  /// gives it. Every write is checked against its lane's slot before it happens (no overrun),
  /// every slot is checked full afterwards (no underrun), and the buffer's initialized count is
  /// what was written: `count` when every check held, 0 otherwise (the elements are plain
  /// integers, so abandoning written ones needs no deinitialization).
  ///
  /// - Complexity: O(L + count).
  package mutating func _replaceAll<Source: IntervalLaneSource>(
    count: Int, from source: Source, laneCounts: UnsafeBufferPointer<Int>
  ) -> Bool {
    Self._withSlots(count: count, laneCounts: laneCounts, laneCount: _lanes.count) { offsets in
      var filled = false
      let flat = [Int32]._uninitialized(count: count, placeholder: 0) { buffer, initialized in
        initialized = 0
        filled = Self._fill(buffer, count: count, from: source, offsets: offsets)
        if filled { initialized = count }
      }
      guard filled else { return false }
      _ids = flat
      _setLanes(offsets: offsets, from: source)
      return true
    }
  }

  /// Calls `body` with each of `laneCount` lanes' slot for these counts (lane l's ids go to
  /// `offsets[l] ..< offsets[l + 1]`), and returns what it returns; `false`, without calling it,
  /// when `count` is outside `0 ... maximumID + 1` or the counts are not one non-negative count
  /// per lane adding up to `count`. Each count is checked against what is left of `count`
  /// before it is added, so nothing overflows. The offsets live in a temporary buffer (on the
  /// stack for any usual number of lanes), not an array allocated per section. O(L).
  internal static func _withSlots(
    count: Int, laneCounts: UnsafeBufferPointer<Int>, laneCount: Int,
    _ body: (UnsafeBufferPointer<Int>) -> Bool
  ) -> Bool {
    guard count >= 0 && count <= Self.maximumID + 1 && laneCounts.count == laneCount else { return false }
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: laneCount + 1) { offsets in
      offsets.initialize(repeating: 0)
      for l in 0..<laneCount {
        guard laneCounts[l] >= 0 && laneCounts[l] <= count - offsets[l] else { return false }
        offsets[l + 1] = offsets[l] + laneCounts[l]
      }
      return offsets[laneCount] == count && body(UnsafeBufferPointer(offsets))
    }
  }

  /// Writes ids `0 ..< count` into `buffer`, of at least `count` elements, each at the next
  /// place of its lane's slot (`offsets`, from ``_withSlots(count:laneCounts:laneCount:_:)``). Every write is
  /// checked against its lane's slot before it happens (no overrun) and every slot is checked
  /// full afterwards (no underrun); returns whether all of them held. O(L + count).
  ///
  /// In two passes over each stretch of ``_fillStretch`` ids: first each id's place, from its
  /// lane's running position, into a small buffer; then the ids to their places. In one pass,
  /// each write's address came from a load of a position that the previous id may have just
  /// stored, and the processor held the next ids' loads until that address was known (the
  /// figures are at ``_fillStretch``). With up to 16 lanes, each lane's count is checked once a
  /// stretch, after its places are worked out and before any is written; with more, at each id
  /// (so the checks stay O(count) whatever the lanes).
  internal static func _fill<Source: IntervalLaneSource>(
    _ buffer: UnsafeMutableBufferPointer<Int32>, count: Int, from source: Source, offsets: UnsafeBufferPointer<Int>
  ) -> Bool {
    let laneCount = offsets.count - 1
    guard laneCount >= 0 && count >= 0 && buffer.count >= count && offsets[laneCount] == count else { return false }
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: laneCount) { next in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: Swift.min(count, _fillStretch)) { places in
        // next[l]: where lane l's next id goes, from offsets[l] up to offsets[l + 1].
        for l in 0..<laneCount { next.initializeElement(at: l, to: offsets[l]) }
        /// Places ids `first ..< first + stretch` into `places`, each lane's count checked at
        /// each id, or (`checksAfter`, a constant at each call: a copy of the loop each) once a
        /// lane after the stretch: each lane's position only grows, so its last one covers every
        /// place in the stretch. Nothing is written to `buffer` here. False on an overrun: a
        /// lane outside the range, or more ids in a lane than its count.
        @inline(__always) func place(_ first: Int, _ stretch: Int, checksAfter: Bool) -> Bool {
          for k in 0..<stretch {
            let l = source.lane(first &+ k)
            guard l >= 0 && l < laneCount && (checksAfter || next[l] < offsets[l + 1]) else { return false }
            places[k] = Int32(truncatingIfNeeded: next[l])  // below `count` <= 2^31 once checked
            next[l] &+= 1
          }
          if checksAfter {
            for l in 0..<laneCount where next[l] > offsets[l + 1] { return false }
          }
          return true
        }
        // Up to 16 lanes (at most one check a lane for every 16 ids), the counts are checked
        // after each stretch: three instructions fewer an id.
        let checksAfter = laneCount <= _fillStretch &>> 4
        var first = 0
        while first < count {
          let stretch = Swift.min(count &- first, _fillStretch)
          let placed = checksAfter ? place(first, stretch, checksAfter: true) : place(first, stretch, checksAfter: false)
          guard placed else { return false }
          for k in 0..<stretch {
            buffer.initializeElement(at: Int(places[k]), to: Int32(truncatingIfNeeded: first &+ k))
          }
          first &+= stretch
        }
        // Underrun: a slot left short. (With no overrun and `count` writes every slot is full,
        // so this only confirms it.)
        for l in 0..<laneCount where next[l] != offsets[l + 1] { return false }
        return true
      }
    }
  }

  /// How many ids ``_fill(_:count:from:offsets:)`` places before it writes them: 1 KB of
  /// places, which the standard library puts on the stack without asking whether there is room
  /// (at 1,024 ids, 4 KB, it asked, and took them from the heap once a fill). Measured alone at
  /// 1M ids: 2.2 ns an id with stretches of 256, 2.0–2.1 with 1,024, 3.05 in one pass.
  internal static var _fillStretch: Int { 256 }

  /// Sets every lane to its slot of the filled `_ids` (`offsets`, exactly full) and its samples,
  /// the bottom of every 8th id after the first, all in `_samples`, written in the buffer it
  /// has when that has the room (a relayout in place), and made only when some lane has more
  /// than 8 ids. O(L + count / 8).
  ///
  /// The samples' bounds are reads far apart in the layout's storage (a lane's every 8th id),
  /// each a cache miss in a large layout: the loop that gathers them is a few instructions
  /// through pointers, so that the processor has many of those misses in flight at once.
  internal mutating func _setLanes<Source: IntervalLaneSource>(offsets: UnsafeBufferPointer<Int>, from source: Source) {
    let shift = Self._sampleShift, laneCount = _lanes.count
    var sampled = !_samples.isEmpty
    for l in 0..<laneCount where !sampled { sampled = offsets[l + 1] &- offsets[l] > 1 &<< shift }
    if sampled { _samples._setCount(Self._sampleSlots(_ids.count), filler: 0) }
    let ids = _ids
    ids.withUnsafeBufferPointer { ids in
      _samples.withUnsafeMutableBufferPointer { samples in
        for l in 0..<laneCount {
          let start = offsets[l], end = offsets[l + 1]
          let size = end - start
          _lanes[l].start = start
          _lanes[l].count = size
          _lanes[l].capacity = size
          // Sample k is position 8(k + 1)'s, inside the slot: 8 · samples <= size - 1.
          let own = Self._laneSamples(_lanes[l], in: samples)
          for k in 0..<own.count { own[k] = source.maxY(Int(ids[start &+ ((k &+ 1) &<< shift)])) }
          _lanes[l]._buildLevels(UnsafeBufferPointer(own))
        }
      }
    }
    _waste = 0
  }

  /// Calls `body` with the id of every element whose interval `[minY, maxY]` has
  /// `maxY > lower && minY < upper`, in increasing id order, skipping ids `<= after`.
  ///
  /// `bounds(id)` returns the element's `(minY, maxY)`. `body` returns `false` to stop.
  /// Zero-length intervals strictly inside the range are reported too; the caller applies
  /// any further test (the x axis, zero heights). Slower than
  /// ``forEachOverlapping(_:_:after:in:_:)`` in a hot loop: a closure call per bound read.
  ///
  /// - Complexity: O(L·log n + k·m) for k reported ids, where m is O(L) with at most eight
  ///   lanes and O(log L) with more; a `body` that stops early may have cost up to 32 bound
  ///   reads a lane past its last answer. Allocates nothing up to 64 lanes: the merge state and
  ///   the searches' results live on the stack (beyond, they may take temporary buffers of 16
  ///   and 8 bytes per lane).
  @inlinable
  public func forEachOverlapping(
    _ lower: Double, _ upper: Double, after: Int = -1,
    bounds: (Int) -> (minY: Double, maxY: Double),
    _ body: (Int) -> Bool
  ) {
    withoutActuallyEscaping(bounds) { bounds in
      forEachOverlapping(lower, upper, after: after, in: _ClosureIntervalBounds(bounds), body)
    }
  }

  /// ``forEachOverlapping(_:_:after:bounds:_:)`` reading intervals from a concrete
  /// ``IntervalBounds``, so that the searches specialize on it.
  ///
  /// - Complexity: O(L·log n + k·m), as above.
  @inlinable
  public func forEachOverlapping<Bounds: IntervalBounds>(
    _ lower: Double, _ upper: Double, after: Int = -1, in bounds: Bounds, _ body: (Int) -> Bool
  ) {
    withoutActuallyEscaping(body) { body in
      var visitor = _ClosureIntervalVisitor(body)
      forEachOverlapping(lower, upper, after: after, in: bounds, visiting: &visitor)
    }
  }

  /// The query with both the bounds and the visitor concrete: what the layouts' hot paths use.
  ///
  /// - Complexity: O(L·log n + k·m), as above.
  @inlinable
  internal func forEachOverlapping<Bounds: IntervalBounds, Visitor: _IntervalVisitor>(
    _ lower: Double, _ upper: Double, after: Int = -1, in bounds: Bounds, visiting visitor: inout Visitor
  ) {
    // The storage is opened once, as buffer pointers: the query below reads every lane through
    // them, valid for its whole duration, and captures nothing that needs retaining.
    _ids.withUnsafeBufferPointer { ids in
      _lanes.withUnsafeBufferPointer { lanes in
        Self._forEachOverlapping(ids, lanes, _samples._unsafeElements, lower, upper, after, bounds, &visitor)
      }
    }
  }

  /// The query over the open storage (`samples` the index's `_samples`). Each lane's part of
  /// `ids` and of `samples` is clamped to it, so even a broken region could not be read out of
  /// the buffers.
  @inlinable
  internal static func _forEachOverlapping<Bounds: IntervalBounds, Visitor: _IntervalVisitor>(
    _ ids: UnsafeBufferPointer<Int32>, _ lanes: UnsafeBufferPointer<_Lane>, _ samples: UnsafeBufferPointer<Double>,
    _ lower: Double, _ upper: Double, _ after: Int, _ bounds: Bounds, _ visitor: inout Visitor
  ) {
    let laneCount = lanes.count
    if laneCount == 1 {
      let lane = _lane(0, of: lanes, in: ids)
      var p = _start(lane, lanes[0], _laneSamples(lanes[0], in: samples), lower, after, bounds)
      var local = consume visitor  // moved to a local for the loop: see `_scanRange`
      defer { visitor = local }
      while p < lane.count, bounds.minY(Int(lane[p])) < upper {
        if !local.visit(Int(lane[p])) { return }
        p += 1
      }
      return
    }
    withUnsafeTemporaryAllocation(of: _Cursor.self, capacity: laneCount) { cursors in
    withUnsafeTemporaryAllocation(of: Int.self, capacity: laneCount) { starts in
      _searchLanes(ids, lanes, samples, lower, bounds, starts)
      var live = 0
      for l in 0..<laneCount {
        let lane = _lane(l, of: lanes, in: ids)
        let p = _skip(lane, from: Swift.min(starts[l], lane.count), after: after)
        if p < lane.count, let base = lane.baseAddress {
          cursors.initializeElement(
            at: live, to: _Cursor(position: base + p, run: 0, rest: UInt32(truncatingIfNeeded: lane.count - p)))
          live += 1
        }
      }
      live = _runEnds(cursors, live: live, upper: upper, bounds: bounds)
      if _scanDense(cursors, live: live, lower, upper, bounds, &visitor) {
        // Answered in id order by a scan of the ids the runs span.
      } else if live <= 8 {
        _mergeLinear(cursors, live: live, upper: upper, bounds: bounds, &visitor)
      } else {
        _mergeHeap(cursors, live: live, upper: upper, bounds: bounds, &visitor)
      }
      // Cursors are plain values: nothing to deinitialize but the count to say so.
      UnsafeMutableBufferPointer(rebasing: cursors[0..<live]).deinitialize()
    }
    }
  }

  /// ``_start(_:_:_:_:_:)`` of every lane (without `after`), the lanes searched side by side,
  /// four at a time: each round of the top level's binary search takes one step in each of the
  /// four lanes, and each level below is one counted cache line a lane
  /// (``_narrow(_:_:_:)``), the four lanes' lines read together, so that their cache misses
  /// overlap. Searched one after the other, each lane's misses waited for the previous lane's.
  /// Writes lane `l`'s first position ending below `lower` to `starts[l]`.
  ///
  /// Why levels: a binary search of the samples alone took its last four or five steps in lines
  /// no recent query had touched, each waiting for the one before; the top level (every 512th
  /// bottom, 4 KB a lane at 1M elements in four lanes) stays in cache, and the two levels below
  /// cost one line each.
  ///
  /// The samples leave each lane a window of at most eight positions. The window is counted,
  /// not searched: the start is the window's first position plus the number of its positions
  /// ending at or above `lower`, so its reads of ids and bounds (each a cache miss in a large
  /// layout) depend on nothing but the window and go out together, where a binary search's
  /// three reads waited for each other. Every position read is inside its lane, whatever the
  /// samples and the bounds say.
  ///
  /// - Complexity: O(L·log n), as L calls of ``_start(_:_:_:_:_:)``; reads up to eight bounds a
  ///   lane.
  @inlinable
  internal static func _searchLanes<Bounds: IntervalBounds>(
    _ ids: UnsafeBufferPointer<Int32>, _ lanes: UnsafeBufferPointer<_Lane>, _ samples: UnsafeBufferPointer<Double>,
    _ lower: Double, _ bounds: Bounds, _ starts: UnsafeMutableBufferPointer<Int>
  ) {
    let laneCount = Swift.min(lanes.count, starts.count)
    var first = 0
    while first < laneCount {
      // A group of four lanes; a short last group repeats its last lane (its answer is the
      // same, written twice).
      let last = laneCount - 1
      let l0 = first, l1 = Swift.min(first + 1, last), l2 = Swift.min(first + 2, last), l3 = Swift.min(first + 3, last)
      let i0 = _lane(l0, of: lanes, in: ids), i1 = _lane(l1, of: lanes, in: ids)
      let i2 = _lane(l2, of: lanes, in: ids), i3 = _lane(l3, of: lanes, in: ids)
      // Each level read in place: `lanes` is borrowed for the whole query.
      let s0 = _laneSamples(lanes[l0], in: samples), s1 = _laneSamples(lanes[l1], in: samples)
      let s2 = _laneSamples(lanes[l2], in: samples), s3 = _laneSamples(lanes[l3], in: samples)
      let a0 = _Lane._levelsAbove(lanes[l0], s0), a1 = _Lane._levelsAbove(lanes[l1], s1)
      let a2 = _Lane._levelsAbove(lanes[l2], s2), a3 = _Lane._levelsAbove(lanes[l3], s3)
      let c0 = a0.coarsest, c1 = a1.coarsest, c2 = a2.coarsest, c3 = a3.coarsest
      do {
        // The top level: the first entry above lower, q, is b + 1 once n is 1. b starts one
        // before the entries; every entry at or before b is at or below lower.
        var b0 = -1, b1 = -1, b2 = -1, b3 = -1
        var n0 = c0.count + 1, n1 = c1.count + 1, n2 = c2.count + 1, n3 = c3.count + 1
        while n0 > 1 || n1 > 1 || n2 > 1 || n3 > 1 {
          if n0 > 1 { let h = n0 &>> 1; b0 = c0[b0 &+ h] > lower ? b0 : b0 &+ h; n0 &-= h }
          if n1 > 1 { let h = n1 &>> 1; b1 = c1[b1 &+ h] > lower ? b1 : b1 &+ h; n1 &-= h }
          if n2 > 1 { let h = n2 &>> 1; b2 = c2[b2 &+ h] > lower ? b2 : b2 &+ h; n2 &-= h }
          if n3 > 1 { let h = n3 &>> 1; b3 = c3[b3 &+ h] > lower ? b3 : b3 &+ h; n3 &-= h }
        }
        // Down the two levels below, a cache line each, the four lanes' reads side by side.
        var q0 = _narrow(a0.coarse, b0 &+ 1, lower)
        var q1 = _narrow(a1.coarse, b1 &+ 1, lower)
        var q2 = _narrow(a2.coarse, b2 &+ 1, lower)
        var q3 = _narrow(a3.coarse, b3 &+ 1, lower)
        q0 = _narrow(s0, q0, lower)
        q1 = _narrow(s1, q1, lower)
        q2 = _narrow(s2, q2, lower)
        q3 = _narrow(s3, q3, lower)
        // samples[q] is the bottom of position 8(q+1): every position up to 8q (when q > 0)
        // ends at or above lower, and position 8(q+1) (if any) ends below it. The window is the
        // positions after 8q (from 0 when q is 0) up to 8(q+1), or the lane's end: b one before
        // it, n its length + 1.
        func window(_ q: Int, _ count: Int) -> (b: Int, n: Int) {
          let (low, high) = _sampleWindow(q, count: count)
          return (low - 1, high - low + 1)
        }
        let (w0, m0) = window(q0, i0.count), (w1, m1) = window(q1, i1.count)
        let (w2, m2) = window(q2, i2.count), (w3, m3) = window(q3, i3.count)
        // In the window, the first position ending below lower is the window's start plus the
        // number of its positions ending at or above it (bottoms never decrease along a lane):
        // counted, not searched, so the window's bound reads (each a cache miss in a large
        // layout) depend on nothing but the window and go out together.
        func count(_ lane: UnsafeBufferPointer<Int32>, _ b: Int, _ n: Int) -> Int {
          var k = 0
          for p in (b &+ 1)..<(b &+ n) where bounds.maxY(Int(lane[p])) <= lower { k &+= 1 }
          return b &+ 1 &+ k
        }
        starts[l0] = count(i0, w0, m0)
        starts[l1] = count(i1, w1, m1)
        starts[l2] = count(i2, w2, m2)
        starts[l3] = count(i3, w3, m3)
      }
      first += 4
    }
  }

  /// Lane `l`'s ids in the open buffer `ids`, clamped to it.
  @inlinable @inline(__always)
  internal static func _lane(
    _ l: Int, of lanes: UnsafeBufferPointer<_Lane>, in ids: UnsafeBufferPointer<Int32>
  ) -> UnsafeBufferPointer<Int32> {
    let start = lanes[l].start
    let end = Swift.min(ids.count, start + lanes[l].count)
    return UnsafeBufferPointer(rebasing: ids[Swift.min(start, end)..<end])
  }

  /// A position in a lane: pointers into the buffer, used only while the query's
  /// `withUnsafeBufferPointer` closure over it runs.
  @usableFromInline
  internal struct _Cursor {
    /// The next answer.
    @usableFromInline var position: UnsafePointer<Int32>
    /// How many elements from `position` on are known to be answers (their tops are above the
    /// range's `upper`).
    @usableFromInline var run: Int32
    /// How many elements of the lane after those are left to scan: 0 once the run's end (the
    /// first element starting at or below `upper`) is found. Offsets rather than pointers keep
    /// a cursor at 16 bytes, so that 64 lanes' cursors fit the stack.
    @usableFromInline var rest: UInt32
    @inlinable init(position: UnsafePointer<Int32>, run: Int32, rest: UInt32) {
      self.position = position
      self.run = run
      self.rest = rest
    }
    @inlinable var id: Int32 { position.pointee }
  }

  /// The first position of a lane whose interval ends below `lower` and whose id is greater
  /// than `after`: searches, since both bottoms and ids increase along a lane. The levels of
  /// samples (``_firstSample(above:in:)``) narrow the first search to eight positions before it
  /// reads any id.
  ///
  /// The result is in `0 ... lane.count` whatever the samples and the bounds say: the window
  /// the samples pick is clamped to the lane.
  ///
  /// - Complexity: O(log n).
  @inlinable
  internal static func _start<Bounds: IntervalBounds>(
    _ lane: UnsafeBufferPointer<Int32>, _ levels: borrowing _Lane, _ samples: UnsafeBufferPointer<Double>,
    _ lower: Double, _ after: Int, _ bounds: Bounds
  ) -> Int {
    let (low, high) = _sampleWindow(_firstSample(above: lower, in: levels, samples), count: lane.count)
    let p = low + UnsafeBufferPointer(rebasing: lane[low..<high])._firstIndex { bounds.maxY(Int($0)) > lower }
    return _skip(lane, from: p, after: after)
  }

  /// The index of a lane's first sample above `lower` (`samples.count` when there is none): a
  /// binary search of the top level, then one cache line of each level below it
  /// (``_narrow(_:_:_:)``). The lanes' searches in ``_searchLanes(_:_:_:_:_:)`` are this, four
  /// lanes side by side.
  ///
  /// - Complexity: O(log n).
  @inlinable
  internal static func _firstSample(
    above lower: Double, in levels: borrowing _Lane, _ samples: UnsafeBufferPointer<Double>
  ) -> Int {
    let above = _Lane._levelsAbove(levels, samples)
    let q = above.coarsest._firstIndex { $0 > lower }
    return _narrow(samples, _narrow(above.coarse, q, lower), lower)
  }

  /// ``_firstSample(above:in:_:)`` of lane `l`, for tests.
  ///
  /// - Complexity: O(log n).
  package func _firstSample(above lower: Double, lane l: Int) -> Int {
    _samples.withUnsafeBufferPointer { samples in
      Self._firstSample(above: lower, in: _lanes[l], Self._laneSamples(_lanes[l], in: samples))
    }
  }

  /// A level's first entry above `lower`, given `q`, the first entry above it in the level
  /// above (whose entry k is this level's entry 8k): 0 when q is 0; otherwise entry 8(q-1) is
  /// at or below `lower` and entry 8q (if any) above it, so the answer is 8(q-1) + 1 plus the
  /// number of the seven entries between them at or below `lower`. Counted, not searched: the
  /// seven reads (a cache line) go out together. The result is in `0 ... level.count`, and
  /// only entries of `level` are read, whatever `q` is.
  ///
  /// - Complexity: O(1): seven comparisons at most.
  @inlinable @inline(__always)
  internal static func _narrow(_ level: UnsafeBufferPointer<Double>, _ q: Int, _ lower: Double) -> Int {
    let high = Swift.min(level.count, q &<< 3)
    let low = Swift.min(high, q <= 0 ? 0 : ((q &- 1) &<< 3) &+ 1)
    var k = 0
    for e in low..<high where level[e] <= lower { k &+= 1 }
    return low &+ k
  }

  /// The positions of a lane of `count` elements that can hold the first one ending below a
  /// bound, when `q` is the first sample above it: samples[q] is the bottom of lane[8(q + 1)],
  /// so every position up to 8q (when q > 0) ends at or above the bound, and position 8(q + 1)
  /// (if any) below it: the window is the positions after 8q, or from 0 when q is 0, up to
  /// 8(q + 1). Clamped to the lane whatever `q` is.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  internal static func _sampleWindow(_ q: Int, count: Int) -> (low: Int, high: Int) {
    let high = Swift.min(count, (q + 1) << _sampleShift)
    return (Swift.min(high, q == 0 ? 0 : (q << _sampleShift) + 1), high)
  }

  /// `p`, or, when `after` is a valid id and the element at `p` is not past it, the lane's
  /// first position whose id is greater than `after` (ids increase along a lane).
  ///
  /// - Complexity: O(1), or O(log n) for the search.
  @inlinable @inline(__always)
  internal static func _skip(_ lane: UnsafeBufferPointer<Int32>, from p: Int, after: Int) -> Int {
    if after >= 0, p < lane.count, Int(lane[p]) <= after { return lane._firstIndex { Int($0) > after } }
    return p
  }

  /// How many elements of each lane ``_runEnds(_:live:upper:bounds:)`` looks at before the
  /// merge, at most; a lane with more answers is scanned on, as many again at a time, when the
  /// merge reaches the end of what was scanned, so a visitor that stops early never pays for
  /// the whole answer.
  ///
  /// - Complexity: O(1).
  @usableFromInline static var _runChunk: Int { 32 }

  /// Finds where each cursor's answers end, its lane's first element from `position` on that
  /// starts at or below `upper` (tops never decrease in a lane, so the answers are the run
  /// before it), looking at up to ``_runChunk`` elements a lane; drops the cursors with no
  /// answer, and returns how many are left.
  ///
  /// A plain scan, lane after lane: its reads of the answers' tops (each a cache miss in a
  /// large layout) depend on nothing but the position, so they overlap, and the merge after it
  /// reads records already in cache. Found one answer at a time during the merge, each miss
  /// waited for the answers before it. (Rounds across the lanes, one element of each per round,
  /// overlapped no better and took twice the instructions.)
  ///
  /// - Complexity: O(L·c) for L lanes and c = ``_runChunk``, at most.
  @inlinable
  internal static func _runEnds<Bounds: IntervalBounds>(
    _ cursors: UnsafeMutableBufferPointer<_Cursor>, live: Int, upper: Double, bounds: Bounds
  ) -> Int {
    var kept = 0
    for c in 0..<live {
      let position = cursors[c].position, rest = Int(cursors[c].rest)
      let n = _scan(position, Swift.min(_runChunk, rest), upper, bounds)
      if n > 0 {
        cursors[kept] = _Cursor(position: position, run: Int32(truncatingIfNeeded: n), rest: _rest(n, rest))
        kept += 1
      }
    }
    return kept
  }

  /// Moves a cursor on; returns `false` when its run of answers is done. At the end of what
  /// was scanned, scans up to ``_runChunk`` more of the lane.
  ///
  /// - Complexity: O(1), amortized over the answers it scans ahead.
  @inlinable @inline(__always)
  internal static func _advance<Bounds: IntervalBounds>(
    _ cursor: inout _Cursor, upper: Double, bounds: Bounds
  ) -> Bool {
    cursor.position += 1
    cursor.run &-= 1
    if cursor.run > 0 { return true }
    let rest = Int(cursor.rest)
    let n = _scan(cursor.position, Swift.min(_runChunk, rest), upper, bounds)
    cursor.run = Int32(truncatingIfNeeded: n)
    cursor.rest = _rest(n, rest)
    return n > 0
  }

  /// How many elements from `start` on, up to `limit`, start above `upper`: a run of answers.
  ///
  /// - Complexity: O(limit) bound reads, at most.
  @inlinable @inline(__always)
  internal static func _scan<Bounds: IntervalBounds>(
    _ start: UnsafePointer<Int32>, _ limit: Int, _ upper: Double, _ bounds: Bounds
  ) -> Int {
    var n = 0
    while n < limit && bounds.minY(Int(start[n])) < upper { n += 1 }
    return n
  }

  /// What is left to scan of `rest` elements after a scan found `n` answers: none when the scan
  /// stopped before its limit (the run's end is found).
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  internal static func _rest(_ n: Int, _ rest: Int) -> UInt32 {
    n < Swift.min(_runChunk, rest) ? 0 : UInt32(truncatingIfNeeded: rest - n)
  }

  /// When every run's end is known and the runs' ids are dense in the range they span (at most
  /// twice as many ids as answers, plus eight), visits the answers by scanning that range of ids
  /// in order, testing each id's interval, and returns `true`; otherwise returns `false` and
  /// visits nothing. Every id below the index's count is in some lane, and a lane's answers are
  /// exactly its ids whose interval ends below `lower` and starts above `upper` (both bounds
  /// never decrease along a lane), so the scan visits the merge's answers in the merge's order.
  /// It reads the bounds in id order, with no comparison of the lanes' heads: in a waterfall,
  /// where the answer to a viewport is nearly every id between its first and last, it takes the
  /// merge's unpredictable choice of lane out of each answer.
  ///
  /// - Complexity: O(L) to decide; then O(k) bound reads for k answers (the range is at most
  ///   2k + 8 ids).
  @inlinable
  internal static func _scanDense<Bounds: IntervalBounds, Visitor: _IntervalVisitor>(
    _ cursors: UnsafeMutableBufferPointer<_Cursor>, live: Int, _ lower: Double, _ upper: Double,
    _ bounds: Bounds, _ visitor: inout Visitor
  ) -> Bool {
    guard live > 1 else { return false }
    var first = Int32.max, last = Int32.min, answers = 0
    for c in 0..<live {
      let cursor = cursors[c]
      if cursor.rest != 0 { return false }  // a run longer than the chunk: its end is unknown
      first = Swift.min(first, cursor.id)
      last = Swift.max(last, cursor.position[Int(cursor.run) - 1])
      answers &+= Int(cursor.run)
    }
    let span = Int(last) - Int(first) + 1
    guard span <= 2 &* answers &+ 8 else { return false }
    _scanRange(Int(first)..<(Int(last) + 1), lower, upper, bounds, &visitor)
    return true
  }

  /// Visits, in order, the ids of `ids` whose interval overlaps `(lower, upper)`
  /// (`maxY > lower && minY < upper`), until the visitor stops. The dense scan's loop, and the
  /// layouts' when their id blocks (`_IDBlocks`) give the range. Inlined into its callers: the
  /// layouts' section query then builds its visitor in place, where a call copied the visitor's
  /// 216 bytes in and out (about 110 instructions a viewport query, callgrind, round forty-one).
  ///
  /// - Complexity: O(`ids.count`) bound reads.
  @inlinable @inline(__always)
  internal static func _scanRange<Bounds: IntervalBounds, Visitor: _IntervalVisitor>(
    _ ids: Range<Int>, _ lower: Double, _ upper: Double, _ bounds: Bounds, _ visitor: inout Visitor
  ) {
    // The visitor in a local for the scan, put back at the end: through the `inout` parameter
    // (an address the answers' stores might alias, for all the compiler knows) each visit
    // loaded the visitor's fields again and stored its state back. Moved there, not copied: a
    // visitor may hold a sink whose buffer a copy would share, and the next answer appended
    // would then copy the whole buffer (one copy a section, quadratic over a query's sections).
    var local = consume visitor
    defer { visitor = local }
    // Two passes over each chunk of 64 ids: the first tests every id into a bit mask, with no
    // branch (vector comparisons); the second visits the ids whose bit is set.
    // A branch on each test was mispredicted at the edges of the answers' run, and each
    // misprediction waited on a bound read that missed the cache; the first pass's reads are
    // independent of each other, so their misses overlap. The first pass takes the ids in pairs,
    // each pair's two bits from the comparisons' sign bits (`bits`), and an odd count's last id
    // as a pair of itself: one id at a time, as `all(SIMD2(lower, minY) .< SIMD2(maxY, upper))`,
    // it was about 55 instructions more a viewport query (callgrind, round forty-one).
    /// Ids `a` and `b`'s tests as bits 0 and 1: `maxY > lower && minY < upper` for each.
    @inline(__always) func bits(_ a: Int, _ b: Int) -> UInt64 {
      let tops = SIMD2(bounds.minY(a), bounds.minY(b))
      let bottoms = SIMD2(bounds.maxY(a), bounds.maxY(b))
      let hit = (SIMD2(repeating: lower) .< bottoms) .& (tops .< SIMD2(repeating: upper))
      let lanes = unsafeBitCast(hit, to: SIMD2<Int64>.self)
      return (UInt64(bitPattern: lanes[0]) &>> 63) | ((UInt64(bitPattern: lanes[1]) &>> 63) &<< 1)
    }
    var chunk = ids.lowerBound
    let end = ids.upperBound
    while chunk < end {
      let count = Swift.min(64, end &- chunk)
      var mask: UInt64 = 0
      var i = 0
      while i &+ 1 < count {
        mask |= bits(chunk &+ i, chunk &+ i &+ 1) &<< UInt64(i)
        i &+= 2
      }
      if i < count {  // an odd count's last id, as a pair of itself: bit 0 is its test
        mask |= (bits(chunk &+ i, chunk &+ i) & 1) &<< UInt64(i)
      }
      while mask != 0 {
        if !local.visit(chunk &+ mask.trailingZeroBitCount) { return }
        mask &= mask &- 1
      }
      chunk &+= count
    }
  }

  /// Merges up to eight lanes by scanning their heads, `cursors[0 ..< live]`: fewer branches
  /// than a heap. An exhausted cursor is overwritten by the last live one (cursors are plain
  /// pointers, so overwriting an initialized one is fine).
  @inlinable
  internal static func _mergeLinear<Bounds: IntervalBounds, Visitor: _IntervalVisitor>(
    _ cursors: UnsafeMutableBufferPointer<_Cursor>, live: Int, upper: Double, bounds: Bounds,
    _ visitor: inout Visitor
  ) {
    var live = live
    var local = consume visitor  // moved to a local for the merge: see `_scanRange`
    defer { visitor = local }
    while live > 0 {
      var best = 0
      var bestId = cursors[0].id
      for c in 1..<live where cursors[c].id < bestId {
        best = c
        bestId = cursors[c].id
      }
      if !local.visit(Int(bestId)) { return }
      if !_advance(&cursors[best], upper: upper, bounds: bounds) {
        live -= 1
        cursors[best] = cursors[live]
      }
    }
  }

  /// Merges many lanes, `heap[0 ..< live]`, with a binary min-heap of their head ids.
  @inlinable
  internal static func _mergeHeap<Bounds: IntervalBounds, Visitor: _IntervalVisitor>(
    _ heap: UnsafeMutableBufferPointer<_Cursor>, live: Int, upper: Double, bounds: Bounds,
    _ visitor: inout Visitor
  ) {
    var size = live
    func siftDown(_ start: Int) {
      var i = start
      while true {
        let l = 2 * i + 1, r = l + 1
        var m = i
        if l < size, heap[l].id < heap[m].id { m = l }
        if r < size, heap[r].id < heap[m].id { m = r }
        if m == i { return }
        heap.swapAt(i, m)
        i = m
      }
    }
    var i = size / 2
    while i > 0 {
      i -= 1
      siftDown(i)
    }
    var local = consume visitor  // moved to a local for the merge: see `_scanRange`
    defer { visitor = local }
    while size > 0 {
      if !local.visit(Int(heap[0].id)) { return }
      if !_advance(&heap[0], upper: upper, bounds: bounds) {
        size -= 1
        heap[0] = heap[size]
      }
      siftDown(0)
    }
  }
}

extension IntervalIndex {
  /// The ids of lane `l`, in order.
  ///
  /// - Complexity: O(n) for the lane's n ids.
  internal func _ids(ofLane l: Int) -> ArraySlice<Int32> {
    let region = _lanes[l]
    return _ids[region.start..<(region.start + region.count)]
  }

  /// Checks the storage (regions disjoint, inside the buffer, waste accounted for) and the lane
  /// invariant against `bounds`: ids increase, both ends never decrease, and every lane has its
  /// samples, each its element's bottom, and the two levels above them. Returns the first violation as a message, or `nil`.
  ///
  /// - Complexity: O(n + L·log L).
  package func _violation<Bounds: IntervalBounds>(in bounds: Bounds) -> String? {
    var end = 0
    for region in _lanes.sorted(by: { $0.start < $1.start }) {
      if region.count < 0 || region.count > region.capacity { return "lane region \(region) malformed" }
      if region.capacity == 0 { continue }
      if region.start < end {
        return "lane region \(region) overlaps another"
      }
      end = region.start + region.capacity
    }
    if end > _ids.count { return "lane regions end at \(end), past the buffer's \(_ids.count)" }
    if _ids.count - _lanes.reduce(0, { $0 + $1.capacity }) != _waste { return "waste miscounted" }
    if !_samples.isEmpty && _samples.count != Self._sampleSlots(_ids.count) {
      return "\(_samples.count) sample slots for \(_ids.count) id slots, not \(Self._sampleSlots(_ids.count))"
    }
    for laneNumber in _lanes.indices {
      let lane = _ids(ofLane: laneNumber)
      let expected = stride(from: lane.startIndex + (1 << Self._sampleShift), to: lane.endIndex, by: 1 << Self._sampleShift).map {
        bounds.maxY(Int(lane[$0]))
      }
      if expected != _samples(ofLane: laneNumber) { return "lane \(laneNumber): samples out of date" }
      // Each level above: every 8th entry of the level below, when that has more than 8.
      func above(_ level: [Double]) -> [Double] {
        level.count > 8 ? stride(from: 0, to: level.count, by: 8).map { level[$0] } : []
      }
      let coarse = above(expected)
      if coarse != _lanes[laneNumber].coarse { return "lane \(laneNumber): coarse samples out of date" }
      if above(coarse) != _lanes[laneNumber].coarsest {
        return "lane \(laneNumber): coarsest samples out of date"
      }
      for p in lane.indices.dropFirst() {
        let a = Int(lane[p - 1]), b = Int(lane[p])
        if a >= b { return "lane \(laneNumber): ids \(a), \(b) not increasing" }
        let ba = (bounds.minY(a), bounds.maxY(a)), bb = (bounds.minY(b), bounds.maxY(b))
        if !(ba.0 <= bb.0 && ba.1 <= bb.1) {
          return "lane \(laneNumber): element \(b) \(bb) starts or ends above element \(a) \(ba)"
        }
      }
    }
    return nil
  }

  /// That the index holds exactly the ids `0 ..< count`, each in the lane `source` says, and
  /// then ``_violation(in:)``. Ids are checked against `count` before `source` is asked about
  /// them, so a corrupt index cannot make the check read outside the layout's records.
  ///
  /// - Complexity: O(n + count).
  package func _violation<Source: IntervalLaneSource>(count: Int, in source: Source) -> String? {
    var seen = [Bool](repeating: false, count: Swift.max(0, count))
    for laneNumber in _lanes.indices {
      for id in _ids(ofLane: laneNumber).lazy.map(Int.init) {
        guard seen.indices.contains(id) else { return "lane \(laneNumber): id \(id) outside 0..<\(count)" }
        if seen[id] { return "id \(id) twice" }
        seen[id] = true
      }
    }
    if let missing = seen.firstIndex(of: false) { return "id \(missing) missing" }
    for laneNumber in _lanes.indices {
      for id in _ids(ofLane: laneNumber).lazy.map(Int.init) where source.lane(id) != laneNumber {
        return "id \(id) in lane \(laneNumber), not \(source.lane(id))"
      }
    }
    return _violation(in: source)
  }

  /// ``_violation(in:)`` with the bounds as a closure, for tests.
  ///
  /// - Complexity: O(n + L·log L).
  package func _violation(bounds: (Int) -> (minY: Double, maxY: Double)) -> String? {
    withoutActuallyEscaping(bounds) { _violation(in: _ClosureIntervalBounds($0)) }
  }

  /// The ids of every lane, for tests.
  package var _laneContents: [[Int]] { _lanes.indices.map { _ids(ofLane: $0).map(Int.init) } }
}

extension Collection where Index == Int {
  /// The first index whose element satisfies `predicate`, for a predicate that is false up to
  /// some index and true from there on; `endIndex` when it is never true. Whatever `predicate`
  /// answers, the result is in `startIndex ... endIndex` and only indices inside are read.
  ///
  /// - Complexity: O(log n).
  @inlinable
  package func _firstIndex(_ predicate: (Element) -> Bool) -> Int {
    var low = startIndex, high = endIndex
    // startIndex <= low < high <= endIndex: the unchecked arithmetic cannot overflow, and the
    // shift is the division by 2 of a non-negative number without the sign fix-up.
    while low < high {
      let mid = low &+ ((high &- low) &>> 1)
      if predicate(self[mid]) { high = mid } else { low = mid &+ 1 }
    }
    return low
  }
}
