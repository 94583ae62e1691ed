// The baselines Cascade is compared with, written the way their sources write them.
//
// - `SeedWaterfallLayout`: the classic iOS waterfall recipe of the blog posts Cascade grew out
//   of (WaterPullLayout, WaterFlowLayout, XMFWaterFall, WCLWaterFallLayout): `prepareLayout`
//   makes a new attributes object (a class instance with a frame and an index path) per item,
//   asks the delegate for each height, scans an array of column heights for the shortest, and
//   appends the object to an array; `layoutAttributesForElementsInRect` tests every frame.
//   Everything is recomputed on every `prepareLayout`.
// - `UnionRectsIndex`: CHTCollectionViewWaterfallLayout's query. Frames are grouped in runs of
//   20 with the union rect of each run; a query scans the unions forward for the first that meets
//   the rect and backward for the last, then tests every member frame between them.
// - `linearScan`: every frame tested, as the seed recipe's `layoutAttributesForElementsInRect` does.

import Cascade

/// The seed recipe's `UICollectionViewLayoutAttributes`: one heap object per item.
final class SeedAttributes {
  let indexPath: ItemPath
  var frame: Rect
  init(indexPath: ItemPath, frame: Rect) {
    self.indexPath = indexPath
    self.frame = frame
  }
}

/// The seed recipe's waterfall layout, in Swift, one section.
struct SeedWaterfallLayout {
  var columnCount: Int
  var columnSpacing: Double
  var itemSpacing: Double
  var width: Double
  /// The delegate's `heightForItemAt`.
  var heightForItem: (ItemPath) -> Double
  var numberOfItems: Int

  private(set) var attributes: [SeedAttributes] = []
  private(set) var columnHeights: [Double] = []
  private(set) var contentHeight = 0.0

  init(width: Double, columnCount: Int, spacing: Double, numberOfItems: Int,
       heightForItem: @escaping (ItemPath) -> Double) {
    self.width = width
    self.columnCount = columnCount
    self.columnSpacing = spacing
    self.itemSpacing = spacing
    self.numberOfItems = numberOfItems
    self.heightForItem = heightForItem
  }

  /// `prepareLayout`: everything from scratch.
  mutating func prepare() {
    attributes.removeAll()
    columnHeights = Array(repeating: 0, count: columnCount)
    let itemWidth = (width - Double(columnCount - 1) * columnSpacing) / Double(columnCount)
    for i in 0..<numberOfItems {
      let indexPath = ItemPath(item: i, section: 0)
      // The shortest column: scan the array of heights.
      var shortest = 0
      var minimum = Double.greatestFiniteMagnitude
      for (column, height) in columnHeights.enumerated() where height < minimum {
        minimum = height
        shortest = column
      }
      let x = Double(shortest) * (itemWidth + columnSpacing)
      let h = heightForItem(indexPath)
      let frame = Rect(x: x, y: minimum, width: itemWidth, height: h)
      attributes.append(SeedAttributes(indexPath: indexPath, frame: frame))
      columnHeights[shortest] = frame.maxY + itemSpacing
    }
    contentHeight = (columnHeights.max() ?? itemSpacing) - itemSpacing
  }

  /// `layoutAttributesForElementsInRect`: test every frame.
  func elements(in rect: Rect, into buffer: inout [SeedAttributes]) {
    for a in attributes where a.frame.intersects(rect) { buffer.append(a) }
  }
}

/// Test every frame of a plain array.
@inline(never)
func linearScan(_ frames: UnsafeBufferPointer<Rect>, _ rect: Rect, into buffer: inout [Int]) {
  for i in 0..<frames.count where frames[i].intersects(rect) { buffer.append(i) }
}

/// CHTCollectionViewWaterfallLayout's union rects.
struct UnionRectsIndex {
  static let unionSize = 20
  let frames: [Rect]
  let unions: [Rect]

  init(frames: [Rect]) {
    self.frames = frames
    var unions: [Rect] = []
    unions.reserveCapacity(frames.count / Self.unionSize + 1)
    var i = 0
    while i < frames.count {
      let end = Swift.min(i + Self.unionSize, frames.count)
      var minX = frames[i].minX, minY = frames[i].minY, maxX = frames[i].maxX, maxY = frames[i].maxY
      for f in frames[(i + 1)..<end] {
        minX = Swift.min(minX, f.minX); minY = Swift.min(minY, f.minY)
        maxX = Swift.max(maxX, f.maxX); maxY = Swift.max(maxY, f.maxY)
      }
      unions.append(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
      i = end
    }
    self.unions = unions
  }

  @inline(never)
  func elements(in rect: Rect, into buffer: inout [Int]) {
    frames.withUnsafeBufferPointer { frames in
      unions.withUnsafeBufferPointer { unions in
        var begin = 0, end = unions.count
        for i in 0..<unions.count where unions[i].intersects(rect) {
          begin = i * Self.unionSize
          break
        }
        var i = unions.count - 1
        while i >= 0 {
          if unions[i].intersects(rect) {
            end = Swift.min((i + 1) * Self.unionSize, frames.count)
            break
          }
          i -= 1
        }
        if begin >= end { return }
        for j in begin..<end where frames[j].intersects(rect) { buffer.append(j) }
      }
    }
  }
}
