// Fuzz target 4: the headless collection view, driven by random batch updates (consistent with
// a model data source, and hostile ones), scrolls, resizes, insets, overscan, prefetching, reuse
// capacities, reloads, failing data sources and re-entrant calls. The data source gives whole
// sections at once some of the time (`collectionView(_:layoutItemsInSection:)`), now and then
// an array of the wrong length, which must be refused with nothing changed.
//
// Checks after every operation:
// - the displayed elements are exactly the layout's answer for `displayRect` (the viewport grown
//   by the overscan, as the view defines it), frames to the bit, each with its own cell;
// - no pool holds more than its capacity; cells created − discarded = displayed + pooled; the
//   cells alive are those, plus at most the ones the last update still names;
// - an operation that throws leaves everything as it was (layout, offset, bounds, insets,
//   displayed cells, pools, statistics);
// - while the data source and the view agree, the layout equals a from-scratch layout of the
//   data source's items, to the bit; with `keepColumns` (a third of the inputs), of its own
//   items, whose remembered columns a rolled-back operation must give back too.

import Cascade
import CascadeView
import FuzzKit
import FuzzSupport

final class Box {
  nonisolated(unsafe) static var live = 0
  init() { Box.live += 1 }
  deinit { Box.live -= 1 }
}

let identifiers = ["a", "b", "h"]

final class Source: CollectionViewDataSource {
  typealias Cell = Box
  typealias Layout = WaterfallLayout

  var sections: [[WaterfallItem]] = []
  var parameters: [WaterfallParameters] = []
  /// The cell request that throws, counting down; nil: none does.
  var failIn: Int?
  /// Whether cell requests try to update the view again (which must throw `reentrantUpdate`).
  var reenter = false
  /// Whether the data source gives whole sections, and how many items too many (or too few,
  /// when negative) their arrays hold.
  var wholeSections = false
  var slip = 0
  weak var view: CollectionView<Box, WaterfallLayout>?

  func numberOfSections(in view: CollectionView<Box, WaterfallLayout>) -> Int { sections.count }

  // A hostile batch must never make the view ask for a section the data source does not have.
  func collectionView(_ view: CollectionView<Box, WaterfallLayout>, numberOfItemsInSection section: Int) -> Int {
    check(sections.indices.contains(section), "asked for the count of section \(section) of \(sections.count)")
    return sections.indices.contains(section) ? sections[section].count : 0
  }

  func collectionView(_ view: CollectionView<Box, WaterfallLayout>, layoutItemAt path: ItemPath) -> WaterfallItem {
    check(sections.indices.contains(path.section) && sections[path.section].indices.contains(path.item),
          "asked for item \(path) of \(sections.map(\.count))")
    return sections[path.section][path.item]
  }

  func collectionView(_ view: CollectionView<Box, WaterfallLayout>, layoutItemsInSection section: Int) -> [WaterfallItem]? {
    guard wholeSections else { return nil }
    check(sections.indices.contains(section), "asked for the items of section \(section) of \(sections.count)")
    guard sections.indices.contains(section) else { return [] }
    var items = sections[section]
    if slip > 0 { items += Array(repeating: .height(1), count: slip) }
    if slip < 0 { items.removeLast(Swift.min(items.count, -slip)) }
    return items
  }

  func collectionView(_ view: CollectionView<Box, WaterfallLayout>, parametersForSection section: Int) -> WaterfallParameters {
    check(parameters.indices.contains(section), "asked for the parameters of section \(section) of \(parameters.count)")
    return parameters.indices.contains(section) ? parameters[section] : WaterfallParameters()
  }

  func request() throws(CollectionViewError) {
    if reenter, let view {
      do throws(CollectionViewError) {
        try view.setContentOffset(Point(x: 0, y: 10))
        check(false, "a re-entrant setContentOffset did not throw")
      } catch {
        check("\(error)" == "\(CollectionViewError.reentrantUpdate)", "a re-entrant update threw \(error)")
      }
    }
    if let n = failIn {
      if n == 0 { failIn = nil; throw .noDataSource }
      failIn = n - 1
    }
  }

