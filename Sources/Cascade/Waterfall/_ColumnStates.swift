// How the one-column placement loop holds the columns' states (`next`) and picks the lowest.
//
// Placing an item shortest first takes the lowest column (the leftmost of the lowest) and puts
// `(y + h) + itemSpacing` back in its place. Each item's y waits for the one before it, so a
// loop with little else to do runs at the speed of that chain. The states therefore live in
// registers for a run of items, in one of these kinds, each with a loop of its own
// (`_Section._placeOneColumnRun`):
//
//   _ColumnsInOrder   two to four, in order: the next lowest is already known, and the chain is
//                     the two additions and one `min` (about 9 cycles by the instructions'
//                     latencies). Used when the loop's reads are cheap (the source's
//                     `ordersColumns`): records already in place (a width change, an append, a
//                     change replayed from its checkpoint) and a fresh build's plain items
//                     (`_PlainItems`, round thirty-one). The checked reading of other items
//                     (`_CheckedItems`) keeps the tournament, whose instructions are fewer: its
//                     checks of each item hide the chain, and the order's extra instructions cost
//                     more there than they save (Docs/PerformanceRounds.md, round twenty-nine)
//   _TwoColumns       two, in a pair: the lower, ties to the left
//   _FourColumns      three or four, in two pairs (a fourth at +infinity): a tournament, two
//                     levels of `min`, and the winner's state replaced by masks (about 17 cycles)
//   _EightColumns     five to eight, in four pairs, padded with +infinity: two tournaments and
//                     the lower winner, three levels
//   _ScannedColumns   nine or more: the states stay in `next`, read for each item and picked by
//                     tournaments of four from the left (`_Section.leftmostLowest`)
//
// No choice branches on which state is lower, which random heights would mispredict (the
// order's one branch is taken on a tie, which items of equal heights give predictably).
// Paddings at +infinity are the rightmost columns, so they never win, not even a tie with a real
// column at +infinity.

/// The columns' states for a run of the one-column loop: where each item goes, shortest first
/// with no tolerance (the leftmost of the lowest states), and the state it leaves.
internal protocol _ColumnStates {
  /// The leftmost lowest column and its state, to the bit. O(1) up to eight columns, O(c) after.
  func lowest() -> (column: Int, y: Double)
  /// Sets the state of column `j`, the one ``lowest()`` gave, to `state`. O(1) up to eight
  /// columns.
  mutating func replaceLowest(_ j: Int, with state: Double)
  /// Writes every column's state back to `next`. O(c).
  func write(to next: UnsafeMutableBufferPointer<Double>)
}

/// Two columns in a pair: the right one only when strictly lower.
internal struct _TwoColumns: _ColumnStates {
  var states: SIMD2<Double>
  @inline(__always) init(_ next: UnsafeMutableBufferPointer<Double>) { states = SIMD2(next[0], next[1]) }
  @inline(__always) func lowest() -> (column: Int, y: Double) {
    _Section.lower((0, states[0]), (0, states[1]), rightFrom: 1)
  }
  @inline(__always) mutating func replaceLowest(_ j: Int, with state: Double) {
    states.replace(with: state, where: SIMD2<Int64>(repeating: Int64(truncatingIfNeeded: j)) .== SIMD2(0, 1))
  }
  @inline(__always) func write(to next: UnsafeMutableBufferPointer<Double>) {
    next[0] = states[0]
    next[1] = states[1]
  }
}

/// Three or four columns in two pairs, a fourth at +infinity for three:
/// ``_Section/shortestOfFour(_:_:_:_:)``.
internal struct _FourColumns: _ColumnStates {
  var low: SIMD2<Double>, high: SIMD2<Double>
  @inline(__always) init(_ next: UnsafeMutableBufferPointer<Double>) {
    low = SIMD2(next[0], next[1])
    high = SIMD2(next[2], next.count > 3 ? next[3] : .infinity)
  }
  @inline(__always) func lowest() -> (column: Int, y: Double) {
    _Section.shortestOfFour(low[0], low[1], high[0], high[1])
  }
  @inline(__always) mutating func replaceLowest(_ j: Int, with state: Double) {
    let lane = SIMD2<Int64>(repeating: Int64(truncatingIfNeeded: j))
    low.replace(with: state, where: lane .== SIMD2(0, 1))
    high.replace(with: state, where: lane .== SIMD2(2, 3))
  }
  @inline(__always) func write(to next: UnsafeMutableBufferPointer<Double>) {
    next[0] = low[0]
    next[1] = low[1]
    next[2] = high[0]
    if next.count > 3 { next[3] = high[1] }
  }
}

