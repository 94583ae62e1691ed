import Cascade
import CascadeArguments
import CascadeGallery
import CascadeView
import Testing

@Suite struct GalleryTests {
  /// The README's `cascade-gallery --frames 3`, driven through the library.
  @Test func nonInteractiveFrames() throws {
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
    let lines = try gallery.playFrames(3)
    #expect(lines.count == 3 * 25)
    #expect(lines[0] == "--- frame 1/3 ---")
    #expect(lines[1] == "== Section 1 · 40 items " + String(repeating: "=", count: 56))
    #expect(lines[2] == "")
    // Cards labelled by id, their text wrapped at 13 characters (15 less the borders).
    #expect(lines[3] == "+#1-----------+ +#2-----------+ +#3------------+ +#4-----------+ +#5-----------+")
    #expect(lines[4] == "|keeps grows  | |wrap the     | |row frame     | |on grows the | |a estimate   |")
    #expect(lines[24] == "s1#0-9 (10) | created 15 reused 0 | 5 cols | y 0/5296")
    #expect(lines[25] == "--- frame 2/3 ---")
    // Scrolled by 11 rows: the header stays pinned on the first line. Card #9 (item 8) is the
    // first in full view below it: it takes the focus (drawn with #) and is selected (filled
    // with . where its text leaves room).
    #expect(lines[26] == "== Section 1 · 40 items " + String(repeating: "=", count: 56))
    #expect(lines[32] == "##9############ |grows a      | |anchor above  | |place        | |estimate wrap|")
    #expect(lines[33] == "#scroll.......# |cascade      | |while wrap    | |estimate cell| |frame column |")
    #expect(lines[49] == "s1#0-14 (12) | focus s1#8 sel 1 | created 16 reused 5 | 5 cols | y 176/5296")
    #expect(lines[50] == "--- frame 3/3 ---")
    // The focus moved down to card #12 (item 11); cards measured as they came on screen made
    // the content grow (5296 to 5328).
    #expect(lines[57] == "##12########### +#13----------+ |pool above    | |cell width   | |anchor grows |")
    #expect(lines[74] == "s1#2-21 (17) | focus s1#11 sel 1 | created 19 reused 7 | 5 cols | y 352/5328")
    // Plain text: no escape codes, nothing wider than the terminal.
    #expect(lines.allSatisfy { !$0.contains("\u{1B}") && $0.count <= 80 })
  }

  @Test func framesWrapAroundAtTheBottom() throws {
    let gallery = try Gallery(columns: 64, rows: 10, seed: 3)
    try gallery.handle(.end)
    let lines = try gallery.playFrames(2)
    #expect(lines[10].hasSuffix("y \(Int(gallery.view.maximumContentOffsetY))/\(Int(gallery.view.maximumContentOffsetY))"))
    #expect(lines[11] == "--- frame 2/2 ---")
    #expect(lines[12].hasPrefix("== Section 1 · 40 items"))
  }

  @Test func keys() throws {
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
    let view = gallery.view
    try gallery.handle(.down)
    #expect(view.contentOffset.y == 16)
    try gallery.handle(.up)
    try gallery.handle(.up)
    #expect(view.contentOffset.y == 0)
    try gallery.handle(.pageDown)
    #expect(view.contentOffset.y == 352)  // 23 rows of viewport, less one
    try gallery.handle(.pageUp)
    #expect(view.contentOffset.y == 0)
    try gallery.handle(.end)
    #expect(view.contentOffset.y == view.maximumContentOffsetY)
    #expect(gallery.statusLine.hasPrefix("s3#"))
    #expect(gallery.statusLine.contains("-39 ("))
    try gallery.handle(.home)
    #expect(view.contentOffset.y == 0)
    #expect(try gallery.handle(.quit) == .quit)
    #expect(try gallery.handle(.down) == .continue)
  }

  @Test func resizeCyclesColumnsAndKeepsTheAnchor() throws {
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
    let view = gallery.view
    for _ in 0..<10 { try gallery.handle(.pageDown) }
    func columns() -> Int? { view.layout.numberOfColumns(inSection: 0) }
    #expect(columns() == 5)
    // Each width change (and the measurements at the new width after it) keeps the card at the
    // top of the screen where it was (every position is a whole number of rows).
    for expected in [4, 2, 5] {
      let anchor = try #require(gallery.topCard)
      let before = try #require(view.layoutAttributesForItem(at: anchor)).frame.minY - view.contentOffset.y
      try gallery.handle(.resize)
      #expect(columns() == expected)
      let after = try #require(view.layoutAttributesForItem(at: anchor)).frame.minY - view.contentOffset.y
      #expect(after == before || view.contentOffset.y == view.maximumContentOffsetY)
    }
    #expect(view.bounds.width == 640)
    // Every line still fits the terminal.
    #expect(gallery.render().allSatisfy { $0.count == 80 })
  }

