// Randomized tests: the fast layout against the brute-force model, seeded, seed printed on failure.
import Testing
@testable import Cascade
import CascadeTestSupport

/// Checks `layout` against `model` and a brute-force scan; returns a message for the first
/// difference, or `nil`.
func difference(_ layout: WaterfallLayout, _ model: ReferenceWaterfall, queries: Int, rng: inout SplitMix64) -> String? {
  let expected = model.compute()
  let actual = allElements(layout)
  guard actual.count == expected.elements.count else {
    return "element count \(actual.count) != \(expected.elements.count)"
  }
  for (a, e) in zip(actual, expected.elements) {
    if a.path != e.path || !close(a.frame, e.frame) { return "\(a) != model \(e)" }
  }
  if !close(layout.contentSize.height, expected.contentHeight) || layout.contentSize.width != model.width {
    return "content size \(layout.contentSize) != model (\(model.width), \(expected.contentHeight))"
  }
  for q in 0..<queries {
    let rect = rng.rect(in: layout.contentSize)
    let fast = layout.elements(in: rect)
    let slow = bruteForceQuery(actual, rect)
    if fast != slow { return "query \(rect): \(fast.map(\.path)) != brute force \(slow.map(\.path))" }
    let point = Point(x: rect.minX + rect.width / 3, y: rect.minY + rect.height / 2)
    let hit = layout.element(at: point)
    let slowHit = bruteForcePoint(actual, point)
    if hit != slowHit { return "point \(point): \(String(describing: hit)) != \(String(describing: slowHit))" }
    // Page sizes from 1 to 7 by turns, not drawn: the generator's sequence stays what the
    // callers' seeds were chosen with.
    if let diff = pagingDifference(layout, rect, limit: 1 + q % 7, expected: slow) { return diff }
  }
  return nil
}

/// Reads the rect query of `rect` a page of `limit` elements at a time through
/// `page(in:after:limit:into:)`, each page continuing after the last element of the one before,
/// and compares the pages with `expected` (the brute-force answer); returns the first
/// difference, or `nil`. A page says more follow exactly when the next one is not empty.
func pagingDifference<L: CollectionLayout>(_ layout: L, _ rect: Rect, limit: Int, expected: [LayoutAttributes]) -> String? {
  var paged: [LayoutAttributes] = []
  var cursor: ElementPath?
  var moreWasPromised = false
  while true {
    var page: [LayoutAttributes] = []
    let more = layout.page(in: rect, after: cursor, limit: limit, into: &page)
    if page.count > limit { return "page of \(limit) over \(rect) after \(String(describing: cursor)) holds \(page.count)" }
    if moreWasPromised && page.isEmpty { return "page over \(rect) after \(String(describing: cursor)) empty but the one before said more follow" }
    paged += page
    if !more { break }
    guard let last = page.last else { return "page over \(rect) after \(String(describing: cursor)) empty but more follow" }
    cursor = last.path
    moreWasPromised = true
  }
  if paged != expected { return "pages of \(limit) over \(rect): \(paged.map(\.path)) != brute force \(expected.map(\.path))" }
  return nil
}

@Suite("Randomized")
struct WaterfallRandomizedTests {
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomLayoutsMatchTheModel(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<40 {
      let model = rng.reference(sections: 0...4, items: 0...60)
      let layout = try model.layout()
      let problem = difference(layout, model, queries: 30, rng: &rng)
      #expect(problem == nil, "seed \(seed), round \(round): \(problem ?? "")")
      if problem != nil { return }
    }
  }

  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func incrementalChangesMatchAFreshLayout(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var model = rng.reference(sections: 0...3, items: 0...40)
    var layout = try model.layout()
    for step in 0..<500 {
      let batch = (0..<(rng.chance(0.2) ? rng.int(2...4) : 1)).map { _ in
        defer { }
        return rng.change(for: model)
      }
      // Each change is drawn for the model as it stands, so apply them one at a time to the
      // model, but as one batch to the layout when they are all valid in sequence.
      var sequenced = model
      var valid: [WaterfallLayout.Change] = []
      for change in batch {
        let fresh = valid.isEmpty ? change : rng.change(for: sequenced)
        valid.append(fresh)
        sequenced.apply(fresh)
      }
      try layout.apply(valid)
      model = sequenced
      let fresh = try model.layout()
      // Incremental and from-scratch agree to the bit, frames and content size.
      let mine = allElements(layout), theirs = allElements(fresh)
      let same = mine == theirs && layout.contentSize == fresh.contentSize
      let firstDiff = zip(mine, theirs).first { $0 != $1 }.map { "\($0.0) != fresh \($0.1)" } ?? "counts \(mine.count) vs \(theirs.count)"
      #expect(same, "seed \(seed), step \(step): incremental layout differs from a fresh one after \(valid): \(firstDiff)")
      let problem = difference(layout, model, queries: 10, rng: &rng)
      #expect(problem == nil, "seed \(seed), step \(step): \(problem ?? "")")
      if !same || problem != nil { return }
    }
  }

