// Rect, point and single-element queries of the waterfall.
//
// Frames are stored relative to their section's top. A query converts its rect into section
// coordinates only to search, with a little slack for rounding, and then tests each candidate's
// absolute frame (`local y + origin`) exactly as reported, so a query never disagrees with
// `layoutAttributes(for:)` about an element on the edge.

extension WaterfallLayout {
  /// The attributes of one element, or `nil` when the path is outside the collection or names a
  /// header or footer of height 0.
  ///
  /// - Complexity: O(log s) for s sections.
  public func layoutAttributes(for path: ElementPath) -> LayoutAttributes? {
    guard _sections.indices.contains(path.section) else { return nil }
    let section = _sections[path.section]
    let y0 = _origins.origin(of: path.section)
    switch path.kind {
    case .header:
      return section.geometry.header > 0 ? _header(path.section, section, y0) : nil
    case .footer:
      return section.geometry.footer > 0 ? _footer(path.section, section, y0) : nil
    case .item:
      guard section.records.indices.contains(path.item) else { return nil }
      return _item(path.item, path.section, section.geometry, section.records[path.item], y0)
    }
  }

  /// Calls `body` with every element whose frame overlaps `rect`, in spec order, skipping
  /// elements up to and including `after`; `body` returns `false` to stop.
  ///
  /// An element is in the answer when `frame.minX < rect.maxX && frame.maxX > rect.minX &&
  /// frame.minY < rect.maxY && frame.maxY > rect.minY` and its height is not 0.
  ///
  ///     layout.forEachElement(in: viewport, after: nil) { attributes in
  ///       show(attributes)
  ///       return true
  ///     }
  ///
  /// - Complexity: O(log s + t·(c·log n + k·m)) for s sections, t of them meeting the rect's
  ///   vertical range, c columns, n items per section, k answers and m = min(c, log c) merge
  ///   steps: O(log n + k) for a fixed column count. Allocates nothing.
  public func forEachElement(in rect: Rect, after: ElementPath?, _ body: (LayoutAttributes) -> Bool) {
    let top = rect.minY, bottom = rect.maxY
    guard !top.isNaN, !bottom.isNaN, !rect.minX.isNaN, !rect.maxX.isNaN else { return }
    var s = _origins.firstSection(endingAfter: top - _slack(top, bottom))
    if let after { s = Swift.max(s, after.section) }
    while s < _sections.count {
      let y0 = _origins.origin(of: s)
      if !(y0 < bottom + _slack(top, bottom, y0)) { return }
      if !_forEach(inSection: s, y0: y0, rect, after: after, body) { return }
      s += 1
    }
  }

  /// The first element, in spec order, whose frame contains `point`
  /// (`minX <= x < maxX && minY <= y < maxY`), or `nil`.
  ///
  /// - Complexity: O(log s + c·log n) for s sections, c columns and n items per section.
  public func element(at point: Point) -> LayoutAttributes? {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    let slack = _slack(point.y, point.y)
    var s = _origins.firstSection(endingAfter: point.y - slack)
    while s < _sections.count {
      let y0 = _origins.origin(of: s)
      if !(y0 <= point.y + _slack(point.y, point.y, y0)) { return nil }
      let section = _sections[s]
      if section.geometry.header > 0 {
        let header = _header(s, section, y0)
        if header.frame.contains(point) { return header }
      }
      let local = point.y - y0
      let localSlack = _slack(point.y, point.y, y0)
      var found: LayoutAttributes?
      section.records.withUnsafeBufferPointer { records in
        section.index.forEachOverlapping(
          // A closure literal, not `_Section.bounds(records)`: a returned closure is escaping, so
          // its context is a heap allocation per query and every probe an indirect call; a
          // literal passed to the non-escaping parameter lives on the stack and is inlined.
          local - localSlack, local + localSlack, bounds: { id in let r = records[id]; return (r.y, r.y + r.height) }
        ) { id in
          let attributes = _item(id, s, section.geometry, records[id], y0)
          if attributes.frame.contains(point) { found = attributes; return false }
          return true
        }
      }
      if let found { return found }
      if section.geometry.footer > 0 {
        let footer = _footer(s, section, y0)
        if footer.frame.contains(point) { return footer }
      }
      s += 1
    }
    return nil
  }

