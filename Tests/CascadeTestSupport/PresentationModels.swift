// Brute-force models of orientation, direction, pinned headers and neighbours, written from
// Docs/Spec/Waterfall.md ("Orientation and direction", "Viewport with pinned headers",
// "Neighbours") alone: transpose, mirror, pin and scan every element.
import Cascade

/// A collection's frames as reported for an orientation and a direction, with what the pinned
/// model needs.
package struct PresentedModel {
  /// Every element's reported frame, in spec order.
  package var elements: [LayoutAttributes]
  /// The same after transposition, before mirroring.
  package var unmirrored: [LayoutAttributes]
  /// Each section's end along the scroll axis, unmirrored.
  package var sectionEnds: [Double]
  package var contentSize: Size
  package var orientation: LayoutOrientation
  package var direction: LayoutDirection

  package init(
    elements: [LayoutAttributes], unmirrored: [LayoutAttributes], sectionEnds: [Double], contentSize: Size,
    orientation: LayoutOrientation, direction: LayoutDirection
  ) {
    self.elements = elements
    self.unmirrored = unmirrored
    self.sectionEnds = sectionEnds
    self.contentSize = contentSize
    self.orientation = orientation
    self.direction = direction
  }
}

/// `(top: left, left: top, bottom: right, right: bottom)`.
package func transposed(_ insets: EdgeInsets?) -> EdgeInsets? {
  insets.map { EdgeInsets(top: $0.left, left: $0.top, bottom: $0.right, right: $0.bottom) }
}

package func transposed(_ p: WaterfallParameters) -> WaterfallParameters {
  var t = p
  t.insets = transposed(p.insets)
  return t
}

package func transposed(_ p: ListParameters) -> ListParameters {
  var t = p
  t.insets = transposed(p.insets)
  return t
}

/// A size `(w, h)` becomes `(h, w)`; a height stands for the width.
package func transposed(_ item: WaterfallItem) -> WaterfallItem {
  guard case .size(let w, let h) = item.measure else { return item }
  var t = item
  t.measure = .size(width: h, height: w)
  return t
}

/// `(x, y, width, height)` becomes `(y, x, height, width)`.
package func transposed(_ r: Rect) -> Rect { Rect(x: r.minY, y: r.minX, width: r.height, height: r.width) }

/// The reported model from a vertical layout's frames (of the transposed collection when
/// `orientation` is horizontal): transpose, then mirror.
package func presentedModel(
  vertical elements: [LayoutAttributes], contentHeight: Double, width: Double, sectionEnds: [Double],
  _ orientation: LayoutOrientation, _ direction: LayoutDirection
) -> PresentedModel {
  let horizontal = orientation == .horizontal
  let unmirrored = elements.map {
    LayoutAttributes(path: $0.path, frame: horizontal ? transposed($0.frame) : $0.frame, zIndex: $0.zIndex)
  }
  let size = horizontal ? Size(width: contentHeight, height: width) : Size(width: width, height: contentHeight)
  let reported = unmirrored.map { a -> LayoutAttributes in
    guard direction == .rightToLeft else { return a }
    var f = a.frame
    f.origin.x = size.width - f.minX - f.width
    return LayoutAttributes(path: a.path, frame: f, zIndex: a.zIndex)
  }
  return PresentedModel(elements: reported, unmirrored: unmirrored, sectionEnds: sectionEnds, contentSize: size,
                        orientation: orientation, direction: direction)
}

extension ReferenceWaterfall {
  /// This collection laid out with `orientation` (its `width` being the height of a horizontal
  /// one) and `direction`, by the transpose rule.
  package func presented(_ orientation: LayoutOrientation, _ direction: LayoutDirection) -> PresentedModel {
    let base = orientation == .vertical ? self : ReferenceWaterfall(
      width: width, parameters: transposed(parameters),
      sections: sections.map { .init(parameters: transposed($0.parameters), items: $0.items.map(transposed)) })
    let (elements, height) = base.compute()
    let ends = sections.indices.map {
      ReferenceWaterfall(width: width, parameters: base.parameters, sections: Array(base.sections[0...$0])).contentHeight
    }
    return presentedModel(vertical: elements, contentHeight: height, width: width, sectionEnds: ends, orientation, direction)
  }

