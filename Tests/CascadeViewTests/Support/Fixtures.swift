import Cascade
import CascadeView

/// A cell that remembers what it shows and how often it was prepared for reuse.
final class TestCell: ReusableCell {
  let serial: Int
  let reuseIdentifier: String
  var shows: ElementPath?
  /// The id of the data source item the cell was configured for.
  var itemID: Int?
  var prepared = 0

  init(_ reuseIdentifier: String, serial: Int) {
    self.reuseIdentifier = reuseIdentifier
    self.serial = serial
  }

  func prepareForReuse() {
    prepared += 1
    shows = nil
    itemID = nil
  }
}

typealias TestView = CollectionView<TestCell, WaterfallLayout>

/// A data source over an array of sections of heights, with optional headers and footers.
final class TestSource: CollectionViewDataSource {
  /// One item: a stable id, so tests can tell which item a cell was made for, and its height.
  struct Entry: Hashable {
    var id: Int
    var height: Double
  }
  var sections: [[Entry]]
  var nextID = 0
  var parameters: [WaterfallParameters]
  var itemIdentifier = "item"
  var supplementaryIdentifier = "supplementary"
  var cellCalls = 0
  /// When set, cellForItem returns a cell it did not dequeue.
  var returnForeignCell = false
  /// When set, layout items carry their entry's id (`WaterfallItem.id`).
  var givesIDs = false
  /// How many times the view asked for a layout item.
  var itemCalls = 0
  /// The paths the view asked layout items for, in order, while `logsItemPaths` is set.
  var askedPaths: [ItemPath] = []
  var logsItemPaths = false
  /// When set, the data source gives each section's layout items at once
  /// (`collectionView(_:layoutItemsInSection:)`), with `wholeSectionSlip` items more (or fewer,
  /// when negative) than the section has, for the mismatch tests.
  var givesWholeSections = false
  var wholeSectionSlip = 0
  /// How many times the view asked for a whole section's layout items.
  var wholeSectionCalls = 0

  init(_ sections: [[Double]], parameters: WaterfallParameters = WaterfallParameters()) {
    self.sections = []
    self.parameters = Array(repeating: parameters, count: sections.count)
    self.sections = sections.map { $0.map(entry) }
  }

  /// A new entry with a fresh id.
  func entry(_ height: Double) -> Entry {
    nextID += 1
    return Entry(id: nextID, height: height)
  }

  func numberOfSections(in collectionView: TestView) -> Int { sections.count }

  func collectionView(_ collectionView: TestView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }

  func collectionView(_ collectionView: TestView, layoutItemAt path: ItemPath) -> WaterfallItem {
    itemCalls += 1
    if logsItemPaths { askedPaths.append(path) }
    let entry = sections[path.section][path.item]
    return .height(entry.height, id: givesIDs ? .int(Int64(entry.id)) : nil)
  }

  func collectionView(_ collectionView: TestView, layoutItemsInSection section: Int) -> [WaterfallItem]? {
    guard givesWholeSections else { return nil }
    wholeSectionCalls += 1
    var items = sections[section].map { WaterfallItem.height($0.height, id: givesIDs ? .int(Int64($0.id)) : nil) }
    if wholeSectionSlip > 0 { items += Array(repeating: .height(1), count: wholeSectionSlip) }
    if wholeSectionSlip < 0 { items.removeLast(Swift.min(items.count, -wholeSectionSlip)) }
    return items
  }

  func collectionView(_ collectionView: TestView, parametersForSection section: Int) -> WaterfallParameters {
    parameters[section]
  }

  func collectionView(_ collectionView: TestView, cellForItemAt path: ItemPath) throws(CollectionViewError) -> TestCell {
    cellCalls += 1
    if returnForeignCell { return TestCell("foreign", serial: -1) }
    let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: itemIdentifier, for: path)
    cell.shows = .item(path.item, section: path.section)
    cell.itemID = sections[path.section][path.item].id
    return cell
  }

  func collectionView(
    _ collectionView: TestView, viewForSupplementaryElementOfKind kind: ElementKind, inSection section: Int
  ) throws(CollectionViewError) -> TestCell {
    let view = try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: supplementaryIdentifier, inSection: section)
    view.shows = ElementPath(kind: kind, section: section)
    return view
  }
}

