// The scenarios of Docs/Benchmarks.md. Each measurement's name starts with its scenario's name,
// and its baselines' names extend it (`query.random.linearScan`), so `--filter query.random` runs
// a scenario with its baselines.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Cascade
import CascadeBenchKit

/// The primary benchmarks and what each is compared with, in report order.
let comparisons: [(primary: String, baselines: [String])] = [
  ("layout.full", ["layout.full.seedBaseline", "layout.full.writeFrames", "layout.full.readItems", "layout.full.shortestFirst"]),
  ("layout.full.inPlace", ["layout.full.writeFrames", "layout.full", "layout.full.shortestFirst"]),
  ("layout.full.smallSections", ["layout.full"]),
  ("layout.resize", ["layout.full.inPlace"]),
  ("query.random", ["query.random.linearScan", "query.random.unionRects", "query.random.implicitIntervalTree"]),
  ("query.scroll", ["query.scroll.search", "query.scroll.linearScan", "query.scroll.unionRects"]),
  ("query.jump", ["query.random"]),
  ("query.element", ["query.element.flatArray"]),
  ("append.batch", ["layout.full"]),
  ("update.middle", ["update.middle.relayout"]),
  ("update.keepColumns", ["update.middle"]),
  ("view.scrollStep", ["view.scrollStep.diff", "query.scroll"]),
  ("view.batchUpdate", []),
  ("view.reload", ["view.reload.freshLayout"]),
  ("view.reload.wholeSections", ["view.reload", "view.reload.freshLayout"]),
  ("view.reload.peakMemory", ["view.reload.peakMemory.freshLayout"]),
  ("view.reload.wholeSections.peakMemory", ["view.reload.peakMemory", "view.reload.peakMemory.freshLayout"]),
  ("view.measureStorm", ["view.measureStorm.scrollStep", "view.measureStorm.noInitialFrames", "view.measureStorm.displayed"]),
  ("trace.query", ["trace.query.linearScan", "trace.query.unionRects"]),
  ("trace.view", ["trace.query"]),
  ("memory.bytesPerItem", ["memory.bytesPerItem.seedBaseline"]),
  ("session.pages", ["session.pages.corePage"]),
  ("session.pipe", ["session.pages"]),
  ("json.write", ["json.write.foundation", "json.write.memcpy"]),
  ("json.parse", ["json.parse.foundation", "json.parse.memchr"]),
  ("json.document", ["json.document.tree"]),
]

/// Every benchmark name, for `--list` and for checking `--filter`.
let allBenchmarks: [String] = comparisons.flatMap { [$0.primary] + $0.baselines }.reduce(into: []) {
  if !$0.contains($1) { $0.append($1) }
}

/// What the scenarios run on.
struct BenchInput {
  var collection: BenchCollection
  /// The 1,000 items `append.batch` appends.
  var appendItems: [WaterfallItem]
  /// Whether `update.middle` splits the collection into 10 equal sections first (the one-section
  /// built-in collections, as the bench always did for the uniform one).
  var splitForUpdates: Bool
  /// The built-in collection's distribution and seed, from which a child process builds it
  /// again (view.reload.peakMemory); `nil` for a document.
  var builtIn: (distribution: String, seed: UInt64)? = nil
}

struct Scenarios {
  let bench: Bench
  let filter: String?
  let quick: Bool

  func wants(_ name: String) -> Bool { filter.map { name.hasPrefix($0) } ?? true }
  func wantsAny(_ prefix: String) -> Bool {
    allBenchmarks.contains { $0.hasPrefix(prefix) && wants($0) }
  }

