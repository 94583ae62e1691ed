// `shortestFirstYs`, the baseline `layout.full.shortestFirst` runs: the y's of a shortest-first
// placement, which must be a waterfall's own, to the bit, or its ratio compares different work.

import Cascade
import CascadeBenchKit
import Testing

@Suite struct ShortestFirstTests {
  static func ys(_ heights: [Double], columns: Int, spacing: Double) -> Double {
    heights.withUnsafeBufferPointer { shortestFirstYs($0, columns: columns, spacing: spacing) }
  }

  /// The sum of the item frames' y's of a waterfall of `heights` in one section, in item order.
  static func waterfallYs(_ heights: [Double], columns: Int, spacing: Double) throws -> Double {
    let parameters = WaterfallParameters(columns: columns, columnSpacing: spacing, itemSpacing: spacing)
    let layout = try WaterfallLayout(
      width: 1000, parameters: parameters, sections: [WaterfallSection(items: heights.map { WaterfallItem.height($0) })])
    var sum = 0.0
    _ = layout.forEachItemFrame(inSection: 0) { _, frame in
      sum += frame.minY
      return true
    }
    return sum
  }

  /// Worked out by hand: heights 10, 20, 5, 7 and 1, spacing 2.
  @Test func goldenSums() {
    let heights: [Double] = [10, 20, 5, 7, 1]
    // One column: y = 0, 12, 34, 41, 50.
    #expect(Self.ys(heights, columns: 1, spacing: 2) == 137)
    // Two: 0 and 0 (states 12 and 22), 12 (states 19, 22), 19 (22, 28), 22.
    #expect(Self.ys(heights, columns: 2, spacing: 2) == 53)
    // Three: 0, 0, 0 (states 12, 22, 7), then 7 (states 12, 22, 16), then 12.
    #expect(Self.ys(heights, columns: 3, spacing: 2) == 19)
    // Four: four at 0 (states 12, 22, 7, 9), then 7.
    #expect(Self.ys(heights, columns: 4, spacing: 2) == 7)
    #expect(Self.ys([], columns: 4, spacing: 2) == 0)
  }

  /// Random heights, many of them equal (ties between columns), in one to four columns: the
  /// sum of the y's is the waterfall's, to the bit.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func theWaterfallsOwnYs(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for round in 0..<40 {
      let columns = Int.random(in: 1...4, using: &random)
      let spacing = [0, 2.5, 10][Int.random(in: 0..<3, using: &random)]
      let tied = Bool.random(using: &random)
      let heights = (0..<Int.random(in: 0..<300, using: &random)).map { _ in
        tied ? Double(Int.random(in: 1...3, using: &random) * 50) : Double.random(in: 0...400, using: &random)
      }
      let expected = try Self.waterfallYs(heights, columns: columns, spacing: spacing)
      let sum = Self.ys(heights, columns: columns, spacing: spacing)
      #expect(
        sum.bitPattern == expected.bitPattern,
        "seed \(seed), round \(round): \(heights.count) heights in \(columns) columns, spacing \(spacing): \(sum), not \(expected)")
    }
  }

  /// The bench runs it on the seed recipe's shape of a collection: its heights at the column
  /// width must be the ones the waterfall places, size items included.
  @Test(arguments: [Distribution.uniform, .photos, .text])
  func theSeedShapesHeights(distribution: Distribution) throws {
    let collection = distribution.collection(items: 2000)
    let shape = try #require(collection.seedRecipeShape)
    #expect(shape.columns <= 4)
    let layout = try collection.makeLayout()
    var expected = 0.0
    _ = layout.forEachItemFrame(inSection: 0) { _, frame in
      expected += frame.minY
      return true
    }
    #expect(Self.ys(shape.heights, columns: shape.columns, spacing: shape.spacing) == expected)
  }
}
