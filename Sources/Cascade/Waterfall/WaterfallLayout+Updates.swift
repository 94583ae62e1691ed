// Batches of changes: validated whole against a simulation of the counts, then applied, then
// laid out once per dirty section.

extension WaterfallLayout {
  /// Applies a batch of changes, in order, each to the state the previous one left.
  ///
  /// The batch is validated first, whole: an index outside the collection (at that point of the
  /// batch), an invalid item or parameter, or a width that is not finite and > 0 rejects the
  /// batch with a ``LayoutError`` naming the change and the value, and the layout is left exactly
  /// as it was. Then every change is applied and each touched section is laid out once, from its
  /// first changed item.
  ///
  /// What each change recomputes, for a section of n items, c columns, s sections and a checkpoint
  /// interval B = 64:
  /// - `appendItems` (k items): only the new items, O(k·c + log s).
  /// - `insertItems`, `deleteItems`, `replaceItems`, `moveItem` at item i: items from the
  ///   checkpoint at or before i to the end of the section, O((n - i + B)·c + log s), plus the
  ///   O(n - i) shift of the storage.
  /// - later sections are never laid out again; their origin moves through the sum tree in
  ///   O(log s).
  /// - `setSectionParameters`: that section, O(n·c).
  /// - `insertSection`, `deleteSection`, `moveSection`: the inserted section's items plus O(s).
  /// - `setWidth`: every section, O(N·c) for N items in all.
  ///
  ///     try layout.apply([
  ///       .appendItems([120, 80], section: 0),
  ///       .replaceItems([.size(width: 4, height: 3)], at: 5, section: 0),
  ///       .deleteSection(at: 2),
  ///     ])
  public mutating func apply(_ changes: [LayoutChange<WaterfallItem, WaterfallParameters>]) throws(LayoutError) {
    try _validate(changes)
    var dirty: [Int] = []
    var structural = false
    for change in changes {
      switch change {
      case .appendItems(let items, let s):
        _sections[s].records.reserveCapacity(_sections[s].records.count + items.count)
        for item in items { _sections[s].records.append(_ItemRecord(item)) }
        dirty.append(s)
      case .insertItems(let items, let i, let s):
        _sections[s].records.insert(contentsOf: items.lazy.map(_ItemRecord.init), at: i)
        _sections[s].invalidate(from: i)
        dirty.append(s)
      case .deleteItems(let range, let s):
        _sections[s].records.removeSubrange(range)
        _sections[s].invalidate(from: range.lowerBound)
        dirty.append(s)
      case .replaceItems(let items, let i, let s):
        for (k, item) in items.enumerated() { _sections[s].records[i + k] = _ItemRecord(item) }
        _sections[s].invalidate(from: i)
        dirty.append(s)
      case .moveItem(let from, let to):
        let record = _sections[from.section].records.remove(at: from.item)
        _sections[from.section].invalidate(from: from.item)
        _sections[to.section].records.insert(record, at: to.item)
        _sections[to.section].invalidate(from: to.item)
        dirty.append(from.section)
        dirty.append(to.section)
      case .insertSection(let section, let s):
        let geometry = _Geometry.resolve(section.parameters, over: parameters, width: width)
        _sections.insert(_Section(parameters: section.parameters, geometry: geometry ?? _fallback, items: section.items), at: s)
        structural = true
      case .deleteSection(let s):
        _sections.remove(at: s)
        structural = true
      case .moveSection(let from, let to):
        _sections.insert(_sections.remove(at: from), at: to)
        structural = true
      case .setSectionParameters(let p, let s):
        _sections[s].parameters = p
        _sections[s].setGeometry(_Geometry.resolve(p, over: parameters, width: width) ?? _fallback)
        structural = true
      case .setWidth(let w):
        width = w
        for s in _sections.indices {
          _sections[s].setGeometry(_Geometry.resolve(_sections[s].parameters, over: parameters, width: w) ?? _fallback)
        }
        structural = true
      }
    }
    if structural {
      for s in _sections.indices where _sections[s].needsLayout { _placedItemCount += _sections[s].layOut() }
      _origins.rebuild(_sections.lazy.map(\.height))
    } else {
      for s in dirty where _sections[s].needsLayout {
        _placedItemCount += _sections[s].layOut()
        _origins.setHeight(_sections[s].height, at: s)
      }
    }
    _checkInvariants()
  }

  /// Validation guarantees a geometry; this keeps the unreachable path from trapping.
  private var _fallback: _Geometry {
    _Geometry.resolve(WaterfallParameters(columns: 1), over: WaterfallParameters(), width: width)!
  }

  /// Checks a whole batch against the counts it would produce, without changing anything.
  ///
  /// Item-only batches track the counts of the sections they touch in a dictionary; a batch with
  /// section changes or a width change simulates the section list, O(s).
  internal func _validate(_ changes: [LayoutChange<WaterfallItem, WaterfallParameters>]) throws(LayoutError) {
    var simulation = _Simulation(self)
    for (n, change) in changes.enumerated() {
      do throws(LayoutError) {
        try simulation.check(change)
      } catch {
        var error = error
        error.changeIndex = n
        throw error
      }
    }
  }
}

