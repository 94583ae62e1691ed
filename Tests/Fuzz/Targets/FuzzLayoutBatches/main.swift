// Fuzz target 3: batches of every `LayoutChange`, with hostile values, applied to a
// `WaterfallLayout` or a `ListLayout` through `apply(_:inverse:)`.
//
// Checks, after every batch:
// - it is accepted exactly when a plain model accepts it: each change's indices checked against
//   the state the previous change left, each intermediate state laid out from scratch;
// - accepted: every frame equals, to the bit, a from-scratch layout of the model's items; rect,
//   page and point queries equal scans of every element; the inverse batch gives back the
//   previous layout to the bit, and a copy taken before the batch never changed (value
//   semantics);
// - rejected: nothing changed, the inverse buffer included.
// With `keepColumns` (now and then on the layout's parameters) items remember their columns,
// which the model's items do not: the layout is compared with a from-scratch layout of its own
// items (`item(at:)`, columns included) and its items with the model's but for the columns. The
// inverse gives back every remembered column too, after a batch that makes items forget theirs
// (a move, a new width, new section parameters): the previous layout to the bit, as always.

import Cascade
import FuzzKit
import FuzzSupport

/// What the harness needs to know of a layout type.
protocol LayoutKind {
  associatedtype L: InvertibleCollectionLayout where L.Item: Equatable, L.SectionParameters: Equatable
  static func make(_ model: Model<L>) throws(LayoutError) -> L
  static func item(_ input: inout FuzzInput) -> L.Item
  static func parameters(_ input: inout FuzzInput) -> L.SectionParameters
  static func noParameters() -> L.SectionParameters
  /// The descriptions the layout keeps (what the inverse must give back).
  static func descriptions(_ layout: L) -> [String]
  /// The from-scratch layout an accepted batch's result must equal, to the bit, and whether the
  /// layout's items are the model's: the model's own layout, unless the layout keeps something
  /// of each placement in its items (see `Waterfall.reference`).
  static func reference(_ layout: L, _ model: Model<L>) throws(LayoutError) -> (fresh: L, sameItems: Bool)
}

/// The collection as plain arrays.
struct Model<L: CollectionLayout> {
  var width: Double
  var parameters: L.SectionParameters
  var sections: [LayoutSection<L.Item, L.SectionParameters>]

  func count(_ s: Int) -> Int { sections[s].items.count }

  /// The model after `change`, or `nil` when an index is outside the collection. Values are
  /// not checked here: the from-scratch layout of the result checks them.
  func applying(_ change: L.Change) -> Model? {
    var m = self
    let n = sections.count
    switch change {
    case .appendItems(let items, let s):
      guard s >= 0 && s < n else { return nil }
      m.sections[s].items += items
    case .insertItems(let items, let i, let s):
      guard s >= 0 && s < n, i >= 0 && i <= count(s) else { return nil }
      m.sections[s].items.insert(contentsOf: items, at: i)
    case .deleteItems(let r, let s):
      guard s >= 0 && s < n, r.lowerBound >= 0 && r.upperBound <= count(s) else { return nil }
      m.sections[s].items.removeSubrange(r)
    case .replaceItems(let items, let i, let s):
      guard s >= 0 && s < n, i >= 0 && i <= count(s) - items.count else { return nil }
      m.sections[s].items.replaceSubrange(i..<(i + items.count), with: items)
    case .moveItem(let from, let to):
      guard from.section >= 0 && from.section < n, from.item >= 0 && from.item < count(from.section) else { return nil }
      let item = m.sections[from.section].items.remove(at: from.item)
      guard to.section >= 0 && to.section < n, to.item >= 0 && to.item <= m.count(to.section) else { return nil }
      m.sections[to.section].items.insert(item, at: to.item)
    case .insertSection(let section, let s):
      guard s >= 0 && s <= n else { return nil }
      m.sections.insert(section, at: s)
    case .deleteSection(let s):
      guard s >= 0 && s < n else { return nil }
      m.sections.remove(at: s)
    case .moveSection(let from, let to):
      guard from >= 0 && from < n, to >= 0 && to < n else { return nil }
      m.sections.insert(m.sections.remove(at: from), at: to)
    case .setSectionParameters(let p, let s):
      guard s >= 0 && s < n else { return nil }
      m.sections[s].parameters = p
    case .setWidth(let w):
      m.width = w
    case .setHeight:
      // The fuzzed layouts are vertical, which take their extent as a width: refused.
      return nil
    }
    return m
  }
}

enum Waterfall: LayoutKind {
  typealias L = WaterfallLayout
  nonisolated(unsafe) static var manyColumns = false

