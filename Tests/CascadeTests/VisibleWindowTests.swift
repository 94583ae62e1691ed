// The visible window (`VisibleWindow`, `CollectionLayout.moveWindow(_:to:)`): after every move its
// elements are exactly the rect query's answer (`elements(in:into:)`) and the brute-force filter
// of every frame, in spec order, whatever the walk (small steps, jumps, resizes) and whatever
// changes the layout takes in between. Golden walks by hand, then seeded random walks over random
// waterfalls and lists in both orientations and directions; the seed and step are printed on
// failure. After every move, what it reports having changed is checked against the two answers.
// See Docs/Spec/Waterfall.md for the query's predicate and order.
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("Visible window")
struct VisibleWindowTests {
  /// Two columns of 100 with spacing 10: item 0 at [0, 100) in column 0, 1 at [0, 50) and 2 at
  /// [60, 110) in column 1, 3 at [110, 210) in column 0, 4 at [120, 150) in column 1.
  @Test func goldenWaterfallWalk() throws {
    let layout = try WaterfallLayout(
      width: 210, parameters: WaterfallParameters(columns: 2, columnSpacing: 10, itemSpacing: 10),
      sections: [WaterfallSection(items: [100, 50, 50, 100, 30])])
    var window = VisibleWindow()
    let walk: [(y: Double, items: [Int])] = [
      (0, [0, 1]), (16, [0, 1]), (55, [0, 2]), (100, [2, 3, 4]), (150, [3]), (171, [3]), (210, []),
      (150, [3]), (100, [2, 3, 4]), (55, [0, 2]), (0, [0, 1]),
    ]
    for (y, items) in walk {
      let rect = Rect(x: 0, y: y, width: 210, height: 40)
      window.move(to: rect, in: layout)
      #expect(window.elements.map(\.path) == items.map { .item($0, section: 0) }, "at y = \(y)")
      #expect(window.elements == layout.elements(in: rect), "at y = \(y)")
      #expect(window.rect == rect)
    }
    // Only the first move searched: every other one moved the cursors.
    #expect(window._searches == 1)
  }

  /// A jump searches and leaves the cursors unset: a run of jumps costs a search each, the first
  /// move near the last jump searches again and starts them, and the moves after it go by the
  /// cursors.
  @Test func aJumpLeavesTheCursorsToTheNextMove() throws {
    let layout = try WaterfallLayout(
      width: 200, parameters: WaterfallParameters(columns: 2),
      sections: [WaterfallSection(items: (0..<400).map { _ -> WaterfallItem in 50 })])
    var window = VisibleWindow()
    func move(_ y: Double, searches: Int, searched: Bool, cursors: Bool) {
      let rect = Rect(x: 0, y: y, width: 200, height: 100)
      window.move(to: rect, in: layout)
      #expect(window.elements == layout.elements(in: rect), "at y = \(y)")
      #expect(window._searches == searches, "at y = \(y)")
      #expect(window.lastMoveSearched == searched, "at y = \(y)")
      #expect((window._generation != nil) == cursors, "at y = \(y)")
    }
    move(0, searches: 1, searched: true, cursors: true)  // the first move starts the cursors
    move(10, searches: 1, searched: false, cursors: true)
    move(3000, searches: 2, searched: true, cursors: false)  // a jump
    move(6000, searches: 3, searched: true, cursors: false)  // another
    move(6010, searches: 4, searched: true, cursors: true)  // near the last jump: started
    move(6020, searches: 4, searched: false, cursors: true)
    move(5990, searches: 4, searched: false, cursors: true)
  }

