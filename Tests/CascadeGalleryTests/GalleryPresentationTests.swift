// The gallery's presentation features: pinned headers, --horizontal and --rtl, the focus that
// the arrow keys move through the view's focus API, the selection Enter toggles, and how both
// are drawn and counted (Docs/Presentation.md, "The terminal gallery").

import Cascade
import CascadeGallery
import CascadeView
import Testing

@Suite struct GalleryPresentationTests {
  /// The character the renderer drew at the top-left corner of `path`'s frame, or `nil` when
  /// that corner is outside the viewport.
  func corner(_ gallery: Gallery, _ path: ItemPath) -> Character? {
    guard let frame = gallery.view.layoutAttributesForItem(at: path)?.frame else { return nil }
    let origin = gallery.view.contentOffset
    let x = Int(((frame.minX - origin.x) / GallerySampleData.columnWidth).rounded())
    let y = Int(((frame.minY - origin.y) / GallerySampleData.rowHeight).rounded(.down))
    let lines = gallery.render().dropLast()
    guard y >= 0, y < lines.count, x >= 0, x < gallery.columns else { return nil }
    return Array(lines[y])[x]
  }

  @Test func headersArePinnedAndDrawnAboveTheItems() throws {
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
    #expect(gallery.view.pinsSectionHeaders)
    try gallery.handle(.pageDown)
    // 22 rows down, the header of section 1 is still the first line, over the items under it.
    #expect(gallery.view.contentOffset.y == 352)
    #expect(gallery.render()[0] == "== Section 1 · 40 items " + String(repeating: "=", count: 56))
    // At the end of section 1 its header is pushed up by section 2's: the first line is the
    // second header once section 2 reaches the top.
    try gallery.handle(.end)
    #expect(gallery.render()[0].hasPrefix("== Section 3 · 40 items =="))
  }

  @Test func arrowKeysMoveAVisibleFocusByTheNeighbourRule() throws {
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
    let view = gallery.view
    #expect(view.focusedItem == nil && !gallery.statusLine.contains("focus"))
    // The first key gives the focus to the first item in full view, without moving it.
    try gallery.handle(.focusRight)
    #expect(view.focusedItem == ItemPath(item: 0, section: 0))
    #expect(corner(gallery, ItemPath(item: 0, section: 0)) == "#")
    #expect(gallery.render()[2].hasPrefix("##1############"))  // card #1, item 0
    // Then each arrow key moves it to the layout's neighbour on that side, and only the focused
    // box is drawn with #.
    var expected = ItemPath(item: 0, section: 0)
    for key: GalleryKey in [.focusRight, .focusRight, .focusDown, .focusDown, .focusLeft, .focusUp] {
      let direction: NeighborDirection = switch key {
      case .focusRight: .right
      case .focusLeft: .left
      case .focusUp: .up
      default: .down
      }
      let neighbour = try #require(view.layout.neighbor(of: expected, direction: direction))
      try gallery.handle(key)
      #expect(view.focusedItem == neighbour)
      #expect(corner(gallery, neighbour) == "#")
      // The box that had the focus is drawn plainly again (or has scrolled out of view).
      #expect(corner(gallery, expected) == "+" || corner(gallery, expected) == nil)
      #expect(gallery.statusLine.contains("| focus s1#\(neighbour.item) sel 0 |"))
      expected = neighbour
    }
    // At the left edge there is no neighbour: the focus stays.
    try gallery.handle(.focusLeft)
    try gallery.handle(.focusLeft)
    let edge = try #require(view.focusedItem)
    try gallery.handle(.focusLeft)
    #expect(view.focusedItem == edge)
  }

  @Test func movingTheFocusScrollsJustEnoughAndUncoversItFromThePinnedHeader() throws {
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
    let view = gallery.view
    for _ in 0..<12 { try gallery.handle(.focusDown) }
    let focused = try #require(view.focusedItem)
    let frame = try #require(view.layoutAttributesForItem(at: focused)).frame
    // Wholly in the viewport: the view scrolled to show it, and no further.
    #expect(frame.minY >= view.contentOffset.y + GallerySampleData.rowHeight)
    #expect(frame.maxY <= view.contentOffset.y + view.bounds.height)
    #expect(frame.maxY == view.contentOffset.y + view.bounds.height || view.contentOffset.y == 0)
    // Going back up: the item lands just under the pinned header, not beneath it.
    for _ in 0..<12 { try gallery.handle(.focusUp) }
    let back = try #require(view.focusedItem)
    let top = try #require(view.layoutAttributesForItem(at: back)).frame
    #expect(top.minY >= view.contentOffset.y + GallerySampleData.rowHeight || view.contentOffset.y == 0)
    #expect(corner(gallery, back) == "#")
  }