  static func make(_ m: Model<L>) throws(LayoutError) -> L {
    try WaterfallLayout(width: m.width, parameters: m.parameters, sections: m.sections)
  }

  static func item(_ input: inout FuzzInput) -> WaterfallItem {
    let measure: WaterfallItem.Measure =
      input.chance(70) ? .height(input.length()) : .size(width: input.length(400), height: input.length(400))
    let span: WaterfallItem.Span
    switch input.byte() % 16 {
    case 0: span = .full
    case 1, 2: span = .columns(input.int(2...7))
    case 3: span = .columns(input.pick([0, -1, Int.max, Int.min, 1 << 16, (1 << 16) + 1, Int(Int32.max) + 1]))
    default: span = .columns(1)
    }
    return WaterfallItem(measure, span: span)
  }

  static func parameters(_ input: inout FuzzInput) -> WaterfallParameters {
    var p = WaterfallParameters()
    let flags = input.int(0...0xFFFF)
    if flags & 1 != 0 {
      if input.chance(85) {
        p.columns = input.int(1...6)
      } else {
        // 65536 is valid, and costs O(columns) per item: only with the many-columns switch.
        let hostile = [0, -1, Int.max, Int.min, (1 << 16) + 1]
        p.columns = input.pick(manyColumns ? hostile + [1 << 16, 4096] : hostile)
      }
    }
    if flags & 2 != 0 {
      p.minColumnWidth = manyColumns || input.chance(80) ? input.length(200) + (input.chance(90) ? 20 : 0) : input.length()
    }
    if flags & 4 != 0 { p.columnSpacing = input.length(20) }
    if flags & 8 != 0 { p.itemSpacing = input.length(20) }
    if flags & 16 != 0 {
      p.insets = EdgeInsets(top: input.length(30), left: input.length(30), bottom: input.length(30), right: input.length(30))
    }
    if flags & 32 != 0 { p.header = input.length(60) }
    if flags & 64 != 0 { p.footer = input.length(60) }
    if flags & 128 != 0 { p.order = input.pick(WaterfallOrder.allCases) }
    if flags & 256 != 0 { p.tolerance = input.length(40) }
    // Valid on the layout's parameters only (a section's are refused, as the model's layout is).
    if flags & 512 != 0 { p.keepColumns = input.chance(90) }
    return p
  }

  static func noParameters() -> WaterfallParameters { WaterfallParameters() }

  /// With `keepColumns` each item remembers the column it was placed in, which the model's items
  /// do not: the layout must then equal a from-scratch layout of its own items (columns
  /// included, as `item(at:)` gives them), and its items the model's but for those columns.
  static func reference(_ layout: WaterfallLayout, _ model: Model<WaterfallLayout>) throws(LayoutError) -> (fresh: WaterfallLayout, sameItems: Bool) {
    let modelLayout = try make(model)
    guard model.parameters.keepColumns == true else { return (modelLayout, true) }
    var own = model
    var sameItems = true
    for s in own.sections.indices {
      for i in own.sections[s].items.indices {
        // Both items as the layouts keep them (a layout normalizes what it is given), without
        // the remembered column.
        let path = ItemPath(item: i, section: s)
        guard let item = layout.item(at: path), var expected = modelLayout.item(at: path) else { return (modelLayout, false) }
        var forgotten = item
        forgotten.column = nil
        expected.column = nil
        if forgotten != expected { sameItems = false }
        own.sections[s].items[i] = item
      }
    }
    return (try make(own), sameItems)
  }

  static func descriptions(_ layout: WaterfallLayout) -> [String] {
    var result = ["\(layout.parameters)"]
    for s in 0..<layout.numberOfSections {
      result.append("\(layout.parameters(ofSection: s).map { "\($0)" } ?? "-") \(layout.numberOfColumns(inSection: s) ?? -1)")
      for i in 0..<layout.numberOfItems(inSection: s) {
        let path = ItemPath(item: i, section: s)
        result.append("\(layout.item(at: path).map { "\($0)" } ?? "-") \(layout.columns(ofItem: path).map { "\($0)" } ?? "-")")
      }
    }
    return result
  }
}

enum List: LayoutKind {
  typealias L = ListLayout

  static func make(_ m: Model<L>) throws(LayoutError) -> L {
    try ListLayout(width: m.width, parameters: m.parameters, sections: m.sections)
  }

  static func item(_ input: inout FuzzInput) -> ListItem { ListItem(height: input.length()) }

