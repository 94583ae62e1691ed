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
    guard _storage.sections.indices.contains(path.section) else { return nil }
    let section = _storage.sections[path.section]
    let y0 = _origins.origin(of: path.section)
    switch path.kind {
    case .header:
      return section.geometry.header > 0 ? _header(path.section, section.geometry, y0) : nil
    case .footer:
      return section.geometry.footer > 0 ? _footer(path.section, section.geometry, section.footerY, y0) : nil
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
    withoutActuallyEscaping(body) { body in
      var sink = _ClosureSink(body: body)
      _query(rect, after: after, into: &sink)
    }
  }

  /// Appends every element overlapping `rect`, in spec order, to `buffer`; allocates nothing
  /// when `buffer` has the capacity.
  ///
  /// - Complexity: that of ``forEachElement(in:after:_:)``.
  public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
    var sink = _ArraySink()
    swap(&sink.buffer, &buffer)  // moves the buffer in without a copy
    _query(rect, after: nil, into: &sink)
    swap(&sink.buffer, &buffer)
  }

  /// The rect query, generic over where answers go so that each caller's sink inlines.
  @inlinable
  internal func _query<Sink: _ElementSink>(_ rect: Rect, after: ElementPath?, into sink: inout Sink) {
    let top = rect.minY, bottom = rect.maxY
    guard !top.isNaN, !bottom.isNaN, !rect.minX.isNaN, !rect.maxX.isNaN else { return }
    var s = _origins.firstSection(endingAfter: top - _origins.slack(top, bottom))
    if let after { s = Swift.max(s, after.section) }
    let sections = _storage.sections
    while s < sections.count {
      let y0 = _origins.origin(of: s)
      if !(y0 < bottom + _origins.slack(top, bottom, y0)) { return }
      if !_forEach(in: sections, section: s, y0: y0, rect, after: after, into: &sink) { return }
      s += 1
    }
  }

  /// The first element, in spec order, whose frame contains `point`
  /// (`minX <= x < maxX && minY <= y < maxY`), or `nil`.
  ///
  /// - Complexity: O(log s + c·log n) for s sections, c columns and n items per section.
  public func element(at point: Point) -> LayoutAttributes? {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    let sections = _storage.sections
    let slack = _origins.slack(point.y, point.y)
    var s = _origins.firstSection(endingAfter: point.y - slack)
    while s < sections.count {
      let y0 = _origins.origin(of: s)
      let localSlack = _origins.slack(point.y, point.y, y0)
      if !(y0 <= point.y + localSlack) { return nil }
      let geometry = sections[s].geometry
      if geometry.header > 0 {
        let header = _header(s, geometry, y0)
        if header.frame.contains(point) { return header }
      }
      let local = point.y - y0
      var found: LayoutAttributes?
      sections[s].records.withUnsafeBufferPointer { records in
        sections[s].index.forEachOverlapping(local - localSlack, local + localSlack, in: _RecordBounds(records)) { id in
          let attributes = _item(id, s, geometry, records[id], y0)
          if attributes.frame.contains(point) { found = attributes; return false }
          return true
        }
      }
      if let found { return found }
      if geometry.footer > 0 {
        let footer = _footer(s, geometry, sections[s].footerY, y0)
        if footer.frame.contains(point) { return footer }
      }
      s += 1
    }
    return nil
  }

  /// Section `s`'s part of a rect query. Returns `false` once `body` has asked to stop.
  @inlinable
  internal func _forEach<Sink: _ElementSink>(
    in sections: [_Section], section s: Int, y0: Double, _ rect: Rect, after: ElementPath?,
    into sink: inout Sink
  ) -> Bool {
    if sections[s].height == 0 { return true }
    let geometry = sections[s].geometry
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
      let header = _header(s, geometry, y0)
      if Self._hit(header.frame, rect), !sink.take(header) { return false }
    }
    let slack = _origins.slack(rect.minY, rect.maxY, y0)
    // The visitor reaches the sink through a pointer: a copy of an array sink would make its
    // first append copy the buffer.
    let going = withUnsafeMutablePointer(to: &sink) { sink in
      sections[s].records.withUnsafeBufferPointer { records in
        var visitor = _ItemVisitor(records: records, geometry: geometry, section: s, y0: y0, rect: rect, sink: sink)
        sections[s].index.forEachOverlapping(
          rect.minY - y0 - slack, rect.maxY - y0 + slack, after: afterItem, in: _RecordBounds(records),
          visiting: &visitor)
        return visitor.going
      }
    }
    if !going { return false }
    if geometry.footer > 0 {
      let footer = _footer(s, geometry, sections[s].footerY, y0)
      if Self._hit(footer.frame, rect), !sink.take(footer) { return false }
    }
    return true
  }

  /// The rect query's test: positive overlap on both axes, and never a zero-height element.
  @inlinable
  internal static func _hit(_ frame: Rect, _ rect: Rect) -> Bool {
    frame.size.height != 0 && frame.intersects(rect)
  }

  @inlinable
  internal func _header(_ s: Int, _ geometry: _Geometry, _ y0: Double) -> LayoutAttributes {
    LayoutAttributes(path: .header(s), frame: Rect(x: 0, y: y0, width: geometry.width, height: geometry.header), zIndex: 1)
  }

  @inlinable
  internal func _footer(_ s: Int, _ geometry: _Geometry, _ footerY: Double, _ y0: Double) -> LayoutAttributes {
    LayoutAttributes(
      path: .footer(s), frame: Rect(x: 0, y: y0 + footerY, width: geometry.width, height: geometry.footer), zIndex: 1)
  }

  @inlinable
  internal func _item(_ i: Int, _ s: Int, _ geometry: _Geometry, _ record: _ItemRecord, _ y0: Double) -> LayoutAttributes {
    var frame = geometry.frame(of: record)
    frame.origin.y += y0
    return LayoutAttributes(path: .item(i, section: s), frame: frame, zIndex: 0)
  }
}

