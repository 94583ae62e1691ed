// What the sectioned layouts in this package share: sections that keep frames relative to their
// own top, a sum tree of section heights, batches of `LayoutChange` validated whole and then
// applied with one layout pass per dirty section, the queries (`_SectionedLayout+Queries.swift`)
// and the invariant check. A layout provides its section storage; everything else is here.
//
// Map:
//   _LaidOutRecord        what a record tells the index and the queries: y, height, lane
//   _SectionGeometry      a section's resolved parameters: header, footer, a record's frame
//   _SectionStorage       what a layout's section type provides
//   _SectionedLayout      the storage a layout keeps, and `apply(_:)`, the one batch algorithm
//   _BatchValidator       the counts a batch would produce, checked before anything moves

/// The most items a section holds, 2³¹ − 1: a section's items are the ids of its interval index,
/// which stores them in 32 bits. Init and batches that would pass it are rejected with
/// ``LayoutError/Reason/tooManyElements(limit:)``.
@usableFromInline
internal let _maximumItemsPerSection = Int(Int32.max)

/// A laid-out record, as the index and the queries read it: its interval on the scroll axis,
/// relative to the section's top, and the lane of the section's index it belongs in.
@usableFromInline
internal protocol _LaidOutRecord: Sendable {
  /// The frame's top, relative to the section's top.
  var y: Double { get }
  /// The frame's height.
  var height: Double { get }
  /// The lane of the section's ``IntervalIndex`` the record is in.
  var lane: Int { get }
}

/// A section's parameters resolved for the current width: what turns its records into frames.
@usableFromInline
internal protocol _SectionGeometry: Sendable {
  associatedtype Record: _LaidOutRecord
  /// The header's height; 0 means none.
  var header: Double { get }
  /// The footer's height; 0 means none.
  var footer: Double { get }
  /// The collection's width, which headers and footers span.
  var width: Double { get }
  /// The frame of a laid-out record, relative to the section's top.
  func frame(of record: Record) -> Rect
  /// Whether `rect` meets every frame ``frame(of:)`` can give horizontally (`minX < rect.maxX`
  /// and `maxX > rect.minX`), whatever the record: then a query need not test each answer's
  /// x. Never `true` when some frame could fail either test; for the layouts here, also `true`
  /// whenever every frame a record could have passes both. O(1).
  func meetsEveryFrameHorizontally(_ rect: Rect) -> Bool
}

/// A layout's section: its records in item order, their laid-out state, the index over them,
/// and its height. A layout that provides one gets the batch algorithm, the queries and the
/// invariant check of ``_SectionedLayout``.
@usableFromInline
internal protocol _SectionStorage: Sendable {
  associatedtype Item: Sendable
  associatedtype Parameters: Sendable
  associatedtype Record: _LaidOutRecord
  associatedtype Geometry: _SectionGeometry where Geometry.Record == Record
  /// The layout-level parameters every section inherits.
  associatedtype LayoutParameters: Sendable
  /// Items checked and converted to what the section stores, made by a batch's check
  /// (`_checkedRecords`) for `apply` to store (`insertItems(_:at:converted:)`).
  associatedtype Converted: Sendable

  var parameters: Parameters { get set }
  /// The records, in item order: what queries search. Changed in length only through
  /// `insertItems(_:at:converted:)` and `removeItems(_:)`, which keep whatever else the section
  /// stores per item in step.
  var records: [Record] { get set }
  /// The records' ids, `nil` while no item of the section has had one.
  var ids: [ItemID?]? { get set }
  /// The section's identity, stable across section moves: what the id index refers to.
  var uid: Int { get set }
  /// The parameters resolved at the current width.
  var geometry: Geometry { get }
  /// The index over the records: ids are record indices, each in its record's lane.
  var index: IntervalIndex { get }
  /// The id blocks over the records (a waterfall's; a list keeps none and answers from its
  /// one-lane index): when they cover every record, a rect query tests the range of ids they
  /// give instead of searching the index.
  var blocks: _IDBlocks { get }
  /// Whether a laid-out section keeps ``blocks`` covering all its records.
  static var keepsIDBlocks: Bool { get }
  /// Where the footer starts, relative to the section's top; valid once laid out.
  var footerY: Double { get }
  /// The section's height, `end` in `Docs/Spec/Waterfall.md`; valid once laid out.
  var height: Double { get }
  var needsLayout: Bool { get }
  /// The number of lanes the index has once laid out.
  var laneCount: Int { get }

  /// Checks a section's parameters at `width`, as section `section`.
  static func validate(_ parameters: Parameters, over layout: LayoutParameters, width: Double, section: Int) throws(LayoutError)
  static func validate(_ item: Item, at location: LayoutError.Location) throws(LayoutError)
  /// Checks an item as it would sit in a section with `parameters` at `width`.
  static func validate(
    _ item: Item, at location: LayoutError.Location,
    parameters: Parameters, over layout: LayoutParameters, width: Double) throws(LayoutError)
  /// An item's id, if it has one.
  static func id(of item: Item) -> ItemID?
  /// Item `i` as given (with its id).
  func item(at i: Int) -> Item
  /// Items `range` as given, read in one call: what an inverse batch keeps. O(range.count).
  func items(in range: Range<Int>) -> [Item]
  /// Stores `items` at `i` (appended when `i` is the count): what the section keeps of each
  /// (not its id, which the layout keeps), from `converted` when the batch's check made it. The
  /// items have been checked; the caller marks what needs layout.
  mutating func insertItems(_ items: [Item], at i: Int, converted: Converted?)
  /// Removes what the section keeps of items `range`; the caller marks what needs layout.
  mutating func removeItems(_ range: Range<Int>)
  /// Replaces item `i`'s description (not its id) and marks what needs layout again: the items
  /// from `i` on (`invalidate(from:)`), or less when the section knows the change is local (a
  /// waterfall with `keepColumns`: the items below it in its columns).
  mutating func replace(at i: Int, with item: Item)
  /// Item `i` has just been moved here.
  mutating func movedIn(at i: Int)
  /// The section's parameters have just been set.
  mutating func parametersWereSet()
  /// Whether item `i` keeps something of its placement that its description (`item(at:)`)
  /// carries and that moving it makes it forget (the waterfall's remembered column with
  /// `keepColumns`): the inverse of a move then gives the description back after moving the
  /// item back. O(1).
  func remembersPlacement(at i: Int) -> Bool
  /// Whether any item does (``remembersPlacement(at:)``): setting the section's parameters
  /// makes them all forget it. O(n) at worst.
  var remembersPlacements: Bool { get }
  /// Whether ``reconfigure(over:width:)`` at `width` would make items forget what they
  /// remember of their placement (the waterfall: a new column count or order with
  /// `keepColumns`). O(n) at worst.
  func forgetsPlacements(reconfiguredOver layout: LayoutParameters, width: Double) -> Bool

