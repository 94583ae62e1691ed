// Animation information against the brute-force model (Tests/CascadeTestSupport/TransitionModel.swift):
// seeded random sequences of scrolls, batch updates (inserts, deletes, moves and reloads of items
// and sections), snapshots, width changes, reloads and pinning toggles, on both axes and both
// directions, each update compared with the model after every operation. The model sees only
// the layouts' frames before and after, the displayed sets before and after, and which elements
// the data reloaded; it matches elements by the data's identities.

import Cascade
import CascadeTestSupport
import CascadeView
import Testing

/// A data source whose sections and items have identities: sections keep an id and their
/// header and footer lengths, items an id and a length.
private final class IdentitySource: CollectionViewDataSource {
  struct Section {
    var id: Int
    var header: Double
    var footer: Double
    var items: [TestSource.Entry]
  }

  var sections: [Section] = []
  var nextID = 0

  func fresh(_ length: Double) -> TestSource.Entry {
    nextID += 1
    return TestSource.Entry(id: nextID, height: length)
  }

  func freshSection(_ random: inout SeededGenerator) -> Section {
    nextID += 1
    let id = nextID
    return Section(
      id: id, header: random.chance(0.6) ? 24 : 0, footer: random.chance(0.3) ? 12 : 0,
      items: (0..<random.int(0...12)).map { _ in fresh(Double(random.int(2...16) * 10)) })
  }

  /// The identity of the element at `path` in the current data.
  func identity(_ path: ElementPath) -> ElementIdentity {
    let section = sections[path.section]
    switch path.kind {
    case .item: return ElementIdentity(.item, section.items[path.item].id)
    default: return ElementIdentity(path.kind, section.id)
    }
  }

  func byIdentity(_ elements: [LayoutAttributes]) -> [ElementIdentity: LayoutAttributes] {
    Dictionary(uniqueKeysWithValues: elements.map { (identity($0.path), $0) })
  }

  func numberOfSections(in view: TestView) -> Int { sections.count }
  func collectionView(_ view: TestView, numberOfItemsInSection section: Int) -> Int { sections[section].items.count }
  func collectionView(_ view: TestView, layoutItemAt path: ItemPath) -> WaterfallItem {
    .height(sections[path.section].items[path.item].height)
  }
  func collectionView(_ view: TestView, parametersForSection section: Int) -> WaterfallParameters {
    WaterfallParameters(header: sections[section].header, footer: sections[section].footer)
  }
  func collectionView(_ view: TestView, cellForItemAt path: ItemPath) throws(CollectionViewError) -> TestCell {
    try view.dequeueReusableCell(withReuseIdentifier: "item", for: path)
  }
  func collectionView(
    _ view: TestView, viewForSupplementaryElementOfKind kind: ElementKind, inSection section: Int
  ) throws(CollectionViewError) -> TestCell {
    try view.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "supplementary", inSection: section)
  }
}

@Suite struct AnimationInfoModelTests {
  /// The displayed set the view must have, found by looking at every element: those meeting the
  /// display rect with a positive length along the scroll axis; with pinned headers, the
  /// headers the viewport query pins instead of the display rect's.
  private func expectedShown(_ view: TestView) -> [LayoutAttributes] {
    let horizontal = view.layout.orientation == .horizontal
    var shown = allElements(view.layout).filter {
      (horizontal ? $0.frame.width : $0.frame.height) > 0 && $0.frame.intersects(view.displayRect)
    }
    if view.pinsSectionHeaders {
      shown.removeAll { $0.path.kind == .header }
      shown += view.layout.elements(inViewport: view.viewport, pinningHeaders: true).filter { $0.path.kind == .header }
      shown.sort { $0.path < $1.path }
    }
    return shown
  }

  private func observed(_ update: CollectionViewUpdate<TestCell>) -> TransitionModel {
    TransitionModel(
      appeared: update.appeared.map { .init($0.attributes, "\($0.reason)", $0.initialAttributes) },
      disappeared: update.disappeared.map { .init($0.attributes, "\($0.reason)", $0.finalAttributes) },
      moved: update.moved.map { .init(from: $0.from, to: $0.to) })
  }

