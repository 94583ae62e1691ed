// Orientation, direction, pinned headers and neighbours: golden frames worked out by hand, and
// random collections of both layouts against the brute-force models of CascadeTestSupport.
import Testing
@testable import Cascade
import CascadeTestSupport

private func frames<L: CollectionLayout>(_ layout: L) -> [Rect] { allElements(layout).map(\.frame) }

@Suite("Orientation and direction: golden")
struct PresentationGoldenTests {
  // Height 100, two rows of (100 - 10) / 2 = 45, a 20-wide header. Transposed: item 0 (30) in
  // column 0 at y 20, item 1 (40) in column 1 at y 20, item 2, a size (2, 1) transposed to
  // (1, 2), 90 high at y 60 in column 0. Transposed back: widths 30, 40, 90; content 150 × 100.
  let section = WaterfallSection(header: 20, items: [30, 40, .size(width: 2, height: 1)])

  @Test func horizontalWaterfall() throws {
    let layout = try WaterfallLayout(height: 100, sections: [section])
    #expect(layout.orientation == .horizontal)
    #expect(layout.contentSize == Size(width: 150, height: 100))
    #expect(frames(layout) == [
      Rect(x: 0, y: 0, width: 20, height: 100), Rect(x: 20, y: 0, width: 30, height: 45),
      Rect(x: 20, y: 55, width: 40, height: 45), Rect(x: 60, y: 0, width: 90, height: 45),
    ])
    #expect(layout.item(at: ItemPath(item: 2, section: 0)) == .size(width: 2, height: 1))
  }

  @Test func horizontalRightToLeft() throws {
    let layout = try WaterfallLayout(height: 100, sections: [section], direction: .rightToLeft)
    #expect(frames(layout) == [
      Rect(x: 130, y: 0, width: 20, height: 100), Rect(x: 100, y: 0, width: 30, height: 45),
      Rect(x: 90, y: 55, width: 40, height: 45), Rect(x: 0, y: 0, width: 90, height: 45),
    ])
    // Pinned headers stick to the right edge: viewport x 40 ..< 100, header at 100 - 20 = 80.
    let pinned = layout.elements(inViewport: Rect(x: 40, y: 0, width: 60, height: 100), pinningHeaders: true)
    #expect(pinned.first == LayoutAttributes(path: .header(0), frame: Rect(x: 80, y: 0, width: 20, height: 100), zIndex: 1))
    #expect(layout.element(at: Point(x: 95, y: 60), pinningHeadersIn: Rect(x: 40, y: 0, width: 60, height: 100))?.path == .header(0))
    #expect(layout.element(at: Point(x: 95, y: 60))?.path == .item(1, section: 0))
  }

  @Test func verticalRightToLeft() throws {
    let layout = try WaterfallLayout(width: 100, sections: [section], direction: .rightToLeft)
    #expect(frames(layout) == [
      Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 55, y: 20, width: 45, height: 30),
      Rect(x: 0, y: 20, width: 45, height: 40), Rect(x: 55, y: 60, width: 45, height: 22.5),
    ])
    #expect(layout.element(at: Point(x: 10, y: 30))?.path == .item(1, section: 0))
    #expect(layout.neighbor(of: ItemPath(item: 0, section: 0), direction: .left) == ItemPath(item: 1, section: 0))
    #expect(layout.neighbor(of: ItemPath(item: 0, section: 0), direction: .down) == ItemPath(item: 2, section: 0))
    #expect(layout.neighbor(of: ItemPath(item: 0, section: 0), direction: .right) == nil)
  }

  @Test func pinnedHeaderStopsAtTheFooter() throws {
    // Section 0: header 20, items to 20 + 100, footer at 120. A viewport at y 110: the header is
    // pushed up to 120 - 20 = 100 by its footer.
    let layout = try WaterfallLayout(
      width: 100, parameters: WaterfallParameters(columns: 1),
      sections: [WaterfallSection(header: 20, footer: 10, items: [100]), WaterfallSection(header: 20, items: [100])])
    let v = Rect(x: 0, y: 110, width: 100, height: 50)
    let answer = layout.elements(inViewport: v, pinningHeaders: true)
    #expect(answer.map(\.path) == [.header(0), .item(0, section: 0), .footer(0), .header(1), .item(0, section: 1)])
    #expect(answer[0].frame.minY == 100)
    #expect(answer[3].frame.minY == 130)
    #expect(layout.elements(inViewport: v, pinningHeaders: false) == layout.elements(in: v))
  }

  @Test func horizontalList() throws {
    let list = try ListLayout(
      height: 50, parameters: ListParameters(itemSpacing: 5, insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
      sections: [ListSection(parameters: ListParameters(header: 10), items: [20, 30])])
    // Transposed: width 50, insets (top 2, left 1, bottom 4, right 3): rows at y 12 and 37, 46 wide.
    #expect(frames(list) == [
      Rect(x: 0, y: 0, width: 10, height: 50), Rect(x: 12, y: 1, width: 20, height: 46),
      Rect(x: 37, y: 1, width: 30, height: 46),
    ])
    #expect(list.contentSize == Size(width: 71, height: 50))
    #expect(list.parameters.insets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
  }

  @Test func horizontalErrorsNameTheHorizontalFields() throws {
    func message(_ body: () throws -> Void) -> String? {
      do { try body(); return nil } catch { return "\(error)" }
    }
    #expect(message { _ = try WaterfallLayout(height: 100, sections: [.init(items: [.size(width: 2, height: 0)])]) }
      == "section 0, item 0: size height must be > 0 in a horizontal collection")
    #expect(message { _ = try WaterfallLayout(height: 100, sections: [.init(items: [.size(width: 0, height: 2)])]) }
      == "section 0, item 0: size width must be > 0")
    #expect(message { _ = try WaterfallLayout(height: -1) } == "collection: height must be > 0")
    #expect(message { _ = try WaterfallLayout(height: 10, parameters: WaterfallParameters(insets: EdgeInsets(left: -1))) }
      == "layout: insets.left must be >= 0")
    var layout = try WaterfallLayout(height: 100, sections: [section])
    #expect(message { try layout.apply(.setWidth(50)) }
      == "change 0: collection: width cannot be set on a horizontal collection (it has a height)")
    var vertical = try WaterfallLayout(width: 100)
    #expect(message { try vertical.apply(.setHeight(50)) }
      == "change 0: collection: height cannot be set on a vertical collection (it has a width)")
    try layout.apply(.setHeight(210))
    #expect(layout.contentSize.height == 210)
    #expect(layout.crossAxisExtent == 210)
    var list = try ListLayout(height: 10)
    #expect(message { try list.apply(.setWidth(50)) }
      == "change 0: collection: width cannot be set on a horizontal collection (it has a height)")
  }
}

