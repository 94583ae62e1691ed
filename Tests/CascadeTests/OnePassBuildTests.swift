// A waterfall laid out from scratch takes one pass that checks, converts and places each item
// (`_Section._laidOut`). These tests hold it to the path it replaced: the same error for the
// same bad input (checked item by item, in order, then the ids), and, for valid input, the same
// layout, to the bit, as one built by appending the items to empty sections (the in-place
// placement loop).
import Testing
@testable import Cascade
import CascadeTestSupport

/// The error of the item-by-item check that the initializer ran before the one-pass layout, in
/// its order: the width, the layout's parameters, then per section its parameters, its count and
/// each item, then duplicate ids over the whole collection. `nil` when everything is valid.
private func itemByItemError(width: Double, parameters: WaterfallParameters, sections: [WaterfallSection]) -> LayoutError? {
  do throws(LayoutError) {
    try _SectionedLayout<_Section>.validate(width: width)
    try parameters.validate(at: .layout)
    for (s, section) in sections.enumerated() {
      try _Section.validate(section.parameters, over: parameters, width: width, section: s)
      try _SectionedLayout<_Section>.validate(count: section.items.count, section: s, limit: _maximumItemsPerSection)
      for (i, item) in section.items.enumerated() {
        try _Section.validate(item, at: .item(section: s, item: i), parameters: section.parameters, over: parameters, width: width)
      }
    }
    var seen: [ItemID: ItemPath] = [:]
    for (s, section) in sections.enumerated() {
      for (i, item) in section.items.enumerated() {
        guard let id = item.id else { continue }
        if let first = seen[id] {
          throw LayoutError(.item(section: s, item: i), field: "id", reason: .duplicateID(id, first: first))
        }
        seen[id] = ItemPath(item: i, section: s)
      }
    }
    return nil
  } catch {
    return error
  }
}

/// Expects `layout` to be what `fresh`, a build from scratch, is: no invariant broken, the same
/// section state, the same lanes and samples in each section's index, the same frames, to the
/// bit.
private func expectMatchesFresh(
  _ layout: WaterfallLayout, _ fresh: WaterfallLayout, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(layout._violation() == nil, "\(label): \(layout._violation() ?? "")", sourceLocation: sourceLocation)
  let state = stateDifference(layout, fresh)
  #expect(state == nil, "\(label): \(state ?? "")", sourceLocation: sourceLocation)
  let lanes = zip(layout._storage.sections, fresh._storage.sections).allSatisfy { $0.index._lanes == $1.index._lanes }
  #expect(lanes, "\(label): index lanes or samples differ from a fresh build's", sourceLocation: sourceLocation)
  #expect(bitDifference(layout, fresh) == nil, "\(label): frames differ from a fresh build's", sourceLocation: sourceLocation)
}

/// Each section's index, as the ids of each lane in order.
private func laneContents(_ layout: WaterfallLayout) -> [[[Int32]]] {
  layout._storage.sections.map { section in
    section.index._lanes.map { Array(section.index._ids[$0.start..<($0.start + $0.count)]) }
  }
}

/// The first difference between two layouts' section state (records, column state,
/// checkpoints, ids), or `nil`.
private func stateDifference(_ a: WaterfallLayout, _ b: WaterfallLayout) -> String? {
  let x = a._storage.sections, y = b._storage.sections
  guard x.count == y.count else { return "\(x.count) sections != \(y.count)" }
  for (s, (p, q)) in zip(x, y).enumerated() {
    if let difference = sectionDifference(p, q) { return "section \(s): \(difference)" }
  }
  return nil
}

/// The first difference between two sections' state (records, measures, column state,
/// checkpoints, bottom, footer and height, ids, index), or `nil`.
private func sectionDifference(_ p: _Section, _ q: _Section) -> String? {
  func bits(_ v: [Double]) -> [UInt64] { v.map(\.bitPattern) }
  let pr = p.records.map { [$0.y.bitPattern, $0.height.bitPattern, UInt64(UInt32(bitPattern: $0.spanBits)), UInt64(UInt32(bitPattern: $0.column))] }
  let qr = q.records.map { [$0.y.bitPattern, $0.height.bitPattern, UInt64(UInt32(bitPattern: $0.spanBits)), UInt64(UInt32(bitPattern: $0.column))] }
  if pr != qr { return "records differ" }
  let pm = p.measures.map { [$0.width.bitPattern, $0.height.bitPattern] }
  let qm = q.measures.map { [$0.width.bitPattern, $0.height.bitPattern] }
  if pm != qm { return "measures differ" }
  // The column state kept, or the one a section built from scratch gets back from its records
  // when a pass needs it: the same whichever way the section was built.
  func live(_ s: _Section) -> [Double] { s.next.isEmpty && !s.records.isEmpty ? s.derivedLiveState() : s.next }
  if bits(live(p)) != bits(live(q)) { return "column state \(live(p)) != \(live(q))" }
  if bits(p.checkpoints) != bits(q.checkpoints) {
    return "checkpoints differ"
  }
  if p.bottom.bitPattern != q.bottom.bitPattern || p.oneColumnPlaced != q.oneColumnPlaced || p.multiColumn != q.multiColumn {
    return "bottom \(p.bottom), \(p.oneColumnPlaced) one-column, \(p.multiColumn.count) multi-column != \(q.bottom), \(q.oneColumnPlaced), \(q.multiColumn.count)"
  }
  if p.footerY.bitPattern != q.footerY.bitPattern || p.height.bitPattern != q.height.bitPattern {
    return "footer \(p.footerY), height \(p.height) != \(q.footerY), \(q.height)"
  }
  if p.ids != q.ids { return "ids differ" }
  if p.index._ids != q.index._ids || p.index.laneCount != q.index.laneCount { return "index differs" }
  return nil
}

/// Builds `sections` from scratch and, when that is accepted, through the appending path too
/// (empty sections held to the general placement loop, then one append each),
/// and checks the two against each other: the build throws exactly what the item-by-item check
/// gives, and an accepted build has the appending path's state and frames to the bit. Returns
/// both layouts, or nil for a build rejected as it should be; throws `Mismatch` when the build's
/// outcome is not the item-by-item check's.
private func buildBothWays(
  _ model: ReferenceWaterfall, _ sections: [WaterfallSection], _ where_: String
) throws -> (layout: WaterfallLayout, appended: WaterfallLayout)? {
  let expected = itemByItemError(width: model.width, parameters: model.parameters, sections: sections)
  var thrown: LayoutError?
  var built: WaterfallLayout?
  do throws(LayoutError) {
    built = try WaterfallLayout(width: model.width, parameters: model.parameters, sections: sections)
  } catch {
    thrown = error
  }
  #expect(thrown == expected, "\(where_): threw \(String(describing: thrown)), the item-by-item check \(String(describing: expected))")
  if thrown != expected { throw Mismatch() }
  guard let layout = built else { return nil }
  let appended = try appendedByTheGeneralLoop(width: model.width, parameters: model.parameters, sections: sections)
  #expect(layout._violation() == nil, "\(where_): \(layout._violation() ?? "")")
  let state = stateDifference(layout, appended)
  #expect(state == nil, "\(where_): \(state ?? "")")
  #expect(bitDifference(layout, appended) == nil, "\(where_): frames differ from the appending path")
  return (layout, appended)
}

