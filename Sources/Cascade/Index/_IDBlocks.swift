// The id blocks: a section's ids in blocks of sixteen, each with the smallest top and the largest
// bottom of its elements, and an 8-ary tree of both above them.
//
// Map:
//   _IDBlocks             the two trees in two flat arrays, levels bottom up, sized for a
//                         capacity of blocks; the number of ids they cover
//   _reserve / _widen / _syncLevels   maintenance (the waterfall's placement, which writes the
//                         leaves itself as it places items, and the column walk)
//   _syncEnvelope         the running envelope of a large section's blocks, and its guides
//   _guessedCandidates    the ids a query must test, from the envelope: a guess and two windows
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
/// A large section (storage for ``largeSectionBlocks`` blocks or more) also keeps the blocks'
/// running envelope (``_envelope``): for each block the largest bottom of it and every block
/// before it, and the smallest top of it and every block after it. Both never decrease along
/// the ids, so the block where each crosses a query's bound is found by counting, in a short
/// window where a guess puts it (``_guessedCandidates(_:count:capacity:scale:_:_:)``): one read
/// that misses the cache, against the descents' chain of a miss a level at the trees' two lowest
/// levels. It gives exactly the descents' range, or `nil` when the guess was too far off.
///
/// Storage: level k has ⌈B / 8ᵏ⌉ entries for B blocks, up to the first level of at most eight;
/// the levels live bottom up, each level's region sized for `_capacity` blocks, so that appends
/// within the capacity move nothing; both trees in one array, the smallest-top tree first.
/// 2 × 8/7 doubles per block of sixteen ids: about 1.15 bytes per id; the envelope, where kept,
/// 2 × (1 + 1/64) doubles per block more: about 1 byte per id.
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
  /// The running envelope of the blocks, ``_envelopeSize(capacity:)`` entries, or empty when the
  /// storage was made without it (``_reserve(blocks:keeping:envelopeFrom:)``). For each block
  /// `b` covered: entry `b` is the largest bottom of blocks `0 ... b`, and entry `_capacity + b`
  /// the smallest top of blocks `b ..< B`. Then the guides, one entry for each 64 blocks
  /// (``groupShift``): the first half's entry at each group's last block, and the second half's
  /// at each group's first block, each ``_groups(_:)`` of the capacity long.
  @usableFromInline internal var _envelope: [Double] = []
  /// The blocks covered over the largest bottom of them all, when the envelope is kept and that
  /// bottom is positive and finite; 0 otherwise. A bound times this is about the block where
  /// the envelope crosses it, when the section's ids run down the page as a waterfall's do: a
  /// query's first guess (``_guessedCandidates(_:count:capacity:scale:_:_:)``).
  @usableFromInline internal var _scale: Double = 0

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
      _envelope = []
    }
    _scale = 0
  }

  /// Makes room for `blocks` blocks, keeping the first `kept` blocks' leaves (the levels above,
  /// and the envelope, are written again by the next ``_syncLevels(count:_:)`` from block 0 when
  /// the storage moved). The new storage keeps the envelope when its capacity is at least
  /// `envelopeFrom` blocks (``envelopeThreshold``; tests ask for it sooner). Returns whether it
  /// moved. Amortized O(1) per block: the room at least doubles.
  internal mutating func _reserve(
    blocks: Int, keeping kept: Int, envelopeFrom: Int = envelopeThreshold
  ) -> Bool {
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
    _envelope = capacity >= envelopeFrom
      ? [Double]._repeating(0, count: Self._envelopeSize(capacity: capacity)) : []
    _scale = 0
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
  /// have; and the envelope, where kept (``_syncEnvelope(blocks:_:_:)``). The blocks below
  /// `changed` must be those of the old count, and a count cut back inside a block must have
  /// had that block's leaf written again.
  ///
  /// - Complexity: O(`changed.count` + log n) plus the envelope's entries the change reaches,
  ///   or O(n / 7) when a level appears.
  internal mutating func _syncLevels(count: Int, _ changed: Range<Int>) {
    let blocks = Self._blocks(count)
    var low = changed.lowerBound, high = _count == count ? Swift.min(changed.upperBound, blocks) : blocks
    // The levels the old count had, the leaves included: a level above them is written whole.
    var oldLevels = 1
    while Self._size(Self._blocks(_count), level: oldLevels - 1) > 8 { oldLevels += 1 }
    let countChanged = _count != count
    _count = count
    if !_envelope.isEmpty {
      _syncEnvelope(blocks: blocks, changed.lowerBound, countChanged ? blocks : changed.upperBound)
    }
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

  /// The storage capacity, in blocks, from which a section keeps the envelope:
  /// ``largeSectionBlocks``. Built with `CASCADE_INTERNAL_CHECKS`, one block: every section
  /// with items keeps it, so that every test and fuzzer that queries a layout takes the
  /// envelope's path, each range it gives checked against the descents'
  /// (`_SectionedLayout._candidates`); the release build and the sanitizer suites keep the
  /// real threshold.
  @inlinable static var envelopeThreshold: Int {
    #if CASCADE_INTERNAL_CHECKS
    1
    #else
    largeSectionBlocks
    #endif
  }

  /// 8,192 blocks, 131,072 ids: a large section, which keeps the envelope. Below it the trees'
  /// two lowest levels (at most 64 KB each) mostly stay in cache from one query to the next,
  /// and the descents cost less than the envelope's guess (`Docs/PerformanceRounds.md`, round
  /// forty-three).
  @inlinable static var largeSectionBlocks: Int { 8192 }

  /// log2 of the blocks a guide entry stands for: groups of 64 blocks (1,024 ids).
  @inlinable static var groupShift: Int { 6 }

  /// The groups of 64 blocks that hold `blocks` blocks: ⌈blocks / 64⌉. O(1).
  @inlinable @inline(__always)
  internal static func _groups(_ blocks: Int) -> Int { (blocks &+ 63) &>> groupShift }

  /// The envelope's entries for a capacity of `blocks`: both halves, then both guides. O(1).
  @inlinable @inline(__always)
  internal static func _envelopeSize(capacity blocks: Int) -> Int { 2 &* blocks &+ 2 &* _groups(blocks) }

  /// Writes the envelope for `blocks` blocks after the leaves of blocks `low ..< high` changed
  /// (`high` is `blocks` when the count changed): those blocks' entries, and the entries the
  /// change reaches beyond them. The running largest bottom is written on from `low` until,
  /// past `high`, it comes out as it was (from there on it is the same maximum of the same
  /// leaves); the running smallest top down from `high` until, below `low`, it comes out as it
  /// was. Then the guides of the groups those entries are in, and the ``_scale``. Reads the
  /// envelope's old entries only where the last sync wrote them.
  ///
  /// - Complexity: O(`high - low` + the entries that changed beyond them).
  internal mutating func _syncEnvelope(blocks: Int, _ low: Int, _ high: Int) {
    let capacity = _capacity, treeEntries = _treeEntries
    guard blocks > 0, blocks <= capacity, _envelope.count == Self._envelopeSize(capacity: capacity),
      _levels.count >= 2 &* treeEntries, treeEntries >= capacity
    else {
      _scale = 0
      return
    }
    let low = Swift.min(Swift.max(low, 0), blocks), high = Swift.max(low, Swift.min(high, blocks))
    var scale = 0.0
    _levels.withUnsafeBufferPointer { levels in
      let tops = levels.baseAddress!, bottoms = tops + treeEntries
      _envelope.withUnsafeMutableBufferPointer { envelope in
        let largest = envelope.baseAddress!, smallest = largest + capacity
        var b = low
        var running = b == 0 ? -Double.infinity : largest[b - 1]
        while b < blocks {
          let bottom = bottoms[b]
          let next = bottom > running ? bottom : running
          if b >= high && next.bitPattern == largest[b].bitPattern { break }
          largest[b] = next
          running = next
          b += 1
        }
        let largestEnd = b  // entries low ..< largestEnd were written
        b = high
        running = b == blocks ? Double.infinity : smallest[b]
        while b > 0 {
          let next = tops[b - 1] < running ? tops[b - 1] : running
          if b - 1 < low && next.bitPattern == smallest[b - 1].bitPattern { break }
          b -= 1
          smallest[b] = next
          running = next
        }
        // Entries b ..< high were written. The guides of the groups holding any entry written
        // (the last group's among them when the count changed: `high` is then `blocks`).
        let groups = Self._groups(blocks)
        let largestGuide = smallest + capacity, smallestGuide = largestGuide + Self._groups(capacity)
        let shift = Self.groupShift
        var g = b >> shift
        let guideEnd = Swift.min(groups, Self._groups(Swift.max(largestEnd, high)))
        while g < guideEnd {
          largestGuide[g] = largest[Swift.min(blocks, (g + 1) << shift) - 1]
          smallestGuide[g] = smallest[g << shift]
          g += 1
        }
        let end = largest[blocks - 1]
        scale = end > 0 && end.isFinite ? Double(blocks) / end : 0
      }
    }
    _scale = scale
  }

  /// The ids a query for `(lower, upper)` must test, exactly as the descents find them
  /// (``_candidates(_:_:count:capacity:_:_:)``), from the envelope `envelope` (``_envelope``),
  /// or `nil` when the guesses were too far off (or the storage is not what the capacity says):
  /// the caller then descends the trees. Reads only inside `envelope`, whatever it holds.
  ///
  /// Each end, side by side: the guess `bound × scale` picks a window of eight guide entries,
  /// which must hold the crossing (counting the entries on the near side of the bound finds it,
  /// since the entries never decrease); that gives the group of 64 blocks the crossing is in,
  /// and the guide entries on either side of it. The bound's place between those two, linearly,
  /// picks a window of sixteen entries inside the group, and counting finds the crossing when the
  /// window holds it; the whole group is counted when it does not. At 1M ids in a waterfall the
  /// guides stay in cache (about 16 KB), and the window is one read that misses, where the
  /// descents read the trees' two lowest levels one after the other.
  ///
  /// - Complexity: O(1): at most 8 guide entries and 64 entries of each half.
  @inlinable @inline(__always)
  internal static func _guessedCandidates(
    _ envelope: UnsafeBufferPointer<Double>, count: Int, capacity: Int, scale: Double,
    _ lower: Double, _ upper: Double
  ) -> Range<Int>? {
    let blocks = _blocks(count)
    let guessStart = lower * scale, guessEnd = upper * scale
    // The comparisons also refuse NaN: every guess converts to an `Int`.
    guard blocks > 0, blocks <= capacity, envelope.count >= _envelopeSize(capacity: capacity),
      let largest = envelope.baseAddress,
      guessStart > -1e15, guessStart < 1e15, guessEnd > -1e15, guessEnd < 1e15
    else { return nil }
    let smallest = largest + capacity
    let groups = _groups(blocks)
    let largestGuide = smallest + capacity, smallestGuide = largestGuide + _groups(capacity)
    /// The entries of `values` in `a ..< b` on the near side of `y`: below it when `strict`, else
    /// at most `y`. The entries never decrease, so these are the window's first ones.
    @inline(__always) func counted(
      _ values: UnsafePointer<Double>, _ a: Int, _ b: Int, _ y: Double, strict: Bool
    ) -> Int {
      var n = 0
      var i = a
      while i < b {
        n &+= (strict ? values[i] < y : values[i] <= y) ? 1 : 0
        i &+= 1
      }
      return n
    }
    /// Whether the window `a ..< b` of the entries `low ..< high`, `n` of them on the near side,
    /// holds the crossing: an entry on either side of it, or the end of the entries.
    @inline(__always) func holds(_ n: Int, _ a: Int, _ b: Int, of low: Int, _ high: Int) -> Bool {
      (n > 0 || a == low) && (n < b &- a || b == high)
    }
    let lastWindow = Swift.max(groups &- 8, 0)
    // The first group whose last running largest bottom passes `lower`, and the last whose
    // first running smallest top is below `upper`: the entries before each crossing counted.
    let j0 = Swift.min(Swift.max((Int(guessStart) &>> groupShift) &- 4, 0), lastWindow)
    let j1 = Swift.min(groups, j0 &+ 8)
    let k0 = Swift.min(Swift.max((Int(guessEnd) &>> groupShift) &- 4, 0), lastWindow)
    let k1 = Swift.min(groups, k0 &+ 8)
    let below = counted(largestGuide, j0, j1, lower, strict: false)
    let above = counted(smallestGuide, k0, k1, upper, strict: true)
    guard holds(below, j0, j1, of: 0, groups), holds(above, k0, k1, of: 0, groups) else { return nil }
    let first = j0 &+ below, last = k0 &+ above &- 1
    // No block ends below `lower`, none starts above `upper`, or the first is past the last.
    if first == groups || last < 0 || first > last { return 0..<0 }
    /// The entries of `values` in group `group` on the near side of `y` (`<` when `strict`,
    /// else `<=`), counted from the group's first: `y`'s place between `a` and `b`, the
    /// entries just before the group and at its end, picks a window of sixteen.
    @inline(__always) func crossing(
      _ values: UnsafePointer<Double>, group: Int, from a: Double, to b: Double, _ y: Double, strict: Bool
    ) -> Int {
      let g0 = group &<< groupShift, g1 = Swift.min(blocks, g0 &+ 64)
      let f = (y - a) / (b - a) * Double(g1 &- g0)
      let guess = f > 0 && f < 64 ? g0 &+ Int(f) : f >= 64 ? g1 : g0
      let w0 = Swift.min(Swift.max(guess &- 8, g0), Swift.max(g1 &- 16, g0)), w1 = Swift.min(g1, w0 &+ 16)
      let n = counted(values, w0, w1, y, strict: strict)
      return holds(n, w0, w1, of: g0, g1) ? w0 &+ n : g0 &+ counted(values, g0, g1, y, strict: strict)
    }
    let s = crossing(
      largest, group: first, from: first > 0 ? largestGuide[first &- 1] : smallest[0], to: largestGuide[first],
      lower, strict: false)
    let e = crossing(
      smallest, group: last, from: smallestGuide[last],
      to: last &+ 1 < groups ? smallestGuide[last &+ 1] : largest[blocks &- 1], upper, strict: true) &- 1
    if s > e { return 0..<0 }
    return (s &<< idShift)..<Swift.min(count, (e &<< idShift) &+ blockSize)
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

  /// The first way the envelope differs from the running largest of `bottoms` and smallest of
  /// `tops` over `blocks` blocks, its guides or the scale from them, or `nil`. O(n).
  private func _envelopeViolation(blocks: Int, tops: [Double], bottoms: [Double]) -> String? {
    if _envelope.isEmpty {
      return _scale == 0 ? nil : "id blocks: a scale of \(_scale) with no envelope"
    }
    let capacity = _capacity
    if _envelope.count != Self._envelopeSize(capacity: capacity) {
      return "id blocks: \(_envelope.count) envelope entries for a capacity of \(capacity)"
    }
    if blocks == 0 { return _scale == 0 ? nil : "id blocks: a scale of \(_scale) with no blocks" }
    var largest = [Double](repeating: 0, count: blocks), smallest = largest
    var running = -Double.infinity
    for b in 0..<blocks {
      running = bottoms[b] > running ? bottoms[b] : running  // as the sync takes it: ±0 and NaN alike
      largest[b] = running
    }
    running = .infinity
    for b in (0..<blocks).reversed() {
      running = tops[b] < running ? tops[b] : running
      smallest[b] = running
    }
    for b in 0..<blocks where _envelope[b].bitPattern != largest[b].bitPattern
      || _envelope[capacity + b].bitPattern != smallest[b].bitPattern {
      return "id blocks: envelope at block \(b) is (\(_envelope[capacity + b]), \(_envelope[b])), not (\(smallest[b]), \(largest[b]))"
    }
    let groups = Self._groups(blocks), guides = 2 * capacity, guideCapacity = Self._groups(capacity)
    for g in 0..<groups {
      let expected = (largest[Swift.min(blocks, (g + 1) << Self.groupShift) - 1], smallest[g << Self.groupShift])
      let found = (_envelope[guides + g], _envelope[guides + guideCapacity + g])
      if found.0.bitPattern != expected.0.bitPattern || found.1.bitPattern != expected.1.bitPattern {
        return "id blocks: guide \(g) is \(found), not \(expected)"
      }
    }
    let end = largest[blocks - 1]
    let scale = end > 0 && end.isFinite ? Double(blocks) / end : 0
    return _scale.bitPattern == scale.bitPattern ? nil : "id blocks: scale \(_scale), not \(scale)"
  }

  /// The first way the blocks differ from the bounds of ids `0 ..< count`, as a message, or
  /// `nil`: the count; each leaf, which holds its ids' bounds (`exact`: is their smallest top
  /// and largest bottom, to the bit; otherwise it may be wider, as ``_widen(_:_:_:_:_:)``
  /// leaves it); each entry above, the smallest and largest of its children, to the bit; and
  /// the envelope, where kept, with its guides and the scale, from the leaves, to the bit.
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
    if let violation = _envelopeViolation(blocks: blocks, tops: tops, bottoms: bottoms) { return violation }
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
