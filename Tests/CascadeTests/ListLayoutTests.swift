import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("List layout")
struct ListLayoutTests {
  @Test func goldenFrames() throws {
    var list = try ListLayout(width: 320, parameters: ListParameters(itemSpacing: 1), sections: [
      ListSection(parameters: ListParameters(insets: EdgeInsets(top: 4, left: 8, bottom: 6, right: 8), header: 28, footer: 10),
                  items: [44, 44, 88]),
      ListSection(parameters: ListParameters(), items: [20]),
    ])
    #expect(list.layoutAttributes(for: .header(0))?.frame == Rect(x: 0, y: 0, width: 320, height: 28))
    #expect(list.layoutAttributes(for: .item(0, section: 0))?.frame == Rect(x: 8, y: 32, width: 304, height: 44))
    #expect(list.layoutAttributes(for: .item(2, section: 0))?.frame == Rect(x: 8, y: 122, width: 304, height: 88))
    #expect(list.layoutAttributes(for: .footer(0))?.frame == Rect(x: 0, y: 216, width: 320, height: 10))
    #expect(list.layoutAttributes(for: .item(0, section: 1))?.frame == Rect(x: 0, y: 226, width: 320, height: 20))
    #expect(list.contentSize == Size(width: 320, height: 246))
    #expect(list.elements(in: Rect(x: 0, y: 100, width: 10, height: 120)).map(\.path)
      == [.item(1, section: 0), .item(2, section: 0), .footer(0)])
    #expect(list.element(at: Point(x: 10, y: 76.5))?.path == nil)  // the spacing between rows
    #expect(list.element(at: Point(x: 10, y: 77))?.path == .item(1, section: 0))
    try list.apply(.insertItems([10], at: 0, section: 0))
    #expect(list.layoutAttributes(for: .item(1, section: 0))?.frame == Rect(x: 8, y: 43, width: 304, height: 44))
    #expect(throws: LayoutError.self) { try list.apply(.appendItems([-1], section: 1)) }
  }

  /// A list is a one-column waterfall: the same frames for the same parameters, and queries
  /// that match a scan, through random changes.
  @Test(arguments: [41, 42, 43] as [UInt64])
  func matchesAOneColumnWaterfall(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    func parameters() -> ListParameters {
      ListParameters(itemSpacing: rng.chance(0.5) ? rng.length(20) : nil,
                     insets: rng.chance(0.5) ? EdgeInsets(top: rng.length(20), left: rng.length(20), bottom: rng.length(20), right: rng.length(20)) : nil,
                     header: rng.chance(0.5) ? rng.length(40) : nil, footer: rng.chance(0.5) ? rng.length(40) : nil)
    }
    func waterfall(_ p: ListParameters) -> WaterfallParameters {
      WaterfallParameters(columns: 1, itemSpacing: p.itemSpacing, insets: p.insets, header: p.header, footer: p.footer)
    }
    let top = ListParameters(itemSpacing: rng.length(10))
    var sections = (0..<rng.int(1...4)).map { _ in (parameters(), (0..<rng.int(0...50)).map { _ in rng.length() }) }
    let width = rng.double(50...800)
    var list = try ListLayout(width: width, parameters: top,
                              sections: sections.map { ListSection(parameters: $0.0, items: $0.1.map { ListItem(height: $0) }) })
    for step in 0..<150 {
      let s = rng.int(0...sections.count - 1)
      let n = sections[s].1.count
      switch rng.int(0...3) {
      case 0:
        let new = (0..<rng.int(1...5)).map { _ in rng.length() }
        try list.apply(.appendItems(new.map { ListItem(height: $0) }, section: s)); sections[s].1 += new
      case 1 where n > 0:
        let i = rng.int(0...n - 1)
        try list.apply(.deleteItems(i..<(i + 1), section: s)); sections[s].1.remove(at: i)
      case 2:
        let i = rng.int(0...n), h = rng.length()
        try list.apply(.insertItems([ListItem(height: h)], at: i, section: s)); sections[s].1.insert(h, at: i)
      default:
        let p = parameters()
        try list.apply(.setSectionParameters(p, section: s)); sections[s].0 = p
      }
      let reference = try WaterfallLayout(width: width, parameters: waterfall(top),
                                          sections: sections.map { WaterfallSection(parameters: waterfall($0.0), items: $0.1.map { .height($0) }) })
      let all = allElements(list)
      #expect(all == allElements(reference), "seed \(seed), step \(step)")
      let rect = rng.rect(in: list.contentSize)
      #expect(list.elements(in: rect) == bruteForceQuery(all, rect), "seed \(seed), step \(step), rect \(rect)")
      let point = Point(x: rect.midX, y: rect.midY)
      #expect(list.element(at: point) == bruteForcePoint(all, point), "seed \(seed), step \(step), point \(point)")
    }
  }
}
