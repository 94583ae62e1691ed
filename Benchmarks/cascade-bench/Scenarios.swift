// The scenarios of Docs/Benchmarks.md. Each measurement's name starts with its scenario's name,
// and its baselines' names extend it (`query.random.linearScan`), so `--filter query.random` runs
// a scenario with its baselines.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Cascade

/// The primary benchmarks and what each is compared with, in report order.
let comparisons: [(primary: String, baselines: [String])] = [
  ("layout.full", ["layout.full.seedBaseline"]),
  ("query.random", ["query.random.linearScan", "query.random.unionRects"]),
  ("query.scroll", ["query.scroll.linearScan", "query.scroll.unionRects"]),
  ("append.batch", ["layout.full"]),
  ("update.middle", ["update.middle.relayout"]),
  ("view.scrollStep", ["query.scroll"]),
  ("view.batchUpdate", []),
  ("memory.bytesPerItem", ["memory.bytesPerItem.seedBaseline"]),
]

/// Every benchmark name, for `--list` and for checking `--filter`.
let allBenchmarks: [String] = comparisons.flatMap { [$0.primary] + $0.baselines }.reduce(into: []) {
  if !$0.contains($1) { $0.append($1) }
}

struct Scenarios {
  let bench: Bench
  let filter: String?
  let quick: Bool

  func wants(_ name: String) -> Bool { filter.map { name.hasPrefix($0) } ?? true }
  func wantsAny(_ prefix: String) -> Bool {
    allBenchmarks.contains { $0.hasPrefix(prefix) && wants($0) }
  }

  /// The scenarios at one size. The layout and the frames are built once and shared.
  func run(n: Int) {
    bench.log("n = \(groupThousands(n))")
    let heights = Workload.heights(n)
    let items = Workload.items(heights)
    if wantsAny("layout.full") { layoutFull(n, heights, items) }
    if wantsAny("query") || wantsAny("view") {
      let layout = Workload.layout(items)
      let frames = Workload.frames(of: layout)
      let unions = UnionRectsIndex(frames: frames)
      checkAgreement(layout, frames, unions)
      if wantsAny("query.random") { queryRandom(n, layout, frames, unions) }
      if wantsAny("query.scroll") { queryScroll(n, layout, frames, unions) }
      if wants("view.scrollStep") { viewScrollStep(n, items, contentHeight: layout.contentSize.height) }
      if wants("view.batchUpdate") { viewBatchUpdate(n, items) }
    }
    if wants("append.batch") { appendBatch(n, items) }
    if wantsAny("update.middle") { updateMiddle(n, items) }
  }

  // MARK: layout.full

  func layoutFull(_ n: Int, _ heights: [Double], _ items: [WaterfallItem]) {
    if wants("layout.full.seedBaseline") {
      // The seed must place items where Cascade does, or the comparison means nothing.
      let cascade = Workload.layout(items)
      var seed = makeSeed(heights)
      seed.prepare()
      if seed.contentHeight != cascade.contentSize.height {
        bench.log("  WARNING: seed baseline content height \(seed.contentHeight) != Cascade's \(cascade.contentSize.height)")
      }
    }
    if wants("layout.full") {
      bench.measureBuild("layout.full", n: n, unit: .perItem, unitsPerOp: Double(n),
                         note: "WaterfallLayout(width:parameters:sections:), index included") {
        Workload.layout(items)
      } consume: { Int($0.contentSize.height) }
    }
    if wants("layout.full.seedBaseline") {
      bench.measureBuild("layout.full.seedBaseline", n: n, unit: .perItem, unitsPerOp: Double(n),
                         note: "one class instance per item, column heights scanned") {
        var seed = makeSeed(heights)
        seed.prepare()
        return seed
      } consume: { $0.attributes.count &+ Int($0.contentHeight) }
    }
  }

  func makeSeed(_ heights: [Double]) -> SeedWaterfallLayout {
    SeedWaterfallLayout(width: Workload.width, columnCount: Workload.columns, spacing: 10,
                        numberOfItems: heights.count) { heights[$0.item] }
  }