  @Test(arguments: [21, 22, 23] as [UInt64])
  func rejectedChangesLeaveEverythingAsItWas(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var model = rng.reference(sections: 1...3, items: 1...30)
    var layout = try model.layout()
    for step in 0..<200 {
      let before = allElements(layout)
      let size = layout.contentSize
      // A valid prefix followed by an invalid change: the whole batch is rejected.
      let good = rng.change(for: model)
      var after = model
      after.apply(good)
      guard !after.sections.isEmpty else { continue }
      let bad = rng.invalidChange(for: after)
      #expect(throws: LayoutError.self, "seed \(seed), step \(step): \(bad) was accepted") {
        try layout.apply([good, bad])
      }
      #expect(allElements(layout) == before && layout.contentSize == size, "seed \(seed), step \(step): rejected batch changed the layout")
      do {
        try layout.apply([good, bad])
      } catch {
        #expect(error.changeIndex == 1, "seed \(seed): error \(error) names the wrong change")
      }
      try layout.apply(good)
      model = after
    }
  }
}

@Suite("Inverse batches")
struct InverseBatchTests {
  /// Random batches with their inverse: applying the inverse gives back every frame, item,
  /// parameter and the width, to the bit.
  @Test(arguments: [51, 52, 53, 54] as [UInt64])
  func inverseRestoresTheLayout(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var model = rng.reference(sections: 1...3, items: 0...80)
    var layout = try model.layout()
    for step in 0..<200 {
      var batch: [WaterfallLayout.Change] = []
      var after = model
      for _ in 0..<rng.int(1...4) {
        let change = rng.change(for: after)
        batch.append(change)
        after.apply(change)
      }
      let before = allElements(layout), size = layout.contentSize, width = layout.width
      let items = (0..<layout.numberOfSections).map { s in
        (layout.parameters(ofSection: s), (0..<layout.numberOfItems(inSection: s)).map { layout.item(at: ItemPath(item: $0, section: s)) })
      }
      var undo: [WaterfallLayout.Change] = []
      try layout.apply(batch, inverse: &undo)
      var undone = layout
      try undone.apply(undo)
      let restored = allElements(undone) == before && undone.contentSize == size && undone.width == width
        && (0..<undone.numberOfSections).map { s in
          (undone.parameters(ofSection: s), (0..<undone.numberOfItems(inSection: s)).map { undone.item(at: ItemPath(item: $0, section: s)) })
        }.elementsEqual(items) { $0.0 == $1.0 && $0.1 == $1.1 }
      #expect(restored, "seed \(seed), step \(step): the inverse of \(batch) did not restore the layout")
      if !restored { return }
      model = after
    }
  }

  @Test func listInverse() throws {
    var list = try ListLayout(width: 100, sections: [ListSection(parameters: ListParameters(header: 10), items: [1, 2, 3])])
    let before = allElements(list)
    var undo: [ListLayout.Change] = []
    try list.apply([.deleteItems(0..<2, section: 0), .appendItems([9], section: 0), .setWidth(50),
                    .setSectionParameters(ListParameters(footer: 4), section: 0)], inverse: &undo)
    try list.apply(undo)
    #expect(allElements(list) == before && list.width == 100)
  }
}