  /// A section with these parameters and items, resolved at `width`; not yet laid out.
  /// The parameters have been validated.
  init(parameters: Parameters, items: [Item], over layout: LayoutParameters, width: Double)
  /// A section with these parameters and items, resolved at `width` and laid out, made by one
  /// pass that also checks every item; `nil` when an item fails the check or the section type
  /// has no such pass (the caller then checks item by item and takes the path above). It must
  /// accept exactly the items `validate(_:at:parameters:over:width:)` accepts, and give what
  /// `init(parameters:items:over:width:)` and `layOut()` give. The parameters have been
  /// validated.
  static func _laidOut(parameters: Parameters, items: [Item], over layout: LayoutParameters, width: Double) -> Self?
  /// ``_laidOut(parameters:items:over:width:)`` appended to `sections`, or `false` (and
  /// `sections` as it was) where that is `nil`: a section type may build the section in the
  /// array's storage rather than move a finished one in.
  static func _appendLaidOut(
    parameters: Parameters, items: [Item], over layout: LayoutParameters, width: Double, to sections: inout [Self]
  ) -> Bool
  /// Whether placed items keep something of their placement through later changes (the
  /// waterfall's `keepColumns`): a section placed as a batch inserts it then differs from one
  /// placed after the batch's later changes, so a batch builds an inserted section in one pass
  /// only when no change after it touches items, widths or parameters.
  static func _keepsPlacements(over layout: LayoutParameters) -> Bool
  /// `items` checked and converted in one pass, or `nil` when an item fails the check (the
  /// caller then checks item by item, which names it) or the section type has no such pass. It
  /// must accept exactly the items `validate(_:at:parameters:over:width:)` accepts, and store,
  /// through `insertItems(_:at:converted:)`, what the items themselves would.
  static func _checkedRecords(_ items: [Item], parameters: Parameters, over layout: LayoutParameters, width: Double) -> Converted?
  /// Resolves the section's geometry again at `width` and marks every item dirty.
  mutating func reconfigure(over layout: LayoutParameters, width: Double)
  /// Marks items from `item` on as needing layout.
  mutating func invalidate(from item: Int)
  /// Lays out the dirty items; returns how many it placed.
  mutating func layOut() -> Int

  /// What is particular to this kind of section, for the invariant check: the first violation,
  /// or `nil`.
  func _violation() -> String?
}

extension _SectionStorage {
  /// Items `range`, each by ``item(at:)``: one access to the section for them all (the layout's
  /// `sections[s].item(at:)` for each item copied the section, retaining each of its arrays,
  /// about ten times the item's own read). O(range.count).
  @inlinable
  func items(in range: Range<Int>) -> [Item] {
    var items: [Item] = []
    items.reserveCapacity(range.count)
    for i in range { items.append(item(at: i)) }
    return items
  }

  /// Nothing of a placement is kept. O(1).
  @inlinable func remembersPlacement(at i: Int) -> Bool { false }
  /// Nothing of a placement is kept. O(1).
  @inlinable var remembersPlacements: Bool { false }
  /// Nothing of a placement is kept. O(1).
  @inlinable func forgetsPlacements(reconfiguredOver layout: LayoutParameters, width: Double) -> Bool { false }

  /// No one-pass layout: the section is checked item by item, made, then laid out. O(1).
  @inlinable
  static func _laidOut(parameters: Parameters, items: [Item], over layout: LayoutParameters, width: Double) -> Self? {
    nil
  }

  /// ``_laidOut(parameters:items:over:width:)``, moved into `sections`. O(1) plus the
  /// section's build.
  @inlinable
  static func _appendLaidOut(
    parameters: Parameters, items: [Item], over layout: LayoutParameters, width: Double, to sections: inout [Self]
  ) -> Bool {
    guard let laidOut = _laidOut(parameters: parameters, items: items, over: layout, width: width) else { return false }
    sections.append(consume laidOut)
    return true
  }

  /// Placements keep nothing: a section is the same whenever it is placed. O(1).
  @inlinable
  static func _keepsPlacements(over layout: LayoutParameters) -> Bool { false }

