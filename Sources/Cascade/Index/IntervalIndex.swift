// The interval index: element ids split into lanes, each lane monotone on the scroll axis.
//
// Map:
//   IntervalIndex            lanes of ids; append / truncate / query
//   forEachOverlapping       per-lane binary search, then a merge by id (linear for few lanes,
//                            a heap for many)

/// Where an ``IntervalIndex`` reads the interval of an element id: the layout's own frames.
///
/// A concrete type rather than a closure, so that a query specializes on it and the bound reads
/// inline into the binary searches.
public protocol IntervalBounds {
  /// The top of element `id`'s interval.
  func minY(_ id: Int) -> Double
  /// The bottom of element `id`'s interval.
  func maxY(_ id: Int) -> Double
}

/// Interval bounds that also know each element's lane: what ``IntervalIndex/replaceAll(count:from:)``
/// builds an index from.
public protocol IntervalLaneSource: IntervalBounds {
  /// The lane element `id` belongs in.
  func lane(_ id: Int) -> Int
}

/// Interval bounds given by a closure returning `(minY, maxY)`: convenient, slower than a
/// concrete ``IntervalBounds`` type in a hot loop.
public struct ClosureIntervalBounds: IntervalBounds {
  @usableFromInline let bounds: (Int) -> (minY: Double, maxY: Double)
  /// Wraps `bounds`.
  @inlinable public init(_ bounds: @escaping (Int) -> (minY: Double, maxY: Double)) { self.bounds = bounds }
  @inlinable public func minY(_ id: Int) -> Double { bounds(id).minY }
  @inlinable public func maxY(_ id: Int) -> Double { bounds(id).maxY }
}

/// What an ``IntervalIndex`` query hands each id to, as a concrete type so that the whole query
/// specializes and inlines: no closure call per answer.
public protocol IntervalVisitor {
  /// Takes the next id, in increasing order; returns `false` to stop the query.
  mutating func visit(_ id: Int) -> Bool
}

/// An ``IntervalVisitor`` that calls a closure.
public struct ClosureIntervalVisitor: IntervalVisitor {
  @usableFromInline let body: (Int) -> Bool
  /// Wraps `body`.
  @inlinable public init(_ body: @escaping (Int) -> Bool) { self.body = body }
  @inlinable public func visit(_ id: Int) -> Bool { body(id) }
}

/// An index over the scroll axis that answers "which elements overlap `[lower, upper)`?" in
/// O(L·log n + k·log L) for n elements, k answers and L lanes, answers in element-id order.
///
/// Elements are identified by an id (their index in the layout's own storage, which is also spec
/// order) and live in one *lane* each. Inside a lane, ids increase and both ends of the
/// intervals never decrease: that is the lane invariant. A waterfall column is such a lane (items
/// are stacked downward in index order), and so is a list; a layout puts each element in the lane
/// of its first column. The index stores only the ids, four bytes per element; the interval of an
/// id is read back from the layout's own frames through the `bounds` closure of the query, so
/// nothing is stored twice but a sample of every sixteenth bottom.
///
/// Why lanes: in a lane, "the first element whose bottom is below `lower`" and "the first
/// element whose top is at or below `upper`" are two binary searches, and everything between
/// them overlaps. A balanced interval tree or an implicit interval tree over intervals sorted by
/// start give O(log n + k) too, but answer in start order, so spec order costs a sort of the
/// answers; they also store each interval again. Fixed-height buckets are O(1) to look up but
/// their cost depends on item heights. See `Docs/Architecture.md`.
///
///     var index = IntervalIndex(laneCount: 2)
///     index.append(0, lane: 0, maxY: 100)   // element 0 is [0, 100)
///     index.append(1, lane: 1, maxY: 50)    // element 1 is [0, 50)
///     index.append(2, lane: 1, maxY: 90)    // element 2 is [60, 90)
///     let spans: [(Double, Double)] = [(0, 100), (0, 50), (60, 90)]
///     index.forEachOverlapping(55, 70, bounds: { spans[$0] }) { print($0); return true }
///     // 0, 2
public struct IntervalIndex: Sendable {
  @usableFromInline
  internal var _lanes: [[Int32]]
  /// For each lane, the bottom (`maxY`) of every 16th element: a small, dense array the first
  /// steps of a search run in, so that a query on a large lane touches the ids and the layout's
  /// records only in its last four steps. Half a byte per element.
  @usableFromInline
  internal var _samples: [[Double]]

