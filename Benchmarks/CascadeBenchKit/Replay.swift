// Replaying a scroll trace over a collection, through the core's rect query and through the
// headless collection view. The bench times each `step(_:)`; the tests check that a replay is
// deterministic and that both paths see the same elements.
//
// The viewport of step i is the step's offset with the bounds in force (the step's own, else
// the last given, else the collection's width by 844 pt). The window is the collection, as in
// `CollectionView`: the layout is laid out at the bounds' width, so a trace whose first bounds
// are not the collection's width lays the collection out at the trace's width before the replay
// (outside the clock), and a step whose width differs from the previous one changes the layout's
// width (`setWidth`, a relayout) inside the step.

import Cascade
import CascadeView

/// The viewports of a trace over a collection.
package struct TraceViewports: Sendable {
  /// The bounds before the first step: the first step's, or the collection's width by 844.
  package let initialBounds: Size
  /// Each step's viewport: offset and bounds in force.
  package let rects: [Rect]

  package init(collection: BenchCollection, trace: Trace) {
    let initial = trace.steps.first?.bounds ?? Size(width: collection.width, height: Trace.defaultViewportHeight)
    initialBounds = initial
    rects = zip(trace.steps, trace.resolvedBounds(initial: initial)).map { step, size in Rect(origin: step.offset, size: size) }
  }

  /// Steps whose viewport is entirely outside `[0, contentHeight)` vertically.
  package func stepsOutside(contentHeight: Double) -> Int {
    rects.filter { $0.maxY <= 0 || $0.minY >= contentHeight }.count
  }

  /// Steps whose width differs from the step before (the first compared with the initial bounds).
  package var widthChanges: Int {
    var previous = initialBounds.width, count = 0
    for r in rects where r.width != previous {
      count += 1
      previous = r.width
    }
    return count
  }
}

/// A trace replayed through `WaterfallLayout.elements(in:into:)`.
package struct CoreTraceReplay {
  package let viewports: TraceViewports
  package private(set) var layout: WaterfallLayout
  /// The last step's answer.
  package var answer: [LayoutAttributes] = []

  /// Lays the collection out at the trace's initial width.
  ///
  /// - Complexity: O(n · c), the layout.
  package init(collection: BenchCollection, trace: Trace) throws(LayoutError) {
    viewports = TraceViewports(collection: collection, trace: trace)
    layout = try collection.makeLayout(width: viewports.initialBounds.width)
    answer.reserveCapacity(256)
  }

  package var stepCount: Int { viewports.rects.count }

  /// Puts the layout back to the initial width (a relayout when the trace changed it), so that
  /// every pass starts alike. Not part of any step.
  package mutating func reset() throws(LayoutError) {
    if layout.width != viewports.initialBounds.width { try layout.apply([.setWidth(viewports.initialBounds.width)]) }
  }

  /// Step `i`: the width change when the step's width differs from the layout's, then the rect
  /// query of the step's viewport into ``answer``. Returns the answer's count.
  ///
  /// - Complexity: O(log n + k) for k answers; a width change adds the relayout, O(n · c).
  @inline(__always)
  package mutating func step(_ i: Int) throws(LayoutError) -> Int {
    let rect = viewports.rects[i]
    if rect.width != layout.width { try layout.apply([.setWidth(rect.width)]) }
    answer.removeAll(keepingCapacity: true)
    layout.elements(in: rect, into: &answer)
    return answer.count
  }
}