  /// No one-pass check: items are checked one by one and converted when applied. O(1).
  @inlinable
  static func _checkedRecords(_ items: [Item], parameters: Parameters, over layout: LayoutParameters, width: Double) -> Converted? {
    nil
  }
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
  /// The most items a section may hold: `_maximumItemsPerSection` unless a test lowered it
  /// (see `WaterfallLayout.init(width:parameters:sections:_itemLimit:)`). Kept with the layout,
  /// so that every later batch is checked against the same limit.
  @usableFromInline let itemLimit: Int
  /// Where each id lives: the section's `uid` and the item index. Empty without ids.
  @usableFromInline var idSlots: [ItemID: _IDSlot] = [:]
  /// Each section's index by its `uid`, rebuilt on section-level changes (O(s), as the sum tree);
  /// empty while every section's `uid` is its index, as in a layout built whole and changed
  /// since only by appending sections or by changes inside them: ``path(forID:)`` then takes
  /// the index from the `uid` itself. (Built for every layout, the map cost about 490
  /// instructions a section, hashing and growing, a twentieth of a build of sections of 20.)
  @usableFromInline var sectionOfUID: [Int: Int] = [:]
  /// The next section `uid`.
  @usableFromInline var nextUID = 0
  /// The identity of the layout's current state, for the ``VisibleWindow`` moved over it: a
  /// window keeps the one it was moved with, and searches again when the layout's differs.
  /// Every batch replaces it unless no one else holds it (no window, no copy of the layout),
  /// so a window can never take a changed layout for the one it knows.
  @usableFromInline var generation = _LayoutGeneration()
  /// The generation before the current one, kept for a later batch to take again: a batch
  /// whose generation a window holds takes this one when the layout alone holds it (no window
  /// and no copy of the layout does), and allocates a new one only otherwise. A view's window
  /// lets go of a generation when it moves with the next, so a view's batches and live-resize
  /// steps alternate between two generations and allocate none.
  @usableFromInline var spareGeneration: _LayoutGeneration?

  /// Validates everything and lays out every section: section by section, its parameters and
  /// count, then its items, in one pass with the placement where the section type has one
  /// (`_laidOut`), else checked one by one and laid out after; then duplicate ids. The error is
  /// that of the first invalid value in that order. O(n) plus each layout's placement cost.
  ///
  /// `itemLimit` must be in `0 ... _maximumItemsPerSection`: a test may lower the limit, never
  /// raise it past what the index can store.
  @usableFromInline
  init(width: Double, parameters: Section.LayoutParameters, sections: [LayoutSection<Section.Item, Section.Parameters>],
       itemLimit: Int = _maximumItemsPerSection,
       validateLayout: (Section.LayoutParameters) throws(LayoutError) -> Void) throws(LayoutError) {
    precondition(itemLimit >= 0 && itemLimit <= _maximumItemsPerSection, "item limit outside 0...\(_maximumItemsPerSection)")
    self.itemLimit = itemLimit
    try Self.validate(width: width)
    try validateLayout(parameters)
    self.width = width
    self.parameters = parameters
    // Section by section: its parameters, its count, then its items, in that order, so that the
    // error names the first invalid value. Where the section type can, one pass checks, converts
    // and places the items; when it meets an invalid item, the items are checked one by one
    // again, which names the first. (Nothing is kept from a throwing initializer.)
    self.sections.reserveCapacity(sections.count)
    var hasIDs = false
    for (s, section) in sections.enumerated() {
      try Section.validate(section.parameters, over: parameters, width: width, section: s)
      try Self.validate(count: section.items.count, section: s, limit: itemLimit)
      // Each section built in the array, or moved into it (`_appendLaidOut`), never copied: a
      // copy retains and releases every array of the section.
      if Section._appendLaidOut(
        parameters: section.parameters, items: section.items, over: parameters, width: width, to: &self.sections)
      {
        let last = self.sections.count - 1
        self.sections[last].uid = nextUID
        nextUID += 1
        placedItemCount += self.sections[last].records.count
        hasIDs = hasIDs || self.sections[last].ids != nil
      } else {
        for (i, item) in section.items.enumerated() {
          try Section.validate(item, at: .item(section: s, item: i), parameters: section.parameters, over: parameters, width: width)
        }
        let new = makeSection(section)
        hasIDs = hasIDs || new.ids != nil
        self.sections.append(consume new)
      }
    }
    // Ids: unique across the collection, checked once every item is valid, and indexed as they
    // are checked: one look-up each. The index's capacity is reserved first; grown as it fills,
    // it hashed every id again at each doubling, into fresh memory (with a map of the ids seen
    // beside it, a fifth of the instructions of loading a feed of 1M items with 100,000 ids).
    if hasIDs {
      var count = 0
      for s in self.sections.indices {
        guard let ids = self.sections[s].ids else { continue }
        for id in ids where id != nil { count += 1 }
      }
      idSlots.reserveCapacity(count)
      for s in self.sections.indices {
        guard let ids = self.sections[s].ids else { continue }
        let uid = self.sections[s].uid
        for i in ids.indices {
          guard let id = ids[i] else { continue }
          if let first = idSlots.updateValue(_IDSlot(section: uid, item: i), forKey: id) {
            let section = self.sections.firstIndex { $0.uid == first.section } ?? s
            throw LayoutError(
              .item(section: s, item: i), field: "id", reason: .duplicateID(id, first: ItemPath(item: first.item, section: section)))
          }
        }
      }
    }
    rebuildSectionUIDs()
    for s in self.sections.indices where self.sections[s].needsLayout { placedItemCount += self.sections[s].layOut() }
    origins.rebuild(count: self.sections.count) { self.sections[$0].height }
    _checkInvariants()
  }

