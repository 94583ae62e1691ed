import Cascade
import CascadeView
import Testing

/// User code the pools run (a `prepareForReuse` closure, a cell's `deinit` when a pool drops it)
/// may call the view back: the pools are not under run-time exclusivity checks, so no access to
/// them may be held while that code runs (CollectionView.swift, "Run-time exclusivity"). Seeded
/// scrolls (small steps and jumps) with such callbacks: every step must leave the displayed set
/// the layout's answer for the display rect, the pools within their capacity, and the cells
/// accounted for; the seed and step are printed on failure.
@Suite struct ReentrantPoolTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func prepareForReuseMayCallTheView(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    let source = TestSource(
      (0..<3).map { _ in (0..<Int.random(in: 50...200, using: &rng)).map { _ in Double(Int.random(in: 20...200, using: &rng)) } },
      parameters: WaterfallParameters(columns: 3, header: 30, footer: 12))
    let view = try makeView(source, capacity: 4)
    var serial = 1000, prepared = 0, registered = 0
    // Re-registered with the callback: the pool starts empty; the cells displayed already
    // come back to it and are reused too.
    view.register(forCellWithReuseIdentifier: "item", capacity: 4, prepareForReuse: { [unowned view] cell in
      prepared += 1
      cell.prepareForReuse()
      // Read the pools, and add one, while a dequeue is handing this cell out.
      _ = view.numberOfReusableCells(withReuseIdentifier: "item")
      #expect(view.reuseCapacity(forReuseIdentifier: "item") == 4)
      registered += 1
      view.register(forCellWithReuseIdentifier: "extra \(registered)") { TestCell("extra", serial: -1) }
    }) {
      serial += 1
      return TestCell("item", serial: serial)
    }
    try view.reloadData()
    for step in 0..<600 {
      let y = Int.random(in: 0..<10, using: &rng) == 0
        ? Double.random(in: 0...view.contentSize.height, using: &rng)
        : view.contentOffset.y + Double(Int.random(in: -50...50, using: &rng))
      try view.setContentOffset(Point(x: 0, y: y))
      #expect(displayedPairs(view) == view.layout.elements(in: view.displayRect), "seed \(seed), step \(step) at y = \(y)")
      let pooled = view.numberOfReusableCells(withReuseIdentifier: "item")
      #expect(pooled <= 4, "seed \(seed), step \(step): \(pooled) pooled")
      // Each cell shows the element it is displayed for (prepared, then configured for it).
      for element in view.displayedElements {
        #expect(element.cell.shows == element.attributes.path, "seed \(seed), step \(step)")
      }
    }
    // The callback ran (cells were reused) and every registration it made took.
    #expect(prepared > 50, "seed \(seed): \(prepared) reuses")
    #expect(view.reuseCapacity(forReuseIdentifier: "extra \(registered)") == view.defaultReuseCapacity)
    withExtendedLifetime(source) {}
  }

  /// A cell whose `deinit` reads the view's pools. Capacity changes at random steps drop pooled
  /// cells at once (`_trimPools`): their `deinit`s run while the pools are trimmed, and must
  /// find every pool within its capacity; cells given back to the pool and dropped at the end
  /// of a step, or released with the last update, run theirs too.
  @Test(arguments: [1, 2] as [UInt64])
  func cellDeinitMayCallTheView(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    let source = HookSource(heights: (0..<300).map { _ in Double(Int.random(in: 20...200, using: &rng)) })
    let view = HookView(layout: try WaterfallLayout(width: 300, parameters: WaterfallParameters(columns: 3)), bounds: Size(width: 300, height: 400))
    var made = 0, dropped = 0, overCapacity = 0
    view.register(forCellWithReuseIdentifier: "hook", capacity: 6) { [weak view] in
      made += 1
      return HookCell {
        // (The cells still held when the view goes find it gone.)
        guard let view else { return }
        dropped += 1
        let pooled = view.numberOfReusableCells(withReuseIdentifier: "hook")
        if pooled > view.reuseCapacity(forReuseIdentifier: "hook") ?? 0 { overCapacity += 1 }
      }
    }
    view.dataSource = source
    try view.reloadData()
    var droppedAtCapacityChanges = 0
    for step in 0..<400 {
      let y = Int.random(in: 0..<8, using: &rng) == 0
        ? Double.random(in: 0...view.contentSize.height, using: &rng)
        : view.contentOffset.y + Double(Int.random(in: -60...60, using: &rng))
      try view.setContentOffset(Point(x: 0, y: y))
      if Int.random(in: 0..<10, using: &rng) == 0 {
        let before = dropped
        try view.setReuseCapacity(Int.random(in: 0...6, using: &rng), forReuseIdentifier: "hook")
        droppedAtCapacityChanges += dropped - before
      }
      #expect(view.displayedElements.map(\.attributes) == view.layout.elements(in: view.displayRect), "seed \(seed), step \(step)")
      let capacity = view.reuseCapacity(forReuseIdentifier: "hook") ?? -1
      #expect(view.numberOfReusableCells(withReuseIdentifier: "hook") <= capacity, "seed \(seed), step \(step)")
      // Every cell made is displayed, pooled, held by the last update, or was dropped (its
      // `deinit` ran): the view's own count of dropped cells agrees with the `deinit`s.
      #expect(view.reuseStatistics.discarded >= dropped, "seed \(seed), step \(step)")
      #expect(made - dropped >= view.numberOfDisplayedElements + view.numberOfReusableCells(withReuseIdentifier: "hook"),
              "seed \(seed), step \(step): made \(made), dropped \(dropped)")
    }
    #expect(droppedAtCapacityChanges > 0, "seed \(seed): no cell was dropped by a capacity change")
    #expect(dropped > 50, "seed \(seed): \(dropped) cells dropped")
    #expect(overCapacity == 0, "seed \(seed): a deinit saw a pool over its capacity \(overCapacity) times")
    withExtendedLifetime(source) {}
  }
}

/// A cell that calls `onDeinit` when it is freed.
final class HookCell {
  let onDeinit: () -> Void
  init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}

typealias HookView = CollectionView<HookCell, WaterfallLayout>

/// One section of items of the given heights, each a dequeued `HookCell`.
final class HookSource: CollectionViewDataSource {
  let heights: [Double]
  init(heights: [Double]) { self.heights = heights }

  func collectionView(_ view: HookView, numberOfItemsInSection section: Int) -> Int { heights.count }

  func collectionView(_ view: HookView, layoutItemAt path: ItemPath) -> WaterfallItem { .height(heights[path.item]) }

  func collectionView(_ view: HookView, cellForItemAt path: ItemPath) throws(CollectionViewError) -> HookCell {
    try view.dequeueReusableCell(withReuseIdentifier: "hook", for: path)
  }
}
