// Frames read back from a layout for the tests: a section's item frames for golden cases written
// out by hand, and the comparison of two layouts to the bit that the randomized tests make after
// every batch (an incremental change against a build from scratch).
import Cascade

/// A rect the way golden frames are written out: `R(x, y, width, height)`.
package func R(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
  Rect(x: x, y: y, width: width, height: height)
}

/// The frames of every item of one section, in item order, through the layout's public
/// single-element accessor. O(n) for n items.
package func itemFrames<L: CollectionLayout>(_ layout: L, section: Int = 0) -> [Rect] {
  (0..<layout.numberOfItems(inSection: section)).map {
    layout.layoutAttributes(for: .item($0, section: section))!.frame
  }
}

/// Where `a` and `b` first differ to the bit, or `nil` when they agree: the same elements (headers,
/// items and footers, in spec order), every frame's four numbers with the same bits, and the same
/// content size. To the bit means −0 is not +0, and a NaN is equal only to a NaN of the same bits.
/// O(n) for n elements.
package func bitDifference<A: CollectionLayout, B: CollectionLayout>(_ a: A, _ b: B) -> String? {
  let x = allElements(a), y = allElements(b)
  func bits(_ r: Rect) -> [UInt64] { [r.minX, r.minY, r.width, r.height].map(\.bitPattern) }
  for (p, q) in zip(x, y) where p.path != q.path || bits(p.frame) != bits(q.frame) {
    return "\(p.path) at \(p.frame) != \(q.path) at \(q.frame)"
  }
  if x.count != y.count { return "\(x.count) elements, not \(y.count)" }
  let (s, t) = (a.contentSize, b.contentSize)
  if s.width.bitPattern != t.width.bitPattern || s.height.bitPattern != t.height.bitPattern {
    return "content size \(s) != \(t)"
  }
  return nil
}
