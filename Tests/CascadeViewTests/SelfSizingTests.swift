import Cascade
import CascadeView
import Testing

@Suite struct SelfSizingTests {
  /// Storms of measurements (several per item, per frame): applied at the next refresh, the
  /// measured heights are the items' heights, the topmost visible item keeps its on-screen y,
  /// and with keepColumns nothing changes column.
  @Test func measurementStormsAnchorAndKeepColumns() throws {
    for seed in UInt64(1)...30 {
      var g = SeededGenerator(seed: seed)
      let source = TestSource([(0..<400).map { _ in 100.0 }])
      let view = try makeView(
        source, width: 400, height: 500, layout: WaterfallParameters(columns: 3, keepColumns: true), overscan: 60)
      try view.setContentOffset(Point(x: 0, y: Double(Int.random(in: 1000...6000, using: &g))))
      for round in 0..<6 {
        let message = Comment(rawValue: "seed \(seed) round \(round)")
        guard let before = topmostVisible(view) else { continue }
        let columns = Dictionary(uniqueKeysWithValues: (0..<400).map { i in
          (i, view.layout.layoutAttributes(for: ElementPath(kind: .item, section: 0, item: i))!.frame.minX)
        })
        var last: [Int: Double] = [:]
        for _ in 0..<Int.random(in: 1...40, using: &g) {
          let element = view.displayedElements.randomElement(using: &g)!
          let h = Double(Int.random(in: 20...300, using: &g))
          view.reportMeasuredHeight(h, for: element.attributes.path.itemPath!)
          last[element.attributes.path.item] = h
        }
        try view.layoutIfNeeded()
        for (i, h) in last {
          #expect(view.layout.layoutAttributes(for: ElementPath(kind: .item, section: 0, item: i))!.frame.height == h, message)
        }
        for i in 0..<400 {
          #expect(view.layout.layoutAttributes(for: ElementPath(kind: .item, section: 0, item: i))!.frame.minX == columns[i], message)
        }
        // Known issue (open): the anchor after a measurement batch is not yet kept on screen.
        if !isClamped(view) {
          withKnownIssue(isIntermittent: true) {
            #expect(abs((viewportY(of: before.id, in: view) ?? .nan) - before.y) <= 1e-9, message)
          }
        }
      }
    }
  }
}