  /// The layout under test for this collection, orientation and direction.
  package func layout(_ orientation: LayoutOrientation, _ direction: LayoutDirection) throws -> WaterfallLayout {
    try WaterfallLayout(
      orientation: orientation, extent: width, parameters: parameters,
      sections: sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) }, direction: direction)
  }
}

/// The rect query on reported frames: positive overlap, never zero length along the scroll axis.
package func bruteForceQuery(_ m: PresentedModel, _ rect: Rect) -> [LayoutAttributes] {
  m.elements.filter { along($0.frame, m.orientation) != 0 && $0.frame.intersects(rect) }
}

func along(_ f: Rect, _ o: LayoutOrientation) -> Double { o == .vertical ? f.height : f.width }

/// Every element with each header at its pinned frame for viewport `v`, unfiltered: pin in the
/// unmirrored layout against the viewport mirrored the same way, then mirror.
package func pinnedElements(_ m: PresentedModel, _ v: Rect) -> [LayoutAttributes] {
  let cw = m.contentSize.width
  let rtl = m.direction == .rightToLeft
  let vertical = m.orientation == .vertical
  var vu = v
  if rtl { vu.origin.x = cw - v.minX - v.width }
  return m.unmirrored.map { e in
    var f = e.frame
    if e.path.kind == .header {
      let s = e.path.section
      let footer = m.unmirrored.first { $0.path == .footer(s) }
      let limit = footer.map { vertical ? $0.frame.minY : $0.frame.minX } ?? m.sectionEnds[s]
      if vertical {
        f.origin.y = max(f.minY, min(vu.minY, limit - f.height))
      } else {
        f.origin.x = max(f.minX, min(vu.minX, limit - f.width))
      }
    }
    if rtl { f.origin.x = cw - f.minX - f.width }
    return LayoutAttributes(path: e.path, frame: f, zIndex: e.zIndex)
  }
}

/// The viewport query with pinned headers, as a scan.
package func bruteForcePinned(_ m: PresentedModel, _ v: Rect) -> [LayoutAttributes] {
  pinnedElements(m, v).filter { along($0.frame, m.orientation) != 0 && $0.frame.intersects(v) }
}

/// The hit test with pinned headers, as a scan: a pinned header shown in the viewport first,
/// then the first item or footer.
package func bruteForcePinnedPoint(_ m: PresentedModel, _ v: Rect, _ p: Point) -> LayoutAttributes? {
  let pinned = pinnedElements(m, v)
  if let h = pinned.first(where: { $0.path.kind == .header && $0.frame.contains(p) && $0.frame.intersects(v) }) {
    return h
  }
  return m.elements.first { $0.path.kind != .header && $0.frame.contains(p) }
}

/// The point query on reported frames, as a scan.
package func bruteForcePoint(_ m: PresentedModel, _ p: Point) -> LayoutAttributes? {
  m.elements.first { $0.frame.contains(p) }
}

/// The neighbour rule as a scan of every item, in answer order.
package func bruteForceNeighbor(_ elements: [LayoutAttributes], of path: ItemPath, _ d: NeighborDirection) -> ItemPath? {
  guard let e = elements.first(where: { $0.path == .item(path.item, section: path.section) })?.frame else { return nil }
  var best: (path: ItemPath, edge: Double, overlap: Double)?
  for a in elements {
    guard a.path.kind == .item, let c = a.path.itemPath, c != path else { continue }
    let f = a.frame
    guard f.width > 0 && f.height > 0 else { continue }
    let xOverlap = min(e.maxX, f.maxX) - max(e.minX, f.minX)
    let yOverlap = min(e.maxY, f.maxY) - max(e.minY, f.minY)
    let ok: Bool, overlap: Double, edge: Double, smaller: Bool
    switch d {
    case .down: ok = f.midY > e.midY; overlap = xOverlap; edge = f.minY; smaller = true
    case .up: ok = f.midY < e.midY; overlap = xOverlap; edge = f.maxY; smaller = false
    case .right: ok = f.midX > e.midX; overlap = yOverlap; edge = f.minX; smaller = true
    case .left: ok = f.midX < e.midX; overlap = yOverlap; edge = f.maxX; smaller = false
    }
    guard ok && overlap > 0 else { continue }
    if let b = best {
      let better = smaller ? edge < b.edge : edge > b.edge
      if better || (edge == b.edge && overlap > b.overlap) { best = (c, edge, overlap) }
    } else {
      best = (c, edge, overlap)
    }
  }
  return best?.path
}
