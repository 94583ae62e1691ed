// What the sectioned layouts in this package share: sections that keep frames relative to their
// own top, a sum tree of section heights, and batches of `LayoutChange` validated whole and then
// applied with one layout pass per dirty section.
//
// Map:
//   _SectionStorage       what a layout's section type provides
//   _SectionedLayout      the storage a layout keeps, and `_apply(_:)`, the one batch algorithm
//   _BatchValidator       the counts a batch would produce, checked before anything moves

/// A layout's section: its records in item order, their laid-out state, and its height.
@usableFromInline
internal protocol _SectionStorage: Sendable {
  associatedtype Item: Sendable
  associatedtype Parameters: Sendable
  associatedtype Record: Sendable
  /// The layout-level parameters every section inherits.
  associatedtype LayoutParameters: Sendable

  var parameters: Parameters { get set }
  var records: [Record] { get set }
  /// The section's height, `end` in `Docs/Spec/Waterfall.md`; valid once laid out.
  var height: Double { get }
  var needsLayout: Bool { get }

  static func record(_ item: Item) -> Record
  /// The item a record was made from: `item(record(x)) == x`.
  static func item(_ record: Record) -> Item

  /// Checks a section's parameters at `width`, as section `section`.
  static func validate(_ parameters: Parameters, over layout: LayoutParameters, width: Double, section: Int) throws(LayoutError)
  static func validate(_ item: Item, at location: LayoutError.Location) throws(LayoutError)

  /// A section with these parameters and items, resolved at `width`; not yet laid out.
  /// The parameters have been validated.
  init(parameters: Parameters, items: [Item], over layout: LayoutParameters, width: Double)
  /// Resolves the section's geometry again at `width` and marks every item dirty.
  mutating func reconfigure(over layout: LayoutParameters, width: Double)
  /// Marks items from `item` on as needing layout.
  mutating func invalidate(from item: Int)
  /// Lays out the dirty items; returns how many it placed.
  mutating func layOut() -> Int
}

/// The state every sectioned layout keeps.
@usableFromInline
internal struct _SectionedLayout<Section: _SectionStorage>: Sendable {
  @usableFromInline var width: Double
  @usableFromInline var parameters: Section.LayoutParameters
  @usableFromInline var sections: [Section] = []
  @usableFromInline var origins = _SectionOrigins()
  /// Items placed by layout passes so far: the test hook behind "recomputes only what changed".
  @usableFromInline var placedItemCount = 0

  /// Validates everything, then lays out every section. O(n) plus each layout's placement cost.
  @usableFromInline
  init(width: Double, parameters: Section.LayoutParameters, sections: [LayoutSection<Section.Item, Section.Parameters>],
       validateLayout: (Section.LayoutParameters) throws(LayoutError) -> Void) throws(LayoutError) {
    try Self.validate(width: width)
    try validateLayout(parameters)
    self.width = width
    self.parameters = parameters
    for (s, section) in sections.enumerated() {
      try Section.validate(section.parameters, over: parameters, width: width, section: s)
      for (i, item) in section.items.enumerated() { try Section.validate(item, at: .item(section: s, item: i)) }
    }
    self.sections.reserveCapacity(sections.count)
    for section in sections {
      self.sections.append(Section(parameters: section.parameters, items: section.items, over: parameters, width: width))
    }
    for s in self.sections.indices { placedItemCount += self.sections[s].layOut() }
    origins.rebuild(self.sections.lazy.map(\.height))
  }

  @usableFromInline
  static func validate(width: Double) throws(LayoutError) {
    if let reason = _reject(width, positive: true) { throw LayoutError(.collection, field: "width", reason) }
  }

