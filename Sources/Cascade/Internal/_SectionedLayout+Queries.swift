// The queries every sectioned layout shares: one element by path, the rect query (with a
// cursor, into a closure or into a buffer) and the point query, for any section storage.
//
// Frames are stored relative to their section's top. A query finds the sections meeting it
// through the sum tree, converts its rect into section coordinates only to search the section's
// interval index, with a little slack for rounding, and then tests each candidate's absolute
// frame (`local y + origin`) exactly as reported, so a query never disagrees with
// `layoutAttributes(for:)` about an element on an edge.
//
// Everything here is generic over the section type and `@inlinable`: each layout's public
// entry points call it with its concrete section type, so the whole query specializes, the
// index's search and merge inline, and answers reach the sink with no closure or existential
// call per element.
//
// Map:
//   _SectionedLayout.attributes(for:)        one element, O(log s)
//   _SectionedLayout.forEachElement / _elements(in:_:_:into:) / _query / _forEach   the rect query
//   _SectionedLayout.element(at:)            the point query
//   _ElementSink, _ClosureSink, _ArraySink   where a rect query's answers go
//   _ItemVisitor, _PointVisitor              what turns the index's ids into answers

extension _SectionedLayout {
  /// The attributes of one element, or `nil` when the path is outside the collection or names a
  /// header or footer of height 0.
  ///
  /// - Complexity: O(log s) for s sections.
  @inlinable
  func attributes(for path: ElementPath) -> LayoutAttributes? {
    Self._attributes(for: path, sections, origins)
  }

  /// ``attributes(for:)``, static for the reason ``_query(_:_:_:after:into:)`` is.
  @inlinable
  static func _attributes(for path: ElementPath, _ sections: [Section], _ origins: _SectionOrigins) -> LayoutAttributes? {
    guard sections.indices.contains(path.section) else { return nil }
    // The section read in place (`sections` is borrowed for the call and nothing writes it): a
    // copy of the section (`let section = sections[s]`) retained and released each of its
    // buffers, ~170 ns of a ~10 ns lookup (`query.element`, round seven).
    let section = sections._unsafeElements.baseAddress! + path.section
    let geometry = section.pointee.geometry
    let y0 = origins.origin(of: path.section)
    switch path.kind {
    case .header:
      return geometry.header > 0 ? _header(path.section, geometry, y0) : nil
    case .footer:
      return geometry.footer > 0 ? _footer(path.section, geometry, section.pointee.footerY, y0) : nil
    case .item:
      let records = section.pointee.records._unsafeElements
      guard records.indices.contains(path.item) else { return nil }
      return _item(path.item, path.section, geometry, records[path.item], y0)
    }
  }

  /// The rect query into a closure: see `WaterfallLayout.forEachElement(in:after:_:)`.
  ///
  /// - Complexity: O(log s + t·(L·log n + k·m)) for s sections, t of them meeting the rect's
  ///   vertical range, L lanes, n items per section, k answers and m merge steps per answer.
  @inlinable
  func forEachElement(in rect: Rect, after: ElementPath?, _ body: (LayoutAttributes) -> Bool) {
    withoutActuallyEscaping(body) { body in
      var sink = _ClosureSink(body: body)
      Self._query(sections._unsafeElements, origins._view, rect, after: after, into: &sink)
    }
  }

  /// The rect query appended to `buffer`, with no closure call per answer; static for the
  /// reason ``_query(_:_:_:after:into:)`` is (the presented query and the window's moves call it).
  ///
  /// - Complexity: that of ``forEachElement(in:after:_:)``.
  @inlinable
  static func _elements(
    in rect: Rect, _ sections: [Section], _ origins: _SectionOrigins, into buffer: inout [LayoutAttributes]
  ) {
    // The sections and the origins read in place: valid while the caller borrows them, for the
    // whole append.
    let query = _RectQuery(
      sections._unsafeElements, origins._view, rect, _Presentation(.vertical, .leftToRight), contentWidth: 0)
    _ArraySink.append(to: &buffer, query)
  }

