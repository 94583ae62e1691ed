// The interval index: element ids split into lanes, each lane monotone on the scroll axis.
//
// Map:
//   IntervalIndex            lanes of ids; append / truncate / query
//   forEachOverlapping       per-lane binary search, then a merge by id (linear for few lanes,
//                            a heap for many)

/// An index over the scroll axis that answers "which elements overlap `[lower, upper)`?" in
/// O(L·log n + k·log L) for n elements, k answers and L lanes, answers in element-id order.
///
/// Elements are identified by an id (their index in the layout's own storage, which is also spec
/// order) and live in one *lane* each. Inside a lane, ids increase and both ends of the
/// intervals never decrease: that is the lane invariant. A waterfall column is such a lane (items
/// are stacked downward in index order), and so is a list; a layout puts each element in the lane
/// of its first column. The index stores only the ids, four bytes per element; the interval of an
/// id is read back from the layout's own frames through the `bounds` closure of the query, so
/// nothing is stored twice.
///
/// Why lanes: in a lane, "the first element whose bottom is below `lower`" and "the first
/// element whose top is at or below `upper`" are two binary searches, and everything between
/// them overlaps. A balanced interval tree or an implicit interval tree over intervals sorted by
/// start give O(log n + k) too, but answer in start order, so spec order costs a sort of the
/// answers; they also store each interval again. Fixed-height buckets are O(1) to look up but
/// their cost depends on item heights. See `Docs/Architecture.md`.
///
///     var index = IntervalIndex(laneCount: 2)
///     index.append(0, lane: 0)   // element 0 is [0, 100)
///     index.append(1, lane: 1)   // element 1 is [0, 50)
///     index.append(2, lane: 1)   // element 2 is [60, 90)
///     let spans: [(Double, Double)] = [(0, 100), (0, 50), (60, 90)]
///     index.forEachOverlapping(55, 70, bounds: { spans[$0] }) { print($0); return true }
///     // 0, 2
public struct IntervalIndex: Sendable {
  @usableFromInline
  internal var _lanes: [[Int32]]

  /// Fences: for each lane, the interval end (`maxY`) of the last id of every full block of
  /// `fenceBlock` ids, when the ids were appended with ``append(_:lane:maxY:)``. A query searches
  /// the fences first (a small array that stays in cache) and then one block, instead of
  /// probing the whole lane, where every probe reads a lane entry and then that element's bounds:
  /// two dependent cache misses per probe in a large layout. A lane whose fences are missing or
  /// out of step (ids appended with ``append(_:lane:)``) is searched without them; the answer is
  /// the same either way. 8 bytes per block of 16: half a byte per id.
  @usableFromInline
  internal var _fences: [[Double]]

  /// Ids per fence: a block is searched with at most 4 probes. (Measured: blocks of 16 answer
  /// a 1M-item query faster than blocks of 64 or 8.)
  @usableFromInline
  internal static var fenceShift: Int { 4 }
  @usableFromInline
  internal static var fenceBlock: Int { 1 << fenceShift }

  /// Creates an empty index with `laneCount` lanes.
  ///
  /// - Complexity: O(L).
  public init(laneCount: Int) {
    _lanes = Array(repeating: [], count: Swift.max(0, laneCount))
    _fences = Array(repeating: [], count: Swift.max(0, laneCount))
  }

  /// The number of lanes.
  public var laneCount: Int { _lanes.count }

  /// The number of ids in the index.
  ///
  /// - Complexity: O(L).
  public var count: Int { _lanes.reduce(0) { $0 + $1.count } }

  /// Reserves room for `count` more ids in every lane's share, `count / L` each plus slack.
  ///
  /// - Complexity: O(L) plus the copy of existing ids when storage grows.
  public mutating func reserveCapacity(perLane count: Int) {
    for lane in _lanes.indices {
      _lanes[lane].reserveCapacity(_lanes[lane].count + count)
      _fences[lane].reserveCapacity((_lanes[lane].count + count) >> Self.fenceShift)
    }
  }

  /// Adds element `id` to `lane`.
  ///
  /// `id` must be larger than every id already in the lane, and its interval must start and end
  /// no higher than the lane's last one (the lane invariant); the caller guarantees both.
  ///
  /// - Complexity: amortized O(1).
  @inlinable
  public mutating func append(_ id: Int, lane: Int) {
    _lanes[lane].append(Int32(truncatingIfNeeded: id))
  }

