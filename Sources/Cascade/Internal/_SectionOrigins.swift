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
  @usableFromInline internal var _nodes: [Double] = [0, 0]
  @usableFromInline internal var _leafBase = 1
  @usableFromInline internal private(set) var count = 0

  @usableFromInline
  internal init() {}

  /// Rebuilds from the heights of sections `0 ..< count`, section `s`'s being `height(s)`: a
  /// closure over an index rather than a collection of heights, so that the caller reads each
  /// height in place (a lazy map over the sections copied each one to read its height, a retain
  /// and a release of every array it holds). O(s).
  @usableFromInline
  internal mutating func rebuild(count: Int, height: (Int) -> Double) {
    self.count = count
    var base = 1
    while base < count { base <<= 1 }
    _leafBase = base
    _nodes = Array(repeating: 0, count: 2 * base)
    for s in 0..<count { _nodes[base + s] = height(s) }
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

  /// The height of section `section`. O(1).
  @inlinable
  internal func height(of section: Int) -> Double { _nodes[_leafBase + section] }

  /// The sum of every height. O(1).
  @inlinable
  internal var total: Double { count == 0 ? 0 : _nodes[1] }

  /// The sum of the heights of sections `0 ..< section`. O(log s).
  @inlinable
  internal func origin(of section: Int) -> Double {
    // Walk from the root to the leaf, adding each left sibling passed on the way.
    var sum = 0.0
    var node = 1
    var low = 0, width = _leafBase
    while width > 1 {
      width >>= 1
      if section >= low + width {
        sum += _nodes[2 * node]
        node = 2 * node + 1
        low += width
      } else {
        node = 2 * node
      }
    }
    return sum
  }

  /// Room for the rounding between section and content coordinates, for a query about `a`,
  /// `b` and an origin `c`: far more than the few ulps `local + origin` can differ by, and
  /// harmless, since every candidate is then tested exactly. Finite whatever the values. O(1).
  @inlinable @inline(__always)
  internal func slack(_ a: Double, _ b: Double, _ c: Double = 0) -> Double {
    // Scaled term by term: a sum of the magnitudes first would overflow near the largest finite
    // values and make every bound infinite.
    _roundingSlack(a, b, c, total, scale: 0x1p-40, floor: 0x1p-40)
  }

  /// The first section whose end (`origin + height`) is greater than `y`, or `count`. O(log s).
  @inlinable
  internal func firstSection(endingAfter y: Double) -> Int {
    if count == 0 || !(total > y) { return count }
    var sum = 0.0
    var node = 1
    var low = 0, width = _leafBase
    while width > 1 {
      width >>= 1
      let left = 2 * node
      if sum + _nodes[left] > y {
        node = left
      } else {
        sum += _nodes[left]
        node = left + 1
        low += width
      }
    }
    return Swift.min(low, count)
  }
}
