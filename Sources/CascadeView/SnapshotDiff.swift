// The diff between two snapshots of a sectioned collection, as a sequential batch of
// `BatchUpdate`s (Heckel, "A technique for isolating differences between files", 1978, as
// IGListKit's and DiffUtil's fast path).
//
// Identifiers are unique in each snapshot (a duplicate is an error naming both places), so every
// identifier present on both sides is one of Heckel's unique-occurrence anchors and his symbol
// table is one dictionary pass per side; the neighbour propagation of his passes 4 and 5 only
// matters for repeated symbols, which are rejected. Among the matched survivors, the ones that
// stay are a longest increasing run of their old positions in new order (so no moves when only
// inserts and deletes happened, and one move for one moved item); the others move.

import Cascade

/// A collection's content, by identity: its sections' identifiers, each with its items'
/// identifiers, and which items' content changed (they are reloaded when they survive).
///
///     var snapshot = CollectionSnapshot<String, Int>()
///     snapshot.appendSection("fruit", items: [1, 2, 3])
///     snapshot.reloadItems([2])
///     try view.applySnapshot(snapshot)
public struct CollectionSnapshot<SectionID: Hashable, ItemID: Hashable> {
  /// The sections' identifiers, in order.
  public var sectionIdentifiers: [SectionID]
  /// Each section's items' identifiers, in order (`itemIdentifiers[s]` for section `s`).
  public var itemIdentifiers: [[ItemID]]
  /// Items whose content changed since the previous snapshot: reloaded (new layout item, new
  /// cell) when they survive.
  public var reloadedItems: Set<ItemID>

  /// An empty snapshot. O(1).
  public init() {
    sectionIdentifiers = []
    itemIdentifiers = []
    reloadedItems = []
  }

  /// A snapshot with these sections and items. O(1).
  public init(sections: [SectionID], items: [[ItemID]], reloaded: Set<ItemID> = []) {
    precondition(sections.count == items.count, "one list of items per section")
    sectionIdentifiers = sections
    itemIdentifiers = items
    reloadedItems = reloaded
  }

  /// Appends a section with its items. Amortized O(1).
  public mutating func appendSection(_ id: SectionID, items: [ItemID] = []) {
    sectionIdentifiers.append(id)
    itemIdentifiers.append(items)
  }

  /// Marks items as changed. O(k) on average for k ids.
  public mutating func reloadItems(_ ids: some Sequence<ItemID>) { reloadedItems.formUnion(ids) }

  /// The number of items in every section. O(s) for s sections.
  public var numberOfItems: Int { itemIdentifiers.reduce(0) { $0 + $1.count } }

  /// The path of the item `id`, or `nil`. O(n): build an index for repeated lookups.
  public func path(of id: ItemID) -> ItemPath? {
    for (s, items) in itemIdentifiers.enumerated() {
      if let i = items.firstIndex(of: id) { return ItemPath(item: i, section: s) }
    }
    return nil
  }
}

/// Why two snapshots cannot be diffed.
public enum SnapshotDiffError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A section identifier appears twice in one snapshot (`old` tells which), at both indices.
  case duplicateSection(old: Bool, first: Int, second: Int)
  /// An item identifier appears twice in one snapshot, at both paths.
  case duplicateItem(old: Bool, first: ItemPath, second: ItemPath)

  public var description: String {
    switch self {
    case .duplicateSection(let old, let a, let b):
      "duplicate section identifier in the \(old ? "old" : "new") snapshot: sections \(a) and \(b)"
    case .duplicateItem(let old, let a, let b):
      "duplicate item identifier in the \(old ? "old" : "new") snapshot: items (\(a)) and (\(b))"
    }
  }
}

/// The batch that turns one snapshot into another: pure, no view involved.
///
/// `updates` is sequential, in the order ``CollectionView/performBatchUpdates(_:)`` takes:
/// item deletes (descending), section deletes, section moves, section inserts, item moves, item
/// inserts (ascending), reloads at final paths. Items of a deleted section are deleted and items
/// of an inserted section inserted, even when their identifier is elsewhere on the other side.
///
/// - Complexity: O(n + m) hashing for n old and m new items and sections, plus O(r log r) for
///   the stay-or-move choice over r survivors, plus O(n) per move to find the moved item's
///   current index (fast when moves are few, as they usually are).
public struct SnapshotDiff<SectionID: Hashable, ItemID: Hashable> {
  /// The sequential batch.
  public private(set) var updates: [BatchUpdate] = []
  /// Counts by kind, for tests and statistics.
  public private(set) var insertedItems = 0, deletedItems = 0, movedItems = 0, reloadedItems = 0
  /// Section counts by kind, likewise.
  public private(set) var insertedSections = 0, deletedSections = 0, movedSections = 0
  /// Old item path → new item path for every surviving item (reloaded or not).
  public private(set) var survivors: [(old: ItemPath, new: ItemPath)] = []