  @Test func enterTogglesTheSelectionOfTheFocusedItem() throws {
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
    let view = gallery.view
    try gallery.handle(.toggleSelection)  // no focus yet: the first item takes it, and is selected
    #expect(view.selectedItems == [ItemPath(item: 0, section: 0)])
    #expect(gallery.statusLine.contains("| focus s1#0 sel 1 |"))
    // Focused (`#` borders) and selected: `.` fills what its text leaves of the box.
    #expect(gallery.render()[3].hasPrefix("#keeps grows..#"))
    try gallery.handle(.focusRight)
    // On the right of card #1 are cards #2 and #6, one above the other in the next column;
    // #6 overlaps #1 more and wins the tie (Docs/Spec/Waterfall.md, "Neighbours").
    let right = ItemPath(item: 5, section: 0)
    #expect(view.layout.neighbor(of: ItemPath(item: 0, section: 0), direction: .right) == right)
    #expect(view.focusedItem == right)
    try gallery.handle(.toggleSelection)
    #expect(view.selectedItems == [ItemPath(item: 0, section: 0), right])
    #expect(gallery.statusLine.contains("| focus s1#5 sel 2 |"))
    // The view scrolled 4 rows to show #6 whole. Card #1 is selected but no longer focused:
    // `|` borders, `.` inside; #6's top border is drawn with `#`.
    #expect(gallery.render()[3].hasPrefix("|place........| ##6############"))
    try gallery.handle(.toggleSelection)
    #expect(view.selectedItems == [ItemPath(item: 0, section: 0)])
    #expect(gallery.statusLine.contains("sel 1"))
  }

  @Test func aScrollHandsTheFocusToWhatIsOnScreen() throws {
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
    let view = gallery.view
    try gallery.handle(.focusDown)
    try gallery.handle(.toggleSelection)
    try gallery.handle(.end)
    let focused = try #require(view.focusedItem)
    #expect(focused.section == 2 && view.indexPathsForVisibleItems.contains(focused))
    // The selection stays where it was.
    #expect(view.selectedItems == [ItemPath(item: 0, section: 0)])
  }

  @Test func horizontalGalleryScrollsAlongX() throws {
    let gallery = try Gallery(columns: 80, rows: 16, seed: 1, orientation: .horizontal)
    let view = gallery.view
    #expect(view.scrollAxis == .horizontal && view.pinsSectionHeaders)
    // 15 rows of 16 points: rows at least 4 text rows high with a text row between them: 3 rows.
    #expect(view.layout.numberOfColumns(inSection: 0) == 3)
    #expect(gallery.statusLine.hasSuffix("| 3 rows | x 0/\(Int(view.maximumContentOffsetX))"))
    try gallery.handle(.pageDown)
    #expect(view.contentOffset.x == 624)  // a page: 80 characters (640 points) less a row of 16
    try gallery.handle(.down)
    #expect(view.contentOffset.x == 640)
    try gallery.handle(.end)
    #expect(view.contentOffset.x == view.maximumContentOffsetX)
    try gallery.handle(.home)
    #expect(view.contentOffset.x == 0)
    // The header is a bar down the first two characters, its label written downwards.
    let lines = gallery.render().dropLast()
    #expect(lines.prefix(3).map { String($0.prefix(2)) } == ["==", " =", "S="])
    // The focus moves right along a row.
    try gallery.handle(.focusRight)
    try gallery.handle(.focusRight)
    let right = try #require(view.layout.neighbor(of: ItemPath(item: 0, section: 0), direction: .right))
    #expect(view.focusedItem == right)
    #expect(gallery.render().allSatisfy { $0.count == 80 })
  }

