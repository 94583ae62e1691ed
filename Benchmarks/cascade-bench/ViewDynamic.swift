// view.reload and view.measureStorm: the collection view's full reload, and self-sizing.
//
// - view.reload: `reloadData()` of a loaded view over the collection (every item asked of the
//   data source, the layout rebuilt, every cell given back and the screen dequeued again),
//   against view.reload.freshLayout, a `WaterfallLayout` built from scratch from the same items.
//   Their peak memory, each in a fresh child process (`--memory-child reload:...` and
//   `reloadFresh:...`): view.reload.peakMemory against view.reload.peakMemory.freshLayout.
// - view.measureStorm: per frame, a measurement reported for every displayed item, then the
//   scroll step that applies them as one batch (keepColumns on), against
//   view.measureStorm.scrollStep, the same steps over the same view with no reports.
//
// Both run up to n = 1,000,000 (a reload of 10M items costs seconds and gigabytes).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Cascade
import CascadeBenchKit
import CascadeView

extension Scenarios {
  func viewReload(_ n: Int, _ collection: BenchCollection, builtIn: (distribution: String, seed: UInt64)?) {
    guard n <= 1_000_000 else { return bench.log("  view.reload: skipped above 1,000,000 items") }
    let source = BenchDataSource(collection: collection)
    let bounds = Size(width: collection.width, height: Workload.viewportHeight)
    if wants("view.reload.freshLayout") {
      measureLayoutBuild("view.reload.freshLayout", n, collection, note: "WaterfallLayout(width:parameters:sections:) from the same items")
    }
    if wants("view.reload") {
      let view: CollectionView<BenchCell, WaterfallLayout>
      do { view = try source.makeView(collection: collection, bounds: bounds) } catch {
        return bench.log("  view.reload: reloadData failed: \(error)")
      }
      _ = try? view.setContentOffset(Point(x: 0, y: view.maximumContentOffsetY / 2))
      bench.measure("view.reload", n: n, unit: .perItem, unitsPerOp: Double(Swift.max(1, n)),
                    note: "CollectionView.reloadData() of a loaded view, viewport mid-content") { k in
        var sum = 0
        for _ in 0..<k {
          do { try view.reloadData() } catch { fatalError("view.reload: \(error)") }
          sum &+= view.numberOfDisplayedElements
        }
        return sum
      }
    }
    for (name, kind) in [("view.reload.peakMemory", "reload"), ("view.reload.peakMemory.freshLayout", "reloadFresh")]
    where wants(name) {
      guard let (distribution, seed) = builtIn else {
        bench.log("  \(name): skipped (measured on the built-in collections only)")
        continue
      }
      let what = kind == "reload" ? "reloadData() of a loaded view" : "building the same layout afresh beside a loaded view"
      recordMemoryChild(name, kind: "\(kind):\(distribution):\(seed)", n: n,
                        note: "peak RSS (VmHWM) added by \(what) in a fresh process")
    }
    withExtendedLifetime(source) {}
  }

  func viewMeasureStorm(_ n: Int, _ collection: BenchCollection) {
    guard n <= 1_000_000 else { return bench.log("  view.measureStorm: skipped above 1,000,000 items") }
    var keeping = collection
    keeping.parameters.keepColumns = true
    for (name, reports) in [("view.measureStorm.scrollStep", false), ("view.measureStorm", true)] where wants(name) {
      let source = BenchDataSource(collection: keeping)
      let view: CollectionView<BenchCell, WaterfallLayout>
      do {
        view = try source.makeView(collection: keeping, bounds: Size(width: keeping.width, height: Workload.viewportHeight))
      } catch {
        return bench.log("  \(name): reloadData failed: \(error)")
      }
      let note = reports
        ? "per frame: reportMeasuredHeight(_:for:) for every displayed item, then the step that applies them (keepColumns)"
        : "the same steps, keepColumns, no reports"
      measureScrollSteps(name, n: n, view: view, warmUp: false, note: note) { () throws(CollectionViewError) in
        if reports { try reportAll(view) }
      }
      withExtendedLifetime(source) {}
    }
  }
}

/// A measured height for every displayed item: 2 to 9 rows of 16 points, a fixed function of
/// the item's path (the same item always measures the same).
func reportAll(_ view: CollectionView<BenchCell, WaterfallLayout>) throws(CollectionViewError) {
  var paths: [ItemPath] = []
  view.forEachDisplayedElement { element in
    if element.path.kind == .item { paths.append(ItemPath(item: element.path.item, section: element.path.section)) }
  }
  for path in paths {
    try view.reportMeasuredHeight(Double(16 * (2 + (path.item &* 2_654_435_761 &+ path.section) % 8)), for: path)
  }
}

/// The child's side of view.reload.peakMemory: a view loaded over the collection, then the peak
/// resident memory (VmHWM, reset through /proc/self/clear_refs) added per item by
/// `reloadData()` (`reload`) or by building the same layout afresh (`reloadFresh`), and that
/// operation's time per item.
func reloadMemoryChild(kind: String, collection: BenchCollection) -> String {
  let n = Swift.max(1, collection.itemCount)
  let source = BenchDataSource(collection: collection)
  guard let view = try? source.makeView(collection: collection, bounds: Size(width: collection.width, height: Workload.viewportHeight))
  else { return "0 0" }
  resetPeakResident()
  let rss0 = residentBytes()
  let start = now()
  var fresh: WaterfallLayout?
  if kind == "reload" {
    _ = try? view.reloadData()
  } else {
    fresh = Workload.layout(collection)
  }
  let ns = Double(now() - start) / Double(n)
  let peak = peakResidentBytes()
  withExtendedLifetime((source, view, fresh)) {}
  return "\(Double(peak - rss0) / Double(n)) \(ns)"
}

/// Resets the peak resident set size (`echo 5 > /proc/self/clear_refs`, Linux 4.0 and later).
func resetPeakResident() {
  guard let file = fopen("/proc/self/clear_refs", "w") else { return }
  fputs("5", file)
  fclose(file)
}

/// The peak resident set size, VmHWM of /proc/self/status, in bytes.
func peakResidentBytes() -> Int {
  guard let bytes = readWholeFile("/proc/self/status") else { return 0 }
  for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
    let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return digits * 1024
  }
  return 0
}