  /// Rejects a section of `count` items when that is more than `limit`.
  @usableFromInline
  static func validate(count: Int, section: Int, limit: Int) throws(LayoutError) {
    if count > limit { throw LayoutError(.section(section), reason: .tooManyElements(limit: limit)) }
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
  ///
  /// Returns what the check made on the way (`_CheckedBatch`), by the index of the change:
  /// - the records of appended and inserted items, where the section type checks and converts
  ///   items in one pass (`_checkedRecords`), which `apply` then stores as they are;
  /// - the sections the batch inserts, checked by building them: where the section type has a
  ///   one-pass layout (`_laidOut`), the check of an inserted section's items is that pass, at
  ///   the width the batch has at that point, and `apply` installs what it built instead of
  ///   converting and placing the items again (with `keepColumns`, only for sections inserted
  ///   after the batch's last change of items, widths or parameters: see
  ///   `_SectionStorage._keepsPlacements(over:)`).
  ///
  /// O(n) for the n items the batch carries, plus the one-pass layouts' placement.
  @usableFromInline
  func _validate(_ changes: [LayoutChange<Section.Item, Section.Parameters>]) throws(LayoutError) -> _CheckedBatch<Section> {
    var validator = _BatchValidator(self)
    // Inserted sections are not scanned here: the check of each learns whether it has ids (its
    // one-pass build records them), and starts tracking them there (`check(_:at:)`).
    validator.tracksIDs = !idSlots.isEmpty || changes.contains { change in
      switch change {
      case .appendItems(let items, _), .insertItems(let items, _, _), .replaceItems(let items, _, _):
        items.contains { Section.id(of: $0) != nil }
      default: false
      }
    }
    if validator.tracksIDs { validator.ids = sections.map(\.ids) }
    if Section._keepsPlacements(over: parameters) {
      // Only sections inserted after the batch's last change of items, widths or parameters.
      let last = changes.lastIndex { change in
        switch change {
        case .insertSection, .deleteSection, .moveSection: false
        default: true
        }
      }
      validator.firstBuilt = last.map { $0 + 1 } ?? 0
    }
    for (n, change) in changes.enumerated() {
      do throws(LayoutError) {
        try validator.check(change, at: n)
      } catch {
        var error = error
        error.changeIndex = n
        throw error
      }
    }
    return validator.checked
  }

  /// Validates `changes` whole, then applies them in order and lays out each dirty section once.
  /// Item-only batches update the touched sections' heights in the sum tree, O(log s) each;
  /// batches with section or width changes rebuild it, O(s).
  @usableFromInline
  mutating func apply(_ changes: [LayoutChange<Section.Item, Section.Parameters>]) throws(LayoutError) {
    var inverse: [LayoutChange<Section.Item, Section.Parameters>] = []
    try apply(changes, inverse: &inverse, recording: false)
  }

  /// Whether recording the inverse of `changes` would keep every item of some section (new
  /// parameters, or a width that changes its column count, where items remember their
  /// placement), each change looked at against the layout as it is. O(c + s) for c changes and s
  /// sections (each section's look stops at its first item that remembers).
  @usableFromInline
  func inverseKeepsSections(of changes: [LayoutChange<Section.Item, Section.Parameters>]) -> Bool {
    for change in changes {
      switch change {
      case .setWidth(let w):
        if sections.contains(where: { $0.forgetsPlacements(reconfiguredOver: parameters, width: w) }) { return true }
      case .setSectionParameters(_, let s):
        if sections.indices.contains(s) && sections[s].remembersPlacements { return true }
      default:
        continue
      }
    }
    return false
  }

  /// `apply(_:)`, and, when `recording`, the batch that undoes it in `inverse`: each change's
  /// inverse, read from the state just before it, in reverse order. Applying the inverse gives
  /// back the same items, parameters and width, and what items remember of their placement
  /// (the waterfall's remembered columns: a change that makes items forget them is undone and
  /// then followed by a replacement of those items with their descriptions as they were), hence
  /// the same frames to the bit.
  /// Recording costs what the changes remove or replace: O(k) for k items deleted or replaced,
  /// O(n) to delete a section of n items, and O(n) for a section of n items whose items forget
  /// their placement (new parameters, or a width that changes its column count or order, with
  /// `keepColumns`); O(1) for the rest.
  @usableFromInline
  mutating func apply(
    _ changes: [LayoutChange<Section.Item, Section.Parameters>],
    inverse: inout [LayoutChange<Section.Item, Section.Parameters>], recording: Bool
  ) throws(LayoutError) {
    if !isKnownUniquelyReferenced(&generation) {
      // The new generation must be one no window holds: the spare if this layout alone holds
      // it, else a new one; the generation replaced becomes the spare.
      let replaced = generation
      if isKnownUniquelyReferenced(&spareGeneration), let spare = spareGeneration {
        generation = spare
      } else {
        generation = _LayoutGeneration()
      }
      spareGeneration = replaced
    }
    var checked = try _validate(changes)
    if recording {
      inverse.removeAll(keepingCapacity: true)
      inverse.reserveCapacity(changes.count)
    }
    func items(_ s: Int, _ range: Range<Int>) -> [Section.Item] { sections[s].items(in: range) }
    // The sections the changes touched: the first inline, the rest in an array, so that a batch
    // confined to one section (the common one) allocates nothing for it.
    var firstDirty = -1
    var moreDirty: [Int] = []
    func markDirty(_ s: Int) {
      if firstDirty < 0 { firstDirty = s } else if s != firstDirty { moreDirty.append(s) }
    }
    var structural = false
    for (n, change) in changes.enumerated() {
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
          let old = items(s, i..<(i + new.count))
          if zip(old, new).contains(where: { Section.id(of: $0) == nil && Section.id(of: $1) != nil }) {
            // A replacement keeps an item's id unless it gives one, so no replacement takes
            // away an id given to an item that had none: the old items are inserted in place
            // of the new instead. (Appended first: the inverse is reversed at the end.)
            inverse.append(.insertItems(old, at: i, section: s))
            inverse.append(.deleteItems(i..<(i + new.count), section: s))
          } else {
            inverse.append(.replaceItems(old, at: i, section: s))
          }
        case .moveItem(let from, let to):
          // A moved item forgets its placement (the waterfall's remembered column): after
          // moving it back, the inverse gives its description back, which remembers it again.
          // (Appended first: the inverse is reversed at the end.)
          if sections[from.section].remembersPlacement(at: from.item) {
            inverse.append(.replaceItems([sections[from.section].item(at: from.item)], at: from.item, section: from.section))
          }
          inverse.append(.moveItem(from: to, to: from))
        case .insertSection(_, let s):
          inverse.append(.deleteSection(at: s))
        case .deleteSection(let s):
          inverse.append(.insertSection(
            LayoutSection(parameters: sections[s].parameters, items: items(s, sections[s].records.indices)), at: s))
        case .moveSection(let from, let to):
          inverse.append(.moveSection(from: to, to: from))
        case .setSectionParameters(_, let s):
          // New parameters make every item forget its placement: after the old parameters,
          // the inverse gives every description back.
          if sections[s].remembersPlacements {
            inverse.append(.replaceItems(items(s, sections[s].records.indices), at: 0, section: s))
          }
          inverse.append(.setSectionParameters(sections[s].parameters, section: s))
        case .setWidth(let w):
          // So does a width that changes a section's column count or order.
          for s in sections.indices where sections[s].forgetsPlacements(reconfiguredOver: parameters, width: w) {
            inverse.append(.replaceItems(items(s, sections[s].records.indices), at: 0, section: s))
          }
          inverse.append(.setWidth(width))
        case .setHeight:
          break  // rejected by the validator: the storage is always vertical
        }
      }
      switch change {
      case .appendItems(let items, let s):
        let count = sections[s].records.count
        sections[s].insertItems(items, at: count, converted: checked.records.removeValue(forKey: n))
        if sections[s].ids != nil || items.contains(where: { Section.id(of: $0) != nil }) {
          insertIDs(items, at: count, section: s)
        }
        markDirty(s)
      case .insertItems(let items, let i, let s):
        sections[s].insertItems(items, at: i, converted: checked.records.removeValue(forKey: n))
        if sections[s].ids != nil || items.contains(where: { Section.id(of: $0) != nil }) {
          insertIDs(items, at: i, section: s)
        }
        sections[s].invalidate(from: i)
        markDirty(s)
      case .deleteItems(let range, let s):
        sections[s].removeItems(range)
        if let ids = sections[s].ids {
          for id in ids[range] { if let id { idSlots[id] = nil } }
          sections[s].ids!.removeSubrange(range)
          registerIDs(section: s, from: range.lowerBound)
        }
        sections[s].invalidate(from: range.lowerBound)
        markDirty(s)
      case .replaceItems(let items, let i, let s):
        for (k, item) in items.enumerated() {
          sections[s].replace(at: i + k, with: item)
          // The id is kept unless the new description gives one.
          if let id = Section.id(of: item) {
            let old = sections[s].ids?[i + k]
            if old != id {
              if let old { idSlots[old] = nil }
              if sections[s].ids == nil { sections[s].ids = Array(repeating: nil, count: sections[s].records.count) }
              sections[s].ids![i + k] = id
              idSlots[id] = _IDSlot(section: sections[s].uid, item: i + k)
            }
          }
        }
        markDirty(s)
      case .moveItem(let from, let to):
        // The item as given (its remembered column included), stored again at its new place.
        let moved = sections[from.section].item(at: from.item)
        sections[from.section].removeItems(from.item..<(from.item + 1))
        var id: ItemID? = nil
        if sections[from.section].ids != nil {
          id = sections[from.section].ids!.remove(at: from.item)
          registerIDs(section: from.section, from: from.item)
        }
        sections[from.section].invalidate(from: from.item)
        sections[to.section].insertItems([moved], at: to.item, converted: nil)
        if id != nil || sections[to.section].ids != nil {
          if sections[to.section].ids == nil {
            sections[to.section].ids = Array(repeating: nil, count: sections[to.section].records.count - 1)
          }
          sections[to.section].ids!.insert(id, at: to.item)
          registerIDs(section: to.section, from: to.item)
        }
        sections[to.section].movedIn(at: to.item)
        sections[to.section].invalidate(from: to.item)
        markDirty(from.section)
        markDirty(to.section)
      case .insertSection(let section, let s):
        // Taken out of `checked`, so that the section's arrays are referenced once: a later
        // change of the batch to this section then mutates them in place.
        if var new = checked.sections.removeValue(forKey: n) {
          new.uid = nextUID
          nextUID += 1
          placedItemCount += new.records.count
          sections.insert(new, at: s)
        } else {
          sections.insert(makeSection(section), at: s)
        }
        registerIDs(section: s, from: 0)
        structural = true
      case .deleteSection(let s):
        if let ids = sections[s].ids {
          for id in ids { if let id { idSlots[id] = nil } }
        }
        sections.remove(at: s)
        structural = true
      case .moveSection(let from, let to):
        sections.insert(sections.remove(at: from), at: to)
        structural = true
      case .setSectionParameters(let p, let s):
        sections[s].parameters = p
        sections[s].parametersWereSet()
        sections[s].reconfigure(over: parameters, width: width)
        structural = true
      case .setWidth(let w):
        width = w
        for s in sections.indices {
          sections[s].reconfigure(over: parameters, width: w)
          // A width change alone, as a live resize sends: each section laid out as soon as it
          // is reconfigured, while what it keeps is in cache, rather than every section
          // reconfigured and then every one laid out (the loop after the batch finds none left).
          // With other changes in the batch, the sections are laid out after all of them.
          if changes.count == 1 && sections[s].needsLayout { placedItemCount += sections[s].layOut() }
        }
        structural = true
      case .setHeight:
        break  // rejected by the validator
      }
    }
    if structural {
      for s in sections.indices where sections[s].needsLayout { placedItemCount += sections[s].layOut() }
      origins.rebuild(count: sections.count) { sections[$0].height }
      rebuildSectionUIDs()
    } else {
      func layOut(_ s: Int) {
        guard sections[s].needsLayout else { return }
        placedItemCount += sections[s].layOut()
        origins.setHeight(sections[s].height, at: s)
      }
      if firstDirty >= 0 { layOut(firstDirty) }
      for s in moreDirty { layOut(s) }
    }
    if recording { inverse.reverse() }
    _checkInvariants()
  }
}