  func collectionView(_ view: CollectionView<Box, WaterfallLayout>, cellForItemAt path: ItemPath) throws(CollectionViewError) -> Box {
    try request()
    return try view.dequeueReusableCell(withReuseIdentifier: path.item % 3 == 0 ? "a" : "b", for: path)
  }

  func collectionView(
    _ view: CollectionView<Box, WaterfallLayout>, viewForSupplementaryElementOfKind kind: ElementKind, inSection section: Int
  ) throws(CollectionViewError) -> Box {
    try request()
    return try view.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", inSection: section)
  }
}

/// Everything a failed operation must leave as it was.
struct ViewState: Equatable {
  var layout: LayoutSnapshot
  var offset: [UInt64]
  var bounds: [UInt64]
  var inset: [UInt64]
  var displayed: [ElementSnapshot]
  var cells: [ObjectIdentifier]
  var pooled: [Int]
  var statistics: ReuseStatistics

  init(_ view: CollectionView<Box, WaterfallLayout>) {
    layout = LayoutSnapshot(view.layout)
    offset = [view.contentOffset.x.bitPattern, view.contentOffset.y.bitPattern]
    bounds = [view.bounds.width.bitPattern, view.bounds.height.bitPattern]
    let i = view.contentInset
    inset = [i.top, i.left, i.bottom, i.right].map(\.bitPattern)
    let elements = view.displayedElements
    displayed = elements.map { ElementSnapshot($0.attributes) }
    cells = elements.map { ObjectIdentifier($0.cell) }
    pooled = identifiers.map { view.numberOfReusableCells(withReuseIdentifier: $0) }
    statistics = view.reuseStatistics
  }
}

func checkInvariants(_ view: CollectionView<Box, WaterfallLayout>, _ what: String) {
  let displayed = view.displayedElements
  let expected = view.layout.elements(in: view.displayRect)
  check(sameAnswer(displayed.map(\.attributes), expected),
        "\(what): displayed \(displayed.map(\.path)) vs the query of \(view.displayRect): \(expected.map(\.path))")
  let cells = Set(displayed.map { ObjectIdentifier($0.cell) })
  check(cells.count == displayed.count, "\(what): a cell displays two elements")
  var pooled = 0
  for id in identifiers {
    let n = view.numberOfReusableCells(withReuseIdentifier: id)
    let capacity = view.reuseCapacity(forReuseIdentifier: id) ?? 0
    check(n <= capacity, "\(what): pool \(id) holds \(n) cells, capacity \(capacity)")
    pooled += n
  }
  let stats = view.reuseStatistics
  check(stats.created - stats.discarded == displayed.count + pooled,
        "\(what): created \(stats.created) − discarded \(stats.discarded) ≠ displayed \(displayed.count) + pooled \(pooled)")
  let update = view.lastUpdate
  var named = Set(update.appeared.map { ObjectIdentifier($0.cell) })
  named.formUnion(update.disappeared.map { ObjectIdentifier($0.cell) })
  named.formUnion(update.moved.map { ObjectIdentifier($0.cell) })
  named.subtract(cells)
  check(Box.live >= displayed.count + pooled && Box.live <= displayed.count + pooled + named.count,
        "\(what): \(Box.live) cells alive, \(displayed.count) displayed, \(pooled) pooled, \(named.count) named by the last update")
}

struct Harness {
  var input: FuzzInput
  let source = Source()
  let layoutParameters: WaterfallParameters
  let view: CollectionView<Box, WaterfallLayout>
  /// Whether the layout must equal the data source's items laid out from scratch.
  var inSync = false

