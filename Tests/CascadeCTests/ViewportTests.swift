import Cascade
import CascadeC
import CascadeCHeader
import CascadeJSON
import Testing

/// The collection-view model against brute force: a diff of two full queries when only the rect
/// moves, and a model that follows every item's identity when the collection changes.
@Suite struct ViewportTests {
  /// Scrolling only: appeared, disappeared and moved are the diff, by path, of the two rects'
  /// typed queries; visible is the new query; the lists keep answer order. A third of the
  /// collections are right to left and a third horizontal (scrolled along x).
  @Test func scrollingIsTheDiffOfTwoQueries() throws {
    var rng = SplitMix64(seed: 31)
    var seen = (appeared: 0, disappeared: 0)
    var paths = (cursors: 0, merges: 0)
    for round in 0..<90 {
      let c = CSession()
      let horizontal = round % 3 == 2
      // A horizontal collection refuses an item whose size has no height (its extent along x
      // comes from the aspect ratio): draw again until one loads.
      for _ in 0..<50 {
        var document = randomDocument(&rng, maxItems: 120)
        if round % 3 == 1 {
          document = document.replacing(#""layout":{"#, with: #""layout":{"direction":"rtl","#)
        } else if horizontal {
          document = document.replacing(#"{"width":"#, with: #"{"height":"#)
            .replacing(#""layout":{"#, with: #""layout":{"orientation":"horizontal","#)
        }
        c.respond(#"{"op":"load","collection":\#(document)}"#)
        if c.status == CASCADE_OK { break }
      }
      try #require(c.status == CASCADE_OK)
      let v = CViewport(c)
      var previous: [cascade_element] = []
      for step in 0..<40 {
        let content = c.contentSize
        let rect = rng.chance(0.3)
          ? (horizontal
            ? { let r = randomRect(&rng, content: (content.1, content.0)); return cascade_rect(x: r.y, y: r.x, width: r.height, height: r.width) }()
            : randomRect(&rng, content: content))
          : {
            var r = cascade_viewport_rect(v.handle)
            // Half the steps keep the rect's size and its place across the scroll axis, so
            // that the window also steps with the jumps' narrow, empty and negative rects.
            let keep = rng.chance(0.5)
            if horizontal {
              r.x += rng.uniform(-300, 300)
              if !keep { (r.y, r.width, r.height) = (0, 400, content.1) }
            } else {
              r.y += rng.uniform(-300, 300)
              if !keep { (r.x, r.width, r.height) = (0, content.0, 400) }
            }
            return r
          }()
        #expect(v.set(rect) == CASCADE_OK)
        let now = c.query(rect)
        let old = Dictionary(uniqueKeysWithValues: previous.map { (ElementKey($0).path, ElementKey($0)) })
        let new = Set(now.map { ElementKey($0).path })
        #expect(v.visible.map(ElementKey.init) == now.map(ElementKey.init))
        #expect(v.appeared.map(ElementKey.init) == now.filter { old[ElementKey($0).path] == nil }.map(ElementKey.init), "round \(round) step \(step)")
        #expect(v.disappeared.map(ElementKey.init) == previous.filter { !new.contains(ElementKey($0).path) }.map(ElementKey.init))
        // Scrolling moves no frame: nothing moved.
        #expect(v.moved.isEmpty)
        seen.appeared += v.appeared.count
        seen.disappeared += v.disappeared.count
        previous = now
      }
      let counts = _CViewport._pathCounts(v.handle)
      paths.cursors += counts.cursors
      paths.merges += counts.merges
    }
    #expect(seen.appeared > 1000 && seen.disappeared > 1000)
    // Both paths of a move were taken many times: steps by the window's cursors, and merges
    // after the window searched (a jump, the first step after one, right to left).
    #expect(paths.cursors > 500 && paths.merges > 500, "\(paths)")
  }

  /// Each element's identity, kept through changes the way the changes define it: items keep
  /// theirs when others are inserted or deleted around them, sections likewise.
  struct IdentityModel {
    var sections: [(id: Int, items: [Int])] = []
    var next = 0

    mutating func fresh() -> Int { next += 1; return next }

    mutating func load(_ counts: [Int]) {
      sections = counts.map { n in (fresh(), (0..<n).map { _ in fresh() }) }
    }

    /// The identity of an element path now.
    func identity(_ e: cascade_element) -> String {
      let s = sections[Int(e.section)]
      switch Int(e.kind) {
      case Int(CASCADE_ITEM): return "item \(s.items[Int(e.item)])"
      case Int(CASCADE_HEADER): return "header \(s.id)"
      default: return "footer \(s.id)"
      }
    }
  }

  /// Random changes between viewport updates, typed and through JSON: the viewport reports
  /// exactly what an identity-following brute force finds: elements gone (deleted or out of the
  /// rect) under the path and frame they were shown with, new ones, and kept ones whose path or
  /// frame changed, from old to new.
  @Test func changesAreCarriedThroughByIdentity() throws {
    var rng = SplitMix64(seed: 32)
    var counted = (moved: 0, renumbered: 0, deleted: 0)
    for round in 0..<50 {
      let c = CSession()
      var model = IdentityModel()
      func reload() {
        let document = randomDocument(&rng, maxItems: 80)
        c.respond(#"{"op":"load","collection":\#(document)}"#)
        model.load((0..<Int(cascade_session_section_count(c.handle))).map { Int(cascade_session_item_count(c.handle, Int64($0))) })
      }
      reload()
      let v = CViewport(c)
      var rect = cascade_rect(x: 0, y: 0, width: c.contentSize.0, height: 500)
      v.set(rect)
      var shown = c.query(rect).map { (element: $0, identity: model.identity($0)) }
      for step in 0..<40 {
        for _ in 0..<rng.int(0...3) {
          let sections = model.sections.count
          let s = rng.int(0...max(0, sections - 1))
          let n = sections == 0 ? 0 : model.sections[s].items.count
          let viaJSON = rng.chance(0.5)
          switch rng.int(0...9) {
          case 0, 1:  // insert
            guard sections > 0 else { continue }
            let at = rng.int(0...n), k = rng.int(1...3)
            let heights = (0..<k).map { _ in Double(rng.int(10...200)) }
            let ok = viaJSON
              ? c.respond(#"{"op":"insert","section":\#(s),"at":\#(at),"items":[\#(heights.map(json).joined(separator: ","))]}"#).hasPrefix(#"{"ok":true"#)
              : cascade_session_insert_heights(c.handle, Int64(s), Int64(at), heights, k) == CASCADE_OK
            #expect(ok)
            model.sections[s].items.insert(contentsOf: (0..<k).map { _ in model.fresh() }, at: at)
          case 2, 3:  // delete
            guard n > 0 else { continue }
            let at = rng.int(0...n - 1), k = rng.int(1...min(4, n - at))
            let ok = viaJSON
              ? c.respond(#"{"op":"delete","section":\#(s),"at":\#(at),"count":\#(k)}"#).hasPrefix(#"{"ok":true"#)
              : cascade_session_delete_items(c.handle, Int64(s), Int64(at), Int64(k)) == CASCADE_OK
            #expect(ok)
            model.sections[s].items.removeSubrange(at..<(at + k))
          case 4:  // append
            guard sections > 0 else { continue }
            #expect(cascade_session_append_heights(c.handle, Int64(s), [50, 60], 2) == CASCADE_OK)
            model.sections[s].items += [model.fresh(), model.fresh()]
          case 5:  // update: same identity, new size
            guard n > 0 else { continue }
            let at = rng.int(0...n - 1)
            #expect(cascade_session_update_heights(c.handle, Int64(s), Int64(at), [Double(rng.int(10...300))], 1) == CASCADE_OK)
          case 6:  // insert a section
            let at = rng.int(0...sections)
            let ok = viaJSON
              ? c.respond(#"{"op":"insertSection","at":\#(at),"section":{"header":20,"items":[30,40,50]}}"#).hasPrefix(#"{"ok":true"#)
              : cascade_session_insert_section(c.handle, Int64(at), [cascade_item(width: 0, height: 30, span: 0), cascade_item(width: 2, height: 1, span: 0)], 2) == CASCADE_OK
            #expect(ok)
            model.sections.insert((model.fresh(), (0..<(viaJSON ? 3 : 2)).map { _ in model.fresh() }), at: at)
          case 7:  // delete a section
            guard sections > 1 else { continue }
            #expect(cascade_session_delete_section(c.handle, Int64(s)) == CASCADE_OK)
            model.sections.remove(at: s)
          case 8:  // width
            #expect(cascade_session_set_width(c.handle, Double(rng.int(150...500))) == CASCADE_OK)
          default:  // a refused change changes nothing
            #expect(cascade_session_delete_items(c.handle, Int64(sections), 0, 1) == CASCADE_ERROR_REJECTED)
          }
        }
        if rng.chance(0.03) { reload() }
        if rng.chance(0.5) {
          rect.y = max(0, rect.y + rng.uniform(-250, 250))
          rect.width = c.contentSize.0
          #expect(v.set(rect) == CASCADE_OK)
        } else {
          #expect(cascade_viewport_refresh(v.handle) == CASCADE_OK)
        }

        let now = c.query(rect).map { (element: $0, identity: model.identity($0)) }
        let oldByIdentity = Dictionary(uniqueKeysWithValues: shown.map { ($0.identity, $0.element) })
        let newIdentities = Set(now.map(\.identity))
        let label = "round \(round) step \(step)"
        #expect(v.visible.map(ElementKey.init) == now.map { ElementKey($0.element) }, "\(label)")
        #expect(v.appeared.map(ElementKey.init) == now.filter { oldByIdentity[$0.identity] == nil }.map { ElementKey($0.element) }, "\(label)")
        #expect(v.disappeared.map(ElementKey.init) == shown.filter { !newIdentities.contains($0.identity) }.map { ElementKey($0.element) }, "\(label)")
        let expectedMoves = now.compactMap { new -> (ElementKey, ElementKey)? in
          guard let old = oldByIdentity[new.identity], ElementKey(old) != ElementKey(new.element) else { return nil }
          return (ElementKey(old), ElementKey(new.element))
        }
        let moves = v.moved.map { (ElementKey($0.from), ElementKey($0.to)) }
        #expect(moves.map(\.0) == expectedMoves.map(\.0) && moves.map(\.1) == expectedMoves.map(\.1), "\(label)")
        counted.moved += moves.count
        counted.renumbered += moves.filter { $0.0.path != $0.1.path }.count
        counted.deleted += v.disappeared.count
        shown = now
      }
    }
    #expect(counted.moved > 200 && counted.renumbered > 100 && counted.deleted > 100)
  }

  /// A viewport further behind than the log keeps (64 shifts), or behind a load, starts over:
  /// everything shown disappears and everything in the rect appears.
  @Test func aViewportTooFarBehindStartsOver() {
    let c = CSession()
    let load = #"{"op":"load","collection":{"width":300,"layout":{"columns":1,"itemSpacing":0},"sections":[{"items":[100,100,100,100,100]}]}}"#
    c.respond(load)
    let v = CViewport(c)
    v.set(cascade_rect(x: 0, y: 0, width: 300, height: 1000))
    #expect(v.appeared.count == 5)

    // 64 shifts are carried: item 0 is now item 64, and 64 new items appeared above it.
    for _ in 0..<64 { cascade_session_insert_heights(c.handle, 0, 0, [1], 1) }
    #expect(cascade_viewport_refresh(v.handle) == CASCADE_OK)
    #expect(v.disappeared.isEmpty)
    #expect(v.moved.map { $0.from.item } == [0, 1, 2, 3, 4])
    #expect(v.moved.map { $0.to.item } == [64, 65, 66, 67, 68])
    #expect(v.moved.map { $0.to.frame.y } == [64, 164, 264, 364, 464])
    #expect(v.appeared.count == 64)

    // 65 more are not: start over.
    for _ in 0..<65 { cascade_session_insert_heights(c.handle, 0, 0, [1], 1) }
    cascade_viewport_refresh(v.handle)
    #expect(v.disappeared.count == 69 && v.appeared.count == 134 && v.moved.isEmpty)
    #expect(v.appeared.map(ElementKey.init) == v.visible.map(ElementKey.init))

    // A load starts over too, even with the same collection.
    c.respond(load)
    cascade_viewport_refresh(v.handle)
    #expect(v.appeared.count == 5 && v.disappeared.count == 134 && v.moved.isEmpty)

    // Appends, updates and width changes shift no path: never a reason to start over.
    for _ in 0..<200 { cascade_session_append_heights(c.handle, 0, [5], 1) }
    cascade_viewport_refresh(v.handle)
    #expect(v.appeared.count == 100 && v.disappeared.isEmpty && v.moved.isEmpty)
    cascade_session_update_heights(c.handle, 0, 0, [120], 1)
    cascade_session_set_width(c.handle, 280)
    cascade_viewport_refresh(v.handle)
    #expect(v.appeared.isEmpty)
    #expect(v.disappeared.map(\.item) == [101, 102, 103, 104])
    #expect(v.moved.count == 101 && v.moved.allSatisfy { $0.from.item == $0.to.item })

    // reset: everything in the rect appears again.
    cascade_viewport_reset(v.handle)
    #expect(v.visible.isEmpty)
    cascade_viewport_refresh(v.handle)
    #expect(v.appeared.count == 101 && v.disappeared.isEmpty)
  }
}
