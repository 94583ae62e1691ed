// `WaterfallLayout.forEachItemFrame(inSection:from:_:)` and `mayHaveItemIDs(inSection:)`, the bulk
// reads the JSON layer writes whole layouts with, against the one-element reads they replace:
// every frame as `layoutAttributes(for:)` reports it, to the bit, in every orientation and
// direction, and the id check as `id(at:)` finds ids. And the horizontal shortcut of a rect
// query, against every frame a section can give.
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite struct ItemFramesTests {
  /// A random collection: 1 to 4 sections, some empty, of heights, sizes, spanning and
  /// full-width items, some with ids; headers and footers on some sections.
  static func sections(_ random: inout SplitMix64) -> [WaterfallSection] {
    (0..<Int(random.next() % 4) + 1).map { s in
      let items: [WaterfallItem] = (0..<Int(random.next() % 40)).map { i in
        let id: ItemID? = random.next() % 3 == 0 ? .int(Int64(s * 1000 + i)) : nil
        switch random.next() % 5 {
        case 0: return .size(width: random.uniform(10, 400), height: random.uniform(10, 400), id: id)
        case 1: return .height(random.uniform(1, 300), span: .columns(2), id: id)
        case 2: return .height(random.uniform(1, 300), span: .full, id: id)
        default: return .height(random.uniform(0, 300), id: id)
        }
      }
      let header: Double? = random.next() % 2 == 0 ? random.uniform(0, 60) : nil
      let footer: Double? = random.next() % 2 == 0 ? random.uniform(0, 60) : nil
      let parameters = WaterfallParameters(
        columns: Int(random.next() % 4) + 1, columnSpacing: 7.5, itemSpacing: 3.25, header: header, footer: footer)
      return WaterfallSection(parameters: parameters, items: items)
    }
  }

  /// A one-column item's frame is `width(span: 1)` wide, `columnWidth + 0 * columnSpacing`, to
  /// the bit: +0 where the column width underflows to −0. A collection 5e-324 wide with three
  /// columns 5e-324 apart has columns of `max(0, (5e-324 - 2 * 5e-324) / 3)` = −0, and items
  /// of width +0; an item spanning two is `2 * -0 + 5e-324` wide, the smallest subnormal (bit
  /// pattern 1). (The sign of a zero shows in the JSON a session writes.)
  @Test func oneColumnItemsAreAsWideAsTheExpressionSays() throws {
    let parameters = WaterfallParameters(columns: 3, columnSpacing: 5e-324)
    let geometry = try #require(_Geometry.resolve(parameters, over: WaterfallParameters(), width: 5e-324))
    #expect(geometry.columnWidth.bitPattern == (-0.0).bitPattern)
    let layout = try WaterfallLayout(
      width: 5e-324, parameters: parameters, sections: [WaterfallSection(items: [10, .height(20, span: .columns(2)), 30])])
    let widths = (0..<3).map { layout.layoutAttributes(for: .item($0, section: 0))!.frame.width.bitPattern }
    #expect(widths == [0, 1, 0])
    var answers: [LayoutAttributes] = []
    layout.elements(in: Rect(x: -1, y: 0, width: 2, height: 100), into: &answers)
    #expect(answers.map(\.frame.width.bitPattern) == [0, 1, 0])
  }

  @Test func framesAsLayoutAttributes() throws {
    let seed = UInt64.random(in: 0 ... .max)
    var random = SplitMix64(seed: seed)
    var visited = 0, idSections = 0
    for round in 0..<60 {
      let sections = Self.sections(&random)
      let orientation: LayoutOrientation = round % 2 == 0 ? .vertical : .horizontal
      let direction: LayoutDirection = round % 4 < 2 ? .leftToRight : .rightToLeft
      let layout = try WaterfallLayout(
        orientation: orientation, extent: random.uniform(100, 1200), sections: sections, direction: direction)
      for s in -1...layout.numberOfSections {
        let count = layout.numberOfItems(inSection: s)
        let start = Int(random.next() % UInt64(count + 2)) - 1
        var seen: [(Int, Rect)] = []
        let end = layout.forEachItemFrame(inSection: s, from: start) { i, frame in
          seen.append((i, frame))
          return true
        }
        let first = Swift.max(0, start)
        if layout.numberOfSections > s && s >= 0 {
          #expect(end == count, "seed \(seed) round \(round) section \(s)")
        } else {
          #expect(end == start && seen.isEmpty, "seed \(seed) round \(round) section \(s)")
        }
        #expect(seen.map(\.0) == Array(first..<Swift.max(first, count)), "seed \(seed) round \(round) section \(s)")
        for (i, frame) in seen {
          let expected = layout.layoutAttributes(for: .item(i, section: s))?.frame
          #expect(expected.map { [$0.minX, $0.minY, $0.width, $0.height].map(\.bitPattern) }
                  == [frame.minX, frame.minY, frame.width, frame.height].map(\.bitPattern),
                  "seed \(seed) round \(round) item \(i) section \(s)")
        }
        visited += seen.count
        // Stopping: `body` returning false ends the walk at that item.
        if count > 1 {
          let stop = Int(random.next() % UInt64(count))
          var calls = 0
          let stopped = layout.forEachItemFrame(inSection: s) { i, _ in calls += 1; return i < stop }
          #expect(stopped == stop && calls == stop + 1, "seed \(seed) round \(round) section \(s)")
        }
        let ids = (0..<count).contains { layout.id(at: ItemPath(item: $0, section: s)) != nil }
        // Only a section with ids may say so; one whose items had ids says so (its storage).
        if ids { #expect(layout.mayHaveItemIDs(inSection: s), "seed \(seed) round \(round) section \(s)") }
        if !layout.mayHaveItemIDs(inSection: s) { #expect(!ids, "seed \(seed) round \(round) section \(s)") }
        idSections += ids ? 1 : 0
      }
    }
    #expect(visited > 500 && idSections > 10, "seed \(seed): only \(visited) frames and \(idSections) sections with ids")
  }

  /// A query skips the horizontal test of each answer when the rect meets every frame a section
  /// can give horizontally (`_Geometry.meetsEveryFrameHorizontally`). Checked against every frame
  /// a record can have (each column and span, and the full width) at rects whose edges sit on,
  /// and one ulp either side of, the two bounds the shortcut compares: the last column's x and
  /// column 0's right edge. Geometries include collapsed columns (−0 wide), subnormal widths and
  /// spacings, and zero spacing. Then the same rects as queries of laid-out sections, against a
  /// scan of every frame.
  @Test func wideRectsSkipTheHorizontalTestExactly() throws {
    let seed = UInt64.random(in: 0 ... .max)
    var random = SplitMix64(seed: seed)
    var skipped = 0, tested = 0
    for round in 0..<300 {
      let columns = Int(random.next() % 6) + 1
      let scale = [1.0, 1e-320, 5e-324][Int(random.next() % 3)]
      let spacing = [0, 5e-324, random.uniform(0, 12)][Int(random.next() % 3)]
      // Never 0, which a layout refuses: with `scale` the smallest subnormal, a draw under 0.5
      // times it rounds to 0 (about one run in 25), so the width is at least `scale`.
      let width = random.next() % 4 == 0 ? scale : Swift.max(random.uniform(0, 900) * scale, scale)
      let insets = EdgeInsets(top: 0, left: random.next() % 2 == 0 ? 0 : random.uniform(0, 40), bottom: 0, right: random.uniform(0, 40))
      let parameters = WaterfallParameters(columns: columns, columnSpacing: spacing, insets: insets)
      let geometry = try #require(_Geometry.resolve(parameters, over: WaterfallParameters(), width: width))
      // Every frame a record can have: each column with each span that fits, and the full width.
      var frames: [Rect] = []
      for column in 0..<columns {
        for span in 1...(columns - column) {
          var record = _ItemRecord(spanBits: Int32(span))
          record.column = Int32(column)
          record.height = 1
          frames.append(geometry.frame(of: record))
        }
      }
      var full = _ItemRecord(spanBits: 0)
      full.column = -1
      full.height = 1
      frames.append(geometry.frame(of: full))
      let lastX = geometry.x(column: columns - 1), firstRight = geometry.left + geometry.spanOneWidth
      let maxXs = [lastX.nextDown, lastX, lastX.nextUp, lastX + 1]
      let minXs = [firstRight.nextDown, firstRight, firstRight.nextUp, firstRight - 1]
      var rects: [Rect] = []
      for maxX in maxXs {
        for minX in minXs where minX <= maxX && (maxX - minX).isFinite {
          rects.append(Rect(x: minX, y: -10, width: maxX - minX, height: 1e6))
        }
      }
      for rect in rects {
        let meets = geometry.meetsEveryFrameHorizontally(rect)
        let every = frames.allSatisfy { $0.minX < rect.maxX && $0.maxX > rect.minX }
        #expect(meets == every, "seed \(seed) round \(round): \(rect) over \(frames)")
        if meets { skipped += 1 } else { tested += 1 }
      }
      // The same rects as queries: one section of one-column, spanning and full-width items.
      let items: [WaterfallItem] = (0..<24).map { i in
        switch i % 4 {
        case 1 where columns > 1: .height(random.uniform(1, 40), span: .columns(Int(random.next() % UInt64(columns)) + 1))
        case 3: .height(random.uniform(1, 40), span: .full)
        default: .height(random.uniform(1, 40))
        }
      }
      let layout: WaterfallLayout
      do {
        layout = try WaterfallLayout(width: width, parameters: parameters, sections: [WaterfallSection(items: items)])
      } catch {
        Issue.record("seed \(seed) round \(round): width \(width): \(error)")
        return
      }
      let all = allElements(layout)
      for rect in rects {
        #expect(layout.elements(in: rect) == bruteForceQuery(all, rect), "seed \(seed) round \(round): \(rect)")
      }
    }
    #expect(skipped > 500 && tested > 500, "seed \(seed): \(skipped) rects skipped the test, \(tested) took it")
  }

  /// By hand: no ids, ids, sections outside the collection.
  @Test func mayHaveItemIDs() throws {
    let layout = try WaterfallLayout(
      width: 300, sections: [WaterfallSection(items: [10, 20]), WaterfallSection(items: [.height(10, id: .int(1)), 20])])
    #expect(!layout.mayHaveItemIDs(inSection: 0))
    #expect(layout.mayHaveItemIDs(inSection: 1))
    #expect(!layout.mayHaveItemIDs(inSection: 2))
    #expect(!layout.mayHaveItemIDs(inSection: -1))
  }
}
