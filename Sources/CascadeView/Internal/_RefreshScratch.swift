import Cascade

/// The buffers one refresh of the displayed set works in, kept between refreshes so that a
/// steady scroll step allocates nothing.
///
/// The view holds one value of it (`CollectionView._scratch`), and a refresh borrows it for the
/// whole step as an `inout` argument (the property is not checked at run time), then plain
/// accesses, once per element. Nothing a data source or delegate callback can reach reads it, so
/// the borrow overlaps nothing.
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
  /// The displayed entries as a transaction found them, copied here before its remap edits the
  /// displayed array in place, and kept while it runs to put back if it fails; empty between
  /// transactions, its capacity kept, so that neither array allocates once both have grown (a
  /// snapshot sharing the displayed array made the remap copy it, an allocation a batch).
  @usableFromInline var displayedBefore: [_Entry<Cell>] = []
  /// Whether ``displayedBefore`` holds a running transaction's entries.
  @usableFromInline var holdsDisplayedBefore = false
  /// With pinned headers: the viewport query's answer, and the buffer the display answer and
  /// its pinned headers are merged into.
  @usableFromInline var pinned: [LayoutAttributes] = []
  @usableFromInline var pinnedMerge: [LayoutAttributes] = []
  /// The ``window``'s `moveCount` when the displayed set was last made exactly its elements
  /// (paths and attributes), or `nil` when it is not: a step whose move is the next one, by the
  /// cursors, takes the window's changes instead of diffing (``planFromWindow(_:)``).
  @usableFromInline var syncedMove: Int?
  /// Off: every step diffs the whole answer (a test and benchmark hook, to compare the two).
  @usableFromInline var takesWindowChanges = true
  /// How many steps took the window's changes: a test hook.
  @usableFromInline var stepsFromWindow = 0

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

  /// Fills ``departures`` and ``arrivals`` (indices in ``window``'s elements, not ``query``) from
  /// the window's last move, when the displayed set was exactly the window's answer before it and
  /// the move went by the cursors: then what left is ``VisibleWindow/left``, what came is
  /// ``VisibleWindow/entered``, and every other element kept its frame. Returns `false`, with
  /// both lists empty, when that does not hold or the lists disagree with `displayed`: the
  /// caller then diffs the whole answer.
  ///
  /// - Complexity: O(c·log k) for c changes and k entries (O(c²) to sort them, c ≤ a few).
  @inline(__always)
  @inlinable
  mutating func planFromWindow(_ displayed: UnsafeBufferPointer<_Entry<Cell>>) -> Bool {
    guard takesWindowChanges, let synced = syncedMove, window.moveCount == synced &+ 1, !window.lastMoveSearched,
      removed.count == 0
    else { return false }
    // The window's lists read in place (their public properties would copy each array).
    let counts = window._counts
    guard displayed.count - counts.left + counts.entered == counts.elements else { return false }
    stepsFromWindow &+= 1
    if counts.left == 0 && counts.entered == 0 { return true }
    // The two lists leave `self` while the window is lent (swapped, not copied: no retain).
    var leaving: [Int] = [], coming: [Int] = []
    swap(&leaving, &departures)
    swap(&coming, &arrivals)
    let planned = window._withLists { elements, entered, left in
      for k in 0..<left.count {
        guard let i = _Entry.index(of: left[k], in: displayed) else { return false }
        leaving._insertSorted(i)
      }
      for k in 0..<entered.count {
        let path = entered[k]
        var low = 0, high = elements.count
        while low < high {
          let mid = (low + high) / 2
          if elements[mid].path < path { low = mid + 1 } else { high = mid }
        }
        coming._insertSorted(low < elements.count && elements[low].path == path ? low : -1)
      }
      for k in 0..<entered.count where _Entry.index(of: entered[k], in: displayed) != nil { return false }
      return true
    }
    swap(&leaving, &departures)
    swap(&coming, &arrivals)
    if !planned || arrivals.first == -1 { return abandonPlan() }
    for k in 1..<Swift.max(1, departures.count) where departures[k] == departures[k - 1] { return abandonPlan() }
    for k in 1..<Swift.max(1, arrivals.count) where arrivals[k] == arrivals[k - 1] { return abandonPlan() }
    return true
  }

  /// Empties ``departures`` and ``arrivals`` and returns `false`: a plan that does not hold.
  @inlinable
  mutating func abandonPlan() -> Bool {
    stepsFromWindow &-= 1
    departures._removeAllKeepingCapacity()
    arrivals._removeAllKeepingCapacity()
    return false
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

  /// Makes `displayed` the window's answer after a step planned by ``planFromWindow(_:)``:
  /// removes the departed entries and inserts ``arriving`` at their indices. No survivor moved
  /// (the window's move kept every frame), so none is read or reported.
  ///
  /// - Complexity: O(c·k) memory moves for c changes and k entries, no retain or release for
  ///   an entry that stays.
  @inline(__always)
  @inlinable
  mutating func commitWindowChanges(into displayed: inout [_Entry<Cell>]) {
    var k = departures.count
    while k > 0 {
      k -= 1
      displayed._removeMoving(at: departures[k])
    }
    // The arriving entries are moved, not copied (a copy would retain each cell, and clearing
    // `arriving` release it again): taken from the end of `arriving`, reversed first so that
    // they come out in order. (The buffer pointer's reversal moves them too.)
    if arrivals.count > 1 { arriving.withUnsafeMutableBufferPointer { $0.reverse() } }
    for k in 0..<arrivals.count { displayed._insertMoving(arriving.removeLast(), at: arrivals[k]) }
  }
}

extension Array where Element == Int {
  /// Inserts `value` at its place in this increasing array, from the end: O(1) for a value
  /// larger than every other, O(count) at worst (the plans above hold a few values).
  @inline(__always)
  @inlinable
  mutating func _insertSorted(_ value: Int) {
    var i = count
    while i > 0 && self[i - 1] > value { i -= 1 }
    _insertMoving(value, at: i)
  }
}