  /// Adds element `id`, whose interval ends at `maxY`, to `lane`; as ``append(_:lane:)``, and
  /// keeps the lane's fences, which make queries on large lanes touch less memory.
  ///
  /// `maxY` must be exactly what the query's `bounds` closure will return for `id`.
  ///
  /// - Complexity: amortized O(1).
  @inlinable
  public mutating func append(_ id: Int, lane: Int, maxY: Double) {
    _lanes[lane].append(Int32(truncatingIfNeeded: id))
    if _lanes[lane].count & (Self.fenceBlock - 1) == 0 { _fences[lane].append(maxY) }
  }

  /// Removes every id `>= id`, so that the elements from `id` on can be appended again.
  ///
  /// - Complexity: O(L·log n + r) for r removed ids.
  public mutating func removeAll(from id: Int) {
    for lane in _lanes.indices {
      let cut = _lanes[lane]._firstIndex { Int($0) >= id }
      _lanes[lane].removeSubrange(cut...)
      // Full blocks before the cut keep their fences.
      let keep = Swift.min(_fences[lane].count, cut >> Self.fenceShift)
      _fences[lane].removeSubrange(keep...)
    }
  }

  /// Removes every id and sets the number of lanes.
  ///
  /// - Complexity: O(L + n).
  public mutating func reset(laneCount: Int, keepingCapacity: Bool = true) {
    if _lanes.count != laneCount {
      _lanes = Array(repeating: [], count: Swift.max(0, laneCount))
      _fences = Array(repeating: [], count: Swift.max(0, laneCount))
    } else {
      for lane in _lanes.indices {
        _lanes[lane].removeAll(keepingCapacity: keepingCapacity)
        _fences[lane].removeAll(keepingCapacity: keepingCapacity)
      }
    }
  }

  /// Calls `body` with the id of every element whose interval `[minY, maxY]` has
  /// `maxY > lower && minY < upper`, in increasing id order, skipping ids `<= after`.
  ///
  /// `bounds(id)` returns the element's `(minY, maxY)`. `body` returns `false` to stop.
  /// Zero-length intervals strictly inside the range are reported too; the caller applies
  /// any further test (the x axis, zero heights).
  ///
  /// - Complexity: O(L·log n + k·c) for k reported ids, where c is O(L) with at most eight
  ///   lanes and O(log L) with more. Allocates nothing: the merge state lives on the stack.
  @inlinable
  @inline(__always)
  public func forEachOverlapping(
    _ lower: Double, _ upper: Double, after: Int = -1,
    bounds: (Int) -> (minY: Double, maxY: Double),
    _ body: (Int) -> Bool
  ) {
    let laneCount = _lanes.count
    if laneCount == 1 {
      _lanes[0].withUnsafeBufferPointer { lane in
        var p = _fences[0].withUnsafeBufferPointer { Self._start(lane, $0, lower, after, bounds) }
        while p < lane.count, bounds(Int(lane[p])).minY < upper {
          if !body(Int(lane[p])) { return }
          p += 1
        }
      }
      return
    }
    withUnsafeTemporaryAllocation(of: (Int, Int, Int).self, capacity: laneCount) { cursors in
      var live = 0
      for lane in 0..<laneCount {
        let p = _lanes[lane].withUnsafeBufferPointer { ids in
          _fences[lane].withUnsafeBufferPointer { Self._start(ids, $0, lower, after, bounds) }
        }
        if p < _lanes[lane].count, case let id = Int(_lanes[lane][p]), bounds(id).minY < upper {
          cursors[live] = (lane, p, id)
          live += 1
        }
      }
      // A cursor is (lane, position, id at that position): the merge compares ids on the stack
      // rather than reading them back from the lanes. A lane ends at its first element starting
      // at or below `upper`; since tops never decrease in a lane, that is tested as the cursor
      // advances.
      if live <= 8 {
        _mergeLinear(cursors, live: live, upper: upper, bounds: bounds, body)
      } else {
        _mergeHeap(cursors, live: live, upper: upper, bounds: bounds, body)
      }
    }
  }

  /// The first position of a lane whose interval ends below `lower` and whose id is greater
  /// than `after`: two binary searches, since both bottoms and ids increase along a lane.
  @inlinable
  @inline(__always)
  internal static func _start(
    _ lane: UnsafeBufferPointer<Int32>, _ fences: UnsafeBufferPointer<Double>, _ lower: Double, _ after: Int,
    _ bounds: (Int) -> (minY: Double, maxY: Double)
  ) -> Int {
    let p: Int
    if fences.count == lane.count >> fenceShift && fences.count > 0 {
      // The first block whose last end is below `lower` holds the answer (or the partial block
      // after the last fence does, or nobody): the same index a search of the whole lane finds,
      // since the predicate is monotone along the lane.
      let block = fences._firstIndex { $0 > lower }
      let start = block << fenceShift
      let end = Swift.min(lane.count, start + fenceBlock)
      p = start + UnsafeBufferPointer(rebasing: lane[start..<end])._firstIndex { bounds(Int($0)).maxY > lower }
    } else {
      p = lane._firstIndex { bounds(Int($0)).maxY > lower }
    }
    if after >= 0, p < lane.count, Int(lane[p]) <= after {
      return lane._firstIndex { Int($0) > after }
    }
    return p
  }

