import Cascade
import CascadeView
import Testing

/// The reuse pools never hold more than their capacity, whatever the scroll: small steps, jumps,
/// flings past both ends, resizes, overscan changes and capacity changes on the way; and the
/// cells add up: created − discarded = displayed + pooled.
@Suite struct ReusePoolCapacityTests {
  func expectPools(_ view: TestView, _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
    var pooled = 0
    for id in ["item", "supplementary"] {
      let n = view.numberOfReusableCells(withReuseIdentifier: id)
      let capacity = view.reuseCapacity(forReuseIdentifier: id) ?? -1
      #expect(n <= capacity, "\(what()): \(id) pool holds \(n), capacity \(capacity)", sourceLocation: sourceLocation)
      pooled += n
    }
    let stats = view.reuseStatistics
    #expect(stats.created - stats.discarded == view.numberOfDisplayedElements + pooled,
            "\(what()): \(stats), \(view.numberOfDisplayedElements) displayed, \(pooled) pooled", sourceLocation: sourceLocation)
  }

  @Test(arguments: [0, 1, 3, 8, nil as Int?])
  func capacityHoldsUnderAnyScroll(capacity: Int?) throws {
    var rng = SeededGenerator(seed: UInt64(capacity ?? 99))
    let sections = (0..<6).map { _ in (0..<Int.random(in: 0...300, using: &rng)).map { _ in Double(Int.random(in: 2...30, using: &rng) * 10) } }
    let source = TestSource(sections, parameters: WaterfallParameters(header: 30, footer: 10))
    let view = try makeView(source, width: 390, height: 844, capacity: capacity)
    expectPools(view, "reload")
    for step in 0..<3000 {
      let height = view.contentSize.height
      let y: Double
      switch Int.random(in: 0..<10, using: &rng) {
      case 0: y = Double.random(in: -2000...(height + 2000), using: &rng)  // a jump, or a fling past an end
      case 1: y = view.contentOffset.y + Double.random(in: -3000...3000, using: &rng)
      default: y = view.contentOffset.y + Double.random(in: -60...60, using: &rng)  // a drag
      }
      try view.setContentOffset(Point(x: 0, y: y))
      switch Int.random(in: 0..<100, using: &rng) {
      case 0: try view.setBounds(Size(width: Double(Int.random(in: 200...900, using: &rng)), height: Double(Int.random(in: 100...1500, using: &rng))))
      case 1:
        view.overscan = Double(Int.random(in: 0...1000, using: &rng))
        try view.layoutIfNeeded()
      case 2:
        try view.setReuseCapacity(Int.random(in: 0...10, using: &rng), forReuseIdentifier: ["item", "supplementary"].randomElement(using: &rng)!)
      default: break
      }
      expectPools(view, "step \(step), offset \(view.contentOffset.y)")
    }
  }
}
