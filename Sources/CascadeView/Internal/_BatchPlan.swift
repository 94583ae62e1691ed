// The batch planner: a batch of `BatchUpdate`s, the counts before it and the data source's final
// state in; the layout's batch of `LayoutChange`s and the remap of element paths out. Pure: it
// reads the final state through `_BatchPlanSource` and touches no view, so tests drive it with
// plain counts (`Tests/CascadeViewTests/BatchPlanTests.swift`).
//
// Index validation is written once, in the core: the planner does not check a batch's indices.
// It translates the batch as it is, the layout's batch validator rejects it whole (before
// anything moves) with a structured `LayoutError`, and `invalidUpdate(for:)` relabels that error
// in the view's terms: the index of the failing `BatchUpdate` and a reason that names its ranges.
// The planner checks only what the core cannot see:
// - the data source's counts after the batch (`checkCounts`, once the layout has applied it);
// - the size of what it must build before the core sees the batch (one `LayoutChange` per
//   section, one item per inserted item): a range larger than anything the batch could account
//   for is rejected first, so a hostile `0..<Int.max` neither loops nor allocates.

import Cascade

/// What a batch plan reads of the data source's state after the updates (its *final* state).
///
/// The view adapts its data source (`_DataSourceFinalState`); tests give plain counts.
@usableFromInline
package protocol _BatchPlanSource<Item, SectionParameters> {
  associatedtype Item: Sendable
  associatedtype SectionParameters: Sendable
  /// The number of sections, ≥ 0.
  var numberOfSections: Int { get }
  /// The number of items in `section`, ≥ 0; asked only for `0..<numberOfSections`.
  func numberOfItems(inSection section: Int) -> Int
  /// The layout's description of the item at `path`; asked only for paths inside the counts.
  func item(at path: ItemPath) -> Item
  /// The parameters section `section` overrides; asked only for `0..<numberOfSections`.
  func parameters(forSection section: Int) -> SectionParameters
  /// Every item of `section` at once, or `nil` to be asked item by item; asked only for
  /// `0..<numberOfSections`, with `count` the section's `numberOfItems(inSection:)` (a source
  /// that gathers its items one by one gathers that many). The array's count is checked against
  /// it.
  func items(inSection section: Int, count: Int) -> [Item]?
}

extension _BatchPlanSource {
  /// Asks item by item. O(1).
  package func items(inSection section: Int, count: Int) -> [Item]? { nil }

  /// Section `s` as a layout takes it: its parameters and every item, the source's array when
  /// it gives one (`items(inSection:count:)`), else asked item by item.
  ///
  /// - Throws: ``CollectionViewError/layoutItemsCountMismatch(section:items:numberOfItems:)``
  ///   when the array's count is not the section's.
  /// - Complexity: O(1) calls with the array, O(n) calls for n items without.
  package func section(_ s: Int) throws(CollectionViewError) -> LayoutSection<Item, SectionParameters> {
    let count = numberOfItems(inSection: s)
    if let items = items(inSection: s, count: count) {
      guard items.count == count else {
        throw .layoutItemsCountMismatch(section: s, items: items.count, numberOfItems: count)
      }
      return LayoutSection(parameters: parameters(forSection: s), items: items)
    }
    var items: [Item] = []
    items.reserveCapacity(count)
    for i in 0..<count { items.append(item(at: ItemPath(item: i, section: s))) }
    return LayoutSection(parameters: parameters(forSection: s), items: items)
  }
}