  /// One sample every `1 << _sampleShift` elements of a lane.
  @usableFromInline static var _sampleShift: Int { 4 }

  /// Creates an empty index with `laneCount` lanes.
  ///
  /// - Complexity: O(L).
  public init(laneCount: Int) {
    _lanes = Array(repeating: [], count: Swift.max(0, laneCount))
    _samples = Array(repeating: [], count: Swift.max(0, laneCount))
  }

  /// The number of lanes.
  public var laneCount: Int { _lanes.count }

  /// The number of ids in the index.
  ///
  /// - Complexity: O(L).
  public var count: Int { _lanes.reduce(0) { $0 + $1.count } }

  /// Adds element `id`, whose interval ends at `maxY`, to `lane`.
  ///
  /// `id` must be larger than every id already in the lane, and its interval must start and end
  /// no higher than the lane's last one (the lane invariant); `maxY` must be what the queries'
  /// bounds will report for `id`. The caller guarantees all three.
  ///
  /// - Complexity: amortized O(1).
  @inlinable
  public mutating func append(_ id: Int, lane: Int, maxY: Double) {
    if _lanes[lane].count & ((1 << Self._sampleShift) - 1) == 0 { _samples[lane].append(maxY) }
    _lanes[lane].append(Int32(truncatingIfNeeded: id))
  }

