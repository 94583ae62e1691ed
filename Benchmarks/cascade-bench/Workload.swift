// The inputs every scenario shares: the collection's layout, the frames the baselines scan, the
// viewports and scroll offsets.

import Cascade
import CascadeBenchKit

enum Workload {
  static let viewportHeight = Trace.defaultViewportHeight
  /// The seed of the items `append.batch` appends to a built-in collection.
  static let appendSeed: UInt64 = 99

  static func layout(_ collection: BenchCollection) -> WaterfallLayout {
    mustSucceed("layout of \(collection.name)") { try collection.makeLayout() }
  }

  /// `count` viewports at random offsets inside the content.
  static func randomViewports(_ count: Int, width: Double, contentHeight: Double, seed: UInt64 = 42) -> [Rect] {
    var random = BenchRandom(seed: seed)
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

/// Every element of a layout in answer order (by section: header, items, footer), as the plain
/// frames the baselines scan, and the way back from an element's path to its index there.
struct FlatElements {
  var frames: [Rect] = []
  /// The index of each section's first element, and whether it has a header.
  var sectionStart: [Int] = []
  var hasHeader: [Bool] = []

  init(_ layout: WaterfallLayout) {
    frames.reserveCapacity(layout.numberOfItems + 2 * layout.numberOfSections)
    for s in 0..<layout.numberOfSections {
      sectionStart.append(frames.count)
      let header = layout.layoutAttributes(for: .header(s))
      hasHeader.append(header != nil)
      if let header { frames.append(header.frame) }
      for i in 0..<layout.numberOfItems(inSection: s) {
        frames.append(layout.layoutAttributes(for: .item(i, section: s))?.frame ?? .zero)
      }
      if let footer = layout.layoutAttributes(for: .footer(s)) { frames.append(footer.frame) }
    }
  }

  func index(of path: ElementPath) -> Int {
    let start = sectionStart[path.section] + (hasHeader[path.section] ? 1 : 0)
    switch path.kind {
    case .header: return sectionStart[path.section]
    case .item: return start + path.item
    case .footer: return (path.section + 1 < sectionStart.count ? sectionStart[path.section + 1] : frames.count) - 1
    }
  }
}