/// `sections` laid out by appending their items to empty sections held to the general placement
/// loop: the path the one-pass build and the one-column loops are compared with.
private func appendedByTheGeneralLoop(
  width: Double, parameters: WaterfallParameters, sections: [WaterfallSection]
) throws -> WaterfallLayout {
  var appended = try WaterfallLayout(
    width: width, parameters: parameters, sections: sections.map { WaterfallSection(parameters: $0.parameters, items: []) })
  for s in sections.indices { appended._storage.sections[s]._generalLoopOnly = true }
  try appended.apply(sections.indices.map { .appendItems(sections[$0].items, section: $0) })
  return appended
}

/// The error the item-by-item check gives the first bad item of `items`, inserted at `at` in
/// section `s` by change `n` of a batch, or `nil` when every item is valid.
private func firstItemError(
  _ items: [WaterfallItem], section s: Int, at: Int, change n: Int,
  parameters: WaterfallParameters, over layout: WaterfallParameters, width: Double
) -> LayoutError? {
  for (k, item) in items.enumerated() {
    do throws(LayoutError) {
      try _Section.validate(item, at: .item(section: s, item: at + k), parameters: parameters, over: layout, width: width)
    } catch {
      var e = error
      e.changeIndex = n
      return e
    }
  }
  return nil
}

/// Whether `stored` holds what `_ItemRecord(_:)` and `_ItemMeasure(_:)` make of `items`, as a
/// batch's conversion must leave them: a record an item, of the item's span; a column the item
/// gives kept (and without `keepColumns`, where placement remembers nothing, the same
/// remembering bit as the item's); measures for every item, or none only while every item is a
/// height item (once stored, they stay); each measure to the bit.
private func holdsItsItems(_ stored: _Section, _ items: [WaterfallItem]) -> Bool {
  let made = items.map(_ItemRecord.init)
  let measured = items.map { _ItemMeasure($0.measure) }
  let sized = measured.contains { $0.width != 0 }
  let keeps = stored.geometry.keepColumns
  return stored.records.count == made.count
    && (stored.measures.isEmpty ? !sized : stored.measures.count == made.count)
    && zip(stored.records, made).allSatisfy { a, b in
      a.span == b.span && (!b.remembers || (a.remembers && a.column == b.column)) && (keeps || a.remembers == b.remembers)
    }
    && measured.indices.allSatisfy { i in
      let a = stored.measure(i), b = measured[i]
      return a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }
}

/// Applies `changes` to `layout` and holds the outcome to `expected`, the item-by-item check's
/// error: a rejected batch must throw exactly that and leave the layout as it was, state and
/// frames to the bit; an accepted one must have had none. Returns whether it was accepted.
private func applyExpecting(
  _ expected: LayoutError?, _ changes: [WaterfallLayout.Change], to layout: inout WaterfallLayout, _ where_: String
) -> Bool {
  let before = layout
  do throws(LayoutError) {
    try layout.apply(changes)
  } catch {
    #expect(error == expected, "\(where_): threw \(error), the item-by-item check \(String(describing: expected))")
    #expect(stateDifference(layout, before) == nil && bitDifference(layout, before) == nil, "\(where_): a rejected batch changed the layout")
    return false
  }
  #expect(expected == nil, "\(where_): accepted what the item-by-item check rejects: \(String(describing: expected))")
  return true
}

/// The column the leftmost-lowest rule gives `states`: the first of the lowest, by `<` (so `-0`
/// and `+0` tie).
private func firstOfTheLowest(_ states: ArraySlice<Double>) -> Int {
  var first = states.startIndex
  for j in states.indices where states[j] < states[first] { first = j }
  return first
}

/// A build's outcome differed from the item-by-item check's (already recorded as an issue).
private struct Mismatch: Error {}

extension SplitMix64 {
  /// A value for `field` that the spec rejects, or, one time in four, an odd one it accepts
  /// (-0, a subnormal, the largest finite double), so that the one-pass check is held to
  /// accepting exactly what the item-by-item check accepts.
  mutating func oddLength(positive: Bool) -> Double {
    let inf = Double.infinity, nan = Double.nan, tiny = Double.leastNonzeroMagnitude
    let huge = Double.greatestFiniteMagnitude, negativeZero = -0.0
    let rejectedPositive: [Double] = [0, negativeZero, -1, nan, -nan, inf, -inf, -tiny]
    let rejectedNonNegative: [Double] = [-1, -tiny, nan, -nan, inf, -inf, -huge]
    let acceptedPositive: [Double] = [tiny, Double.leastNormalMagnitude, huge, 1e-300]
    let acceptedNonNegative: [Double] = [0, negativeZero, tiny, huge]
    let rejected = positive ? rejectedPositive : rejectedNonNegative
    let accepted = positive ? acceptedPositive : acceptedNonNegative
    return chance(0.25) ? accepted[int(0...accepted.count - 1)] : rejected[int(0...rejected.count - 1)]
  }

  /// `item` made odd in one way: a bad or borderline measure or span, a column (valid or not),
  /// or an id (out of range, or one that may repeat).
  mutating func spoiled(_ item: WaterfallItem, columns: Int) -> WaterfallItem {
    var item = item
    switch int(0...7) {
    case 0: item.measure = .height(oddLength(positive: false))
    case 1: item.measure = .size(width: oddLength(positive: true), height: 10)
    case 2: item.measure = .size(width: 10, height: oddLength(positive: false))
    case 3: item.span = .columns([0, -1, Int.min, 1, columns, Int.max][int(0...5)])
    case 4: item.column = int(-2...columns + 1)
    case 5: item.id = chance(0.5) ? .int(ItemID.integerLimit * (chance(0.5) ? 1 : -1)) : .int(Int64(int(0...20)))
    case 6: item.id = .string("s\(int(0...20))")
    default: item.span = .full; item.column = chance(0.5) ? 0 : nil
    }
    return item
  }
}

extension SplitMix64 {
  /// `count` items for the tests of the plain reading (`_PlainItems`): height items, or when
  /// `sized` size items with a height item among them now and then, with odd lengths among
  /// them; and valid items other than plain ones at the rate `others`: `-0` heights, items with
  /// ids (from `nextID` on, so every id is new), wider spans and full-width items, size items
  /// among height items (among the first 64 or after them) and `.columns(1)` given explicitly.
  mutating func plainTestItems(
    count: Int, columns: Int, sized: Bool, others: Double, nextID: inout Int64
  ) -> [WaterfallItem] {
    let heights: [Double] = [0, 1, 2.5, 40, Double.leastNonzeroMagnitude, 1e300]
    let widths: [Double] = [Double.leastNonzeroMagnitude, 1e-300, 1e300, Double.greatestFiniteMagnitude]
    return (0..<count).map { i -> WaterfallItem in
      let h = chance(0.8) ? double(0...300) : heights[int(0...heights.count - 1)]
      let w = chance(0.8) ? double(1...200) : widths[int(0...widths.count - 1)]
      var item = WaterfallItem(sized && chance(0.95) ? .size(width: w, height: h) : .height(h))
      guard chance(others) else { return item }
      switch int(0...4) {
      case 0: item.measure = .height(-0.0)
      case 1:
        item.id = .int(nextID)
        nextID += 1
      case 2: item.span = chance(0.5) ? .full : .columns(int(2...columns))
      case 3: item.measure = i < 64 && chance(0.8) ? .height(h) : .size(width: 30, height: h)
      default: item.span = .columns(1)
      }
      return item
    }
  }

