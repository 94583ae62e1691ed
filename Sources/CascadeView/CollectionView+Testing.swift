// Test hooks: reachable from this package's tests, not from users.

extension CollectionView {
  /// The capacities of the buffers a scroll step reuses; a steady step must not grow them.
  package var _bufferCapacities: [Int] {
    [_displayed.capacity, _journal.capacity,
     _scratch.query.capacity, _scratch.departures.capacity, _scratch.arrivals.capacity,
     _scratch.arriving.capacity, _scratch.merged.capacity, _scratch.removed.capacity,
     _scratch.pinned.capacity, _scratch.pinnedMerge.capacity,
     _update.appeared.capacity, _update.disappeared.capacity, _update.moved.capacity,
     _prefetcher.prefetched.capacity, _prefetcher.next.capacity, _prefetcher.query.capacity,
     _prefetcher.added.capacity, _prefetcher.cancelled.capacity] + _pools.map(\.free.capacity)
  }
}

extension CollectionView {
  /// Sets header pinning where the pinned-header property exists (a test hook shared by the
  /// allocation tests).
  package func _setPinsSectionHeadersForTesting(_ on: Bool) {
    pinsSectionHeaders = on
  }
}

extension CollectionView {
  /// Whether a scroll step takes the display rect's window changes (what entered and left)
  /// instead of diffing the whole answer; on by default. A test and benchmark hook: with it off,
  /// every step takes the full path, to compare the two.
  ///
  /// - Complexity: O(1).
  package var _takesWindowChanges: Bool {
    get { _scratch.takesWindowChanges }
    set { _scratch.takesWindowChanges = newValue }
  }

  /// How many steps took the window's changes rather than diffing (see `_takesWindowChanges`).
  ///
  /// - Complexity: O(1).
  package var _stepsFromWindow: Int { _scratch.stepsFromWindow }
}
