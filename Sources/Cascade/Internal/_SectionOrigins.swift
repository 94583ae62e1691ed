/// Section heights under an 8-ary tree of running sums, so that a section's origin (the sum of
/// the heights before it) and the section at a given y are O(log₈ s), a cache line a level, and
/// a height change is O(log s), while later sections keep their frames untouched.
///
/// Level 0 holds the heights, in groups of eight (the last group padded with zeros). Each group
/// of level k ≥ 1 holds, for eight consecutive entries of the level below, their running sums
/// from the left: entry j is the sum of children 0 through j, where a child is a height on level
/// 1 and a group's last running sum (its total) above. The top level is one group; its last
/// entry is the total. A section's origin adds, from the top down, the running sum before the
/// section's child on each level: at most one term a level.
///
/// Every entry is recomputed from its children, left to right, never adjusted by a delta: the
/// sums depend only on the current heights, never on the history of changes, so a layout updated
/// incrementally reports bit-for-bit the origins of one built from scratch. (A Fenwick tree
/// updated by adding deltas would drift by rounding.) An origin is built from at most eight
/// additions a level, so it differs from a left-to-right running sum by at most about
/// 8 ⌈log₈ s⌉ ulps of the total, inside the 1e-9 relative tolerance of `Docs/Spec/Waterfall.md`.
///
/// Storage: one array, level 0 first, then levels 1, 2, … up to the top; level k ≥ 1 has
/// 8 ⌈s / 8ᵏ⌉ entries and level 0 as many as level 1: about 2.1 doubles a section (the binary
/// tree before it took 2 to 4).
@usableFromInline
internal struct _SectionOrigins: Sendable {
  /// Every level, bottom up: the heights, then the running sums of each level above.
  @usableFromInline internal var _nodes: [Double] = Self._emptyNodes
  /// The levels of running sums, at least 1: the top one is ``_nodes``' last group.
  @usableFromInline internal var _levels = 1
  @usableFromInline internal private(set) var count = 0
  /// The sum of every height, the top group's last entry (0 for no section), kept beside the
  /// entries: the queries and the window's moves read it several times a call (their slack),
  /// and from the array it is a load of the count and one of the last entry, at the far end
  /// of the buffer from its header.
  @usableFromInline internal private(set) var _total = 0.0

  /// The nodes of no section: a group of heights and one of running sums, all 0.
  @usableFromInline static var _emptyNodes: [Double] { Array(repeating: 0, count: 16) }

  @usableFromInline
  internal init() {}

  /// The groups of eight on level `k` (at least 1) for `count` sections: ⌈count / 8ᵏ⌉, at least
  /// 1. Level 0 has as many entries as level 1. O(1).
  @inlinable @inline(__always)
  internal static func _groups(_ count: Int, level k: Int) -> Int {
    count <= 1 ? 1 : ((count &- 1) &>> (3 &* k)) &+ 1
  }

  /// The levels of running sums `count` sections take: the first level of one group. O(log s).
  @inlinable
  internal static func _levels(_ count: Int) -> Int {
    var k = 1
    while _groups(count, level: k) > 1 { k += 1 }
    return k
  }

  /// Rebuilds from the heights of sections `0 ..< count`, section `s`'s being `height(s)`: a
  /// closure over an index rather than a collection of heights, so that the caller reads each
  /// height in place (a lazy map over the sections copied each one to read its height, a retain
  /// and a release of every array it holds). A tree of the same size is rewritten in its own
  /// buffer, every entry as a fresh one would hold it (the padding 0): a width change, which
  /// rebuilds the tree, allocates nothing for it. O(s).
  @usableFromInline
  internal mutating func rebuild(count: Int, height: (Int) -> Double) {
    self.count = count
    let levels = Self._levels(count)
    _levels = levels
    let leaves = 8 &* Self._groups(count, level: 1)
    var size = leaves
    for k in 1...levels { size += 8 &* Self._groups(count, level: k) }
    if _nodes.count != size { _nodes = Array(repeating: 0, count: size) }
    for s in 0..<leaves { _nodes[s] = s < count ? height(s) : 0 }
    var offset = 0
    for k in 1...levels {
      let groups = Self._groups(count, level: k)
      let childOffset = offset
      offset += k == 1 ? leaves : 8 &* Self._groups(count, level: k &- 1)
      for g in 0..<groups { _writeGroup(g, at: offset, children: childOffset, level: k) }
    }
    _total = count == 0 ? 0 : _nodes[size &- 1]
  }

