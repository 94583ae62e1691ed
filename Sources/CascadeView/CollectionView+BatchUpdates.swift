// reloadData, performBatchUpdates, and the transaction both share with width changes.
//
// A transaction keeps what it may change (the view's own state; for the layout, the inverse
// batch the layout records, or a copy of a layout that records none), applies the layout
// changes, remaps the displayed elements' paths, moves the content offset so that the first
// visible item stays where it was on screen, and refreshes the displayed set. If anything fails,
// everything is put back.

import Cascade

extension CollectionView {
  /// Rebuilds the layout from the data source (counts, section parameters, every item's
  /// description) at the width the bounds and insets give, and displays it afresh: every cell
  /// goes back to its pool and the elements in the display rect get new ones. The content offset
  /// is kept, clamped to the new content.
  ///
  /// - Throws: ``CollectionViewError/noDataSource``, ``CollectionViewError/layout(_:)`` when the
  ///   layout rejects a value, or what the data source throws for a cell; the view is then as
  ///   it was.
  /// - Complexity: O(N) data source calls and the layout's build, O(N·c) for the waterfall, for
  ///   N items.
  @discardableResult
  public func reloadData() throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    try _beginUpdate()
    defer { _isUpdating = false }
    guard let dataSource else { throw .noDataSource }
    var changes: [Layout.Change] = []
    for _ in 0..<layout.numberOfSections { changes.append(.deleteSection(at: 0)) }
    let width = bounds.width - contentInset.left - contentInset.right
    if width != layout.width { changes.append(.setWidth(width)) }
    let sections = Swift.max(0, dataSource.numberOfSections(in: self))
    for s in 0..<sections {
      changes.append(.insertSection(_section(s, dataSource), at: s))
    }
    return try _transaction(changes, anchored: false) { _ in nil }
  }

  /// Applies a batch of updates the data source has already made: the layout changes
  /// incrementally, displayed items that survive keep their cells (under their new paths),
  /// removed and reloaded ones give theirs back, and the first visible item that survives (and
  /// is not itself moved by a `moveItem` or `moveSection`) stays where it was on screen (scroll
  /// anchoring), the offset clamped to the new content.
  ///
  /// Updates are sequential, like ``LayoutChange``: each one's indices refer to the state the
  /// previous one left. The view asks the data source for inserted and reloaded items at the
  /// paths they have at the end of the batch; an inserted section is filled with the data
  /// source's final items (so don't also insert items into it in the same batch). An element
  /// inserted and removed again by the same batch is fine.
  ///
  ///     photos.insert(contentsOf: newPhotos, at: 0)
  ///     try view.performBatchUpdates([.insertItems(0..<newPhotos.count, section: 0)])
  ///
  /// - Throws: ``CollectionViewError/invalidUpdate(index:reason:)`` for an index outside the
  ///   collection at that point of the batch, ``CollectionViewError/countMismatch(section:dataSource:afterUpdates:)``
  ///   when the data source's counts are not what the updates leave,
  ///   ``CollectionViewError/layout(_:)``, or what the data source throws for a cell. The view is
  ///   then as it was.
  /// - Complexity: O(u·(k + i) + s) for u updates, k displayed elements, i inserted or reloaded
  ///   items and s sections, plus the layout's `apply` (for a layout that records its inverse,
  ///   as both of Cascade's do; others are copied for rollback, which costs what the batch touches).
  @discardableResult
  public func performBatchUpdates(_ updates: [BatchUpdate]) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    try _beginUpdate()
    defer { _isUpdating = false }
    guard let dataSource else { throw .noDataSource }
    let changes = try _layoutChanges(for: updates, dataSource)
    return try _transaction(
      changes, anchored: true,
      anchorable: { !BatchUpdate._isMovedOnPurpose($0, through: updates[...]) }
    ) { path in
      BatchUpdate._map(path, through: updates[...]).path
    }
  }

  /// A layout section built from the data source's section `s`.
  func _section(
    _ s: Int, _ dataSource: any CollectionViewDataSource<Cell, Layout>
  ) -> Layout.Section {
    let count = Swift.max(0, dataSource.collectionView(self, numberOfItemsInSection: s))
    var items: [Layout.Item] = []
    items.reserveCapacity(count)
    for i in 0..<count { items.append(dataSource.collectionView(self, layoutItemAt: ItemPath(item: i, section: s))) }
    return LayoutSection(parameters: dataSource.collectionView(self, parametersForSection: s), items: items)
  }

  /// Checks a batch against the counts it produces and the data source's, then translates it
  /// into layout changes, with items asked of the data source at their final paths.
  func _layoutChanges(
    for updates: [BatchUpdate], _ dataSource: any CollectionViewDataSource<Cell, Layout>
  ) throws(CollectionViewError) -> [Layout.Change] {
    let sourceSections = dataSource.numberOfSections(in: self)
    // Where an element inserted or reloaded by update k ends up, or `nil` when a later update of
    // the batch removes it again (a transient element).
    func final(_ path: ElementPath, after k: Int) throws(CollectionViewError) -> ElementPath? {
      guard let mapped = BatchUpdate._map(path, through: updates[(k + 1)...]).path else { return nil }
      guard mapped.section < sourceSections else {
        throw .invalidUpdate(
          index: k, reason: "\(path) ends in section \(mapped.section); the data source has \(sourceSections) sections")
      }
      return mapped
    }
    func finalCount(_ s: Int, after k: Int) throws(CollectionViewError) -> Int {
      guard let section = try final(.header(s), after: k)?.section else { return 0 }
      return dataSource.collectionView(self, numberOfItemsInSection: section)
    }
    // A transient item or section still needs a valid value for the layout to accept the batch;
    // it never survives the batch, so any item of the final state will do.
    var placeholder: Layout.Item?
    func transientItem(_ path: ElementPath, _ k: Int) throws(CollectionViewError) -> Layout.Item {
      if let placeholder { return placeholder }
      for s in 0..<sourceSections where dataSource.collectionView(self, numberOfItemsInSection: s) > 0 {
        let item = dataSource.collectionView(self, layoutItemAt: ItemPath(item: 0, section: s))
        placeholder = item
        return item
      }
      throw .invalidUpdate(index: k, reason: "\(path) is removed again by the same batch, and the data source has no item")
    }
    func section(_ s: Int, after k: Int) throws(CollectionViewError) -> Layout.Section {
      if let final = try final(.header(s), after: k) { return _section(final.section, dataSource) }
      guard sourceSections > 0 else {
        throw .invalidUpdate(index: k, reason: "section \(s) is removed again by the same batch, and the data source has no section")
      }
      return LayoutSection(parameters: dataSource.collectionView(self, parametersForSection: 0), items: [])
    }

    var counts = (0..<layout.numberOfSections).map { layout.numberOfItems(inSection: $0) }
    // The sections the batch deletes, at most: the final count is the present count plus the
    // insertions minus the deletions, so no batch can insert more than the data source's
    // sections plus these.
    var deletableSections = 0
    for case .deleteSections(let r) in updates { deletableSections = Swift.min(deletableSections + r.count, Int.max / 2) }
    for (k, update) in updates.enumerated() {
      func fail(_ reason: String) -> CollectionViewError { .invalidUpdate(index: k, reason: reason) }
      func section(_ s: Int) throws(CollectionViewError) {
        guard s >= 0 && s < counts.count else { throw fail("section \(s) out of range (0..<\(counts.count))") }
      }
      func range(_ r: Range<Int>, _ s: Int, upTo limit: Int) throws(CollectionViewError) {
        guard r.lowerBound >= 0 && r.upperBound <= limit else {
          throw fail("items \(r.lowerBound)..<\(r.upperBound) of section \(s) out of range (0..<\(limit))")
        }
      }
      switch update {
      case .insertItems(let r, let s):
        try section(s)
        try range(r.lowerBound..<r.lowerBound, s, upTo: counts[s])
        guard r.count <= Int.max - counts[s] else { throw fail("\(r.count) items are more than a section can hold") }
        counts[s] += r.count
      case .deleteItems(let r, let s):
        try section(s)
        try range(r, s, upTo: counts[s])
        counts[s] -= r.count
      case .reloadItems(let r, let s):
        try section(s)
        try range(r, s, upTo: counts[s])
      case .moveItem(let from, let to):
        try section(from.section)
        try range(from.item..<(from.item + 1), from.section, upTo: counts[from.section])
        counts[from.section] -= 1
        try section(to.section)
        try range(to.item..<to.item, to.section, upTo: counts[to.section])
        counts[to.section] += 1
      case .insertSections(let r):
        guard r.lowerBound >= 0 && r.lowerBound <= counts.count else {
          throw fail("sections \(r.lowerBound)..<\(r.upperBound) out of range (0..<\(counts.count + 1))")
        }
        // More sections than the data source has, plus those the batch deletes, can never
        // balance; checked before the loop below, which runs once per inserted section.
        guard r.count <= sourceSections + deletableSections else {
          throw fail("\(r.count) sections inserted, but the data source has \(sourceSections)")
        }
        for s in r { counts.insert(try finalCount(s, after: k), at: s) }
      case .deleteSections(let r), .reloadSections(let r):
        guard r.lowerBound >= 0 && r.upperBound <= counts.count else {
          throw fail("sections \(r.lowerBound)..<\(r.upperBound) out of range (0..<\(counts.count))")
        }
        if case .deleteSections = update {
          counts.removeSubrange(r)
        } else {
          for s in r { counts[s] = try finalCount(s, after: k) }
        }
      case .moveSection(let from, let to):
        try section(from)
        try section(to)
        counts.insert(counts.remove(at: from), at: to)
      }
    }
    guard counts.count == sourceSections else {
      throw .countMismatch(section: nil, dataSource: sourceSections, afterUpdates: counts.count)
    }
    for s in counts.indices {
      let source = dataSource.collectionView(self, numberOfItemsInSection: s)
      guard source == counts[s] else { throw .countMismatch(section: s, dataSource: source, afterUpdates: counts[s]) }
    }

    var changes: [Layout.Change] = []
    func items(_ r: Range<Int>, _ s: Int, after k: Int) throws(CollectionViewError) -> [Layout.Item] {
      var items: [Layout.Item] = []
      items.reserveCapacity(r.count)
      for i in r {
        if let path = try final(.item(i, section: s), after: k) {
          items.append(dataSource.collectionView(self, layoutItemAt: ItemPath(item: path.item, section: path.section)))
        } else {
          items.append(try transientItem(.item(i, section: s), k))
        }
      }
      return items
    }
    for (k, update) in updates.enumerated() {
      switch update {
      case .insertItems(let r, let s) where !r.isEmpty:
        changes.append(.insertItems(try items(r, s, after: k), at: r.lowerBound, section: s))
      case .deleteItems(let r, let s) where !r.isEmpty:
        changes.append(.deleteItems(r, section: s))
      case .reloadItems(let r, let s) where !r.isEmpty:
        changes.append(.replaceItems(try items(r, s, after: k), at: r.lowerBound, section: s))
      case .moveItem(let from, let to):
        changes.append(.moveItem(from: from, to: to))
      case .insertSections(let r):
        for s in r { changes.append(.insertSection(try section(s, after: k), at: s)) }
      case .deleteSections(let r):
        for _ in r { changes.append(.deleteSection(at: r.lowerBound)) }
      case .reloadSections(let r):
        for s in r {
          changes.append(.deleteSection(at: s))
          changes.append(.insertSection(try section(s, after: k), at: s))
        }
      case .moveSection(let from, let to):
        changes.append(.moveSection(from: from, to: to))
      case .insertItems, .deleteItems, .reloadItems:
        break
      }
    }
    return changes
  }

  /// Applies `changes` to the layout with new bounds and insets, remaps the displayed paths with
  /// `remap` (`nil`: the element is gone), anchors the first visible surviving item that is
  /// `anchorable` when `anchored`, and refreshes. Puts everything back if any step fails.
  func _transaction(
    _ changes: [Layout.Change],
    bounds newBounds: Size? = nil, contentInset newInset: EdgeInsets? = nil,
    anchored: Bool, anchorable: (ElementPath) -> Bool = { _ in true },
    remap: (ElementPath) -> ElementPath?
  ) throws(CollectionViewError) -> CollectionViewUpdate<Cell> {
    // An invertible layout is rolled back by applying the inverse it records; only other
    // layouts are copied. A copy held across `apply` would make every section the batch touches
    // copy its storage (copy-on-write), O(n) for what is otherwise an O(k) append.
    let oldLayout: Layout? = Layout.self is any InvertibleCollectionLayout.Type ? nil : layout
    var undo: [Layout.Change] = []
    let oldBounds = bounds, oldInset = contentInset, oldOffset = contentOffset
    let oldDisplayed = _displayed, oldPrefetched = _prefetched
    func restore() {
      if let oldLayout {
        layout = oldLayout
      } else if !undo.isEmpty {
        // The inverse of a batch the layout accepted is valid by construction (and tested so).
        try? layout.apply(undo)
      }
      bounds = oldBounds
      contentInset = oldInset
      contentOffset = oldOffset
      _displayed = oldDisplayed
      _prefetched = oldPrefetched
      _removed.removeAll(keepingCapacity: true)
    }

    // The anchor: the first item on screen that survives and is not moved on purpose, and its
    // y in the viewport.
    var anchor: (path: ElementPath, viewportY: Double)?
    if anchored {
      let viewport = self.viewport
      for entry in _displayed
      where entry.path.kind == .item && entry.attributes.frame.intersects(viewport) && anchorable(entry.path) {
        if let path = remap(entry.path) {
          anchor = (path, entry.attributes.frame.minY - contentOffset.y)
          break
        }
      }
    }

    if let newBounds { bounds = newBounds }
    if let newInset { contentInset = newInset }
    if !changes.isEmpty {
      do throws(LayoutError) {
        try _apply(changes, recordingInverseIn: &undo)
      } catch {
        restore()
        throw .layout(error)
      }
    }
    _removed.removeAll(keepingCapacity: true)
    var kept = 0
    var sorted = true
    for k in _displayed.indices {
      var entry = _displayed[k]
      guard let path = remap(entry.path) else { _removed.append(entry); continue }
      entry.path = path
      if kept > 0 && !(_displayed[kept - 1].path < path) { sorted = false }
      _displayed[kept] = entry
      kept += 1
    }
    _displayed.removeSubrange(kept...)
    if !sorted { _displayed.sort { $0.path < $1.path } }
    _prefetched = _prefetched.compactMap { remap(.item($0.item, section: $0.section))?.itemPath }.sorted()

    if let anchor, let frame = layout.layoutAttributes(for: anchor.path)?.frame {
      contentOffset.y = frame.minY - anchor.viewportY
    }
    contentOffset = clampedContentOffset(contentOffset)
    do throws(CollectionViewError) {
      return try _refresh(from: oldOffset)
    } catch {
      restore()
      throw error
    }
  }

  /// Applies `changes` to the layout; when the layout is an ``InvertibleCollectionLayout``, sets
  /// `inverse` to the batch that undoes them, and otherwise leaves it empty.
  ///
  /// `CollectionView` takes any `CollectionLayout`, so whether its layout records an inverse is
  /// known only at run time: the layout's type is opened as the invertible type it is, and the
  /// layout is mutated in place through it (no copy, which copy-on-write would turn into O(n)).
  ///
  /// - Complexity: that of the layout's `apply`.
  func _apply(_ changes: [Layout.Change], recordingInverseIn inverse: inout [Layout.Change]) throws(LayoutError) {
    guard let invertible = Layout.self as? any InvertibleCollectionLayout.Type else {
      try layout.apply(changes)
      return
    }
    func apply<L: InvertibleCollectionLayout>(as _: L.Type) throws(LayoutError) {
      // `L` is `Layout` itself (the cast above succeeded on `Layout.self`), so the layout, the
      // changes and the inverse are reinterpreted as the very same types.
      precondition(L.self == Layout.self)
      var changesAsL = unsafeBitCast(changes, to: [L.Change].self)
      defer { _fixLifetime(changesAsL); changesAsL = [] }
      var inverseAsL: [L.Change] = []
      try withUnsafeMutablePointer(to: &layout) { (pointer) throws(LayoutError) in
        try pointer.withMemoryRebound(to: L.self, capacity: 1) { (layout) throws(LayoutError) in
          try layout.pointee.apply(changesAsL, inverse: &inverseAsL)
        }
      }
      inverse = unsafeBitCast(inverseAsL, to: [Layout.Change].self)
    }
    try apply(as: invertible)
  }
}
