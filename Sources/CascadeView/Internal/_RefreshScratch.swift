import Cascade

/// The buffers one refresh of the displayed set works in, kept between refreshes so that a
/// steady scroll step allocates nothing.
///
/// The view holds one value of it (`CollectionView._scratch`), and a refresh borrows it for the
/// whole step as an `inout` argument: one run-time exclusivity check on the view's property, then
/// plain accesses, once per element. Nothing a data source or delegate callback can reach reads
/// it, so the borrow overlaps nothing.
///
/// The two pure steps of a refresh are here, on buffers alone: ``diff(_:)`` finds what left and
/// what came, ``commit(into:moved:)`` edits the displayed set in place.
@usableFromInline
struct _RefreshScratch<Cell: AnyObject> {
  /// The rect query's answer: the display rect's elements, in spec order.
  @usableFromInline var query: [LayoutAttributes] = []
  /// The display rect's window, moved by each step (`CollectionLayout.moveWindow(_:to:)`), so
  /// that a step costs what it changes in the layout's index; kept across steps, never cleared.
  @usableFromInline var window = VisibleWindow()
  /// Indices in the displayed set of the entries that left, increasing.
  @usableFromInline var departures: [Int] = []
  /// Indices in ``query`` of the elements that came, increasing.
  @usableFromInline var arrivals: [Int] = []
  /// The entries made for the arrivals, in the same order.
  @usableFromInline var arriving: [_Entry<Cell>] = []
  /// The buffer a step with many arrivals merges into.
  @usableFromInline var merged: [_Entry<Cell>] = []
  /// Displayed elements a transaction removed (deleted, reloaded, dropped by a reload): the next
  /// refresh returns their cells and reports them as disappeared.
  @usableFromInline var removed: [_Entry<Cell>] = []
  /// With pinned headers: the viewport query's answer, and the buffer the display answer and
  /// its pinned headers are merged into.
  @usableFromInline var pinned: [LayoutAttributes] = []
  @usableFromInline var pinnedMerge: [LayoutAttributes] = []

  @inlinable
  init() {}

  /// Empties every buffer, keeping its capacity.
  @inline(__always)
  @inlinable
  mutating func clear() {
    query._removeAllKeepingCapacity()
    departures._removeAllKeepingCapacity()
    arrivals._removeAllKeepingCapacity()
    arriving._removeAllKeepingCapacity()
    merged._removeAllKeepingCapacity()
    removed._removeAllKeepingCapacity()
    pinned._removeAllKeepingCapacity()
    pinnedMerge._removeAllKeepingCapacity()
  }

  /// Replaces the headers of ``query`` (the display rect's answer) with the headers that
  /// `layout`'s viewport query pins in `viewport`, at their pinned frames, keeping spec order.
  /// With no overscan, ``query`` becomes exactly the viewport query's answer.
  ///
  /// - Complexity: that of the viewport query, plus O(k) for k answers; allocates nothing once
  ///   the buffers have grown.
  @inline(__always)
  @inlinable
  mutating func pinHeaders<Layout: CollectionLayout>(of layout: Layout, in viewport: Rect) {
    pinned._removeAllKeepingCapacity()
    pinnedMerge._removeAllKeepingCapacity()
    layout.elements(inViewport: viewport, pinningHeaders: true, into: &pinned)
    query.withUnsafeBufferPointer { query in
      pinned.withUnsafeBufferPointer { pinned in
        var i = 0, j = 0
        let n = query.count, m = pinned.count
        while i < n || j < m {
          if i < n && query[i].path.kind == .header { i += 1; continue }
          if j < m && pinned[j].path.kind != .header { j += 1; continue }
          if j == m || (i < n && query[i].path < pinned[j].path) {
            pinnedMerge.append(query[i])
            i += 1
          } else {
            pinnedMerge.append(pinned[j])
            j += 1
          }
        }
      }
    }
    swap(&query, &pinnedMerge)
    pinnedMerge._removeAllKeepingCapacity()
  }

