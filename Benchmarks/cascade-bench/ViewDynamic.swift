// view.reload and view.measureStorm: the collection view's full reload, and self-sizing.
//
// - view.reload: `reloadData()` of a loaded view over the collection (every item asked of the
//   data source, the layout rebuilt, every cell given back and the screen dequeued again),
//   against view.reload.freshLayout, a `WaterfallLayout` built from scratch from the same items.
//   view.reload.wholeSections: the same reload from a data source that gives each section's
//   items at once (`collectionView(_:layoutItemsInSection:)`), against both.
//   Their peak memory, each in a fresh child process (`--memory-child reload:...`,
//   `reloadWhole:...` and `reloadFresh:...`): view.reload.peakMemory and
//   view.reload.wholeSections.peakMemory against view.reload.peakMemory.freshLayout.
// - view.measureStorm: per frame, 1,000 measured sizes reported (the 1,000 items from the first
//   displayed one on, as a toolkit that measures ahead of the viewport would), every one a
//   change, then the scroll step that applies them as one batch (keepColumns on), against
//   view.measureStorm.scrollStep, the same steps over the same view with no reports.
//   view.measureStorm.noInitialFrames: the same with `reportsInitialFrames` off (one layout
//   batch a frame instead of three); view.measureStorm.displayed reports for the displayed
//   items only (~20-30 a frame).
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
    let whole = BenchDataSource(collection: collection, givesWholeSections: true)
    for (name, source, note) in [
      (name: "view.reload", source: source, note: "CollectionView.reloadData() of a loaded view, viewport mid-content"),
      ("view.reload.wholeSections", whole, "the same, the data source giving each section's items at once"),
    ] where wants(name) {
      let view: CollectionView<BenchCell, WaterfallLayout>
      do { view = try source.makeView(collection: collection, bounds: bounds) } catch {
        return bench.log("  \(name): reloadData failed: \(error)")
      }
      _ = try? view.setContentOffset(Point(x: 0, y: view.maximumContentOffsetY / 2))
      bench.measure(name, n: n, unit: .perItem, unitsPerOp: Double(Swift.max(1, n)), note: note) { k in
        var sum = 0
        for _ in 0..<k {
          do { try view.reloadData() } catch { fatalError("\(name): \(error)") }
          sum &+= view.numberOfDisplayedElements
        }
        return sum
      }
    }
    for (name, kind) in [
      ("view.reload.peakMemory", "reload"), ("view.reload.wholeSections.peakMemory", "reloadWhole"),
      ("view.reload.peakMemory.freshLayout", "reloadFresh"),
    ] where wants(name) {
      guard let (distribution, seed) = builtIn else {
        bench.log("  \(name): skipped (measured on the built-in collections only)")
        continue
      }
      let what = switch kind {
      case "reload": "reloadData() of a loaded view"
      case "reloadWhole": "reloadData() of a loaded view, the data source giving whole sections"
      default: "building the same layout afresh beside a loaded view"
      }
      recordMemoryChild(name, kind: "\(kind):\(distribution):\(seed)", n: n,
                        note: "peak RSS (VmHWM) added by \(what) in a fresh process")
    }
    withExtendedLifetime((source, whole)) {}
  }

  func viewMeasureStorm(_ n: Int, _ collection: BenchCollection) {
    guard n <= 1_000_000 else { return bench.log("  view.measureStorm: skipped above 1,000,000 items") }
    var keeping = collection
    keeping.parameters.keepColumns = true
    let ahead = MeasurementStorm.ahead(MeasurementStorm.reportsPerFrame)
    let variants: [(name: String, storm: MeasurementStorm?, initialFrames: Bool, note: String)] = [
      ("view.measureStorm.scrollStep", nil, true, "the same steps, keepColumns, no reports"),
      ("view.measureStorm", ahead, true,
       "per frame: reportMeasuredHeight(_:for:) for the \(MeasurementStorm.reportsPerFrame) items from the first displayed one, each a change, then the step that applies them (keepColumns)"),
      ("view.measureStorm.noInitialFrames", ahead, false,
       "the same frames with reportsInitialFrames off: no frames before the batch for the scrolled-in elements"),
      ("view.measureStorm.displayed", .displayed, true,
       "per frame: reportMeasuredHeight(_:for:) for every displayed item, each a change, then the step that applies them (keepColumns)"),
    ]
    for variant in variants where wants(variant.name) {
      let source = BenchDataSource(collection: keeping)
      let view: CollectionView<BenchCell, WaterfallLayout>
      do {
        view = try source.makeView(collection: keeping, bounds: Size(width: keeping.width, height: Workload.viewportHeight))
      } catch {
        return bench.log("  \(variant.name): reloadData failed: \(error)")
      }
      view.reportsInitialFrames = variant.initialFrames
      var frame = 0
      var paths: [ItemPath] = []
      measureScrollSteps(variant.name, n: n, view: view, warmUp: false, note: variant.note) { () throws(CollectionViewError) in
        guard let storm = variant.storm else { return }
        frame &+= 1
        try storm.report(into: view, frame: frame, paths: &paths, sections: keeping.sections)
      }
      withExtendedLifetime(source) {}
    }
  }
}