  /// The rect query, generic over where answers go so that each caller's sink inlines.
  ///
  /// Static, and given the sections and the origins rather than the whole layout: a method
  /// called on the layout's storage would copy all of it (parameters included) first.
  @inlinable
  static func _query<Sink: _ElementSink>(
    _ sections: UnsafeBufferPointer<Section>, _ origins: _SectionOrigins._View, _ rect: Rect, after: ElementPath?,
    into sink: inout Sink
  ) {
    let top = rect.minY, bottom = rect.maxY
    guard !top.isNaN, !bottom.isNaN, !rect.minX.isNaN, !rect.maxX.isNaN else { return }
    var (s, y0) = origins.first(endingAfter: top - origins.slack(top, bottom))
    if let after, after.section > s {
      if after.section >= sections.count { return }
      s = after.section
      y0 = origins.origin(of: s)
    }
    while s < sections.count {
      if !(y0 < bottom + origins.slack(top, bottom, y0)) { return }
      if !_forEach(sections, origins, section: s, y0: y0, rect, after: after, into: &sink) { return }
      s += 1
      guard s < sections.count, let next = origins.origin(of: s, after: y0, meeting: top, bottom) else { return }
      y0 = next
    }
  }

  /// Section `s`'s part of a rect query: header, items through the index, footer. Returns
  /// `false` once the sink has asked to stop.
  @inlinable
  static func _forEach<Sink: _ElementSink>(
    _ sections: UnsafeBufferPointer<Section>, _ origins: _SectionOrigins._View, section s: Int, y0: Double,
    _ rect: Rect, after: ElementPath?, into sink: inout Sink
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
      if _hit(header.frame, rect), !sink.take(header) { return false }
    }
    let slack = origins.slack(rect.minY, rect.maxY, y0)
    // The sink is moved into the visitor (out of its place, through a pointer) and back after
    // the section, never copied: a copy of a sink holding an array would make its next append
    // copy the buffer. Held by value, rather than reached through the pointer as before, its
    // count and the region's end stay in registers through the section's answers (a load and
    // a store fewer an answer: callgrind, round forty-one).
    let going = withUnsafeMutablePointer(to: &sink) { sink in
      // The section's records, ids, lanes and samples read in place (`_withStorage`, which the
      // window's moves use too) from `sections`, which the query borrows and nothing writes
      // meanwhile (the sink is not the layout): no copy of the section or of its index kept
      // alive around the query, so no retain and release of their buffers. (Through the arrays'
      // `withUnsafeBufferPointer` and the index's own `forEachOverlapping`, a query retained and
      // released three buffers: ~120 instructions and six atomic operations, callgrind, round
      // eight.)
      let search = _grown(rect.minY - y0, rect.maxY - y0, by: slack)
      let records = sections[s].records._unsafeElements
      if let range = _candidates(sections, s, count: records.count, search.low, search.high) {
        // The ids between the first block ending below the rect's top and the last starting
        // above its bottom, few enough to test each (a viewport of a waterfall), tested on
        // their reported extents against the rect itself: what passes overlaps the rect
        // vertically exactly as its frame does, so the visitor tests only the rest.
        // Past the cursor's item: compared, not incremented (the item may be `Int.max`).
        // The index's ids and lanes are not opened on this path: reading their counts was two
        // more cold lines a section in a feed of many sections.
        let from = afterItem < range.lowerBound ? range.lowerBound
          : afterItem < range.upperBound ? afterItem + 1 : range.upperBound
        var visitor = _ItemVisitor(
          records: records, geometry: geometry, section: s, y0: y0, rect: rect, sink: sink.move(), testsY: false)
        IntervalIndex._scanRange(
          from..<range.upperBound, rect.minY, rect.maxY, _PlacedBounds(records, y0: y0), &visitor)
        sink.initialize(to: visitor.sink)
        return visitor.going
      }
      return _withStorage(of: sections, s) { records, ids, lanes, samples, _ in
        var visitor = _ItemVisitor(
          records: records, geometry: geometry, section: s, y0: y0, rect: rect, sink: sink.move())
        IntervalIndex._forEachOverlapping(
          ids, lanes, samples, search.low, search.high, afterItem,
          _RecordBounds(records), &visitor)
        sink.initialize(to: visitor.sink)
        return visitor.going
      }
    }
    if !going { return false }
    if geometry.footer > 0 {
      let footer = _footer(s, geometry, sections[s].footerY, y0)
      if _hit(footer.frame, rect), !sink.take(footer) { return false }
    }
    return true
  }

  /// The ids of section `s` that a rect query for `(lower, upper)` (section coordinates) tests
  /// in order, from the section's id blocks read in place (their envelope where kept, else the
  /// trees' descents): `nil` when the section keeps no blocks covering its `count` records, or
  /// when the range is wider than ``_IDBlocks/scanLimit`` ids (the query then searches the
  /// interval index, whose cost follows the answers whatever the layout).
  ///
  /// - Complexity: O(1) through the envelope when its guesses hold, O(log n) for n items
  ///   otherwise.
  @inlinable @inline(__always)
  static func _candidates(
    _ sections: UnsafeBufferPointer<Section>, _ s: Int, count: Int, _ lower: Double, _ upper: Double
  ) -> Range<Int>? {
    guard Section.keepsIDBlocks else { return nil }
    // Every address the descents read is worked out from the section's own fields (the ids
    // covered, the capacity and each tree's size), none from a count in an array's header: in
    // a feed of many sections each header is a cold line, and a descent waiting on the
    // records' count (and on the levels' count for where the largest-bottom tree starts) added
    // a miss to the chain of each section a query met. The counts are only compared, branches
    // the processor predicts and runs past: the levels' count before any read (the trees must
    // lie inside the buffer), the records' after the descents.
    let covered = sections[s].blocks._count, capacity = sections[s].blocks._capacity
    /// The trees' descents, side by side.
    @inline(__always) func descended() -> Range<Int>? {
      let levels = sections[s].blocks._levels._unsafeElements
      let half = sections[s].blocks._treeEntries
      guard levels.count >= half &<< 1, let base = levels.baseAddress else { return nil }
      let tops = UnsafeBufferPointer(start: base, count: half)
      let bottoms = UnsafeBufferPointer(start: base + half, count: half)
      return _IDBlocks._candidates(tops, bottoms, count: covered, capacity: capacity, lower, upper)
    }
    // A large section's envelope first: a guess and one read that misses, where the descents
    // read the trees' lowest levels one after the other. The same range, or `nil`.
    let scale = sections[s].blocks._scale
    let guessed = scale > 0 ? _IDBlocks._guessedCandidates(
      sections[s].blocks._envelope._unsafeElements, count: covered, capacity: capacity, scale: scale, lower, upper) : nil
    #if CASCADE_INTERNAL_CHECKS
    // Every range the guess gives is the descents' (trees whose storage the descents refuse
    // give none to compare: the envelope, checked on its own, stands).
    if let guessed, let descents = descended(), guessed != descents {
      preconditionFailure("section \(s): the envelope's range \(guessed) for (\(lower), \(upper)) is not the descents' \(descents)")
    }
    #endif
    guard let range = guessed ?? descended(), covered == count, range.count <= _IDBlocks.scanLimit
    else { return nil }
    return range
  }

  /// The first element, in spec order, whose frame contains `point`
  /// (`minX <= x < maxX && minY <= y < maxY`), or `nil`.
  ///
  /// - Complexity: O(log s + L·log n) for s sections, L lanes and n items per section.
  @inlinable
  func element(at point: Point) -> LayoutAttributes? {
    Self._element(at: point, sections, origins)
  }

  /// ``element(at:)``, static for the reason ``_query(_:_:_:after:into:)`` is.
  @inlinable
  static func _element(at point: Point, _ sections: [Section], _ origins: _SectionOrigins) -> LayoutAttributes? {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    var (s, y0) = origins.first(endingAfter: point.y - origins.slack(point.y, point.y))
    while s < sections.count {
      let slack = origins.slack(point.y, point.y, y0)
      if !(y0 <= point.y + slack) { return nil }
      let geometry = sections[s].geometry
      if geometry.header > 0 {
        let header = _header(s, geometry, y0)
        if header.frame.contains(point) { return header }
      }
      let local = point.y - y0
      let search = _grown(local, local, by: slack)
      // Read in place, as in `_forEach`: no retain and release of the section's buffers.
      let found = _withStorage(of: sections._unsafeElements, s) { records, ids, lanes, samples, _ in
        var visitor = _PointVisitor(records: records, geometry: geometry, section: s, y0: y0, point: point)
        IntervalIndex._forEachOverlapping(
          ids, lanes, samples, search.low, search.high, -1,
          _RecordBounds(records), &visitor)
        return visitor.found
      }
      if let found { return found }
      if geometry.footer > 0 {
        let footer = _footer(s, geometry, sections[s].footerY, y0)
        if footer.frame.contains(point) { return footer }
      }
      s += 1
      guard s < sections.count, let next = origins.origin(of: s, after: y0, meeting: point.y, point.y) else { return nil }
      y0 = next
    }
    return nil
  }

  /// The rect query's test: positive overlap on both axes, and never a zero-height element.
  @inlinable
  static func _hit(_ frame: Rect, _ rect: Rect) -> Bool {
    frame.size.height != 0 && frame.intersects(rect)
  }

  /// Section `s`'s header, `(0, y0, W, header)`, above the items.
  @inlinable
  static func _header(_ s: Int, _ geometry: Section.Geometry, _ y0: Double) -> LayoutAttributes {
    LayoutAttributes(path: .header(s), frame: Rect(x: 0, y: y0, width: geometry.width, height: geometry.header), zIndex: 1)
  }

  /// Section `s`'s footer, `(0, y0 + footerY, W, footer)`, above the items.
  @inlinable
  static func _footer(_ s: Int, _ geometry: Section.Geometry, _ footerY: Double, _ y0: Double) -> LayoutAttributes {
    LayoutAttributes(
      path: .footer(s), frame: Rect(x: 0, y: y0 + footerY, width: geometry.width, height: geometry.footer), zIndex: 1)
  }

  /// Item `i` of section `s`: its record's local frame moved down to the section's origin.
  @inlinable
  static func _item(
    _ i: Int, _ s: Int, _ geometry: Section.Geometry, _ record: Section.Record, _ y0: Double
  ) -> LayoutAttributes {
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

/// Answers handed to the caller's closure (`forEachElement`). The closure is the caller's
/// non-escaping one, made escapable for the query's duration only.
@usableFromInline
internal struct _ClosureSink: _ElementSink {
  @usableFromInline let body: (LayoutAttributes) -> Bool
  @inlinable init(body: @escaping (LayoutAttributes) -> Bool) { self.body = body }
  @inlinable func take(_ attributes: LayoutAttributes) -> Bool { body(attributes) }
}

/// Answers appended to a buffer (`elements(in:into:)`), written straight into the buffer's spare
/// capacity: `take` is a comparison and a plain store.
///
/// The sink runs inside the buffer's `append(contentsOf:)` (``append(to:_:)``), which hands
/// ``_Answers`` its spare capacity to fill (`_copyContents(initializing:)`, the hook the
/// standard library's own collections use to append without an element-by-element loop). When
/// the capacity runs out, the sink stops the query; ``append(to:_:)`` then takes back what it
/// wrote, grows the buffer and asks again, so a buffer that has the room is written once.
///
/// Before, answers went to a 16-answer stage on the stack, and the stage to the buffer by
/// `append(contentsOf:)` when full and at the end: every answer was written twice, and the
/// appends and their copies were a tenth of a viewport query's instructions (callgrind). An
/// `append` per answer paid a uniqueness check (a runtime call) and a capacity check each time.
///
/// The sink points into the buffer, so it is made inside `_copyContents(initializing:)` and dies
/// there, like the visitors that point at it. A query into a buffer:
///
///     let query = _RectQuery(sections._unsafeElements, origins._view, rect, presentation, contentWidth: cw)
///     _ArraySink.append(to: &buffer, query)
@usableFromInline
internal struct _ArraySink: _ElementSink {
  /// The buffer's spare capacity: answers go to `region[0 ..< written]`.
  @usableFromInline let region: UnsafeMutableBufferPointer<LayoutAttributes>
  @usableFromInline var written = 0
  /// Whether an answer found the region full (and stopped the query).
  @usableFromInline var full = false

  @inlinable init(region: UnsafeMutableBufferPointer<LayoutAttributes>) { self.region = region }

  @inlinable @inline(__always)
  mutating func take(_ attributes: LayoutAttributes) -> Bool {
    // One use of the answer only: with a second (keeping it elsewhere when the region is
    // full), the compiler built each answer in a stack slot and copied it from there with
    // wider loads than its stores, which stalled on every answer (the region's writes took
    // half the query's time).
    guard written < region.count else { full = true; return false }
    // Answers are plain values (no references): the region's memory needs no deinitialization
    // before it is initialized.
    (region.baseAddress.unsafelyUnwrapped + written).initialize(to: attributes)
    written &+= 1
    return true
  }

  /// Appends to `buffer`, in order, `query`'s answers, written into its spare capacity. When
  /// they do not fit, the query runs again on a buffer of twice the capacity. Allocates nothing
  /// when `buffer` has the capacity for them.
  ///
  /// - Complexity: that of `query` when the answers fit; otherwise O(log k) runs of it that
  ///   stop after 2k answers in all, for k answers.
  @inlinable
  static func append(to buffer: inout [LayoutAttributes], _ query: some _BufferQuery) {
    let start = buffer.count
    var full = false
    withUnsafeMutablePointer(to: &full) { full in
      while true {
        buffer.append(contentsOf: _Answers(query, full: full))
        if !full.pointee { return }
        // The room ran out: drop this run's answers, double the room, and run the query again.
        buffer.removeSubrange(start...)
        buffer.reserveCapacity(Swift.max(2 &* buffer.capacity, start &+ 16))
        full.pointee = false
      }
    }
  }
}

/// A query that ``_ArraySink/append(to:_:)`` runs into a buffer: it must give the same answers
/// each time it runs. A type rather than a closure: a closure stored in ``_Answers`` was
/// allocated on the heap for every query.
@usableFromInline
internal protocol _BufferQuery {
  /// Gives the query's answers to `sink`, in order, until it stops taking them.
  func run(into sink: inout _ArraySink)
}

/// A query's answers as a sequence, for ``_ArraySink/append(to:_:)``: appended to an array, it
/// runs the query into the array's spare capacity (`_copyContents(initializing:)`) and says
/// through `full` whether the answers did not all fit. Iterated on its own, it runs the query
/// into an array first.
@usableFromInline
internal struct _Answers<Query: _BufferQuery>: Sequence {
  @usableFromInline let query: Query
  @usableFromInline let full: UnsafeMutablePointer<Bool>
  @inlinable init(_ query: Query, full: UnsafeMutablePointer<Bool>) {
    self.query = query
    self.full = full
  }

  /// The answers, through an array. O(k).
  @inlinable
  func makeIterator() -> IndexingIterator<[LayoutAttributes]> {
    var answers: [LayoutAttributes] = []
    _ArraySink.append(to: &answers, query)
    return answers.makeIterator()
  }

  /// Runs the query into `region`; returns an iterator with nothing left and how many answers
  /// it wrote, and sets `full` when the region was too small for them all. O(k).
  @inlinable
  __consuming func _copyContents(
    initializing region: UnsafeMutableBufferPointer<LayoutAttributes>
  ) -> (IndexingIterator<[LayoutAttributes]>, Int) {
    var sink = _ArraySink(region: region)
    query.run(into: &sink)
    full.pointee = sink.full
    return ([].makeIterator(), region.startIndex &+ sink.written)
  }
}

extension _SectionedLayout {
  /// The rect query from the start as a ``_BufferQuery``: ``_query(_:_:_:after:into:)``, its
  /// answers as reported by `presentation` when that is not the identity.
  ///
  /// It reads the sections and the origins in place rather than holding them: a query holding
  /// the arrays retained and released their buffers on every run, four atomic operations (4%
  /// of a viewport query in cache). So it is valid only while they are borrowed: made by the
  /// caller of ``_ArraySink/append(to:_:)`` and dead when that returns.
  @usableFromInline
  struct _RectQuery: _BufferQuery {
    @usableFromInline let sections: UnsafeBufferPointer<Section>
    @usableFromInline let origins: _SectionOrigins._View
    /// The rect searched, in the storage's coordinates.
    @usableFromInline let search: Rect
    @usableFromInline let presentation: _Presentation
    @usableFromInline let contentWidth: Double
    /// The rect as given, in reported coordinates.
    @usableFromInline let rect: Rect

    @inlinable
    init(
      _ sections: UnsafeBufferPointer<Section>, _ origins: _SectionOrigins._View, _ rect: Rect,
      _ presentation: _Presentation, contentWidth: Double
    ) {
      self.sections = sections
      self.origins = origins
      self.search = presentation.isIdentity ? rect : presentation.searchRect(rect, contentWidth: contentWidth)
      self.presentation = presentation
      self.contentWidth = contentWidth
      self.rect = rect
    }

    @inlinable
    func run(into sink: inout _ArraySink) {
      if presentation.isIdentity {
        _query(sections, origins, search, after: nil, into: &sink)
        return
      }
      var presented = _PresentedSink(inner: sink, presentation, contentWidth, rect)
      _query(sections, origins, search, after: nil, into: &presented)
      sink = presented.inner
    }
  }
}

/// Answers appended to a buffer up to a limit (`page(in:after:limit:into:)`): the answer past
/// the limit stops the query and records that more follow.
@usableFromInline
internal struct _PageSink: _ElementSink {
  @usableFromInline var buffer: [LayoutAttributes] = []
  @usableFromInline let limit: Int
  @usableFromInline var taken = 0
  /// Whether an answer came after the page was full.
  @usableFromInline var more = false
  @inlinable init(limit: Int) { self.limit = limit }
  @inlinable mutating func take(_ attributes: LayoutAttributes) -> Bool {
    if taken >= limit { more = true; return false }
    buffer.append(attributes)
    taken += 1
    return true
  }
}

/// Turns the ids an interval-index query finds into attributes for a sink, testing each frame.
///
/// It holds a pointer to the section's records, so it is made inside their `withUnsafe…`
/// closure and dies there, and the query's sink, moved in for the section and moved back out
/// after it (a copy of a sink holding a buffer would make its next answer copy the buffer). The
/// ids come from the section's own index, which `layOut()` builds from exactly these records, so
/// every id is a valid record index (checked by `_checkInvariants()`).
@usableFromInline
internal struct _ItemVisitor<Geometry: _SectionGeometry, Sink: _ElementSink>: _IntervalVisitor {
  @usableFromInline let records: UnsafeBufferPointer<Geometry.Record>
  @usableFromInline let geometry: Geometry
  @usableFromInline let section: Int
  @usableFromInline let y0: Double
  @usableFromInline let rect: Rect
  @usableFromInline var sink: Sink
  /// Whether the ids need the vertical test: `false` when they come from a scan that tested
  /// their reported extents against the rect already (``_PlacedBounds``).
  @usableFromInline let testsY: Bool
  /// Whether the ids need the horizontal test: `false` when the rect meets every frame of the
  /// section horizontally (``_SectionGeometry/meetsEveryFrameHorizontally(_:)``), as a viewport
  /// as wide as the collection does.
  @usableFromInline let testsX: Bool
  @usableFromInline var going = true

  @inlinable
  init(
    records: UnsafeBufferPointer<Geometry.Record>, geometry: Geometry, section: Int, y0: Double, rect: Rect,
    sink: consuming Sink, testsY: Bool = true
  ) {
    self.records = records
    self.geometry = geometry
    self.section = section
    self.y0 = y0
    self.rect = rect
    self.sink = sink
    self.testsY = testsY
    self.testsX = !geometry.meetsEveryFrameHorizontally(rect)
  }

  @inlinable @inline(__always)
  mutating func visit(_ id: Int) -> Bool {
    var frame = geometry.frame(of: records[id])
    frame.origin.y += y0
    // `Rect.intersects`, the vertical half only when the ids were not tested on it already.
    guard frame.size.height != 0, !testsX || (frame.minX < rect.maxX && frame.maxX > rect.minX),
      !testsY || (frame.minY < rect.maxY && frame.maxY > rect.minY)
    else { return true }
    guard sink.take(LayoutAttributes(path: .item(id, section: section), frame: frame, zIndex: 0)) else {
      going = false
      return false
    }
    return true
  }
}

/// Stops an interval-index query at the first item whose frame contains a point. Made and used
/// inside the records' `withUnsafeBufferPointer` closure, like ``_ItemVisitor``.
@usableFromInline
internal struct _PointVisitor<Geometry: _SectionGeometry>: _IntervalVisitor {
  @usableFromInline let records: UnsafeBufferPointer<Geometry.Record>
  @usableFromInline let geometry: Geometry
  @usableFromInline let section: Int
  @usableFromInline let y0: Double
  @usableFromInline let point: Point
  @usableFromInline var found: LayoutAttributes?

  @inlinable
  init(records: UnsafeBufferPointer<Geometry.Record>, geometry: Geometry, section: Int, y0: Double, point: Point) {
    self.records = records
    self.geometry = geometry
    self.section = section
    self.y0 = y0
    self.point = point
  }

  @inlinable @inline(__always)
  mutating func visit(_ id: Int) -> Bool {
    var frame = geometry.frame(of: records[id])
    frame.origin.y += y0
    guard frame.contains(point) else { return true }
    found = LayoutAttributes(path: .item(id, section: section), frame: frame, zIndex: 0)
    return false
  }
}
