// The column walk: how a `keepColumns` size change moves only the items below it in its columns.
//
// With remembered columns, an item's y is `max(next[j])` over the columns j it covers, and it
// sets those columns' `next` to its `maxY + itemSpacing`: each column is a chain, and a spanning
// or full-width item joins the chains it covers. A size change therefore changes the state of
// its own columns only; the walk follows the changed ("dirty") columns down the section and
// recomputes, in index order, exactly the items that cover a dirty column, with the placement's
// own expressions, so every frame is bit for bit what a replay would give. A column becomes clean
// again when an item's new `maxY + itemSpacing` equals its old one (a spanning item whose other
// columns dominated both before and after); when no column is dirty the walk stops.
//
// What it reads:
//   - the index's lanes: lane j holds the items that start in column j, in index order, so a
//     dirty column's one-column items are a run of its lane (a cursor per dirty lane, ordered by
//     id in a small heap). One-column items of different columns never meet, so a dirty lane
//     runs on its own, in one go, up to the next item that covers several columns or changed:
//     the heap is consulted once per run, not once per item of the merged lanes;
//   - or, where every column is dirty and 2¹⁸ ids or more (`_sweepMinimum`) separate two items
//     covering several columns or changed, the records themselves in id order: a sweep runs
//     every lane at once, each record's lane saying whose item it is. A lane's items are c
//     records apart, each on a line of its own, and one pass per lane read the section's lines
//     c times, in strides the hardware does not read ahead; the sweep reads them once, in order
//     (`view.measureStorm`, a storm at the top of a million items: 29–106 → 18–21 ms a frame).
//     Below about 250,000 items, whose records stay in cache, the lanes' tighter loop is faster
//     (a storm at 100k: 3.3–6.1 ms with the lanes, 5.7–6.8 with the sweep), and with one column
//     dirty of four the sweep would read four records for each it moves;
//   - `multiColumn`: the items covering several columns, visited in order, since one may cover a
//     dirty column without starting in it;
//   - the state of a clean column before item t, needed by a spanning item that also covers a
//     dirty one: `cur[j]` holds it as of item `src[j]`; a one-column item of lane j between
//     `src[j]` and t is later, and a binary search in the lane finds the last one.
// What it writes: the moved records, the lanes' samples of them, the checkpoints it passes (each
// dirty column its own entry, as its run crosses them), and the live column state when it
// reaches the end.
//
// Cost: O(c + B + m·log n) to start at a changed item (a checkpoint restored and at most
// B = 64 items replayed), then O(1) per moved one-column item, O(k + log n) per moved k-column
// item (O(k·log n) when it also covers clean columns), O(k) per k-column item passed, O(1) per
// checkpoint a dirty column passes, and O(d·log c) per item covering several columns or changed
// that d dirty lanes run up to. When every column is dirty, the rest of the section moves: the
// walk goes on while the items covering several columns below are sparse (at most one in c of
// the rest), its runs being cheaper than a replay; when they are denser, it stops and the
// ordinary replay takes over from there.

extension _Section {
  /// A lane cursor of the walk: the lane and the position of its next item, keyed by that
  /// item's id.
  @usableFromInline
  struct _WalkCursor {
    @usableFromInline var id: Int
    @usableFromInline var lane: Int
    @usableFromInline var position: Int
    @inlinable init(id: Int, lane: Int, position: Int) {
      self.id = id
      self.lane = lane
      self.position = position
    }
  }

  /// A dirty lane's part in a sweep (``walkColumns(from:limit:)``): its run's state, as the
  /// lane run keeps it in locals, read and written in place.
  @usableFromInline
  struct _SweepLane {
    /// The first item the sweep reached in the lane; `Int.max` when the lane is not running.
    @usableFromInline var firstID = Int.max
    /// The position in the lane of its next item, and of the first the sweep reached.
    @usableFromInline var position = 0, firstPosition = 0
    /// The last item it moved, and how many it moved.
    @usableFromInline var last = 0, moved = 0
    /// The first item of the next checkpoint interval the lane's checkpoints do not reach.
    @usableFromInline var boundary = 0
    /// The lane's ids: `ids[idsStart ..< idsEnd]` of the index's buffer.
    @usableFromInline var idsStart = 0, idsEnd = 0
    /// The column's state before the lane's next item.
    @usableFromInline var next = 0.0
    @inlinable init() {}
  }

