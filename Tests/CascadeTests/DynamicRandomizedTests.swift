// Ids and keepColumns: the layout against the spec-only model `DynamicWaterfall`, through long
// random sequences of every change, seeded, the seed printed on failure.
import Testing
@testable import Cascade
import CascadeTestSupport

/// The layout rebuilt from what it reports (items with their ids and remembered columns):
/// the export round trip, in the core's terms.
func reloaded(_ layout: WaterfallLayout) throws -> WaterfallLayout {
  try WaterfallLayout(width: layout.width, parameters: layout.parameters, sections: (0..<layout.numberOfSections).map { s in
    WaterfallSection(parameters: layout.parameters(ofSection: s)!, items: (0..<layout.numberOfItems(inSection: s)).map {
      layout.item(at: ItemPath(item: $0, section: s))!
    })
  })
}

func dynamicDifference(_ layout: WaterfallLayout, _ model: inout DynamicWaterfall) -> String? {
  let expected = model.layOut()
  let actual = allElements(layout)
  guard actual.count == expected.elements.count else { return "element count \(actual.count) != \(expected.elements.count)" }
  for (a, e) in zip(actual, expected.elements) where a.path != e.path || !close(a.frame, e.frame) {
    return "\(a) != model \(e)"
  }
  if !close(layout.contentSize.height, expected.contentHeight) { return "content height \(layout.contentSize.height) != \(expected.contentHeight)" }
  for (s, section) in model.sections.enumerated() {
    for (i, e) in section.entries.enumerated() {
      let path = ItemPath(item: i, section: s)
      if layout.id(at: path) != e.id { return "\(path): id \(String(describing: layout.id(at: path))) != model \(String(describing: e.id))" }
      if let id = e.id, layout.path(forID: id) != path { return "path(forID: \(id)) = \(String(describing: layout.path(forID: id))) != \(path)" }
      if model.keep && layout.item(at: path)?.column != e.remembered {
        return "\(path): remembered column \(String(describing: layout.item(at: path)?.column)) != model \(String(describing: e.remembered))"
      }
    }
  }
  if let v = layout._violation() { return "invariant: \(v)" }
  return nil
}

@Suite("Ids and keepColumns, randomized")
struct DynamicRandomizedTests {
  @Test(arguments: [(101, true), (102, true), (103, true), (104, false), (105, true), (106, false)] as [(UInt64, Bool)])
  func longSequencesMatchTheModel(seed: UInt64, keep: Bool) throws {
    var rng = SplitMix64(seed: seed)
    var parameters = rng.parameters(section: false)
    parameters.keepColumns = keep
    var model = DynamicWaterfall(width: rng.double(100...1200), parameters: parameters)
    var layout = try WaterfallLayout(width: model.width, parameters: parameters)
    var accepted = 0, rejected = 0
    for step in 0..<400 {
      var batch: [WaterfallLayout.Change] = []
      var scratch = model
      for _ in 0..<(rng.chance(0.25) ? rng.int(2...3) : 1) {
        let change = rng.dynamicChange(for: scratch, ids: true)
        batch.append(change)
        // Indices of the next change are drawn for the state this one leaves (errors aside).
        do { try scratch.apply(change) } catch { break }
      }
      var next = model
      let modelAccepts: Bool
      do { try next.apply(batch: batch); modelAccepts = true } catch { modelAccepts = false }
      let before = allElements(layout)
      do {
        try layout.apply(batch)
        #expect(modelAccepts, "seed \(seed), step \(step): layout accepted \(batch), the model rejects it")
        if !modelAccepts { return }
        model = next
        accepted += 1
      } catch {
        #expect(!modelAccepts, "seed \(seed), step \(step): layout rejected \(batch): \(error)")
        if modelAccepts { return }
        #expect(allElements(layout) == before, "seed \(seed), step \(step): a rejected batch changed frames")
        rejected += 1
      }
      if let problem = dynamicDifference(layout, &model) {
        Issue.record("seed \(seed), step \(step) after \(batch): \(problem)")
        return
      }
      let fresh = try reloaded(layout)
      if allElements(fresh) != allElements(layout) || fresh.contentSize != layout.contentSize {
        let diff = zip(allElements(fresh), allElements(layout)).first { $0 != $1 }
        Issue.record("seed \(seed), step \(step): reloading the items changes frames: \(String(describing: diff))")
        return
      }
    }
    #expect(accepted > 100 && rejected > 0, "seed \(seed): \(accepted) accepted, \(rejected) rejected")
  }
}

