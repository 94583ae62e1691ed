// The diff of the displayed set: the hot path of every scroll step.
//
// Both the displayed entries and the rect query's answer are in spec order, so one linear merge
// finds what left, what stayed and what came. It runs twice: first to return the cells of what
// left to their pools, so that what comes reuses them, then to build the next displayed set.
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
    // The loops work on locals: every access to a class's stored property is checked for
    // exclusivity at run time, and a step touches these arrays once per element. `displayed`
    // and `query` only share storage (a retain); `update` and `next` are moved out and back.
    var update = CollectionViewUpdate<Cell>()
    swap(&update, &_update)
    update._clear(from: previousOffset, to: _contentOffset)
    let query = _query

    // The common scroll step: the same elements are displayed, some perhaps at new frames.
    // Nothing is handed out or taken back, so no data source call can run, and the displayed
    // entries are updated in place instead of being copied into the next set.
    if _removed.isEmpty && _displayed.count == query.count {
      var same: [_Entry<Cell>] = []
      swap(&same, &_displayed)  // unique, so updating an entry does not copy the array
      var k = 0
      while k < same.count && same[k].path == query[k].path { k += 1 }
      if k == same.count {
        for k in 0..<same.count where same[k].attributes != query[k] {
          update._moved.append(MovedElement(from: same[k].attributes, to: query[k], cell: same[k].cell))
          same[k].attributes = query[k]
        }
        swap(&same, &_displayed)
        swap(&update, &_update)
        _journal.removeAll(keepingCapacity: true)
        _updatePrefetching(from: previousOffset)
        _notify(scrolled: previousOffset != _contentOffset)
        return _update
      }
      swap(&same, &_displayed)
    }

    var displayed = _displayed

    // 1. Cells of elements that left go back to their pools first.
    for k in 0..<_removed.count {
      let entry = _removed[k]
      _enqueue(entry.cell, pool: entry.pool)
      update._disappeared.append(DisplayedElement(attributes: entry.attributes, cell: entry.cell))
    }
    let n = displayed.count, m = query.count
    var i = 0, j = 0
    while i < n {
      if j == m || displayed[i].path < query[j].path {
        let entry = displayed[i]
        _enqueue(entry.cell, pool: entry.pool)
        update._disappeared.append(DisplayedElement(attributes: entry.attributes, cell: entry.cell))
        i += 1
      } else if displayed[i].path == query[j].path {
        i += 1
        j += 1
      } else {
        j += 1
      }
    }

    // 2. The next displayed set: survivors keep their cells, arrivals get theirs.
    var next: [_Entry<Cell>] = []
    swap(&next, &_next)
    next.removeAll(keepingCapacity: true)
    i = 0
    j = 0
    do throws(CollectionViewError) {
      while j < m {
        let attributes = query[j]
        if i < n && displayed[i].path < attributes.path {
          i += 1
        } else if i < n && displayed[i].path == attributes.path {
          var entry = displayed[i]
          if entry.attributes != attributes {
            update._moved.append(MovedElement(from: entry.attributes, to: attributes, cell: entry.cell))
            entry.attributes = attributes
          }
          next.append(entry)
          i += 1
          j += 1
        } else {
          let (cell, pool) = try _cell(for: attributes)
          next.append(_Entry(path: attributes.path, attributes: attributes, cell: cell, pool: pool))
          update._appeared.append(DisplayedElement(attributes: attributes, cell: cell))
          j += 1
        }
      }
    } catch {
      _undoJournal()
      next.removeAll(keepingCapacity: true)
      swap(&next, &_next)
      update._clear(from: previousOffset, to: previousOffset)
      swap(&update, &_update)
      throw error
    }

    // The old displayed storage becomes the next step's scratch buffer: drop the local
    // reference first, so that clearing it does not copy it.
    displayed = []
    swap(&_displayed, &next)
    next.removeAll(keepingCapacity: true)
    swap(&next, &_next)
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