  /// Applies the size changes of items `changed` (sorted, below `limit`, each keeping its column
  /// and span) by walking the columns they touch, items `0 ..< limit` only. When every column
  /// is dirty at item t and more than one in c of the items from t to `limit` cover several
  /// columns, stops and lowers `validCount` to t, so that `layOut()` replays from the checkpoint
  /// at or before t (which the walk has brought up to date).
  ///
  /// - Returns: the number of items the walk placed.
  /// - Complexity: see the top of this file: O(c + B) per changed item plus what moves.
  @usableFromInline
  mutating func walkColumns(from changed: [Int], limit: Int) -> Int {
    let c = geometry.columns
    let g = geometry
    let spacing = g.itemSpacing
    let checkpointCount = checkpointsSaved
    let checkpointStride = self.checkpointStride
    let liveEnd = limit == laidOut
    let sweepMinimum = _sweepMinimum
    var stopAt = Int.max
    // What the walk placed, and the lowest and highest ids whose frames it wrote (for the id
    // blocks): copied out of its `_WalkTally` at the end. (The tally as this local reached
    // through `withUnsafeMutablePointer`, with no copy, made `view.measureStorm` about 3% slower:
    // 6.61–6.69 against 6.43–6.45 ms a frame without the initial frames.)
    var placed = 0
    var lowest = Int.max, highest = -1
    // The lanes and their samples are taken out of the index for the walk, so that the samples
    // and their levels can be written while the ids are read through a pointer; they go back
    // unchanged but for those.
    var lanes: [IntervalIndex._Lane] = []
    swap(&lanes, &index._lanes)
    defer { swap(&lanes, &index._lanes) }
    var samples: [Double] = []
    swap(&samples, &index._samples)
    defer { swap(&samples, &index._samples) }
    // The id blocks' leaves, taken out the same way and widened for each item the walk moves
    // (`_IDBlocks._widen`): recomputing a block exactly would read its other columns' records,
    // 2.5 times the walk's own reads.
    var leaves: [Double] = []
    swap(&leaves, &blocks._levels)
    precondition(
      _IDBlocks._blocks(limit) <= blocks._capacity && leaves.count >= 2 * blocks._capacity,
      "id blocks shorter than the items walked")

    // Per column: the state `cur` as of item `src` (exact for dirty columns), the position in
    // `dirty` (-1 when clean), and whether the heap holds a cursor of its lane. Temporary
    // allocations (on the stack for a few columns): an update allocates nothing for the walk.
    // `dirty` and the heap hold at most one entry per column; their counts are the last two
    // `ints`.
    withUnsafeTemporaryAllocation(of: Double.self, capacity: c) { cur in
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * c + 2) { ints in
    withUnsafeTemporaryAllocation(of: Bool.self, capacity: c) { inHeap in
    withUnsafeTemporaryAllocation(of: _WalkCursor.self, capacity: c) { heapStorage in
    withUnsafeTemporaryAllocation(of: _SweepLane.self, capacity: c) { sweep in
    withUnsafeTemporaryAllocation(of: _WalkTally.self, capacity: 1) { tallies in
    sweep.initialize(repeating: _SweepLane())
    // The figures the local functions update, and below the stacks and the lanes, reached
    // through pointers rather than captured as variables (see `_WalkTally`).
    let tally = tallies.baseAddress!
    tally.initialize(to: _WalkTally())
    cur.initialize(repeating: 0)
    ints.initialize(repeating: -1)
    inHeap.initialize(repeating: false)
    let src = UnsafeMutableBufferPointer(rebasing: ints[0..<c])
    let slot = UnsafeMutableBufferPointer(rebasing: ints[c..<(2 * c)])
    let wrote = UnsafeMutableBufferPointer(rebasing: ints[(2 * c)..<(3 * c)])
    let counts = ints.baseAddress! + 4 * c
    let dirty = _BoundedStack(UnsafeMutableBufferPointer(rebasing: ints[(3 * c)..<(4 * c)]), count: counts)
    let heap = _BoundedStack(heapStorage, count: counts + 1)

    lanes.withUnsafeMutableBufferPointer { lanes in
    samples.withUnsafeMutableBufferPointer { samples in
    index._ids.withUnsafeBufferPointer { ids in
    multiColumn.withUnsafeBufferPointer { multi in
    checkpoints.withUnsafeMutableBufferPointer { saved in
    records.withUnsafeMutableBufferPointer { records in
    measures.withUnsafeBufferPointer { measures in
    leaves.withUnsafeMutableBufferPointer { leaves in
    let (leafTops, leafBottoms) = _IDBlocks._trees(leaves)
      /// Changed item t's height at `width`, from its measure: a changed item's measure is always
      /// stored (`replace(at:with:)`); a height item's record holds its height otherwise.
      func newHeight(_ t: Int, atWidth width: Double) -> Double {
        t < measures.count ? measures[t].height(atWidth: width) : records[t].height
      }
      /// Lane l's ids, clamped to the buffer (as the index's queries clamp them).
      func lane(_ l: Int) -> UnsafeBufferPointer<Int32> {
        let start = lanes[l].start
        let end = Swift.min(ids.count, start + lanes[l].count)
        return UnsafeBufferPointer(rebasing: ids[Swift.min(start, end)..<end])
      }
      func coversSeveral(_ r: _ItemRecord) -> Bool { r.column < 0 || r.span > 1 }

      func push(_ cursor: _WalkCursor) {
        heap.append(cursor)
        var i = heap.count - 1
        while i > 0 {
          let parent = (i - 1) >> 1
          if heap[parent].id <= heap[i].id { break }
          heap.swapAt(parent, i)
          i = parent
        }
      }
      func pop() -> _WalkCursor {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
          heap[0] = last
          var i = 0
          while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count && heap[l].id < heap[m].id { m = l }
            if r < heap.count && heap[r].id < heap[m].id { m = r }
            if m == i { break }
            heap.swapAt(i, m)
            i = m
          }
        }
        return top
      }
      /// Puts lane l's first one-column item at or after `position` in the heap, if it is
      /// below `limit`.
      func pushLane(_ l: Int, from position: Int) {
        let ids = lane(l)
        var p = position
        // Ids at or past `limit` may name records that have moved since (a deletion later in
        // the batch): none is read.
        while p < ids.count && Int(ids[p]) < limit && coversSeveral(records[Int(ids[p])]) { p += 1 }
        if p < ids.count && Int(ids[p]) < limit {
          push(_WalkCursor(id: Int(ids[p]), lane: l, position: p))
          inHeap[l] = true
        }
      }
      func markDirty(_ j: Int, after t: Int) {
        if slot[j] >= 0 { return }
        slot[j] = dirty.count
        dirty.append(j)
        // Its checkpoints up to the one at or before t hold its state (it was clean before t).
        wrote[j] = t >> Self.checkpointShift
        // A cursor still in the heap already points at the lane's first item after t: every
        // cursor below t has been popped, and this one was left when its column became clean.
        if !inHeap[j] { pushLane(j, from: lane(j)._firstIndex { Int($0) > t }) }
      }
      func markClean(_ j: Int) {
        let p = slot[j]
        if p < 0 { return }
        let last = dirty.removeLast()
        if last != j {
          dirty[p] = last
          slot[last] = p
        }
        slot[j] = -1
      }
      /// The state of column j just before item t.
      func state(_ j: Int, before t: Int) -> Double {
        if slot[j] >= 0 { return cur[j] }
        let ids = lane(j)
        let p = ids._firstIndex { Int($0) >= t }
        if p > 0 {
          let id = Int(ids[p - 1])
          // Later than what `cur[j]` holds: a one-column item, since every item covering
          // several columns before t has been visited.
          if id > src[j] { return records[id].y + records[id].height + spacing }
        }
        return cur[j]
      }
      /// Sets the samples of item t, at `position` in lane l, if it has any.
      func sample(_ l: Int, _ position: Int, _ maxY: Double) {
        lanes[l]._setBottom(maxY, at: position, in: IntervalIndex._laneSamples(lanes[l], in: samples))
      }
      // Per dirty column j, checkpoints 0 ... wrote[j] hold the walk's state of j, and j's next
      // item is at or after `wrote[j] * 64`, so `cur[j]` is j's state before each later boundary
      // its walk reaches. (Each dirty lane runs on its own up to the next item covering several
      // columns or changed, so the dirty columns cross boundaries at different times.) `cross`
      // is called where every dirty lane has been walked up to t.
      func cross(to t: Int) {
        for j in dirty.elements { _ = writeCheckpoints(j, upTo: t, cur[j]) }
      }
      /// Writes column j's entries of the checkpoints after `wrote[j]` up to the one at or
      /// before item t, each `state` (j's state before them: its walk has reached t); returns
      /// the first item of the next checkpoint interval, where j's next entry is due.
      @inline(__always) func writeCheckpoints(_ j: Int, upTo t: Int, _ state: Double) -> Int {
        let m = t >> Self.checkpointShift
        var w = wrote[j]
        while w < m {
          w += 1
          // Checkpoint 0, implied, is the state before item 0: no walk changes it.
          if w >= 1 && w < checkpointCount { saved[Self.checkpointBase(w, stride: checkpointStride) + j] = state }
        }
        wrote[j] = w
        return (w + 1) << Self.checkpointShift
      }

      var k = 0           // the next changed item

      /// Starts at changed item r with no dirty column: the exact state before r, from the
      /// checkpoint at or before it and the items between.
      func restart(at r: Int) {
        for cursor in heap.elements { inHeap[cursor.lane] = false }
        heap.removeAll()
        let m = r >> Self.checkpointShift
        for j in 0..<c { cur[j] = m == 0 ? g.top : saved[Self.checkpointBase(m, stride: checkpointStride) + j] }
        for t in (m << Self.checkpointShift)..<r {
          let next = records[t].y + records[t].height + spacing
          for j in records[t].coveredColumns(c) { cur[j] = next }
        }
        for j in 0..<c { src[j] = r - 1 }
        tally.pointee.nextMulti = multi._firstIndex { Int($0) >= r }
        tally.pointee.lastDone = r - 1
      }

      /// Places item t at y with height h; returns whether its columns' state changed.
      func place(_ t: Int, y: Double, height h: Double) -> (changed: Bool, next: Double) {
        let old = records[t].y + records[t].height + spacing
        let maxY = y + h
        records[t].y = y
        records[t].height = h
        _IDBlocks._widen(leafTops, leafBottoms, t, y, maxY)
        tally.pointee.lowest = Swift.min(tally.pointee.lowest, t)
        tally.pointee.highest = Swift.max(tally.pointee.highest, t)
        let next = maxY + spacing
        let l = records[t].lane
        sample(l, lane(l)._firstIndex { Int($0) >= t }, maxY)
        tally.pointee.placed += 1
        tally.pointee.lastDone = t
        return (next.bitPattern != old.bitPattern, next)
      }

      while true {
        if dirty.isEmpty {
          guard k < changed.count else { break }  // every column clean again: done
          restart(at: changed[k])
        }
        let tH = heap.first?.id ?? Int.max
        let nextMulti = tally.pointee.nextMulti
        let tM = nextMulti < multi.count ? Int(multi[nextMulti]) : Int.max
        let tR = k < changed.count ? changed[k] : Int.max
        let t = Swift.min(tH, tM, tR)
        if t >= limit {
          cross(to: limit)
          break
        }
        if dirty.count == c && (multi.count - nextMulti) * c * 16 > limit - t {
          // Everything below moves, and items covering several columns are dense enough below
          // (more than one in 16c) that the lanes' runs would be short and each such item costs
          // O(c·log c) in the heap and a crossing of every dirty lane: the ordinary replay,
          // which places remembered items without a search, is cheaper from here. Otherwise
          // the runs stay dearer to replay than to walk (a one-column item costs the walk a
          // read, an add and two writes; the replay places and indexes it again). Measured in
          // round thirty-four (four columns, 100k items, a change in each sixteenth of the
          // section): with one such item in 8, 24, 48 and 64 the walk took 330–470, 390–395,
          // 185 and 107 µs an update and the replay 86–147, 193–315, 135 and 98; in 128, 159
          // against 206 (so not there). The threshold was one in c before.
          cross(to: t)
          stopAt = t
          break
        }
        if t == tM {
          // An item covering several columns: it moves if it changed or covers a dirty column.
          tally.pointee.nextMulti = nextMulti + 1
          let forced = t == tR
          if forced { k += 1 }
          let columns = records[t].coveredColumns(c)
          var touched = forced
          if !touched { for j in columns where slot[j] >= 0 { touched = true; break } }
          if !touched {
            let next = records[t].y + records[t].height + spacing
            for j in columns {
              cur[j] = next
              src[j] = t
            }
            tally.pointee.lastDone = t  // final: a lane cursor that meets it skips it
            continue
          }
          cross(to: t)
          var y = state(columns.lowerBound, before: t)
          for j in (columns.lowerBound + 1)..<columns.upperBound {
            let v = state(j, before: t)
            if v > y { y = v }
          }
          let width = records[t].column < 0 ? g.fullWidth : g.width(span: columns.count)
          let h = forced ? newHeight(t, atWidth: width) : records[t].height
          let (changedState, next) = place(t, y: y, height: h)
          for j in columns {
            cur[j] = next
            src[j] = t
            if changedState { markDirty(j, after: t) } else { markClean(j) }
          }
        } else if t == tR {
          // A changed one-column item.
          k += 1
          if t <= tally.pointee.lastDone { continue }
          cross(to: t)
          let j = Int(records[t].column)
          let (changedState, next) = place(t, y: state(j, before: t), height: newHeight(t, atWidth: g.columnWidth))
          cur[j] = next
          src[j] = t
          if changedState { markDirty(j, after: t) } else { markClean(j) }
        } else if c >= 2 && dirty.count == c && Swift.min(tM, tR, limit) &- t >= sweepMinimum {
          // A sweep: every dirty lane whose next item is below `bound` runs, all of them
          // together, through the records in id order. The ids from t to `bound` are one-column
          // items (`tM` and `tR` are the next others) but for items already final (at most
          // `lastDone`: one covering several columns, visited, that a lane's cursor names, or a
          // changed one), which a lane passes as its run does; a record's lane names whose item
          // it is. Each lane's items are recomputed with the lane run's very expressions and
          // in its order, so the frames, samples, checkpoints and state are the run's; only the
          // reads differ: one pass over the records, which the hardware reads ahead, instead of
          // one pass per lane, each item a line of its own (a lane's items are c records apart).
          let bound = Swift.min(tM, tR, limit)
          var sweeping = 0
          while let top = heap.first, top.id < bound {
            let cursor = pop()
            let l = cursor.lane
            inHeap[l] = false
            if slot[l] < 0 { continue }  // the column became clean: the cursor is dropped
            var run = _SweepLane()
            run.firstID = cursor.id
            run.position = cursor.position
            run.firstPosition = cursor.position
            run.boundary = (wrote[l] + 1) << Self.checkpointShift
            run.next = cur[l]
            // The lane's ids located once, clamped as `lane(l)` clamps them, for the sweep's
            // check at each sampled position.
            let end = Swift.min(ids.count, lanes[l].start + lanes[l].count)
            run.idsStart = Swift.min(lanes[l].start, end)
            run.idsEnd = end
            sweep[l] = run
            sweeping += 1
          }
          /// Lane l's sweep is over, at `bound` or because its column is clean again.
          func finish(_ l: Int, clean: Bool) {
            let run = sweep[l]
            sweep[l].firstID = .max
            if run.moved > 0 {
              tally.pointee.placed += run.moved
              src[l] = run.last
              tally.pointee.lowest = Swift.min(tally.pointee.lowest, run.firstID)
              tally.pointee.highest = Swift.max(tally.pointee.highest, run.last)
              lanes[l]._syncLevels(
                positions: run.firstPosition..<run.position,
                of: UnsafeBufferPointer(IntervalIndex._laneSamples(lanes[l], in: samples)))
            }
            cur[l] = run.next
            let ids = lane(l)
            if clean {
              markClean(l)
            } else if run.position < ids.count && Int(ids[run.position]) < limit {
              push(_WalkCursor(id: Int(ids[run.position]), lane: l, position: run.position))
              inHeap[l] = true
            }
          }
          let done = tally.pointee.lastDone
          var i = t
          while i < bound && sweeping > 0 {
            let l = records[i].lane
            // Item i belongs to a running lane, at or after the item the lane starts from.
            guard l < c && i >= sweep[l].firstID else {
              i &+= 1
              continue
            }
            let position = sweep[l].position
            sweep[l].position = position &+ 1
            if i <= done {
              // Final already: passed, as the lane run passes it.
              i &+= 1
              continue
            }
            if i >= sweep[l].boundary {
              // Lane l's own checkpoints between its previous item and i.
              sweep[l].boundary = writeCheckpoints(l, upTo: i, sweep[l].next)
            }
            let from = sweep[l].next
            let height = records[i].height
            let old = records[i].y + height + spacing
            let maxY = from + height
            records[i].y = from
            _IDBlocks._widen(leafTops, leafBottoms, i, from, maxY)
            if let k = IntervalIndex._sample(at: position) {
              // The lane's own id at a sampled position: the sweep and the lane agree, or the
              // walk stops here rather than write the sample of another item.
              let at = sweep[l].idsStart &+ position
              precondition(at < sweep[l].idsEnd && Int(ids[at]) == i, "column walk: lane \(l) out of step at item \(i)")
              let own = IntervalIndex._laneSamples(lanes[l], in: samples)
              if k < own.count { own[k] = maxY }
            }
            let next = maxY + spacing
            sweep[l].next = next
            sweep[l].last = i
            sweep[l].moved &+= 1
            if next.bitPattern == old.bitPattern {
              finish(l, clean: true)
              sweeping -= 1
            }
            i &+= 1
          }
          for l in 0..<c where sweep[l].firstID != .max { finish(l, clean: false) }
        } else {
          // A run of a dirty lane's one-column items, up to the next item covering several
          // columns or changed. One-column items of different columns do not meet, so the run
          // does not stop at the other dirty lanes' items: each dirty lane runs once between two
          // such items (a heap operation per run, not per item), writing its own checkpoints.
          // `lastDone` is left to the other branches: the other lanes' runs may be behind.
          var cursor = pop()
          let l = cursor.lane
          inHeap[l] = false
          if slot[l] < 0 { continue }  // the column became clean: the cursor is dropped
          let bound = Swift.min(tM, tR, limit)
          let ids = lane(l)
          // The hot loop keeps its state in locals of its own closure, returned at the end: a
          // variable captured from outside would live in memory, and every store into the
          // records would make the loop load it again (the pointer might alias it).
          let first = cursor.position, from = cur[l], done = tally.pointee.lastDone
          let own = IntervalIndex._laneSamples(lanes[l], in: samples)
          let (p, next, last, moved, clean) = { (samples: UnsafeMutableBufferPointer<Double>) -> (Int, Double, Int, Int, Bool) in
            var p = first, next = from, last = done, moved = 0
            var boundary = (wrote[l] + 1) << Self.checkpointShift
            while p < ids.count {
              let t = Int(ids[p])
              if t >= bound { break }
              // Items of this lane covering several columns are at most `last` (the multi-column
              // items below `tM` have all been visited), so the column and span are not read.
              if t <= last {
                p += 1
                continue
              }
              if t >= boundary {
                // Lane l's own checkpoints between its previous item and t.
                boundary = writeCheckpoints(l, upTo: t, next)
              }
              let height = records[t].height
              let old = records[t].y + height + spacing
              let maxY = next + height
              records[t].y = next
              _IDBlocks._widen(leafTops, leafBottoms, t, next, maxY)
              if let k = IntervalIndex._sample(at: p), k < samples.count { samples[k] = maxY }
              next = maxY + spacing
              last = t
              moved += 1
              p += 1
              if next.bitPattern == old.bitPattern { return (p, next, last, moved, true) }
            }
            return (p, next, last, moved, false)
          }(own)
          if moved > 0 {
            tally.pointee.placed += moved
            src[l] = last
            tally.pointee.lowest = Swift.min(tally.pointee.lowest, Int(ids[first]))  // at or below the first it wrote
            tally.pointee.highest = Swift.max(tally.pointee.highest, last)
            // The levels above the samples the run wrote, positions first ..< p.
            lanes[l]._syncLevels(positions: first..<p, of: UnsafeBufferPointer(own))
          }
          cur[l] = next
          if clean {
            markClean(l)
          } else if p < ids.count && Int(ids[p]) < limit {
            cursor.id = Int(ids[p])
            cursor.position = p
            push(cursor)
            inHeap[l] = true
          }
        }
      }
    }
    }
    }
    }
    }
    }
    }
    }
    if stopAt == Int.max && liveEnd {
      // The walk reached the end: the dirty columns' state after the last item is the live one.
      for j in dirty.elements { next[j] = cur[j] }
    }
    placed = tally.pointee.placed
    lowest = tally.pointee.lowest
    highest = tally.pointee.highest
    }
    }
    }
    }
    }
    }
    if stopAt < Int.max { validCount = Swift.min(validCount, stopAt) }
    swap(&leaves, &blocks._levels)
    if lowest <= highest {
      // The levels above the widened leaves. (Blocks reaching past `limit`, where the records
      // may have changed since the last layout, are written again by the placement that
      // follows, from a checkpoint at or below `limit`: block-aligned.)
      blocks._syncLevels(count: blocks._count, (lowest >> _IDBlocks.idShift)..<((highest >> _IDBlocks.idShift) + 1))
    }
    return placed
  }
}