  /// Diffs `old` against `new`.
  ///
  /// - Complexity: that given above for the type: O(n + m) hashing, O(r log r) over the
  ///   survivors, O(n) for each move.
  public init(from old: CollectionSnapshot<SectionID, ItemID>, to new: CollectionSnapshot<SectionID, ItemID>)
    throws(SnapshotDiffError)
  {
    // Symbol tables: identifier → unique place, per side.
    let oldSections = try Self.sectionTable(old.sectionIdentifiers, old: true)
    let newSections = try Self.sectionTable(new.sectionIdentifiers, old: false)
    let oldItems = try Self.itemTable(old.itemIdentifiers, old: true)
    let newItems = try Self.itemTable(new.itemIdentifiers, old: false)

    // Which sections survive; an item survives when both its sections do.
    let oldSectionNew: [Int?] = old.sectionIdentifiers.map { newSections[$0] }
    let newSectionOld: [Int?] = new.sectionIdentifiers.map { oldSections[$0] }
    func survives(oldPath p: ItemPath, newPath q: ItemPath) -> Bool {
      oldSectionNew[p.section] != nil && newSectionOld[q.section] != nil
    }

    // 1. Item deletes in surviving sections, descending, as ranges (old indices).
    for s in old.sectionIdentifiers.indices.reversed() where oldSectionNew[s] != nil {
      let items = old.itemIdentifiers[s]
      var i = items.count - 1
      while i >= 0 {
        guard Self.isDeleted(items[i], at: ItemPath(item: i, section: s), newItems, survives) else {
          i -= 1
          continue
        }
        let upper = i + 1
        while i >= 0 && Self.isDeleted(items[i], at: ItemPath(item: i, section: s), newItems, survives) { i -= 1 }
        updates.append(.deleteItems((i + 1)..<upper, section: s))
        deletedItems += upper - (i + 1)
      }
    }
    // 2. Section deletes, descending, as ranges.
    var s = old.sectionIdentifiers.count - 1
    while s >= 0 {
      guard oldSectionNew[s] == nil else {
        s -= 1
        continue
      }
      let upper = s + 1
      while s >= 0 && oldSectionNew[s] == nil { s -= 1 }
      updates.append(.deleteSections((s + 1)..<upper))
      deletedSections += upper - (s + 1)
    }
    // 3. Section moves: survivors in old order → survivors in new order.
    var currentSections: [SectionID] = old.sectionIdentifiers.filter { newSections[$0] != nil }
    let targetSections: [SectionID] = new.sectionIdentifiers.filter { oldSections[$0] != nil }
    Self.moves(current: &currentSections, target: targetSections) { from, to in
      updates.append(.moveSection(from: from, to: to))
      movedSections += 1
    }
    // 4. Section inserts, ascending (new indices), as ranges.
    var t = 0
    while t < new.sectionIdentifiers.count {
      guard newSectionOld[t] == nil else {
        t += 1
        continue
      }
      let lower = t
      while t < new.sectionIdentifiers.count && newSectionOld[t] == nil { t += 1 }
      updates.append(.insertSections(lower..<t))
      insertedSections += t - lower
    }
    // 5. Item moves. Sections are in their final order now; each surviving section holds its
    // surviving items in old order, some of which belong elsewhere.
    var current: [[ItemID]] = new.sectionIdentifiers.indices.map { ns in
      guard let os = newSectionOld[ns] else { return [] }
      return old.itemIdentifiers[os].enumerated().compactMap { (i, id) in
        Self.isDeleted(id, at: ItemPath(item: i, section: os), newItems, survives) ? nil : id
      }
    }
    var target: [[ItemID]] = new.sectionIdentifiers.indices.map { ns in
      guard newSectionOld[ns] != nil else { return [] }
      return new.itemIdentifiers[ns].enumerated().compactMap { (i, id) in
        guard let p = oldItems[id], survives(oldPath: p, newPath: ItemPath(item: i, section: ns)) else { return nil }
        return id
      }
    }
    Self.itemMoves(current: &current, target: target) { from, to in
      updates.append(.moveItem(from: from, to: to))
      movedItems += 1
    }
    target = []
    // 6. Item inserts in surviving sections, ascending (new paths), as ranges.
    for ns in new.sectionIdentifiers.indices where newSectionOld[ns] != nil {
      let items = new.itemIdentifiers[ns]
      func inserted(_ i: Int) -> Bool {
        guard let p = oldItems[items[i]] else { return true }
        return !survives(oldPath: p, newPath: ItemPath(item: i, section: ns))
      }
      var i = 0
      while i < items.count {
        guard inserted(i) else {
          i += 1
          continue
        }
        let lower = i
        while i < items.count && inserted(i) { i += 1 }
        updates.append(.insertItems(lower..<i, section: ns))
        insertedItems += i - lower
      }
    }
    // 7. Survivors, and reloads at their final paths.
    for ns in new.sectionIdentifiers.indices where newSectionOld[ns] != nil {
      for (i, id) in new.itemIdentifiers[ns].enumerated() {
        let q = ItemPath(item: i, section: ns)
        guard let p = oldItems[id], survives(oldPath: p, newPath: q) else { continue }
        survivors.append((p, q))
        if new.reloadedItems.contains(id) {
          updates.append(.reloadItems(i..<(i + 1), section: ns))
          reloadedItems += 1
        }
      }
    }
    _ = newItems
  }