/// The shape of a layout (section counts, parameters and width) as a batch of changes evolves it.
private struct _Simulation {
  let layout: WaterfallLayout
  var width: Double
  /// Counts of touched sections while the section list is still the layout's own.
  var counts: [Int: Int] = [:]
  /// The whole section list, once a section-level change has made it differ from the layout's.
  var sections: [(count: Int, parameters: WaterfallParameters)]?

  init(_ layout: WaterfallLayout) {
    self.layout = layout
    self.width = layout.width
  }

  var sectionCount: Int { sections?.count ?? layout.numberOfSections }

  func count(_ s: Int) -> Int {
    if let sections { return sections[s].count }
    return counts[s] ?? layout.numberOfItems(inSection: s)
  }

  mutating func setCount(_ s: Int, _ value: Int) {
    if sections != nil { sections![s].count = value } else { counts[s] = value }
  }

  mutating func materialize() {
    if sections != nil { return }
    sections = (0..<layout.numberOfSections).map { s in
      (counts[s] ?? layout.numberOfItems(inSection: s), layout._sections[s].parameters)
    }
  }

  func section(_ s: Int, _ field: String = "section") throws(LayoutError) {
    guard s >= 0 && s < sectionCount else {
      throw LayoutError(.section(s), "section index out of range (0..<\(sectionCount))")
    }
  }

  func items(_ items: [WaterfallItem], section s: Int, from i: Int) throws(LayoutError) {
    for (k, item) in items.enumerated() { try item.validate(at: .item(section: s, item: i + k)) }
  }

  func itemIndex(_ i: Int, section s: Int, inclusiveEnd: Bool) throws(LayoutError) {
    let n = count(s)
    guard i >= 0 && (i < n || (inclusiveEnd && i == n)) else {
      throw LayoutError(.item(section: s, item: i), "item index out of range (0..<\(inclusiveEnd ? n + 1 : n))")
    }
  }

  func geometry(_ p: WaterfallParameters, section s: Int, width: Double) throws(LayoutError) {
    _ = try WaterfallLayout._geometry(p, over: layout.parameters, width: width, section: s)
  }

  mutating func check(_ change: LayoutChange<WaterfallItem, WaterfallParameters>) throws(LayoutError) {
    switch change {
    case .appendItems(let items, let s):
      try section(s)
      try self.items(items, section: s, from: count(s))
      setCount(s, count(s) + items.count)
    case .insertItems(let items, let i, let s):
      try section(s)
      try itemIndex(i, section: s, inclusiveEnd: true)
      try self.items(items, section: s, from: i)
      setCount(s, count(s) + items.count)
    case .deleteItems(let range, let s):
      try section(s)
      guard range.lowerBound >= 0 && range.upperBound <= count(s) else {
        throw LayoutError(.item(section: s, item: range.lowerBound),
                          "range \(range.lowerBound)..<\(range.upperBound) out of range (0..<\(count(s)))")
      }
      setCount(s, count(s) - range.count)
    case .replaceItems(let items, let i, let s):
      try section(s)
      guard i >= 0 && i + items.count <= count(s) else {
        throw LayoutError(.item(section: s, item: i),
                          "items \(i)..<\(i + items.count) out of range (0..<\(count(s)))")
      }
      try self.items(items, section: s, from: i)
    case .moveItem(let from, let to):
      try section(from.section)
      try itemIndex(from.item, section: from.section, inclusiveEnd: false)
      setCount(from.section, count(from.section) - 1)
      try section(to.section)
      try itemIndex(to.item, section: to.section, inclusiveEnd: true)
      setCount(to.section, count(to.section) + 1)
    case .insertSection(let new, let s):
      guard s >= 0 && s <= sectionCount else {
        throw LayoutError(.section(s), "section index out of range (0..<\(sectionCount + 1))")
      }
      try geometry(new.parameters, section: s, width: width)
      try items(new.items, section: s, from: 0)
      materialize()
      sections!.insert((new.items.count, new.parameters), at: s)
    case .deleteSection(let s):
      try section(s)
      materialize()
      sections!.remove(at: s)
    case .moveSection(let from, let to):
      try section(from)
      guard to >= 0 && to < sectionCount else {
        throw LayoutError(.section(to), "section index out of range (0..<\(sectionCount))")
      }
      materialize()
      sections!.insert(sections!.remove(at: from), at: to)
    case .setSectionParameters(let p, let s):
      try section(s)
      try geometry(p, section: s, width: width)
      materialize()
      sections![s].parameters = p
    case .setWidth(let w):
      try WaterfallLayout._validate(width: w)
      materialize()
      for (s, entry) in sections!.enumerated() { try geometry(entry.parameters, section: s, width: w) }
      width = w
    }
  }
}
