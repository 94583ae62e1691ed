// A layout written outside the package, from Cascade's public API alone (plain `import`): what a
// third-party author has to implement `CollectionLayout` with O(log n + k) rect queries through
// `IntervalIndex`. If a symbol it needs stops being public, this file stops compiling.
import Testing
import Cascade
import CascadeTestSupport

/// Two columns of rows: item i goes to column i mod 2, under the previous item of its column.
/// Each column is a lane of the index.
struct TwoColumnLayout: CollectionLayout {
  typealias Item = Double
  typealias SectionParameters = Int

  /// The frames' vertical extents, read in place by the index's queries.
  struct Bounds: IntervalBounds {
    let frames: [Rect]
    func minY(_ id: Int) -> Double { frames[id].minY }
    func maxY(_ id: Int) -> Double { frames[id].maxY }
  }

  let width: Double
  private(set) var frames: [Rect] = []
  private var index = IntervalIndex(laneCount: 2)
  private var bottoms = [0.0, 0.0]

  init(width: Double, heights: [Double]) {
    self.width = width
    append(heights)
  }

  private mutating func append(_ heights: [Double]) {
    for h in heights {
      let id = frames.count, lane = id % 2
      let frame = Rect(x: Double(lane) * width / 2, y: bottoms[lane], width: width / 2, height: h)
      frames.append(frame)
      bottoms[lane] = frame.maxY
      index.append(id, lane: lane, maxY: frame.maxY)
    }
  }

  var contentSize: Size { Size(width: width, height: bottoms.max() ?? 0) }
  var numberOfSections: Int { 1 }
  func numberOfItems(inSection section: Int) -> Int { section == 0 ? frames.count : 0 }

  func layoutAttributes(for path: ElementPath) -> LayoutAttributes? {
    guard path.section == 0, path.kind == .item, frames.indices.contains(path.item) else { return nil }
    return LayoutAttributes(path: path, frame: frames[path.item])
  }

  func forEachElement(in rect: Rect, after: ElementPath?, _ body: (LayoutAttributes) -> Bool) {
    guard !rect.minY.isNaN, !rect.maxY.isNaN else { return }
    // Ids up to `skip` are what a cursor has delivered already.
    let skip = after.map { $0.section > 0 || $0.kind == .footer ? Int.max : $0.kind == .item ? $0.item : -1 } ?? -1
    index.forEachOverlapping(rect.minY, rect.maxY, after: skip, in: Bounds(frames: frames)) { id in
      let frame = frames[id]
      guard frame.height != 0, frame.intersects(rect) else { return true }
      return body(LayoutAttributes(path: .item(id, section: 0), frame: frame))
    }
  }

  func element(at point: Point) -> LayoutAttributes? {
    var found: LayoutAttributes?
    guard point.x.isFinite, point.y.isFinite else { return nil }
    // [y, y.nextUp) holds exactly the intervals with minY <= y < maxY.
    index.forEachOverlapping(point.y, point.y.nextUp, bounds: { (frames[$0].minY, frames[$0].maxY) }) { id in
      guard frames[id].contains(point) else { return true }
      found = LayoutAttributes(path: .item(id, section: 0), frame: frames[id])
      return false
    }
    return found
  }

  mutating func apply(_ changes: [Change]) throws(LayoutError) {
    var added: [Double] = []
    for (n, change) in changes.enumerated() {
      guard case .appendItems(let heights, section: 0) = change else {
        throw LayoutError(.collection, "only appends to section 0", changeIndex: n)
      }
      added += heights
    }
    guard frames.count + added.count <= IntervalIndex.maximumID else {
      throw LayoutError(.section(0), reason: .tooManyElements(limit: IntervalIndex.maximumID))
    }
    append(added)
  }
}

@Suite("Third-party layout")
struct ThirdPartyLayoutTests {
  @Test func aLayoutBuiltOnThePublicIndexAnswersLikeAScan() throws {
    var rng = SplitMix64(seed: 5)
    var layout = TwoColumnLayout(width: 200, heights: (0..<500).map { _ in rng.length(100) })
    try layout.apply([.appendItems((0..<300).map { _ in rng.length(100) }, section: 0)])
    let all = layout.frames.enumerated().map { LayoutAttributes(path: .item($0.offset, section: 0), frame: $0.element) }
    for _ in 0..<200 {
      let rect = rng.rect(in: layout.contentSize)
      let scan = all.filter { $0.frame.height != 0 && $0.frame.intersects(rect) }
      #expect(layout.elements(in: rect) == scan, "rect \(rect)")
      let point = Point(x: rect.midX, y: rect.midY)
      #expect(layout.element(at: point) == all.first { $0.frame.contains(point) }, "point \(point)")
      var page: [LayoutAttributes] = []
      _ = layout.page(in: rect, after: scan.first?.path, limit: 3, into: &page)
      #expect(page == Array(scan.dropFirst().prefix(3)))
    }
  }
}