@Suite("Inverse batches with keepColumns")
struct KeepColumnsInverseTests {
  /// What an inverse must give back: every frame, the content size, the width, and each
  /// section's parameters and items as reported, remembered columns and ids included.
  struct State: Equatable {
    var elements: [LayoutAttributes]
    var contentSize: Size
    var width: Double
    /// Each section's parameters, then its items with their paths.
    var descriptions: [String]
    init(_ layout: WaterfallLayout) {
      elements = allElements(layout)
      contentSize = layout.contentSize
      width = layout.width
      descriptions = (0..<layout.numberOfSections).flatMap { s in
        ["section \(s): \(layout.parameters(ofSection: s)!)"] + (0..<layout.numberOfItems(inSection: s)).map {
          let path = ItemPath(item: $0, section: s)
          return "\(path): \(layout.item(at: path)!), id \(String(describing: layout.id(at: path)))"
        }
      }
    }
  }

  /// What a caller that must roll back asks first: whether the inverse would keep every item of
  /// a section (and a copy of the layout is the cheaper way back).
  @Test func whenTheInverseKeepsWholeSections() throws {
    let items: [WaterfallItem] = [100, 80, 120, 60, 90]
    func layout(keep: Bool, _ orientation: LayoutOrientation = .vertical, empty: Bool = false) throws -> WaterfallLayout {
      try WaterfallLayout(
        orientation: orientation, extent: 700, parameters: WaterfallParameters(minColumnWidth: 200, keepColumns: keep),
        sections: [WaterfallSection(parameters: WaterfallParameters(), items: empty ? [] : items)])
    }
    let kept = try layout(keep: true)
    #expect(kept.numberOfColumns(inSection: 0) == 3)
    // A width of four columns makes every item forget its column; 750 keeps three.
    #expect(kept._inverseKeepsSections(of: [.setWidth(900)]))
    #expect(!kept._inverseKeepsSections(of: [.setWidth(750)]))
    #expect(kept._inverseKeepsSections(of: [.appendItems([10], section: 0), .setWidth(900)]))
    #expect(kept._inverseKeepsSections(of: [.setSectionParameters(WaterfallParameters(), section: 0)]))
    #expect(!kept._inverseKeepsSections(of: [.appendItems([10], section: 0), .moveItem(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))]))
    // Without keepColumns, or with nothing remembered, the inverse keeps no section.
    #expect(!(try layout(keep: false))._inverseKeepsSections(of: [.setWidth(900), .setSectionParameters(WaterfallParameters(), section: 0)]))
    #expect(!(try layout(keep: true, empty: true))._inverseKeepsSections(of: [.setWidth(900), .setSectionParameters(WaterfallParameters(), section: 0)]))
    // Horizontal: the height is the storage's width.
    let across = try layout(keep: true, .horizontal)
    #expect(across._inverseKeepsSections(of: [.setHeight(900)]))
    #expect(!across._inverseKeepsSections(of: [.setHeight(750)]))
    // And the inverses agree: the width's keeps the section's three items, the other none.
    var copy = kept
    var undo: [WaterfallLayout.Change] = []
    try copy.apply([.setWidth(900)], inverse: &undo)
    #expect(undo.contains { if case .replaceItems(let kept, 0, 0) = $0 { kept.count == 5 } else { false } })
    copy = kept
    try copy.apply([.setWidth(750)], inverse: &undo)
    #expect(undo.count == 1)
  }