  /// Section `s`'s part of a rect query. Returns `false` once `body` has asked to stop.
  @inlinable
  internal func _forEach(
    inSection s: Int, y0: Double, _ rect: Rect, after: ElementPath?,
    _ body: (LayoutAttributes) -> Bool
  ) -> Bool {
    // Fields are read through `_sections[s]` rather than a `let` copy of the section, which
    // would copy the whole struct and retain and release each of its arrays on every query.
    if _sections[s].height == 0 { return true }
    let geometry = _sections[s].geometry
    // Skip what a cursor has already delivered: in its own section, the header and items up to it.
    var afterItem = -1
    let continuing = after?.section == s
    if let after, continuing {
      switch after.kind {
      case .header: break
      case .item: afterItem = after.item
      case .footer: return true
      }
    }
    if !continuing && geometry.header > 0 {
      let header = _header(s, _sections[s], y0)
      if Self._hit(header.frame, rect), !body(header) { return false }
    }
    let slack = _slack(rect.minY, rect.maxY, y0)
    var going = true
    if !_sections[s].records.isEmpty {
      _sections[s].records.withUnsafeBufferPointer { records in
        _sections[s].index.forEachOverlapping(
          rect.minY - y0 - slack, rect.maxY - y0 + slack, after: afterItem,
          bounds: { id in let r = records[id]; return (r.y, r.y + r.height) }  // see element(at:)
        ) { id in
          let attributes = _item(id, s, geometry, records[id], y0)
          if Self._hit(attributes.frame, rect), !body(attributes) { going = false; return false }
          return true
        }
      }
    }
    if !going { return false }
    if geometry.footer > 0 {
      let footer = _footer(s, _sections[s], y0)
      if Self._hit(footer.frame, rect), !body(footer) { return false }
    }
    return true
  }

  /// The rect query's test: positive overlap on both axes, and never a zero-height element.
  @inlinable
  internal static func _hit(_ frame: Rect, _ rect: Rect) -> Bool {
    frame.size.height != 0 && frame.intersects(rect)
  }

  /// Room for the rounding between section and content coordinates: far more than the few ulps
  /// `local + origin` can differ by, and harmless, since every candidate is tested exactly.
  @inlinable
  internal func _slack(_ a: Double, _ b: Double, _ c: Double = 0) -> Double {
    func magnitude(_ v: Double) -> Double { v.isFinite ? Swift.abs(v) : 0 }
    return (magnitude(a) + magnitude(b) + magnitude(c) + magnitude(_origins.total) + 1) * 0x1p-40
  }

  @inlinable
  internal func _header(_ s: Int, _ section: _Section, _ y0: Double) -> LayoutAttributes {
    LayoutAttributes(path: .header(s), frame: Rect(x: 0, y: y0, width: width, height: section.geometry.header), zIndex: 1)
  }

  @inlinable
  internal func _footer(_ s: Int, _ section: _Section, _ y0: Double) -> LayoutAttributes {
    LayoutAttributes(
      path: .footer(s), frame: Rect(x: 0, y: y0 + section.footerY, width: width, height: section.geometry.footer),
      zIndex: 1)
  }

  @inlinable
  internal func _item(_ i: Int, _ s: Int, _ geometry: _Geometry, _ record: _ItemRecord, _ y0: Double) -> LayoutAttributes {
    var frame = geometry.frame(of: record)
    frame.origin.y += y0
    return LayoutAttributes(path: .item(i, section: s), frame: frame, zIndex: 0)
  }
}
