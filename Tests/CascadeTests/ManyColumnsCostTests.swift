@testable import Cascade
import Testing

/// Two costs of sections with many columns that no document size bounds (Docs/Reliability.md,
/// "Found and not fixed"). `WaterfallParameters.maximumColumns` (65,536) keeps a column count
/// finite, but not what it costs:
/// - a k-column item in c columns costs O(c·k) (`_Section.lowestRun` takes the max of k columns
///   at each of c − k + 1 starts): one item of span 32,768 in 65,536 columns is ~2·10⁹ steps, so a
///   100-byte document takes seconds and a 30 KB one hours;
/// - each section allocated O(c) whatever its items (its column state, its interval index's
///   lanes): ~1.5 MB per section at 65,536 columns, so a 4 KB document of 1,000 empty sections
///   took 1.5 GB, and a 40 KB one exhausted memory.
/// Both are fixed; these tests state the bounds.
@Suite struct ManyColumnsCostTests {
  @Test func spanningItemsInManyColumnsCostLinearTime() throws {
    let items = Array(repeating: WaterfallItem.height(1, span: .columns(32_768)), count: 16)
    let elapsed = try ContinuousClock().measure {
      _ = try WaterfallLayout(
        width: 1_000_000, parameters: WaterfallParameters(columns: 65_536, columnSpacing: 0),
        sections: [WaterfallSection(items: items)])
    }
    #expect(elapsed < .seconds(2))
  }

  /// An empty section keeps nothing per column: 1,000 empty sections of 65,536 columns took
  /// 1.5 GB when each allocated its column state and lanes. A section allocates them when it gets
  /// items, and gives them back when it has none again.
  @Test func emptySectionsOfManyColumnsCostLittle() throws {
    let sections = Array(repeating: WaterfallSection(), count: 1_000)
    var layout = try WaterfallLayout(width: 100, parameters: WaterfallParameters(columns: 65_536, columnSpacing: 0), sections: sections)
    #expect(layout._perColumnStorage == 0)
    #expect(layout.contentSize == Size(width: 100, height: 0))
    try layout.apply(.appendItems([.height(7), .height(5)], section: 500))
    // One section with items: its column state and its lanes, nothing for the 999 others.
    #expect(layout._perColumnStorage >= 2 * 65_536 && layout._perColumnStorage < 4 * 65_536)
    #expect(layout.elements(in: Rect(x: 0, y: 0, width: 100, height: 100)).map(\.path)
      == [.item(0, section: 500), .item(1, section: 500)])
    try layout.apply(.deleteItems(0..<2, section: 500))
    #expect(layout._perColumnStorage == 0)
    #expect(layout.elements(in: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
    #expect(layout._violation() == nil)
  }

  /// The sliding-window search gives the plain loop's answer, bit for bit, on random column
  /// states with many ties (and both zeros), every span and tolerance.
  @Test func slidingWindowAgreesWithThePlainLoop() {
    var rng = SplitMix64(seed: 7)
    for round in 0..<3_000 {
      let c = Int.random(in: 1...40, using: &rng)
      let k = Int.random(in: 1...c, using: &rng)
      var next = (0..<c).map { _ in
        Int.random(in: 0..<10, using: &rng) == 0 ? -0.0 : Double(Int.random(in: 0...6, using: &rng)) * 2.5
      }
      let tolerance = [0, 0, 1, 2.5, 7][Int.random(in: 0...4, using: &rng)]
      next.withUnsafeMutableBufferPointer { buffer in
        let starts = c - k + 1
        func top(_ s: Int) -> Double {
          var y = buffer[s]
          for j in (s + 1)..<(s + k) where buffer[j] > y { y = buffer[j] }
          return y
        }
        var m = top(0)
        for s in 1..<starts { m = Swift.min(m, top(s)) }
        var expected = (0, top(0))
        for s in 0..<starts where top(s) <= m + tolerance { expected = (s, top(s)); break }
        let got = _Section.lowestRunSlidingWindow(buffer, span: k, tolerance: tolerance)
        #expect(got.0 == expected.0 && got.1.bitPattern == expected.1.bitPattern,
                "round \(round): \(Array(buffer)) span \(k) tolerance \(tolerance)")
      }
    }
  }
}
