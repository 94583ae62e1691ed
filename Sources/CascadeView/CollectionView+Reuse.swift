// Registration, dequeuing and the reuse pools.
//
// Cells and supplementary views share one set of pools, keyed by reuse identifier. Each pool is
// a stack with a capacity: cells beyond it are dropped when an update ends. Every pool operation
// of an update goes into a journal, so that an update that fails halfway (an unregistered
// identifier, say) can put every pool back as it was.

import Cascade

extension CollectionView {
  /// Registers how to make cells for `identifier`, with a closure that prepares a cell for reuse.
  ///
  /// Registering an identifier again replaces its factory and capacity and empties its pool.
  ///
  ///     view.register(forCellWithReuseIdentifier: "label", prepareForReuse: { $0.text = "" }) { Label() }
  ///
  /// - Parameters:
  ///   - identifier: the reuse identifier the data source dequeues with.
  ///   - capacity: how many free cells the pool keeps; ``defaultReuseCapacity`` when `nil`.
  ///   - prepareForReuse: called on a cell each time it leaves the pool for a new element.
  ///   - make: makes a new cell when the pool is empty.
  /// - Complexity: O(1) amortized.
  public func register(
    forCellWithReuseIdentifier identifier: String, capacity: Int? = nil,
    prepareForReuse: ((Cell) -> Void)?, _ make: @escaping () -> Cell
  ) {
    let pool = _ReusePool(
      identifier: identifier, make: make, prepare: prepareForReuse,
      capacity: Swift.max(0, capacity ?? defaultReuseCapacity))
    if let index = _poolIndex[identifier] {
      // The old pool leaves in a local, so that its cells are released (and their `deinit`s
      // run) after the access to `_pools` has ended.
      var old = pool
      swap(&old, &_pools[index])
    } else {
      _poolIndex[identifier] = _pools.count
      _pools.append(pool)
    }
  }

  /// Registers how to make cells for `identifier`; cells are not prepared for reuse.
  ///
  /// - Complexity: O(1) amortized.
  public func register(
    forCellWithReuseIdentifier identifier: String, capacity: Int? = nil, _ make: @escaping () -> Cell
  ) {
    register(forCellWithReuseIdentifier: identifier, capacity: capacity, prepareForReuse: nil, make)
  }

  /// The capacity of `identifier`'s pool, or `nil` when it is not registered.
  ///
  /// - Complexity: O(1).
  public func reuseCapacity(forReuseIdentifier identifier: String) -> Int? {
    _poolIndex[identifier].map { _pools[$0].capacity }
  }

  /// Sets how many free cells `identifier`'s pool keeps, dropping the ones beyond.
  ///
  /// - Throws: ``CollectionViewError/unregisteredReuseIdentifier(_:)``.
  /// - Complexity: O(d) for d cells dropped.
  public func setReuseCapacity(_ capacity: Int, forReuseIdentifier identifier: String) throws(CollectionViewError) {
    guard let index = _poolIndex[identifier] else { throw .unregisteredReuseIdentifier(identifier) }
    _pools[index].capacity = Swift.max(0, capacity)
    _trimPools(returned: true)
  }

  /// The number of free cells waiting in `identifier`'s pool (0 when it is not registered).
  ///
  /// - Complexity: O(1).
  public func numberOfReusableCells(withReuseIdentifier identifier: String) -> Int {
    _poolIndex[identifier].map { _pools[$0].free.count } ?? 0
  }

  /// A cell for the item at `path`: one from `identifier`'s pool, prepared for reuse, or a new
  /// one. Call it from ``CollectionViewDataSource/collectionView(_:cellForItemAt:)``, with the
  /// path you were given, once, and return the cell.
  ///
  /// As in UIKit, `path` is the element being configured: the view checks that it is the item
  /// it is asking for and records the cell as that element's, so that the cell the data source
  /// returns can be checked too (``CollectionViewError/cellNotDequeued(_:)``).
  ///
  /// - Throws: ``CollectionViewError/dequeueMismatch(dequeued:requested:)`` when the view is not
  ///   asking for the item at `path` (another element, no request at all, or a second dequeue
  ///   for one request), ``CollectionViewError/unregisteredReuseIdentifier(_:)``.
  /// - Complexity: O(1), plus the cell's `prepareForReuse` or factory.
  @inlinable
  public func dequeueReusableCell(
    withReuseIdentifier identifier: String, for path: ItemPath
  ) throws(CollectionViewError) -> Cell {
    try _dequeue(identifier, for: .item(path.item, section: path.section))
  }

  /// A header or footer view for `section`, from `identifier`'s pool or new. Call it from
  /// ``CollectionViewDataSource/collectionView(_:viewForSupplementaryElementOfKind:inSection:)``
  /// with the kind and section you were given, once, and return the view.
  ///
  /// - Throws: ``CollectionViewError/dequeueMismatch(dequeued:requested:)`` when the view is not
  ///   asking for that element, ``CollectionViewError/unregisteredReuseIdentifier(_:)``.
  /// - Complexity: O(1), plus the view's `prepareForReuse` or factory.
  @inlinable
  public func dequeueReusableSupplementaryView(
    ofKind kind: ElementKind, withReuseIdentifier identifier: String, inSection section: Int
  ) throws(CollectionViewError) -> Cell {
    try _dequeue(identifier, for: ElementPath(kind: kind, section: section))
  }