  /// Prepend, delete and shuffle go through snapshots: the card at the top of the screen keeps
  /// its place (found again by id), and every displayed card has its measured height.
  @Test func editKeysKeepTheTopCard() throws {
    for seed in UInt64(1)...6 {
      let gallery = try Gallery(columns: 80, rows: 24, seed: seed)
      let view = gallery.view
      for _ in 0..<4 { try gallery.handle(.pageDown) }
      for (k, key) in [GalleryKey.prepend, .delete, .shuffle, .prepend, .shuffle, .delete, .down, .shuffle].enumerated() {
        let message = Comment(rawValue: "seed \(seed) key \(k) \(key)")
        let top = try #require(gallery.topCard, message)
        let id = gallery.data.sections[top.section][top.item].id
        let before = try #require(view.layoutAttributesForItem(at: top)).frame.minY - view.contentOffset.y
        try gallery.handle(key)
        let section = try #require(gallery.data.sections.firstIndex { $0.contains { $0.id == id } }, message)
        let item = try #require(gallery.data.sections[section].firstIndex { $0.id == id })
        let after = try #require(view.layoutAttributesForItem(at: ItemPath(item: item, section: section))).frame.minY
          - view.contentOffset.y
        #expect(after == before - (key == .down ? 16 : 0) || view.contentOffset.y == view.maximumContentOffsetY, message)
        #expect(view.numberOfItems(inSection: section) == gallery.data.sections[section].count, message)
        view.forEachDisplayedElement { element in
          guard element.path.kind == .item else { return }
          let card = gallery.data.sections[element.path.section][element.path.item]
          #expect(element.frame.height == card.measuredHeight(width: element.frame.width), message)
        }
      }
    }
  }

  /// Wrapping: words kept whole, a word longer than the line cut.
  @Test func cardWrapping() {
    let card = GalleryCard(id: 1, text: "cascade keeps its place waterfall")
    #expect(card.lines(width: 13) == ["cascade keeps", "its place", "waterfall"])
    #expect(card.lines(width: 5) == ["casca", "de", "keeps", "its", "place", "water", "fall"])
    #expect(card.measuredHeight(width: 15 * 8) == 5 * 16)
    #expect(GalleryCard(id: 2, text: "").lines(width: 4) == [""])
  }

  @Test func appendAddsAPage() throws {
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
    try gallery.handle(.end)
    let created = gallery.view.reuseStatistics.created
    try gallery.handle(.append)
    #expect(gallery.view.numberOfItems(inSection: 2) == 60)
    #expect(gallery.data.sections[2].count == 60)
    // The view stays put; the new items are below it.
    try gallery.handle(.end)
    #expect(gallery.statusLine.contains("-59 ("))
    // Scrolling a few screens reuses cells rather than making new ones for each.
    #expect(gallery.view.reuseStatistics.created < created + 15)
  }

  @Test func terminalResize() throws {
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
    try gallery.resizeTerminal(columns: 50, rows: 12)
    let lines = gallery.render()
    #expect(lines.count == 12)
    #expect(lines.allSatisfy { $0.count == 50 })
    // (400 + 8) / (112 + 8): 3 columns.
    #expect(gallery.view.layout.numberOfColumns(inSection: 0) == 3)
  }

  @Test func keyBytes() {
    #expect(GalleryKey.parse(Array("\u{1B}[A\u{1B}[B\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}[4~".utf8))
      == [.focusUp, .focusDown, .pageUp, .pageDown, .home, .end, .home, .end])
    #expect(GalleryKey.parse(Array("\u{1B}[C\u{1B}[D\u{1B}OA\r\nv".utf8))
      == [.focusRight, .focusLeft, .focusUp, .toggleSelection, .toggleSelection, .toggleSelection])
    #expect(GalleryKey.parse(Array("jkrazhlq".utf8)) == [.down, .up, .resize, .append, .focusLeft, .focusRight, .quit])
    #expect(GalleryKey.parse(Array("pxs".utf8)) == [.prepend, .delete, .shuffle])
    #expect(GalleryKey.parse([3]) == [.quit])
    #expect(GalleryKey.parse(Array("\u{1B}[".utf8)) == [])
    // A pasted run of digits in a sequence does not overflow; the next key still reads.
    #expect(GalleryKey.parse(Array(("\u{1B}[" + String(repeating: "9", count: 40) + "~q").utf8)) == [.quit])
  }

  @Test func options() throws {
    #expect(try GalleryOptions.parse([]) == GalleryOptions())
    let options = try GalleryOptions.parse(["--frames", "5", "--size", "100x30", "--seed", "9"])
    #expect(options.frames == 5 && options.columns == 100 && options.rows == 30 && options.seed == 9)
    func usageError(_ message: String) -> ArgumentError {
      ArgumentError(.invalid, message, commandName: "cascade-gallery", usage: GalleryOptions.command.usage)
    }
    #expect(options.orientation == .vertical && options.direction == .leftToRight)
    let mirrored = try GalleryOptions.parse(["--horizontal", "--rtl", "--frames", "2"])
    #expect(mirrored.orientation == .horizontal && mirrored.direction == .rightToLeft && mirrored.frames == 2)
    #expect(try GalleryOptions.parse(["--rtl"]).orientation == .vertical)
    #expect(throws: usageError("unknown option '--fames' (did you mean '--frames'?)")) { try GalleryOptions.parse(["--fames", "3"]) }
    #expect(throws: usageError("unknown option '--horizonal' (did you mean '--horizontal'?)")) { try GalleryOptions.parse(["--horizonal"]) }
    #expect(throws: usageError("'--rtl' takes no value")) { try GalleryOptions.parse(["--rtl=yes"]) }
    #expect(throws: usageError("invalid value for '--frames': expected a whole number >= 1, got '0'")) {
      try GalleryOptions.parse(["--frames", "0"])
    }
    #expect(throws: usageError("missing value for '--size'")) { try GalleryOptions.parse(["--size"]) }
    #expect(throws: usageError("invalid value for '--size': expected <cols>x<rows> from 10x3 to 1000x1000, like 80x24, got '80'")) {
      try GalleryOptions.parse(["--size", "80"])
    }
  }
}