  /// The scenarios on one collection. The layout and the frames are built once and shared.
  func run(_ input: BenchInput, traces: [NamedTrace], budgetNs: Double) {
    let collection = input.collection
    let n = collection.itemCount
    bench.collection = collection.name
    bench.log("\(collection.name), n = \(groupThousands(n))")
    if wantsAny("layout.full") || wantsAny("layout.resize") { layoutFull(n, collection) }
    if wantsAny("query") {
      let layout = Workload.layout(collection)
      let flat = FlatElements(layout)
      let unions = UnionRectsIndex(frames: flat.frames)
      checkAgreement(layout, flat, unions, width: collection.width)
      if wantsAny("query.random") || wants("query.jump") { queryRandom(n, layout, flat.frames, unions, width: collection.width) }
      if wantsAny("query.scroll") { queryScroll(n, layout, flat.frames, unions, width: collection.width) }
      if wantsAny("query.element") { queryElement(n, layout, flat) }
    }
    if wantsAny("view.scrollStep") { viewScrollStep(n, collection) }
    if wants("view.batchUpdate") { viewBatchUpdate(n, collection) }
    if wantsAny("view.reload") { viewReload(n, collection, builtIn: input.builtIn) }
    if wantsAny("view.measureStorm") { viewMeasureStorm(n, collection) }
    if wantsAny("trace") {
      // Each replay lays the collection out at the trace's width and extracts its own frames.
      for trace in traces { traceReplay(n, collection, trace, budgetNs: budgetNs) }
    }
    if wants("append.batch") { appendBatch(n, collection, input.appendItems) }
    // The JSON layer: up to 1M items (a 10M document is ~200 MB of text).
    if n <= 1_000_000 && (wantsAny("session") || wantsAny("json")) { jsonScenarios(n, collection) }
    if wantsAny("update.middle") || wantsAny("update.keepColumns") { updateMiddle(n, collection, split: input.splitForUpdates) }
  }

  // MARK: layout.full

