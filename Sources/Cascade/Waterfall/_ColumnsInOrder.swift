// The states of two to four columns kept in order, lowest first: what the one-column placement
// loop places items with when it reads records already in place (a width change, an append, a
// change replayed from its checkpoint).
//
// Placing an item shortest first takes the lowest column (the leftmost of the lowest) and puts
// `y + h + itemSpacing` back in its place. Each item's y waits for the one before it, so a loop
// with little else to do runs at the speed of that chain. A tournament over the four states (two
// levels of `min`), then the replace of the winner's state (its index made into a mask and
// blended in), is about 17 cycles an item by the instructions' latencies. With the states kept
// in order the next lowest is already known: the new state goes in among the other three, and
// the next item's y is `min(second lowest, new state)`. The chain is then the two additions of
// the contract (`(y + h) + itemSpacing`, in that order) and one `min`, about 9 cycles; the rest
// of the insertion, and the columns that follow the states, run beside it. A build from scratch
// keeps the tournament: its checks of each item hide the chain, and the order's extra
// instructions cost more there than they save (Docs/Benchmarks.md, round twenty-nine).

/// The states (`next`) of two to four columns in order, lowest first, each with its column:
/// `(v0, c0)` is where the next one-column item goes under `shortestFirst` with no tolerance,
/// the leftmost of the lowest states. Padded with columns at +infinity up to four, which
/// never come first: they have the highest numbers, so even a real column at +infinity goes
/// before them.
///
/// The order is by state, then by column: `(v, c)` before `(w, d)` when `v < w`, or `v == w`
/// and `c < d` (so `-0` and `+0` are equal, as `<` has them). Every state is moved, never
/// recomputed: a column's state here is its `next` to the bit.
internal struct _ColumnsInOrder {
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

  /// No columns: every entry at +infinity, in no real column. O(1).
  @inline(__always)
  init() {
    (v0, v1, v2, v3) = (.infinity, .infinity, .infinity, .infinity)
    (c0, c1, c2, c3) = (0, 1, 2, 3)
  }

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
  /// every item, predictably.
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
