// The search of the displayed entries by path (`_Entry.index(of:in:)`,
// Sources/CascadeView/Internal/_ReusePool.swift), whose first entry and paths after the last are
// answered before the binary search, against a linear search: golden cases by hand, then seeded
// random sorted sets of headers, items and footers over a few sections, each looked up at every
// present path and at absent ones before, between and after them. The seed and the path are
// printed on failure.
import Cascade
@testable import CascadeView
import Testing

@Suite("Displayed entry search")
struct EntryIndexTests {
  final class Cell {}

  static func entries(_ paths: [ElementPath], _ cell: Cell) -> [_Entry<Cell>] {
    paths.map {
      _Entry(path: $0, attributes: LayoutAttributes(path: $0, frame: Rect(x: 0, y: 0, width: 1, height: 1)), cell: cell, pool: 0)
    }
  }

  static func index(of path: ElementPath, in entries: [_Entry<Cell>]) -> Int? {
    entries.withUnsafeBufferPointer { _Entry.index(of: path, in: $0) }
  }

  @Test func golden() {
    let cell = Cell()
    let paths: [ElementPath] = [.header(0), .item(0, section: 0), .item(1, section: 0), .footer(0), .item(3, section: 1)]
    let e = Self.entries(paths, cell)
    #expect(Self.index(of: .header(0), in: e) == 0)
    #expect(Self.index(of: .item(1, section: 0), in: e) == 2)
    #expect(Self.index(of: .footer(0), in: e) == 3)
    #expect(Self.index(of: .item(3, section: 1), in: e) == 4)
    #expect(Self.index(of: .item(2, section: 0), in: e) == nil)
    #expect(Self.index(of: .item(4, section: 1), in: e) == nil)
    #expect(Self.index(of: .header(1), in: e) == nil)
    #expect(Self.index(of: .header(0), in: []) == nil)
    let one = Self.entries([.item(5, section: 2)], cell)
    #expect(Self.index(of: .item(5, section: 2), in: one) == 0)
    #expect(Self.index(of: .item(4, section: 2), in: one) == nil)
    #expect(Self.index(of: .item(6, section: 2), in: one) == nil)
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomLookupsMatchALinearSearch(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let cell = Cell()
    for round in 0..<200 {
      // Every path of three sections of up to 12 items, each kept with probability 1/2.
      var all: [ElementPath] = []
      for s in 0..<3 {
        all.append(.header(s))
        for i in 0..<Int.random(in: 0...12, using: &rng) { all.append(.item(i, section: s)) }
        all.append(.footer(s))
      }
      all.sort(by: <)
      let kept = all.filter { _ in Bool.random(using: &rng) }
      let e = Self.entries(kept, cell)
      for path in all + [.item(99, section: 5), .header(7)] {
        let expected = kept.firstIndex(of: path)
        let found = Self.index(of: path, in: e)
        #expect(found == expected, "seed \(seed), round \(round): \(path) in \(kept)")
        if found != expected { return }
      }
    }
  }
}
