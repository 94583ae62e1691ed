import Cascade
import CascadeView
import Testing

/// Records focus and selection callbacks.
final class SelectionRecorder: CollectionViewDelegate {
  typealias Cell = TestCell
  typealias Layout = WaterfallLayout
  var log: [String] = []
  func collectionView(_ view: TestView, didSelectItemAt path: ItemPath) { log.append("select \(path.section).\(path.item)") }
  func collectionView(_ view: TestView, didDeselectItemAt path: ItemPath) { log.append("deselect \(path.section).\(path.item)") }
  func collectionView(_ view: TestView, didFocusItemAt path: ItemPath?) {
    log.append("focus " + (path.map { "\($0.section).\($0.item)" } ?? "none"))
  }
}

@Suite struct FocusSelectionTests {
  @Test func focusWalksThroughTheNeighbourRuleAndScrolls() throws {
    for orientation in LayoutOrientation.allCases {
      let source = randomSource(51, sections: 3, items: 60)
      defer { withExtendedLifetime(source) {} }
      let view = orientation == .horizontal
        ? try makeHorizontalView(source, width: 400, height: 300)
        : try makeView(source, width: 300, height: 400)
      let recorder = SelectionRecorder()
      view.delegate = recorder
      #expect(view.focusedItem == nil)
      #expect(try view.moveFocus(.down))
      #expect(view.focusedItem == view.indexPathsForVisibleItems.first)
      let forward: NeighborDirection = orientation == .horizontal ? .right : .down
      var walked = 0
      while true {
        let before = try #require(view.focusedItem)
        let expected = view.layout.neighbor(of: before, direction: forward)
        let moved = try view.moveFocus(forward)
        #expect(moved == (expected != nil))
        guard let expected else { break }
        #expect(view.focusedItem == expected)
        // Shown, and by the least scroll: the focused item is wholly inside the viewport.
        let frame = try #require(view.layoutAttributesForItem(at: expected)).frame
        let viewport = view.viewport
        #expect(frame.minX >= viewport.minX - 1e-9 && frame.maxX <= viewport.maxX + 1e-9 || frame.width > viewport.width)
        #expect(frame.minY >= viewport.minY - 1e-9 && frame.maxY <= viewport.maxY + 1e-9 || frame.height > viewport.height)
        walked += 1
      }
      #expect(walked > 10)
      #expect(recorder.log.count == walked + 1)
      // And back.
      let end = view.focusedItem
      try view.moveFocus(orientation == .horizontal ? .left : .up)
      #expect(view.focusedItem != end)
      try view.focusItem(at: nil)
      #expect(view.focusedItem == nil)
      #expect(recorder.log.last == "focus none")
    }
  }

  @Test func singleAndMultipleSelection() throws {
    let source = TestSource([[50, 50, 50, 50, 50]])
    defer { withExtendedLifetime(source) {} }
    let view = try makeView(source)
    let recorder = SelectionRecorder()
    view.delegate = recorder
    let a = ItemPath(item: 1, section: 0), b = ItemPath(item: 3, section: 0)
    try view.selectItem(at: a)
    try view.selectItem(at: b)
    #expect(view.selectedItems == [b])
    #expect(recorder.log == ["select 0.1", "deselect 0.1", "select 0.3"])
    view.allowsMultipleSelection = true
    try view.selectItem(at: a)
    try view.selectItem(at: a)
    #expect(view.selectedItems == [a, b])
    #expect(view.isSelected(a))
    #expect(try view.toggleSelection(at: b) == false)
    #expect(view.selectedItems == [a])
    view.deselectItem(at: b)  // not selected: nothing said
    #expect(recorder.log == ["select 0.1", "deselect 0.1", "select 0.3", "select 0.1", "deselect 0.3"])
    #expect(throws: CollectionViewError.self) { try view.selectItem(at: ItemPath(item: 9, section: 0)) }
    view.deselectAllItems()
    #expect(view.selectedItems.isEmpty)
  }

  @Test func focusAndSelectionFollowTheirItemsThroughUpdates() throws {
    let source = TestSource([[50, 50, 50, 50, 50, 50], [50, 50, 50]])
    defer { withExtendedLifetime(source) {} }
    let view = try makeView(source)
    view.allowsMultipleSelection = true
    for i in [1, 3, 5] { try view.selectItem(at: ItemPath(item: i, section: 0)) }
    try view.focusItem(at: ItemPath(item: 3, section: 0))
    // Insert two at the front: everything shifts by two.
    source.sections[0].insert(contentsOf: [source.entry(50), source.entry(50)], at: 0)
    try view.performBatchUpdates([.insertItems(0..<2, section: 0)])
    #expect(view.selectedItems == [1, 3, 5].map { ItemPath(item: $0 + 2, section: 0) })
    #expect(view.focusedItem == ItemPath(item: 5, section: 0))
    // Delete item 3 (was 1): it loses its selection; the focus shifts down by one.
    source.sections[0].remove(at: 3)
    try view.performBatchUpdates([.deleteItems(3..<4, section: 0)])
    #expect(view.selectedItems == [ItemPath(item: 4, section: 0), ItemPath(item: 6, section: 0)])
    #expect(view.focusedItem == ItemPath(item: 4, section: 0))
    // Move the focused item to section 1; reload the other selected item: both keep their state.
    let entry = source.sections[0].remove(at: 4)
    source.sections[1].insert(entry, at: 0)
    try view.performBatchUpdates([.moveItem(from: ItemPath(item: 4, section: 0), to: ItemPath(item: 0, section: 1))])
    #expect(view.focusedItem == ItemPath(item: 0, section: 1))
    #expect(view.selectedItems == [ItemPath(item: 5, section: 0), ItemPath(item: 0, section: 1)])
    try view.performBatchUpdates([.reloadItems(5..<6, section: 0)])
    #expect(view.selectedItems == [ItemPath(item: 5, section: 0), ItemPath(item: 0, section: 1)])
    // Delete the focused item: no focus.
    source.sections[1].remove(at: 0)
    try view.performBatchUpdates([.deleteItems(0..<1, section: 1)])
    #expect(view.focusedItem == nil)
    #expect(view.selectedItems == [ItemPath(item: 5, section: 0)])
    // A failing batch leaves both as they were.
    #expect(throws: CollectionViewError.self) { try view.performBatchUpdates([.deleteItems(0..<1, section: 0)]) }
    #expect(view.selectedItems == [ItemPath(item: 5, section: 0)])
    // A reload drops them.
    try view.reloadData()
    #expect(view.selectedItems.isEmpty)
  }
}