  func layoutFull(_ n: Int, _ collection: BenchCollection) {
    let seedShape = collection.seedRecipeShape
    if wants("layout.full.seedBaseline") {
      if let shape = seedShape {
        // The seed must place items where Cascade does, or the comparison means nothing.
        let cascade = Workload.layout(collection)
        var seed = makeSeed(shape, width: collection.width)
        seed.prepare()
        if seed.contentHeight != cascade.contentSize.height {
          bench.log("  WARNING: seed baseline content height \(seed.contentHeight) != Cascade's \(cascade.contentSize.height)")
        }
      } else {
        bench.log("  layout.full.seedBaseline: skipped (the seed recipe lays out one section of one-column items with no header, footer or insets)")
      }
    }
    if wants("layout.full.writeFrames") {
      // The floor: n frames written to a fresh array, no placement, no index. Measured first:
      // glibc serves a block under its mmap threshold (raised by each larger block freed, up
      // to 32 MiB) from the heap it keeps, without page faults, so the floor's figure depends
      // on which blocks were freed before it. First, it meets the state it sets itself (its
      // own 32 MB array freed raises the threshold over it at 1M), whatever ran before.
      let heights: [Double] = collection.sections.flatMap(\.items).map { item in
        switch item.measure {
        case .height(let h): h
        case .size(let w, let h): h * 248.5 / w
        }
      }
      bench.measureBuild("layout.full.writeFrames", n: n, unit: .perItem, unitsPerOp: Double(Swift.max(1, n)),
                         note: "only n frames written to a fresh [Rect] (the cost floor of a full layout)") {
        heights.withUnsafeBufferPointer { writeFrames($0, columnWidth: 248.5) }
      } consume: { $0.count &+ Int($0.last?.maxY ?? 0) }
    }
    if wants("layout.full.shortestFirst") {
      // The chain no placement can split: each item's y, shortest column first, and nothing
      // else (`shortestFirstYs`). Its y's must be Cascade's, or the ratio compares other work.
      if let shape = seedShape, shape.columns <= 4 {
        // Built here and freed at once, as the seed's check does: a layout held through the
        // timings would change what the allocator gives the builds measured after it.
        let cascade = Workload.layout(collection)
        var expected = 0.0
        _ = cascade.forEachItemFrame(inSection: 0) { _, frame in
          expected += frame.minY
          return true
        }
        let heights = shape.heights
        let ys = heights.withUnsafeBufferPointer { shortestFirstYs($0, columns: shape.columns, spacing: shape.spacing) }
        if ys.bitPattern != expected.bitPattern {
          bench.log("  WARNING: layout.full.shortestFirst's y's add up to \(ys), Cascade's to \(expected)")
        }
        bench.measureBuild("layout.full.shortestFirst", n: n, unit: .perItem, unitsPerOp: Double(Swift.max(1, n)),
                           note: "only each item's y, shortest column first (the chain every placement waits on)") {
          heights.withUnsafeBufferPointer { shortestFirstYs($0, columns: shape.columns, spacing: shape.spacing) }
        } consume: { Int(truncatingIfNeeded: $0.bitPattern) }
      } else {
        bench.log("  layout.full.shortestFirst: skipped (one section of one-column items in one to four columns, no header, footer or insets)")
      }
    }
    if wants("layout.full.readItems") {
      // The input's floor: the sections' items (56 bytes each at 1M, 56 MB, past every cache)
      // read once, which any layout built from them pays before it places anything.
      let sections = collection.sections
      bench.measureBuild("layout.full.readItems", n: n, unit: .perItem, unitsPerOp: Double(Swift.max(1, n)),
                         note: "only every item of [WaterfallItem] read once (the input's share of a full layout)") {
        readItems(sections)
      } consume: { Int($0.magnitude.truncatingRemainder(dividingBy: 1_073_741_824)) }
    }
    if wants("layout.full") {
      measureLayoutBuild("layout.full", n, collection, note: "WaterfallLayout(width:parameters:sections:), index included")
    }
    if wants("layout.full.smallSections") {
      // The same items in sections of 20 (a photo library grouped by day), each keeping its
      // section's parameters: what a section costs beyond its items (its arrays, its index's
      // lanes, its origin), against `layout.full` of the same items in the same run.
      var small = collection
      small.sections = collection.sections.flatMap { section in
        stride(from: 0, to: section.items.count, by: 20).map { k in
          WaterfallSection(parameters: section.parameters, items: Array(section.items[k..<Swift.min(k + 20, section.items.count)]))
        }
      }
      measureLayoutBuild("layout.full.smallSections", n, small, note: "the same items in sections of 20, index included")
    }
    if wants("layout.full.inPlace") || wants("layout.resize") {
      // The full relayout of a layout you already hold, uniquely referenced, so its storage is
      // reused: every section's parameters set again (the same ones), which places every item
      // afresh. (A width change did this until height items kept their places through one:
      // that is `layout.resize` now.)
      var layout = Workload.layout(collection)
      let again = collection.sections.indices.map {
        WaterfallLayout.Change.setSectionParameters(collection.sections[$0].parameters, section: $0)
      }
      bench.measurePrepared("layout.full.inPlace", n: n, unit: .perItem, unitsPerOp: Double(Swift.max(1, n)),
                            note: "apply([.setSectionParameters(_, section: _)]) of every section, on a layout held once: every item placed again, in its storage",
                            state: &layout) { _ in
      } operation: { layout in
        mustSucceed("parameters of \(collection.name) set again") { try layout.apply(again) }
        return Int(layout.contentSize.height)
      }
    }
    if wants("layout.resize") {
      // A live resize's step: a width change of a layout you hold, two widths in turn (the
      // collection's, and one point less: the same column count). Items that are heights keep
      // their places (a section of them costs O(1)); sizes are placed again at the new width.
      var layout = Workload.layout(collection)
      // Both batches made before the clock: the operation's allocations are the layout's.
      let batches = [collection.width - 1, collection.width].map { [WaterfallLayout.Change.setWidth($0)] }
      var turn = 0
      bench.measurePrepared("layout.resize", n: n, unit: .perItem, unitsPerOp: Double(Swift.max(1, n)),
                            note: "apply([.setWidth(_)]) within a column count, on a layout held once",
                            state: &layout) { _ in
      } operation: { layout in
        mustSucceed("width change of \(collection.name)") { try layout.apply(batches[turn & 1]) }
        turn &+= 1
        return Int(layout.contentSize.height)
      }
    }
    if wants("layout.full.seedBaseline"), let shape = seedShape {
      bench.measureBuild("layout.full.seedBaseline", n: n, unit: .perItem, unitsPerOp: Double(Swift.max(1, n)),
                         note: "one class instance per item, column heights scanned") {
        var seed = makeSeed(shape, width: collection.width)
        seed.prepare()
        return seed
      } consume: { $0.attributes.count &+ Int($0.contentHeight) }
    }
  }