  static func parameters(_ input: inout FuzzInput) -> ListParameters {
    var p = ListParameters()
    let flags = input.int(0...15)
    if flags & 1 != 0 { p.itemSpacing = input.length(20) }
    if flags & 2 != 0 {
      p.insets = EdgeInsets(top: input.length(30), left: input.length(30), bottom: input.length(30), right: input.length(30))
    }
    if flags & 4 != 0 { p.header = input.length(60) }
    if flags & 8 != 0 { p.footer = input.length(60) }
    return p
  }

  static func noParameters() -> ListParameters { ListParameters() }

  static func reference(_ layout: ListLayout, _ model: Model<ListLayout>) throws(LayoutError) -> (fresh: ListLayout, sameItems: Bool) {
    (try make(model), true)
  }


  static func descriptions(_ layout: ListLayout) -> [String] { ["\(layout.parameters)"] }
}

/// One change, its indices drawn around the state `scratch` describes.
func change<K: LayoutKind>(_: K.Type, _ input: inout FuzzInput, _ scratch: Model<K.L>) -> K.L.Change {
  let sections = scratch.sections.count
  let s = input.index(sections)
  let n = s >= 0 && s < sections ? scratch.count(s) : 0
  func items() -> [K.L.Item] { (0..<input.int(0...6)).map { _ in K.item(&input) } }
  switch input.byte() % 12 {
  case 0, 1: return .appendItems(items(), section: s)
  case 2: return .insertItems(items(), at: input.index(n), section: s)
  case 3:
    let a = input.index(n)
    let count = input.count(max: Swift.max(1, n))
    let end = a.addingReportingOverflow(count)
    // A Range cannot be formed backwards: the hostile cases are a start or an end outside.
    if end.overflow || end.partialValue < a { return .deleteItems(a..<a, section: s) }
    return .deleteItems(a..<end.partialValue, section: s)
  case 4: return .replaceItems(items(), at: input.index(n), section: s)
  case 5:
    let t = input.index(sections)
    let m = t >= 0 && t < sections ? scratch.count(t) : 0
    return .moveItem(from: ItemPath(item: input.index(n), section: s), to: ItemPath(item: input.index(m), section: t))
  case 6:
    let section = LayoutSection(parameters: input.chance(50) ? K.noParameters() : K.parameters(&input), items: items())
    return .insertSection(section, at: input.index(sections + 1))
  case 7: return .deleteSection(at: s)
  case 8: return .moveSection(from: s, to: input.index(sections))
  case 9: return .setSectionParameters(K.parameters(&input), section: s)
  case 10: return .setWidth(input.chance(80) ? Double(input.int(1...1200)) : input.length(1200))
  default: return .appendItems([K.item(&input)], section: sections > 0 ? sections - 1 : 0)
  }
}

/// Rects around the content, and hostile ones.
func rect(_ input: inout FuzzInput, _ content: Size) -> Rect {
  if input.chance(10) {
    return Rect(x: input.length(), y: input.length(), width: input.length(), height: input.length())
  }
  let h = content.height.isFinite ? Swift.max(1, content.height) : 1e6
  let y = Double(input.int(-50...Int(Swift.min(h, 1e12)) + 50))
  let x = Double(input.int(-50...Int(Swift.min(content.width, 1e12)) + 50))
  let width = input.chance(50) ? content.width + 100 : Double(input.int(0...Int(Swift.min(content.width, 1e12))))
  let height = input.chance(10) ? 0 : Double(input.int(0...Int(Swift.min(h, 1e12)) / 2 + 1))
  return Rect(x: input.chance(50) ? -10 : x, y: y, width: width, height: height)
}

/// The queries of `layout` against scans of its elements.
func checkQueries<L: CollectionLayout>(_ layout: L, _ input: inout FuzzInput) {
  guard layout.contentSize.height.isFinite else { return }
  let elements = allElements(layout)
  for _ in 0..<input.int(1...3) {
    let r = rect(&input, layout.contentSize)
    let answer = layout.elements(in: r)
    let expected = scanQuery(elements, r)
    check(sameAnswer(answer, expected), "query \(r): \(answer.map(\.path)) vs scan \(expected.map(\.path))")
    // A page after an element of the answer (or any path) continues with what follows it.
    let after: ElementPath? = expected.isEmpty || input.chance(30)
      ? ElementPath(kind: input.pick(ElementKind.allCases), section: input.index(layout.numberOfSections), item: input.index(8))
      : expected[input.int(0...(expected.count - 1))].path
    let limit = input.int(0...5)
    var page: [LayoutAttributes] = []
    let more = layout.page(in: r, after: after, limit: limit, into: &page)
    let rest = expected.filter { after == nil || after! < $0.path }
    check(sameAnswer(page, Array(rest.prefix(limit))), "page \(r) after \(String(describing: after)) limit \(limit)")
    check(more == (rest.count > limit), "page \(r): more \(more), \(rest.count) follow, limit \(limit)")
    let p = Point(x: r.minX + (r.width.isFinite ? r.width / 2 : 0), y: r.minY)
    let hit = layout.element(at: p)
    let scanned = scanPoint(elements, p)
    check(hit.map(ElementSnapshot.init) == scanned.map(ElementSnapshot.init),
          "point \(p): \(String(describing: hit)) vs scan \(String(describing: scanned))")
  }
}

