import Cascade
import CascadeView
import Testing

/// The item the user sees on top: smallest minY among the items at least partly visible, ties to
/// the leftmost, among those `allowed` lets through; its id and y in the viewport.
func topmostVisible(_ view: TestView, allowed: (Int) -> Bool = { _ in true }) -> (id: Int, y: Double)? {
  var best: (id: Int, frame: Rect)?
  for element in view.displayedElements where element.attributes.path.kind == .item {
    let frame = element.attributes.frame
    guard frame.intersects(view.viewport), let id = element.cell.itemID, allowed(id) else { continue }
    if let b = best, b.frame.minY < frame.minY || (b.frame.minY == frame.minY && b.frame.minX <= frame.minX) { continue }
    best = (id, frame)
  }
  return best.map { ($0.id, $0.frame.minY - view.contentOffset.y) }
}

/// The on-screen y of item `id` now.
func viewportY(of id: Int, in view: TestView) -> Double? {
  view.displayedElements.first { $0.attributes.path.kind == .item && $0.cell.itemID == id }
    .map { $0.attributes.frame.minY - view.contentOffset.y }
}

func isClamped(_ view: TestView) -> Bool {
  view.contentOffset.y <= view.minimumContentOffsetY || view.contentOffset.y >= view.maximumContentOffsetY
}

/// Random inserts and deletes in every section of `source` (the topmost visible item deleted
/// half the time), shown as a snapshot of all its ids by section index; returns the topmost
/// visible survivor as it was before, for the anchor check.
func applyRandomSnapshotEdit(
  _ view: TestView, _ source: TestSource, _ g: inout SeededGenerator, edits: Range<Int>, heights: ClosedRange<Int>
) throws -> (id: Int, y: Double)? {
  var deleted: Set<Int> = []
  if Bool.random(using: &g), let top = topmostVisible(view) { deleted.insert(top.id) }
  for _ in 0..<Int.random(in: edits, using: &g) {
    let s = Int.random(in: 0..<source.sections.count, using: &g)
    if Bool.random(using: &g), !source.sections[s].isEmpty {
      deleted.insert(source.sections[s][Int.random(in: 0..<source.sections[s].count, using: &g)].id)
    } else {
      let entry = source.entry(Double(Int.random(in: heights, using: &g)))
      source.sections[s].insert(entry, at: Int.random(in: 0...source.sections[s].count, using: &g))
    }
  }
  let before = topmostVisible(view) { !deleted.contains($0) }
  source.sections = source.sections.map { $0.filter { !deleted.contains($0.id) } }
  try view.applySnapshot(CollectionSnapshot(sections: Array(source.sections.indices), items: source.sections.map { $0.map(\.id) }))
  return before
}

@Suite struct AnchoringTests {
  /// A live resize of height items: widths that keep the column count place nothing again (the
  /// layout keeps every record, and the view moves its cells to the frames the new geometry
  /// gives), widths that change it lay everything out again. After each, the view shows exactly
  /// what a fresh layout of the same items at that width puts in its display rect, and the
  /// topmost visible item keeps its on-screen y.
  @Test func aLiveResizeOfHeightItemsPlacesNothingAgain() throws {
    var g = SeededGenerator(seed: 7)
    let source = TestSource((0..<2).map { _ in (0..<400).map { _ in Double(Int.random(in: 20...160, using: &g)) } })
    let parameters = WaterfallParameters(minColumnWidth: 120)
    let view = try makeView(source, width: 400, height: 500, layout: parameters, overscan: 40)
    try view.setContentOffset(Point(x: 0, y: 6_000))
    // 3 columns up to 509 points (⌊(w + 10) / 130⌋), 4 from 510.
    var columns = 3
    for (width, newColumns) in [(410.0, 3), (430, 3), (395, 3), (520, 4), (530, 4), (400, 3)] {
      let placed = view.layout._placedItemCount, total = source.sections.reduce(0) { $0 + $1.count }
      let top = topmostVisible(view)
      try view.setBounds(Size(width: width, height: 500))
      // Across the column count: the change, and when elements come into view, its inverse
      // and the change again for their frames before (`reportsInitialFrames`).
      let expected = newColumns == columns ? [0] : [total, 3 * total]
      #expect(
        expected.contains(view.layout._placedItemCount - placed),
        "width \(width): \(view.layout._placedItemCount - placed) items placed")
      columns = newColumns
      let fresh = try WaterfallLayout(
        width: width, parameters: parameters,
        sections: source.sections.map { WaterfallSection(items: $0.map { .height($0.height) }) })
      var shown: [LayoutAttributes] = []
      fresh.elements(in: view.displayRect, into: &shown)
      #expect(Set(displayedPairs(view).map { "\($0.path) \($0.frame)" }) == Set(shown.map { "\($0.path) \($0.frame)" }), "width \(width)")
      if let top { #expect(viewportY(of: top.id, in: view) == top.y, "width \(width): the topmost item moved on screen") }
    }
  }

  @Test func topmostVisibleSurvivorStaysPut() throws {
    for seed in UInt64(1)...40 {
      var g = SeededGenerator(seed: seed)
      let source = TestSource((0..<2).map { _ in (0..<150).map { _ in Double(Int.random(in: 20...160, using: &g)) } })
      let view = try makeView(source, width: 400, height: 500, layout: WaterfallParameters(columns: 3), overscan: 40)
      func snapshot() -> CollectionSnapshot<Int, Int> {
        CollectionSnapshot(sections: [0, 1], items: source.sections.map { $0.map(\.id) })
      }
      try view.applySnapshot(snapshot())
      for round in 0..<12 {
        try view.setContentOffset(Point(x: 0, y: Double(Int.random(in: 500...4000, using: &g))))
        let message = Comment(rawValue: "seed \(seed) round \(round)")
        if round % 4 == 3 {
          guard let before = topmostVisible(view) else { continue }
          try view.setBounds(Size(width: Double(Int.random(in: 250...600, using: &g)), height: 500))
          if !isClamped(view) { #expect(abs(viewportY(of: before.id, in: view)! - before.y) <= 1e-9, message) }
          continue
        }
        let before = try applyRandomSnapshotEdit(view, source, &g, edits: 0..<30, heights: 20...160)
        if let before, !isClamped(view) {
          #expect(abs(viewportY(of: before.id, in: view)! - before.y) <= 1e-9, message)
        }
      }
    }
  }
}