@Suite("Orientation and direction: randomized")
struct PresentationRandomizedTests {
  static let presentations: [(LayoutOrientation, LayoutDirection)] = [
    (.vertical, .leftToRight), (.vertical, .rightToLeft), (.horizontal, .leftToRight), (.horizontal, .rightToLeft),
  ]

  /// Compares a layout with its model: frames, content size, rect, point, pinned viewport,
  /// pinned hit test and neighbours.
  static func difference<L: CollectionLayout>(_ layout: L, _ m: PresentedModel, rng: inout SplitMix64) -> String? {
    let actual = allElements(layout)
    guard actual.count == m.elements.count else { return "count \(actual.count) != \(m.elements.count)" }
    for (a, e) in zip(actual, m.elements) where a.path != e.path || !close(a.frame, e.frame) { return "\(a) != model \(e)" }
    guard close(layout.contentSize.width, m.contentSize.width), close(layout.contentSize.height, m.contentSize.height) else {
      return "content size \(layout.contentSize) != \(m.contentSize)"
    }
    // The models are checked on the reported frames themselves (so ties and edges are exact).
    let reported = PresentedModel(elements: actual, unmirrored: m.unmirrored, sectionEnds: m.sectionEnds,
                                  contentSize: layout.contentSize, orientation: m.orientation, direction: m.direction)
    for q in 0..<12 {
      var rect = rng.rect(in: layout.contentSize)
      if m.orientation == .horizontal { rect = transposed(rng.rect(in: Size(width: layout.contentSize.height, height: layout.contentSize.width))) }
      let fast = layout.elements(in: rect)
      let slow = bruteForceQuery(reported, rect)
      if fast != slow { return "query \(rect): \(fast.map(\.path)) != \(slow.map(\.path))" }
      if let diff = pagingDifference(layout, rect, limit: 1 + q % 7, expected: slow) { return diff }
      let point = Point(x: rect.minX + rect.width / 3, y: rect.minY + rect.height / 2)
      if layout.element(at: point) != bruteForcePoint(reported, point) { return "point \(point)" }
      let pinned = layout.elements(inViewport: rect, pinningHeaders: true)
      let slowPinned = bruteForcePinned(m, rect)
      if pinned.count != slowPinned.count || zip(pinned, slowPinned).contains(where: { $0.path != $1.path || !close($0.frame, $1.frame) }) {
        return "pinned \(rect): \(pinned) != \(slowPinned)"
      }
      let hit = layout.element(at: point, pinningHeadersIn: rect)
      if hit?.path != bruteForcePinnedPoint(m, rect, point)?.path { return "pinned point \(point) in \(rect): \(String(describing: hit))" }
    }
    let items = actual.compactMap(\.path.itemPath)
    for _ in 0..<min(10, items.count) {
      let path = items[rng.int(0...items.count - 1)]
      for d in NeighborDirection.allCases {
        let fast = layout.neighbor(of: path, direction: d)
        let slow = bruteForceNeighbor(actual, of: path, d)
        if fast != slow { return "neighbor of \(path) \(d): \(String(describing: fast)) != \(String(describing: slow))" }
      }
    }
    return nil
  }

  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func waterfallMatchesTheModels(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<12 {
      var model = rng.reference(sections: 0...4, items: 0...40)
      // Horizontal collections need size heights > 0.
      for s in model.sections.indices {
        model.sections[s].items = model.sections[s].items.map {
          if case .size(let w, let h) = $0.measure, h == 0 { var t = $0; t.measure = .size(width: w, height: 1); return t }
          return $0
        }
      }
      for (o, d) in Self.presentations {
        let layout = try model.layout(o, d)
        #expect(layout._violation() == nil)
        if let diff = Self.difference(layout, model.presented(o, d), rng: &rng) {
          Issue.record("seed \(seed) round \(round) \(o) \(d): \(diff)")
          return
        }
      }
    }
  }

