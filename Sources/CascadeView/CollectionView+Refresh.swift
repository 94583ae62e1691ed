// The diff of the displayed set: the hot path of every scroll step.
//
// Both the displayed entries and the rect query's answer are in spec order, so one linear merge
// finds what left, what stayed and what came. The cells of what left go back to their pools
// first, so that what comes reuses them; then the displayed set is edited in place.
// Every buffer is kept between steps (`removeAll(keepingCapacity:)`), so a steady scroll step
// allocates nothing.

import Cascade

extension CollectionView {
  /// Recomputes the displayed set for the current layout, bounds and offset, hands out and takes
  /// back cells, tells the delegate, and returns the update. Atomic: when a data source call
  /// fails, every pool is put back and `_displayed` is untouched.
  ///
  /// - Complexity: O(log n + k + d) for n elements, k displayed before and after and d delegate
  ///   and data source calls; allocates nothing once its buffers have grown.
  @inlinable
  func _refresh(from previousOffset: Point) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    _query.removeAll(keepingCapacity: true)
    layout.elements(in: displayRect, into: &_query)
    _journal.removeAll(keepingCapacity: true)
    // The work happens on locals: every access to a class's stored property is checked for
    // exclusivity at run time, and a step touches these arrays once per element. The scratch
    // buffers are moved out of the view and back, so they keep their capacity.
    var update = CollectionViewUpdate<Cell>()
    swap(&update, &_update)
    update._clear(from: previousOffset, to: _contentOffset)
    let query = _query
    var departures: [Int] = [], arrivals: [Int] = [], arriving: [_Entry<Cell>] = []
    swap(&departures, &_departures)
    swap(&arrivals, &_arrivals)
    swap(&arriving, &_arriving)
    defer {
      departures.removeAll(keepingCapacity: true)
      arrivals.removeAll(keepingCapacity: true)
      arriving.removeAll(keepingCapacity: true)
      swap(&departures, &_departures)
      swap(&arrivals, &_arrivals)
      swap(&arriving, &_arriving)
    }