extension _SectionedLayout {
  /// A new section with a fresh `uid` and its ids (none registered yet).
  @usableFromInline
  mutating func makeSection(_ section: LayoutSection<Section.Item, Section.Parameters>) -> Section {
    var new = Section(parameters: section.parameters, items: section.items, over: parameters, width: width)
    new.uid = nextUID
    nextUID += 1
    if section.items.contains(where: { Section.id(of: $0) != nil }) {
      new.ids = section.items.map(Section.id(of:))
    }
    return new
  }

  /// Inserts the ids of `items` (just inserted at `i`) into section `s`'s side array.
  @usableFromInline
  mutating func insertIDs(_ items: [Section.Item], at i: Int, section s: Int) {
    if sections[s].ids == nil {
      sections[s].ids = Array(repeating: nil, count: sections[s].records.count - items.count)
    }
    sections[s].ids!.insert(contentsOf: items.lazy.map(Section.id(of:)), at: i)
    registerIDs(section: s, from: i)
  }

  /// Points the id index at items `i...` of section `s`: O(n - i), what the shift of the records
  /// already costs.
  @usableFromInline
  mutating func registerIDs(section s: Int, from i: Int) {
    guard let ids = sections[s].ids else { return }
    let uid = sections[s].uid
    for k in i..<ids.count { if let id = ids[k] { idSlots[id] = _IDSlot(section: uid, item: k) } }
  }

