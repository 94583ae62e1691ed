// The id blocks: a section's ids in blocks of sixteen, each with the smallest top and the largest
// bottom of its elements, and an 8-ary tree of both above them.
//
// Map:
//   _IDBlocks             the two trees in two flat arrays, levels bottom up, sized for a
//                         capacity of blocks; the number of ids they cover
//   _reserve / _widen / _syncLevels   maintenance (the waterfall's placement, which writes the
//                         leaves itself as it places items, and the column walk)
//   _candidates           the ids a query must test: one descent of each tree, side by side
//   _violation            the check against the records (internal checks, tests)

/// A section's ids in blocks of sixteen consecutive ids, with, for each block, the smallest top
/// (`minY`) and the largest bottom (`maxY`) of its elements, and above those an 8-ary tree of
/// each: an entry of level k + 1 is the smallest (largest) of its eight children on level k.
///
/// A rect query for `(lower, upper)` has its answers between two ids: the first whose bottom is
/// below `lower` and the last whose top is above `upper`. The largest-bottom tree finds the first
/// block holding the former, and the smallest-top tree the last block holding the latter, each in
/// one descent of O(log₈ n) levels (a cache line each), the two descents side by side. In a
/// waterfall the answers to a viewport are nearly all the ids between those two, so the query
/// tests that range of ids in order (``IntervalIndex/_scanRange(_:_:_:_:_:)``): no search of
/// each lane and no merge. When the range is wide (an early tall item, a sparse layout), the
/// caller asks the interval index instead, which is output-sensitive whatever the layout.
///
/// Both trees are exact (the ids' own bounds, no rounding), so the range always holds every
/// answer. Changes are local: writing the blocks of changed ids and their ancestors costs
/// O(changed + log n).
///
/// Storage: level k has ⌈B / 8ᵏ⌉ entries for B blocks, up to the first level of at most eight;
/// the levels live bottom up, each level's region sized for `_capacity` blocks, so that appends
/// within the capacity move nothing; both trees in one array, the smallest-top tree first.
/// 2 × 8/7 doubles per block of sixteen ids: about 1.15 bytes per id.
@usableFromInline
internal struct _IDBlocks: Sendable, Equatable {
  /// The ids covered: `0 ..< _count`.
  @usableFromInline internal var _count = 0
  /// The blocks the storage has room for.
  @usableFromInline internal var _capacity = 0
  /// The entries of each tree for that capacity, ``_storage(capacity:)``: where the
  /// largest-bottom tree starts in ``_levels``. Kept so that a query works out every address it
  /// reads from the section's own fields (`_SectionedLayout._candidates`), with no loop over
  /// the levels and no read of the array's count.
  @usableFromInline internal var _treeEntries = 0
  /// Both trees in one array, each ``_storage(capacity:)`` entries: first the smallest top of
  /// each block, then of each eight blocks, and so on (levels bottom up); then the largest bottom
  /// of each, in the same order. One array rather than two: a section of twenty items allocated
  /// ten or eleven arrays (three or four columns), each about 450 instructions to allocate and
  /// 370 to free (callgrind).
  @usableFromInline internal var _levels: [Double] = []