func run<K: LayoutKind>(_: K.Type, _ input: inout FuzzInput) {
  var model = Model<K.L>(
    width: input.chance(90) ? Double(input.int(1...1200)) : input.length(1200),
    parameters: input.chance(40) ? K.noParameters() : K.parameters(&input),
    sections: (0..<input.int(0...3)).map { _ in
      LayoutSection(
        parameters: input.chance(50) ? K.noParameters() : K.parameters(&input),
        items: (0..<input.int(0...12)).map { _ in K.item(&input) })
    })
  var layout: K.L
  do throws(LayoutError) {
    layout = try K.make(model)
  } catch {
    return
  }
  var batches = 0
  while !input.isEmpty && batches < 24 {
    batches += 1
    let before = LayoutSnapshot(layout)
    let beforeDescriptions = K.descriptions(layout)
    // A batch drawn around the state it would produce, change by change.
    var batch: [K.L.Change] = []
    var scratch = model
    for _ in 0..<input.int(1...5) {
      let c = change(K.self, &input, scratch)
      batch.append(c)
      if let next = scratch.applying(c) { scratch = next }
    }
    // What the model says: the state after each change, each one laid out from scratch.
    var expected: Model<K.L>? = model
    for c in batch {
      guard let next = expected?.applying(c), (try? K.make(next)) != nil else { expected = nil; break }
      expected = next
    }
    let copy: K.L? = input.chance(25) ? layout : nil
    let sentinel = K.L.Change.setWidth(12345)
    var inverse = [sentinel]
    var failure: LayoutError?
    do throws(LayoutError) {
      try layout.apply(batch, inverse: &inverse)
    } catch {
      failure = error
    }
    if let copy { check(LayoutSnapshot(copy) == before, "a copy changed with the original") }
    guard let expected else {
      check(failure != nil, "accepted a batch the model rejects: \(batch)")
      check(LayoutSnapshot(layout) == before, "a rejected batch changed the layout: \(LayoutSnapshot(layout).difference(from: before))")
      check(K.descriptions(layout) == beforeDescriptions, "a rejected batch changed the items")
      check(inverse.count == 1, "a rejected batch changed the inverse")
      continue
    }
    check(failure == nil, "rejected a batch the model accepts: \(failure!) for \(batch)")
    let fresh: K.L, sameItems: Bool
    do throws(LayoutError) { (fresh, sameItems) = try K.reference(layout, expected) } catch { fatalError("the model's layout failed: \(error)") }
    let after = LayoutSnapshot(layout)
    check(sameItems, "the items differ from the model's")
    check(after == LayoutSnapshot(fresh), "incremental vs from scratch: \(after.difference(from: LayoutSnapshot(fresh))) after \(batch)")
    check(K.descriptions(layout) == K.descriptions(fresh), "the items differ from the model's")
    checkQueries(layout, &input)
    // The inverse gives back the layout as it was.
    do throws(LayoutError) {
      try layout.apply(inverse)
    } catch {
      fatalError("the inverse \(inverse) of \(batch) was rejected: \(error)")
    }
    check(LayoutSnapshot(layout) == before, "the inverse did not restore: \(LayoutSnapshot(layout).difference(from: before))")
    check(K.descriptions(layout) == beforeDescriptions, "the inverse did not restore the items")
    if input.chance(70) {
      do throws(LayoutError) { try layout.apply(batch) } catch { fatalError("re-applying \(batch) failed: \(error)") }
      check(LayoutSnapshot(layout) == after, "re-applying differs: \(LayoutSnapshot(layout).difference(from: after))")
      model = expected
    }
  }
}

// CASCADE_FUZZ_MANY_COLUMNS=1 lets valid column counts reach 65,536 (see Docs/Reliability.md:
// such a section costs O(columns) per item and O(columns · span) per spanning item).
Waterfall.manyColumns = getenvString("CASCADE_FUZZ_MANY_COLUMNS") == "1"
cascade_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
  var input = FuzzInput(data, size)
  if input.bool() { run(List.self, &input) } else { run(Waterfall.self, &input) }
  return 0
}
