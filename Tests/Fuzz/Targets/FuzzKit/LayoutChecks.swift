// What the targets compare layouts with: every element's frame to the bit, and the spec's rect
// and point queries as scans of every element.

import Cascade

/// Every element of a layout and its content size, as bit patterns: two snapshots are equal
/// exactly when the layouts report the same frames, to the bit.
public struct LayoutSnapshot: Equatable, CustomStringConvertible {
  public var width: UInt64
  public var contentHeight: UInt64
  public var counts: [Int]
  public var elements: [ElementSnapshot]

  public init<L: CollectionLayout>(_ layout: L) {
    width = layout.contentSize.width.bitPattern
    contentHeight = layout.contentSize.height.bitPattern
    counts = (0..<layout.numberOfSections).map { layout.numberOfItems(inSection: $0) }
    elements = allElements(layout).map(ElementSnapshot.init)
  }

  /// The first difference, for a failure message.
  public func difference(from other: LayoutSnapshot) -> String {
    if width != other.width || contentHeight != other.contentHeight {
      return "content size \(Double(bitPattern: width))×\(Double(bitPattern: contentHeight)) vs "
        + "\(Double(bitPattern: other.width))×\(Double(bitPattern: other.contentHeight))"
    }
    if counts != other.counts { return "counts \(counts) vs \(other.counts)" }
    for (a, b) in zip(elements, other.elements) where a != b { return "\(a) vs \(b)" }
    return "\(elements.count) elements vs \(other.elements.count)"
  }

  public var description: String { "\(counts), \(elements.count) elements, height \(Double(bitPattern: contentHeight))" }
}

/// One element: its path and frame as bit patterns.
public struct ElementSnapshot: Equatable, CustomStringConvertible {
  public var path: ElementPath
  public var bits: [UInt64]
  public init(_ attributes: LayoutAttributes) {
    path = attributes.path
    let f = attributes.frame
    bits = [f.minX.bitPattern, f.minY.bitPattern, f.width.bitPattern, f.height.bitPattern]
  }
  public var description: String { "\(path): \(bits.map { Double(bitPattern: $0) })" }
}

/// Every element of a layout through its single-element accessor, in spec order.
public func allElements<L: CollectionLayout>(_ layout: L) -> [LayoutAttributes] {
  var result: [LayoutAttributes] = []
  for s in 0..<layout.numberOfSections {
    if let h = layout.layoutAttributes(for: .header(s)) { result.append(h) }
    for i in 0..<layout.numberOfItems(inSection: s) {
      if let a = layout.layoutAttributes(for: .item(i, section: s)) { result.append(a) }
    }
    if let f = layout.layoutAttributes(for: .footer(s)) { result.append(f) }
  }
  return result
}

/// The rect query of `Docs/Spec/Waterfall.md` as a scan: positive height and the overlap
/// predicate as written, in spec order; a rect with a NaN holds nothing.
public func scanQuery(_ elements: [LayoutAttributes], _ rect: Rect) -> [LayoutAttributes] {
  if rect.minX.isNaN || rect.minY.isNaN || rect.maxX.isNaN || rect.maxY.isNaN { return [] }
  return elements.filter { e in
    let f = e.frame
    return f.height != 0 && f.minX < rect.maxX && f.maxX > rect.minX && f.minY < rect.maxY && f.maxY > rect.minY
  }
}

/// The point query as a scan: the first element in spec order whose half-open frame holds `p`.
public func scanPoint(_ elements: [LayoutAttributes], _ p: Point) -> LayoutAttributes? {
  guard p.x.isFinite, p.y.isFinite else { return nil }
  return elements.first { e in
    let f = e.frame
    return f.minX <= p.x && p.x < f.maxX && f.minY <= p.y && p.y < f.maxY
  }
}

/// Whether two answers hold the same elements with the same frames, to the bit.
public func sameAnswer(_ a: [LayoutAttributes], _ b: [LayoutAttributes]) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { ElementSnapshot($0) == ElementSnapshot($1) }
}