/// Five to eight columns in four pairs, padded with +infinity:
/// ``_Section/shortestOfEight(_:_:_:_:)``.
internal struct _EightColumns: _ColumnStates {
  var p0: SIMD2<Double>, p1: SIMD2<Double>, p2: SIMD2<Double>, p3: SIMD2<Double>
  @inline(__always) init(_ next: UnsafeMutableBufferPointer<Double>) {
    @inline(__always) func state(_ k: Int) -> Double { k < next.count ? next[k] : .infinity }
    (p0, p1, p2, p3) = (SIMD2(state(0), state(1)), SIMD2(state(2), state(3)), SIMD2(state(4), state(5)), SIMD2(state(6), state(7)))
  }
  @inline(__always) func lowest() -> (column: Int, y: Double) { _Section.shortestOfEight(p0, p1, p2, p3) }
  @inline(__always) mutating func replaceLowest(_ j: Int, with state: Double) {
    let lane = SIMD2<Int64>(repeating: Int64(truncatingIfNeeded: j))
    p0.replace(with: state, where: lane .== SIMD2(0, 1))
    p1.replace(with: state, where: lane .== SIMD2(2, 3))
    p2.replace(with: state, where: lane .== SIMD2(4, 5))
    p3.replace(with: state, where: lane .== SIMD2(6, 7))
  }
  @inline(__always) func write(to next: UnsafeMutableBufferPointer<Double>) {
    let all = (p0[0], p0[1], p1[0], p1[1], p2[0], p2[1], p3[0], p3[1])
    withUnsafeBytes(of: all) { states in
      for k in 0..<next.count { next[k] = states.load(fromByteOffset: k &* 8, as: Double.self) }
    }
  }
}

/// Nine columns or more: the states stay in `next`, scanned for each item
/// (``_Section/leftmostLowest(_:)``).
internal struct _ScannedColumns: _ColumnStates {
  let next: UnsafeMutableBufferPointer<Double>
  @inline(__always) init(_ next: UnsafeMutableBufferPointer<Double>) { self.next = next }
  @inline(__always) func lowest() -> (column: Int, y: Double) { _Section.leftmostLowest(next) }
  @inline(__always) mutating func replaceLowest(_ j: Int, with state: Double) { next[j] = state }
  @inline(__always) func write(to next: UnsafeMutableBufferPointer<Double>) {}
}

/// The states (`next`) of two to four columns in order, lowest first, each with its column:
/// `(v0, c0)` is where the next one-column item goes under `shortestFirst` with no tolerance,
/// the leftmost of the lowest states. Padded with columns at +infinity up to four, which
/// never come first: they have the highest numbers, so even a real column at +infinity goes
/// before them.
///
/// The order is by state, then by column: `(v, c)` before `(w, d)` when `v < w`, or `v == w`
/// and `c < d` (so `-0` and `+0` are equal, as `<` has them). Every state is moved, never
/// recomputed: a column's state here is its `next` to the bit.
internal struct _ColumnsInOrder: _ColumnStates {
  var v0: Double, v1: Double, v2: Double, v3: Double
  var c0: Int, c1: Int, c2: Int, c3: Int

  /// The states of `next`'s columns (two to four of them), put in order. O(1).
  @inline(__always)
  init(_ next: UnsafeMutableBufferPointer<Double>) {
    let count = next.count
    var v = SIMD4(next[0], next[1], count > 2 ? next[2] : .infinity, count > 3 ? next[3] : .infinity)
    var c = SIMD4<Int>(0, 1, 2, 3)
    // An insertion sort by state alone, moving an entry only past a strictly higher one:
    // equal states keep their columns' order, which is the order by column. (It loses no
    // entry whatever the states, a NaN included, which the contract's lengths never give.)
    for k in 1..<4 {
      var m = k
      while m > 0 && v[m] < v[m - 1] {
        (v[m], v[m - 1]) = (v[m - 1], v[m])
        (c[m], c[m - 1]) = (c[m - 1], c[m])
        m -= 1
      }
    }
    (v0, v1, v2, v3) = (v[0], v[1], v[2], v[3])
    (c0, c1, c2, c3) = (c[0], c[1], c[2], c[3])
  }

