/// Section heights in a perfect binary sum tree, so that a section's origin (the sum of the
/// heights before it) and the section at a given y are O(log s) and a height change is
/// O(log s), while later sections keep their frames untouched.
///
/// A node is always `left + right` of its children, recomputed from them: the sums depend only
/// on the current heights, never on the history of changes, so a layout updated incrementally
/// reports bit-for-bit the origins of one built from scratch. (A Fenwick tree updated by adding
/// deltas would drift by rounding.) The origins differ from a left-to-right running sum by at
/// most a few ulps, inside the 1e-9 relative tolerance of `Docs/Spec/Waterfall.md`.
@usableFromInline
internal struct _SectionOrigins: Sendable {
  /// `_nodes[1]` is the root; the leaves are `_nodes[_leafBase ..< _leafBase + count]`.
  /// `_nodes[0]` is no node and always 0: ``first(endingAfter:)`` adds it to go left.
  @usableFromInline internal var _nodes: [Double] = [0, 0]
  @usableFromInline internal var _leafBase = 1
  @usableFromInline internal private(set) var count = 0

  @usableFromInline
  internal init() {}

  /// Rebuilds from the heights of sections `0 ..< count`, section `s`'s being `height(s)`: a
  /// closure over an index rather than a collection of heights, so that the caller reads each
  /// height in place (a lazy map over the sections copied each one to read its height, a retain
  /// and a release of every array it holds). A tree of the same size is rewritten in its own
  /// buffer, every node as a fresh one would hold it (the leaves past `count` 0): a width
  /// change, which rebuilds the tree, allocates nothing for it. O(s).
  @usableFromInline
  internal mutating func rebuild(count: Int, height: (Int) -> Double) {
    self.count = count
    var base = 1
    while base < count { base <<= 1 }
    _leafBase = base
    if _nodes.count != 2 * base { _nodes = Array(repeating: 0, count: 2 * base) }
    for s in 0..<base { _nodes[base + s] = s < count ? height(s) : 0 }
    var node = base - 1
    while node >= 1 { _nodes[node] = _nodes[2 * node] + _nodes[2 * node + 1]; node -= 1 }
  }

  /// Sets the height of section `section`. O(log s).
  @usableFromInline
  internal mutating func setHeight(_ height: Double, at section: Int) {
    var node = _leafBase + section
    if _nodes[node] == height { return }
    _nodes[node] = height
    node >>= 1
    while node >= 1 { _nodes[node] = _nodes[2 * node] + _nodes[2 * node + 1]; node >>= 1 }
  }

  /// The tree read in place, valid while `self` is borrowed: what the queries hold, so that a
  /// query kept in a value (a buffer query, `_BufferQuery`) reads the origins with no retain
  /// and release of the nodes' buffer. O(1).
  @inlinable @inline(__always)
  internal var _view: _View { _View(nodes: _nodes._unsafeElements, leafBase: _leafBase, count: count) }

  /// The height of section `section`. O(1).
  @inlinable
  internal func height(of section: Int) -> Double { _view.height(of: section) }

  /// The sum of every height. O(1).
  @inlinable
  internal var total: Double { _view.total }

  /// The sum of the heights of sections `0 ..< section`. O(log s).
  @inlinable
  internal func origin(of section: Int) -> Double { _view.origin(of: section) }

  /// ``_View/slack(_:_:_:)``. O(1).
  @inlinable @inline(__always)
  internal func slack(_ a: Double, _ b: Double, _ c: Double = 0) -> Double { _view.slack(a, b, c) }

  /// The first section whose end (`origin + height`) is greater than `y`, or `count`. O(log s).
  @inlinable
  internal func firstSection(endingAfter y: Double) -> Int { _view.first(endingAfter: y).section }

  /// ``_View/first(endingAfter:)``. O(log s).
  @inlinable
  internal func first(endingAfter y: Double) -> (section: Int, origin: Double) { _view.first(endingAfter: y) }

  /// ``_View/origin(of:after:meeting:_:)``. O(1) or O(log s).
  @inlinable @inline(__always)
  internal func origin(of s: Int, after previous: Double, meeting top: Double, _ bottom: Double) -> Double? {
    _view.origin(of: s, after: previous, meeting: top, bottom)
  }

  /// The sum tree's nodes read in place, with the queries' reads: made by ``_view`` and valid
  /// while the origins it was made from are borrowed.
  @usableFromInline
  internal struct _View {
    /// ``_SectionOrigins/_nodes``.
    @usableFromInline let nodes: UnsafeBufferPointer<Double>
    @usableFromInline let leafBase: Int
    @usableFromInline let count: Int

    @inlinable @inline(__always)
    init(nodes: UnsafeBufferPointer<Double>, leafBase: Int, count: Int) {
      self.nodes = nodes
      self.leafBase = leafBase
      self.count = count
    }

    /// The node of section `section`'s height, which must be a section. O(1).
    @inlinable @inline(__always)
    func _checked(_ section: Int) -> Int {
      precondition(section >= 0 && section < count, "section out of range")
      return leafBase &+ section
    }

    /// The height of section `section`. O(1).
    @inlinable
    internal func height(of section: Int) -> Double { nodes[_checked(section)] }

    /// The sum of every height. O(1).
    @inlinable
    internal var total: Double { count == 0 ? 0 : nodes[1] }

