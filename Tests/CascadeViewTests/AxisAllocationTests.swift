import Cascade
import CascadeView
import Testing

extension AllocationTests {
  /// The steady scroll step allocates nothing on either axis, with overscan, prefetching and a
  /// delegate (with the malloc counter preloaded in an optimized build).
  @Test(arguments: [LayoutOrientation.vertical, .horizontal])
  func steadyScrollStepAllocatesNothingOnEitherAxis(_ orientation: LayoutOrientation) throws {
    try expectSteadyScrollAllocatesNothing(orientation: orientation, pinsHeaders: false)
  }

  /// The same with pinned headers on.
  @Test(arguments: [LayoutOrientation.vertical, .horizontal])
  func steadyScrollStepWithPinnedHeadersAllocatesNothing(_ orientation: LayoutOrientation) throws {
    try expectSteadyScrollAllocatesNothing(orientation: orientation, pinsHeaders: true)
  }
}

/// Scrolls a view of 5 sections of 4,000 items back and forth twice along its axis and expects
/// the second pass to allocate nothing and grow no buffer.
func expectSteadyScrollAllocatesNothing(orientation: LayoutOrientation, pinsHeaders: Bool) throws {
  var random = SeededGenerator(seed: 7)
  let source = TestSource(
    (0..<5).map { _ in (0..<4000).map { _ in Double(Int.random(in: 20...240, using: &random)) } },
    parameters: WaterfallParameters(columns: 3, header: 40, footer: 20))
  let delegate = CountingDelegate()
  let view = TestView(
    layout: try WaterfallLayout(orientation: orientation, extent: 400, parameters: WaterfallParameters(columns: 3)),
    bounds: Size(width: 400, height: 400))
  view.register(forCellWithReuseIdentifier: "item") { TestCell("item", serial: 0) }
  view.register(forCellWithReuseIdentifier: "supplementary") { TestCell("supplementary", serial: 0) }
  view.dataSource = source
  view.overscan = 200
  view.prefetchDistance = 400
  view._setPinsSectionHeadersForTesting(pinsHeaders)
  try view.reloadData()
  view.delegate = delegate
  func point(_ v: Double) -> Point { orientation == .horizontal ? Point(x: v, y: 0) : Point(x: 0, y: v) }
  let offsets = Array(stride(from: 0.0, through: 60_000, by: 37)) + Array(stride(from: 60_000.0, through: 0, by: -41))
  for v in offsets { try view.setContentOffset(point(v)) }  // warm up
  let capacities = view._bufferCapacities
  let before = mallocCount()
  for v in offsets { try view.setContentOffset(point(v)) }
  let after = mallocCount()
  #expect(view._bufferCapacities == capacities)
  #expect(delegate.calls > offsets.count)
  #if !DEBUG
  if let before, let after {
    #expect(after - before == 0, "\(after - before) mallocs in \(offsets.count) steps (\(orientation), pinned \(pinsHeaders))")
  }
  #else
  _ = (before, after)
  #endif
  withExtendedLifetime(source) {}
}
