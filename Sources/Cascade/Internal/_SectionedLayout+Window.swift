// The visible window's moves (`VisibleWindow`), for every sectioned layout.
//
// A window remembers, for each section meeting its rect and each lane of that section's index,
// the two ends of the run a search of the rect would visit: `first`, the first position whose
// bottom is below the search's lower bound, and `end`, the first whose top is at or below its
// upper bound (both bounds are monotone along a lane, so each end is a single position), and the
// bounds on either side of both. The candidates are `first ..< max(first, end)`; the answer is
// the candidates that pass the exact test (`_hit` on the absolute frame, then the presented
// frame), plus headers and footers.
//
// A move along the scroll axis, over the same state of the layout (`generation`), with the
// same extent across the axis, in left-to-right, keeping the sections meeting the rect:
//   1. a lane whose ends stay, with no element near an edge (below), is decided by comparing
//      the new bounds with the values its cursor keeps; a section whose lanes all stay is not
//      read at all;
//   2. in the other lanes, each end gallops from where it was to the new bounds (O(1) when it
//      moves by one, O(log d) for a distance d); the elements that left the run are taken out of
//      the answer, those that came are tested and put in at their place (a binary search in the
//      answer), and those that stayed are tested again only near an edge of the old rect or the
//      new one: an element whose bottom is above `sureLower` and top below `sureUpper` overlaps
//      the rect vertically for sure (the slack covers the rounding between section and content
//      coordinates, as for the search), so its answer cannot have changed. Past the change limit
//      the move searches instead, which replaces everything done so far;
//   3. headers and footers are tested again (two comparisons each).
// Anything else searches (`elements(in:into:)`) and starts the cursors again with binary
// searches, but for a jump (a rect far from the last one), which leaves them unset for the next
// move to start: the answer of a search is the ground truth, and the cursors are the runs that
// same search visits, so the two agree by construction.

extension _SectionedLayout {
  /// Moves `window` to `rect` (reported coordinates) over the layout whose sections, sum tree,
  /// width and generation are given: see `WaterfallLayout.moveWindow(_:to:)`. Static and given
  /// those parts, for the reason ``_query(_:_:_:after:into:)`` is: a method of the layout's
  /// storage took a copy of all of it first (240 bytes for the waterfall's, a `memcpy` every
  /// scroll step).
  ///
  /// - Complexity: O(t·L + c·(log k + k)) for t sections meeting the rect, L lanes each, c
  ///   elements entering or leaving and k in the window; a search otherwise.
  @inlinable
  static func _moveWindow(
    _ window: inout VisibleWindow, to rect: Rect, _ p: _Presentation,
    _ sections: [Section], _ origins: _SectionOrigins, width: Double, generation: _LayoutGeneration
  ) {
    let cw = p.isIdentity ? 0 : p.contentWidth(width: width, total: origins.total)
    let r = p.isIdentity ? rect : p.searchRect(rect, contentWidth: cw)
    window._beginMove()
    // A rect farther from the last one than the taller of the two (a jump) searches without
    // trying the cursors: each lane's two ends would gallop the whole way (2 log d records
    // read, each a cache miss in a large lane) to find, nearly always, more changes than the
    // limit allows (PerformanceRounds.md, round fifty-two). Either way the answer is the same.
    let reach = Swift.max(r.maxY - r.minY, window._search.maxY - window._search.minY)
    if window._generation === generation, p.direction == .leftToRight,
      r.minX == window._search.minX, r.maxX == window._search.maxX, r.minY.isFinite, r.maxY.isFinite,
      _isNear(r, window._search, reach: reach),
      _moveCursors(sections, origins, &window, r, rect, p, cw)
    {
      window._moved(to: rect)
      window._search = r
      return
    }
    _searchWindow(&window, to: rect, r, p, sections, origins, width: width, generation: generation, reach: reach)
  }

