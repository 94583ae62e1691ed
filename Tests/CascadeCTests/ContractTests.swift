import Cascade
import CascadeCHeader
import CascadeJSON
import Testing

/// The contract of Docs/Spec/C.md: the C session is `cascade session`'s, and its typed queries give
/// the JSON requests' answers to the bit.
@Suite struct ContractTests {
  /// `cascade_session_respond` answers every line, good or bad, with exactly the bytes of
  /// `CascadeSession.respond(to:)` (the state machine `cascade session` runs).
  @Test func respondIsTheSessionsResponseToTheByte() throws {
    var rng = SplitMix64(seed: 11)
    for round in 0..<40 {
      let c = CSession()
      var swift = CascadeSession()
      var lines = [#"{"op":"query","rect":[0,0,10,10]}"#, #"{"op":"load","collection":\#(randomDocument(&rng))}"#]
      for _ in 0..<30 {
        let s = rng.int(-1...4), i = rng.int(-2...30)
        lines.append([
          #"{"op":"append","section":\#(s),"items":[\#(randomItemJSON(&rng)),\#(randomItemJSON(&rng))]}"#,
          #"{"op":"insert","section":\#(s),"at":\#(i),"items":[\#(randomItemJSON(&rng))]}"#,
          #"{"op":"delete","section":\#(s),"at":\#(i),"count":\#(rng.int(-1...3))}"#,
          #"{"op":"update","section":\#(s),"at":\#(i),"items":[\#(randomItemJSON(&rng))]}"#,
          #"{"op":"insertSection","at":\#(s),"section":{"columns":2,"items":[40,{"size":[3,2]}]}}"#,
          #"{"op":"deleteSection","at":\#(s)}"#,
          #"{"op":"width","width":\#(rng.int(-10...500))}"#,
          #"{"op":"query","rect":[0,\#(rng.int(-10...900)),300,400]}"#,
          #"{"op":"page","rect":[0,0,300,900],"limit":\#(rng.int(0...5))}"#,
          #"{"op":"point","point":[\#(rng.int(0...300)),\#(rng.int(0...900))]}"#,
          #"{"op":"frame","section":\#(s),"item":\#(i)}"#,
          #"{"op":"layout"}"#,
          #"{"op":"fly"}"#, "not json", "", #"{"op":"append","section":0,"items":[-1]}"#,
        ][rng.int(0...15)])
      }
      for line in lines {
        let expected = swift.respond(to: Array(line.utf8))
        let got = c.respond(line)
        #expect(got == expected, "round \(round): \(line)")
        let ok = expected.hasPrefix(#"{"ok":true"#)
        #expect((c.status == CASCADE_OK) == ok, "\(line) -> \(expected), status \(c.status)")
        if !ok, case .string(let message)? = try JSONParser.parse(Array(expected.utf8))["error"] {
          #expect(c.lastError == message)
        } else {
          #expect(c.lastError == "")
        }
      }
    }
  }

  /// The typed rect query returns the elements and frames of `{"op":"query"}`, to the bit, in
  /// the same order, on random collections and rects.
  @Test func typedQueryIsTheJSONQueryToTheBit() throws {
    var rng = SplitMix64(seed: 12)
    var compared = 0
    for round in 0..<150 {
      let c = CSession()
      let document = randomDocument(&rng, maxItems: 60)
      _ = c.respond(#"{"op":"load","collection":\#(document)}"#)
      #expect(c.status == CASCADE_OK)
      for _ in 0..<20 {
        let rect = randomRect(&rng, content: c.contentSize)
        let typed = c.query(rect).map(ElementKey.init)
        let viaJSON = try #require(elementKeys(c.json(#"{"op":"query","rect":\#(json(rect))}"#)))
        #expect(typed == viaJSON, "round \(round): \(document) rect \(json(rect))")
        compared += typed.count
      }
    }
    #expect(compared > 10_000)
  }

  /// The typed point query returns the element of `{"op":"point"}`, or none when it does.
  @Test func typedPointIsTheJSONPointToTheBit() throws {
    var rng = SplitMix64(seed: 13)
    var hits = 0
    for _ in 0..<100 {
      let c = CSession()
      _ = c.respond(#"{"op":"load","collection":\#(randomDocument(&rng))}"#)
      let (w, h) = c.contentSize
      for _ in 0..<40 {
        let x = rng.chance(0.2) ? Double(rng.int(-1...Int(w) + 1)) : rng.uniform(-5, w + 5)
        let y = rng.chance(0.2) ? Double(rng.int(-1...Int(h) + 1)) : rng.uniform(-5, h + 5)
        let typed = c.point(x, y).map(ElementKey.init)
        let response = try c.json(#"{"op":"point","point":[\#(json(x)),\#(json(y))]}"#)
        let viaJSON = response["element"].flatMap { $0 == .null ? nil : ElementKey(json: $0) }
        #expect(typed == viaJSON, "point \(x), \(y)")
        if typed != nil { hits += 1 }
      }
    }
    #expect(hits > 1000)
  }

  /// Content size, frame, counts: the JSON answers again.
  @Test func typedReadersAreTheJSONAnswers() throws {
    var rng = SplitMix64(seed: 14)
    for _ in 0..<40 {
      let c = CSession()
      let loaded = try c.json(#"{"op":"load","collection":\#(randomDocument(&rng))}"#)
      guard case .array(let size)? = loaded["contentSize"], case .number(let w) = size[0], case .number(let h) = size[1] else {
        Issue.record("\(loaded)"); continue
      }
      #expect(c.contentSize.0.bitPattern == w.bitPattern && c.contentSize.1.bitPattern == h.bitPattern)
      guard case .array(let sections)? = try c.json(#"{"op":"layout"}"#)["sections"] else { Issue.record("layout"); continue }
      #expect(cascade_session_section_count(c.handle) == Int64(sections.count))
      for (s, section) in sections.enumerated() {
        guard case .array(let items)? = section["items"] else { continue }
        #expect(cascade_session_item_count(c.handle, Int64(s)) == Int64(items.count))
        for (i, frame) in items.enumerated() {
          var rect = cascade_rect()
          #expect(cascade_session_frame(c.handle, Int64(s), Int64(i), &rect) == CASCADE_OK)
          #expect(frame == .array([.number(rect.x), .number(rect.y), .number(rect.width), .number(rect.height)]))
        }
      }
      // Out of range: the JSON request's message.
      let s = sections.count
      var rect = cascade_rect(x: 7, y: 7, width: 7, height: 7)
      #expect(cascade_session_frame(c.handle, Int64(s), 0, &rect) == CASCADE_ERROR_REJECTED)
      let expected = try c.json(#"{"op":"frame","section":\#(s),"item":0}"#)["error"]
      cascade_session_frame(c.handle, Int64(s), 0, &rect)
      #expect(expected == .string(c.lastError))
      #expect(rect.x == 7)
      #expect(cascade_session_item_count(c.handle, -1) == 0)
    }
  }

  /// A buffer smaller than the answer gets the first answers, nothing past its capacity, and the
  /// count of all of them.
  @Test func aSmallBufferGetsTheFirstAnswersAndTheFullCount() {
    var rng = SplitMix64(seed: 15)
    let c = CSession()
    _ = c.respond(#"{"op":"load","collection":\#(randomDocument(&rng, maxItems: 200))}"#)
    let rect = cascade_rect(x: 0, y: 0, width: 1000, height: 1000)
    let all = c.query(rect)
    #expect(all.count > 10)
    let sentinel = cascade_element(section: 99, kind: 99, item: 99, frame: cascade_rect(x: 9, y: 9, width: 9, height: 9))
    for capacity in [0, 1, 2, 5, all.count - 1, all.count, all.count + 3] {
      var buffer = [cascade_element](repeating: sentinel, count: capacity + 2)
      let total = buffer.withUnsafeMutableBufferPointer { cascade_session_query(c.handle, rect, $0.baseAddress, capacity) }
      #expect(total == all.count)
      let written = min(capacity, all.count)
      #expect(buffer[..<written].map(ElementKey.init) == all[..<written].map(ElementKey.init))
      #expect(buffer[written...].allSatisfy { ElementKey($0) == ElementKey(sentinel) }, "capacity \(capacity)")
      #expect(c.status == CASCADE_OK)
    }
    // The same for the viewport's lists.
    let v = CViewport(c)
    v.set(rect)
    var two = [cascade_element](repeating: sentinel, count: 3)
    let n = two.withUnsafeMutableBufferPointer { cascade_viewport_appeared(v.handle, $0.baseAddress, 2) }
    #expect(n == all.count)
    #expect(two[..<2].map(ElementKey.init) == all[..<2].map(ElementKey.init))
    #expect(ElementKey(two[2]) == ElementKey(sentinel))
  }

  /// A copy answers like the original and changes apart from it.
  @Test func aCopyIsAnIndependentSession() throws {
    var rng = SplitMix64(seed: 16)
    let a = CSession()
    _ = a.respond(#"{"op":"load","collection":\#(randomDocument(&rng))}"#)
    let b = CSession(adopting: try #require(cascade_session_copy(a.handle)))
    #expect(b.respond(#"{"op":"layout"}"#) == a.respond(#"{"op":"layout"}"#))
    #expect(b.generation == a.generation)
    let before = a.respond(#"{"op":"layout"}"#)
    #expect(cascade_session_set_width(b.handle, 123) == CASCADE_OK)
    #expect(a.respond(#"{"op":"layout"}"#) == before)
    #expect(b.contentSize.0 == 123)
    #expect(cascade_session_copy(nil) == nil)
  }
}