    // 1. What left: cells go back to their pools first, so that arrivals reuse them on the spot.
    for k in 0..<_removed.count {
      let entry = _removed[k]
      _enqueue(entry.cell, pool: entry.pool)
      update._disappeared.append(DisplayedElement(attributes: entry.attributes, cell: entry.cell))
    }
    // Read through buffer pointers: an `Array` element read here would copy the whole entry.
    _displayed.withUnsafeBufferPointer { displayed in
      query.withUnsafeBufferPointer { query in
        let n = displayed.count, m = query.count
        var i = 0, j = 0
        while i < n || j < m {
          if j == m || (i < n && displayed[i].path < query[j].path) {
            _enqueue(displayed[i].cell, pool: displayed[i].pool)
            update._disappeared.append(DisplayedElement(attributes: displayed[i].attributes, cell: displayed[i].cell))
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

    // 2. Cells for what came, in spec order. If the data source fails, the pools are put back
    // and the displayed set has not been touched.
    do throws(CollectionViewError) {
      for j in arrivals {
        let attributes = query[j]
        let (cell, pool) = try _cell(for: attributes)
        arriving.append(_Entry(path: attributes.path, attributes: attributes, cell: cell, pool: pool))
        update._appeared.append(DisplayedElement(attributes: attributes, cell: cell))
      }
    } catch {
      _undoJournal()
      update._clear(from: previousOffset, to: previousOffset)
      swap(&update, &_update)
      throw error
    }

    // 3. The displayed set, edited in place (nothing here can fail): a small scroll step moves
    // entries without copying them, so no cell is retained or released for staying on screen.
    var displayed: [_Entry<Cell>] = []
    swap(&displayed, &_displayed)
    if let first = departures.first {
      // Survivors slide down over the departed entries, in order.
      // (The buffer pointer's swap moves the entries; `Array.swapAt` would copy them, retaining
      // and releasing their cells.)
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
          update._moved.append(MovedElement(from: displayed[survivor].attributes, to: query[j], cell: displayed[survivor].cell))
          displayed[survivor].attributes = query[j]
        }
        survivor += 1
      }
    }
    // The displayed set ends up in the answer's order, so arrival j goes to index j.
    if arrivals.count <= 4 {
      for k in 0..<arrivals.count { displayed.insert(arriving[k], at: arrivals[k]) }
    } else {
      var merged: [_Entry<Cell>] = []
      swap(&merged, &_merged)
      merged.removeAll(keepingCapacity: true)
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
      merged.removeAll(keepingCapacity: true)
      swap(&merged, &_merged)
    }
    swap(&displayed, &_displayed)
    swap(&update, &_update)

    _removed.removeAll(keepingCapacity: true)
    _journal.removeAll(keepingCapacity: true)
    _trimPools()
    _updatePrefetching(from: previousOffset)
    _notify(scrolled: previousOffset != _contentOffset)
    return _update
  }

  /// Recomputes the prefetch band, beyond the display rect in the scroll direction, and what
  /// entered it (to prefetch) or left it without being displayed (to cancel).
  ///
  /// - Complexity: O(log n + p·log k) for p items in the band and k displayed.
  @inlinable
  func _updatePrefetching(from previousOffset: Point) {
    let dy = _contentOffset.y - previousOffset.y
    if dy > 0 { _scrollDirection = 1 } else if dy < 0 { _scrollDirection = -1 }
    _prefetchNext.removeAll(keepingCapacity: true)
    _prefetchAdded.removeAll(keepingCapacity: true)
    _prefetchCancelled.removeAll(keepingCapacity: true)
    let display = displayRect
    if prefetchDistance > 0 {
      let y = _scrollDirection > 0 ? display.maxY : display.minY - prefetchDistance
      let band = Rect(x: display.minX, y: y, width: display.width, height: prefetchDistance)
      _prefetchQuery.removeAll(keepingCapacity: true)
      layout.elements(in: band, into: &_prefetchQuery)
      for k in 0..<_prefetchQuery.count {
        let attributes = _prefetchQuery[k]
        if attributes.path.kind == .item && !attributes.frame.intersects(display) {
          _prefetchNext.append(ItemPath(item: attributes.path.item, section: attributes.path.section))
        }
      }
    }
    let n = _prefetched.count, m = _prefetchNext.count
    var i = 0, j = 0
    while i < n || j < m {
      if j == m || (i < n && _prefetched[i] < _prefetchNext[j]) {
        let path = _prefetched[i]
        if _displayedIndex(of: .item(path.item, section: path.section)) == nil { _prefetchCancelled.append(path) }
        i += 1
      } else if i == n || _prefetchNext[j] < _prefetched[i] {
        _prefetchAdded.append(_prefetchNext[j])
        j += 1
      } else {
        i += 1
        j += 1
      }
    }
    swap(&_prefetched, &_prefetchNext)
  }

  /// Tells the delegate about the update just made, in the order ``CollectionViewDelegate`` gives.
  @inlinable
  func _notify(scrolled: Bool) {
    guard let delegate else { return }
    for k in 0..<_update._disappeared.count {
      let element = _update._disappeared[k]
      let path = element.attributes.path
      if path.kind == .item {
        delegate.collectionView(self, didEndDisplaying: element.cell, forItemAt: ItemPath(item: path.item, section: path.section))
      } else {
        delegate.collectionView(
          self, didEndDisplayingSupplementaryView: element.cell, forElementOfKind: path.kind, inSection: path.section)
      }
    }
    for k in 0..<_update._appeared.count {
      let element = _update._appeared[k]
      let path = element.attributes.path
      if path.kind == .item {
        delegate.collectionView(self, willDisplay: element.cell, forItemAt: ItemPath(item: path.item, section: path.section))
      } else {
        delegate.collectionView(
          self, willDisplaySupplementaryView: element.cell, forElementKind: path.kind, inSection: path.section)
      }
    }
    if !_prefetchCancelled.isEmpty { delegate.collectionView(self, cancelPrefetchingForItemsAt: _prefetchCancelled) }
    if !_prefetchAdded.isEmpty { delegate.collectionView(self, prefetchItemsAt: _prefetchAdded) }
    if !_update.isEmpty { delegate.collectionView(self, didUpdateDisplayedElements: _update) }
    if scrolled { delegate.collectionViewDidScroll(self) }
  }

  /// The index in `_displayed` of the element at `path`, by binary search.
  ///
  /// - Complexity: O(log k) for k displayed elements.
  @inlinable
  func _displayedIndex(of path: ElementPath) -> Int? {
    var low = 0, high = _displayed.count
    while low < high {
      let mid = (low + high) / 2
      if _displayed[mid].path < path { low = mid + 1 } else { high = mid }
    }
    return low < _displayed.count && _displayed[low].path == path ? low : nil
  }

  /// Throws when called from inside a data source or delegate callback of an update.
  @inlinable
  func _beginUpdate() throws(CollectionViewError) {
    if _isUpdating { throw .reentrantUpdate }
    _isUpdating = true
  }
}
