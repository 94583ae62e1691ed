// view.scrollStep: the headless collection view (CascadeView) scrolling 16 points per step
// through the content, with a pool of reusable cells, over the same collection as the other
// scenarios. A step is one `setContentOffset(_:)`: the rect query, the diff of the displayed
// set, cells returned to the pool and dequeued again, the data source configuring each new one
// (CascadeBenchKit's BenchDataSource, which also serves headers and footers). The update each
// step returns is dropped at once, so the view can reuse its storage.
// view.scrollStep.diff: the same steps over a second view that diffs the whole answer at every
// step instead of taking the visible window's changes (`_takesWindowChanges` off): the step
// before it took them.

import Cascade
import CascadeBenchKit
import CascadeView

extension Scenarios {
  func viewScrollStep(_ n: Int, _ collection: BenchCollection) {
    let source = BenchDataSource(collection: collection)
    for (name, takesWindowChanges) in [("view.scrollStep", true), ("view.scrollStep.diff", false)] where wants(name) {
      let view: CollectionView<BenchCell, WaterfallLayout>
      do {
        view = try source.makeView(collection: collection, bounds: Size(width: collection.width, height: Workload.viewportHeight))
      } catch {
        bench.log("  \(name): reloadData failed: \(error)")
        return
      }
      view._takesWindowChanges = takesWindowChanges
      let how = takesWindowChanges ? "" : ", diffing the whole answer each step"
      measureScrollSteps(name, n: n, view: view, warmUp: true,
                         note: "CollectionView.setContentOffset(_:) 16 pt per step, reuse pool, update dropped" + how) {}
    }
    withExtendedLifetime(source) {}
  }

  /// Measures `view` stepping 16 pt down the content (windows of steps past `scrollCap`), each
  /// step `before()` then `setContentOffset(_:)`; with `warmUp`, one pass first, so that the pool
  /// and the view's buffers reach their size.
  func measureScrollSteps(
    _ name: String, n: Int, view: CollectionView<BenchCell, WaterfallLayout>, warmUp: Bool, note: String,
    before: () throws(CollectionViewError) -> Void
  ) {
    let offsets = Workload.scrollOffsets(contentHeight: view.contentSize.height, cap: scrollCap)
    var position = 0
    if warmUp { for y in offsets { _ = try? view.setContentOffset(Point(x: 0, y: y)) } }
    bench.measure(name, n: n, unit: .perStep, note: note) { k in
      var sum = 0
      for _ in 0..<k {
        do {
          try before()
          try view.setContentOffset(Point(x: 0, y: offsets[position]))
        } catch {
          fatalError("\(name): \(error)")
        }
        position += 1
        if position == offsets.count { position = 0 }
        sum &+= view.numberOfDisplayedElements
      }
      return sum
    }
  }
}

/// A data source whose items can change, for view.batchUpdate.
final class MutableBenchDataSource: CollectionViewDataSource {
  typealias Cell = BenchCell
  typealias Layout = WaterfallLayout
  var items: [WaterfallItem]
  init(items: [WaterfallItem]) { self.items = items }

  func collectionView(_ view: CollectionView<BenchCell, WaterfallLayout>, numberOfItemsInSection section: Int) -> Int {
    items.count
  }

  func collectionView(_ view: CollectionView<BenchCell, WaterfallLayout>, layoutItemAt path: ItemPath) -> WaterfallItem {
    items[path.item]
  }

  func collectionView(
    _ view: CollectionView<BenchCell, WaterfallLayout>, cellForItemAt path: ItemPath
  ) throws(CollectionViewError) -> BenchCell {
    let cell = try view.dequeueReusableCell(withReuseIdentifier: "cell", for: path)
    cell.item = path.item
    return cell
  }
}

extension Scenarios {
  // view.batchUpdate: one `performBatchUpdates(_:)` near the end of the content, with the
  // viewport there: in turn, an item appended, a displayed item reloaded, the appended item
  // deleted. Measures the view's own work (planning, rollback record, remap, anchoring,
  // refresh) more than the layout's, which recomputes at most one checkpoint block.
  func viewBatchUpdate(_ n: Int, _ collection: BenchCollection) {
    // One section of the collection's items, at its width and parameters, without headers and
    // footers (this data source serves items only).
    let source = MutableBenchDataSource(items: collection.sections.flatMap(\.items))
    var parameters = collection.parameters
    parameters.header = 0
    parameters.footer = 0
    let view = CollectionView<BenchCell, WaterfallLayout>(
      layout: mustSucceed("empty layout") { try WaterfallLayout(width: collection.width, parameters: parameters) },
      bounds: Size(width: collection.width, height: Workload.viewportHeight))
    view.register(forCellWithReuseIdentifier: "cell", prepareForReuse: { $0.prepareForReuse() }) { BenchCell() }
    view.dataSource = source
    do {
      try view.reloadData()
      try view.setContentOffset(Point(x: 0, y: view.maximumContentOffsetY))
    } catch {
      bench.log("  view.batchUpdate: setup failed: \(error)")
      return
    }
    var phase = 0
    bench.measure("view.batchUpdate", n: n, unit: .perUpdate,
                  note: "performBatchUpdates(_:) near the end: append, reload a displayed item, delete") { k in
      var sum = 0
      for _ in 0..<k {
        let count = source.items.count
        let updates: [BatchUpdate]
        switch phase {
        case 0:
          source.items.append(120)
          updates = [.insertItems(count..<(count + 1), section: 0)]
        case 1:
          updates = [.reloadItems((count - 3)..<(count - 2), section: 0)]
        default:
          source.items.removeLast()
          updates = [.deleteItems((count - 1)..<count, section: 0)]
        }
        phase = (phase + 1) % 3
        do {
          try view.performBatchUpdates(updates)
        } catch {
          fatalError("view.batchUpdate: \(error)")
        }
        sum &+= view.numberOfDisplayedElements
      }
      return sum
    }
    withExtendedLifetime(source) {}
  }
}