/// A trace replayed through `CollectionView`: `setBounds(_:)` when the step's bounds differ from
/// the view's, then `setContentOffset(_:)`, with a reuse pool and a data source that dequeues and
/// configures a cell for each element that appears.
package final class ViewTraceReplay {
  package let viewports: TraceViewports
  package let view: CollectionView<BenchCell, WaterfallLayout>
  package let source: BenchDataSource

  /// Builds the view over the collection at the trace's initial bounds and loads it.
  ///
  /// - Complexity: O(n · c), the reload.
  package init(collection: BenchCollection, trace: Trace) throws(CollectionViewError) {
    viewports = TraceViewports(collection: collection, trace: trace)
    source = BenchDataSource(collection: collection)
    view = try source.makeView(collection: collection, bounds: viewports.initialBounds)
  }

  package var stepCount: Int { viewports.rects.count }

  /// Back to the initial bounds and the first step's offset. Not part of any step.
  package func reset() throws(CollectionViewError) {
    if view.bounds != viewports.initialBounds { try view.setBounds(viewports.initialBounds) }
    try view.setContentOffset(viewports.rects[0].origin)
  }

  /// Step `i`. Returns the number of displayed elements after it.
  ///
  /// - Complexity: that of `setContentOffset(_:)`, O(log n + k + a); a bounds change adds
  ///   `setBounds(_:)` (a relayout when the width changes).
  @inline(__always)
  package func step(_ i: Int) throws(CollectionViewError) -> Int {
    let rect = viewports.rects[i]
    if rect.size != view.bounds { try view.setBounds(rect.size) }
    try view.setContentOffset(rect.origin)
    return view.numberOfDisplayedElements
  }
}

/// The bench's cell: a class, as a toolkit's view would be.
package final class BenchCell: ReusableCell {
  package var item = -1
  package init() {}
  package func prepareForReuse() { item = -1 }
}

/// A data source over a collection's sections: counts, items and section parameters from the
/// collection, a dequeued cell per item, a dequeued view per header and footer.
package final class BenchDataSource: CollectionViewDataSource {
  package typealias Cell = BenchCell
  package typealias Layout = WaterfallLayout
  package let sections: [WaterfallSection]
  /// Whether the data source gives each section's layout items at once
  /// (`collectionView(_:layoutItemsInSection:)`, its array as it is); otherwise the view asks
  /// item by item.
  package let givesWholeSections: Bool

  package init(collection: BenchCollection, givesWholeSections: Bool = false) {
    self.sections = collection.sections
    self.givesWholeSections = givesWholeSections
  }

  /// A view over the collection at `bounds`, its pools registered, this data source set and the
  /// data loaded. The view holds its data source weakly: keep this object alive.
  package func makeView(collection: BenchCollection, bounds: Size) throws(CollectionViewError)
    -> CollectionView<BenchCell, WaterfallLayout>
  {
    let layout: WaterfallLayout
    do { layout = try WaterfallLayout(width: bounds.width, parameters: collection.parameters) } catch { throw .layout(error) }
    let view = CollectionView<BenchCell, WaterfallLayout>(layout: layout, bounds: bounds)
    view.register(forCellWithReuseIdentifier: "cell", prepareForReuse: { $0.prepareForReuse() }) { BenchCell() }
    view.register(forCellWithReuseIdentifier: "supplementary", prepareForReuse: { $0.prepareForReuse() }) { BenchCell() }
    view.dataSource = self
    try view.reloadData()
    return view
  }

  package func numberOfSections(in view: CollectionView<BenchCell, WaterfallLayout>) -> Int { sections.count }

  package func collectionView(_ view: CollectionView<BenchCell, WaterfallLayout>, numberOfItemsInSection section: Int) -> Int {
    sections[section].items.count
  }

  package func collectionView(_ view: CollectionView<BenchCell, WaterfallLayout>, layoutItemAt path: ItemPath) -> WaterfallItem {
    sections[path.section].items[path.item]
  }

  package func collectionView(
    _ view: CollectionView<BenchCell, WaterfallLayout>, layoutItemsInSection section: Int
  ) -> [WaterfallItem]? {
    givesWholeSections ? sections[section].items : nil
  }

  package func collectionView(
    _ view: CollectionView<BenchCell, WaterfallLayout>, parametersForSection section: Int
  ) -> WaterfallParameters {
    sections[section].parameters
  }

  package func collectionView(
    _ view: CollectionView<BenchCell, WaterfallLayout>, cellForItemAt path: ItemPath
  ) throws(CollectionViewError) -> BenchCell {
    let cell = try view.dequeueReusableCell(withReuseIdentifier: "cell", for: path)
    cell.item = path.item
    return cell
  }

  package func collectionView(
    _ view: CollectionView<BenchCell, WaterfallLayout>, viewForSupplementaryElementOfKind kind: ElementKind,
    inSection section: Int
  ) throws(CollectionViewError) -> BenchCell {
    let cell = try view.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "supplementary", inSection: section)
    cell.item = -2 - section
    return cell
  }
}