/// Where a query's answers go.
@usableFromInline
internal protocol _ElementSink {
  /// Takes one answer; returns `false` to stop the query.
  mutating func take(_ attributes: LayoutAttributes) -> Bool
}

@usableFromInline
internal struct _ClosureSink: _ElementSink {
  @usableFromInline let body: (LayoutAttributes) -> Bool
  @inlinable init(body: @escaping (LayoutAttributes) -> Bool) { self.body = body }
  @inlinable func take(_ attributes: LayoutAttributes) -> Bool { body(attributes) }
}

@usableFromInline
internal struct _ArraySink: _ElementSink {
  @usableFromInline var buffer: [LayoutAttributes] = []
  @inlinable init() {}
  @inlinable mutating func take(_ attributes: LayoutAttributes) -> Bool {
    buffer.append(attributes)
    return true
  }
}

/// Turns the ids an interval-index query finds into attributes for a sink, testing each frame.
@usableFromInline
internal struct _ItemVisitor<Sink: _ElementSink>: IntervalVisitor {
  @usableFromInline let records: UnsafeBufferPointer<_ItemRecord>
  @usableFromInline let geometry: _Geometry
  @usableFromInline let section: Int
  @usableFromInline let y0: Double
  @usableFromInline let rect: Rect
  @usableFromInline let sink: UnsafeMutablePointer<Sink>
  @usableFromInline var going = true

  @inlinable
  init(
    records: UnsafeBufferPointer<_ItemRecord>, geometry: _Geometry, section: Int, y0: Double, rect: Rect,
    sink: UnsafeMutablePointer<Sink>
  ) {
    self.records = records
    self.geometry = geometry
    self.section = section
    self.y0 = y0
    self.rect = rect
    self.sink = sink
  }

  @inlinable @inline(__always)
  mutating func visit(_ id: Int) -> Bool {
    var frame = geometry.frame(of: records[id])
    frame.origin.y += y0
    guard frame.size.height != 0 && frame.intersects(rect) else { return true }
    going = sink.pointee.take(LayoutAttributes(path: .item(id, section: section), frame: frame, zIndex: 0))
    return going
  }
}