  /// Writes group `g` of level `k` (at `offset`) from its eight children on the level below (at
  /// `children`): heights on level 1, totals of groups above; a child past the level below is 0.
  /// O(1).
  @usableFromInline
  internal mutating func _writeGroup(_ g: Int, at offset: Int, children: Int, level k: Int) {
    let childEntries = k == 1 ? 8 &* Self._groups(count, level: 1) : Self._groups(count, level: k &- 1)
    var sum = 0.0
    for j in 0..<8 {
      let c = (g &<< 3) &+ j
      let child = c >= childEntries ? 0 : k == 1 ? _nodes[children &+ c] : _nodes[children &+ (c &<< 3) &+ 7]
      sum = j == 0 ? child : sum + child
      _nodes[offset &+ (g &<< 3) &+ j] = sum
    }
  }

  /// Sets the height of section `section`: its group's running sums, and each group above it.
  /// O(log s): eight sums a level.
  @usableFromInline
  internal mutating func setHeight(_ height: Double, at section: Int) {
    precondition(section >= 0 && section < count, "section out of range")
    if _nodes[section] == height { return }
    _nodes[section] = height
    var child = section, childOffset = 0, offset = 8 &* Self._groups(count, level: 1)
    for k in 1..._levels {
      let g = child &>> 3
      _writeGroup(g, at: offset, children: childOffset, level: k)
      child = g
      childOffset = offset
      offset += 8 &* Self._groups(count, level: k)
    }
    _total = _nodes[_nodes.count &- 1]
  }

  /// The first way the entries differ from a tree built afresh from the same heights, to the
  /// bit, as a message, or `nil`: the count's levels and size, then every running sum (what a
  /// height change must keep, since the sums may not depend on the history of changes).
  ///
  /// - Complexity: O(s).
  package func _violation() -> String? {
    if _levels != Self._levels(count) { return "origin tree: \(_levels) levels for \(count) sections" }
    var fresh = _SectionOrigins()
    fresh.rebuild(count: count) { _nodes[$0] }
    if fresh._nodes.count != _nodes.count { return "origin tree: \(_nodes.count) entries, not \(fresh._nodes.count)" }
    if _total.bitPattern != fresh._total.bitPattern { return "origin tree: total \(_total), not \(fresh._total)" }
    for i in _nodes.indices where _nodes[i].bitPattern != fresh._nodes[i].bitPattern {
      return "origin tree: entry \(i) is \(_nodes[i]), not \(fresh._nodes[i])"
    }
    return nil
  }

  /// The tree read in place, valid while `self` is borrowed: what the queries hold, so that a
  /// query kept in a value (a buffer query, `_BufferQuery`) reads the origins with no retain
  /// and release of the nodes' buffer. O(1).
  @inlinable @inline(__always)
  internal var _view: _View { _View(nodes: _nodes._unsafeElements, levels: _levels, count: count, total: _total) }

  /// The height of section `section`. O(1).
  @inlinable
  internal func height(of section: Int) -> Double { _view.height(of: section) }

  /// The sum of every height. O(1).
  @inlinable
  internal var total: Double { _total }

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

  /// The tree's entries read in place, with the queries' reads: made by ``_view`` and valid
  /// while the origins it was made from are borrowed.
  @usableFromInline
  internal struct _View {
    /// ``_SectionOrigins/_nodes``.
    @usableFromInline let nodes: UnsafeBufferPointer<Double>
    /// ``_SectionOrigins/_levels``.
    @usableFromInline let levels: Int
    @usableFromInline let count: Int
    /// The sum of every height: ``_SectionOrigins/_total``.
    @usableFromInline let total: Double

    @inlinable @inline(__always)
    init(nodes: UnsafeBufferPointer<Double>, levels: Int, count: Int, total: Double) {
      self.nodes = nodes
      self.levels = levels
      self.count = count
      self.total = total
    }

    /// The height of section `section`, which must be a section. O(1).
    @inlinable
    internal func height(of section: Int) -> Double {
      precondition(section >= 0 && section < count, "section out of range")
      return nodes[section]
    }