  // MARK: queries

  /// The three methods must find the same elements, or the comparison means nothing.
  func checkAgreement(_ layout: WaterfallLayout, _ frames: [Rect], _ unions: UnionRectsIndex) {
    var a: [LayoutAttributes] = []
    var b: [Int] = [], c: [Int] = []
    for rect in Workload.randomViewports(64, contentHeight: layout.contentSize.height, seed: 7) {
      a.removeAll(keepingCapacity: true); b.removeAll(keepingCapacity: true); c.removeAll(keepingCapacity: true)
      layout.elements(in: rect, into: &a)
      frames.withUnsafeBufferPointer { linearScan($0, rect, into: &b) }
      unions.elements(in: rect, into: &c)
      if a.map(\.path.item) != b || b != c {
        bench.log("  WARNING: query answers differ at \(rect): Cascade \(a.count), linear \(b.count), unions \(c.count)")
        return
      }
    }
  }

  func queryRandom(_ n: Int, _ layout: WaterfallLayout, _ frames: [Rect], _ unions: UnionRectsIndex) {
    let rects = Workload.randomViewports(4096, contentHeight: layout.contentSize.height)
    var attributes: [LayoutAttributes] = []
    attributes.reserveCapacity(256)
    var ids: [Int] = []
    ids.reserveCapacity(256)
    var q = 0
    if wants("query.random") {
      bench.measure("query.random", n: n, unit: .perQuery,
                    note: "elements(in:into:) of a 1024x844 viewport at a random offset, reused buffer") { k in
        var sum = 0
        for _ in 0..<k {
          attributes.removeAll(keepingCapacity: true)
          layout.elements(in: rects[q & 4095], into: &attributes)
          q &+= 1
          sum &+= attributes.count &+ (attributes.first?.path.item ?? 0)
        }
        return sum
      }
    }
    if wants("query.random.linearScan") {
      bench.measure("query.random.linearScan", n: n, unit: .perQuery, note: "every frame of a [Rect] tested") { k in
        var sum = 0
        frames.withUnsafeBufferPointer { frames in
          for _ in 0..<k {
            ids.removeAll(keepingCapacity: true)
            linearScan(frames, rects[q & 4095], into: &ids)
            q &+= 1
            sum &+= ids.count &+ (ids.first ?? 0)
          }
        }
        return sum
      }
    }
    if wants("query.random.unionRects") {
      bench.measure("query.random.unionRects", n: n, unit: .perQuery,
                    note: "CHTCollectionViewWaterfallLayout: unions of 20 frames scanned, then members") { k in
        var sum = 0
        for _ in 0..<k {
          ids.removeAll(keepingCapacity: true)
          unions.elements(in: rects[q & 4095], into: &ids)
          q &+= 1
          sum &+= ids.count &+ (ids.first ?? 0)
        }
        return sum
      }
    }
  }

  /// Steps per scroll pass before the pass is sampled in windows.
  var scrollCap: Int { quick ? 4096 : 16384 }