  @inlinable
  func count(_ section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].records.count : 0
  }

  /// Checks a whole batch. A function of its own, so that the validator's copy of the layout is
  /// released before the batch mutates it: a copy alive during the mutation would make every
  /// touched array copy itself (copy-on-write), O(n) for an append.
  @usableFromInline
  func _validate(_ changes: [LayoutChange<Section.Item, Section.Parameters>]) throws(LayoutError) {
    var validator = _BatchValidator(self)
    for (n, change) in changes.enumerated() {
      do throws(LayoutError) {
        try validator.check(change)
      } catch {
        var error = error
        error.changeIndex = n
        throw error
      }
    }
  }

  /// Validates `changes` whole, then applies them in order and lays out each dirty section once.
  /// Item-only batches update the touched sections' heights in the sum tree, O(log s) each;
  /// batches with section or width changes rebuild it, O(s).
  @usableFromInline
  mutating func apply(_ changes: [LayoutChange<Section.Item, Section.Parameters>]) throws(LayoutError) {
    var inverse: [LayoutChange<Section.Item, Section.Parameters>] = []
    try apply(changes, inverse: &inverse, recording: false)
  }

  /// `apply(_:)`, and, when `recording`, the batch that undoes it in `inverse`: each change's
  /// inverse, read from the state just before it, in reverse order. Applying the inverse gives
  /// back the same items, parameters and width, hence the same frames to the bit.
  /// Recording costs what the changes remove or replace: O(k) for k items deleted or replaced,
  /// O(n) to delete a section of n items; O(1) for the rest.
  @usableFromInline
  mutating func apply(
    _ changes: [LayoutChange<Section.Item, Section.Parameters>],
    inverse: inout [LayoutChange<Section.Item, Section.Parameters>], recording: Bool
  ) throws(LayoutError) {
    try _validate(changes)
    if recording {
      inverse.removeAll()
      inverse.reserveCapacity(changes.count)
    }
    func items(_ s: Int, _ range: Range<Int>) -> [Section.Item] { sections[s].records[range].map(Section.item) }
    var dirty: [Int] = []
    var structural = false
    for change in changes {
      if recording {
        switch change {
        case .appendItems(let items, let s):
          let n = sections[s].records.count
          inverse.append(.deleteItems(n..<(n + items.count), section: s))
        case .insertItems(let items, let i, let s):
          inverse.append(.deleteItems(i..<(i + items.count), section: s))
        case .deleteItems(let range, let s):
          inverse.append(.insertItems(items(s, range), at: range.lowerBound, section: s))
        case .replaceItems(let new, let i, let s):
          inverse.append(.replaceItems(items(s, i..<(i + new.count)), at: i, section: s))
        case .moveItem(let from, let to):
          inverse.append(.moveItem(from: to, to: from))
        case .insertSection(_, let s):
          inverse.append(.deleteSection(at: s))
        case .deleteSection(let s):
          inverse.append(.insertSection(
            LayoutSection(parameters: sections[s].parameters, items: items(s, sections[s].records.indices)), at: s))
        case .moveSection(let from, let to):
          inverse.append(.moveSection(from: to, to: from))
        case .setSectionParameters(_, let s):
          inverse.append(.setSectionParameters(sections[s].parameters, section: s))
        case .setWidth:
          inverse.append(.setWidth(width))
        }
      }
      switch change {
      case .appendItems(let items, let s):
        // No reserveCapacity: it allocates exactly what it is asked for, which would make
        // every append batch copy the whole section; append's own growth is amortized O(1).
        for item in items { sections[s].records.append(Section.record(item)) }
        dirty.append(s)
      case .insertItems(let items, let i, let s):
        sections[s].records.insert(contentsOf: items.lazy.map(Section.record), at: i)
        sections[s].invalidate(from: i)
        dirty.append(s)
      case .deleteItems(let range, let s):
        sections[s].records.removeSubrange(range)
        sections[s].invalidate(from: range.lowerBound)
        dirty.append(s)
      case .replaceItems(let items, let i, let s):
        for (k, item) in items.enumerated() { sections[s].records[i + k] = Section.record(item) }
        sections[s].invalidate(from: i)
        dirty.append(s)
      case .moveItem(let from, let to):
        let record = sections[from.section].records.remove(at: from.item)
        sections[from.section].invalidate(from: from.item)
        sections[to.section].records.insert(record, at: to.item)
        sections[to.section].invalidate(from: to.item)
        dirty.append(from.section)
        dirty.append(to.section)
      case .insertSection(let section, let s):
        sections.insert(Section(parameters: section.parameters, items: section.items, over: parameters, width: width), at: s)
        structural = true
      case .deleteSection(let s):
        sections.remove(at: s)
        structural = true
      case .moveSection(let from, let to):
        sections.insert(sections.remove(at: from), at: to)
        structural = true
      case .setSectionParameters(let p, let s):
        sections[s].parameters = p
        sections[s].reconfigure(over: parameters, width: width)
        structural = true
      case .setWidth(let w):
        width = w
        for s in sections.indices { sections[s].reconfigure(over: parameters, width: w) }
        structural = true
      }
    }
    if structural {
      for s in sections.indices where sections[s].needsLayout { placedItemCount += sections[s].layOut() }
      origins.rebuild(sections.lazy.map(\.height))
    } else {
      for s in dirty where sections[s].needsLayout {
        placedItemCount += sections[s].layOut()
        origins.setHeight(sections[s].height, at: s)
      }
    }
    if recording { inverse.reverse() }
  }
}