  /// Measures `WaterfallLayout(width:parameters:sections:)` of the collection, per item.
  func measureLayoutBuild(_ name: String, _ n: Int, _ collection: BenchCollection, note: String) {
    bench.measureBuild(name, n: n, unit: .perItem, unitsPerOp: Double(Swift.max(1, n)), note: note) {
      Workload.layout(collection)
    } consume: { Int($0.contentSize.height) }
  }

  func makeSeed(_ shape: (columns: Int, spacing: Double, heights: [Double]), width: Double) -> SeedWaterfallLayout {
    let heights = shape.heights
    return SeedWaterfallLayout(width: width, columnCount: shape.columns, spacing: shape.spacing,
                               numberOfItems: heights.count) { heights[$0.item] }
  }

  // MARK: queries

  /// The three methods must find the same elements, or the comparison means nothing.
  func checkAgreement(_ layout: WaterfallLayout, _ flat: FlatElements, _ unions: UnionRectsIndex, width: Double) {
    var a: [LayoutAttributes] = []
    var b: [Int] = [], c: [Int] = []
    for rect in Workload.randomViewports(64, width: width, contentHeight: layout.contentSize.height, seed: 7) {
      a.removeAll(keepingCapacity: true); b.removeAll(keepingCapacity: true); c.removeAll(keepingCapacity: true)
      layout.elements(in: rect, into: &a)
      flat.frames.withUnsafeBufferPointer { linearScan($0, rect, into: &b) }
      unions.elements(in: rect, into: &c)
      if a.map({ flat.index(of: $0.path) }) != b || b != c {
        bench.log("  WARNING: query answers differ at \(rect): Cascade \(a.count), linear \(b.count), unions \(c.count)")
        return
      }
    }
  }

  /// Logs a warning unless a `VisibleWindow` moved through `rects` in turn answers what
  /// `elements(in:into:)` answers at each: the window's comparisons with the search mean nothing
  /// otherwise. O(moves · (log n + k)).
  func checkWindow(_ layout: WaterfallLayout, through rects: some Sequence<Rect>) {
    var window = VisibleWindow()
    var answer: [LayoutAttributes] = []
    for rect in rects {
      layout.moveWindow(&window, to: rect)
      answer.removeAll(keepingCapacity: true)
      layout.elements(in: rect, into: &answer)
      if window.elements != answer {
        bench.log("  WARNING: the visible window differs from the search at \(rect)")
        return
      }
    }
  }

