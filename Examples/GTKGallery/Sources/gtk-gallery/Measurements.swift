// INTERIM self-sizing. Cascade has no self-sizing API yet; the core's will take estimated sizes,
// coalesce measured sizes into one layout change per frame, keep items in their columns
// (`keepColumns`) and anchor on the topmost visible item. Until it exists, this type does the
// same from the outside with what CollectionView already has: the gallery records the heights
// GTK measures while it lays cards out, and `flush` applies them once per frame as one
// `performBatchUpdates([.reloadItems(...)])`, then moves the offset so that the topmost visible
// card stays where it was on screen. Switching to the core's API means replacing this type:
// `record` becomes "report a measured size", `flush` goes away.
//
// Limits of the interim: a reloaded item gets its cell again through the reuse pool (the view
// treats a reload as a new element), and items may change columns when heights above them
// change (the waterfall re-places everything after the first changed item of a section).

import Cascade
import CascadeView

struct Measurements {
  /// Measured heights not yet applied, by item, with the width each was measured at. Paths are
  /// stable here: the gallery never inserts or deletes items, so a path recorded in one frame is
  /// the same item in the next.
  private(set) var pending: [ItemPath: (height: Double, width: Double)] = [:]
  /// The frame (GdkFrameClock counter) of the last flush: one layout change per frame.
  private var lastFlushFrame: Int = -1
  /// Measurements applied and batches made, for the summary.
  private(set) var applied = 0
  private(set) var batches = 0
  private(set) var largestBatch = 0

  var isEmpty: Bool { pending.isEmpty }

  /// Notes that GTK measured the item at `path` at `height` for `width`.
  mutating func record(_ path: ItemPath, height: Double, width: Double) {
    pending[path] = (height, width)
  }

  /// Whether a flush may still happen in `frame`.
  func canFlush(in frame: Int) -> Bool { frame != lastFlushFrame }

  /// Applies the pending heights: `store` writes each (with the width it was measured at) into
  /// the data source's model, then one batch of `reloadItems` updates the layout, and the offset
  /// is moved so that the topmost visible item keeps its place in the viewport. `apply` receives
  /// each update of the view.
  mutating func flush(
    in frame: Int, view: CollectionView<Card, WaterfallLayout>,
    store: (ItemPath, _ height: Double, _ width: Double) -> Void, apply: (CollectionViewUpdate<Card>) -> Void
  ) throws(CollectionViewError) {
    guard !pending.isEmpty, canFlush(in: frame) else { return }
    lastFlushFrame = frame
    // The anchor: the visible item whose top is highest, and its y in the viewport.
    let viewport = view.viewport
    var anchor: (path: ItemPath, y: Double)?
    view.forEachDisplayedElement { element in
      guard let path = element.path.itemPath, element.frame.intersects(viewport) else { return }
      if anchor == nil || element.frame.minY < anchor!.y + viewport.minY {
        anchor = (path, element.frame.minY - viewport.minY)
      }
    }
    // The runs of consecutive items, section by section: the batch's reloads.
    let paths = pending.keys.sorted()
    var updates: [BatchUpdate] = []
    var start = paths[0], end = paths[0].item + 1
    for path in paths.dropFirst() {
      if path.section == start.section && path.item == end {
        end += 1
      } else {
        updates.append(.reloadItems(start.item..<end, section: start.section))
        start = path
        end = path.item + 1
      }
    }
    updates.append(.reloadItems(start.item..<end, section: start.section))
    for (path, measure) in pending { store(path, measure.height, measure.width) }
    applied += pending.count
    batches += 1
    largestBatch = max(largestBatch, pending.count)
    pending.removeAll(keepingCapacity: true)

    apply(try view.performBatchUpdates(updates))
    if let anchor, let frame = view.layoutAttributesForItem(at: anchor.path)?.frame {
      let offset = view.clampedContentOffset(Point(x: view.contentOffset.x, y: frame.minY - anchor.y))
      if offset != view.contentOffset { apply(try view.setContentOffset(offset)) }
    }
  }
}
