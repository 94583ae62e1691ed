// view.scrollStep: the headless collection view (CascadeView) scrolling 16 points per step
// through the content, with a pool of reusable cells, over the same collection as the other
// scenarios. A step is one `setContentOffset(_:)`: the rect query, the diff of the displayed
// set, cells returned to the pool and dequeued again, the data source configuring each new one
// (CascadeBenchKit's BenchDataSource, which also serves headers and footers). The update each
// step returns is dropped at once, so the view can reuse its storage.

import Cascade
import CascadeBenchKit
import CascadeView

extension Scenarios {
  func viewScrollStep(_ n: Int, _ collection: BenchCollection) {
    let source = BenchDataSource(collection: collection)
    let view: CollectionView<BenchCell, WaterfallLayout>
    do {
      view = try source.makeView(collection: collection, bounds: Size(width: collection.width, height: Workload.viewportHeight))
    } catch {
      bench.log("  view.scrollStep: reloadData failed: \(error)")
      return
    }
    let offsets = Workload.scrollOffsets(contentHeight: view.contentSize.height, cap: scrollCap)
    var position = 0
    // One pass over the offsets first, so the pool and the view's buffers reach their size.
    for y in offsets { _ = try? view.setContentOffset(Point(x: 0, y: y)) }
    bench.measure("view.scrollStep", n: n, unit: .perStep,
                  note: "CollectionView.setContentOffset(_:) 16 pt per step, reuse pool, update dropped") { k in
      var sum = 0
      for _ in 0..<k {
        do {
          try view.setContentOffset(Point(x: 0, y: offsets[position]))
        } catch {
          fatalError("view.scrollStep: \(error)")
        }
        position += 1
        if position == offsets.count { position = 0 }
        sum &+= view.numberOfDisplayedElements
      }
      return sum
    }
    withExtendedLifetime(source) {}
  }
}