  static func isDeleted(
    _ id: ItemID, at p: ItemPath, _ newItems: [ItemID: ItemPath], _ survives: (ItemPath, ItemPath) -> Bool
  ) -> Bool {
    guard let q = newItems[id] else { return true }
    return !survives(p, q)
  }

  static func sectionTable(_ ids: [SectionID], old: Bool) throws(SnapshotDiffError) -> [SectionID: Int] {
    var table: [SectionID: Int] = [:]
    table.reserveCapacity(ids.count)
    for (s, id) in ids.enumerated() {
      if let first = table.updateValue(s, forKey: id) { throw .duplicateSection(old: old, first: first, second: s) }
    }
    return table
  }

  static func itemTable(_ ids: [[ItemID]], old: Bool) throws(SnapshotDiffError) -> [ItemID: ItemPath] {
    var table: [ItemID: ItemPath] = [:]
    table.reserveCapacity(ids.reduce(0) { $0 + $1.count })
    for (s, items) in ids.enumerated() {
      for (i, id) in items.enumerated() {
        let p = ItemPath(item: i, section: s)
        if let first = table.updateValue(p, forKey: id) { throw .duplicateItem(old: old, first: first, second: p) }
      }
    }
    return table
  }

  /// Which positions of `sequence` form a longest strictly increasing subsequence. O(n log n).
  static func longestIncreasing(_ sequence: [Int]) -> [Bool] {
    var tails: [Int] = []  // index into sequence of the smallest tail of each length
    var previous = [Int](repeating: -1, count: sequence.count)
    for (k, v) in sequence.enumerated() {
      var lo = 0, hi = tails.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if sequence[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
      }
      if lo > 0 { previous[k] = tails[lo - 1] }
      if lo == tails.count { tails.append(k) } else { tails[lo] = k }
    }
    var keep = [Bool](repeating: false, count: sequence.count)
    var k = tails.last ?? -1
    while k >= 0 {
      keep[k] = true
      k = previous[k]
    }
    return keep
  }

  /// Reorders `current` (a permutation of `target`) into `target` with as few sequential moves
  /// as possible, telling each (`to` is the index once removed from `from`).
  static func moves<T: Hashable>(current: inout [T], target: [T], _ move: (Int, Int) -> Void) {
    var position: [T: Int] = [:]
    for (i, id) in current.enumerated() { position[id] = i }
    let keep = longestIncreasing(target.map { position[$0]! })
    for (t, id) in target.enumerated() where !keep[t] {
      let from = current.firstIndex(of: id)!
      current.remove(at: from)
      let to = t == 0 ? 0 : current.firstIndex(of: target[t - 1])! + 1
      current.insert(id, at: to)
      move(from, to)
    }
  }

  /// The same across sections: `current` and `target` hold the same identifiers, section by
  /// section in a different arrangement.
  static func itemMoves(current: inout [[ItemID]], target: [[ItemID]], _ move: (ItemPath, ItemPath) -> Void) {
    var order: [ItemID: Int] = [:]
    var sectionOf: [ItemID: Int] = [:]
    var n = 0
    for (s, items) in current.enumerated() {
      for id in items {
        order[id] = n
        sectionOf[id] = s
        n += 1
      }
    }
    // What stays: per section, a longest increasing run of the items already in it.
    var keep: [Bool] = []
    keep.reserveCapacity(n)
    for (s, items) in target.enumerated() {
      var run: [Int] = []
      var where_: [Int] = []
      for (t, id) in items.enumerated() where sectionOf[id] == s {
        run.append(order[id]!)
        where_.append(t)
      }
      var sectionKeep = [Bool](repeating: false, count: items.count)
      for (r, kept) in longestIncreasing(run).enumerated() where kept { sectionKeep[where_[r]] = true }
      keep.append(contentsOf: sectionKeep)
    }
    var k = 0
    for (s, items) in target.enumerated() {
      for (t, id) in items.enumerated() {
        defer { k += 1 }
        if keep[k] { continue }
        let fromSection = sectionOf[id]!
        let from = current[fromSection].firstIndex(of: id)!
        current[fromSection].remove(at: from)
        let to = t == 0 ? 0 : current[s].firstIndex(of: items[t - 1])! + 1
        current[s].insert(id, at: to)
        sectionOf[id] = s
        move(ItemPath(item: from, section: fromSection), ItemPath(item: to, section: s))
      }
    }
  }
}