  /// The searching move of ``_moveWindow(_:to:_:_:_:width:generation:)``: the answer of the
  /// search for `rect` (`r` in the storage's coordinates), then the cursors started for it,
  /// unless the move is a jump (farther from the last rect than `reach`). Kept out of the
  /// move's body, which the scroll step inlines: that body with this one in it made a step by
  /// the cursors 3% slower (round fifty-three).
  ///
  /// - Complexity: a search, plus O(log s + t·L·log n) when it starts the cursors.
  @inlinable @inline(never)
  static func _searchWindow(
    _ window: inout VisibleWindow, to rect: Rect, _ r: Rect, _ p: _Presentation,
    _ sections: [Section], _ origins: _SectionOrigins, width: Double, generation: _LayoutGeneration, reach: Double
  ) {
    let jump = window._rect != nil && !_isNear(r, window._search, reach: reach)
    window._searched(rect) { _elements(in: rect, p, sections, origins, width: width, into: &$0) }
    guard p.direction == .leftToRight, r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite else { return }
    if jump {
      // A jump leaves the cursors unset, and the next move searches: starting them costs two
      // to three times the search at 1M (the lanes' samples and ids, cold where the search
      // read the id blocks), which a run of jumps (a scroll bar dragged, a fling's long steps,
      // `scrollToItem` after `scrollToItem`) would pay at every move for cursors it never
      // uses. The first move near the jump's rect starts them (PerformanceRounds.md, round
      // fifty-three).
      window._search = r
      return
    }
    _seedCursors(sections, origins, &window, r)
    window._generation = generation
    window._search = r
  }