    /// The sum of the heights of sections `0 ..< section`. O(log s).
    @inlinable
    internal func origin(of section: Int) -> Double {
      // Walk from the root to the leaf, adding each left sibling passed on the way. Unchecked,
      // as in `first(endingAfter:)`: `node` stays below the tree's `2 * leafBase` nodes.
      var sum = 0.0
      var node = 1
      var low = 0, width = leafBase
      while width > 1 {
        width &>>= 1
        node &<<= 1
        if section >= low &+ width {
          sum += nodes[node]
          node &+= 1
          low &+= width
        }
      }
      return sum
    }

    /// Room for the rounding between section and content coordinates, for a query about `a`,
    /// `b` and an origin `c`: far more than the few ulps `local + origin` can differ by, and
    /// harmless, since every candidate is then tested exactly. Finite whatever the values. O(1).
    @inlinable @inline(__always)
    internal func slack(_ a: Double, _ b: Double, _ c: Double = 0) -> Double {
      // Scaled term by term: a sum of the magnitudes first would overflow near the largest
      // finite values and make every bound infinite.
      _roundingSlack(a, b, c, total, scale: 0x1p-40, floor: 0x1p-40)
    }

    /// The first section whose end (`origin + height`) is greater than `y`, or `count`, with its
    /// origin: bit for bit ``origin(of:)``'s, since the descent that finds the section adds the
    /// same left siblings in the same order. A query starts here, one descent instead of two.
    ///
    /// - Complexity: O(log s).
    @inlinable
    internal func first(endingAfter y: Double) -> (section: Int, origin: Double) {
      if count == 0 || !(total > y) { return (count, total) }
      let n = nodes.baseAddress!
      // Two levels a step, with no branch: which way a random query goes is a coin toss at
      // every level, and a branch mispredicted at most of them. From `node`, whose subtree
      // starts at `sum`, the branching descent compares `sum + left` (`p`, where the right
      // child starts) with `y`, then, one level down, `sum + leftOfLeft` or `p + leftOfRight`.
      // All three reads and all three sums are made before either comparison, so a step waits
      // on one read, not two; the sums are the branching descent's, bit for bit. Each value
      // rides in both lanes of a `SIMD2` so that picking a sum is a vector select on a
      // comparison's mask: as `Double`s the compiler made each pick a branch, and through
      // integer bit patterns each cost two moves between register files.
      let yv = SIMD2<Double>(repeating: y)
      var sum = SIMD2<Double>(repeating: 0)
      var node = 1
      var width = leafBase
      // Unchecked: while `node`'s subtree is at least four leaves wide, its grandchildren are
      // inside the tree's `2 * leafBase` nodes.
      while width >= 4 {
        width &>>= 2
        let left = node &<< 1, grand = node &<< 2
        let p = sum + SIMD2(repeating: n[left])
        let goesLeft = p .> yv
        let below = (p + SIMD2(repeating: n[grand | 2]))
          .replacing(with: sum + SIMD2(repeating: n[grand]), where: goesLeft)
        let goesLeftBelow = below .> yv
        sum = below.replacing(with: p.replacing(with: sum, where: goesLeft), where: goesLeftBelow)
        // A mask lane as an integer is -1 (left) or 0 (right), so 1 + lane is the way taken.
        let way = unsafeBitCast(goesLeft, to: SIMD2<Int64>.self)[0] &+ 1
        let wayBelow = unsafeBitCast(goesLeftBelow, to: SIMD2<Int64>.self)[0] &+ 1
        node = grand | Int(truncatingIfNeeded: (way &<< 1) | wayBelow)
      }
      var origin = sum[0]
      if width > 1 {
        // The last level of an odd number of them: add the left child or `nodes[0]`, always 0
        // (a select on `Double`s would be a branch).
        let left = node &<< 1
        let way = origin + n[left] > y ? 0 : 1
        origin += n[left & (0 &- way)]
        node = left | way
      }
      let low = node &- leafBase
      // Rounding can end the descent on a padded leaf past the last section.
      return low < count ? (low, origin) : (count, total)
    }

    /// The origin of section `s`, whose previous section's origin is `previous`, or `nil` when
    /// section `s` certainly starts too low to meet a query of `top ... bottom`: at or past
    /// `bottom + slack(top, bottom, origin)`, the test a walk down the sections stops at (for a
    /// rect, `origin < bottom + slack`; for a point, `bottom == top` and `origin <= top + slack`).
    /// The exact origin (``origin(of:)``) is computed only for a section that may still meet the
    /// query; the others are ruled out on `previous + height(of: s - 1)`, which differs from it
    /// by at most ~(4 log₂ s + 1) · 2⁻⁵³ of the total (two tree sums and an addition), far inside
    /// the second slack the estimate must clear. A query that ends inside a section, nearly all
    /// of them, then walks the tree once, for its first section.
    ///
    /// - Precondition: `0 < s < count`.
    /// - Complexity: O(1) when ruled out, O(log s) otherwise.
    @inlinable @inline(__always)
    internal func origin(of s: Int, after previous: Double, meeting top: Double, _ bottom: Double) -> Double? {
      let estimate = previous + height(of: s &- 1)
      // An estimate rounded up past the largest finite value rules out nothing: the tree's sum
      // may have rounded down to it.
      if estimate.isFinite && estimate >= bottom + 2 * slack(top, bottom, estimate) { return nil }
      return origin(of: s)
    }
  }
}