/// A delegate that records every call as a line of text, and checks the reuse contract as it goes.
final class Recorder: CollectionViewDelegate {
  typealias Cell = TestCell
  typealias Layout = WaterfallLayout

  var log: [String] = []
  var recording = true
  /// Cells the view gave back, as the delegate has heard: a displayed cell must be new or one of these.
  var pooled: Set<ObjectIdentifier> = []
  var displayed: Set<ObjectIdentifier> = []
  var violations: [String] = []
  var prefetched: [[ItemPath]] = []
  var cancelled: [[ItemPath]] = []
  var scrolls = 0

  func note(_ line: String) { if recording { log.append(line) } }

  func appear(_ cell: TestCell, _ path: ElementPath) {
    let id = ObjectIdentifier(cell)
    if cell.prepared > 0 && !pooled.contains(id) { violations.append("\(path): reused cell \(cell.serial) never pooled") }
    pooled.remove(id)
    if !displayed.insert(id).inserted { violations.append("\(path): cell \(cell.serial) displayed twice") }
    if cell.shows != path { violations.append("\(path): cell shows \(String(describing: cell.shows))") }
  }

  func disappear(_ cell: TestCell) {
    let id = ObjectIdentifier(cell)
    displayed.remove(id)
    pooled.insert(id)
  }

  func collectionView(_ collectionView: TestView, willDisplay cell: TestCell, forItemAt path: ItemPath) {
    note("willDisplay \(path.section).\(path.item)")
    appear(cell, .item(path.item, section: path.section))
  }

  func collectionView(_ collectionView: TestView, didEndDisplaying cell: TestCell, forItemAt path: ItemPath) {
    note("didEndDisplaying \(path.section).\(path.item)")
    disappear(cell)
  }

  func collectionView(
    _ collectionView: TestView, willDisplaySupplementaryView view: TestCell, forElementKind kind: ElementKind,
    inSection section: Int
  ) {
    note("willDisplay \(kind) \(section)")
    appear(view, ElementPath(kind: kind, section: section))
  }

  func collectionView(
    _ collectionView: TestView, didEndDisplayingSupplementaryView view: TestCell, forElementOfKind kind: ElementKind,
    inSection section: Int
  ) {
    note("didEndDisplaying \(kind) \(section)")
    disappear(view)
  }

  func collectionView(_ collectionView: TestView, prefetchItemsAt paths: [ItemPath]) {
    note("prefetch " + paths.map { "\($0.section).\($0.item)" }.joined(separator: " "))
    prefetched.append(paths)
  }

  func collectionView(_ collectionView: TestView, cancelPrefetchingForItemsAt paths: [ItemPath]) {
    note("cancel " + paths.map { "\($0.section).\($0.item)" }.joined(separator: " "))
    cancelled.append(paths)
  }

  func collectionView(_ collectionView: TestView, didUpdateDisplayedElements update: CollectionViewUpdate<TestCell>) {
    note("update +\(update.appeared.count) -\(update.disappeared.count) ~\(update.moved.count)")
  }

  func collectionViewDidScroll(_ collectionView: TestView) {
    scrolls += 1
    note("didScroll \(collectionView.contentOffset.y)")
  }
}

/// A view over `source`, with cells registered (counting what each factory made), loaded.
func makeView(
  _ source: TestSource, width: Double = 300, height: Double = 400, layout parameters: WaterfallParameters = .init(),
  delegate: Recorder? = nil, overscan: Double = 0, prefetch: Double = 0, capacity: Int? = nil
) throws -> TestView {
  let view = TestView(layout: try WaterfallLayout(width: width, parameters: parameters), bounds: Size(width: width, height: height))
  var serial = 0
  view.register(forCellWithReuseIdentifier: "item", capacity: capacity) {
    serial += 1
    return TestCell("item", serial: serial)
  }
  view.register(forCellWithReuseIdentifier: "supplementary", capacity: capacity) {
    serial += 1
    return TestCell("supplementary", serial: serial)
  }
  view.dataSource = source
  view.delegate = delegate
  view.overscan = overscan
  view.prefetchDistance = prefetch
  try view.reloadData()
  return view
}


/// What the view displays, as (path, frame) pairs.
func displayedPairs(_ view: TestView) -> [LayoutAttributes] {
  view.displayedElements.map(\.attributes)
}

/// The package's seeded generator, so tests are repeatable.
typealias SeededGenerator = SplitMix64