  /// Whether search rect `r` is near `last`, the last move's: neither lies farther than `reach`
  /// (the taller of the two) beyond the other along the scroll axis. A move that is not near is
  /// a jump.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  static func _isNear(_ r: Rect, _ last: Rect, reach: Double) -> Bool {
    r.minY - last.maxY <= reach && last.minY - r.maxY <= reach
  }

  /// The most elements a move brings or takes away through the cursors; beyond, it searches.
  @inlinable
  static var _windowChangeLimit: Int { 8 }

  /// Section `state`'s search bounds for a rect from `top` to `bottom`, exactly as the search
  /// computes them (`_forEach`), and the bounds inside which an element overlaps for sure.
  @inlinable @inline(__always)
  static func _bounds(_ state: inout _WindowSection, _ origins: _SectionOrigins, _ top: Double, _ bottom: Double) {
    let y0 = state.y0
    let slack = origins.slack(top, bottom, y0)
    state.lower = top - y0 - slack
    state.upper = bottom - y0 + slack
    state.sureLower = top - y0 + slack
    state.sureUpper = bottom - y0 - slack
  }

  /// The answer's form of an element that the search would hand its sink (`a`, in the storage's
  /// coordinates), or `nil` when the search would not report it: the search's test on the
  /// search rect `r`, then the presented frame's on the reported `rect`.
  @inlinable @inline(__always)
  static func _accepted(
    _ a: LayoutAttributes, _ r: Rect, _ rect: Rect, _ p: _Presentation, _ cw: Double
  ) -> LayoutAttributes? {
    guard _hit(a.frame, r) else { return nil }
    if p.isIdentity { return a }
    let frame = p.frame(a.frame, contentWidth: cw)
    guard frame.intersects(rect) else { return nil }
    return LayoutAttributes(path: a.path, frame: frame, zIndex: a.zIndex)
  }

  /// Calls `body` with section `s`'s records, its index's ids, lanes and samples, each buffer
  /// read in place for the whole call, and its geometry. `s` must be a section of `sections`,
  /// the layout's sections read in place (`_unsafeElements`) while the caller borrows them,
  /// which `body` must not reach otherwise. The window's moves (which read no samples) and the
  /// rect and point queries (`_SectionedLayout+Queries`) all open a section this way.
  ///
  /// - Complexity: O(1) plus `body`'s.
  @inlinable @inline(__always)
  static func _withStorage<R>(
    of sections: UnsafeBufferPointer<Section>, _ s: Int,
    _ body: (
      UnsafeBufferPointer<Section.Record>, UnsafeBufferPointer<Int32>, UnsafeBufferPointer<IntervalIndex._Lane>,
      UnsafeBufferPointer<Double>, Section.Geometry
    ) -> R
  ) -> R {
    // The four buffers read in place from the array's element, while `sections` is borrowed
    // for the call (nothing can mutate or release them meanwhile): no copy of the section kept
    // alive around `body`, so no retain and release of its buffers. (Opened through the
    // arrays' `withUnsafeBufferPointer`, or spans, the section was copied and kept around the
    // call: three retains and three releases a move.)
    body(sections[s].records._unsafeElements, sections[s].index._ids._unsafeElements,
         sections[s].index._lanes._unsafeElements, sections[s].index._samples._unsafeElements,
         sections[s].geometry)
  }

  /// Starts the cursors for search rect `r`, whose answer the window already holds: the
  /// sections the search meets, and in each lane the two ends, the first through the lane's
  /// samples as the query finds it, the second galloping from the first.
  ///
  /// - Complexity: O(log s + t·L·log n), allocating nothing once the window's buffers have grown.
  @inlinable
  static func _seedCursors(_ sections: [Section], _ origins: _SectionOrigins, _ w: inout VisibleWindow, _ r: Rect) {
    let top = r.minY, bottom = r.maxY
    var (s, y0) = origins.first(endingAfter: top - origins.slack(top, bottom))
    w._firstSection = s
    w._nextOrigin = .infinity
    w._sections.removeAll(keepingCapacity: true)
    w._lanes.removeAll(keepingCapacity: true)
    while s < sections.count {
      // The next section's exact origin (`_nextOrigin` keeps it): no estimate rules it out.
      if s > w._firstSection { y0 = origins.origin(of: s) }
      if !(y0 < bottom + origins.slack(top, bottom, y0)) {
        w._nextOrigin = y0
        break
      }
      let laneCount = sections[s].height == 0 ? 0 : sections[s].index.laneCount
      var state = _WindowSection(y0: y0, laneBase: w._lanes.count, laneCount: laneCount)
      if laneCount > 0 {
        _bounds(&state, origins, top, bottom)
        let lower = state.lower, upper = state.upper
        _withStorage(of: sections._unsafeElements, s) { records, ids, lanes, samples, _ in
          let bounds = _RecordBounds(records)
          // The first ends as the rect query's lane search finds them: the levels of samples
          // narrow each lane to eight positions before an id or a record is read, four lanes
          // side by side so that their cache misses overlap. (A binary search of each lane in
          // turn read about 2 log n ids and records, each a miss in a large lane:
          // PerformanceRounds.md, round fifty-two.) The other end is found from the first, a
          // few positions on, galloping (either way, whatever the bounds say).
          if w._starts.count < laneCount { w._starts.append(contentsOf: repeatElement(0, count: laneCount - w._starts.count)) }
          w._starts.withUnsafeMutableBufferPointer { starts in
            IntervalIndex._searchLanes(ids, lanes, samples, lower, bounds, starts)
          }
          for l in 0..<laneCount {
            let lane = IntervalIndex._lane(l, of: lanes, in: ids)
            let first = Swift.min(Swift.max(w._starts[l], 0), lane.count)
            let end = IntervalIndex._gallop(lane, from: first, forward: false) { bounds.minY(Int($0)) >= upper }
            w._lanes.append(_WindowLane(lane, bounds, first: first, end: end))
          }
        }
      }
      // Headers and footers, also of a section without items (which has no lanes).
      let geometry = sections[s].geometry
      state.headerHeight = geometry.header
      state.footerHeight = geometry.footer
      state.footerY = sections[s].footerY
      state.width = geometry.width
      state.headerShown = geometry.header > 0 && w._contains(.header(s))
      state.footerShown = geometry.footer > 0 && w._contains(.footer(s))
      w._sections.append(state)
      s += 1
    }
  }

  /// Whether the first section ending after `y` is still the window's first, as
  /// `origins.firstSection(endingAfter: y) == w._firstSection` says; without the descent when `y`
  /// lies inside that section's exact span, `margin` or more from both ends.
  ///
  /// The window holds its first section's exact origin (`origin(of:)`'s, to the bit) and the
  /// next section's (or the total, for the last), so the descent's answer is known when `y` is
  /// well inside. Each origin the tree gives, and each end its descent compares, is the true
  /// sum of the heights before it to within about 8 ⌈log₈ s⌉ ulps of the total (at most eight
  /// additions a level). The descent passes a child when the child's end (where the next
  /// child's first section starts) is at most `y`: with `y` at least `margin` past the first
  /// section's origin and `margin` before the next one's, every section before the first ends
  /// at or before `y` and the first ends after it, so the descent takes the first section's
  /// path. `margin` is the query's rounding slack, at least 2⁻⁴⁰ of a finite total, far more
  /// than twice those ulps. Near an end, or with a total that is not finite, it descends.
  ///
  /// - Complexity: O(1) inside the section; O(log s) otherwise.
  @inlinable @inline(__always)
  static func _keepsFirstSection(_ origins: _SectionOrigins, _ w: VisibleWindow, _ y: Double, margin: Double) -> Bool {
    if let first = w._sections.first, origins.total.isFinite {
      let end = w._sections.count > 1 ? w._sections[1].y0 : w._nextOrigin == .infinity ? origins.total : w._nextOrigin
      if first.y0 + margin <= y && y + margin < end { return true }
    }
    return origins.firstSection(endingAfter: y) == w._firstSection
  }

  /// Moves the cursors to search rect `r` (reported `rect`) and edits the answer; returns `false`
  /// when the sections meeting the rect change (before anything is edited) or the move would
  /// bring or take away more than ``_windowChangeLimit`` elements (with the lanes before the one
  /// that went past the limit edited already): the caller then searches, which makes the answer
  /// and the cursors again.
  ///
  /// - Complexity: O(t·L + c·(log k + k)) as above; O(log d) more for a cursor moving d positions.
  @inlinable
  static func _moveCursors(
    _ sections: [Section], _ origins: _SectionOrigins, _ w: inout VisibleWindow,
    _ r: Rect, _ rect: Rect, _ p: _Presentation, _ cw: Double
  ) -> Bool {
    let top = r.minY, bottom = r.maxY
    // The same sections: the same first one, the last one still meeting the rect, the next not.
    let slack = origins.slack(top, bottom)
    guard _keepsFirstSection(origins, w, top - slack, margin: slack) else { return false }
    if let last = w._sections.last, !(last.y0 < bottom + origins.slack(top, bottom, last.y0)) { return false }
    let next = w._nextOrigin
    if next != .infinity && next < bottom + origins.slack(top, bottom, next) { return false }

    // Each section whose runs stay as they are, with no element near an edge, is done with a
    // few comparisons per lane on the values its cursors keep, without reading the section.
    // The others: each lane's ends gallop to the new bounds; the elements that left the run are
    // taken out of the answer, those that came are tested and put in, and those that stayed are
    // tested again only near an edge of the old rect or the new one (only there can their
    // answer have changed). Past the change limit the caller searches, which replaces
    // everything done here.
    var changes = 0
    for i in 0..<w._sections.count {
      let old = w._sections[i]
      // (A section without items has no lanes: only its header and footer are tested.)
      var new = old
      _bounds(&new, origins, top, bottom)
      let lower = new.lower, upper = new.upper
      let sureLower = Swift.max(old.sureLower, new.sureLower), sureUpper = Swift.min(old.sureUpper, new.sureUpper)
      // Whether lane cursor `c` stays where it is, with no element near an edge.
      @inline(__always) func still(_ c: _WindowLane) -> Bool { c.stays(lower, upper, sureLower, sureUpper) }
      var allStill = true
      for l in old.laneBase..<(old.laneBase + old.laneCount) where !still(w._lanes[l]) {
        allStill = false
        break
      }
      if !allStill {
        let s = w._firstSection + i
        let firstForward = lower >= old.lower, endForward = upper >= old.upper
        let y0 = old.y0
        let going = _withStorage(of: sections._unsafeElements, s) { records, ids, lanes, _, geometry in
          let bounds = _RecordBounds(records)
          for l in 0..<old.laneCount {
            let c0 = w._lanes[old.laneBase + l]
            if still(c0) { continue }
            let lane = IntervalIndex._lane(l, of: lanes, in: ids)
            let first = IntervalIndex._gallop(lane, from: c0.first, forward: firstForward) { bounds.maxY(Int($0)) > lower }
            let end = IntervalIndex._gallop(lane, from: c0.end, forward: endForward) { bounds.minY(Int($0)) >= upper }
            // Positions read from the lane are clamped to it, whatever the cursors say.
            let n = lane.count
            let a0 = Swift.min(c0.first, n), e0 = Swift.min(Swift.max(c0.first, c0.end), n)
            let a1 = first, e1 = Swift.max(first, end)
            changes += (e0 - a0) + (e1 - a1) - 2 * Swift.max(0, Swift.min(e0, e1) - Swift.max(a0, a1))
            if changes > _windowChangeLimit { return false }
            w._lanes[old.laneBase + l] = _WindowLane(lane, bounds, first: first, end: end)
            func leave(_ q: Int) { w._sync(.item(Int(lane[q]), section: s), nil) }
            func test(_ q: Int) {
              let id = Int(lane[q])
              w._sync(.item(id, section: s), _accepted(_item(id, s, geometry, records[id], y0), r, rect, p, cw))
            }
            for q in a0..<Swift.max(a0, Swift.min(e0, a1)) { leave(q) }
            for q in Swift.max(a0, e1)..<Swift.max(Swift.max(a0, e1), e0) { leave(q) }
            for q in a1..<Swift.max(a1, Swift.min(e1, a0)) { test(q) }
            for q in Swift.max(a1, e0)..<Swift.max(Swift.max(a1, e0), e1) { test(q) }
            var low = Swift.max(a0, a1), high = Swift.min(e0, e1)
            while low < high, !(bounds.maxY(Int(lane[low])) > sureLower) {
              test(low)
              low += 1
            }
            while high > low, !(bounds.minY(Int(lane[high - 1])) < sureUpper) {
              high -= 1
              test(high)
            }
          }
          return true
        }
        if !going { return false }
      }
      // Headers and footers: tested again, two comparisons each.
      let s = w._firstSection + i
      if new.headerHeight > 0 {
        let header = _accepted(new.headerAttributes(s), r, rect, p, cw)
        if (header != nil) != old.headerShown { w._sync(.header(s), header) }
        new.headerShown = header != nil
      }
      if new.footerHeight > 0 {
        let footer = _accepted(new.footerAttributes(s), r, rect, p, cw)
        if (footer != nil) != old.footerShown { w._sync(.footer(s), footer) }
        new.footerShown = footer != nil
      }
      w._sections[i] = new
    }
    return true
  }
}

