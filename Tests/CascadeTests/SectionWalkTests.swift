// The walk down the sections a query makes: the first section and its origin from one descent
// of the sum tree, and each next section's exact origin only when an estimate cannot rule it
// out (`_SectionOrigins.first(endingAfter:)`, `origin(of:after:meeting:)`).
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite struct SectionWalkTests {
  /// The descent written with branches, one child at a time: the reference the vector one
  /// must agree with, section and origin, bit for bit. On each level, the first child of the
  /// group whose end (the sum so far plus its running sum) is past `y`, or the last child.
  static func branchingDescent(_ o: _SectionOrigins, _ y: Double) -> Int {
    if o.count == 0 || !(o.total > y) { return o.count }
    // Where each level starts, bottom up: the heights, then each level of running sums.
    var offsets = [0], offset = 8 * _SectionOrigins._groups(o.count, level: 1)
    for k in 1...o._levels {
      offsets.append(offset)
      offset += 8 * _SectionOrigins._groups(o.count, level: k)
    }
    #expect(offset == o._nodes.count)
    var sum = 0.0, group = 0
    for k in stride(from: o._levels, through: 1, by: -1) {
      let base = offsets[k] + 8 * group
      var j = 0
      while j < 7 && !(sum + o._nodes[base + j] > y) { j += 1 }
      if j > 0 { sum += o._nodes[base + j - 1] }
      group = 8 * group + j
    }
    return Swift.min(group, o.count)
  }

  /// Each section's end by a left-to-right running sum of `heights`.
  static func runningEnds(_ heights: [Double]) -> [Double] {
    var sum = 0.0
    return heights.map { h in
      sum += h
      return sum
    }
  }

  /// The first section whose end, by a left-to-right running sum (`ends`, ``runningEnds(_:)``),
  /// is past `y`, allowing for the tree's rounding: `section` must end past `y` less the
  /// tolerance, and the section before it must end at or before `y` plus the tolerance.
  static func expectNearTheRunningSum(_ ends: [Double], _ section: Int, _ y: Double, _ where_: String) {
    let total = ends.last ?? 0
    let tolerance = 1e-12 * (total.isFinite ? total : Double.greatestFiniteMagnitude)
    let endsPast = section == ends.count ? true : ends[section] > y - tolerance
    let beforeNot = section == 0 ? true : ends[section - 1] <= y + tolerance
    #expect(endsPast && beforeNot, "\(where_) y \(y): section \(section) of \(ends.count)")
  }

  /// `first(endingAfter: y)` names the branching descent's section, with `origin(of:)`'s
  /// origin to the bit: the check the tests below make at each `y`.
  static func expectFirstAgrees(_ o: _SectionOrigins, _ y: Double, _ where_: String) {
    let (section, origin) = o.first(endingAfter: y)
    let expected = branchingDescent(o, y)
    #expect(section == expected, "\(where_) y \(y): section \(section), descent \(expected)")
    if section < o.count {
      #expect(origin.bitPattern == o.origin(of: section).bitPattern,
              "\(where_) y \(y): origin \(origin), origin(of: \(section)) \(o.origin(of: section))")
    }
  }

  /// Heights whose sums round: tenths, values a thousand million times apart, zeros, and
  /// heights near the largest finite value's share of the sections.
  static func heights(_ count: Int, _ rng: inout SplitMix64) -> [Double] {
    (0..<count).map { _ in
      switch rng.next() % 8 {
      case 0: 0
      case 1: 0.1 * Double(1 + rng.next() % 9)
      case 2: Double(rng.next() % 1_000_000) * 1e9 + 0.3
      case 3: 1e-7 * Double(rng.next() % 100)
      case 4: Double.greatestFiniteMagnitude / Double(4 * count)
      default: Double(rng.next() % 5_000) / 7
      }
    }
  }

  /// Random trees of 1 to 40 sections, and of up to 600 in a quarter of the rounds (three
  /// levels): `first(endingAfter:)` names the branching descent's section, with `origin(of:)`'s
  /// origin to the bit, at every section's origin and end, a few ulps either side, and values
  /// past both ends; and that section is the first whose end by a running sum is past `y`,
  /// within the rounding's tolerance.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func firstAgreesWithTheBranchingDescent(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for round in 0..<200 {
      let heights = Self.heights(1 + Int(rng.next() % (round % 4 == 0 ? 600 : 40)), &rng)
      var o = _SectionOrigins()
      o.rebuild(count: heights.count) { heights[$0] }
      var ys: [Double] = [-1, -0.0, 0, o.total, o.total.nextUp, .infinity, -.infinity, .nan, o.total / 3]
      for s in 0...heights.count {
        let y = o.origin(of: s)
        ys += [y, y.nextUp, y.nextDown, y.nextUp.nextUp, y + (s < heights.count ? heights[s] : 0)]
      }
      let ends = Self.runningEnds(heights)
      for y in ys where !y.isNaN {
        Self.expectFirstAgrees(o, y, "seed \(seed) round \(round)")
        Self.expectNearTheRunningSum(ends, o.firstSection(endingAfter: y), y, "seed \(seed) round \(round)")
      }
      Self.expectFirstAgrees(o, .nan, "seed \(seed) round \(round)")
    }
  }

  /// A rebuild over a tree of the same size rewrites its buffer in place (a width change's
  /// rebuild allocates nothing): every node, to the bit, is what a fresh tree of the same heights
  /// holds, whether the section count grew, shrank inside the same power of two (the leaves past
  /// it back to 0) or moved to another size, and the tree answers as the fresh one does.
  @Test(arguments: [15, 16] as [UInt64])
  func aRebuildInPlaceEqualsAFreshTree(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var reused = _SectionOrigins()
    var inPlace = 0
    for round in 0..<400 {
      // Mostly counts near the last one, so that many rebuilds keep the tree's size.
      let count = round % 5 == 0 ? Int(rng.next() % 70) : Swift.max(0, reused.count + Int(rng.next() % 7) - 3)
      let heights = Self.heights(count, &rng)
      let sizeBefore = reused._nodes.count
      reused.rebuild(count: count) { heights[$0] }
      if reused._nodes.count == sizeBefore { inPlace += 1 }
      var fresh = _SectionOrigins()
      fresh.rebuild(count: count) { heights[$0] }
      #expect(reused.count == fresh.count && reused._levels == fresh._levels, "seed \(seed) round \(round)")
      #expect(reused._nodes.map(\.bitPattern) == fresh._nodes.map(\.bitPattern), "seed \(seed) round \(round): \(count) sections")
      #expect(reused.total.bitPattern == fresh.total.bitPattern)
      for s in 0...count { #expect(reused.origin(of: s).bitPattern == fresh.origin(of: s).bitPattern) }
    }
    #expect(inPlace > 150, "seed \(seed): \(inPlace) rebuilds in place")
  }

  /// Heights set one at a time, in any order, leave every entry to the bit as a tree built
  /// from the final heights holds it: the sums do not depend on the history of changes. Trees
  /// of 1 to 700 sections (up to four levels), 300 changes each, some setting a height it
  /// already has.
  @Test(arguments: [17, 18] as [UInt64])
  func heightsSetOneByOneEqualAFreshTree(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for round in 0..<30 {
      var heights = Self.heights(1 + Int(rng.next() % 700), &rng)
      var o = _SectionOrigins()
      o.rebuild(count: heights.count) { heights[$0] }
      for change in 0..<300 {
        let s = Int(rng.next() % UInt64(heights.count))
        let h = rng.next() % 5 == 0 ? heights[s] : Self.heights(1, &rng)[0]
        heights[s] = h
        o.setHeight(h, at: s)
        #expect(o._violation() == nil, "seed \(seed) round \(round) change \(change)")
      }
      var fresh = _SectionOrigins()
      fresh.rebuild(count: heights.count) { heights[$0] }
      #expect(o._nodes.map(\.bitPattern) == fresh._nodes.map(\.bitPattern), "seed \(seed) round \(round)")
      for s in stride(from: 0, through: heights.count, by: 7) {
        #expect(o.origin(of: s).bitPattern == fresh.origin(of: s).bitPattern, "seed \(seed) round \(round) section \(s)")
      }
    }
  }

  /// Written out by hand, ten sections of heights 1 to 10 (two levels): the heights in two
  /// groups of eight, the second padded with 0; each group's running sums; above them the
  /// groups' totals, 36 and 19, run together; origins and the sections of a few y's.
  @Test func goldenTenSections() {
    var o = _SectionOrigins()
    o.rebuild(count: 10) { Double($0 + 1) }
    #expect(o._levels == 2)
    #expect(o._nodes == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0, 0, 0, 0,
                         1, 3, 6, 10, 15, 21, 28, 36, 9, 19, 19, 19, 19, 19, 19, 19,
                         36, 55, 55, 55, 55, 55, 55, 55])
    #expect(o.total == 55)
    #expect((0...10).map { o.origin(of: $0) } == [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55])
    #expect(o.first(endingAfter: -1) == (0, 0))
    #expect(o.first(endingAfter: 0) == (0, 0))
    #expect(o.first(endingAfter: 0.5) == (0, 0))
    #expect(o.first(endingAfter: 1) == (1, 1))
    #expect(o.first(endingAfter: 35.9) == (7, 28))
    #expect(o.first(endingAfter: 36) == (8, 36))
    #expect(o.first(endingAfter: 54.9) == (9, 45))
    #expect(o.first(endingAfter: 55) == (10, 55))
    o.setHeight(0, at: 3)
    #expect(o._nodes[16..<24] == [1, 3, 6, 6, 11, 17, 24, 32])
    #expect(o._nodes[32..<40] == [32, 51, 51, 51, 51, 51, 51, 51])
    #expect(o.total == 51)
    #expect(o.first(endingAfter: 6) == (4, 6))
  }

  /// Trees of every depth from 1 to 5 levels (1 to 5,000 sections, at and either side of each
  /// power of 8, where a level is added): `first(endingAfter:)`
  /// at and beside each section's origin, and halfway down the section, names the branching
  /// descent's section with `origin(of:)`'s origin, to the bit.
  @Test(arguments: [11, 12] as [UInt64])
  func deepTreesAgreeWithTheBranchingDescent(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for count in [1, 2, 3, 5, 7, 8, 9, 16, 17, 63, 64, 65, 100, 511, 512, 513, 1_000, 4_095, 4_096, 4_097, 5_000] {
      let heights = Self.heights(count, &rng)
      var o = _SectionOrigins()
      o.rebuild(count: count) { heights[$0] }
      for s in stride(from: 0, to: count, by: Swift.max(1, count / 300)) {
        let y = o.origin(of: s)
        for probe in [y, y.nextUp, y.nextDown, y + heights[s] / 2] {
          Self.expectFirstAgrees(o, probe, "seed \(seed) count \(count)")
        }
      }
    }
  }

  /// A window's move keeps its first section without the descent when the rect's top lies well
  /// inside it (`_keepsFirstSection`): on lists of sections of heights that round, with a window
  /// on each section, the answer is the descent's for tops at, an ulp either side of, and a
  /// margin either side of the section's origin and end, and inside it; and the quick answer
  /// is taken (the top well inside) for most of them.
  @Test(arguments: [13, 14] as [UInt64])
  func aWindowKeepsItsFirstSectionWhereTheDescentWould(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var checked = 0, inside = 0
    for round in 0..<12 {
      let count = 2 + Int(rng.next() % 40)
      let heights = Self.heights(count, &rng).map { Swift.min($0, 1e12) }
      let sections = heights.map { h in
        ListSection(parameters: ListParameters(), items: h == 0 ? [] : [ListItem(height: h / 2), ListItem(height: h / 2)])
      }
      let list = try ListLayout(width: 100, sections: sections)
      let origins = list._storage.origins
      for s in 0..<count {
        let y0 = origins.origin(of: s), end = s + 1 < count ? origins.origin(of: s + 1) : origins.total
        guard y0 < end else { continue }
        var window = VisibleWindow()
        list.moveWindow(&window, to: Rect(x: 0, y: y0 + (end - y0) / 2, width: 100, height: 0.5 * (end - y0)))
        guard window._firstSection == s, !window._sections.isEmpty else { continue }
        let margin = origins.slack(y0, end)
        var ys = [y0, y0.nextUp, y0.nextDown, end, end.nextUp, end.nextDown, y0 + (end - y0) / 2]
        for edge: Double in [y0, end] {
          ys += [edge + margin, edge - margin, (edge + margin).nextUp, (edge - margin).nextDown]
        }
        for y in ys {
          let quick = _SectionedLayout<_ListSection>._keepsFirstSection(origins, window, y, margin: margin)
          let descended = origins.firstSection(endingAfter: y) == s
          #expect(quick == descended, "seed \(seed) round \(round) section \(s) y \(y): \(quick), the descent \(descended)")
          checked += 1
          if y0 + margin <= y && y + margin < end { inside += 1 }
        }
      }
    }
    #expect(checked > 1_000 && inside > checked / 8, "\(inside) of \(checked) inside")
  }

  /// `origin(of:after:meeting:)` rules a section out only where the exact test a walk stops
  /// at would also stop it, and otherwise gives `origin(of:)` to the bit: for every section,
  /// rect queries ending at, just above and below its origin, and points there.
  @Test(arguments: [5, 6, 7] as [UInt64])
  func anEstimateRulesOutOnlyWhatTheExactTestWould(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var ruledOut = 0
    for round in 0..<200 {
      let heights = Self.heights(2 + Int(rng.next() % 40), &rng)
      var o = _SectionOrigins()
      o.rebuild(count: heights.count) { heights[$0] }
      for s in 1..<heights.count {
        let exact = o.origin(of: s), previous = o.origin(of: s - 1)
        for bottom in [exact, exact.nextUp, exact.nextDown, exact * (1 - 1e-13), exact * (1 - 1e-11), exact / 2, previous, 0] {
          for top in [bottom, bottom / 2, 0, bottom - 1] where top <= bottom {
            let walked = o.origin(of: s, after: previous, meeting: top, bottom)
            let stops = !(exact < bottom + o.slack(top, bottom, exact))
            if let walked {
              #expect(walked.bitPattern == exact.bitPattern, "seed \(seed) round \(round) section \(s)")
            } else {
              ruledOut += 1
              #expect(stops, "seed \(seed) round \(round) section \(s): ruled out at \(exact) for \(top)...\(bottom)")
            }
          }
        }
      }
    }
    // The estimate does rule sections out (a walk that never skipped the exact origin would
    // pass the checks above and save nothing).
    #expect(ruledOut > 1_000)
  }

  /// Written out by hand: an estimate that rounds up past the largest finite value while the
  /// tree's sum rounds down to it. With u the largest value's ulp and heights
  /// `[M/2 − u, M/2 − u, 0, 0, 0, 0, 0, 0, 1.6u, 0.6u, 0.25u]`, the first group of eight totals
  /// `M − 2u`; section 9's origin is `(M − 2u) + 1.6u`, which rounds to M, so section 10's
  /// estimate is `M + 0.6u`, which is ∞, while its origin in the tree is `(M − 2u) + (1.6u + 0.6u)`,
  /// which rounds to M. A query ending at M does not stop before section 10 (its slack
  /// overflows), so the estimate must not rule it out.
  @Test func anEstimatePastTheLargestValueRulesNothingOut() {
    let M = Double.greatestFiniteMagnitude, u = M.ulp
    let heights = [M / 2 - u, M / 2 - u, 0, 0, 0, 0, 0, 0, 1.6 * u, 0.6 * u, 0.25 * u]
    var o = _SectionOrigins()
    o.rebuild(count: heights.count) { heights[$0] }
    #expect(o.total == M)
    #expect(o.origin(of: 8) == M - 2 * u)
    let previous = o.origin(of: 9)
    #expect(previous == M)
    #expect((previous + heights[9]).isInfinite)
    #expect(o.origin(of: 10) == M)
    for top in [M, M / 2, 0] {
      let stops = !(o.origin(of: 10) < M + o.slack(top, M, o.origin(of: 10)))
      #expect(!stops)
      #expect(o.origin(of: 10, after: previous, meeting: top, M) == M, "top \(top)")
    }
  }

  /// Rect and point queries on lists of many sections of rounding heights, each query's edges
  /// at an element's top or bottom (a section's origin or end among them) or an ulp off: the
  /// same answers as a scan of every element.
  @Test(arguments: [8, 9, 10] as [UInt64])
  func queriesAtSectionEdgesMatchAScan(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<12 {
      let count = 2 + Int(rng.next() % 30)
      let heights = Self.heights(count, &rng).map { Swift.min($0, 1e12) }
      let sections = heights.map { h in
        ListSection(parameters: ListParameters(header: rng.next() % 3 == 0 ? 0.1 : 0),
                    items: h == 0 ? [] : [ListItem(height: h / 2), ListItem(height: h / 4), ListItem(height: h / 4)])
      }
      let list = try ListLayout(width: 100, sections: sections)
      let all = allElements(list)
      var edges: [Double] = []
      for element in all {
        for y in [element.frame.minY, element.frame.maxY] { edges += [y, y.nextUp, y.nextDown] }
      }
      for (i, top) in edges.enumerated() {
        let bottom = edges[(i * 7 + 3) % edges.count]
        guard top <= bottom else { continue }
        let rect = Rect(x: 0, y: top, width: 100, height: bottom - top)
        #expect(list.elements(in: rect) == bruteForceQuery(all, rect), "seed \(seed) round \(round) rect \(rect)")
        let point = Point(x: 50, y: top)
        #expect(list.element(at: point) == bruteForcePoint(all, point), "seed \(seed) round \(round) point \(point)")
      }
    }
  }
}
