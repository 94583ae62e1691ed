// The inputs every scenario shares: seeded item heights, the layout parameters, the frames the
// baselines scan, and the viewport.

import Cascade


enum Workload {
  static let width = 1024.0
  static let columns = 4
  static let viewportHeight = 844.0
  static let parameters = WaterfallParameters(columns: columns)
  static let seed: UInt64 = 0xCA5C_ADE

  /// n heights uniform in [50, 300].
  static func heights(_ n: Int, seed: UInt64 = Workload.seed) -> [Double] {
    var random = SplitMix64(seed: seed)
    var heights: [Double] = []
    heights.reserveCapacity(n)
    for _ in 0..<n { heights.append(random.uniform(50, 300)) }
    return heights
  }

  static func items(_ heights: [Double]) -> [WaterfallItem] {
    var items: [WaterfallItem] = []
    items.reserveCapacity(heights.count)
    for h in heights { items.append(.height(h)) }
    return items
  }

  /// One section of `items`.
  static func layout(_ items: [WaterfallItem]) -> WaterfallLayout {
    mustSucceed("layout") {
      try WaterfallLayout(width: width, parameters: parameters, sections: [WaterfallSection(items: items)])
    }
  }

  /// The frames of every item of a one-section layout, in item order: what the baselines scan.
  static func frames(of layout: WaterfallLayout) -> [Rect] {
    let n = layout.numberOfItems(inSection: 0)
    var frames: [Rect] = []
    frames.reserveCapacity(n)
    for i in 0..<n { frames.append(layout.layoutAttributesForItem(at: ItemPath(item: i, section: 0))?.frame ?? .zero) }
    return frames
  }

  /// `count` viewports at random offsets inside the content.
  static func randomViewports(_ count: Int, contentHeight: Double, seed: UInt64 = 42) -> [Rect] {
    var random = SplitMix64(seed: seed)
    let top = Swift.max(0, contentHeight - viewportHeight)
    return (0..<count).map { _ in Rect(x: 0, y: random.uniform(0, top), width: width, height: viewportHeight) }
  }

  /// The offsets of a viewport scrolling down 16 points per step through the whole content.
  /// When there are more than `cap` steps, `windows` runs of `cap / windows` consecutive steps,
  /// spread evenly from the top to the bottom, stand for the whole scroll.
  static func scrollOffsets(contentHeight: Double, step: Double = 16, cap: Int, windows: Int = 64) -> [Double] {
    let total = Swift.max(1, Int((contentHeight - viewportHeight) / step) + 1)
    if total <= cap { return (0..<total).map { Double($0) * step } }
    let run = Swift.max(1, cap / windows)
    var offsets: [Double] = []
    offsets.reserveCapacity(run * windows)
    for w in 0..<windows {
      let first = (total - run) * w / Swift.max(1, windows - 1)
      for s in 0..<run { offsets.append(Double(first + s) * step) }
    }
    return offsets
  }
}