  /// A list with a header and a footer: header [0, 20), rows [20, 50), [50, 80), [80, 110),
  /// footer [110, 120).
  @Test func goldenListWalkWithHeaderAndFooter() throws {
    let layout = try ListLayout(
      width: 100, parameters: ListParameters(header: 20, footer: 10), sections: [ListSection(parameters: ListParameters(), items: [30, 30, 30])])
    var window = VisibleWindow()
    let walk: [(y: Double, paths: [ElementPath])] = [
      (0, [.header(0), .item(0, section: 0)]),
      (16, [.header(0), .item(0, section: 0)]),
      (32, [.item(0, section: 0), .item(1, section: 0)]),
      (48, [.item(0, section: 0), .item(1, section: 0)]),
      (96, [.item(2, section: 0), .footer(0)]),
      (120, []),
      (20, [.item(0, section: 0)]),
    ]
    for (y, paths) in walk {
      let rect = Rect(x: 0, y: y, width: 100, height: 25)
      layout.moveWindow(&window, to: rect)
      #expect(window.elements.map(\.path) == paths, "at y = \(y)")
      #expect(window.elements == layout.elements(in: rect), "at y = \(y)")
    }
  }

  /// A layout change is noticed: the next move searches and answers for the new layout, and a
  /// window moved over one copy is not fooled by another copy changed differently.
  @Test func layoutChangesAreNoticed() throws {
    var layout = try WaterfallLayout(
      width: 100, parameters: WaterfallParameters(columns: 1, itemSpacing: 0), sections: [WaterfallSection(items: [50, 50, 50])])
    var window = VisibleWindow()
    let rect = Rect(x: 0, y: 0, width: 100, height: 60)
    window.move(to: rect, in: layout)
    #expect(window.elements.map(\.path.item) == [0, 1])
    var copy = layout
    try copy.apply([.replaceItems([200], at: 0, section: 0)])
    window.move(to: rect, in: copy)
    #expect(window.elements.map(\.path.item) == [0])
    try layout.apply([.insertItems([5], at: 0, section: 0)])
    window.move(to: rect, in: layout)
    #expect(window.elements.map(\.path.item) == [0, 1, 2])
    #expect(window.elements == layout.elements(in: rect))
    #expect(window._searches == 3)
  }