  @Test(arguments: 1...16)
  func randomOperationsMatchTheModel(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed))
    let horizontal = seed % 2 == 0
    let snapshots = seed % 4 >= 2
    let direction: LayoutDirection = random.chance(0.4) ? .rightToLeft : .leftToRight
    let source = IdentitySource()
    source.sections = (0..<random.int(1...3)).map { _ in source.freshSection(&random) }
    let parameters = WaterfallParameters(columns: random.int(1...3), columnSpacing: 8, itemSpacing: 6)
    let bounds = Size(width: horizontal ? 420 : 300, height: horizontal ? 260 : 380)
    let layout = horizontal
      ? try WaterfallLayout(height: bounds.height, parameters: parameters, direction: direction)
      : try WaterfallLayout(width: bounds.width, parameters: parameters, direction: direction)
    func makeView() -> TestView {
      let view = TestView(layout: layout, bounds: bounds)
      view.register(forCellWithReuseIdentifier: "item") { TestCell("item", serial: 0) }
      view.register(forCellWithReuseIdentifier: "supplementary") { TestCell("supplementary", serial: 0) }
      view.dataSource = source
      return view
    }
    // The view under test, and a twin that skips the frames before the change.
    let view = makeView(), twin = makeView()
    twin.reportsInitialFrames = false
    view.overscan = random.chance(0.5) ? 0 : 40
    view.pinsSectionHeaders = random.chance(0.5)
    (twin.overscan, twin.pinsSectionHeaders) = (view.overscan, view.pinsSectionHeaders)
    /// Runs `operation` on the view, then on the twin.
    func both(_ operation: (TestView) throws -> CollectionViewUpdate<TestCell>) throws -> (
      CollectionViewUpdate<TestCell>, CollectionViewUpdate<TestCell>
    ) {
      let update = try operation(view)
      return (update, try operation(twin))
    }
    func snapshot(reloading reloaded: Set<Int> = []) -> CollectionSnapshot<Int, Int> {
      CollectionSnapshot(sections: source.sections.map(\.id), items: source.sections.map { $0.items.map(\.id) }, reloaded: reloaded)
    }
    if snapshots {
      _ = try both { try $0.applySnapshot(snapshot()) }
    } else {
      _ = try both { try $0.reloadData() }
    }

    for step in 0..<40 {
      let before = source.byIdentity(allElements(view.layout))
      let shownBefore = source.byIdentity(view.displayedElements.map(\.attributes))
      var reloaded = Set<ElementIdentity>()
      var keepsIdentity = true
      let (update, twinUpdate): (CollectionViewUpdate<TestCell>, CollectionViewUpdate<TestCell>)
      let operation: String
      let twinTrips = twin._transitionRoundTrips
      var reloads = true  // whether the operation may reload an element
      switch random.int(0...9) {
      case 0...2:
        let range = view.contentOffsetRangeAlongScrollAxis
        let along = random.double((range.lowerBound - 30)...(range.upperBound + 30))
        operation = "scroll to \(along)"
        reloads = false
        (update, twinUpdate) = try both { try $0.setContentOffset(horizontal ? Point(x: along, y: 0) : Point(x: 0, y: along)) }
      case 3:
        let extent = Double(random.int(12...60) * 10)
        operation = "resize to \(extent)"
        reloads = false
        (update, twinUpdate) = try both {
          try $0.setBounds(horizontal ? Size(width: bounds.width, height: extent) : Size(width: extent, height: bounds.height))
        }
      case 4 where random.chance(0.3):
        operation = "reload data"
        keepsIdentity = false
        (update, twinUpdate) = try both { view in
          let update = try view.reloadData()
          if snapshots { try view.applySnapshot(snapshot()) }  // the same content: changes nothing
          return update
        }
      case 4:
        operation = "pinning \(!view.pinsSectionHeaders)"
        reloads = false
        (update, twinUpdate) = try both { view in
          view.pinsSectionHeaders.toggle()
          return try view.layoutIfNeeded()
        }
      default:
        if snapshots {
          let reloadedIDs = randomSnapshotChange(source, &random)
          reloaded = Set(reloadedIDs.map { ElementIdentity(.item, $0) })
          operation = "snapshot"
          (update, twinUpdate) = try both { try $0.applySnapshot(snapshot(reloading: reloadedIDs)) }
        } else {
          let data = source.sections
          let batch = randomBatch(source, &random)
          reloaded = batch.reloaded
          operation = "\(batch.updates)"
          do {
            (update, twinUpdate) = try both { try $0.performBatchUpdates(batch.updates) }
          } catch {
            guard let error = error as? CollectionViewError, case .invalidUpdate(_, let reason) = error,
              reason.contains("the data source has")
            else { throw error }
            // The planner's documented refusal of a batch it could not fill from data this small
            // (Docs/CollectionView.md, "Batch updates"): nothing changed.
            source.sections = data
            #expect(view.displayedElements.map(\.attributes) == expectedShown(view))
            #expect(twin.displayedElements.map(\.attributes) == expectedShown(view))
            continue
          }
        }
      }
      let message: Comment = "seed \(seed) step \(step): \(operation)"
      let shown = expectedShown(view)
      #expect(view.displayedElements.map(\.attributes) == shown, message)
      let model = TransitionModel(
        before: before, after: source.byIdentity(allElements(view.layout)), shownBefore: shownBefore,
        shownAfter: source.byIdentity(shown), reloaded: reloaded, keepsIdentity: keepsIdentity)
      let actual = observed(update)
      #expect(actual == model, "\(message)\nview:\n\(actual)\nmodel:\n\(model)")
      expectTwin(twinUpdate, matches: update, displayed: twin, transaction: !operation.hasPrefix("scroll") && !operation.hasPrefix("pinning"), message)
      if !reloads { #expect(twin._transitionRoundTrips == twinTrips, "no layout round trip without the frames: \(message)") }
      if actual != model { return }
    }
  }

  /// The twin's update (``CollectionView/reportsInitialFrames`` off) against the view's: the same
  /// displayed set, reasons, disappearances and moves; in a `transaction`, an appeared element
  /// keeps its frame before the change only when it was displayed before (a reloaded item, found
  /// among the disappeared at its old path), and has none otherwise. A plain refresh (a scroll)
  /// changes no layout and gives every frame, as before.
  private func expectTwin(
    _ twin: CollectionViewUpdate<TestCell>, matches update: CollectionViewUpdate<TestCell>, displayed view: TestView,
    transaction: Bool, _ message: Comment
  ) {
    #expect(view.displayedElements.map(\.attributes) == expectedShown(view), message)
    #expect(twin.disappeared.map { "\($0.attributes) \($0.reason) \(String(describing: $0.finalAttributes))" }
      == update.disappeared.map { "\($0.attributes) \($0.reason) \(String(describing: $0.finalAttributes))" }, message)
    #expect(twin.moved.map { "\($0.from) \($0.to)" } == update.moved.map { "\($0.from) \($0.to)" }, message)
    #expect(twin.appeared.map { "\($0.attributes) \($0.reason)" } == update.appeared.map { "\($0.attributes) \($0.reason)" }, message)
    for (mine, theirs) in zip(twin.appeared, update.appeared) {
      let wasShown = !transaction || theirs.initialAttributes.map { initial in
        initial.path.kind != .header && update.disappeared.contains { $0.path == initial.path }
      } ?? false
      #expect(mine.initialAttributes == (wasShown ? theirs.initialAttributes : nil), "\(message): \(mine.attributes)")
    }
  }

  /// A random sequential batch made to `source`'s data, and the elements it reloads. Items of a
  /// section the batch inserts or reloads are left alone (the planner fills such a section from
  /// the data's final state); a reloaded section keeps its elements by position: its header,
  /// footer and first items are the same elements with new content.
  private func randomBatch(
    _ source: IdentitySource, _ random: inout SeededGenerator
  ) -> (updates: [BatchUpdate], reloaded: Set<ElementIdentity>) {
    var updates: [BatchUpdate] = []
    var reloaded = Set<ElementIdentity>()
    var frozen = Set<Int>(), touched = Set<Int>()
    func open(_ s: Int) -> Bool { !frozen.contains(source.sections[s].id) }
    func pick(_ ok: (Int) -> Bool) -> Int? {
      let candidates = source.sections.indices.filter(ok)
      return candidates.isEmpty ? nil : candidates[random.int(0...candidates.count - 1)]
    }
    for _ in 0..<random.int(1...4) {
      switch random.int(0...7) {
      case 0:
        guard let s = pick(open) else { continue }
        let i = random.int(0...source.sections[s].items.count), n = random.int(1...3)
        source.sections[s].items.insert(contentsOf: (0..<n).map { _ in source.fresh(Double(random.int(2...16) * 10)) }, at: i)
        updates.append(.insertItems(i..<(i + n), section: s))
        touched.insert(source.sections[s].id)
      case 1, 2:
        guard let s = pick({ open($0) && !source.sections[$0].items.isEmpty }) else { continue }
        let count = source.sections[s].items.count
        let i = random.int(0...count - 1), n = random.int(1...min(3, count - i))
        if random.chance(0.5) {
          source.sections[s].items.removeSubrange(i..<(i + n))
          updates.append(.deleteItems(i..<(i + n), section: s))
        } else {
          for k in i..<(i + n) {
            reloaded.insert(ElementIdentity(.item, source.sections[s].items[k].id))
            source.sections[s].items[k].height = Double(random.int(2...16) * 10)
          }
          updates.append(.reloadItems(i..<(i + n), section: s))
        }
        touched.insert(source.sections[s].id)
      case 3:
        guard let from = pick({ open($0) && !source.sections[$0].items.isEmpty }) else { continue }
        let i = random.int(0...source.sections[from].items.count - 1)
        let entry = source.sections[from].items.remove(at: i)
        let to = pick(open)!
        let j = random.int(0...source.sections[to].items.count)
        source.sections[to].items.insert(entry, at: j)
        updates.append(.moveItem(from: ItemPath(item: i, section: from), to: ItemPath(item: j, section: to)))
        touched.formUnion([source.sections[from].id, source.sections[to].id])
      case 4:
        let s = random.int(0...source.sections.count), n = random.int(1...2)
        let new = (0..<n).map { _ in source.freshSection(&random) }
        source.sections.insert(contentsOf: new, at: s)
        frozen.formUnion(new.map(\.id))
        updates.append(.insertSections(s..<(s + n)))
      case 5:
        guard !source.sections.isEmpty else { continue }
        let s = random.int(0...source.sections.count - 1), n = random.int(1...min(2, source.sections.count - s))
        source.sections.removeSubrange(s..<(s + n))
        updates.append(.deleteSections(s..<(s + n)))
      case 6:
        guard !source.sections.isEmpty else { continue }
        let from = random.int(0...source.sections.count - 1)
        let section = source.sections.remove(at: from)
        let to = random.int(0...source.sections.count)
        source.sections.insert(section, at: to)
        updates.append(.moveSection(from: from, to: to))
      default:
        guard let s = pick({ !touched.contains(source.sections[$0].id) }) else { continue }
        let old = source.sections[s]
        var new = source.freshSection(&random)
        new.id = old.id
        for k in new.items.indices where k < old.items.count { new.items[k].id = old.items[k].id }
        reloaded.formUnion(old.items.map { ElementIdentity(.item, $0.id) })
        reloaded.formUnion([ElementIdentity(.header, old.id), ElementIdentity(.footer, old.id)])
        source.sections[s] = new
        frozen.insert(old.id)
        updates.append(.reloadSections(s..<(s + 1)))
      }
    }
    return (updates, reloaded)
  }

  /// A random change of `source`'s data for a snapshot: sections deleted (with their items),
  /// items deleted, moved between the remaining sections and inserted, sections inserted (with
  /// new items) and moved. Returns the ids of the surviving items whose content changed.
  private func randomSnapshotChange(_ source: IdentitySource, _ random: inout SeededGenerator) -> Set<Int> {
    if source.sections.count > 1 && random.chance(0.2) { source.sections.remove(at: random.int(0...source.sections.count - 1)) }
    for s in source.sections.indices {
      source.sections[s].items.removeAll { _ in random.chance(0.1) }
    }
    for _ in 0..<random.int(0...2) where !source.sections.isEmpty {
      let from = random.int(0...source.sections.count - 1)
      guard !source.sections[from].items.isEmpty else { continue }
      let entry = source.sections[from].items.remove(at: random.int(0...source.sections[from].items.count - 1))
      let to = random.int(0...source.sections.count - 1)
      source.sections[to].items.insert(entry, at: random.int(0...source.sections[to].items.count))
    }
    for s in source.sections.indices where random.chance(0.4) {
      let at = random.int(0...source.sections[s].items.count)
      source.sections[s].items.insert(source.fresh(Double(random.int(2...16) * 10)), at: at)
    }
    var changed = Set<Int>()
    for s in source.sections.indices {
      for i in source.sections[s].items.indices where random.chance(0.08) {
        source.sections[s].items[i].height = Double(random.int(2...16) * 10)
        changed.insert(source.sections[s].items[i].id)
      }
    }
    if random.chance(0.2) { source.sections.insert(source.freshSection(&random), at: random.int(0...source.sections.count)) }
    if source.sections.count > 1 && random.chance(0.2) {
      let section = source.sections.remove(at: random.int(0...source.sections.count - 1))
      source.sections.insert(section, at: random.int(0...source.sections.count))
    }
    return changed
  }
}
