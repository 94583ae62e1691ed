// Test hooks: reachable from this package's tests, not from users.

extension CollectionView {
  /// The capacities of the buffers a scroll step reuses; a steady step must not grow them.
  package var _bufferCapacities: [Int] {
    [_displayed.capacity, _arriving.capacity, _query.capacity, _journal.capacity, _removed.capacity,
     _update.appeared.capacity, _update.disappeared.capacity, _update.moved.capacity,
     _prefetched.capacity, _prefetchNext.capacity, _prefetchQuery.capacity,
     _prefetchAdded.capacity, _prefetchCancelled.capacity,
     _departures.capacity, _arrivals.capacity, _merged.capacity] + _pools.map(\.free.capacity)
  }
}