  /// Rebuilds the section index by `uid` (``sectionOfUID``), which stays empty when every
  /// section's `uid` is its index: O(s), on section-level changes (as the sum tree).
  @usableFromInline
  mutating func rebuildSectionUIDs() {
    // By index: a section read whole (as `enumerated()` gives it) is a copy, a retain and a
    // release of each of its arrays.
    var s = 0
    while s < sections.count && sections[s].uid == s { s += 1 }
    if s == sections.count {
      if !sectionOfUID.isEmpty { sectionOfUID = [:] }
      return
    }
    sectionOfUID.removeAll(keepingCapacity: true)
    sectionOfUID.reserveCapacity(sections.count)
    for s in sections.indices { sectionOfUID[sections[s].uid] = s }
  }

  /// The index of the section whose `uid` is `uid`, or `nil` when no section has it. O(1)
  /// expected.
  @inlinable
  func section(ofUID uid: Int) -> Int? {
    if sectionOfUID.isEmpty { return sections.indices.contains(uid) ? uid : nil }
    return sectionOfUID[uid]
  }

  /// The item with this id, or `nil`. O(1) expected.
  @usableFromInline
  func path(forID id: ItemID) -> ItemPath? {
    guard let slot = idSlots[id], let s = section(ofUID: slot.section) else { return nil }
    return ItemPath(item: slot.item, section: s)
  }

  /// The id of an item, or `nil`. O(1).
  @usableFromInline
  func id(at path: ItemPath) -> ItemID? {
    guard sections.indices.contains(path.section), let ids = sections[path.section].ids,
          ids.indices.contains(path.item) else { return nil }
    return ids[path.item]
  }
}

extension _SectionedLayout {
  /// Checks every invariant the shared code relies on, after every mutation; compiled only with
  /// `CASCADE_INTERNAL_CHECKS`. Every section laid out and within the item limit, its height in
  /// the sum tree, every item in the index exactly once and in its record's lane, the lane
  /// invariant, and what the section type checks of its own (`_SectionStorage._violation()`).
  ///
  /// - Complexity: O(n) for n items in all.
  @usableFromInline
  func _checkInvariants() {
    #if CASCADE_INTERNAL_CHECKS
    if let violation = _violation() { preconditionFailure(violation) }
    #endif
  }

  /// The first broken invariant, as a message, or `nil`: what `_checkInvariants()` traps on,
  /// and what tests call directly.
  ///
  /// - Complexity: O(n) for n items in all.
  package func _violation() -> String? {
    if origins.count != sections.count { return "origin tree has \(origins.count) leaves for \(sections.count) sections" }
    if let violation = origins._violation() { return violation }
    if !sectionOfUID.isEmpty && sectionOfUID.count != sections.count {
      return "section map holds \(sectionOfUID.count) uids for \(sections.count) sections"
    }
    for s in sections.indices where section(ofUID: sections[s].uid) != s {
      return "section \(s): its uid \(sections[s].uid) maps to \(String(describing: section(ofUID: sections[s].uid)))"
    }
    for (s, section) in sections.enumerated() {
      if section.needsLayout { return "section \(s) left dirty" }
      if origins.height(of: s) != section.height { return "section \(s) height not in the origin tree" }
      if section.records.count > itemLimit { return "section \(s) holds more than \(itemLimit) items" }
      if section.index.laneCount != section.laneCount {
        return "section \(s): index has \(section.index.laneCount) lanes, not \(section.laneCount)"
      }
      let violation = section.records.withUnsafeBufferPointer { records in
        section.index._violation(count: records.count, in: _RecordBounds(records))
      }
      if let violation { return "section \(s): \(violation)" }
      let blocks = section.records.withUnsafeBufferPointer { records in
        Section.keepsIDBlocks
          ? section.blocks._violation(count: records.count, in: _RecordBounds(records), exact: false)
          : section.blocks._count == 0 ? nil : "id blocks kept by a section that keeps none"
      }
      if let blocks { return "section \(s): \(blocks)" }
      if let violation = section._violation() { return "section \(s): \(violation)" }
      if let ids = section.ids {
        if ids.count != section.records.count { return "section \(s): \(ids.count) ids for \(section.records.count) items" }
        for (i, id) in ids.enumerated() {
          guard let id else { continue }
          if path(forID: id) != ItemPath(item: i, section: s) { return "section \(s), item \(i): id \(id) not indexed here" }
        }
      }
    }
    let indexed = sections.reduce(0) { $0 + ($1.ids?.lazy.filter { $0 != nil }.count ?? 0) }
    if indexed != idSlots.count { return "id index holds \(idSlots.count) ids for \(indexed) items with ids" }
    return nil
  }
}