  /// Merges the displayed entries with ``query``, both in spec order: the entries missing from
  /// the answer go to ``departures``, the answers missing from the entries to ``arrivals``.
  ///
  /// - Complexity: O(k + m) for k entries and m answers.
  @inline(__always)
  @inlinable
  mutating func diff(_ displayed: UnsafeBufferPointer<_Entry<Cell>>) {
    // Read through buffer pointers: an `Array` element read here would copy the whole entry.
    query.withUnsafeBufferPointer { query in
      let n = displayed.count, m = query.count
      var i = 0, j = 0
      while i < n || j < m {
        if j == m || (i < n && displayed[i].path < query[j].path) {
          departures.append(i)
          i += 1
        } else if i == n || query[j].path < displayed[i].path {
          arrivals.append(j)
          j += 1
        } else {
          i += 1
          j += 1
        }
      }
    }
  }

  /// Makes `displayed` the answer: removes the departed entries, updates the survivors' frames
  /// (appending the changed ones to `moved`) and inserts ``arriving`` at their indices. Nothing
  /// here can fail, and an entry that stays is moved, never copied, so no cell is retained or
  /// released for staying on screen.
  ///
  /// - Complexity: O(k + m) for k entries and m answers.
  @inline(__always)
  @inlinable
  mutating func commit(into displayed: inout [_Entry<Cell>], moved: inout [MovedElement<Cell>]) {
    if let first = departures.first {
      // Survivors slide down over the departed entries, in order. (The buffer pointer's swap
      // moves the entries; `Array.swapAt` would copy them, retaining and releasing their cells.)
      var write = first, d = 0
      displayed.withUnsafeMutableBufferPointer { displayed in
        for read in first..<displayed.count {
          if d < departures.count && departures[d] == read {
            d += 1
          } else {
            displayed.swapAt(write, read)
            write += 1
          }
        }
      }
      displayed.removeLast(displayed.count - write)
    }
    // The survivors are the answer without the arrivals, in the same order: report moved frames.
    var survivor = 0, nextArrival = 0
    displayed.withUnsafeMutableBufferPointer { displayed in
      for j in 0..<query.count {
        if nextArrival < arrivals.count && arrivals[nextArrival] == j {
          nextArrival += 1
          continue
        }
        if displayed[survivor].attributes != query[j] {
          moved.append(MovedElement(from: displayed[survivor].attributes, to: query[j], cell: displayed[survivor].cell))
          displayed[survivor].attributes = query[j]
        }
        survivor += 1
      }
    }
    // The displayed set ends up in the answer's order, so arrival j goes to index j: a few are
    // inserted, many are merged into the second buffer, which is then swapped in.
    if arrivals.count <= 4 {
      for k in 0..<arrivals.count { displayed.insert(arriving[k], at: arrivals[k]) }
      return
    }
    merged._removeAllKeepingCapacity()
    survivor = 0
    nextArrival = 0
    for j in 0..<query.count {
      if nextArrival < arrivals.count && arrivals[nextArrival] == j {
        merged.append(arriving[nextArrival])
        nextArrival += 1
      } else {
        merged.append(displayed[survivor])
        survivor += 1
      }
    }
    swap(&merged, &displayed)
    merged._removeAllKeepingCapacity()
  }
}

extension Array {
  /// `removeAll(keepingCapacity: true)`, skipped when the array is empty already: the call
  /// costs about a hundred instructions even then (several hundred in unspecialized code), and
  /// most of a step's buffers stay empty. `count`, not `isEmpty`: `Array` takes `isEmpty` from
  /// `Collection`, which unspecialized code reaches through witness tables.
  @inline(__always)
  @inlinable
  mutating func _removeAllKeepingCapacity() {
    if count != 0 { removeAll(keepingCapacity: true) }
  }
}