  /// A batch whose generation a window holds takes the layout's previous generation again only
  /// when nothing else holds it (round thirty-eight): a window still holding the generation of
  /// two batches ago, or one moved over a copy of the layout, searches again and answers for the
  /// layout it is moved over. Taking the previous generation without asking would have let the
  /// first window below keep its answer from before both insertions.
  @Test func aGenerationIsTakenAgainOnlyWhenNothingElseHoldsIt() throws {
    var layout = try WaterfallLayout(
      width: 100, parameters: WaterfallParameters(columns: 1, itemSpacing: 0),
      sections: [WaterfallSection(items: Array(repeating: 50, count: 8))])
    let rect = Rect(x: 0, y: 0, width: 100, height: 120)
    var first = VisibleWindow(), second = VisibleWindow()
    first.move(to: rect, in: layout)
    #expect(first.elements.map(\.frame.minY) == [0, 50, 100])
    try layout.apply([.insertItems([30], at: 0, section: 0)])  // `first` holds the generation
    second.move(to: rect, in: layout)
    try layout.apply([.insertItems([30], at: 0, section: 0)])  // `second` holds it, `first` the one before
    first.move(to: rect, in: layout)
    #expect(first.elements.map(\.frame.minY) == [0, 30, 60, 110])
    #expect(first.elements == layout.elements(in: rect))
    second.move(to: rect, in: layout)
    #expect(second.elements == layout.elements(in: rect))
    // Batches and moves in turn, as a view's, and a copy changed differently beside them.
    var copy = layout
    for k in 0..<6 {
      try layout.apply([.replaceItems([.height(Double(20 + 10 * k))], at: 1, section: 0)])
      first.move(to: rect, in: layout)
      #expect(first.elements == layout.elements(in: rect), "step \(k)")
      try copy.apply([.replaceItems([.height(Double(90 - 10 * k))], at: 0, section: 0)])
      second.move(to: rect, in: copy)
      #expect(second.elements == copy.elements(in: rect), "step \(k), the copy")
      first.move(to: rect, in: layout)
      #expect(first.elements == layout.elements(in: rect), "step \(k), back")
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as [UInt64])
  func randomWalksOverWaterfalls(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var moves = 0, searches = 0
    for round in 0..<6 {
      var model = rng.reference(sections: 0...4, items: 0...80)
      let orientation: LayoutOrientation = rng.chance(0.3) ? .horizontal : .vertical
      let direction: LayoutDirection = rng.chance(0.2) ? .rightToLeft : .leftToRight
      var layout: WaterfallLayout
      if let made = try? WaterfallLayout(
        orientation: orientation, extent: model.width, parameters: model.parameters,
        sections: model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) }, direction: direction)
      {
        layout = made
      } else {
        layout = try model.layout()
      }
      var window = VisibleWindow()
      let problem = randomWalk(&rng, &window, steps: 250) { rng in
        let change = rng.change(for: model)
        var applied = change
        if case .setWidth(let w) = change, layout.orientation == .horizontal { applied = .setHeight(w) }
        guard (try? layout.apply([applied])) != nil else { return layout }  // e.g. a size of height 0 across
        model.apply(change)
        return layout
      } current: { layout }
      #expect(problem == nil, "seed \(seed), round \(round) (\(orientation), \(direction)): \(problem ?? "")")
      if problem != nil { return }
      moves += 250
      searches += window._searches
    }
    // The cursors did the moving, not searches (a loose bound: jumps, changes, right to left and
    // new sections search).
    #expect(searches < moves * 3 / 4, "seed \(seed): \(searches) of \(moves) moves searched")
  }

  @Test(arguments: [31, 32, 33, 34, 35, 36] as [UInt64])
  func randomWalksOverLists(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<6 {
      var model = rng.listModel(sections: 0...4, items: 0...80)
      let orientation: LayoutOrientation = rng.chance(0.3) ? .horizontal : .vertical
      var layout = try ListLayout(orientation: orientation, extent: model.width, parameters: model.parameters, sections: model.sections)
      var window = VisibleWindow()
      let problem = randomWalk(&rng, &window, steps: 250) { rng in
        let change = rng.change(for: model)
        var applied = change
        if case .setWidth(let w) = change, orientation == .horizontal { applied = .setHeight(w) }
        guard (try? layout.apply([applied])) != nil else { return layout }
        model.apply(change)
        return layout
      } current: { layout }
      #expect(problem == nil, "seed \(seed), round \(round) (\(orientation)): \(problem ?? "")")
      if problem != nil { return }
    }
  }

  /// A collection of many small sections with headers and footers, scrolled through in small
  /// steps: sections enter and leave the window at almost every step.
  @Test(arguments: [41, 42, 43] as [UInt64])
  func scrollingThroughManySections(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let sections = (0..<40).map { _ in
      WaterfallSection(
        parameters: WaterfallParameters(columns: rng.int(1...4), header: rng.chance(0.5) ? 20 : 0, footer: rng.chance(0.5) ? 10 : 0),
        items: (0..<rng.int(0...12)).map { _ in WaterfallItem.height(rng.length(120)) })
    }
    let layout = try WaterfallLayout(width: 300, sections: sections)
    let all = allElements(layout)
    var window = VisibleWindow()
    var y = -30.0
    let height = rng.chance(0.5) ? Double(rng.int(1...40) * 10) : rng.double(10...400)
    while y < layout.contentSize.height + 30 {
      let rect = Rect(x: 0, y: y, width: 300, height: height)
      window.move(to: rect, in: layout)
      let expected = bruteForceQuery(all, rect)
      #expect(window.elements == expected, "seed \(seed), y \(y)")
      if window.elements != expected { return }
      y += rng.chance(0.7) ? Double(rng.int(0...24)) : rng.double(0...24)
    }
  }
}