  init?(_ input: FuzzInput) {
    self.input = input
    var p = WaterfallParameters()
    if self.input.bool() { p.columns = self.input.int(1...4) }
    if self.input.bool() { p.header = Double(self.input.int(0...3) * 10) }
    if self.input.bool() { p.footer = Double(self.input.int(0...3) * 10) }
    if self.input.bool() { p.itemSpacing = Double(self.input.int(0...10)) }
    // keepColumns on a third of the inputs, chosen by their length so that no byte changes
    // meaning (the corpus and the regressions keep theirs).
    if input.remaining % 3 == 0 { p.keepColumns = true }
    layoutParameters = p
    guard let layout = try? WaterfallLayout(width: 300, parameters: p) else { return nil }
    view = CollectionView(layout: layout, bounds: Size(width: Double(self.input.int(1...400)), height: Double(self.input.int(0...600))))
    source.view = view
    for id in identifiers {
      view.register(forCellWithReuseIdentifier: id, capacity: self.input.chance(70) ? self.input.int(0...6) : nil) { Box() }
    }
    view.dataSource = source
    for _ in 0..<self.input.int(0...3) { source.sections.append(items()); source.parameters.append(parameters()) }
  }

  mutating func item() -> WaterfallItem {
    switch input.byte() % 8 {
    case 0: return .height(Double(input.int(0...200)), span: .full)
    case 1: return .size(width: Double(input.int(1...40)), height: Double(input.int(0...40)), span: .columns(input.int(1...3)))
    default: return .height(Double(input.int(0...30) * 10))
    }
  }

  mutating func items() -> [WaterfallItem] { (0..<input.int(0...12)).map { _ in item() } }

  mutating func parameters() -> WaterfallParameters {
    var p = WaterfallParameters()
    if input.chance(30) { p.columns = input.int(1...4) }
    if input.chance(20) { p.header = Double(input.int(0...4) * 10) }
    if input.chance(20) { p.footer = Double(input.int(0...4) * 10) }
    return p
  }

  /// A batch consistent with the data source, applied to it: what an app does.
  mutating func consistentBatch() -> [BatchUpdate] {
    var updates: [BatchUpdate] = []
    // Sections inserted or reloaded by this batch take the data source's final items, so the
    // batch makes no item updates in them.
    var fresh = source.sections.map { _ in false }
    for _ in 0..<input.int(1...4) {
      let n = source.sections.count
      let old = (0..<n).filter { !fresh[$0] }
      switch input.byte() % 8 {
      case 0 where !old.isEmpty:
        let s = input.pick(old)
        let at = input.int(0...source.sections[s].count)
        let new = (0..<input.int(0...3)).map { _ in item() }
        source.sections[s].insert(contentsOf: new, at: at)
        updates.append(.insertItems(at..<(at + new.count), section: s))
      case 1 where !old.isEmpty:
        let s = input.pick(old)
        let count = source.sections[s].count
        let a = input.int(0...count), b = input.int(a...Swift.min(count, a + 3))
        source.sections[s].removeSubrange(a..<b)
        updates.append(.deleteItems(a..<b, section: s))
      case 2 where !old.isEmpty:
        let s = input.pick(old), t = input.pick(old)
        guard !source.sections[s].isEmpty else { continue }
        let i = input.int(0...(source.sections[s].count - 1))
        let moved = source.sections[s].remove(at: i)
        let j = input.int(0...source.sections[t].count)
        source.sections[t].insert(moved, at: j)
        updates.append(.moveItem(from: ItemPath(item: i, section: s), to: ItemPath(item: j, section: t)))
      case 3 where !old.isEmpty:
        let s = input.pick(old)
        let count = source.sections[s].count
        let a = input.int(0...count), b = input.int(a...Swift.min(count, a + 2))
        for i in a..<b { source.sections[s][i] = item() }
        updates.append(.reloadItems(a..<b, section: s))
      case 4:
        let at = input.int(0...n), k = input.int(0...2)
        for _ in 0..<k {
          source.sections.insert(items(), at: at)
          source.parameters.insert(parameters(), at: at)
          fresh.insert(true, at: at)
        }
        updates.append(.insertSections(at..<(at + k)))
      case 5 where n > 0:
        let a = input.int(0...(n - 1)), b = input.int(a...Swift.min(n, a + 2))
        source.sections.removeSubrange(a..<b)
        source.parameters.removeSubrange(a..<b)
        fresh.removeSubrange(a..<b)
        updates.append(.deleteSections(a..<b))
      case 6 where n > 0:
        let from = input.int(0...(n - 1)), to = input.int(0...(n - 1))
        source.sections.insert(source.sections.remove(at: from), at: to)
        source.parameters.insert(source.parameters.remove(at: from), at: to)
        fresh.insert(fresh.remove(at: from), at: to)
        updates.append(.moveSection(from: from, to: to))
      case 7 where n > 0:
        let a = input.int(0...(n - 1)), b = input.int(a...Swift.min(n, a + 1))
        for s in a..<b { source.sections[s] = items(); source.parameters[s] = parameters(); fresh[s] = true }
        updates.append(.reloadSections(a..<b))
      default:
        continue
      }
    }
    return updates
  }

