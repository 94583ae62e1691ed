// The queries of a layout that is horizontal or right to left: the storage is always vertical and
// left to right (`_SectionedLayout`), and these turn its answers into reported frames
// (`_Presentation`), plus the viewport with pinned headers and the pinned hit test, for every
// orientation and direction.
//
// A reported rect is turned into the storage's coordinates (un-mirrored, transposed), grown by a
// little slack for the rounding of the mirror, and searched there through the shared query;
// every candidate is then tested on its reported frame, exactly as reported, so a query never
// disagrees with `layoutAttributes(for:)` about an element on an edge. Costs stay those of the
// shared query: O(log n + k).

extension _SectionedLayout {
  /// The reported content width.
  @inlinable
  func _contentWidth(_ p: _Presentation) -> Double { p.contentWidth(width: width, total: origins.total) }

  /// One element, as reported. Always inlined: called, it handed its answer back through memory
  /// to a caller that read it with wider loads than the stores that wrote it, a stall that took
  /// `query.element` from 14 to 21 ns.
  @inlinable @inline(__always)
  func attributes(for path: ElementPath, _ p: _Presentation) -> LayoutAttributes? {
    guard var a = attributes(for: path) else { return nil }
    if !p.isIdentity { a.frame = p.frame(a.frame, contentWidth: _contentWidth(p)) }
    return a
  }

  /// The rect query on reported frames, into a closure.
  @inlinable
  func forEachElement(in rect: Rect, after: ElementPath?, _ p: _Presentation, _ body: (LayoutAttributes) -> Bool) {
    if p.isIdentity { forEachElement(in: rect, after: after, body); return }
    let cw = _contentWidth(p)
    withoutActuallyEscaping(body) { body in
      var sink = _PresentedSink(inner: _ClosureSink(body: body), p, cw, rect)
      let search = p.searchRect(rect, contentWidth: cw)
      Self._query(sections._unsafeElements, origins._view, search, after: after, into: &sink)
    }
  }

  /// The rect query on reported frames, into a buffer.
  @inlinable
  func elements(in rect: Rect, _ p: _Presentation, into buffer: inout [LayoutAttributes]) {
    Self._elements(in: rect, p, sections, origins, width: width, into: &buffer)
  }

  /// ``elements(in:_:into:)``, static and given the parts of the layout it reads, for the
  /// reason ``_query(_:_:_:after:into:)`` is (the window's moves search through it).
  ///
  /// - Complexity: that of the rect query.
  @inlinable
  static func _elements(
    in rect: Rect, _ p: _Presentation, _ sections: [Section], _ origins: _SectionOrigins, width: Double,
    into buffer: inout [LayoutAttributes]
  ) {
    if p.isIdentity { _elements(in: rect, sections, origins, into: &buffer); return }
    let cw = p.contentWidth(width: width, total: origins.total)
    _ArraySink.append(to: &buffer, _RectQuery(sections._unsafeElements, origins._view, rect, p, contentWidth: cw))
  }

  /// One page of the rect query on reported frames, into a buffer: what the default
  /// `CollectionLayout.page(in:after:limit:into:)` answers, with no closure and no allocation
  /// but the buffer's growth.
  ///
  /// - Complexity: that of the rect query, with k at most `limit + 1`.
  @inlinable
  func page(in rect: Rect, after: ElementPath?, limit: Int, _ p: _Presentation, into buffer: inout [LayoutAttributes]) -> Bool {
    if p.isIdentity {
      var sink = _PageSink(limit: limit)
      swap(&sink.buffer, &buffer)
      Self._query(sections._unsafeElements, origins._view, rect, after: after, into: &sink)
      swap(&sink.buffer, &buffer)
      return sink.more
    }
    let cw = _contentWidth(p)
    var sink = _PresentedSink(inner: _PageSink(limit: limit), p, cw, rect)
    swap(&sink.inner.buffer, &buffer)
    let search = p.searchRect(rect, contentWidth: cw)
    Self._query(sections._unsafeElements, origins._view, search, after: after, into: &sink)
    swap(&sink.inner.buffer, &buffer)
    return sink.inner.more
  }