  func queryRandom(_ n: Int, _ layout: WaterfallLayout, _ frames: [Rect], _ unions: UnionRectsIndex, width: Double) {
    let rects = Workload.randomViewports(4096, width: width, contentHeight: layout.contentSize.height)
    var attributes: [LayoutAttributes] = []
    attributes.reserveCapacity(256)
    var ids: [Int] = []
    ids.reserveCapacity(256)
    var q = 0
    let size = "\(points(width))x\(points(Workload.viewportHeight))"
    let cascade = (name: "query.random",
                   note: "elements(in:into:) of a \(size) viewport at a random offset, reused buffer")
    /// `k` queries, of the viewports in turn from where the last call left off, each made by
    /// `query`, which answers into its buffer and returns what the checksum takes of it.
    @inline(__always) func queries(_ k: Int, _ query: (Rect) -> Int) -> Int {
      var sum = 0
      for _ in 0..<k {
        sum &+= query(rects[q & 4095])
        q &+= 1
      }
      return sum
    }
    /// `query` into the ids' buffer: their count and first id.
    @inline(__always) func idQueries(_ k: Int, _ query: (Rect, inout [Int]) -> Void) -> Int {
      queries(k) { rect in
        ids.removeAll(keepingCapacity: true)
        query(rect, &ids)
        return ids.count &+ (ids.first ?? 0)
      }
    }
    func cascadeQueries(_ k: Int) -> Int {
      queries(k) { rect in
        attributes.removeAll(keepingCapacity: true)
        layout.elements(in: rect, into: &attributes)
        return attributes.count &+ (attributes.first?.path.item ?? 0)
      }
    }
    if wants("query.random.implicitIntervalTree") {
      let tree = ImplicitIntervalTree(frames: frames)
      // The same elements as Cascade, as a set, or the comparison means nothing.
      var answers: [LayoutAttributes] = []
      let flat = FlatElements(layout)
      for rect in Workload.randomViewports(64, width: width, contentHeight: layout.contentSize.height, seed: 7) {
        answers.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
        layout.elements(in: rect, into: &answers)
        tree.elements(in: rect, into: &ids)
        if Set(answers.map { flat.index(of: $0.path) }) != Set(ids) || answers.count != ids.count {
          bench.log("  WARNING: implicit interval tree answers differ at \(rect): Cascade \(answers.count), tree \(ids.count)")
          break
        }
      }
      let measurement = (name: "query.random.implicitIntervalTree",
                         note: "cgranges: intervals sorted by start, max-end augmented implicit tree")
      func treeQueries(_ k: Int) -> Int { idQueries(k) { tree.elements(in: $0, into: &$1) } }
      // The query and the tree, whose ratio is a target, take their samples in turn: measured
      // a second apart, with the linear scan between them, the ratio at 1M moved from 1.0 to 2.2
      // with the machine (Docs/Benchmarks.md, "How it measures").
      if wants("query.random") {
        bench.measureAlternating(cascade, measurement, n: n, unit: .perQuery, warmUp: rects.count,
                                 cascadeQueries, treeQueries)
      } else {
        bench.measure(measurement.name, n: n, unit: .perQuery, note: measurement.note, treeQueries)
      }
    } else if wants("query.random") {
      bench.measure(cascade.name, n: n, unit: .perQuery, note: cascade.note, cascadeQueries)
    }
    if wants("query.random.linearScan") {
      bench.measure("query.random.linearScan", n: n, unit: .perQuery, note: "every frame of a [Rect] tested") { k in
        frames.withUnsafeBufferPointer { frames in idQueries(k) { linearScan(frames, $0, into: &$1) } }
      }
    }
    if wants("query.random.unionRects") {
      bench.measure("query.random.unionRects", n: n, unit: .perQuery,
                    note: "CHTCollectionViewWaterfallLayout: unions of 20 frames scanned, then members") { k in
        idQueries(k) { unions.elements(in: $0, into: &$1) }
      }
    }
    if wants("query.jump") {
      // A scroll to a far place (`scrollToItem`, a scroll bar dragged): the visible window
      // moved to the same random viewports in turn, each move a jump, which searches and leaves
      // the cursors for a move near it to start (none comes), beside `query.random`, the search
      // alone.
      checkWindow(layout, through: rects.prefix(256))
      // Moved through every viewport once first, so that its buffers have grown to the largest
      // answer before the clock (a later, larger answer would grow them: an allocation).
      var window = VisibleWindow()
      for rect in rects { layout.moveWindow(&window, to: rect) }
      q = 0
      bench.measure("query.jump", n: n, unit: .perQuery,
                    note: "VisibleWindow moved to a \(size) viewport at a random offset: a jump, a search") { k in
        queries(k) { rect in
          layout.moveWindow(&window, to: rect)
          return window._counts.elements
        }
      }
    }
  }