  /// Updates drawn without regard to the data source, with hostile indices.
  mutating func hostileBatch() -> [BatchUpdate] {
    (0..<input.int(1...3)).map { _ in
      let s = input.index(source.sections.count)
      let n = source.sections.indices.contains(s) ? source.sections[s].count : 0
      func range(_ count: Int) -> Range<Int> {
        let a = input.index(count)
        let end = a.addingReportingOverflow(input.count(max: 3))
        return end.overflow || end.partialValue < a ? a..<a : a..<end.partialValue
      }
      switch input.byte() % 8 {
      case 0: return .insertItems(range(n), section: s)
      case 1: return .deleteItems(range(n), section: s)
      case 2:
        let from = ItemPath(item: input.index(n), section: s)
        return .moveItem(from: from, to: ItemPath(item: input.index(n), section: input.index(source.sections.count)))
      case 3: return .reloadItems(range(n), section: s)
      case 4: return .insertSections(range(source.sections.count))
      case 5: return .deleteSections(range(source.sections.count))
      case 6: return .moveSection(from: s, to: input.index(source.sections.count))
      default: return .reloadSections(range(source.sections.count))
      }
    }
  }

  func expectSync(_ what: String) {
    guard inSync else { return }
    var sections = zip(source.sections, source.parameters).map { WaterfallSection(parameters: $1, items: $0) }
    guard var fresh = try? WaterfallLayout(width: view.layout.width, parameters: layoutParameters, sections: sections) else {
      check(false, "\(what): the data source's collection does not lay out at width \(view.layout.width)")
      return
    }
    let layout = view.layout
    if layoutParameters.keepColumns == true {
      // The layout's items remember the columns they were placed in, the data source's do not:
      // its items must be the data source's (as a layout keeps them) but for those columns, and
      // its frames those of its own items, columns included, laid out from scratch.
      guard layout.numberOfSections == sections.count else {
        check(false, "\(what): \(layout.numberOfSections) sections, the data source \(sections.count)")
        return
      }
      for s in sections.indices {
        guard layout.numberOfItems(inSection: s) == sections[s].items.count else {
          check(false, "\(what): section \(s) has \(layout.numberOfItems(inSection: s)) items, the data source \(sections[s].items.count)")
          return
        }
        for i in sections[s].items.indices {
          let path = ItemPath(item: i, section: s)
          guard let own = layout.item(at: path), var given = fresh.item(at: path) else { return }
          var forgotten = own
          forgotten.column = nil
          given.column = nil
          check(forgotten == given, "\(what): item \(path) is \(own), the data source's \(given)")
          sections[s].items[i] = own
        }
      }
      guard let own = try? WaterfallLayout(width: layout.width, parameters: layoutParameters, sections: sections) else {
        check(false, "\(what): the layout's own items do not lay out at width \(layout.width)")
        return
      }
      fresh = own
    }
    let actual = LayoutSnapshot(layout), expected = LayoutSnapshot(fresh)
    check(actual == expected, "\(what): view layout vs from scratch: \(actual.difference(from: expected))")
  }