  /// One of `items` made into one the check rejects: an infinite, NaN or negative height or
  /// width (sizes only when `sized`), a zero width, a column without `keepColumns`, or an item
  /// spoiled otherwise.
  mutating func spoilOne(of items: inout [WaterfallItem], columns: Int, sized: Bool) {
    guard !items.isEmpty else { return }
    let i = int(0...items.count - 1)
    let bad: [Double] = [.infinity, -.infinity, .nan, -1, -Double.leastNonzeroMagnitude]
    if chance(0.7) {
      switch sized ? int(0...2) : 0 {
      case 0: items[i].measure = .height(bad[int(0...bad.count - 1)])
      case 1: items[i].measure = .size(width: (bad + [0, -0.0])[int(0...bad.count + 1)], height: 10)
      default: items[i].measure = .size(width: 10, height: bad[int(0...bad.count - 1)])
      }
    } else if chance(0.3) {
      items[i].column = int(0...columns - 1)  // without keepColumns
    } else {
      items[i] = spoiled(items[i], columns: columns)
    }
  }
}

@Suite("One-pass build")
struct OnePassBuildTests {
  /// Random collections (several sections, spans, both kinds of measure, every order, sometimes
  /// `keepColumns`, ids and columns), each with a few items spoiled at random positions: the
  /// initializer throws exactly the error the item-by-item check gives, and when that check
  /// accepts everything, the layout is the one the appending path builds, state and frames to
  /// the bit, and matches the brute-force model.
  @Test(arguments: [21, 22, 23, 24, 25, 26] as [UInt64])
  func oneBuildPassRejectsAndBuildsWhatTheItemByItemPathDoes(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var rejected = 0, accepted = 0
    for round in 0..<150 {
      var model = rng.reference(sections: 1...4, items: 0...80)
      if rng.chance(0.3) { model.parameters.keepColumns = true }
      let columns = model.parameters.columns ?? 2
      for s in model.sections.indices {
        for _ in 0..<(rng.chance(0.5) ? 0 : rng.int(1...3)) where !model.sections[s].items.isEmpty {
          let i = rng.int(0...model.sections[s].items.count - 1)
          model.sections[s].items[i] = rng.spoiled(model.sections[s].items[i], columns: columns)
        }
      }
      let sections = model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) }
      guard let (layout, appended) = try buildBothWays(model, sections, "seed \(seed), round \(round)") else {
        rejected += 1
        continue
      }
      accepted += 1
      #expect(layout._placedItemCount == sections.reduce(0) { $0 + $1.items.count }, "seed \(seed), round \(round)")
      for s in sections.indices {
        for (i, item) in sections[s].items.enumerated() {
          let path = ItemPath(item: i, section: s)
          #expect(layout.item(at: path) == appended.item(at: path), "seed \(seed), round \(round): item \(path)")
          if let id = item.id { #expect(layout.path(forID: id) == path, "seed \(seed), round \(round): id \(id)") }
        }
      }
      if model.parameters.keepColumns != true && !sections.contains(where: { $0.items.contains { $0.column != nil || $0.id != nil } }) {
        let problem = difference(layout, model, queries: 5, rng: &rng)
        #expect(problem == nil, "seed \(seed), round \(round): \(problem ?? "")")
      }
    }
    // Both outcomes were exercised (the spoiling is tuned so that each is common).
    #expect(rejected > 20 && accepted > 20, "seed \(seed): \(rejected) rejected, \(accepted) accepted")
  }

  /// A width change relays out every item in the layout's own storage (the in-place full
  /// relayout `layout.full.inPlace` measures: records, index and checkpoints reused). On random
  /// collections without `keepColumns` (with it, a width change keeps remembered columns by
  /// design, so a fresh build may differ), every change of width leaves the very state, index
  /// lanes and samples included, and the same frames and rect answers as a fresh build at the
  /// new width; a rejected width leaves the layout exactly as it was.
  @Test(arguments: [31, 32, 33, 34] as [UInt64])
  func aWidthChangeInPlaceIsAFreshBuild(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<40 {
      let model = rng.reference(sections: 1...4, items: 0...300)
      let sections = model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) }
      var layout = try WaterfallLayout(width: model.width, parameters: model.parameters, sections: sections)
      for step in 0..<4 {
        let where_ = "seed \(seed), round \(round), step \(step)"
        // Near the current width (the same column counts, mostly) or anywhere.
        let width = rng.chance(0.5) ? layout.width * rng.double(0.97...1.03) : rng.double(50...1200)
        let fresh: WaterfallLayout
        do {
          fresh = try WaterfallLayout(width: width, parameters: model.parameters, sections: sections)
        } catch {
          // The width is invalid for these parameters (too many adaptive columns): the change
          // must throw and change nothing.
          let before = layout
          #expect(throws: LayoutError.self, "\(where_)") { try layout.apply([.setWidth(width)]) }
          #expect(stateDifference(layout, before) == nil, "\(where_): a rejected width changed the layout")
          continue
        }
        try layout.apply([.setWidth(width)])
        expectMatchesFresh(layout, fresh, where_)
        for _ in 0..<5 {
          let rect = rng.rect(in: layout.contentSize)
          var a: [LayoutAttributes] = [], b: [LayoutAttributes] = []
          layout.elements(in: rect, into: &a)
          fresh.elements(in: rect, into: &b)
          #expect(a == b, "\(where_): rect \(rect) answers differ")
        }
        // A width no layout accepts is rejected, and the layout stays as it was.
        let before = layout
        #expect(throws: LayoutError.self) { try layout.apply([.setWidth(rng.chance(0.5) ? -width : .nan)]) }
        #expect(stateDifference(layout, before) == nil && bitDifference(layout, before) == nil, "\(where_)")
      }
    }
  }

  /// A width change keeps every record of a section of height items (no size item among them)
  /// whose column count stays: its items' y and height do not depend on the width, and their x
  /// is worked out from the geometry when asked for. Random collections (sections of height
  /// items only, and sections mixing in sizes; adaptive and fixed column counts, `keepColumns`
  /// sometimes) through widths near the last one and anywhere: the width change places again
  /// exactly the items of the sections that hold a size item or change their column count, and
  /// leaves the state, the index's lanes and the frames of a fresh build at the new width, to
  /// the bit, vertical and horizontal. Setting a section's parameters, even to the same ones,
  /// still places its items again.
  @Test(arguments: [131, 132, 133, 134] as [UInt64])
  func aWidthChangeKeepsHeightItemsWhereTheyAre(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var keptSections = 0, placedAgainSections = 0
    for round in 0..<30 {
      var model = rng.reference(sections: 1...4, items: 0...300)
      for s in model.sections.indices where rng.chance(0.6) {
        for i in model.sections[s].items.indices {
          if case .size(let w, let h) = model.sections[s].items[i].measure { model.sections[s].items[i].measure = .height(h * 200 / w) }
        }
      }
      let sections = model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) }
      let holdsSizes = sections.map { $0.items.contains { if case .size = $0.measure { true } else { false } } }
      guard var layout = try? WaterfallLayout(width: model.width, parameters: model.parameters, sections: sections) else { continue }
      for step in 0..<6 {
        let where_ = "seed \(seed), round \(round), step \(step)"
        let width = rng.chance(0.7) ? layout.width * rng.double(0.95...1.05) : rng.double(50...1200)
        guard let fresh = try? WaterfallLayout(width: width, parameters: model.parameters, sections: sections) else { continue }
        /// Whether section `s` is placed again from `old` to `new`: it holds a size item, or its
        /// column count changes.
        func placedAgain(_ s: Int, _ old: WaterfallLayout, _ new: WaterfallLayout) -> Bool {
          holdsSizes[s] || old._storage.sections[s].geometry.columns != new._storage.sections[s].geometry.columns
        }
        /// The items placed again from `old` to `new`.
        func itemsPlacedAgain(_ old: WaterfallLayout, _ new: WaterfallLayout) -> Int {
          sections.indices.reduce(0) { $0 + (placedAgain($1, old, new) ? sections[$1].items.count : 0) }
        }
        for s in sections.indices where !sections[s].items.isEmpty {
          if placedAgain(s, layout, fresh) { placedAgainSections += 1 } else { keptSections += 1 }
        }
        /// Applies `change` to `layout`: it must place again exactly the items
        /// ``itemsPlacedAgain`` names, and leave `fresh`'s state, lanes and frames, to the bit.
        func expectFreshBuild(_ layout: inout WaterfallLayout, after change: WaterfallLayout.Change, _ fresh: WaterfallLayout, _ label: String) throws {
          let before = layout._placedItemCount, expected = itemsPlacedAgain(layout, fresh)
          try layout.apply([change])
          #expect(layout._placedItemCount - before == expected, "\(label): \(layout._placedItemCount - before) placed, not \(expected)")
          expectMatchesFresh(layout, fresh, label)
        }
        let oldWidth = layout.width
        try expectFreshBuild(&layout, after: .setWidth(width), fresh, where_)
        // Across the scroll axis of a horizontal layout, the same.
        if var horizontal = try? WaterfallLayout(height: oldWidth, parameters: model.parameters, sections: sections),
          let freshHorizontal = try? WaterfallLayout(height: width, parameters: model.parameters, sections: sections)
        {
          try expectFreshBuild(&horizontal, after: .setHeight(width), freshHorizontal, "\(where_), horizontal")
        }
      }
      // The same parameters set again: every item of the section placed again, as before.
      if let s = layout._storage.sections.indices.randomElement(using: &rng) {
        let before = layout._placedItemCount
        try layout.apply([.setSectionParameters(model.sections[s].parameters, section: s)])
        #expect(layout._placedItemCount - before == model.sections[s].items.count, "seed \(seed), round \(round)")
        let fresh = try WaterfallLayout(width: layout.width, parameters: model.parameters, sections: sections)
        #expect(bitDifference(layout, fresh) == nil, "seed \(seed), round \(round): parameters set again")
      }
    }
    #expect(
      keptSections > 40 && placedAgainSections > 40,
      "seed \(seed): \(keptSections) sections kept, \(placedAgainSections) placed again")
  }

  /// From scratch, two columns or more, shortest first with no tolerance, place their one-column
  /// items in a loop of their own (the columns' state in registers up to four), which stops at
  /// any other item (a wider or full-width one, or one it rejects) and hands it to the general
  /// loop. On random collections of that shape (two to seven columns, one-column items mostly,
  /// their runs broken by wider and full-width items, ids, remembered columns and a few spoiled
  /// items, across the checkpoint and id-block boundaries), the build throws what
  /// the item-by-item check does and otherwise is the layout the appending path builds (state,
  /// index lanes and frames to the bit) and the brute-force model's; a width change in place
  /// (the same loop over placed records) is a fresh build at the new width.
  @Test(arguments: [41, 42, 43, 44, 45, 46] as [UInt64])
  func fewColumnRunsBuildWhatTheGeneralLoopBuilds(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var rejected = 0, accepted = 0
    for round in 0..<60 {
      var model = rng.reference(sections: 1...3, items: 0...400)
      let columns = [2, 3, 4, 4, 5, 6, 7, 8, 9][Int(seed + UInt64(round)) % 9]
      model.parameters.columns = columns
      model.parameters.minColumnWidth = nil
      model.parameters.order = rng.chance(0.5) ? .shortestFirst : nil
      model.parameters.tolerance = rng.chance(0.5) ? 0 : nil
      model.parameters.keepColumns = nil
      let oneColumn = rng.double(0.7...1)
      for s in model.sections.indices {
        model.sections[s].parameters.columns = nil
        model.sections[s].parameters.minColumnWidth = nil
        model.sections[s].parameters.order = nil
        model.sections[s].parameters.tolerance = nil
        for i in model.sections[s].items.indices where rng.chance(oneColumn) {
          model.sections[s].items[i].span = .columns(1)
        }
        if rng.chance(0.3) && !model.sections[s].items.isEmpty {
          let i = rng.int(0...model.sections[s].items.count - 1)
          model.sections[s].items[i] = rng.spoiled(model.sections[s].items[i], columns: columns)
        }
      }
      let sections = model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) }
      let where_ = "seed \(seed), round \(round), \(columns) columns"
      guard let built = try buildBothWays(model, sections, where_) else {
        rejected += 1
        continue
      }
      accepted += 1
      var layout = built.layout
      let appended = built.appended
      let lanes = zip(layout._storage.sections, appended._storage.sections).allSatisfy { $0.index._lanes == $1.index._lanes }
      #expect(lanes, "\(where_): index lanes or samples differ from the appending path's")
      if !sections.contains(where: { $0.items.contains { $0.column != nil || $0.id != nil } }) {
        let problem = difference(layout, model, queries: 5, rng: &rng)
        #expect(problem == nil, "\(where_): \(problem ?? "")")
      }
      let width = layout.width * rng.double(0.97...1.03)
      if let fresh = try? WaterfallLayout(width: width, parameters: model.parameters, sections: sections) {
        try layout.apply([.setWidth(width)])
        #expect(stateDifference(layout, fresh) == nil, "\(where_): a width change in place is not a fresh build")
        #expect(bitDifference(layout, fresh) == nil, "\(where_): frames after a width change differ from a fresh build's")
      }
    }
    #expect(rejected > 3 && accepted > 20, "seed \(seed): \(rejected) rejected, \(accepted) accepted")
  }

  /// Incremental passes (an append, a change in the middle replayed from its checkpoint) take
  /// the one-column loop of their own too, the index's lanes appended after each run of it. On
  /// random collections of two to five columns, shortest first, the same random changes applied
  /// to a layout whose sections are held to the general loop leave the same state, index lanes
  /// and samples, and frames, to the bit, after every batch.
  @Test(arguments: [71, 72, 73, 74] as [UInt64])
  func incrementalPassesTakeTheOneColumnLoopToo(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var tight = 0
    for round in 0..<30 {
      var model = rng.reference(sections: 1...3, items: 0...300)
      model.parameters.columns = rng.int(2...5)
      model.parameters.minColumnWidth = nil
      model.parameters.order = .shortestFirst
      model.parameters.tolerance = nil
      model.parameters.keepColumns = nil
      for s in model.sections.indices {
        model.sections[s].parameters.columns = nil
        model.sections[s].parameters.minColumnWidth = nil
        model.sections[s].parameters.order = nil
        model.sections[s].parameters.tolerance = nil
        for i in model.sections[s].items.indices where rng.chance(0.8) { model.sections[s].items[i].span = .columns(1) }
      }
      let sections = model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) }
      var layout = try WaterfallLayout(width: model.width, parameters: model.parameters, sections: sections)
      var general = layout
      for s in sections.indices { general._storage.sections[s]._generalLoopOnly = true }
      for step in 0..<8 {
        let where_ = "seed \(seed), round \(round), step \(step)"
        let s = rng.int(0...sections.count - 1)
        let n = layout.numberOfItems(inSection: s)
        let new = rng.reference(sections: 1...1, items: 1...70).sections[0].items.map { item -> WaterfallItem in
          var item = item
          item.id = nil
          item.column = nil
          if rng.chance(0.8) { item.span = .columns(1) }
          return item
        }
        let change: WaterfallLayout.Change = switch rng.int(0...3) {
        case 0: .appendItems(new, section: s)
        case 1: .insertItems(new, at: rng.int(0...n), section: s)
        case 2 where n > 0: .replaceItems([new[0]], at: rng.int(0...n - 1), section: s)
        default: n > 0 ? .deleteItems(rng.int(0...n - 1)..<n, section: s) : .appendItems(new, section: s)
        }
        try layout.apply([change])
        try general.apply([change])
        switch change {
        case .appendItems(let items, let s): model.sections[s].items += items
        case .insertItems(let items, let i, let s): model.sections[s].items.insert(contentsOf: items, at: i)
        case .replaceItems(let items, let i, let s): model.sections[s].items[i] = items[0]
        case .deleteItems(let range, let s): model.sections[s].items.removeSubrange(range)
        default: break
        }
        let state = stateDifference(layout, general)
        #expect(state == nil, "\(where_): \(state ?? "")")
        let lanes = zip(layout._storage.sections, general._storage.sections).allSatisfy { $0.index._lanes == $1.index._lanes }
        #expect(lanes, "\(where_): index lanes or samples differ from the general loop's")
        #expect(bitDifference(layout, general) == nil, "\(where_): frames differ from the general loop's")
        #expect(layout._violation() == nil, "\(where_): \(layout._violation() ?? "")")
        if case .appendItems = change { tight += 1 }
      }
      let problem = difference(layout, model, queries: 5, rng: &rng)
      #expect(problem == nil, "seed \(seed), round \(round): \(problem ?? "")")
    }
    #expect(tight > 20, "seed \(seed): \(tight) appends")
  }

  /// Appended and inserted items are checked and converted in one pass (`_checkedRecords`, the
  /// one-pass build's check) and the batch stores the records it made. On random layouts and
  /// batches of appends and inserts, some with a spoiled item, ids or remembered columns: a batch
  /// throws what the item-by-item check of its items throws, with the change's index, and leaves
  /// the layout as it was; an accepted one stores the records `_ItemRecord(_:)` makes of each
  /// item (measure and span to the bit, a given column remembered; with `keepColumns` the
  /// placement then marks every placed item as remembering), and its frames are the
  /// brute-force model's.
  @Test(arguments: [81, 82, 83, 84] as [UInt64])
  func appendedAndInsertedItemsAreConvertedAsTheyAreChecked(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var rejected = 0, accepted = 0
    for round in 0..<60 {
      var model = rng.reference(sections: 1...3, items: 0...100)
      if rng.chance(0.3) { model.parameters.keepColumns = true }
      for s in model.sections.indices {
        for i in model.sections[s].items.indices { model.sections[s].items[i].id = nil }
      }
      var layout = try WaterfallLayout(
        width: model.width, parameters: model.parameters,
        sections: model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) })
      let columns = model.parameters.columns ?? 2
      var changes: [WaterfallLayout.Change] = []
      var expected: LayoutError?
      var scratch = model
      for n in 0..<rng.int(1...3) {
        let s = rng.int(0...model.sections.count - 1)
        var items = rng.reference(sections: 1...1, items: 1...40).sections[0].items
        for k in items.indices where items[k].id != nil { items[k].id = .int(Int64(1_000_000 * (round + 1) + 1_000 * n + k)) }
        if rng.chance(0.3) {
          let k = rng.int(0...items.count - 1)
          items[k] = rng.spoiled(items[k], columns: columns)
        }
        let count = scratch.sections[s].items.count
        let at = rng.chance(0.5) ? count : rng.int(0...count)
        changes.append(at == count && rng.chance(0.5) ? .appendItems(items, section: s) : .insertItems(items, at: at, section: s))
        expected = expected ?? firstItemError(
          items, section: s, at: at, change: n, parameters: scratch.sections[s].parameters,
          over: model.parameters, width: model.width)
        scratch.sections[s].items.insert(contentsOf: items, at: at)
      }
      let where_ = "seed \(seed), round \(round)"
      guard applyExpecting(expected, changes, to: &layout, where_) else {
        rejected += 1
        continue
      }
      accepted += 1
      for (s, section) in scratch.sections.enumerated() {
        #expect(
          holdsItsItems(layout._storage.sections[s], section.items),
          "\(where_): section \(s)'s records and measures are not what _ItemRecord(_:) and _ItemMeasure(_:) make of its items")
      }
      #expect(layout._violation() == nil, "\(where_): \(layout._violation() ?? "")")
      if model.parameters.keepColumns != true && !scratch.sections.contains(where: { $0.items.contains { $0.column != nil } }) {
        let problem = difference(layout, scratch, queries: 5, rng: &rng)
        #expect(problem == nil, "\(where_): \(problem ?? "")")
      }
    }
    #expect(rejected > 5 && accepted > 20, "seed \(seed): \(rejected) rejected, \(accepted) accepted")
  }

  /// A batch checks each section it inserts by building it in one pass, at the width the batch
  /// has at that point, and installs what it built. On random batches (every old section
  /// deleted, perhaps a new width, the new sections inserted, some with a spoiled item, then
  /// perhaps items appended to one of them, its parameters set again or another width: changes
  /// that must start from the section as built), a batch throws what the item-by-item check of
  /// the inserted sections gives, with the index of the change that inserts the section, and
  /// leaves the layout as it was. An accepted batch leaves the state, to the bit, of a fresh
  /// build of the inserted sections with the changes after them applied as a batch of their own,
  /// and the frames of a fresh build of the final sections. Some layouts keep columns, with no
  /// change after the inserts. (No ids: the batch checks them section by section as it inserts,
  /// not after every item as a fresh build does.)
  @Test(arguments: [51, 52, 53, 54] as [UInt64])
  func insertedSectionsAreBuiltInOnePassInABatch(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var rejected = 0, accepted = 0, after = 0
    for round in 0..<80 {
      var old = rng.reference(sections: 0...3, items: 0...60)
      old.parameters.keepColumns = rng.chance(0.3) ? true : nil
      var layout = try WaterfallLayout(
        width: old.width, parameters: old.parameters,
        sections: old.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items.map { var item = $0; item.id = nil; return item }) })
      var model = rng.reference(sections: 1...4, items: 0...200)
      model.parameters = old.parameters
      let spoils = rng.chance(0.4)
      for s in model.sections.indices {
        for i in model.sections[s].items.indices { model.sections[s].items[i].id = nil }
        if spoils && rng.chance(0.5) && !model.sections[s].items.isEmpty {
          let i = rng.int(0...model.sections[s].items.count - 1)
          model.sections[s].items[i] = rng.spoiled(model.sections[s].items[i], columns: model.parameters.columns ?? 2)
        }
      }
      var changes: [WaterfallLayout.Change] = (0..<layout.numberOfSections).map { _ in .deleteSection(at: 0) }
      var width = layout.width
      if rng.chance(0.5) {
        width = rng.double(300...1200)
        changes.append(.setWidth(width))
      }
      let firstInsert = changes.count, widthAtInsert = width
      var sections = model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) }
      for (s, section) in sections.enumerated() { changes.append(.insertSection(section, at: s)) }
      // Changes after the inserts, which start from the sections as built.
      // With `keepColumns`, a batch builds its inserted sections only when nothing after them
      // changes items, widths or parameters (placed items would remember their columns): the
      // randomized ids-and-keepColumns tests hold the other batches to the model.
      let next = old.parameters.keepColumns == true ? 3 : rng.int(0...3)
      let where_ = "seed \(seed), round \(round), then \(["appendItems", "setSectionParameters", "setWidth", "nothing"][next])"
      switch next {
      case 0:
        let s = rng.int(0...sections.count - 1)
        let extra = rng.reference(sections: 1...1, items: 1...20).sections[0].items.map { var item = $0; item.id = nil; return item }
        changes.append(.appendItems(extra, section: s))
        sections[s].items += extra
        after += 1
      case 1:
        let s = rng.int(0...sections.count - 1)
        sections[s].parameters = rng.reference(sections: 1...1, items: 0...0).sections[0].parameters
        changes.append(.setSectionParameters(sections[s].parameters, section: s))
        after += 1
      case 2:
        width = rng.double(300...1200)
        changes.append(.setWidth(width))
        after += 1
      default:
        break
      }
      let expected: LayoutError? = itemByItemError(width: width, parameters: model.parameters, sections: sections)
      let before = layout
      do throws(LayoutError) {
        try layout.apply(changes)
      } catch {
        rejected += 1
        // The item-by-item check of the inserted sections at the batch's width at that point.
        // (A width or parameters change after the inserts may be what fails; it is then that
        // change's index.)
        let atInsert = itemByItemError(
          width: widthAtInsert, parameters: model.parameters,
          sections: model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) })
        if var e = atInsert {
          if case .section(let s) = e.location { e.changeIndex = firstInsert + s }
          if case .item(let s, _) = e.location { e.changeIndex = firstInsert + s }
          #expect(error == e, "\(where_): threw \(error), the item-by-item check \(e)")
        } else {
          #expect(expected != nil && error.changeIndex == changes.count - 1, "\(where_): threw \(error) for a valid batch")
        }
        #expect(stateDifference(layout, before) == nil && bitDifference(layout, before) == nil, "\(where_): a rejected batch changed the layout")
        continue
      }
      accepted += 1
      #expect(expected == nil, "\(where_): accepted a batch the item-by-item check rejects: \(String(describing: expected))")
      #expect(layout._violation() == nil, "\(where_): \(layout._violation() ?? "")")
      // The state of the inserted sections built afresh, then the changes after them applied.
      var stepwise = try WaterfallLayout(
        width: widthAtInsert, parameters: model.parameters,
        sections: model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) })
      try stepwise.apply(Array(changes[(firstInsert + model.sections.count)...]))
      let state = stateDifference(layout, stepwise)
      #expect(state == nil, "\(where_): \(state ?? "")")
      // The frames of the final sections built afresh.
      let fresh = try WaterfallLayout(width: width, parameters: model.parameters, sections: sections)
      #expect(bitDifference(layout, fresh) == nil, "\(where_): frames differ from a fresh build's")
    }
    #expect(rejected > 5 && accepted > 30 && after > 20, "seed \(seed): \(rejected) rejected, \(accepted) accepted, \(after) with changes after")
  }

  /// The bit tests of the one-pass check agree with `_reject` on the special values and on
  /// random bit patterns.
  @Test func bitChecksAgreeWithTheValueChecks() {
    var rng = SplitMix64(seed: 31)
    let inf = Double.infinity, nan = Double.nan, tiny = Double.leastNonzeroMagnitude
    let huge = Double.greatestFiniteMagnitude, negativeZero = -0.0
    var values: [Double] = [0, negativeZero, 1, -1, tiny, -tiny, Double.leastNormalMagnitude, huge, -huge, inf, -inf, nan, -nan]
    values += [Double.signalingNaN, Double(bitPattern: 0x7FF0_0000_0000_0001), Double(bitPattern: 0xFFFF_FFFF_FFFF_FFFF)]
    for _ in 0..<10_000 { values.append(Double(bitPattern: rng.next())) }
    for x in values {
      #expect(_CheckedItems.isFiniteNonNegative(x) == (_reject(x, positive: false) == nil), "\(x) (\(x.bitPattern))")
      #expect(_CheckedItems.isFinitePositive(x) == (_reject(x, positive: true) == nil), "\(x) (\(x.bitPattern))")
    }
  }

  /// The four-column tournament picks the column the general scan picks, the leftmost lowest,
  /// with many ties (and -0 against +0, and infinities), and gives that column's y to the bit;
  /// so does it for three columns with a fourth at +infinity, so does the eight-column
  /// tournament for five to eight with the rest at +infinity, and so does the branch-free scan
  /// (`leftmostLowest`, tournaments of four from the left) for one to nineteen columns.
  @Test func shortestOfFourIsTheLeftmostLowest() {
    var rng = SplitMix64(seed: 32)
    let negativeZero = -0.0
    let pool: [Double] = [0, negativeZero, 1, 2, 3, Double.infinity, 1e308]
    var next = [Double](repeating: 0, count: 4)
    for round in 0..<5_000 {
      for j in 0..<4 { next[j] = rng.chance(0.8) ? pool[rng.int(0...pool.count - 1)] : rng.double(0...4) }
      let (fast, scan) = next.withUnsafeMutableBufferPointer {
        (_Section.shortestOfFour($0), _Section.shortest($0, tolerance: 0))
      }
      let leftmost = firstOfTheLowest(next[...])
      #expect(fast.column == leftmost && scan == leftmost, "round \(round): \(next): \(fast), scan \(scan), leftmost \(leftmost)")
      #expect(fast.y.bitPattern == next[leftmost].bitPattern, "round \(round): \(next): y \(fast.y)")
      // Three columns, as the one-column loop runs them: a fourth at +infinity, which never
      // wins, not even a tie with an infinite column.
      let (three, threeScan) = next.withUnsafeMutableBufferPointer {
        (_Section.shortestOfFour($0[0], $0[1], $0[2], .infinity), _Section.shortest(UnsafeMutableBufferPointer(rebasing: $0[..<3]), tolerance: 0))
      }
      let leftmostOfThree = firstOfTheLowest(next[..<3])
      #expect(three.column == leftmostOfThree && threeScan == leftmostOfThree && three.y.bitPattern == next[leftmostOfThree].bitPattern,
              "round \(round): \(next[..<3]): \(three), scan \(threeScan), leftmost \(leftmostOfThree)")
      // Five to eight columns in four pairs, padded with +infinity, as the one-column loop
      // holds them: the eight-column tournament, against the first of the lowest real column.
      let count = rng.int(5...8)
      let eight = (0..<8).map { k in k >= count ? .infinity : rng.chance(0.8) ? pool[rng.int(0...pool.count - 1)] : rng.double(0...4) }
      let firstOfEight = firstOfTheLowest(eight[..<count])
      let ofEight = _Section.shortestOfEight(
        SIMD2(eight[0], eight[1]), SIMD2(eight[2], eight[3]), SIMD2(eight[4], eight[5]), SIMD2(eight[6], eight[7]))
      #expect(ofEight.column == firstOfEight && ofEight.y.bitPattern == eight[firstOfEight].bitPattern,
              "round \(round): \(eight[..<count]): \(ofEight), first \(firstOfEight)")
      // Any number of columns: the branch-free scan, against the first of the lowest.
      var many = (0..<rng.int(1...19)).map { _ in rng.chance(0.8) ? pool[rng.int(0...pool.count - 1)] : rng.double(0...4) }
      let first = firstOfTheLowest(many[...])
      let lowest = many.withUnsafeMutableBufferPointer { _Section.leftmostLowest($0) }
      #expect(lowest.column == first && lowest.y.bitPattern == many[first].bitPattern, "round \(round): \(many): \(lowest), first \(first)")
    }
  }

  /// The columns' states kept in order (`_ColumnsInOrder`, what the one-column loop places
  /// items with when it relays out records in place or reads plain items) give every item the
  /// column and the y the leftmost-lowest rule gives, to the bit, and leave the states the
  /// rule leaves: for two, three and four columns, from states with ties, `-0` against `+0` and
  /// infinities, and items whose heights are drawn from a few values (so that a new state ties
  /// with another at nearly every step), `-0` and sums that overflow to infinity included.
  @Test(arguments: [61, 62, 63] as [UInt64])
  func columnsInOrderPlaceAsTheLeftmostLowest(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let negativeZero = -0.0
    let states: [Double] = [0, negativeZero, 1, 2, 3, 10, Double.infinity, 1e308]
    let heights: [Double] = [0, negativeZero, 1, 2, 3, 0.5, 1e308]
    var ties = 0
    for round in 0..<2_000 {
      let columns = rng.int(2...4)
      var model = (0..<columns).map { _ in rng.chance(0.8) ? states[rng.int(0...states.count - 1)] : rng.double(0...4) }
      let spacing = [0, 1, 0.5][rng.int(0...2)]
      let start = model
      var order = model.withUnsafeMutableBufferPointer { _ColumnsInOrder($0) }
      for step in 0..<64 {
        let j = firstOfTheLowest(model[...])
        let y = model[j]
        #expect(order.c0 == j && order.v0.bitPattern == y.bitPattern,
                "seed \(seed), round \(round), step \(step), from \(start): column \(order.c0) at \(order.v0), the rule \(j) at \(y)")
        if order.c0 != j { return }
        let h = rng.chance(0.9) ? heights[rng.int(0...heights.count - 1)] : rng.double(0...4)
        let state = (y + h) + spacing
        if model.enumerated().contains(where: { $0.offset != j && $0.element == state }) { ties += 1 }
        model[j] = state
        order.replaceLowest(with: state)
      }
      var written = [Double](repeating: .nan, count: columns)
      written.withUnsafeMutableBufferPointer { order.write(to: $0) }
      #expect(written.map(\.bitPattern) == model.map(\.bitPattern), "seed \(seed), round \(round): \(written), the rule \(model)")
    }
    #expect(ties > 10_000, "seed \(seed): only \(ties) ties")
  }

  /// From scratch, two to four columns, shortest first, a section is placed by the loop over
  /// plain items (`_PlainItems`: a height with its sign bit clear, or a size with a finite
  /// positive width when the pass writes measures; one column, no id, no column) until the
  /// first other item, and by the checked loop from there. Sections of height items, or of size
  /// items with a few heights (photos), with others among them at random (none, a few, or
  /// half): `-0` heights, items with ids, wider spans, a size item among height items (which
  /// starts the pass over with measures, as after the first 64 items it must), height items
  /// after 64 size items (which the plain read took for a section of one kind), and spoiled
  /// items and measures the check must reject (infinities, NaN, negative lengths, zero
  /// widths, a column without `keepColumns`). The build
  /// throws what the item-by-item check throws, and otherwise leaves the general loop's state,
  /// index and frames, to the bit; and a brute-force model's frames when no item has an id.
  @Test(arguments: [101, 102, 103, 104] as [UInt64])
  func plainItemsStopAtEveryOtherItem(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var rejected = 0, accepted = 0, plainRuns = 0, oneKindRuns = 0
    for round in 0..<80 {
      let columns = [2, 3, 4, 4, 5][round % 5]
      var model = rng.reference(sections: 1...3, items: 0...0)
      model.parameters = WaterfallParameters(
        columns: columns, itemSpacing: [0, 8][rng.int(0...1)], order: rng.chance(0.5) ? .shortestFirst : nil,
        tolerance: rng.chance(0.5) ? 0 : nil)
      var nextID: Int64 = 0
      for s in model.sections.indices {
        model.sections[s].parameters = WaterfallParameters()
        let others = [0, 0.01, 0.1, 0.5][rng.int(0...3)]
        let sized = rng.chance(0.4)
        var items = rng.plainTestItems(count: rng.int(0...300), columns: columns, sized: sized, others: others, nextID: &nextID)
        if items.count > 20 && others == 0 { plainRuns += 1 }
        // One section of sizes in three: sizes throughout its first 64 items, which the plain
        // read then takes as items of one kind (choosing by a branch, not by masks), with the
        // height items after them.
        if sized && rng.chance(0.35) {
          for i in items.indices.prefix(64) {
            if case .height(let h) = items[i].measure { items[i].measure = .size(width: rng.double(1...200), height: h) }
          }
          if items.count > 64 { oneKindRuns += 1 }
        }
        // One section in five: an item the check rejects.
        if rng.chance(0.2) { rng.spoilOne(of: &items, columns: columns, sized: sized) }
        model.sections[s].items = items
      }
      let sections = model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) }
      let where_ = "seed \(seed), round \(round), \(columns) columns"
      guard let built = try buildBothWays(model, sections, where_) else {
        rejected += 1
        continue
      }
      accepted += 1
      if !sections.contains(where: { $0.items.contains { $0.column != nil || $0.id != nil } }) {
        let problem = difference(built.layout, model, queries: 5, rng: &rng)
        #expect(problem == nil, "\(where_): \(problem ?? "")")
      }
    }
    #expect(
      rejected > 10 && accepted > 30 && plainRuns > 20 && oneKindRuns > 5,
      "seed \(seed): \(rejected) rejected, \(accepted) accepted, \(plainRuns) plain sections, \(oneKindRuns) of one kind")
  }

  /// A batch's appended and inserted items are converted by the plain reading too (nearly all
  /// of them, in most batches), and by the check from the first other item: batches of one to
  /// three appends and inserts of the plain reading's test items (heights or sizes, others among
  /// them, one item in three batches rejected) into collections of two to five columns. A
  /// batch throws what the item-by-item check throws and leaves the layout as it was; an
  /// accepted one leaves the records and measures `_ItemRecord(_:)` and `_ItemMeasure(_:)`
  /// make of the items, and the frames of a fresh build of them, to the bit.
  @Test(arguments: [111, 112, 113, 114] as [UInt64])
  func plainItemsInABatchAreCheckedAsTheyAre(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var rejected = 0, accepted = 0
    for round in 0..<60 {
      let columns = [2, 3, 4, 4, 5][round % 5]
      let parameters = WaterfallParameters(columns: columns, itemSpacing: [0, 8][rng.int(0...1)])
      let width = 500.0
      var nextID: Int64 = 0
      var sections = (0..<rng.int(1...2)).map { _ in
        WaterfallSection(items: rng.plainTestItems(
          count: rng.int(0...100), columns: columns, sized: rng.chance(0.4), others: 0.05, nextID: &nextID))
      }
      var layout = try WaterfallLayout(width: width, parameters: parameters, sections: sections)
      var changes: [WaterfallLayout.Change] = []
      var expected: LayoutError?
      for n in 0..<rng.int(1...3) {
        let s = rng.int(0...sections.count - 1)
        let sized = rng.chance(0.4)
        var items = rng.plainTestItems(
          count: rng.int(1...100), columns: columns, sized: sized, others: [0, 0.01, 0.1, 0.5][rng.int(0...3)],
          nextID: &nextID)
        if rng.chance(0.15) { rng.spoilOne(of: &items, columns: columns, sized: sized) }
        let count = sections[s].items.count
        let at = rng.chance(0.5) ? count : rng.int(0...count)
        changes.append(at == count && rng.chance(0.5) ? .appendItems(items, section: s) : .insertItems(items, at: at, section: s))
        expected = expected ?? firstItemError(
          items, section: s, at: at, change: n, parameters: sections[s].parameters, over: parameters, width: width)
        sections[s].items.insert(contentsOf: items, at: at)
      }
      let where_ = "seed \(seed), round \(round), \(columns) columns"
      guard applyExpecting(expected, changes, to: &layout, where_) else {
        rejected += 1
        continue
      }
      accepted += 1
      for (s, section) in sections.enumerated() {
        #expect(
          holdsItsItems(layout._storage.sections[s], section.items),
          "\(where_): section \(s)'s records and measures are not what _ItemRecord(_:) and _ItemMeasure(_:) make of its items")
      }
      let fresh = try WaterfallLayout(width: width, parameters: parameters, sections: sections)
      #expect(bitDifference(layout, fresh) == nil, "\(where_): frames differ from a fresh build's")
      #expect(layout._violation() == nil, "\(where_): \(layout._violation() ?? "")")
    }
    #expect(rejected > 5 && accepted > 20, "seed \(seed): \(rejected) rejected, \(accepted) accepted")
  }

  /// A width change in place, where the one-column loop keeps two to four columns in order, is
  /// a fresh build, whose loop chooses by a tournament, and both are what the general loop's scan
  /// builds, also when the items' heights tie the columns at nearly every item: two to nine
  /// columns of items of a few heights (a grid of equal heights among them), state, index lanes
  /// and frames to the bit.
  @Test(arguments: [91, 92, 93] as [UInt64])
  func tiedColumnsInPlaceAsFromScratch(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<30 {
      let columns = rng.int(2...9)
      let heights: [Double] = rng.chance(0.3) ? [40] : [0, 20, 40, 60].filter { _ in rng.chance(0.7) } + [30]
      let items = (0..<rng.int(0...700)).map { _ in WaterfallItem(.height(heights[rng.int(0...heights.count - 1)])) }
      let parameters = WaterfallParameters(columns: columns, itemSpacing: [0, 8][rng.int(0...1)])
      let sections = [WaterfallSection(parameters: WaterfallParameters(), items: items)]
      var layout = try WaterfallLayout(width: 400, parameters: parameters, sections: sections)
      let fresh = try WaterfallLayout(width: 401, parameters: parameters, sections: sections)
      try layout.apply([.setWidth(401)])
      let where_ = "seed \(seed), round \(round), \(columns) columns, heights \(heights)"
      let general = try appendedByTheGeneralLoop(width: 401, parameters: parameters, sections: sections)
      #expect(bitDifference(general, fresh) == nil, "\(where_): the general loop's frames differ from a fresh build's")
      #expect(stateDifference(layout, fresh) == nil, "\(where_): \(stateDifference(layout, fresh) ?? "")")
      let lanes = zip(layout._storage.sections, fresh._storage.sections).allSatisfy { $0.index._lanes == $1.index._lanes }
      #expect(lanes, "\(where_): index lanes or samples differ from a fresh build's")
      #expect(bitDifference(layout, fresh) == nil, "\(where_): frames differ from a fresh build's")
    }
  }

  /// A section keeps its records and measures in two arrays, and a moved item is stored again
  /// from the item as given: moves within and across sections, of height and size items of
  /// every span, leave each item as it was given, and the frames and state of a layout built
  /// afresh from the items where they end up, to the bit.
  @Test(arguments: [71, 72, 73] as [UInt64])
  func movedItemsKeepTheirMeasureAndSpan(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let parameters = WaterfallParameters(columns: 4)
    var model: [[WaterfallItem]] = (0..<3).map { _ in
      (0..<rng.int(1...80)).map { _ in
        let span: WaterfallItem.Span = rng.chance(0.1) ? .full : .columns(rng.chance(0.2) ? rng.int(2...5) : 1)
        return rng.chance(0.5)
          ? WaterfallItem(.height(rng.double(0...300)), span: span)
          : WaterfallItem(.size(width: rng.double(1...400), height: rng.double(0...400)), span: span)
      }
    }
    func sections() -> [WaterfallSection] { model.map { WaterfallSection(items: $0) } }
    var layout = try WaterfallLayout(width: 500, parameters: parameters, sections: sections())
    for round in 0..<60 {
      let where_ = "seed \(seed), round \(round)"
      let s = rng.int(0...2), t = rng.int(0...2)
      guard !model[s].isEmpty else { continue }
      let i = rng.int(0...model[s].count - 1)
      let item = model[s].remove(at: i)
      let j = rng.int(0...model[t].count)
      model[t].insert(item, at: j)
      try layout.apply([.moveItem(from: ItemPath(item: i, section: s), to: ItemPath(item: j, section: t))])
      let fresh = try WaterfallLayout(width: 500, parameters: parameters, sections: sections())
      #expect(bitDifference(layout, fresh) == nil, "\(where_)")
      // The index holds the same ids per lane (its buffer's layout differs: lanes updated in
      // place keep room to grow), and every invariant holds.
      #expect(laneContents(layout) == laneContents(fresh), "\(where_)")
      #expect(layout._violation() == nil, "\(where_): \(layout._violation() ?? "")")
      for (s, items) in model.enumerated() {
        #expect(items.indices.allSatisfy { layout.item(at: ItemPath(item: $0, section: s)) == items[$0] }, "\(where_), section \(s)")
      }
    }
  }

  /// A section built in the array's storage (`_appendLaidOut`, what a layout from scratch
  /// takes) is the one `_laidOut` returns, record for record and index for index; where
  /// `_laidOut` gives `nil` (no items, or an item the check rejects first, in the middle or
  /// last, among height, size and spanning items), the array is left as it was, the sections
  /// already in it untouched.
  @Test func aSectionBuiltInPlaceIsTheOneLaidOutReturns() {
    let layout = WaterfallParameters(columns: 3, itemSpacing: 4)
    let items: [WaterfallItem] = (0..<70).map { (k: Int) -> WaterfallItem in
      if k % 9 == 4 { return WaterfallItem(.size(width: 16, height: 9), span: .columns(2)) }
      let height = Double(10 + (k * 37) % 90)
      return WaterfallItem(.height(height))
    }
    // The section state the other tests compare, and the id blocks too.
    func difference(_ p: _Section, _ q: _Section) -> String? {
      sectionDifference(p, q)
        ?? (p.blocks._levels.map(\.bitPattern) == q.blocks._levels.map(\.bitPattern) ? nil : "id blocks differ")
    }
    var sections: [_Section] = []
    for parameters in [WaterfallParameters(), WaterfallParameters(columns: 2, header: 20)] {
      let reference = _Section._laidOut(parameters: parameters, items: items, over: layout, width: 400)
      #expect(reference != nil)
      #expect(_Section._appendLaidOut(parameters: parameters, items: items, over: layout, width: 400, to: &sections))
      if let reference, let built = sections.last {
        #expect(difference(built, reference) == nil, "\(difference(built, reference) ?? "")")
      }
    }
    let before = sections
    #expect(!_Section._appendLaidOut(parameters: WaterfallParameters(), items: [], over: layout, width: 400, to: &sections))
    for bad in [0, 35, items.count - 1] {
      var spoiled = items
      spoiled[bad] = WaterfallItem(.height(-1))
      #expect(_Section._laidOut(parameters: WaterfallParameters(), items: spoiled, over: layout, width: 400) == nil)
      #expect(!_Section._appendLaidOut(
        parameters: WaterfallParameters(), items: spoiled, over: layout, width: 400, to: &sections), "item \(bad)")
    }
    #expect(sections.count == before.count)
    for (p, q) in zip(sections, before) { #expect(difference(p, q) == nil, "\(difference(p, q) ?? "")") }
  }
}