  /// Merges up to eight lanes by scanning their heads: fewer branches than a heap.
  @inlinable
  @inline(__always)
  internal func _mergeLinear(
    _ cursors: UnsafeMutableBufferPointer<(Int, Int, Int)>, live: Int, upper: Double,
    bounds: (Int) -> (minY: Double, maxY: Double), _ body: (Int) -> Bool
  ) {
    var live = live
    while live > 0 {
      var best = 0
      var bestId = cursors[0].2
      for c in 1..<live {
        let id = cursors[c].2
        if id < bestId { best = c; bestId = id }
      }
      if !body(bestId) { return }
      let (lane, position, _) = cursors[best]
      let next = position + 1
      if next < _lanes[lane].count, case let id = Int(_lanes[lane][next]), bounds(id).minY < upper {
        cursors[best] = (lane, next, id)
      } else {
        live -= 1
        cursors[best] = cursors[live]
      }
    }
  }

  /// Merges many lanes with a binary min-heap of their head ids.
  @inlinable
  internal func _mergeHeap(
    _ heap: UnsafeMutableBufferPointer<(Int, Int, Int)>, live: Int, upper: Double,
    bounds: (Int) -> (minY: Double, maxY: Double), _ body: (Int) -> Bool
  ) {
    var size = live
    func id(_ i: Int) -> Int { heap[i].2 }
    func siftDown(_ start: Int) {
      var i = start
      while true {
        let l = 2 * i + 1, r = l + 1
        var m = i
        if l < size, id(l) < id(m) { m = l }
        if r < size, id(r) < id(m) { m = r }
        if m == i { return }
        heap.swapAt(i, m)
        i = m
      }
    }
    var i = size / 2
    while i > 0 { i -= 1; siftDown(i) }
    while size > 0 {
      if !body(id(0)) { return }
      let (lane, position, _) = heap[0]
      let next = position + 1
      if next < _lanes[lane].count, case let nextId = Int(_lanes[lane][next]), bounds(nextId).minY < upper {
        heap[0] = (lane, next, nextId)
      } else {
        size -= 1
        heap[0] = heap[size]
      }
      siftDown(0)
    }
  }
}

extension IntervalIndex {
  /// Checks the lane invariant against `bounds`: ids increase and both ends never decrease.
  /// Returns the first violation as a message, or `nil`.
  ///
  /// - Complexity: O(n).
  package func _violation(bounds: (Int) -> (minY: Double, maxY: Double)) -> String? {
    for (laneNumber, fences) in _fences.enumerated() {
      guard fences.count == _lanes[laneNumber].count >> Self.fenceShift else { continue }  // unused
      for (k, fence) in fences.enumerated() {
        let id = Int(_lanes[laneNumber][(k << Self.fenceShift) + Self.fenceBlock - 1])
        if fence != bounds(id).maxY { return "lane \(laneNumber): fence \(k) \(fence) is not the end of element \(id)" }
      }
    }
    for (laneNumber, lane) in _lanes.enumerated() {
      for p in lane.indices.dropFirst() {
        let a = Int(lane[p - 1]), b = Int(lane[p])
        if a >= b { return "lane \(laneNumber): ids \(a), \(b) not increasing" }
        let ba = bounds(a), bb = bounds(b)
        if !(ba.minY <= bb.minY && ba.maxY <= bb.maxY) {
          return "lane \(laneNumber): element \(b) \(bb) starts or ends above element \(a) \(ba)"
        }
      }
    }
    return nil
  }

  /// The ids of every lane, for tests.
  package var _laneContents: [[Int]] { _lanes.map { $0.map(Int.init) } }
}

extension Collection where Index == Int {
  /// The first index whose element satisfies `predicate`, for a predicate that is false up to
  /// some index and true from there on; `endIndex` when it is never true.
  ///
  /// - Complexity: O(log n).
  @inlinable
  internal func _firstIndex(_ predicate: (Element) -> Bool) -> Int {
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