  mutating func step() {
    if input.chance(5) { source.failIn = input.int(0...3) }
    if input.chance(3) { source.reenter = true }
    if input.chance(10) { source.wholeSections.toggle() }
    if source.wholeSections && input.chance(5) { source.slip = input.pick([-2, -1, 1, 3]) }
    let before = ViewState(view)
    let savedSections = source.sections, savedParameters = source.parameters
    let savedOverscan = view.overscan, savedPrefetch = view.prefetchDistance
    var what = ""
    var consistent = false
    var failed = false
    do throws(CollectionViewError) {
      switch input.byte() % 12 {
      case 0, 1, 2:
        let h = view.contentSize.height
        let y: Double = input.chance(5) ? input.length() : Double(input.int(-200...Int(Swift.min(h, 1e7)) + 200))
        let x: Double = input.chance(10) ? input.length() : 0
        what = "setContentOffset(\(x), \(y))"
        try view.setContentOffset(Point(x: x, y: y))
      case 3:
        let size = input.chance(10)
          ? Size(width: input.length(), height: input.length())
          : Size(width: Double(input.int(1...500)), height: Double(input.int(0...700)))
        what = "setBounds(\(size))"
        try view.setBounds(size)
      case 4:
        let insets = input.chance(10)
          ? EdgeInsets(top: input.length(30), left: input.length(30), bottom: input.length(30), right: input.length(30))
          : EdgeInsets(top: Double(input.int(0...40)), left: Double(input.int(0...40)), bottom: Double(input.int(0...40)), right: Double(input.int(0...40)))
        what = "setContentInset(\(insets))"
        try view.setContentInset(insets)
      case 5:
        view.overscan = input.chance(10) ? input.length() : Double(input.int(0...300))
        view.prefetchDistance = input.chance(10) ? input.length() : Double(input.int(0...300))
        what = "overscan \(view.overscan), prefetch \(view.prefetchDistance), layoutIfNeeded"
        try view.layoutIfNeeded()
      case 6, 7:
        let updates = consistentBatch()
        what = "performBatchUpdates(\(updates)) (consistent)"
        if trace { traceLine("\(source.sections.map(\.count)) after: \(what)") }
        consistent = true
        try view.performBatchUpdates(updates)
      case 8:
        let updates = hostileBatch()
        what = "performBatchUpdates(\(updates)) (hostile)"
        if trace { traceLine("\(source.sections.map(\.count)): \(what)") }
        try view.performBatchUpdates(updates)
        inSync = false
      case 9:
        let s = input.index(source.sections.count)
        let n = source.sections.indices.contains(s) ? source.sections[s].count : 0
        let path = ItemPath(item: input.index(n), section: s)
        let position = input.pick([ScrollPosition.top, .centeredVertically, .bottom, .nearest])
        what = "scrollToItem(\(path), \(position))"
        try view.scrollToItem(at: path, position: position)
      case 10:
        let id = input.pick(identifiers)
        let capacity = input.chance(10) ? input.pick([-1, Int.min, 1000]) : input.int(0...6)
        what = "setReuseCapacity(\(capacity), \(id))"
        try view.setReuseCapacity(capacity, forReuseIdentifier: id)
      default:
        what = "reloadData"
        try view.reloadData()
        inSync = true
      }
    } catch {
      failed = true
      what += " threw \(error)"
    }
    source.failIn = nil
    source.reenter = false
    source.slip = 0
    if failed {
      // Overscan and prefetch distance are plain properties that take effect at the next
      // refresh: the failed refresh leaves the display rect of the previous one.
      view.overscan = savedOverscan
      view.prefetchDistance = savedPrefetch
    }
    checkInvariants(view, what)
    if failed {
      let after = ViewState(view)
      check(after == before, "\(what): a failed operation changed the view: \(after.layout.difference(from: before.layout)), offset \(view.contentOffset)")
      if consistent { source.sections = savedSections; source.parameters = savedParameters }
    } else {
      expectSync(what)
    }
    if consistent && failed && inSync {
      // The data source was put back, so the view still agrees with it.
      expectSync(what)
    }
  }
}

/// CASCADE_FUZZ_TRACE=1 prints each batch before it is applied, to turn a crash into a test.
nonisolated(unsafe) var trace = false

trace = getenvString("CASCADE_FUZZ_TRACE") == "1"
cascade_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
  guard var harness = Harness(FuzzInput(data, size)) else { return 0 }
  do throws(CollectionViewError) {
    try harness.view.reloadData()
    harness.inSync = true
  } catch {
    return 0
  }
  checkInvariants(harness.view, "reloadData")
  var steps = 0
  while !harness.input.isEmpty && steps < 40 {
    steps += 1
    harness.step()
  }
  return 0
}