  /// The viewport query of `Docs/Spec/Waterfall.md`: the rect query of `viewport` with every
  /// header at its pinned frame, into a buffer.
  ///
  /// - Complexity: that of the rect query, plus O(1) per section it meets.
  @inlinable
  func elements(inViewport viewport: Rect, pinningHeaders: Bool, _ p: _Presentation, into buffer: inout [LayoutAttributes]) {
    guard pinningHeaders else { elements(in: viewport, p, into: &buffer); return }
    let cw = _contentWidth(p)
    let search = p.searchRect(viewport, contentWidth: cw)
    let pinY = p.internalRect(viewport, contentWidth: cw).minY
    guard !search.minY.isNaN, !search.maxY.isNaN, !search.minX.isNaN, !search.maxX.isNaN, !pinY.isNaN else { return }
    let query = _PinnedViewportQuery(sections._unsafeElements, origins._view, viewport, search, pinY, p, cw)
    _ArraySink.append(to: &buffer, query)
  }

  /// The viewport query with pinned headers as a ``_BufferQuery``: every section meeting
  /// `search` (the viewport in the storage's coordinates), its header at its pinned frame for
  /// a viewport whose top is `pinY`, then its items and footer, as reported by `presentation`.
  @usableFromInline
  struct _PinnedViewportQuery: _BufferQuery {
    @usableFromInline let sections: UnsafeBufferPointer<Section>
    @usableFromInline let origins: _SectionOrigins._View
    @usableFromInline let viewport: Rect, search: Rect
    @usableFromInline let pinY: Double
    @usableFromInline let presentation: _Presentation
    @usableFromInline let contentWidth: Double

    @inlinable
    init(
      _ sections: UnsafeBufferPointer<Section>, _ origins: _SectionOrigins._View, _ viewport: Rect, _ search: Rect,
      _ pinY: Double, _ presentation: _Presentation, _ contentWidth: Double
    ) {
      self.sections = sections
      self.origins = origins
      self.viewport = viewport
      self.search = search
      self.pinY = pinY
      self.presentation = presentation
      self.contentWidth = contentWidth
    }

    @inlinable
    func run(into inner: inout _ArraySink) {
      var sink = _PresentedSink(inner: inner, presentation, contentWidth, viewport)
      defer { inner = sink.inner }
      let top = search.minY, bottom = search.maxY
      var (s, y0) = origins.first(endingAfter: top - origins.slack(top, bottom))
      while s < sections.count {
        if !(y0 < bottom + origins.slack(top, bottom, y0)) { return }
        if sections[s].height != 0 {
          if let header = _pinnedHeader(s, sections, y0, pinY), !sink.take(header) { return }
          if !_forEach(sections, origins, section: s, y0: y0, search, after: .header(s), into: &sink) { return }
        }
        s += 1
        guard s < sections.count, let next = origins.origin(of: s, after: y0, meeting: top, bottom) else { return }
        y0 = next
      }
    }
  }

  /// Section `s`'s header at its pinned frame against a viewport whose top, in the storage's
  /// coordinates, is `pinY`: `y = max(hy, min(pinY, limit - hh))`, `limit` the footer's y or the
  /// section's end. `nil` when the section has no header.
  @inlinable
  static func _pinnedHeader(
    _ s: Int, _ sections: UnsafeBufferPointer<Section>, _ y0: Double, _ pinY: Double
  ) -> LayoutAttributes? {
    let geometry = sections[s].geometry
    guard geometry.header > 0 else { return nil }
    var header = _header(s, geometry, y0)
    let limit = geometry.footer > 0 ? y0 + sections[s].footerY : y0 + sections[s].height
    header.frame.origin.y = Swift.max(header.frame.minY, Swift.min(pinY, limit - geometry.header))
    return header
  }

