@testable import Cascade
import Testing

/// Queries on a list whose content extent is near `Double.greatestFiniteMagnitude`: the slack a
/// query adds for rounding once overflowed to infinity (a sum of magnitudes near the limit), and
/// the point query of a horizontal or right-to-left list found nothing. Frames near the limit are
/// valid (`Docs/Spec/Waterfall.md` asks only for finite values), so queries must answer them.
@Suite struct ListNearLimitTests {
  static let M = Double.greatestFiniteMagnitude

  /// Written out by hand: one row as long as the largest finite value, and two halves.
  @Test func pointQueriesNearTheLimit() throws {
    let M = Self.M
    let across = try ListLayout(orientation: .horizontal, extent: 10, sections: [ListSection(parameters: ListParameters(), items: [ListItem(height: M)])])
    #expect(across.contentSize == Size(width: M, height: 10))
    #expect(across.element(at: Point(x: M / 2, y: 1))?.frame == Rect(x: 0, y: 0, width: M, height: 10))
    #expect(across.element(at: Point(x: M * 0.999_999, y: 9))?.path == .item(0, section: 0))
    #expect(across.element(at: Point(x: M / 2, y: 1), pinningHeadersIn: Rect(x: 0, y: 0, width: 10, height: 10))?.path
      == .item(0, section: 0))
    #expect(across.element(at: Point(x: M / 2, y: 10)) == nil)  // below the row

    let mirrored = try ListLayout(width: 10, sections: [ListSection(parameters: ListParameters(), items: [ListItem(height: M)])],
                                  direction: .rightToLeft)
    #expect(mirrored.element(at: Point(x: 1, y: M * 0.75))?.frame == Rect(x: 0, y: 0, width: 10, height: M))

    let halves = try ListLayout(orientation: .horizontal, extent: 10, sections: [
      ListSection(parameters: ListParameters(), items: [ListItem(height: M / 2), ListItem(height: M / 2)]),
    ])
    #expect(halves.element(at: Point(x: M * 0.25, y: 5))?.path == .item(0, section: 0))
    #expect(halves.element(at: Point(x: M * 0.75, y: 5))?.path == .item(1, section: 0))
    #expect(halves.element(at: Point(x: M / 2, y: 5))?.path == .item(1, section: 0))  // minX <= x
  }

  /// Every orientation and direction, rows and sections near the limit, points along the whole
  /// extent: the point query agrees with a scan of `layoutAttributes(for:)` over every element.
  @Test func pointQueriesAgreeWithAScanNearTheLimit() throws {
    let M = Self.M
    let shapes: [[[Double]]] = [[[M]], [[M / 2, M / 2]], [[M * 0.9], [M * 0.1]], [[1, M * 0.99]], [[M / 2], [M / 4, M / 5]]]
    for rows in shapes {
      for header in [0.0, 1.0] {
        for orientation in [LayoutOrientation.vertical, .horizontal] {
          for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let sections = rows.map { ListSection(parameters: ListParameters(header: header), items: $0.map { ListItem(height: $0) }) }
            let list = try ListLayout(orientation: orientation, extent: 10, sections: sections, direction: direction)
            var paths: [ElementPath] = []
            for (s, section) in rows.enumerated() {
              if header > 0 { paths.append(.header(s)) }
              for i in section.indices { paths.append(.item(i, section: s)) }
            }
            for f in [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999_999] {
              let along = (orientation == .vertical ? list.contentSize.height : list.contentSize.width) * f
              let point = orientation == .vertical ? Point(x: 3, y: along) : Point(x: along, y: 3)
              let expected = paths.first { list.layoutAttributes(for: $0)?.frame.contains(point) == true }
              #expect(list.element(at: point)?.path == expected,
                      "\(orientation) \(direction) rows \(rows) header \(header) at \(point)")
            }
          }
        }
      }
    }
  }

  /// The slack itself stays finite whatever the magnitudes.
  @Test func slackIsFinite() throws {
    let list = try ListLayout(width: 10, sections: [ListSection(parameters: ListParameters(), items: [ListItem(height: Self.M)])])
    #expect(list._storage.origins.slack(Self.M, Self.M, Self.M).isFinite)
    let near = _grown(Self.M, Self.M, by: 1e300)
    #expect(near.low == Self.M - 1e300 && near.high == Self.M)
    let infinite = _grown(-Double.infinity, Double.infinity, by: 1)
    #expect(infinite.low == -Double.infinity && infinite.high == Double.infinity)
  }
}
