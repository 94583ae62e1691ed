import Cascade
import CascadeView
import Foundation
import Testing

/// The on-screen y of the item with entry id `id`, from the layout.
private func screenY(of id: Int, _ view: TestView, _ source: TestSource) -> Double? {
  for (s, entries) in source.sections.enumerated() {
    if let i = entries.firstIndex(where: { $0.id == id }) {
      return view.layout.layoutAttributes(for: .item(i, section: s))!.frame.minY - view.contentOffset.y
    }
  }
  return nil
}

@Suite struct SavedPositionTests {
  /// Hand-computed: two columns of 100 (width 210), items of 100 with 10 between them, so item
  /// 2k is at y = 110k in column 0 and 2k+1 beside it. At y 250 the topmost visible items are 4
  /// and 5 (220 to 320): the leftmost, 4, 30 points above the viewport.
  @Test func savesTheTopmostVisibleItemGolden() throws {
    let source = TestSource([(0..<20).map { _ in 100 }])
    let view = try makeView(source, width: 210, height: 400, layout: WaterfallParameters(columns: 2))
    #expect(view.savedScrollPosition() == SavedScrollPosition(id: nil, path: ItemPath(item: 0, section: 0), offset: 0))
    try view.setContentOffset(Point(x: 0, y: 250))
    let saved = try #require(view.savedScrollPosition())
    #expect(saved == SavedScrollPosition(id: nil, path: ItemPath(item: 4, section: 0), offset: 30))
    source.givesIDs = true
    try view.reloadData()
    #expect(view.savedScrollPosition() == SavedScrollPosition(id: .int(Int64(source.sections[0][4].id)), path: ItemPath(item: 4, section: 0), offset: 30))
    try view.setContentOffset(Point(x: 0, y: 0))
    let restored = try view.restoreScrollPosition(saved)
    #expect(restored.found && view.contentOffset.y == 250)
  }

  /// Round trips through reloads, width changes (adaptive columns, so frames move), snapshots
  /// that keep the item, and a fresh view given the position as JSON: the saved item's start is
  /// back `offset` points above the viewport's start unless the offset had to be clamped.
  @Test func roundTrips() throws {
    for seed in UInt64(1)...20 {
      var g = SeededGenerator(seed: seed)
      let message = Comment(rawValue: "seed \(seed)")
      let source = TestSource([(0..<300).map { _ in Double(Int.random(in: 30...200, using: &g)) }])
      source.givesIDs = seed % 2 == 0
      let parameters = WaterfallParameters(minColumnWidth: 90)
      let view = try makeView(source, width: 400, height: 600, layout: parameters, overscan: 50)
      try view.setContentOffset(view.clampedContentOffset(Point(x: 0, y: Double(Int.random(in: 0...9000, using: &g)))))
      let saved = try #require(view.savedScrollPosition(), message)
      let id = source.sections[0][saved.path.item].id
      func check(_ view: TestView, _ what: String) throws {
        try view.setContentOffset(Point(x: 0, y: 0))
        let restored = try view.restoreScrollPosition(saved)
        #expect(restored.found, "\(message) \(what)")
        if !isClamped(view) { #expect(screenY(of: id, view, source) == -saved.offset, "\(message) \(what)") }
      }
      try view.reloadData()
      try check(view, "reload")
      try view.setBounds(Size(width: Double(Int.random(in: 200...700, using: &g)), height: 600))
      try check(view, "width")
      if source.givesIDs {
        // Items inserted before it: by id the position follows its item.
        source.sections[0].insert(contentsOf: (0..<5).map { _ in source.entry(77) }, at: 0)
        try view.performBatchUpdates([.insertItems(0..<5, section: 0)])
        try check(view, "insert")
      }
      let data = try JSONEncoder().encode(saved)
      let decoded = try JSONDecoder().decode(SavedScrollPosition.self, from: data)
      #expect(decoded == saved, message)
      let fresh = try makeView(source, width: view.bounds.width, height: 600, layout: parameters)
      try check(fresh, "fresh view")
    }
  }

  /// A position whose item is gone: the item now at its path, its start at the viewport's start;
  /// past the end, the last item; an empty collection, the top. A non-finite offset is refused.
  @Test func fallbacks() throws {
    let source = TestSource([(0..<20).map { _ in 100 }, (0..<4).map { _ in 100 }])
    source.givesIDs = true
    let view = try makeView(source, width: 210, height: 300, layout: WaterfallParameters(columns: 2))
    try view.setContentOffset(Point(x: 0, y: 580))
    let saved = try #require(view.savedScrollPosition())
    #expect(saved.path == ItemPath(item: 10, section: 0) && saved.offset == 30)
    source.sections[0].remove(at: 10)
    try view.performBatchUpdates([.deleteItems(10..<11, section: 0)])
    var restored = try view.restoreScrollPosition(saved)
    // Item 10 is now the old item 11, in column 0 at 550 (the columns restacked).
    #expect(!restored.found)
    #expect(view.contentOffset.y == view.layout.layoutAttributes(for: .item(10, section: 0))!.frame.minY)
    // A path past the end of its section: the section's last item.
    restored = try view.restoreScrollPosition(SavedScrollPosition(id: nil, path: ItemPath(item: 99, section: 1), offset: 5))
    #expect(!restored.found)
    #expect(view.contentOffset.y == view.maximumContentOffsetY)
    // A section past the end: the last item of the last section.
    restored = try view.restoreScrollPosition(SavedScrollPosition(id: nil, path: ItemPath(item: 0, section: 7), offset: 5))
    #expect(!restored.found)
    let before = (view.contentOffset, displayedPairs(view))
    #expect(throws: CollectionViewError.self) {
      try view.restoreScrollPosition(SavedScrollPosition(id: nil, path: ItemPath(item: 0, section: 0), offset: .nan))
    }
    #expect(view.contentOffset == before.0 && displayedPairs(view) == before.1)
    source.sections = [[], []]
    try view.reloadData()
    restored = try view.restoreScrollPosition(saved)
    #expect(!restored.found && view.contentOffset.y == 0)
    #expect(view.savedScrollPosition() == nil)
  }
}