  /// A cell from `identifier`'s pool, or a new one, recorded as the cell of the element the view
  /// is asking for, which must be `path`.
  @inlinable
  func _dequeue(_ identifier: String, for path: ElementPath) throws(CollectionViewError) -> Cell {
    guard _request.path == path && _request.dequeued == nil else {
      throw .dequeueMismatch(dequeued: path, requested: _request.dequeued == nil ? _request.path : nil)
    }
    let index: Int
    if _lastPool < _pools.count && _pools[_lastPool].identifier == identifier {
      index = _lastPool  // the pool of the last dequeue again: no hashing of the identifier
    } else {
      guard let found = _poolIndex[identifier] else { throw .unregisteredReuseIdentifier(identifier) }
      index = found
      _lastPool = found
    }
    // Each closure is copied out of the pool before it runs: no access to `_pools` is held
    // while user code runs (it is not checked at run time).
    // Each branch returns its own cell: through one `let` for both, the compiler kept a retain
    // and a release of the cell around the request's update.
    if let reused = _pools[index].free.popLast() {
      _journal.append(.popped(pool: index, cell: reused))
      _reuseStatistics.reused += 1
      if let prepare = _pools[index].prepare { prepare(reused) }
      _request.dequeued = Unmanaged.passUnretained(reused)
      _request.pool = index
      return reused
    }
    let make = _pools[index].make
    let made = make()
    _journal.append(.created(cell: made))
    _reuseStatistics.created += 1
    _request.dequeued = Unmanaged.passUnretained(made)
    _request.pool = index
    return made
  }

  /// Puts a cell that stopped being displayed back in its pool (over capacity until the update
  /// ends, so that a failing update can take it back).
  @inlinable
  func _enqueue(_ cell: Cell, pool: Int) {
    _pools[pool].free.append(cell)
    _journal.append(.pushed(pool: pool))
  }

  /// Undoes every pool operation of the failed update, last first.
  @inlinable
  func _undoJournal() {
    while let event = _journal.popLast() {
      switch event {
      case .pushed(let pool):
        // Released after the access (a cell's `deinit` may run).
        let dropped = _pools[pool].free.popLast()
        withExtendedLifetime(dropped) {}
      case .popped(let pool, let cell):
        _pools[pool].free.append(cell)
        _reuseStatistics.reused -= 1
      case .created:
        _reuseStatistics.created -= 1
      }
    }
  }

  /// Drops the free cells beyond each pool's capacity. `returned`: whether any cell went back
  /// to a pool since the last trim (or a capacity changed); when not, no pool can be over its
  /// capacity and nothing is read.
  ///
  /// - Complexity: O(1) when `returned` is `false`, O(p + d) for p pools and d cells dropped.
  @inlinable
  func _trimPools(returned: Bool) {
    guard returned else { return }
    // One read of the pools to see whether any is over capacity (most steps none is).
    let over = _pools.withUnsafeBufferPointer { pools in pools.contains { $0.free.count > $0.capacity } }
    guard over else { return }
    for index in _pools.indices where _pools[index].free.count > _pools[index].capacity {
      // The pool's free cells leave in a local while the excess is dropped, so that the cells'
      // `deinit`s run outside any access to `_pools`.
      var free: [Cell] = []
      swap(&free, &_pools[index].free)
      let excess = free.count - _pools[index].capacity
      free.removeLast(excess)
      _reuseStatistics.discarded += excess
      swap(&free, &_pools[index].free)
    }
  }

  /// Asks the data source for the cell of `attributes`' element and checks that it is the one
  /// dequeued for that element.
  @inlinable
  func _cell(for attributes: LayoutAttributes) throws(CollectionViewError) -> (Cell, pool: Int) {
    guard let dataSource else { throw .noDataSource }
    return try _cell(for: attributes, from: dataSource)
  }

  /// ``_cell(for:)`` with the data source already loaded (a step with several arrivals loads
  /// the weak reference once).
  ///
  /// - Complexity: O(1) plus the data source's call.
  @inlinable
  func _cell(
    for attributes: LayoutAttributes, from dataSource: any CollectionViewDataSource<Cell, Layout>
  ) throws(CollectionViewError) -> (Cell, pool: Int) {
    let path = attributes.path
    _request = _CellRequest(path: path)
    defer { _request = _CellRequest(path: nil) }
    let cell: Cell
    switch path.kind {
    case .item:
      cell = try dataSource.collectionView(self, cellForItemAt: ItemPath(item: path.item, section: path.section))
    case .header, .footer:
      cell = try dataSource.collectionView(self, viewForSupplementaryElementOfKind: path.kind, inSection: path.section)
    }
    guard _request.hasDequeued(cell) else { throw .cellNotDequeued(path) }
    return (cell, _request.pool)
  }
}

extension CollectionView where Cell: ReusableCell {
  /// Registers how to make cells for `identifier`; each reused cell gets
  /// ``ReusableCell/prepareForReuse()`` before the data source configures it.
  ///
  ///     view.register(forCellWithReuseIdentifier: "box") { Box() }
  ///
  /// - Complexity: O(1) amortized.
  public func register(
    forCellWithReuseIdentifier identifier: String, capacity: Int? = nil, _ make: @escaping () -> Cell
  ) {
    register(forCellWithReuseIdentifier: identifier, capacity: capacity, prepareForReuse: { $0.prepareForReuse() }, make)
  }
}