/// The intervals and lanes of a section's records, read in place for its interval index: a
/// concrete type, so that index queries specialize on it and read the records inline.
///
/// It holds a pointer into the records' storage, so it is made inside the records'
/// `withUnsafeBufferPointer` closure and never outlives it.
@usableFromInline
internal struct _RecordBounds<Record: _LaidOutRecord>: IntervalLaneSource {
  @usableFromInline let records: UnsafeBufferPointer<Record>
  @inlinable init(_ records: UnsafeBufferPointer<Record>) { self.records = records }
  @inlinable func minY(_ id: Int) -> Double { records[id].y }
  @inlinable func maxY(_ id: Int) -> Double { records[id].y + records[id].height }
  @inlinable func lane(_ id: Int) -> Int { records[id].lane }
}

/// The vertical extents of a section's records as reported, the section's origin `y0` added:
/// `minY = y + y0` and `maxY = (y + y0) + height`, the very sums of a reported frame's `minY`
/// and `maxY` (a record's y and height are its frame's, ``_LaidOutRecord``). A scan of a range
/// of ids tests them against a rect's `minY` and `maxY` (``IntervalIndex/_scanRange(_:_:_:_:_:)``)
/// exactly as `Rect.intersects` would, so the answers it hands on need no vertical test again.
/// Not for an index's searches: its lanes are ordered by the local bounds.
///
/// It holds a pointer into the records' storage, like ``_RecordBounds``.
@usableFromInline
internal struct _PlacedBounds<Record: _LaidOutRecord>: IntervalBounds {
  @usableFromInline let records: UnsafeBufferPointer<Record>
  @usableFromInline let y0: Double
  @inlinable init(_ records: UnsafeBufferPointer<Record>, y0: Double) {
    self.records = records
    self.y0 = y0
  }
  @inlinable func minY(_ id: Int) -> Double { records[id].y + y0 }
  @inlinable func maxY(_ id: Int) -> Double { (records[id].y + y0) + records[id].height }
}

/// What a batch's check made on the way, for `apply` to use instead of making it again, by the
/// index of the change: the records of appended and inserted items, and inserted sections
/// built whole. Each is taken out as it is used, so that its arrays are referenced once.
@usableFromInline
internal struct _CheckedBatch<Section: _SectionStorage> {
  var records = _InlineFirstDictionary<Int, Section.Converted>()
  var sections = _InlineFirstDictionary<Int, Section>()
}

/// The shape of a layout (section counts, parameters, width) as a batch evolves it, so that the
/// whole batch is checked before any of it is applied.
///
/// Item-only batches track the counts of touched sections in a dictionary, O(1) per change; the
/// first section-level change copies the section list, O(s). A width change checks every
/// section's parameters where they are, O(s) with no copy.
@usableFromInline
internal struct _BatchValidator<Section: _SectionStorage> {
  let layout: _SectionedLayout<Section>
  var width: Double
  /// The counts of the sections the batch touched so far, until `materialized`.
  var counts = _InlineFirstDictionary<Int, Int>()
  /// The section list, valid once `materialized`.
  var sections: [(count: Int, parameters: Section.Parameters)] = []
  var materialized = false
  /// Whether the layout or the batch so far has ids: only then are they simulated (from the
  /// first inserted section with ids on, when nothing before it had any).
  var tracksIDs = false
  /// Each section's ids as the batch evolves them (copied on write, section by section).
  var ids: [[ItemID?]?] = []
  /// What the check made on the way (see `_SectionedLayout._validate(_:)`).
  var checked = _CheckedBatch<Section>()
  /// The first change whose inserted section may be built in the check (see
  /// `_SectionStorage._keepsPlacements(over:)`).
  var firstBuilt = 0
  /// Ids the batch has freed (`nil`) or placed (where, at that point of the batch).
  var overlay: [ItemID: ItemPath?] = [:]

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

  func parameters(_ s: Int) -> Section.Parameters {
    materialized ? sections[s].parameters : layout.sections[s].parameters
  }

  func items(_ items: [Section.Item], section s: Int, from i: Int) throws(LayoutError) {
    try self.items(items, section: s, from: i, parameters: parameters(s))
  }

  /// Checks `items`, going to section `s` at `i` by change `n`: converted to records in one pass
  /// where the section type can (kept for `apply`), else item by item; when the one pass meets
  /// an invalid item, the item-by-item check names the first.
  mutating func convert(_ items: [Section.Item], section s: Int, from i: Int, change n: Int) throws(LayoutError) {
    if let records = Section._checkedRecords(items, parameters: parameters(s), over: layout.parameters, width: width) {
      checked.records[n] = records
    } else {
      try self.items(items, section: s, from: i)
    }
  }

  func items(_ items: [Section.Item], section s: Int, from i: Int, parameters: Section.Parameters) throws(LayoutError) {
    for (k, item) in items.enumerated() {
      try Section.validate(item, at: .item(section: s, item: i + k), parameters: parameters, over: layout.parameters, width: width)
    }
  }

  /// Where `id` is in use at this point of the batch, or `nil` when it is free.
  func place(of id: ItemID) -> ItemPath? {
    if let known = overlay[id] { return known }
    return layout.path(forID: id)
  }

  /// Takes `id` for the item at `path`, or throws naming both places.
  mutating func take(_ id: ItemID, at path: ItemPath) throws(LayoutError) {
    if let first = place(of: id) {
      throw LayoutError(.item(section: path.section, item: path.item), field: "id", reason: .duplicateID(id, first: first))
    }
    overlay[id] = .some(path)
  }

  mutating func free(_ id: ItemID?) { if let id { overlay[id] = .some(nil) } }