/// A batch of ``BatchUpdate``s planned against the data source's final state: the layout changes
/// that carry it out, and where each element path goes.
///
/// - `changes` is the layout's batch: items of inserted and reloaded elements are asked of the
///   source at the paths they end up at; an element the batch removes again (a *transient* one)
///   gets a stand-in, any item of the final state, since the layout must accept the batch before
///   the element goes away again.
/// - ``map(_:)`` gives an element's path after the batch (`nil`: deleted or reloaded), and
///   ``isMovedOnPurpose(_:)`` whether a `moveItem` or `moveSection` moves it (such an element does
///   not anchor the scroll position).
/// - ``invalidUpdate(for:)`` relabels the layout's rejection of `changes`; ``checkCounts(sections:itemsInSection:)``
///   compares the layout's counts after `changes` with the final state's.
@usableFromInline
package struct _BatchPlan<Source: _BatchPlanSource> {
  @usableFromInline package typealias Change = LayoutChange<Source.Item, Source.SectionParameters>

  /// The batch, as given.
  @usableFromInline package let updates: [BatchUpdate]
  /// The layout changes that carry the batch out, in order: each update's follow each other,
  /// as many as ``_changeCount(of:)`` says.
  @usableFromInline package private(set) var changes: [Change] = []
  @usableFromInline let source: Source
  /// Sections and items of the final state, asked once.
  @usableFromInline let finalSections: Int
  @usableFromInline var finalItems: Int?
  /// A stand-in for transient items, found on first need.
  @usableFromInline var placeholder: Source.Item?

  /// Plans `updates`, made to a collection of `countsBefore.count` sections holding
  /// `countsBefore[s]` items each, that leave the source's state.
  ///
  /// - Throws: ``CollectionViewError/invalidUpdate(index:reason:)`` for a range larger than the
  ///   batch could ever account for, or for an element that needs a stand-in when the source has
  ///   no item (or section) to lend. Indices are not checked here: see ``invalidUpdate(for:)``.
  /// - Complexity: O(u·(u + i + s)) for u updates, i inserted or reloaded items, s sections
  ///   inserted or reloaded; a source call per item of the final state the batch brings in.
  package init(_ updates: [BatchUpdate], countsBefore: [Int], source: Source) throws(CollectionViewError) {
    var items = 0
    for count in countsBefore { items = _saturatingSum(items, count) }
    try self.init(updates, sectionsBefore: countsBefore.count, itemsBefore: items, source: source)
  }

  /// Plans `updates`, made to a collection of `sectionsBefore` sections holding `itemsBefore`
  /// items in all (saturated at `Int.max`), that leave the source's state: the planner needs
  /// no more of the collection before the batch, so the view passes two counts, not an array.
  ///
  /// Inlinable, so that the view's batch plans specialized for its data source's types (a
  /// generic plan looks up the metadata of its arrays and changes on every call); the size
  /// check, the stand-ins and whole sections stay out of line.
  ///
  /// - Throws: as ``init(_:countsBefore:source:)``.
  /// - Complexity: as ``init(_:countsBefore:source:)``.
  @inlinable
  package init(
    _ updates: [BatchUpdate], sectionsBefore: Int, itemsBefore: Int, source: Source
  ) throws(CollectionViewError) {
    self.updates = updates
    self.source = source
    self.finalSections = Swift.max(0, source.numberOfSections)
    try _checkSizes(sectionsBefore: sectionsBefore, itemsBefore: itemsBefore)
    for k in updates.indices { try _plan(k) }
  }

  /// Where the element at `path` (before the batch) is after it, or `nil` when the batch deletes
  /// or reloads it.
  ///
  /// - Complexity: O(u) for u updates.
  @inlinable package func map(_ path: ElementPath) -> ElementPath? {
    BatchUpdate._map(path, through: updates[...]).path
  }

  /// Where the element at `path` is after the batch, a reloaded element keeping its place; `nil`
  /// when the batch deletes it.
  ///
  /// - Complexity: O(u) for u updates.
  @usableFromInline package func mapFollowingReloads(_ path: ElementPath) -> ElementPath? {
    var p = path
    for update in updates {
      switch update {
      case .reloadItems, .reloadSections: continue
      default:
        guard let next = update._map(p) else { return nil }
        p = next
      }
    }
    return p
  }

  /// Whether a `moveItem` of the element at `path` or a `moveSection` of its section moves it.
  ///
  /// - Complexity: O(u) for u updates.
  @inlinable package func isMovedOnPurpose(_ path: ElementPath) -> Bool {
    BatchUpdate._isMovedOnPurpose(path, through: updates[...])
  }

  /// Compares the counts a layout has after ``changes`` with the final state's.
  ///
  /// - Throws: ``CollectionViewError/countMismatch(section:dataSource:afterUpdates:)``, for the
  ///   number of sections first, then for the first section whose count differs.
  /// - Complexity: O(s) for s sections.
  package func checkCounts(sections: Int, itemsInSection: (Int) -> Int) throws(CollectionViewError) {
    guard sections == finalSections else {
      throw .countMismatch(section: nil, dataSource: finalSections, afterUpdates: sections)
    }
    for s in 0..<sections {
      let expected = Swift.max(0, source.numberOfItems(inSection: s)), actual = itemsInSection(s)
      guard expected == actual else { throw .countMismatch(section: s, dataSource: expected, afterUpdates: actual) }
    }
  }
}