  /// `layoutAttributes(for:)` of an item at random, beside reading its frame from a flat array.
  func queryElement(_ n: Int, _ layout: WaterfallLayout, _ flat: FlatElements) {
    // The paths are drawn from sections that have items: with none, there is nothing to look up.
    guard layout.numberOfItems > 0 else {
      bench.log("  query.element: skipped (the collection has no items)")
      return
    }
    var random = BenchRandom(seed: 5)
    let paths: [ElementPath] = (0..<4096).map { _ in
      var s = 0
      repeat { s = Int(random.uniform(0, Double(layout.numberOfSections))) } while layout.numberOfItems(inSection: s) == 0
      return .item(Int(random.uniform(0, Double(layout.numberOfItems(inSection: s)))), section: s)
    }
    var q = 0
    if wants("query.element") {
      // The answers must be the flat array's frames, or the comparison means nothing.
      for path in paths.prefix(256) where layout.layoutAttributes(for: path)?.frame != flat.frames[flat.index(of: path)] {
        bench.log("  WARNING: layoutAttributes(for: \(path)) differs from the flat frames")
        break
      }
      bench.measure("query.element", n: n, unit: .perQuery, note: "layoutAttributes(for:) of an item at random") { k in
        var sum = 0.0
        for _ in 0..<k {
          sum += layout.layoutAttributes(for: paths[q & 4095])?.frame.maxY ?? 0
          q &+= 1
        }
        return Int(sum) & 0xFFFF
      }
    }
    if wants("query.element.flatArray") {
      let indices = paths.map(flat.index(of:))
      bench.measure("query.element.flatArray", n: n, unit: .perQuery, note: "the frame read from a [Rect] of every element") { k in
        var sum = 0.0
        flat.frames.withUnsafeBufferPointer { frames in
          for _ in 0..<k {
            sum += frames[indices[q & 4095]].maxY
            q &+= 1
          }
        }
        return Int(sum) & 0xFFFF
      }
    }
  }

  /// Steps per scroll pass before the pass is sampled in windows.
  var scrollCap: Int { quick ? 4096 : 16384 }

  func queryScroll(_ n: Int, _ layout: WaterfallLayout, _ frames: [Rect], _ unions: UnionRectsIndex, width: Double) {
    let offsets = Workload.scrollOffsets(contentHeight: layout.contentSize.height, cap: scrollCap)
    let note = offsets.count < scrollCap
      ? "the whole content, \(offsets.count) steps of 16 pt"
      : "\(offsets.count) steps of 16 pt in 64 windows spread over the content"
    var attributes: [LayoutAttributes] = []
    attributes.reserveCapacity(256)
    var ids: [Int] = []
    ids.reserveCapacity(256)
    var position = 0
    func viewport() -> Rect {
      let y = offsets[position]
      position += 1
      if position == offsets.count { position = 0 }
      return Rect(x: 0, y: y, width: width, height: Workload.viewportHeight)
    }
    if wants("query.scroll") {
      checkWindow(layout, through: offsets.prefix(2048).map { Rect(x: 0, y: $0, width: width, height: Workload.viewportHeight) })
      var window = VisibleWindow()
      bench.measure("query.scroll", n: n, unit: .perStep, note: "VisibleWindow moved: " + note) { k in
        var sum = 0
        for _ in 0..<k {
          layout.moveWindow(&window, to: viewport())
          sum &+= window.elements.count
        }
        return sum
      }
    }
    position = 0
    if wants("query.scroll.search") {
      bench.measure("query.scroll.search", n: n, unit: .perStep, note: "elements(in:into:) each step: " + note) { k in
        var sum = 0
        for _ in 0..<k {
          attributes.removeAll(keepingCapacity: true)
          layout.elements(in: viewport(), into: &attributes)
          sum &+= attributes.count
        }
        return sum
      }
    }
    position = 0
    if wants("query.scroll.linearScan") {
      bench.measure("query.scroll.linearScan", n: n, unit: .perStep, note: note) { k in
        var sum = 0
        frames.withUnsafeBufferPointer { frames in
          for _ in 0..<k {
            ids.removeAll(keepingCapacity: true)
            linearScan(frames, viewport(), into: &ids)
            sum &+= ids.count
          }
        }
        return sum
      }
    }
    position = 0
    if wants("query.scroll.unionRects") {
      bench.measure("query.scroll.unionRects", n: n, unit: .perStep, note: note) { k in
        var sum = 0
        for _ in 0..<k {
          ids.removeAll(keepingCapacity: true)
          unions.elements(in: viewport(), into: &ids)
          sum &+= ids.count
        }
        return sum
      }
    }
  }

  // MARK: changes