extension IntervalIndex {
  /// The first position of `lane` where `predicate` holds, for a predicate false and then true
  /// along the lane, looked for from `hint` outwards by doubling steps, then a binary search;
  /// with `forward`, the caller knows it is at or after `hint`. Always in `0 ... lane.count`.
  ///
  /// - Complexity: O(1) when the answer is `hint`, O(log d) when it is d positions away.
  @inlinable
  internal static func _gallop(
    _ lane: UnsafeBufferPointer<Int32>, from hint: Int, forward: Bool, _ predicate: (Int32) -> Bool
  ) -> Int {
    let n = lane.count
    let p = Swift.min(Swift.max(hint, 0), n)
    if p < n && !predicate(lane[p]) {
      var low = p + 1, step = 1
      while true {
        let probe = p + step
        if probe >= n { return lane[low..<n]._firstIndex(predicate) }
        if predicate(lane[probe]) { return lane[low..<probe]._firstIndex(predicate) }
        low = probe + 1
        step &<<= 1
      }
    }
    if forward { return p }
    var high = p, step = 1
    while true {
      let probe = p - step
      if probe < 0 { return lane[0..<high]._firstIndex(predicate) }
      if !predicate(lane[probe]) { return lane[(probe + 1)..<high]._firstIndex(predicate) }
      high = probe
      step &<<= 1
    }
  }
}

extension VisibleWindow {
  /// Whether `path` is in ``elements``. O(log k).
  @inlinable
  internal func _contains(_ path: ElementPath) -> Bool {
    let i = _elements._firstIndex { !($0.path < path) }
    return i < _elements.count && _elements[i].path == path
  }
}