/// A stack of at most `base.count` plain values in memory the caller owns (a temporary
/// allocation), its count too: the column walk's dirty columns and cursor heap. Every method is
/// nonmutating, so the walk keeps the stack in a `let`: a variable that its local functions
/// capture would be checked for exclusive access at run time on every access (see
/// `_WalkTally`). Appending past the capacity traps (the walk holds at most one entry per
/// column in each).
@usableFromInline
internal struct _BoundedStack<Element> {
  @usableFromInline let base: UnsafeMutableBufferPointer<Element>
  @usableFromInline let _count: UnsafeMutablePointer<Int>
  /// An empty stack in `base`, its count kept at `count`.
  @inlinable init(_ base: UnsafeMutableBufferPointer<Element>, count: UnsafeMutablePointer<Int>) {
    self.base = base
    self._count = count
    count.pointee = 0
  }
  @inlinable var count: Int { _count.pointee }
  @inlinable var isEmpty: Bool { count == 0 }
  @inlinable var first: Element? { count > 0 ? base[0] : nil }
  @inlinable var elements: Slice<UnsafeMutableBufferPointer<Element>> { base[0..<count] }
  @inlinable subscript(i: Int) -> Element {
    get { base[i] }
    nonmutating set { base[i] = newValue }
  }
  @inlinable func append(_ element: Element) {
    let count = self.count
    precondition(count < base.count, "_BoundedStack: more than \(base.count) elements")
    base[count] = element
    _count.pointee = count + 1
  }
  @inlinable func removeLast() -> Element {
    _count.pointee -= 1
    return base[count]
  }
  @inlinable func removeAll() { _count.pointee = 0 }
  @inlinable func swapAt(_ i: Int, _ j: Int) { base.swapAt(i, j) }
}

/// The column walk's running figures that its local functions update, kept in memory the walk
/// owns (a temporary allocation) and reached through a pointer. As variables captured by those
/// functions, every access went through the runtime's exclusivity check (`swift_beginAccess`
/// and `swift_endAccess`, with a thread-local lookup each): about two thirds of a walk's time
/// when items covering several columns make every column dirty (`update.keepColumns` on the
/// `mixed` feed, round thirty-four). The same holds for the stacks (`_BoundedStack`) and the
/// index's lanes, which the walk opens through a buffer pointer.
@usableFromInline
internal struct _WalkTally {
  /// The items whose frames the walk wrote.
  @usableFromInline var placed = 0
  /// The lowest and highest ids whose frames the walk wrote, for the id blocks.
  @usableFromInline var lowest = Int.max, highest = -1
  /// Items up to here are final.
  @usableFromInline var lastDone = -1
  /// The position in `multiColumn` of the next item covering several columns.
  @usableFromInline var nextMulti = 0
  @inlinable init() {}
}