// MARK: - Translation

extension _BatchPlan {
  /// Appends the changes of update `k`. An empty range changes nothing and adds no change.
  @inlinable
  mutating func _plan(_ k: Int) throws(CollectionViewError) {
    switch updates[k] {
    case .insertItems(let r, let s) where !r.isEmpty:
      changes.append(.insertItems(try _items(r, section: s, after: k), at: r.lowerBound, section: s))
    case .deleteItems(let r, let s) where !r.isEmpty:
      changes.append(.deleteItems(r, section: s))
    case .reloadItems(let r, let s) where !r.isEmpty:
      changes.append(.replaceItems(try _items(r, section: s, after: k), at: r.lowerBound, section: s))
    case .moveItem(let from, let to):
      changes.append(.moveItem(from: from, to: to))
    case .insertSections(let r):
      for s in r { changes.append(.insertSection(try _section(s, after: k), at: s)) }
    case .deleteSections(let r):
      for _ in r { changes.append(.deleteSection(at: r.lowerBound)) }
    case .reloadSections(let r):
      for s in r {
        changes.append(.deleteSection(at: s))
        changes.append(.insertSection(try _section(s, after: k), at: s))
      }
    case .moveSection(let from, let to):
      changes.append(.moveSection(from: from, to: to))
    case .insertItems, .deleteItems, .reloadItems:
      break
    }
  }

  /// How many changes `update` becomes: one per section for section insertions and deletions,
  /// two per section for reloads, none for an empty item range, one otherwise.
  static func _changeCount(of update: BatchUpdate) -> Int {
    switch update {
    case .insertItems(let r, _), .deleteItems(let r, _), .reloadItems(let r, _): r.isEmpty ? 0 : 1
    case .insertSections(let r), .deleteSections(let r): r.count
    case .reloadSections(let r): r.count > Int.max / 2 ? .max : 2 * r.count
    case .moveItem, .moveSection: 1
    }
  }

  /// The update change `c` comes from, and the index of its first change.
  ///
  /// - Complexity: O(u) for u updates.
  func _update(ofChange c: Int) -> (update: Int, firstChange: Int)? {
    var first = 0
    for (k, update) in updates.enumerated() {
      let count = Self._changeCount(of: update)
      if c - first < count { return (k, first) }
      first = _saturatingSum(first, count)
    }
    return nil
  }

  /// Where an element inserted or reloaded by update `k` is at the end of the batch, or `nil`
  /// when a later update removes it again.
  @inlinable
  func _final(_ path: ElementPath, after k: Int) -> ElementPath? {
    BatchUpdate._map(path, through: updates[(k + 1)...]).path
  }