  @Test func rightToLeftHorizontalGalleryStartsOnTheRight() throws {
    let gallery = try Gallery(columns: 80, rows: 16, seed: 1, orientation: .horizontal, direction: .rightToLeft)
    let view = gallery.view
    // The first items are on the right: the gallery opens at the largest offset, the header
    // pinned to the right edge.
    #expect(view.contentOffset.x == view.maximumContentOffsetX)
    let lines = gallery.render().dropLast()
    #expect(lines.prefix(3).map { String($0.suffix(2)) } == ["==", " =", "S="])
    #expect(lines[0].hasSuffix("+#1----------------------+ =="))
    // Page Down goes on reading: towards smaller x.
    try gallery.handle(.pageDown)
    #expect(view.contentOffset.x == view.maximumContentOffsetX - 624)
    try gallery.handle(.home)
    #expect(view.contentOffset.x == view.maximumContentOffsetX)
    try gallery.handle(.end)
    #expect(view.contentOffset.x == 0)
    // Left goes on reading too: from item 0 (card #1, the rightmost of the first row) to its
    // neighbour on the left, in the same row.
    try gallery.handle(.home)
    try gallery.handle(.focusLeft)
    try gallery.handle(.focusLeft)
    let left = try #require(view.layout.neighbor(of: ItemPath(item: 0, section: 0), direction: .left))
    #expect(view.focusedItem == left)
    let first = try #require(view.layoutAttributesForItem(at: ItemPath(item: 0, section: 0))).frame
    let next = try #require(view.layoutAttributesForItem(at: left)).frame
    #expect(next.maxX <= first.minX && next.minY == first.minY)
  }

  @Test func rightToLeftVerticalGalleryMirrorsTheColumns() throws {
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1, direction: .rightToLeft)
    let lines = gallery.render()
    // Item 0 in the rightmost column: the first row of boxes ends with its box.
    #expect(lines[2].hasSuffix("+#1-----------+"))
    #expect(gallery.view.contentOffset.y == 0)
    try gallery.handle(.focusLeft)
    try gallery.handle(.focusLeft)
    let left = try #require(gallery.view.layout.neighbor(of: ItemPath(item: 0, section: 0), direction: .left))
    #expect(gallery.view.focusedItem == left)
    // Its neighbour on the left is in the next column to the left.
    let first = try #require(gallery.view.layoutAttributesForItem(at: ItemPath(item: 0, section: 0))).frame
    #expect(try #require(gallery.view.layoutAttributesForItem(at: left)).frame.maxX <= first.minX)
  }

  @Test func nonInteractiveFramesExerciseFocusAndSelectionOnBothAxes() throws {
    for (orientation, direction) in [(LayoutOrientation.horizontal, LayoutDirection.leftToRight), (.horizontal, .rightToLeft)] {
      let gallery = try Gallery(columns: 60, rows: 12, seed: 2, orientation: orientation, direction: direction)
      let lines = try gallery.playFrames(4)
      #expect(lines.count == 4 * 13)
      let statuses = stride(from: 12, to: lines.count, by: 13).map { lines[$0] }
      #expect(!statuses[0].contains("focus"))
      for status in statuses.dropFirst() { #expect(status.contains("sel 1 |") && !status.contains("focus -")) }
      #expect(gallery.view.selectedItems.count == 1)
      #expect(lines.allSatisfy { !$0.contains("\u{1B}") && $0.count <= 60 })
    }
  }

  /// Docs/Presentation.md's `cascade-gallery --frames 2 --size 60x10 --horizontal --rtl`.
  @Test func theDocumentedRightToLeftHorizontalFrames() throws {
    let gallery = try Gallery(columns: 60, rows: 10, seed: 1, orientation: .horizontal, direction: .rightToLeft)
    #expect(try gallery.playFrames(2) == [
      "--- frame 1/2 ---",
      "-----+ +#5------+ +#4--------+ +#1----------------------+ ==",
      "hot  | |a       | |on grows  | |keeps grows width width |  =",
      "n    | |estimate| |the frame | |its while wrap cell     | S=",
      "-----+ +--------+ +----------+ +------------------------+ e=",
      "                                                          c=",
      "+ +#3------------------------------------------+ +#2----+ t=",
      "| |row frame snapshot width item wrap terminal | |wrap  | i=",
      "| |keeps on of screen the estimate a screen on | |the   | o=",
      "+ +--------------------------------------------+ +------+ ==",
      "s1#0-6 (7) | created 8 reused 0 | 2 rows | x 12376/12376",
      "--- frame 2/2 ---",
      "-------------+ +#5------+ +#4--------+ +#1----------------==",
      "ts snapshot  | |a       | |on grows  | |keeps grows width  =",
      "ut screen    | |estimate| |the frame | |its while wrap celS=",
      "-------------+ +--------+ +----------+ +------------------e=",
      "                                                          c=",
      "--------+ ##3########################################### +t=",
      "ows text| #row frame snapshot width item wrap terminal.# |i=",
      "yout    | #keeps on of screen the estimate a screen on.# |o=",
      "--------+ ############################################## +==",
      "s1#0-6 (7) | focus s1#2 sel 1 | created 8 reused 0 | 2 rows",
    ])
  }
}