  /// Simulates the ids of inserting `items` at `i` in section `s`.
  mutating func insertIDs(_ items: [Section.Item], at i: Int, section s: Int) throws(LayoutError) {
    let new = items.map(Section.id(of:))
    if ids[s] == nil {
      if !new.contains(where: { $0 != nil }) { return }
      ids[s] = Array(repeating: nil, count: count(s) - items.count)
    }
    for (k, id) in new.enumerated() { if let id { try take(id, at: ItemPath(item: i + k, section: s)) } }
    ids[s]!.insert(contentsOf: new, at: i)
  }

  /// The id part of a change, after its counts have been checked and applied.
  mutating func checkIDs(_ change: LayoutChange<Section.Item, Section.Parameters>) throws(LayoutError) {
    switch change {
    case .appendItems(let items, let s):
      try insertIDs(items, at: count(s) - items.count, section: s)
    case .insertItems(let items, let i, let s):
      try insertIDs(items, at: i, section: s)
    case .deleteItems(let range, let s):
      guard ids[s] != nil else { return }
      for id in ids[s]![range] { free(id) }
      ids[s]!.removeSubrange(range)
    case .replaceItems(let items, let i, let s):
      for (k, item) in items.enumerated() {
        guard let id = Section.id(of: item) else { continue }
        let old = ids[s]?[i + k]
        if old == id { continue }
        free(old)
        try take(id, at: ItemPath(item: i + k, section: s))
        if ids[s] == nil { ids[s] = Array(repeating: nil, count: count(s)) }
        ids[s]![i + k] = id
      }
    case .moveItem(let from, let to):
      var id: ItemID? = nil
      if ids[from.section] != nil { id = ids[from.section]!.remove(at: from.item) }
      if id == nil && ids[to.section] == nil { return }
      if ids[to.section] == nil { ids[to.section] = Array(repeating: nil, count: count(to.section) - 1) }
      ids[to.section]!.insert(id, at: to.item)
      if let id { overlay[id] = .some(to) }
    case .insertSection(let new, let s):
      ids.insert(nil, at: s)
      try insertIDs(new.items, at: 0, section: s)
    case .deleteSection(let s):
      for id in ids[s] ?? [] { free(id) }
      ids.remove(at: s)
    case .moveSection(let from, let to):
      ids.insert(ids.remove(at: from), at: to)
    case .setSectionParameters, .setWidth, .setHeight:
      break
    }
  }

  /// Rejects adding `added` items to section `s` when it would then hold more than the limit.
  /// Compared as `added > limit - count`, which cannot overflow (0 <= count <= limit).
  func grow(_ s: Int, by added: Int) throws(LayoutError) {
    if added > layout.itemLimit - count(s) {
      throw LayoutError(.section(s), reason: .tooManyElements(limit: layout.itemLimit))
    }
  }

  func itemIndex(_ i: Int, section s: Int, inclusiveEnd: Bool) throws(LayoutError) {
    let n = count(s)
    guard i >= 0 && (i < n || (inclusiveEnd && i == n)) else {
      throw LayoutError(.item(section: s, item: i), reason: .indexOutOfRange(valid: 0..<(inclusiveEnd ? n + 1 : n)))
    }
  }

  /// Checks change `n` of the batch against the state the changes before it leave.
  mutating func check(_ change: LayoutChange<Section.Item, Section.Parameters>, at n: Int) throws(LayoutError) {
    try checkCounts(change, at: n)
    if !tracksIDs, case .insertSection(let new, _) = change,
      checked.sections[n].map({ $0.ids != nil }) ?? new.items.contains(where: { Section.id(of: $0) != nil })
    {
      // The first ids of the batch, in a layout without any: until this change no section had
      // one, so every section but the one just counted in has none.
      tracksIDs = true
      ids = Array(repeating: nil, count: sectionCount - 1)
    }
    if tracksIDs { try checkIDs(change) }
  }

  mutating func checkCounts(_ change: LayoutChange<Section.Item, Section.Parameters>, at n: Int) throws(LayoutError) {
    switch change {
    case .appendItems(let items, let s):
      try section(s)
      try grow(s, by: items.count)
      try convert(items, section: s, from: count(s), change: n)
      setCount(s, count(s) + items.count)
    case .insertItems(let items, let i, let s):
      try section(s)
      try itemIndex(i, section: s, inclusiveEnd: true)
      try grow(s, by: items.count)
      try convert(items, section: s, from: i, change: n)
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
      try grow(to.section, by: 1)
      setCount(to.section, count(to.section) + 1)
    case .insertSection(let new, let s):
      guard s >= 0 && s <= sectionCount else {
        throw LayoutError(.section(s), reason: .indexOutOfRange(valid: 0..<(sectionCount + 1)))
      }
      try Section.validate(new.parameters, over: layout.parameters, width: width, section: s)
      try _SectionedLayout<Section>.validate(count: new.items.count, section: s, limit: layout.itemLimit)
      // The one-pass layout accepts exactly the items the item-by-item check accepts; when it
      // meets an invalid one, the check names the first.
      if n >= firstBuilt, let section = Section._laidOut(
        parameters: new.parameters, items: new.items, over: layout.parameters, width: width)
      {
        checked.sections[n] = section
      } else {
        try items(new.items, section: s, from: 0, parameters: new.parameters)
      }
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
      // Every section's parameters against the new width, read where they are: a batch that
      // only changes the width (a live resize's every step) copies no section list.
      try _SectionedLayout<Section>.validate(width: w)
      for s in 0..<sectionCount {
        try Section.validate(parameters(s), over: layout.parameters, width: w, section: s)
      }
      width = w
    case .setHeight:
      // The storage is always vertical; a horizontal layout turns its `setHeight` into the
      // storage's `setWidth` before it gets here.
      throw LayoutError(.collection, field: "height", _LayoutRules.setHeightOnVertical)
    }
  }
}