    /// The sum of the heights of sections `0 ..< section`: from the top level down, the running
    /// sum before the section's child on each level. 0 at or before section 0, the total at or
    /// past the last. O(log₈ s).
    @inlinable
    internal func origin(of section: Int) -> Double {
      if section <= 0 { return 0 }
      if section >= count { return total }
      // Unchecked: the group on each level is the section's ancestor, inside that level.
      let n = nodes.baseAddress!
      var sum = 0.0
      var offset = nodes.count &- 8
      var k = levels
      while true {
        let j = (section &>> (3 &* (k &- 1))) & 7
        if j > 0 { sum += n[offset &+ ((section &>> (3 &* k)) &<< 3) &+ j &- 1] }
        k &-= 1
        if k == 0 { return sum }
        offset &-= 8 &* _SectionOrigins._groups(count, level: k)
      }
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
    /// origin: bit for bit ``origin(of:)``'s, since the descent adds the same running sums in
    /// the same order. A query starts here, one descent instead of two.
    ///
    /// - Complexity: O(log₈ s): a group of eight, one cache line, a level.
    @inlinable
    internal func first(endingAfter y: Double) -> (section: Int, origin: Double) {
      if count == 0 || !(total > y) { return (count, total) }
      // One section (a collection without sections of its own): the descent's answer, with no
      // group read (75 instructions a query of a single section, callgrind).
      if count == 1 { return (0, 0) }
      let n = nodes.baseAddress!
      // On each level, the child to go down to is the first whose end, `sum` plus its running
      // sum, is past `y`, found with no branch (which way a random query goes is a coin toss):
      // the group's eight ends are made and compared as one vector, the ends a branching
      // descent would compare one by one, to the bit, and the first is the lowest set bit.
      let yv = SIMD8<Double>(repeating: y)
      var sum = 0.0
      var offset = nodes.count &- 8
      var g = 0
      var k = levels
      while true {
        let group = n + (offset &+ (g &<< 3))
        let sums = UnsafeRawPointer(group).loadUnaligned(as: SIMD8<Double>.self)
        let past = SIMD8<Double>(repeating: sum) + sums .> yv
        // One bit a child whose end is past `y`, and bit 7 set whatever: the lowest set bit is
        // the first child past `y`, or the last child when all eight ends are at or before `y`
        // only by rounding (the parent's sum said otherwise), as a branching descent would go.
        // (A mask lane as an integer is -1 where the end is past `y`, 0 where it is not; a loop
        // over the lanes compiled to a branch a lane.)
        let weights = SIMD8<Int64>(1, 2, 4, 8, 16, 32, 64, 128)
        let bits = (unsafeBitCast(past, to: SIMD8<Int64>.self) & weights).wrappedSum() | 0x80
        let j = bits.trailingZeroBitCount
        // The running sum before child j, or 0 for the first child, as its bits masked (the
        // compiler still skips the load by a branch when j is 0, one child in eight).
        let before = group[(j &- 1) & 7].bitPattern & (0 &- UInt64(truncatingIfNeeded: Swift.min(j, 1)))
        sum += Double(bitPattern: before)
        g = (g &<< 3) | j
        k &-= 1
        if k == 0 { break }
        offset &-= 8 &* _SectionOrigins._groups(count, level: k)
      }
      // Rounding can end the descent on padding past the last section.
      return g < count ? (g, sum) : (count, total)
    }

    /// The origin of section `s`, whose previous section's origin is `previous`, or `nil` when
    /// section `s` certainly starts too low to meet a query of `top ... bottom`: at or past
    /// `bottom + slack(top, bottom, origin)`, the test a walk down the sections stops at (for a
    /// rect, `origin < bottom + slack`; for a point, `bottom == top` and `origin <= top + slack`).
    /// The exact origin (``origin(of:)``) is computed only for a section that may still meet the
    /// query; the others are ruled out on `previous + height(of: s - 1)`, which differs from it
    /// by at most ~(16 ⌈log₈ s⌉ + 1) · 2⁻⁵³ of the total (two sums of the tree's and an
    /// addition), far inside the second slack the estimate must clear. A query that ends inside
    /// a section, nearly all of them, then walks the tree once, for its first section.
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