/// Which items a frame of view.measureStorm reports a measured height for.
enum MeasurementStorm {
  /// The reports a frame of view.measureStorm makes.
  static let reportsPerFrame = 1_000

  /// The `count` items from the first displayed item on, in path order (across sections).
  case ahead(Int)
  /// Every displayed item.
  case displayed

  /// Reports a height for this storm's items: 2 to 9 rows of 16 points, a fixed function of
  /// the item's path, plus 8 points in odd frames, so that every report changes the item's size.
  /// `paths` is scratch storage, kept by the caller so that frames do not allocate it again.
  ///
  /// - Complexity: O(r) reports, each O(1) amortized (``CollectionView/reportMeasuredHeight(_:for:)``),
  ///   and O(d) for the d displayed elements.
  func report(
    into view: CollectionView<BenchCell, WaterfallLayout>, frame: Int, paths: inout [ItemPath], sections: [WaterfallSection]
  ) throws(CollectionViewError) {
    paths.removeAll(keepingCapacity: true)
    var first: ItemPath?
    view.forEachDisplayedElement { element in
      guard element.path.kind == .item else { return }
      let path = ItemPath(item: element.path.item, section: element.path.section)
      switch self {
      case .displayed: paths.append(path)
      case .ahead:
        if let f = first, (f.section, f.item) <= (path.section, path.item) { return }
        first = path
      }
    }
    if case .ahead(let count) = self, var path = first {
      while paths.count < count, path.section < sections.count {
        if path.item < sections[path.section].items.count {
          paths.append(path)
          path.item += 1
        } else {
          path = ItemPath(item: 0, section: path.section + 1)
        }
      }
    }
    let odd = frame & 1 == 1
    for path in paths {
      let rows = 2 + (path.item &* 2_654_435_761 &+ path.section) % 8
      try view.reportMeasuredHeight(Double(16 * rows) + (odd ? 8 : 0), for: path)
    }
  }
}

/// The child's side of view.reload.peakMemory: a view loaded over the collection, then the peak
/// resident memory (VmHWM, reset through /proc/self/clear_refs) added per item by
/// `reloadData()` (`reload`; `reloadWhole` from a data source giving whole sections) or by
/// building the same layout afresh (`reloadFresh`), and that operation's time per item.
func reloadMemoryChild(kind: String, collection: BenchCollection) -> String {
  let n = Swift.max(1, collection.itemCount)
  let source = BenchDataSource(collection: collection, givesWholeSections: kind == "reloadWhole")
  guard let view = try? source.makeView(collection: collection, bounds: Size(width: collection.width, height: Workload.viewportHeight))
  else { return "0 0" }
  resetPeakResident()
  let rss0 = residentBytes()
  let start = now()
  var fresh: WaterfallLayout?
  if kind == "reload" || kind == "reloadWhole" {
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