  /// The point query on reported frames; with a viewport, headers are at their pinned frames
  /// and drawn above the items, so a pinned header that holds the point is the answer.
  ///
  /// - Complexity: O(log s + L·log n), plus the elements around the point.
  @inlinable
  func element(at point: Point, pinningHeadersIn viewport: Rect?, _ p: _Presentation) -> LayoutAttributes? {
    if p.isIdentity && viewport == nil { return element(at: point) }
    guard point.x.isFinite, point.y.isFinite else { return nil }
    let cw = _contentWidth(p)
    let local = p.internalRect(Rect(x: point.x, y: point.y, width: 0, height: 0), contentWidth: cw).origin
    let slack = _roundingSlack(cw, point.x, point.y, scale: 1e-12, floor: .leastNormalMagnitude)
    if let viewport {
      let pinY = p.internalRect(viewport, contentWidth: cw).minY
      if !pinY.isNaN {
        var s = origins.firstSection(endingAfter: local.y - slack)
        while s < sections.count {
          let y0 = origins.origin(of: s)
          if !(y0 <= local.y + slack) { break }
          if sections[s].height != 0, var header = Self._pinnedHeader(s, sections._unsafeElements, y0, pinY) {
            header.frame = p.frame(header.frame, contentWidth: cw)
            if header.frame.contains(point) && header.frame.intersects(viewport) { return header }
          }
          s += 1
        }
      }
    }
    var sink = _PointSink(p, cw, point, skippingHeaders: viewport != nil)
    let x = _grown(local.x, local.x, by: slack), y = _grown(local.y, local.y, by: slack)
    let box = Rect(x: x.low, y: y.low, width: x.high - x.low, height: y.high - y.low)
    Self._query(sections._unsafeElements, origins._view, box, after: nil, into: &sink)
    return sink.found
  }
}

/// Answers turned into reported frames and tested against the reported rect before they reach
/// the inner sink.
@usableFromInline
internal struct _PresentedSink<Inner: _ElementSink>: _ElementSink {
  @usableFromInline var inner: Inner
  @usableFromInline let presentation: _Presentation
  @usableFromInline let contentWidth: Double
  @usableFromInline let rect: Rect

  @inlinable
  init(inner: Inner, _ presentation: _Presentation, _ contentWidth: Double, _ rect: Rect) {
    self.inner = inner
    self.presentation = presentation
    self.contentWidth = contentWidth
    self.rect = rect
  }

  @inlinable
  mutating func take(_ attributes: LayoutAttributes) -> Bool {
    let frame = presentation.frame(attributes.frame, contentWidth: contentWidth)
    guard frame.intersects(rect) else { return true }
    return inner.take(LayoutAttributes(path: attributes.path, frame: frame, zIndex: attributes.zIndex))
  }
}

/// Stops at the first answer whose reported frame holds a point.
@usableFromInline
internal struct _PointSink: _ElementSink {
  @usableFromInline let presentation: _Presentation
  @usableFromInline let contentWidth: Double
  @usableFromInline let point: Point
  @usableFromInline let skippingHeaders: Bool
  @usableFromInline var found: LayoutAttributes?

  @inlinable
  init(_ presentation: _Presentation, _ contentWidth: Double, _ point: Point, skippingHeaders: Bool) {
    self.presentation = presentation
    self.contentWidth = contentWidth
    self.point = point
    self.skippingHeaders = skippingHeaders
  }

  @inlinable
  mutating func take(_ attributes: LayoutAttributes) -> Bool {
    if skippingHeaders && attributes.path.kind == .header { return true }
    let frame = presentation.frame(attributes.frame, contentWidth: contentWidth)
    guard frame.contains(point) else { return true }
    found = LayoutAttributes(path: attributes.path, frame: frame, zIndex: attributes.zIndex)
    return false
  }
}