  /// The items of `r` in section `s` as update `k` brings them in: the final state's at their
  /// final paths. An item the batch removes again, or whose final path the source lacks (the
  /// batch is then inconsistent: the layout or the count check will say how), gets a stand-in.
  @inlinable
  mutating func _items(_ r: Range<Int>, section s: Int, after k: Int) throws(CollectionViewError) -> [Source.Item] {
    var items: [Source.Item] = []
    items.reserveCapacity(r.count)
    for i in r {
      let path = ElementPath.item(i, section: s)
      if let final = _final(path, after: k), _finalStateHas(final) {
        items.append(source.item(at: ItemPath(item: final.item, section: final.section)))
      } else {
        items.append(try _placeholder(for: path, update: k))
      }
    }
    return items
  }

  /// Whether the final state has an item at `path`.
  @inlinable
  func _finalStateHas(_ path: ElementPath) -> Bool {
    path.section >= 0 && path.section < finalSections && path.item >= 0
      && path.item < source.numberOfItems(inSection: path.section)
  }

  /// Any item of the final state, to stand in for an element that never reaches it.
  @usableFromInline
  mutating func _placeholder(for path: ElementPath, update k: Int) throws(CollectionViewError) -> Source.Item {
    if let placeholder { return placeholder }
    for s in 0..<finalSections where source.numberOfItems(inSection: s) > 0 {
      let item = source.item(at: ItemPath(item: 0, section: s))
      placeholder = item
      return item
    }
    if let final = _final(path, after: k) {
      throw .invalidUpdate(index: k, reason: "\(path) ends at \(final), and the data source has no item")
    }
    throw .invalidUpdate(index: k, reason: "\(path) is removed again by the same batch, and the data source has no item")
  }

  /// Section `s` as update `k` brings it in: the final state's section it ends up as, or an
  /// empty stand-in when the batch removes it again (or the source lacks it).
  @usableFromInline
  func _section(_ s: Int, after k: Int) throws(CollectionViewError) -> LayoutSection<Source.Item, Source.SectionParameters> {
    if let final = _final(.header(s), after: k), final.section >= 0 && final.section < finalSections {
      return try source.section(final.section)
    }
    guard finalSections > 0 else {
      throw .invalidUpdate(index: k, reason: "section \(s) is removed again by the same batch, and the data source has no section")
    }
    return LayoutSection(parameters: source.parameters(forSection: 0), items: [])
  }
}

// MARK: - What the core cannot see: sizes

extension _BatchPlan {
  /// Rejects a range larger than anything the batch could account for, before the planner
  /// builds a change per section or an item per inserted item. Each bound holds for every batch
  /// the layout would accept and the data source's counts match, with one exception: items
  /// inserted into a section the batch then deletes count as if they stayed.
  ///
  /// - inserted sections stay (the final state has them) or a later `deleteSections` removes them;
  /// - deleted or reloaded sections existed: before the batch, or inserted earlier in it;
  /// - inserted items stay, or a later `deleteItems` removes them;
  /// - reloaded items existed: before the batch, inserted earlier, or brought in with a section.
  @usableFromInline
  mutating func _checkSizes(sectionsBefore: Int, itemsBefore: Int) throws(CollectionViewError) {
    var laterDeletedSections = 0, laterDeletedItems = 0
    for update in updates {
      switch update {
      case .deleteSections(let r): laterDeletedSections = _saturatingSum(laterDeletedSections, r.count)
      case .deleteItems(let r, _): laterDeletedItems = _saturatingSum(laterDeletedItems, r.count)
      default: break
      }
    }
    var sections = sectionsBefore
    var items = itemsBefore
    for (k, update) in updates.enumerated() {
      switch update {
      case .insertSections(let r):
        guard r.count <= _saturatingSum(finalSections, laterDeletedSections) else {
          throw .invalidUpdate(
            index: k, reason: "\(r.count) sections inserted, but the data source has \(finalSections)"
              + (laterDeletedSections > 0 ? " and the rest of the batch deletes \(laterDeletedSections)" : ""))
        }
        sections = _saturatingSum(sections, r.count)
        items = _saturatingSum(items, _finalItemCount())
      case .deleteSections(let r), .reloadSections(let r):
        guard r.count <= sections else {
          throw .invalidUpdate(index: k, reason: "\(r.count) sections removed, but the collection has at most \(sections) here")
        }
        if case .deleteSections = update { laterDeletedSections -= r.count } else { items = _saturatingSum(items, _finalItemCount()) }
      case .insertItems(let r, _):
        let bound = _saturatingSum(_finalItemCount(), laterDeletedItems)
        guard r.count <= bound else {
          throw .invalidUpdate(
            index: k, reason: "\(r.count) items inserted, but the data source has \(_finalItemCount())"
              + (laterDeletedItems > 0 ? " and the rest of the batch deletes \(laterDeletedItems)" : ""))
        }
        items = _saturatingSum(items, r.count)
      case .deleteItems(let r, _):
        laterDeletedItems -= r.count
      case .reloadItems(let r, _):
        guard r.count <= items else {
          throw .invalidUpdate(index: k, reason: "\(r.count) items reloaded, but the collection has at most \(items) here")
        }
      case .moveItem, .moveSection:
        break
      }
    }
  }