  /// A change that makes items forget their remembered columns (the contract's forgetting
  /// rule): a move, a width (when the column count changes) or new section parameters.
  static func forgets(_ change: WaterfallLayout.Change) -> Bool {
    switch change {
    case .moveItem, .setWidth, .setHeight, .setSectionParameters: true
    default: false
    }
  }

  /// Random batches of every change, moves, new widths and new section parameters among them
  /// (the changes that make items forget their columns): the inverse gives back the layout as
  /// it was, remembered columns and frames to the bit. A collection view rolls a failed batch
  /// back with it, so this is what "a rejected update changes nothing" rests on. Horizontal
  /// collections too, whose inverse is the storage's, transposed back: there the model's
  /// widths are heights, and a batch the layout refuses (a size 0 wide along the scroll axis,
  /// which the vertical model accepts) is skipped.
  @Test(arguments: [(111, false), (112, false), (113, false), (114, false), (115, true), (116, true)] as [(UInt64, Bool)])
  func inverseRestoresRememberedColumns(seed: UInt64, horizontal: Bool) throws {
    var rng = SplitMix64(seed: seed)
    var parameters = rng.parameters(section: false)
    parameters.keepColumns = true
    var model = DynamicWaterfall(width: rng.double(100...1200), parameters: parameters)
    var layout = try WaterfallLayout(
      orientation: horizontal ? .horizontal : .vertical, extent: model.width, parameters: parameters, sections: [])
    var forgetting = 0, columnsGiven = 0
    for step in 0..<300 {
      var batch: [WaterfallLayout.Change] = []
      var scratch = model
      for _ in 0..<rng.int(1...6) {
        var change = rng.dynamicChange(for: scratch, ids: rng.chance(0.5))
        // A third of the changes drawn again until one makes items forget their columns.
        if rng.chance(0.35) {
          for _ in 0..<40 where !Self.forgets(change) { change = rng.dynamicChange(for: scratch, ids: rng.chance(0.5)) }
        }
        // Only changes the model accepts (ids may collide, parameters may be invalid).
        var next = scratch
        do { try next.apply(change) } catch { continue }
        scratch = next
        if horizontal, case .setWidth(let w) = change { change = .setHeight(w) }
        batch.append(change)
      }
      guard !batch.isEmpty else { continue }
      let before = State(layout)
      var undo: [WaterfallLayout.Change] = []
      do { try layout.apply(batch, inverse: &undo) } catch {
        if horizontal { continue }
        Issue.record("seed \(seed), step \(step): the layout rejected \(batch), which the model accepts: \(error)")
        return
      }
      let after = State(layout)
      var undone = layout
      try undone.apply(undo)
      let restored = State(undone)
      if restored != before {
        let frame = zip(restored.elements, before.elements).first { $0 != $1 }
        let items = zip(restored.descriptions, before.descriptions).first { $0 != $1 }
        Issue.record("seed \(seed), step \(step): the inverse \(undo) of \(batch) did not restore: \(String(describing: frame ?? nil)) \(String(describing: items))")
        return
      }
      if let v = undone._violation() { Issue.record("seed \(seed), step \(step): invariant: \(v)"); return }
      // The batch again on the restored layout gives what it gave the first time.
      try undone.apply(batch)
      #expect(State(undone) == after, "seed \(seed), step \(step): \(batch) again after its inverse differs")
      if batch.contains(where: Self.forgets) { forgetting += 1 }
      columnsGiven += undo.filter { if case .replaceItems(let items, _, _) = $0 { items.contains { $0.column != nil } } else { false } }.count
      model = scratch
    }
    #expect(forgetting > 150 && columnsGiven > 150, "seed \(seed): \(forgetting) batches with a move, width or parameters; \(columnsGiven) replacements with columns")
  }
}