/// The shape of a layout (section counts, parameters, width) as a batch evolves it, so that the
/// whole batch is checked before any of it is applied.
///
/// Item-only batches track the counts of touched sections in a dictionary, O(1) per change; the
/// first section-level or width change copies the section list, O(s).
@usableFromInline
internal struct _BatchValidator<Section: _SectionStorage> {
  let layout: _SectionedLayout<Section>
  var width: Double
  var counts: [Int: Int] = [:]
  /// The section list, valid once `materialized`.
  var sections: [(count: Int, parameters: Section.Parameters)] = []
  var materialized = false

  init(_ layout: _SectionedLayout<Section>) {
    self.layout = layout
    self.width = layout.width
  }

  var sectionCount: Int { materialized ? sections.count : layout.sections.count }

  func count(_ s: Int) -> Int {
    materialized ? sections[s].count : counts[s] ?? layout.count(s)
  }

  mutating func setCount(_ s: Int, _ value: Int) {
    if materialized { sections[s].count = value } else { counts[s] = value }
  }

  mutating func materialize() {
    if materialized { return }
    sections = layout.sections.indices.map { s in (counts[s] ?? layout.count(s), layout.sections[s].parameters) }
    materialized = true
  }

  func section(_ s: Int) throws(LayoutError) {
    guard s >= 0 && s < sectionCount else {
      throw LayoutError(.section(s), reason: .indexOutOfRange(valid: 0..<sectionCount))
    }
  }

  func items(_ items: [Section.Item], section s: Int, from i: Int) throws(LayoutError) {
    for (k, item) in items.enumerated() { try Section.validate(item, at: .item(section: s, item: i + k)) }
  }

  func itemIndex(_ i: Int, section s: Int, inclusiveEnd: Bool) throws(LayoutError) {
    let n = count(s)
    guard i >= 0 && (i < n || (inclusiveEnd && i == n)) else {
      throw LayoutError(.item(section: s, item: i), reason: .indexOutOfRange(valid: 0..<(inclusiveEnd ? n + 1 : n)))
    }
  }

  mutating func check(_ change: LayoutChange<Section.Item, Section.Parameters>) throws(LayoutError) {
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
        throw LayoutError(.item(section: s, item: range.lowerBound), reason: .itemsOutOfRange(from: range.lowerBound, count: range.count, valid: 0..<count(s)))
      }
      setCount(s, count(s) - range.count)
    case .replaceItems(let items, let i, let s):
      try section(s)
      guard i >= 0 && i <= count(s) - items.count else {
        throw LayoutError(
          .item(section: s, item: i), reason: .itemsOutOfRange(from: i, count: items.count, valid: 0..<count(s)))
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
        throw LayoutError(.section(s), reason: .indexOutOfRange(valid: 0..<(sectionCount + 1)))
      }
      try Section.validate(new.parameters, over: layout.parameters, width: width, section: s)
      try items(new.items, section: s, from: 0)
      materialize()
      sections.insert((new.items.count, new.parameters), at: s)
    case .deleteSection(let s):
      try section(s)
      materialize()
      sections.remove(at: s)
    case .moveSection(let from, let to):
      try section(from)
      guard to >= 0 && to < sectionCount else {
        throw LayoutError(.section(to), reason: .indexOutOfRange(valid: 0..<sectionCount))
      }
      materialize()
      sections.insert(sections.remove(at: from), at: to)
    case .setSectionParameters(let p, let s):
      try section(s)
      try Section.validate(p, over: layout.parameters, width: width, section: s)
      materialize()
      sections[s].parameters = p
    case .setWidth(let w):
      try _SectionedLayout<Section>.validate(width: w)
      materialize()
      for (s, entry) in sections.enumerated() {
        try Section.validate(entry.parameters, over: layout.parameters, width: w, section: s)
      }
      width = w
    }
  }
}