/// Moves `window` over the layout `current()` returns, `steps` times: small steps along the
/// scroll axis either way, jumps, resizes along and across it, and now and then a change of the
/// layout (`change`, which returns the layout after it). After every move, the window's elements
/// must be the rect query's answer and the brute-force filter of every frame. Returns the first
/// difference.
func randomWalk<Layout: CollectionLayout>(
  _ rng: inout SplitMix64, _ window: inout VisibleWindow, steps: Int,
  change: (inout SplitMix64) throws -> Layout, current: () -> Layout
) rethrows -> String? {
  var layout = current()
  // Mostly whole points, as the items' lengths and spacings mostly are, so that the rect's edges
  // often fall exactly on elements' edges.
  func whole(_ r: Rect, _ rng: inout SplitMix64) -> Rect {
    guard rng.chance(0.7) else { return r }
    return Rect(x: r.minX.rounded(), y: r.minY.rounded(), width: r.width.rounded(), height: r.height.rounded())
  }
  var rect = whole(rng.rect(in: layout.contentSize), &rng)
  let horizontal = layout.orientation == .horizontal
  for step in 0..<steps {
    switch rng.int(0...19) {
    case 0: rect = whole(rng.rect(in: layout.contentSize), &rng)  // a jump
    case 1:  // a resize along the scroll axis
      let length = Double(rng.int(0...40) * 10)
      if horizontal { rect.size.width = length } else { rect.size.height = length }
    case 2:  // a resize across it
      if horizontal { rect.size.height = rng.double(0...layout.contentSize.height + 50) } else {
        rect.size.width = rng.double(0...layout.contentSize.width + 50)
      }
    case 3, 4: layout = try change(&rng)
    default:  // a small step, mostly in whole points, either way
      let d = rng.chance(0.7) ? Double(rng.int(-8...40)) : rng.double(-40...40)
      if horizontal { rect.origin.x += d } else { rect.origin.y += d }
    }
    let before = window.elements, moves = window.moveCount
    layout.moveWindow(&window, to: rect)
    if let wrong = checkReportedChanges(before, window, moves: moves) { return "step \(step), \(rect): \(wrong)" }
    let searched = layout.elements(in: rect)
    if window.elements != searched {
      return "step \(step), \(rect): window \(window.elements.map(\.path)) != search \(searched.map(\.path))"
    }
    // The spec's predicate on reported frames: positive overlap, never zero length along the
    // scroll axis.
    let brute = allElements(layout).filter {
      (horizontal ? $0.frame.width : $0.frame.height) != 0 && $0.frame.intersects(rect)
    }
    if window.elements != brute {
      return "step \(step), \(rect): window \(window.elements.map(\.path)) != brute force \(brute.map(\.path))"
    }
  }
  return nil
}

/// What a move reports (`moveCount`, `lastMoveSearched`, `entered`, `left`) against the answers
/// before and after it: one more move; after a move by the cursors, `left` and `entered` are
/// exactly the paths that left and came (each once, none in both), and every element in both
/// answers kept its frame; after a search, both lists are empty. Returns the first difference.
func checkReportedChanges(_ before: [LayoutAttributes], _ window: VisibleWindow, moves: Int) -> String? {
  if window.moveCount != moves + 1 { return "moveCount \(window.moveCount) after \(moves)" }
  if window.lastMoveSearched {
    return window.entered.isEmpty && window.left.isEmpty ? nil : "a search reported changes"
  }
  let old = Dictionary(uniqueKeysWithValues: before.map { ($0.path, $0) })
  let new = Dictionary(uniqueKeysWithValues: window.elements.map { ($0.path, $0) })
  let left = Set(window.left), entered = Set(window.entered)
  if left.count != window.left.count || entered.count != window.entered.count { return "a path reported twice" }
  if left != Set(old.keys).subtracting(new.keys) { return "left \(window.left), expected \(Set(old.keys).subtracting(new.keys))" }
  if entered != Set(new.keys).subtracting(old.keys) {
    return "entered \(window.entered), expected \(Set(new.keys).subtracting(old.keys))"
  }
  for (path, attributes) in new where old[path].map({ $0 != attributes }) ?? false {
    return "\(path) moved from \(old[path]!) to \(attributes) in a move by the cursors"
  }
  return nil
}
