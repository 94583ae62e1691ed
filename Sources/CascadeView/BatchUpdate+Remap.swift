import Cascade

/// `a + b`, or `Int.max` when that overflows. A hostile batch (a range of 2^62 sections, an item
/// index at `Int.max`) can push a count or a path past `Int.max`; such a value is beyond every
/// collection, and the batch's validation rejects what needs it.
@inlinable @inline(__always)
func _saturatingSum(_ a: Int, _ b: Int) -> Int {
  let (sum, overflow) = a.addingReportingOverflow(b)
  return overflow ? .max : sum
}

extension BatchUpdate {
  /// Where the element at `path` is after this update, or `nil` when the update removes it
  /// (deleted) or replaces it (reloaded).
  ///
  /// - Complexity: O(1).
  @inlinable
  func _map(_ path: ElementPath) -> ElementPath? {
    var p = path
    switch self {
    case .insertItems(let r, let s):
      if p.kind == .item && p.section == s && p.item >= r.lowerBound { p = .item(_saturatingSum(p.item, r.count), section: s) }
    case .deleteItems(let r, let s), .reloadItems(let r, let s):
      guard p.kind == .item && p.section == s else { break }
      if r.contains(p.item) { return nil }
      if case .deleteItems = self, p.item >= r.upperBound { p = .item(p.item - r.count, section: s) }
    case .moveItem(let from, let to):
      guard p.kind == .item else { break }
      if p.section == from.section && p.item == from.item { return .item(to.item, section: to.section) }
      if p.section == from.section && p.item > from.item { p = .item(p.item - 1, section: p.section) }
      if p.section == to.section && p.item >= to.item { p = .item(_saturatingSum(p.item, 1), section: p.section) }
    case .insertSections(let r):
      if p.section >= r.lowerBound { p.section = _saturatingSum(p.section, r.count) }
    case .deleteSections(let r), .reloadSections(let r):
      if r.contains(p.section) { return nil }
      if case .deleteSections = self, p.section >= r.upperBound { p.section -= r.count }
    case .moveSection(let from, let to):
      if p.section == from { p.section = to; break }
      if p.section > from { p.section -= 1 }
      if p.section >= to { p.section = _saturatingSum(p.section, 1) }
    }
    return p
  }

  /// Where `path` ends up after `updates`, or `nil` with the index of the update that removes it.
  ///
  /// - Complexity: O(u) for u updates.
  @inlinable
  static func _map(
    _ path: ElementPath, through updates: ArraySlice<BatchUpdate>
  ) -> (path: ElementPath?, removedBy: Int?) {
    var p = path
    for k in updates.indices {
      guard let next = updates[k]._map(p) else { return (nil, k) }
      p = next
    }
    return (p, nil)
  }

  /// Whether `updates` move the element at `path` on purpose (a `moveItem` of it or a
  /// `moveSection` of its section), rather than shifting it as others come and go: such an
  /// element does not anchor the scroll position.
  ///
  /// - Complexity: O(u) for u updates.
  @inlinable
  static func _isMovedOnPurpose(_ path: ElementPath, through updates: ArraySlice<BatchUpdate>) -> Bool {
    var p = path
    for update in updates {
      switch update {
      case .moveItem(let from, _) where p.kind == .item && p.section == from.section && p.item == from.item:
        return true
      case .moveSection(let from, _) where p.section == from:
        return true
      default:
        guard let next = update._map(p) else { return false }
        p = next
      }
    }
    return false
  }

  /// Where the element at `path` after this update was before it: `nil` when the update inserted
  /// it; `reloaded` when the update reloads it (it keeps its place). The inverse of ``_map(_:)``
  /// for what the update keeps.
  ///
  /// - Complexity: O(1).
  func _unmap(_ path: ElementPath) -> (path: ElementPath?, reloaded: Bool) {
    var p = path
    switch self {
    case .insertItems(let r, let s):
      guard p.kind == .item && p.section == s else { break }
      if r.contains(p.item) { return (nil, false) }
      if p.item >= r.upperBound { p = .item(p.item - r.count, section: s) }
    case .deleteItems(let r, let s):
      if p.kind == .item && p.section == s && p.item >= r.lowerBound { p = .item(p.item + r.count, section: s) }
    case .reloadItems(let r, let s):
      if p.kind == .item && p.section == s && r.contains(p.item) { return (p, true) }
    case .moveItem(let from, let to):
      guard p.kind == .item else { break }
      if p.section == to.section && p.item == to.item { return (.item(from.item, section: from.section), false) }
      if p.section == to.section && p.item > to.item { p = .item(p.item - 1, section: p.section) }
      if p.section == from.section && p.item >= from.item { p = .item(p.item + 1, section: p.section) }
    case .insertSections(let r):
      if r.contains(p.section) { return (nil, false) }
      if p.section >= r.upperBound { p.section -= r.count }
    case .deleteSections(let r):
      if p.section >= r.lowerBound { p.section += r.count }
    case .reloadSections(let r):
      if r.contains(p.section) { return (p, true) }
    case .moveSection(let from, let to):
      if p.section == to { p.section = from; break }
      if p.section > to { p.section -= 1 }
      if p.section >= from { p.section += 1 }
    }
    return (p, false)
  }

  /// Where the element at `path` after `updates` was before them: `nil` when one of them
  /// inserted it (an inserted element reloaded later in the batch is still inserted);
  /// `reloaded` when one of them reloads it.
  ///
  /// - Complexity: O(u) for u updates.
  static func _origin(
    _ path: ElementPath, through updates: ArraySlice<BatchUpdate>
  ) -> (path: ElementPath?, reloaded: Bool) {
    var p = path
    var reloaded = false
    for k in updates.indices.reversed() {
      let (previous, reloads) = updates[k]._unmap(p)
      guard let previous else { return (nil, false) }
      p = previous
      reloaded = reloaded || reloads
    }
    return (p, reloaded)
  }
}
