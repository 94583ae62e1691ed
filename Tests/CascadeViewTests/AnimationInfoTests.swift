// Animation information, golden cases worked out by hand (Docs/Presentation.md, "Animation
// information"): why each element appeared or disappeared, its frame in the other layout, and the
// moves with both frames, for scrolls, inserts, deletes, moves, reloads, sections, width changes
// and pinned headers, on both axes. AnimationInfoModelTests compares random sequences with the
// brute-force model (Tests/CascadeTestSupport/TransitionModel.swift).

import Cascade
import CascadeView
import Testing

/// `path` at `(x, y, w, h)`, headers and footers above the items (zIndex 1), as the layout gives them.
func at(_ path: ElementPath, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> LayoutAttributes {
  LayoutAttributes(path: path, frame: Rect(x: x, y: y, width: w, height: h), zIndex: path.kind == .item ? 0 : 1)
}

func item(_ i: Int, _ s: Int = 0) -> ElementPath { .item(i, section: s) }

@Suite struct AnimationInfoTests {
  /// One column of ten 100-point items, no spacing, 100 wide; a viewport of 250 shows 0, 1, 2.
  func list(count: Int = 10, height: Double = 250) throws -> (TestSource, TestView) {
    let source = TestSource([Array(repeating: 100, count: count)])
    let view = try makeView(
      source, width: 100, height: height, layout: WaterfallParameters(columns: 1, columnSpacing: 0, itemSpacing: 0))
    return (source, view)
  }

  @Test func scrollingDownAndUp() throws {
    let (source, view) = try list()
    defer { withExtendedLifetime(source) {} }
    // 150..<400: item 0 (0..<100) leaves, item 3 (300..<400) comes; the layout is the same.
    var update = try view.setContentOffset(Point(x: 0, y: 150))
    #expect(update.disappeared.map(\.reason) == [.scrolledOut])
    #expect(update.disappeared.map(\.finalAttributes) == [at(item(0), 0, 0, 100, 100)])
    #expect(update.appeared.map(\.reason) == [.scrolledIn])
    #expect(update.appeared.map(\.initialAttributes) == [at(item(3), 0, 300, 100, 100)])
    #expect(update.appeared.first?.initialFrame == update.appeared.first?.frame)
    #expect(update.moved.isEmpty)
    update = try view.setContentOffset(Point(x: 0, y: 0))
    #expect(update.appeared.map(\.path) == [item(0)] && update.appeared.map(\.reason) == [.scrolledIn])
    #expect(update.disappeared.map(\.path) == [item(3)] && update.disappeared.map(\.reason) == [.scrolledOut])
  }

  @Test func insertingInTheMiddle() throws {
    let (source, view) = try list()
    source.sections[0].insert(source.entry(50), at: 1)
    let update = try view.performBatchUpdates([.insertItems(1..<2, section: 0)])
    // Item 0 anchors at 0. After: 0 (0..<100), new 1 (100..<150), 2 (150..<250), 3 (250..<350).
    #expect(view.contentOffset.y == 0)
    #expect(update.appeared.map(\.attributes) == [at(item(1), 0, 100, 100, 50)])
    #expect(update.appeared.map(\.reason) == [.inserted])
    #expect(update.appeared.map(\.initialAttributes) == [nil])
    // Old item 2 is item 3 now, below the viewport: it scrolled out, to its new place.
    #expect(update.disappeared.map(\.attributes) == [at(item(2), 0, 200, 100, 100)])
    #expect(update.disappeared.map(\.reason) == [.scrolledOut])
    #expect(update.disappeared.map(\.finalAttributes) == [at(item(3), 0, 250, 100, 100)])
    #expect(update.moved.map(\.from) == [at(item(1), 0, 100, 100, 100)])
    #expect(update.moved.map(\.to) == [at(item(2), 0, 150, 100, 100)])
  }

  @Test func deletingAVisibleItem() throws {
    let (source, view) = try list()
    source.sections[0].remove(at: 1)
    let update = try view.performBatchUpdates([.deleteItems(1..<2, section: 0)])
    // After: 0 (0..<100), old 2 at 1 (100..<200), old 3 at 2 (200..<300).
    #expect(update.disappeared.map(\.attributes) == [at(item(1), 0, 100, 100, 100)])
    #expect(update.disappeared.map(\.reason) == [.deleted])
    #expect(update.disappeared.map(\.finalAttributes) == [nil])
    #expect(update.moved.map { [$0.from, $0.to] } == [[at(item(2), 0, 200, 100, 100), at(item(1), 0, 100, 100, 100)]])
    // Old item 3 was not displayed: its frame before comes from the layout before the batch.
    #expect(update.appeared.map(\.attributes) == [at(item(2), 0, 200, 100, 100)])
    #expect(update.appeared.map(\.reason) == [.scrolledIn])
    #expect(update.appeared.map(\.initialAttributes) == [at(item(3), 0, 300, 100, 100)])
    // The layout is the one after the batch again.
    #expect(view.layout.numberOfItems(inSection: 0) == 9)
    #expect(view.layoutAttributesForItem(at: ItemPath(item: 8, section: 0))?.frame.minY == 800)
    #expect(displayedPairs(view) == bruteForceElements(view.layout, in: view.displayRect))
  }

  @Test func reloadingAVisibleItem() throws {
    let (source, view) = try list()
    let cell = view.cellForItem(at: ItemPath(item: 1, section: 0))
    source.sections[0][1] = source.entry(150)
    let update = try view.performBatchUpdates([.reloadItems(1..<2, section: 0)])
    // Item 1 grows to 100..<250; item 2 goes to 250..<350, out of the viewport.
    #expect(update.disappeared.map(\.attributes) == [at(item(1), 0, 100, 100, 100), at(item(2), 0, 200, 100, 100)])
    #expect(update.disappeared.map(\.reason) == [.reloaded, .scrolledOut])
    #expect(update.disappeared.map(\.finalAttributes) == [at(item(1), 0, 100, 100, 150), at(item(2), 0, 250, 100, 100)])
    #expect(update.disappeared.first?.cell === cell)
    #expect(update.appeared.map(\.attributes) == [at(item(1), 0, 100, 100, 150)])
    #expect(update.appeared.map(\.reason) == [.reloaded])
    #expect(update.appeared.map(\.initialAttributes) == [at(item(1), 0, 100, 100, 100)])
    #expect(update.moved.isEmpty)
  }

  @Test func reloadingAnItemThatScrollsIn() throws {
    let (source, view) = try list()
    // Item 1 shrinks to 20: item 3 (not displayed) moves up into view, and is reloaded too.
    source.sections[0][1] = source.entry(20)
    source.sections[0][3] = source.entry(100)
    let update = try view.performBatchUpdates([.reloadItems(1..<2, section: 0), .reloadItems(3..<4, section: 0)])
    #expect(update.appeared.map(\.path) == [item(1), item(3)])
    #expect(update.appeared.map(\.reason) == [.reloaded, .reloaded])
    #expect(update.appeared.map(\.initialAttributes) == [at(item(1), 0, 100, 100, 100), at(item(3), 0, 300, 100, 100)])
    #expect(update.moved.map(\.to) == [at(item(2), 0, 120, 100, 100)])
  }

  @Test func movingAnItemAway() throws {
    let (source, view) = try list()
    source.sections[0].insert(source.sections[0].remove(at: 0), at: 5)
    let update = try view.performBatchUpdates([.moveItem(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 5, section: 0))])
    // The moved item does not anchor; old item 1 does, from viewport y 100 to 0, clamped: 0.
    #expect(view.contentOffset.y == 0)
    #expect(update.disappeared.map(\.attributes) == [at(item(0), 0, 0, 100, 100)])
    #expect(update.disappeared.map(\.reason) == [.scrolledOut])
    #expect(update.disappeared.map(\.finalAttributes) == [at(item(5), 0, 500, 100, 100)])
    #expect(update.moved.map(\.from.path) == [item(1), item(2)])
    #expect(update.moved.map(\.to) == [at(item(0), 0, 0, 100, 100), at(item(1), 0, 100, 100, 100)])
    #expect(update.appeared.map(\.attributes) == [at(item(2), 0, 200, 100, 100)])
    #expect(update.appeared.map(\.reason) == [.scrolledIn])
    #expect(update.appeared.map(\.initialAttributes) == [at(item(3), 0, 300, 100, 100)])
  }

  @Test func movingAnItemIntoView() throws {
    let (source, view) = try list()
    source.sections[0].insert(source.sections[0].remove(at: 7), at: 1)
    let update = try view.performBatchUpdates([.moveItem(from: ItemPath(item: 7, section: 0), to: ItemPath(item: 1, section: 0))])
    #expect(update.appeared.map(\.attributes) == [at(item(1), 0, 100, 100, 100)])
    #expect(update.appeared.map(\.reason) == [.scrolledIn])
    #expect(update.appeared.map(\.initialAttributes) == [at(item(7), 0, 700, 100, 100)])
    #expect(update.disappeared.map(\.finalAttributes) == [at(item(3), 0, 300, 100, 100)])
  }

  @Test func insertingAndDeletingSections() throws {
    let (source, view) = try list(count: 2)
    source.sections.append([source.entry(50)])
    source.parameters.append(WaterfallParameters(header: 20))
    var update = try view.performBatchUpdates([.insertSections(1..<2)])
    // Section 1 starts at 200: its header at 200..<220, its item at 220..<270. Both inserted.
    #expect(update.appeared.map(\.attributes) == [at(.header(1), 0, 200, 100, 20), at(item(0, 1), 0, 220, 100, 50)])
    #expect(update.appeared.map(\.reason) == [.inserted, .inserted])
    #expect(update.appeared.map(\.initialAttributes) == [nil, nil])
    source.sections.remove(at: 1)
    source.parameters.remove(at: 1)
    update = try view.performBatchUpdates([.deleteSections(1..<2)])
    #expect(update.disappeared.map(\.path) == [.header(1), item(0, 1)])
    #expect(update.disappeared.map(\.reason) == [.deleted, .deleted])
    #expect(update.disappeared.map(\.finalAttributes) == [nil, nil])
  }

  @Test func reloadingASectionMatchesElementsByPosition() throws {
    let (source, view) = try list(count: 3)
    // Three items become two taller ones and a header: the header and the items have a
    // counterpart by position; the old item 2, none.
    source.sections[0] = [source.entry(60), source.entry(60)]
    source.parameters[0] = WaterfallParameters(header: 20)
    let update = try view.performBatchUpdates([.reloadSections(0..<1)])
    #expect(update.disappeared.map(\.path) == [item(0), item(1), item(2)])
    #expect(update.disappeared.map(\.reason) == [.reloaded, .reloaded, .deleted])
    #expect(update.disappeared.map(\.finalAttributes) == [at(item(0), 0, 20, 100, 60), at(item(1), 0, 80, 100, 60), nil])
    #expect(update.appeared.map(\.path) == [.header(0), item(0), item(1)])
    #expect(update.appeared.map(\.reason) == [.inserted, .reloaded, .reloaded])
    #expect(update.appeared.map(\.initialAttributes) == [nil, at(item(0), 0, 0, 100, 100), at(item(1), 0, 100, 100, 100)])
  }

  @Test func insertedThenReloadedIsInserted() throws {
    let (source, view) = try list()
    source.sections[0].insert(source.entry(100), at: 1)
    let update = try view.performBatchUpdates([.insertItems(1..<2, section: 0), .reloadItems(1..<2, section: 0)])
    #expect(update.appeared.map(\.path) == [item(1)])
    #expect(update.appeared.map(\.reason) == [.inserted])
  }

  @Test func reloadDataReloadsEverythingWithoutFrames() throws {
    let (source, view) = try list()
    defer { withExtendedLifetime(source) {} }
    let update = try view.reloadData()
    #expect(update.disappeared.map(\.reason) == [.reloaded, .reloaded, .reloaded])
    #expect(update.disappeared.allSatisfy { $0.finalAttributes == nil })
    #expect(update.appeared.map(\.reason) == [.reloaded, .reloaded, .reloaded])
    #expect(update.appeared.allSatisfy { $0.initialAttributes == nil })
  }

  @Test func widthChanges() throws {
    // Adaptive columns of at least 100: two at 200, one at 100. Six 100-point items, no
    // spacing; a viewport 150 high.
    let source = TestSource([Array(repeating: 100, count: 6)])
    let view = try makeView(
      source, width: 100, height: 150, layout: WaterfallParameters(minColumnWidth: 100, columnSpacing: 0, itemSpacing: 0))
    #expect(view.displayedElements.map(\.path) == [item(0), item(1)])
    var update = try view.setBounds(Size(width: 200, height: 150))
    // Two columns: 0 and 1 on the first row, 2 and 3 on the second.
    #expect(update.moved.map { [$0.from, $0.to] } == [[at(item(1), 0, 100, 100, 100), at(item(1), 100, 0, 100, 100)]])
    #expect(update.appeared.map(\.attributes) == [at(item(2), 0, 100, 100, 100), at(item(3), 100, 100, 100, 100)])
    #expect(update.appeared.map(\.reason) == [.scrolledIn, .scrolledIn])
    #expect(update.appeared.map(\.initialAttributes) == [at(item(2), 0, 200, 100, 100), at(item(3), 0, 300, 100, 100)])
    update = try view.setBounds(Size(width: 100, height: 150))
    #expect(update.disappeared.map(\.path) == [item(2), item(3)])
    #expect(update.disappeared.map(\.reason) == [.scrolledOut, .scrolledOut])
    #expect(update.disappeared.map(\.finalAttributes) == [at(item(2), 0, 200, 100, 100), at(item(3), 0, 300, 100, 100)])
    #expect(update.appeared.isEmpty)
  }

  @Test func horizontalScrollAndDelete() throws {
    // One row of ten 100-point-wide items, 100 high; a viewport 250 wide shows 0, 1, 2.
    let source = TestSource([Array(repeating: 100, count: 10)])
    let view = try makeHorizontalView(
      source, width: 250, height: 100, layout: WaterfallParameters(columns: 1, columnSpacing: 0, itemSpacing: 0))
    var update = try view.setContentOffset(Point(x: 150, y: 0))
    #expect(update.disappeared.map(\.finalAttributes) == [at(item(0), 0, 0, 100, 100)])
    #expect(update.appeared.map(\.initialAttributes) == [at(item(3), 300, 0, 100, 100)])
    try view.setContentOffset(Point(x: 0, y: 0))
    source.sections[0].remove(at: 1)
    update = try view.performBatchUpdates([.deleteItems(1..<2, section: 0)])
    #expect(update.disappeared.map(\.reason) == [.deleted])
    #expect(update.moved.map { [$0.from, $0.to] } == [[at(item(2), 200, 0, 100, 100), at(item(1), 100, 0, 100, 100)]])
    #expect(update.appeared.map(\.attributes) == [at(item(2), 200, 0, 100, 100)])
    #expect(update.appeared.map(\.initialAttributes) == [at(item(3), 300, 0, 100, 100)])
  }

  @Test func pinnedHeadersAreGivenAtTheirPlaceInTheLayout() throws {
    // Section 0: header 20, items 20..<120 and 120..<220; section 1: header at 220, items from 240.
    let source = TestSource([[100, 100], [100, 100, 100, 100, 100]],
                            parameters: WaterfallParameters(columns: 1, columnSpacing: 0, itemSpacing: 0, header: 20))
    let view = try makeView(source, width: 100, height: 250)
    view.pinsSectionHeaders = true
    try view.layoutIfNeeded()
    // 150..<400: header 0 pinned at 150; items 1 (120..<220), header 1 (220), items 0, 1 of section 1.
    var update = try view.setContentOffset(Point(x: 0, y: 150))
    #expect(update.moved.map { [$0.from, $0.to] } == [[at(.header(0), 0, 0, 100, 20), at(.header(0), 0, 150, 100, 20)]])
    #expect(update.disappeared.map(\.finalAttributes) == [at(item(0), 0, 20, 100, 100)])
    #expect(update.appeared.map(\.path) == [item(1, 1)])
    // 300..<550: header 0 is pushed up to 200..<220 by its section's end, out of the viewport.
    // It leaves from where it was displayed, to its place in the layout.
    update = try view.setContentOffset(Point(x: 0, y: 300))
    #expect(update.disappeared.map(\.attributes).first == at(.header(0), 0, 150, 100, 20))
    #expect(update.disappeared.first?.reason == .scrolledOut)
    #expect(update.disappeared.first?.finalAttributes == at(.header(0), 0, 0, 100, 20))
    // Header 1 is pinned at 300 now.
    #expect(update.moved.map(\.to) == [at(.header(1), 0, 300, 100, 20)])
    // Deleting section 1 while its header is pinned: deleted. The content (220) is now shorter
    // than the viewport, so the offset goes back to 0 and section 0 comes back: scrolled in,
    // header 0 from its place in the layout.
    source.sections.remove(at: 1)
    source.parameters.remove(at: 1)
    update = try view.performBatchUpdates([.deleteSections(1..<2)])
    #expect(view.contentOffset.y == 0)
    #expect(update.disappeared.filter { $0.path == .header(1) }.map(\.reason) == [.deleted])
    #expect(update.disappeared.filter { $0.path == .header(1) }.map(\.finalAttributes) == [nil])
    #expect(update.appeared.map(\.path) == [.header(0), item(0), item(1)])
    #expect(update.appeared.map(\.reason) == [.scrolledIn, .scrolledIn, .scrolledIn])
    #expect(update.appeared.map(\.initialAttributes) == [at(.header(0), 0, 0, 100, 20), at(item(0), 0, 20, 100, 100), at(item(1), 0, 120, 100, 100)])
  }

  @Test func aDelegateHearsTheSameUpdate() throws {
    final class Listener: CollectionViewDelegate {
      var reasons: [AppearanceReason] = []
      func collectionView(_ view: TestView, didUpdateDisplayedElements update: CollectionViewUpdate<TestCell>) {
        reasons += update.appeared.map(\.reason)
      }
    }
    let (source, view) = try list()
    let listener = Listener()
    view.delegate = listener
    source.sections[0].insert(source.entry(50), at: 1)
    try view.performBatchUpdates([.insertItems(1..<2, section: 0)])
    #expect(listener.reasons == [.inserted])
  }
}
