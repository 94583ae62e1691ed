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