  /// Appends 1,000 items to the last section of the collection and times `apply`; the items
  /// are deleted again outside the clock, so every sample appends to a layout of exactly n.
  func appendBatch(_ n: Int, _ collection: BenchCollection, _ batch: [WaterfallItem]) {
    guard let section = collection.sections.indices.last, !batch.isEmpty else {
      bench.log("  append.batch: skipped (the collection has no sections or no items to append)")
      return
    }
    let count = collection.sections[section].items.count
    var layout = Workload.layout(collection)
    bench.measurePrepared("append.batch", n: n, unit: .perItem, unitsPerOp: Double(batch.count),
                          note: "apply([.appendItems(\(groupThousands(batch.count)) items)]) to the last section, ns per appended item",
                          state: &layout) { layout in
      mustSucceed("undoing the append") {
        try layout.apply([.deleteItems(count..<layout.numberOfItems(inSection: section), section: section)])
      }
    } operation: { layout in
      mustSucceed("append") { try layout.apply([.appendItems(batch, section: section)]) }
      return Int(layout.contentSize.height)
    }
  }

  /// Resizes the middle item of the largest section (the last of equal ones), alternating
  /// between two heights; the one-section built-in collections are first split into 10 equal
  /// sections.
  func updateMiddle(_ n: Int, _ collection: BenchCollection, split: Bool) {
    var collection = collection
    if split, collection.sections.count == 1 {
      let items = collection.sections[0].items
      let per = items.count / 10
      collection.sections = (0..<10).map { s in WaterfallSection(items: Array(items[(s * per)..<((s + 1) * per)])) }
    }
    guard let section = collection.sections.indices.reversed().max(by: {
      collection.sections[$0].items.count < collection.sections[$1].items.count
    }), !collection.sections[section].items.isEmpty else {
      bench.log("  update.middle: skipped (no section has items)")
      return
    }
    let middle = collection.sections[section].items.count / 2
    let original = collection.sections[section].items[middle]
    let variants: [WaterfallItem]
    switch original.measure {
    case .height: variants = [.height(123, span: original.span), .height(234, span: original.span)]
    case .size(let w, let h): variants = [.size(width: w, height: h * 0.5, span: original.span), .size(width: w, height: h * 1.5, span: original.span)]
    }
    let sections = collection.sections.count
    if wants("update.middle") {
      var layout = Workload.layout(collection)
      var flip = 0
      bench.measure("update.middle", n: n, unit: .perUpdate,
                    note: "apply([.replaceItems([one item], at: \(middle), section: \(section))]) of \(sections) sections") { k in
        var sum = 0
        for _ in 0..<k {
          flip ^= 1
          mustSucceed("replace") { try layout.apply([.replaceItems([variants[flip]], at: middle, section: section)]) }
          sum &+= Int(layout.contentSize.height)
        }
        return sum
      }
    }
    if wants("update.keepColumns") {
      // The same change with keepColumns: every item remembers its column, so the change walks
      // only the changed item's column (Docs/Waterfall.md, "Keeping columns").
      var parameters = collection.parameters
      parameters.keepColumns = true
      var layout = mustSucceed("keepColumns layout") {
        try WaterfallLayout(width: collection.width, parameters: parameters,
                            sections: collection.sections)
      }
      var flip = 0
      bench.measure("update.keepColumns", n: n, unit: .perUpdate,
                    note: "update.middle's change with keepColumns: true (a column walk: only the items below it in its column move)") { k in
        var sum = 0
        for _ in 0..<k {
          flip ^= 1
          mustSucceed("replace") { try layout.apply([.replaceItems([variants[flip]], at: middle, section: section)]) }
          sum &+= Int(layout.contentSize.height)
        }
        return sum
      }
    }
    if wants("update.middle.relayout") {
      bench.measureBuild("update.middle.relayout", n: n, unit: .perUpdate, unitsPerOp: 1,
                         note: "the same \(sections) sections laid out from scratch") {
        Workload.layout(collection)
      } consume: { Int($0.contentSize.height) }
    }
  }

  // MARK: memory