  /// The number of items in the final state, asked of the source once.
  mutating func _finalItemCount() -> Int {
    if let finalItems { return finalItems }
    var total = 0
    for s in 0..<finalSections { total = _saturatingSum(total, Swift.max(0, source.numberOfItems(inSection: s))) }
    finalItems = total
    return total
  }
}

// MARK: - Relabeling the core's errors

extension _BatchPlan {
  /// The view's error for the layout's rejection of ``changes``: a change outside the collection
  /// becomes ``CollectionViewError/invalidUpdate(index:reason:)`` for the update the change
  /// comes from, in the update's terms (`items 49..<52 of section 0 out of range (0..<49)`); a
  /// value the layout refuses (an item or parameter from the data source) stays
  /// ``CollectionViewError/layout(_:)``.
  ///
  /// - Complexity: O(1).
  package func invalidUpdate(for error: LayoutError) -> CollectionViewError {
    guard let c = error.changeIndex, c >= 0, let (k, first) = _update(ofChange: c) else { return .layout(error) }
    let offset = c - first
    let reason: String
    switch (error.reason, error.location) {
    case (.invalidValue, _):
      return .layout(error)
    case (.indexOutOfRange(let valid), .section(let s)):
      switch updates[k] {
      case .insertSections(let r):
        // Only the first can fail: the others follow it.
        reason = "sections \(r.lowerBound)..<\(r.upperBound) out of range \(_text(valid))"
      case .deleteSections(let r):
        // `offset` sections of the range are already gone.
        reason = "sections \(r.lowerBound)..<\(r.upperBound) out of range \(_text(0..<(valid.upperBound + offset)))"
      case .reloadSections(let r):
        reason = "sections \(r.lowerBound)..<\(r.upperBound) out of range \(_text(valid))"
      default:
        reason = "section \(s) out of range \(_text(valid))"
      }
    case (.indexOutOfRange(let valid), .item(let s, let i)):
      reason = "item \(i) of section \(s) out of range \(_text(valid))"
    case (.itemsOutOfRange(let from, let count, let valid), .item(let s, _)):
      let (end, overflow) = from.addingReportingOverflow(count)
      reason = (overflow ? "\(count) items from \(from)" : "items \(from)..<\(end)") + " of section \(s) out of range \(_text(valid))"
    case (.tooManyElements(let limit), .section(let s)), (.tooManyElements(let limit), .item(let s, _)):
      reason = "section \(s) would hold more than \(limit) elements"
    default:
      var plain = error
      plain.changeIndex = nil
      reason = plain.description
    }
    return .invalidUpdate(index: k, reason: reason)
  }

  func _text(_ range: Range<Int>) -> String { "(\(range.lowerBound)..<\(range.upperBound))" }
}