  /// The first entry: its column and state. O(1).
  @inline(__always)
  func lowest() -> (column: Int, y: Double) { (c0, v0) }

  /// ``replaceLowest(with:)``: `j` is the first entry's column. O(1).
  @inline(__always)
  mutating func replaceLowest(_ j: Int, with state: Double) { replaceLowest(with: state) }

  /// Writes every real column's state back to `next`. O(1).
  @inline(__always)
  func write(to next: UnsafeMutableBufferPointer<Double>) {
    let count = next.count
    if c0 < count { next[c0] = v0 }
    if c1 < count { next[c1] = v1 }
    if c2 < count { next[c2] = v2 }
    if c3 < count { next[c3] = v3 }
  }

  /// Replaces the lowest column's state (`v0`, column `c0`) with `state` and puts it in order
  /// among the other three. O(1).
  ///
  /// Without a tie (`state` equal to none of the other three) the order is by state alone, and
  /// the new order is a `min` and a `max` of neighbours, with no branch on the states, which
  /// random heights would mispredict: `v0` becomes `min(v1, state)`, on the chain from one item
  /// to the next, and the columns follow from the three comparisons. A tie takes the order by
  /// column as well, through ``_insertingTied(_:into:)``: items of equal heights tie at nearly
  /// every item, predictably. (Inserting by state alone and fixing the front only when the two
  /// lowest states tie takes 4 instructions an item off, but on a feed those two tie at about a
  /// quarter of the items, unpredictably: PerformanceRounds.md, round fifty-five.)
  @inline(__always)
  mutating func replaceLowest(with state: Double) {
    if state == v1 || state == v2 || state == v3 {
      self = Self._insertingTied(state, into: self)
      return
    }
    @inline(__always) func bit(_ x: Bool) -> Int { Int(unsafeBitCast(x, to: UInt8.self)) }
    // `min(x, y)` is `y < x ? y : x` (one `minsd`); this is its mirror (one `maxsd`). With no
    // tie, each picks the strictly lower or higher state, bit for bit.
    @inline(__always) func higher(_ x: Double, _ y: Double) -> Double { x > y ? x : y }
    let j = c0
    let b1 = bit(state < v1), b2 = bit(state < v2), b3 = bit(state < v3)
    // In order: b1 implies b2 implies b3. Position k takes the new state when it goes between
    // positions k and k + 1: `b(k+1)` and not `b(k)`.
    let n0 = Swift.min(v1, state)
    let n1 = higher(v1, Swift.min(v2, state))
    let n2 = higher(v2, Swift.min(v3, state))
    let n3 = higher(v3, state)
    let m0 = c1 &+ (j &- c1) &* b1
    let t = c2 &+ (j &- c2) &* b2
    let m1 = t &+ (c1 &- t) &* b1
    let u = c3 &+ (j &- c3) &* b3
    let m2 = u &+ (c2 &- u) &* b2
    let m3 = j &+ (c3 &- j) &* b3
    (v0, v1, v2, v3) = (n0, n1, n2, n3)
    (c0, c1, c2, c3) = (m0, m1, m2, m3)
  }

  /// `columns` after ``replaceLowest(with:)`` when `state` equals another column's state: the
  /// order by state, then by column. O(1).
  @inline(__always)
  static func _insertingTied(_ state: Double, into columns: _ColumnsInOrder) -> _ColumnsInOrder {
    var o = columns
    let j = o.c0
    @inline(__always) func before(_ v: Double, _ c: Int) -> Bool { state < v || (state == v && j < c) }
    if before(o.v1, o.c1) {
      (o.v0, o.c0) = (state, j)
    } else if before(o.v2, o.c2) {
      (o.v0, o.c0, o.v1, o.c1) = (o.v1, o.c1, state, j)
    } else if before(o.v3, o.c3) {
      (o.v0, o.c0, o.v1, o.c1, o.v2, o.c2) = (o.v1, o.c1, o.v2, o.c2, state, j)
    } else {
      (o.v0, o.c0, o.v1, o.c1, o.v2, o.c2, o.v3, o.c3) = (o.v1, o.c1, o.v2, o.c2, o.v3, o.c3, state, j)
    }
    return o
  }
}