  func queryScroll(_ n: Int, _ layout: WaterfallLayout, _ frames: [Rect], _ unions: UnionRectsIndex) {
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
      return Rect(x: 0, y: y, width: Workload.width, height: Workload.viewportHeight)
    }
    if wants("query.scroll") {
      bench.measure("query.scroll", n: n, unit: .perStep, note: note) { k in
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

  /// Appends 1,000 items to a layout of n and times `apply`; the items are deleted again outside
  /// the clock, so every sample appends to a layout of exactly n.
  func appendBatch(_ n: Int, _ items: [WaterfallItem]) {
    let batch = Workload.items(Workload.heights(1000, seed: 99))
    var layout = Workload.layout(items)
    bench.measurePrepared("append.batch", n: n, unit: .perItem, unitsPerOp: Double(batch.count),
                          note: "apply([.appendItems(1,000 items)]), ns per appended item") {
      mustSucceed("undoing the append") {
        try layout.apply([.deleteItems(n..<layout.numberOfItems(inSection: 0), section: 0)])
      }
    } operation: {
      mustSucceed("append") { try layout.apply([.appendItems(batch, section: 0)]) }
      return Int(layout.contentSize.height)
    }
  }

  /// Resizes the middle item of the last of 10 equal sections.
  func updateMiddle(_ n: Int, _ items: [WaterfallItem]) {
    let per = n / 10
    let sections = (0..<10).map { s in WaterfallSection(items: Array(items[(s * per)..<((s + 1) * per)])) }
    func build() -> WaterfallLayout {
      mustSucceed("layout of 10 sections") {
        try WaterfallLayout(width: Workload.width, parameters: Workload.parameters, sections: sections)
      }
    }
    if wants("update.middle") {
      var layout = build()
      let middle = per / 2
      let heights: [WaterfallItem] = [.height(123), .height(234)]
      var flip = 0
      bench.measure("update.middle", n: n, unit: .perUpdate,
                    note: "apply([.replaceItems([one item], at: middle, section: 9)]) of 10 sections") { k in
        var sum = 0
        for _ in 0..<k {
          flip ^= 1
          mustSucceed("replace") { try layout.apply([.replaceItems([heights[flip]], at: middle, section: 9)]) }
          sum &+= Int(layout.contentSize.height)
        }
        return sum
      }
    }
    if wants("update.middle.relayout") {
      bench.measureBuild("update.middle.relayout", n: n, unit: .perUpdate, unitsPerOp: 1,
                         note: "the same 10 sections laid out from scratch") {
        build()
      } consume: { Int($0.contentSize.height) }
    }
  }

  // MARK: memory

  /// Resident memory added per item by building a layout of n items (records, index,
  /// checkpoints), and the seed's beside it. Each is measured in a fresh child process
  /// (`--memory-child`), so pages this process freed earlier and the allocator kept cannot hide
  /// part of the cost.
  func memory(n: Int) {
    bench.log("memory, n = \(groupThousands(n))")
    for (name, kind) in [("memory.bytesPerItem", "cascade"), ("memory.bytesPerItem.seedBaseline", "seed")] where wants(name) {
      guard let (bytes, ns) = runMemoryChild(kind: kind, n: n) else {
        bench.log("  \(name): the child process failed")
        continue
      }
      bench.record(Measurement(
        benchmark: name, n: n, nsPerOp: ns, spread: (ns, ns), allocationsPerOp: nil,
        unit: .perItem, bytesPerItem: bytes, samples: 1, opsPerSample: 1,
        note: "VmRSS added by building the \(kind == "seed" ? "seed layout" : "layout") in a fresh process; nsPerOp is that one build"))
    }
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
/// and the build time per item, keep it alive until then.
func memoryChild(kind: String, n: Int) -> String {
  let heights = Workload.heights(n)
  let items = Workload.items(heights)
  let rss0 = residentBytes()
  let start = now()
  var keep = 0
  var layout: WaterfallLayout?
  var seed: SeedWaterfallLayout?
  if kind == "seed" {
    var built = SeedWaterfallLayout(width: Workload.width, columnCount: Workload.columns, spacing: 10,
                                    numberOfItems: n) { heights[$0.item] }
    built.prepare()
    seed = built
  } else {
    layout = Workload.layout(items)
  }
  let ns = Double(now() - start) / Double(n)
  let rss1 = residentBytes()
  keep = (layout?.numberOfItems ?? 0) + (seed?.attributes.count ?? 0)
  // The inputs live until the end, or freeing them would be subtracted from the layout's cost.
  withExtendedLifetime((heights, items)) { blackHole(keep) }
  return "\(Double(rss1 - rss0) / Double(n)) \(ns)"
}

/// Resident set size from /proc/self/statm (second field, in pages).
func residentBytes() -> Int {
  guard let bytes = readWholeFile("/proc/self/statm") else { return 0 }
  let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