  /// Resident memory added per item by building a layout of n items of `distribution`
  /// (records, index, checkpoints), and the seed's beside it when the collection has its shape.
  /// Each is measured in a fresh child process (`--memory-child`), so pages this process freed
  /// earlier and the allocator kept cannot hide part of the cost.
  func memory(n: Int, distribution: Distribution, seed: UInt64) {
    bench.collection = distribution.rawValue
    bench.log("memory, \(distribution.rawValue), n = \(groupThousands(n))")
    let seedApplies = distribution != .mixed
    for (name, kind) in [("memory.bytesPerItem", "cascade"), ("memory.bytesPerItem.seedBaseline", "seed")] where wants(name) {
      if kind == "seed" && !seedApplies {
        bench.log("  \(name): skipped (the seed recipe cannot lay out \(distribution.rawValue))")
        continue
      }
      recordMemoryChild(
        name, kind: "\(kind):\(distribution.rawValue):\(seed)", n: n,
        note: "VmRSS added by building the \(kind == "seed" ? "seed layout" : "layout") in a fresh process; nsPerOp is that one build")
    }
  }

  /// Runs `--memory-child kind n` and records its bytes per item as `name`.
  func recordMemoryChild(_ name: String, kind: String, n: Int, note: String) {
    guard let (bytes, ns) = runMemoryChild(kind: kind, n: n) else {
      return bench.log("  \(name): the child process failed")
    }
    bench.record(Measurement(
      benchmark: name, n: n, nsPerOp: ns, spread: (ns, ns), allocationsPerOp: nil,
      unit: .perItem, bytesPerItem: bytes, samples: 1, opsPerSample: 1, note: note))
  }
}

/// Runs `cascade-bench --memory-child KIND N` and reads back "bytesPerItem nsPerItem".
func runMemoryChild(kind: String, n: Int) -> (Double, Double)? {
  var path = [CChar](repeating: 0, count: 4096)
  let length = readlink("/proc/self/exe", &path, path.count - 1)
  guard length > 0 else { return nil }
  let exe = String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  guard let pipe = popen("'\(exe)' --memory-child \(kind) \(n)", "r") else { return nil }
  var output: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 256)
  while true {
    let got = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, pipe) }
    if got == 0 { break }
    output.append(contentsOf: chunk[0..<got])
  }
  guard pclose(pipe) == 0 else { return nil }
  let fields = String(decoding: output, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
  guard fields.count == 2, let bytes = Double(fields[0]), let ns = Double(fields[1]) else { return nil }
  return (bytes, ns)
}

/// The child's side: build one layout of n items, print the resident bytes it added per item
/// and the build time per item, keep it alive until then. `kind` is `cascade` or `seed`, then
/// the distribution and the seed: `cascade:photos:212585182`.
func memoryChild(kind: String, n: Int) -> String {
  let parts = kind.split(separator: ":").map(String.init)
  let distribution = parts.count > 1 ? Distribution(rawValue: parts[1]) ?? .uniform : .uniform
  let seed = parts.count > 2 ? UInt64(parts[2]) ?? Distribution.defaultSeed : Distribution.defaultSeed
  let collection = distribution.collection(items: n, seed: seed)
  if parts[0] == "reload" || parts[0] == "reloadWhole" || parts[0] == "reloadFresh" { return reloadMemoryChild(kind: parts[0], collection: collection) }
  let shape = parts[0] == "seed" ? collection.seedRecipeShape : nil
  let rss0 = residentBytes()
  let start = now()
  var keep = 0
  var layout: WaterfallLayout?
  var seedLayout: SeedWaterfallLayout?
  if let shape {
    let heights = shape.heights
    var built = SeedWaterfallLayout(width: collection.width, columnCount: shape.columns, spacing: shape.spacing,
                                    numberOfItems: n) { heights[$0.item] }
    built.prepare()
    seedLayout = built
  } else {
    layout = Workload.layout(collection)
  }
  let ns = Double(now() - start) / Double(n)
  let rss1 = residentBytes()
  keep = (layout?.numberOfItems ?? 0) + (seedLayout?.attributes.count ?? 0)
  // The inputs live until the end, or freeing them would be subtracted from the layout's cost.
  withExtendedLifetime((collection, shape)) { blackHole(keep) }
  return "\(Double(rss1 - rss0) / Double(n)) \(ns)"
}

/// Resident set size from /proc/self/statm (second field, in pages).
func residentBytes() -> Int {
  guard let bytes = readWholeFile("/proc/self/statm") else { return 0 }
  let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
