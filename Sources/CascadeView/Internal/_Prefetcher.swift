import Cascade

/// Prefetching (IGListKit's working range): the items of a band beyond the display rect, in the
/// direction of the last scroll that moved, and what entered the band (to announce) or left it
/// without being displayed (to cancel). It owns its buffers, kept between steps.
///
/// The view holds one value (`CollectionView._prefetcher`) and calls
/// ``update(scrolledBy:display:distance:displayed:query:)`` once per refresh: one access to the
/// view's property, then the work on `self`.
@usableFromInline
struct _Prefetcher {
  /// The items in the band, announced and neither displayed nor cancelled since, in spec order.
  @usableFromInline var prefetched: [ItemPath] = []
  /// The band being computed, swapped with ``prefetched`` at the end of an update.
  @usableFromInline var next: [ItemPath] = []
  /// The band's rect query.
  @usableFromInline var query: [LayoutAttributes] = []
  /// What the last update announced, and what it cancelled, in spec order.
  @usableFromInline var added: [ItemPath] = []
  @usableFromInline var cancelled: [ItemPath] = []
  /// +1 down, -1 up: the direction of the last scroll that moved.
  @usableFromInline var direction = 1

  @inlinable
  init() {}

  /// ``update(scrolledBy:display:distance:horizontal:displayed:query:)`` when it has nothing to
  /// do: with no band (`distance` not > 0) and nothing announced, it only notes the direction of
  /// `dy`, and there is nothing to announce or cancel. Returns `false` when there is more to do.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  @inlinable
  mutating func updateWithoutBand(scrolledBy dy: Double, distance: Double) -> Bool {
    guard !(distance > 0) && prefetched.count == 0 else { return false }
    if dy > 0 { direction = 1 } else if dy < 0 { direction = -1 }
    added._removeAllKeepingCapacity()
    cancelled._removeAllKeepingCapacity()
    return true
  }

  /// Recomputes the band after a scroll by `dy` (along x when `horizontal`, else along y), for the display rect `display` and a band
  /// `distance` points tall (none when `distance` is not > 0), and fills ``added`` and
  /// ``cancelled``. `query` appends the elements of a rect to a buffer, in spec order (the
  /// layout's rect query). An item leaving the band is cancelled only when it is not in
  /// `displayed` (items that go from the band to the screen are neither).
  ///
  /// - Returns: whether anything is to be announced or cancelled.
  /// - Complexity: O(p·log k) for p items in the band and k displayed, plus the query;
  ///   allocates nothing once the buffers have grown.
  @inlinable
  mutating func update<Cell: AnyObject>(
    scrolledBy dy: Double, display: Rect, distance: Double, horizontal: Bool = false,
    displayed: UnsafeBufferPointer<_Entry<Cell>>,
    query elements: (Rect, inout [LayoutAttributes]) -> Void
  ) -> Bool {
    if dy > 0 { direction = 1 } else if dy < 0 { direction = -1 }
    next._removeAllKeepingCapacity()
    added._removeAllKeepingCapacity()
    cancelled._removeAllKeepingCapacity()
    if distance > 0 {
      query._removeAllKeepingCapacity()
      if horizontal {
        let x = direction > 0 ? display.maxX : display.minX - distance
        elements(Rect(x: x, y: display.minY, width: distance, height: display.height), &query)
      } else {
        let y = direction > 0 ? display.maxY : display.minY - distance
        elements(Rect(x: display.minX, y: y, width: display.width, height: distance), &query)
      }
      for k in 0..<query.count {
        let attributes = query[k]
        if attributes.path.kind == .item && !attributes.frame.intersects(display) {
          next.append(ItemPath(item: attributes.path.item, section: attributes.path.section))
        }
      }
    }
    let n = prefetched.count, m = next.count
    var i = 0, j = 0
    while i < n || j < m {
      if j == m || (i < n && prefetched[i] < next[j]) {
        let path = prefetched[i]
        if _Entry.index(of: .item(path.item, section: path.section), in: displayed) == nil { cancelled.append(path) }
        i += 1
      } else if i == n || next[j] < prefetched[i] {
        added.append(next[j])
        j += 1
      } else {
        i += 1
        j += 1
      }
    }
    swap(&prefetched, &next)
    return !added.isEmpty || !cancelled.isEmpty
  }

  /// Moves the announced items' paths through a batch of updates (`nil`: gone), keeping them
  /// sorted.
  ///
  /// - Complexity: O(p·log p) plus p calls of `map`, for p items announced.
  @usableFromInline
  mutating func remap(_ map: (ElementPath) -> ElementPath?) {
    prefetched = prefetched.compactMap { map(.item($0.item, section: $0.section))?.itemPath }.sorted()
  }
}