  @Test(arguments: [21, 22, 23] as [UInt64])
  func horizontalChangesMatchTheModel(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var model = rng.reference(sections: 1...3, items: 0...30)
    func positive(_ items: [WaterfallItem]) -> [WaterfallItem] {
      items.map { if case .size(let w, let h) = $0.measure, h == 0 { var t = $0; t.measure = .size(width: w, height: 1); return t }; return $0 }
    }
    for s in model.sections.indices { model.sections[s].items = positive(model.sections[s].items) }
    var layout = try model.layout(.horizontal, .rightToLeft)
    for step in 0..<30 {
      var change = rng.change(for: model)
      switch change {
      case .appendItems(let items, let s): change = .appendItems(positive(items), section: s)
      case .insertItems(let items, let i, let s): change = .insertItems(positive(items), at: i, section: s)
      case .replaceItems(let items, let i, let s): change = .replaceItems(positive(items), at: i, section: s)
      case .insertSection(let section, let s):
        change = .insertSection(WaterfallSection(parameters: section.parameters, items: positive(section.items)), at: s)
      case .setWidth(let w): change = .setHeight(w)
      default: break
      }
      let before = allElements(layout)
      var undo: [WaterfallLayout.Change] = []
      try layout.apply([change], inverse: &undo)
      if case .setHeight(let h) = change { model.width = h } else { model.apply(change) }
      if let diff = Self.difference(layout, model.presented(.horizontal, .rightToLeft), rng: &rng) {
        Issue.record("seed \(seed) step \(step) \(change): \(diff)")
        return
      }
      var copy = layout
      try copy.apply(undo)
      #expect(allElements(copy) == before)
    }
  }

  @Test(arguments: [31, 32, 33] as [UInt64])
  func listMatchesTheModels(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<12 {
      let model = rng.listModel(sections: 0...4, items: 0...40)
      for (o, d) in Self.presentations {
        let list = try ListLayout(orientation: o, extent: model.width, parameters: model.parameters,
                                  sections: model.sections, direction: d)
        // The vertical list of the transposed collection, already checked against the waterfall.
        let t: (ListParameters) -> ListParameters = { o == .vertical ? $0 : transposed($0) }
        let base = try ListLayout(width: model.width, parameters: t(model.parameters),
                                  sections: model.sections.map { ListSection(parameters: t($0.parameters), items: $0.items) })
        let ends = (0..<base.numberOfSections).map { s in
          (try? ListLayout(width: model.width, parameters: t(model.parameters),
                           sections: model.sections[0...s].map { ListSection(parameters: t($0.parameters), items: $0.items) }))!.contentSize.height
        }
        let m = presentedModel(vertical: allElements(base), contentHeight: base.contentSize.height, width: model.width,
                               sectionEnds: ends, o, d)
        if let diff = Self.difference(list, m, rng: &rng) {
          Issue.record("seed \(seed) round \(round) \(o) \(d): \(diff)")
          return
        }
      }
    }
  }

  @Test func neighborTiesGoToTheLargerOverlapThenAnswerOrder() throws {
    // Column layout by hand with a list-like waterfall: item 0 full width on top; below it two
    // items at the same y, the wider overlap wins; with equal overlaps the first in order.
    let layout = try WaterfallLayout(
      width: 100, parameters: WaterfallParameters(columns: 4, columnSpacing: 0, itemSpacing: 0),
      sections: [WaterfallSection(items: [WaterfallItem(.height(10), span: .full), WaterfallItem(.height(10), span: .columns(1)),
                                          WaterfallItem(.height(10), span: .columns(3))])])
    #expect(layout.neighbor(of: ItemPath(item: 0, section: 0), direction: .down) == ItemPath(item: 2, section: 0))
    let even = try WaterfallLayout(
      width: 100, parameters: WaterfallParameters(columns: 2, columnSpacing: 0, itemSpacing: 0),
      sections: [WaterfallSection(items: [WaterfallItem(.height(10), span: .full), 10, 10])])
    #expect(even.neighbor(of: ItemPath(item: 0, section: 0), direction: .down) == ItemPath(item: 1, section: 0))
    #expect(even.neighbor(of: ItemPath(item: 2, section: 0), direction: .left) == ItemPath(item: 1, section: 0))
    #expect(even.neighbor(of: ItemPath(item: 2, section: 0), direction: .up) == ItemPath(item: 0, section: 0))
    #expect(even.neighbor(of: ItemPath(item: 9, section: 0), direction: .up) == nil)
  }
}