  /// Replaces the whole index with ids `0 ..< count`, id `i` in lane `source.lane(i)` ending
  /// at `source.maxY(i)`: the lane invariant must hold, as for ``append(_:lane:maxY:)``.
  ///
  /// Two passes, counting then filling storage of the exact size, so that laying out a large
  /// collection from scratch pays no per-id growth or uniqueness checks.
  ///
  /// - Complexity: O(L + count).
  @inlinable
  public mutating func replaceAll<Source: IntervalLaneSource>(count: Int, from source: Source) {
    let laneCount = _lanes.count
    // A counting sort by lane into one flat buffer, then one exact-size copy per lane.
    var offsets = [Int](repeating: 0, count: laneCount + 1)
    for id in 0..<count { offsets[source.lane(id) + 1] += 1 }
    for l in 0..<laneCount { offsets[l + 1] += offsets[l] }
    let flat = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
      offsets.withUnsafeBufferPointer { offsets in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: laneCount) { position in
          for l in 0..<laneCount { position[l] = offsets[l] }
          for id in 0..<count {
            let l = source.lane(id)
            buffer[position[l]] = Int32(truncatingIfNeeded: id)
            position[l] += 1
          }
        }
      }
      initialized = count
    }
    let step = 1 << Self._sampleShift
    for l in 0..<laneCount {
      _lanes[l] = Array(flat[offsets[l]..<offsets[l + 1]])
      _samples[l] = stride(from: offsets[l], to: offsets[l + 1], by: step).map { source.maxY(Int(flat[$0])) }
    }
  }

  /// Removes every id `>= id`, so that the elements from `id` on can be appended again.
  ///
  /// - Complexity: O(L·log n + r) for r removed ids.
  public mutating func removeAll(from id: Int) {
    for lane in _lanes.indices {
      let cut = _lanes[lane]._firstIndex { Int($0) >= id }
      _lanes[lane].removeSubrange(cut...)
      let keep = (cut + (1 << Self._sampleShift) - 1) >> Self._sampleShift
      _samples[lane].removeSubrange(keep...)
    }
  }

  /// Removes every id and sets the number of lanes.
  ///
  /// - Complexity: O(L + n).
  public mutating func reset(laneCount: Int, keepingCapacity: Bool = true) {
    if _lanes.count != laneCount {
      _lanes = Array(repeating: [], count: Swift.max(0, laneCount))
      _samples = Array(repeating: [], count: Swift.max(0, laneCount))
    } else {
      for lane in _lanes.indices {
        _lanes[lane].removeAll(keepingCapacity: keepingCapacity)
        _samples[lane].removeAll(keepingCapacity: keepingCapacity)
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
  /// - Complexity: O(L·log n + k·m) for k reported ids, where m is O(L) with at most eight
  ///   lanes and O(log L) with more. Allocates nothing: the merge state lives on the stack.
  @inlinable
  public func forEachOverlapping(
    _ lower: Double, _ upper: Double, after: Int = -1,
    bounds: (Int) -> (minY: Double, maxY: Double),
    _ body: (Int) -> Bool
  ) {
    withoutActuallyEscaping(bounds) { bounds in
      forEachOverlapping(lower, upper, after: after, in: ClosureIntervalBounds(bounds), body)
    }
  }

  /// ``forEachOverlapping(_:_:after:bounds:_:)`` reading intervals from a concrete
  /// ``IntervalBounds``: what the layouts use.
  ///
  /// - Complexity: O(L·log n + k·m), as above.
  @inlinable
  public func forEachOverlapping<Bounds: IntervalBounds>(
    _ lower: Double, _ upper: Double, after: Int = -1, in bounds: Bounds, _ body: (Int) -> Bool
  ) {
    withoutActuallyEscaping(body) { body in
      var visitor = ClosureIntervalVisitor(body)
      forEachOverlapping(lower, upper, after: after, in: bounds, visiting: &visitor)
    }
  }

  /// The query with both the bounds and the visitor concrete: what the layouts' hot paths use.
  ///
  /// - Complexity: O(L·log n + k·m), as above.
  @inlinable
  public func forEachOverlapping<Bounds: IntervalBounds, Visitor: IntervalVisitor>(
    _ lower: Double, _ upper: Double, after: Int = -1, in bounds: Bounds, visiting visitor: inout Visitor
  ) {
    let laneCount = _lanes.count
    if laneCount == 1 {
      _lanes[0].withUnsafeBufferPointer { lane in
        var p = _samples[0].withUnsafeBufferPointer { Self._start(lane, $0, lower, after, bounds) }
        while p < lane.count, bounds.minY(Int(lane[p])) < upper {
          if !visitor.visit(Int(lane[p])) { return }
          p += 1
        }
      }
      return
    }
    withUnsafeTemporaryAllocation(of: _Cursor.self, capacity: laneCount) { cursors in
      var live = 0
      for lane in 0..<laneCount {
        _lanes[lane].withUnsafeBufferPointer { ids in
          let p = _samples[lane].withUnsafeBufferPointer { Self._start(ids, $0, lower, after, bounds) }
          if p < ids.count, bounds.minY(Int(ids[p])) < upper, let base = ids.baseAddress {
            cursors[live] = _Cursor(position: base + p, end: base + ids.count)
            live += 1
          }
        }
      }
      // A lane ends at its first element starting at or below `upper`; since tops never
      // decrease in a lane, that is tested as the cursor advances.
      if live <= 8 {
        Self._mergeLinear(cursors, live: live, upper: upper, bounds: bounds, &visitor)
      } else {
        Self._mergeHeap(cursors, live: live, upper: upper, bounds: bounds, &visitor)
      }
    }
  }

  /// A position in a lane. The lanes are not mutated during a query, so raw pointers into their
  /// storage stay valid for its duration, and spare the merge a nested-array access per step.
  @usableFromInline
  internal struct _Cursor {
    @usableFromInline var position: UnsafePointer<Int32>
    @usableFromInline var end: UnsafePointer<Int32>
    @inlinable init(position: UnsafePointer<Int32>, end: UnsafePointer<Int32>) {
      self.position = position
      self.end = end
    }
    @inlinable var id: Int32 { position.pointee }
  }

  /// The first position of a lane whose interval ends below `lower` and whose id is greater
  /// than `after`: binary searches, since both bottoms and ids increase along a lane. The
  /// samples narrow the first search to sixteen positions before it reads any id.
  @inlinable
  internal static func _start<Bounds: IntervalBounds>(
    _ lane: UnsafeBufferPointer<Int32>, _ samples: UnsafeBufferPointer<Double>,
    _ lower: Double, _ after: Int, _ bounds: Bounds
  ) -> Int {
    // samples[q] is the bottom of lane[16q]. Every position up to 16(q-1) ends at or above
    // lower, and position 16q (if any) ends below it.
    let q = samples._firstIndex { $0 > lower }
    let low = q == 0 ? 0 : ((q - 1) << _sampleShift) + 1
    let high = Swift.min(lane.count, q << _sampleShift)
    let p = low + UnsafeBufferPointer(rebasing: lane[low..<high])._firstIndex { bounds.maxY(Int($0)) > lower }
    if after >= 0, p < lane.count, Int(lane[p]) <= after {
      return lane._firstIndex { Int($0) > after }
    }
    return p
  }

  /// Moves a cursor on; returns `false` when its lane has no more candidates.
  @inlinable
  internal static func _advance<Bounds: IntervalBounds>(
    _ cursor: inout _Cursor, upper: Double, bounds: Bounds
  ) -> Bool {
    cursor.position += 1
    return cursor.position < cursor.end && bounds.minY(Int(cursor.id)) < upper
  }

  /// Merges up to eight lanes by scanning their heads: fewer branches than a heap.
  @inlinable
  internal static func _mergeLinear<Bounds: IntervalBounds, Visitor: IntervalVisitor>(
    _ cursors: UnsafeMutableBufferPointer<_Cursor>, live: Int, upper: Double,
    bounds: Bounds, _ visitor: inout Visitor
  ) {
    var live = live
    while live > 0 {
      var best = 0
      var bestId = cursors[0].id
      for c in 1..<live where cursors[c].id < bestId {
        best = c
        bestId = cursors[c].id
      }
      if !visitor.visit(Int(bestId)) { return }
      if !_advance(&cursors[best], upper: upper, bounds: bounds) {
        live -= 1
        cursors[best] = cursors[live]
      }
    }
  }

  /// Merges many lanes with a binary min-heap of their head ids.
  @inlinable
  internal static func _mergeHeap<Bounds: IntervalBounds, Visitor: IntervalVisitor>(
    _ heap: UnsafeMutableBufferPointer<_Cursor>, live: Int, upper: Double,
    bounds: Bounds, _ visitor: inout Visitor
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
    while size > 0 {
      if !visitor.visit(Int(heap[0].id)) { return }
      if !_advance(&heap[0], upper: upper, bounds: bounds) {
        size -= 1
        heap[0] = heap[size]
      }
      siftDown(0)
    }
  }
}

extension IntervalIndex {
  /// Checks the lane invariant against `bounds`: ids increase, both ends never decrease, and
  /// every sample is its element's bottom. Returns the first violation as a message, or `nil`.
  ///
  /// - Complexity: O(n).
  package func _violation(bounds: (Int) -> (minY: Double, maxY: Double)) -> String? {
    for (laneNumber, lane) in _lanes.enumerated() {
      let expected = stride(from: 0, to: lane.count, by: 1 << Self._sampleShift).map { bounds(Int(lane[$0])).maxY }
      if expected != _samples[laneNumber] { return "lane \(laneNumber): samples out of date" }
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