  /// The smallest-top tree and the largest-bottom tree in `levels` (``_levels``): its two halves.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  internal static func _trees(
    _ levels: UnsafeMutableBufferPointer<Double>
  ) -> (tops: UnsafeMutableBufferPointer<Double>, bottoms: UnsafeMutableBufferPointer<Double>) {
    let half = levels.count &>> 1
    return (UnsafeMutableBufferPointer(rebasing: levels[..<half]),
            UnsafeMutableBufferPointer(rebasing: levels[half..<(half &<< 1)]))
  }

  /// ``_trees(_:)`` of a read-only buffer.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  internal static func _trees(
    _ levels: UnsafeBufferPointer<Double>
  ) -> (tops: UnsafeBufferPointer<Double>, bottoms: UnsafeBufferPointer<Double>) {
    let half = levels.count &>> 1
    return (UnsafeBufferPointer(rebasing: levels[..<half]), UnsafeBufferPointer(rebasing: levels[half..<(half &<< 1)]))
  }

  @inlinable internal init() {}

  /// The widest range of ids a query tests one by one; a wider one goes to the interval index.
  /// A constant, so the scan stays O(1) beyond the answers: at most 256 bound reads, about what
  /// the index's search of four lanes costs, for a range with no answer at all.
  @inlinable static var scanLimit: Int { 256 }

  /// The ids a block holds: 16. (Eight took 2.3 bytes an item, past round one's 48 bytes an
  /// item in all; sixteen take 1.15, for up to eight more ids tested at each end of a query's
  /// range.)
  @inlinable static var blockSize: Int { 1 &<< idShift }
  /// `log2(blockSize)`.
  @inlinable static var idShift: Int { 4 }

  /// The blocks that hold ids `0 ..< count`. O(1).
  @inlinable @inline(__always)
  internal static func _blocks(_ count: Int) -> Int { (count &+ blockSize &- 1) &>> idShift }

  /// The entries level `k` has for `n` blocks (`n` entries on level 0): ⌈n / 8ᵏ⌉. O(1).
  @inlinable @inline(__always)
  internal static func _size(_ n: Int, level k: Int) -> Int {
    n <= 0 ? 0 : ((n &- 1) &>> (3 &* k)) &+ 1
  }

  /// The entries of every level for a capacity of `blocks`, up to the first of at most eight.
  /// O(log n).
  internal static func _storage(capacity blocks: Int) -> Int {
    var total = 0, k = 0
    while true {
      let size = _size(blocks, level: k)
      total += size
      if size <= 8 { return total }
      k += 1
    }
  }

  /// Empties the blocks, keeping the storage when `keepingCapacity`. O(1), or O(n) to free.
  internal mutating func reset(keepingCapacity: Bool) {
    _count = 0
    if !keepingCapacity {
      _capacity = 0
      _treeEntries = 0
      _levels = []
    }
  }

  /// Makes room for `blocks` blocks, keeping the first `kept` blocks' leaves (the levels above
  /// are written again by the next ``_syncLevels(count:_:)`` from block 0 when the storage moved).
  /// Returns whether it moved. Amortized O(1) per block: the room at least doubles.
  internal mutating func _reserve(blocks: Int, keeping kept: Int) -> Bool {
    if blocks <= _capacity { return false }
    let capacity = _capacity == 0 ? blocks : Swift.max(blocks, 2 * _capacity)
    let size = Self._storage(capacity: capacity), oldSize = _levels.count &>> 1
    var levels = [Double]._repeating(0, count: 2 * size)
    let keep = Swift.min(kept, _capacity)
    if keep > 0 {
      levels.replaceSubrange(0..<keep, with: _levels[0..<keep])
      levels.replaceSubrange(size..<(size + keep), with: _levels[oldSize..<(oldSize + keep)])
    }
    _levels = levels
    _capacity = capacity
    _treeEntries = size
    return true
  }

  /// Widens the leaf of id `id`'s block in `tops` and `bottoms` to hold `(minY, maxY)`: the
  /// column walk's update of an item it moved, which reads nothing else. The leaf may then be
  /// wider than its ids' bounds (an item that moved down leaves its old top behind); a wider
  /// leaf still gives a range holding every answer (``_candidates(_:_:_:count:capacity:_:_:)``
  /// finds blocks no later at the start and no earlier at the end), only maybe a longer one,
  /// and the next placement over the block writes it exactly again. The caller writes the
  /// levels above (``_syncLevels(count:_:)``).
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  internal static func _widen(
    _ tops: UnsafeMutableBufferPointer<Double>, _ bottoms: UnsafeMutableBufferPointer<Double>,
    _ id: Int, _ minY: Double, _ maxY: Double
  ) {
    let b = id &>> idShift
    let top = tops[b], bottom = bottoms[b]
    tops[b] = minY < top ? minY : top
    bottoms[b] = maxY > bottom ? maxY : bottom
  }

  /// Sets the ids covered to `count` and writes the levels above the leaves for the changed
  /// blocks `changed` (every block from `changed.lowerBound` on when the count changed): each
  /// level's entries over the changed ones below, and all of a level the old count did not
  /// have. The blocks below `changed` must be those of the old count, and a count cut back
  /// inside a block must have had that block's leaf written again.
  ///
  /// - Complexity: O(`changed.count` / 7 + log n), or O(n / 7) when a level appears.
  internal mutating func _syncLevels(count: Int, _ changed: Range<Int>) {
    let blocks = Self._blocks(count)
    var low = changed.lowerBound, high = _count == count ? Swift.min(changed.upperBound, blocks) : blocks
    // The levels the old count had, the leaves included: a level above them is written whole.
    var oldLevels = 1
    while Self._size(Self._blocks(_count), level: oldLevels - 1) > 8 { oldLevels += 1 }
    _count = count
    if blocks <= 8 { return }  // the leaves are the top level
    let capacity = _capacity
    let storage = Self._storage(capacity: capacity)
    precondition(blocks <= capacity && _levels.count == 2 * storage, "id blocks past their storage")
    _levels.withUnsafeMutableBufferPointer { levels in
      let (tops, bottoms) = Self._trees(levels)
      var childOffset = 0, k = 0
      while Self._size(blocks, level: k) > 8 {
        let childSize = Self._size(blocks, level: k)
        let offset = childOffset + Self._size(capacity, level: k)
        low = k + 1 < oldLevels ? low >> 3 : 0
        high = Swift.min(Self._size(blocks, level: k + 1), (high + 7) >> 3)
        var e = low
        while e < high {
          let c0 = childOffset + (e << 3), c1 = childOffset + Swift.min(childSize, (e << 3) + 8)
          var top = tops[c0], bottom = bottoms[c0]
          for c in (c0 + 1)..<Swift.max(c0 + 1, c1) {
            top = tops[c] < top ? tops[c] : top
            bottom = bottoms[c] > bottom ? bottoms[c] : bottom
          }
          tops[offset + e] = top
          bottoms[offset + e] = bottom
          e += 1
        }
        childOffset = offset
        k += 1
      }
    }
  }

  /// The ids a query for `(lower, upper)` must test: from the first block with an element ending
  /// below `lower` to the last block with one starting above `upper`. Every id outside the range
  /// has `maxY <= lower` or `minY >= upper`. Empty when no element can overlap; `nil` when the
  /// blocks cover no ids or their storage is not what their capacity says (the caller then asks
  /// the interval index). Reads only inside `tops` and `bottoms`, whatever they hold.
  ///
  /// - Complexity: O(log₈ n): a descent of each tree, eight entries (one cache line when
  ///   aligned) a level, the two descents side by side so that their misses overlap.
  @inlinable
  internal static func _candidates(
    _ tops: UnsafeBufferPointer<Double>, _ bottoms: UnsafeBufferPointer<Double>, count: Int, capacity: Int,
    _ lower: Double, _ upper: Double
  ) -> Range<Int>? {
    let blocks = _blocks(count)
    guard blocks > 0, blocks <= capacity, let t = tops.baseAddress, let u = bottoms.baseAddress else { return nil }
    var k = 0, offset = 0
    while _size(blocks, level: k) > 8 {
      offset &+= _size(capacity, level: k)
      k &+= 1
    }
    let size = _size(blocks, level: k)
    guard offset &+ size <= tops.count, offset &+ size <= bottoms.count else { return nil }
    // The top level: the first entry ending below `lower`, the last starting above `upper`.
    var s = size, e = -1
    var j = size
    while j > 0 {
      j &-= 1
      if u[offset &+ j] > lower { s = j }
      if e < 0 && t[offset &+ j] < upper { e = j }
    }
    if s > e { return 0..<0 }
    while k > 0 {
      k &-= 1
      offset &-= _size(capacity, level: k)
      let levelSize = _size(blocks, level: k)
      // The children of the entries picked above: the first child of `s` ending below `lower`,
      // the last child of `e` starting above `upper`. Each exists when the parent's entry is
      // its children's extreme; `nil` if the storage says otherwise.
      let s0 = s &<< 3, s1 = Swift.min(levelSize, s0 &+ 8)
      let e0 = e &<< 3, e1 = Swift.min(levelSize, e0 &+ 8)
      var ns = s1, ne = -1
      var c = s1
      while c > s0 {
        c &-= 1
        if u[offset &+ c] > lower { ns = c }
      }
      c = e0
      while c < e1 {
        if t[offset &+ c] < upper { ne = c }
        c &+= 1
      }
      guard ns < s1, ne >= e0 else { return nil }
      s = ns
      e = ne
    }
    if s > e { return 0..<0 }
    return (s &<< idShift)..<Swift.min(count, (e &<< idShift) &+ blockSize)
  }

  /// The first way the blocks differ from the bounds of ids `0 ..< count`, as a message, or
  /// `nil`: the count; each leaf, which holds its ids' bounds (`exact`: is their smallest top
  /// and largest bottom, to the bit; otherwise it may be wider, as ``_widen(_:_:_:_:_:)``
  /// leaves it); and each entry above, the smallest and largest of its children, to the bit.
  ///
  /// - Complexity: O(n).
  package func _violation<Bounds: IntervalBounds>(count: Int, in bounds: Bounds, exact: Bool = true) -> String? {
    if _count != count { return "id blocks cover \(_count) ids, not \(count)" }
    let blocks = Self._blocks(count)
    if blocks > _capacity { return "id blocks: \(blocks) blocks past the capacity \(_capacity)" }
    let storage = _capacity == 0 ? 0 : Self._storage(capacity: _capacity)
    if _levels.count != 2 * storage || _treeEntries != storage {
      return "id blocks: \(_levels.count) entries and \(_treeEntries) a tree, not twice \(storage) and \(storage)"
    }
    let tops = Array(_levels[..<storage]), bottoms = Array(_levels[storage...])
    var childOffset = 0, k = 0
    var expectedTops: [Double] = [], expectedBottoms: [Double] = []
    for b in 0..<blocks {
      let ids = (b * Self.blockSize)..<Swift.min(count, (b + 1) * Self.blockSize)
      let top = ids.map(bounds.minY).min()!, bottom = ids.map(bounds.maxY).max()!
      if exact {
        expectedTops.append(top)
        expectedBottoms.append(bottom)
      } else {
        // A wider leaf is fine; the levels above must then be its own.
        if !(tops[b] <= top && bottoms[b] >= bottom) {
          return "id blocks: leaf \(b) is (\(tops[b]), \(bottoms[b])), which does not hold (\(top), \(bottom))"
        }
        expectedTops.append(tops[b])
        expectedBottoms.append(bottoms[b])
      }
    }
    while true {
      let size = Self._size(blocks, level: k)
      for e in 0..<size where tops[childOffset + e].bitPattern != expectedTops[e].bitPattern
        || bottoms[childOffset + e].bitPattern != expectedBottoms[e].bitPattern {
        return "id blocks: level \(k), entry \(e) is (\(tops[childOffset + e]), \(bottoms[childOffset + e])), not (\(expectedTops[e]), \(expectedBottoms[e]))"
      }
      if size <= 8 { return nil }
      expectedTops = stride(from: 0, to: size, by: 8).map { expectedTops[$0..<Swift.min(size, $0 + 8)].min()! }
      expectedBottoms = stride(from: 0, to: size, by: 8).map { expectedBottoms[$0..<Swift.min(size, $0 + 8)].max()! }
      childOffset += Self._size(_capacity, level: k)
      k += 1
    }
  }
}
