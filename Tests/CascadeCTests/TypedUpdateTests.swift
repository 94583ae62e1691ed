import Cascade
import CascadeCHeader
import CascadeJSON
import Testing

/// A typed update has the effect and the error message of its JSON twin.
@Suite struct TypedUpdateTests {
  /// One random update, as a typed call on `typed` and as a JSON line for `viaJSON`.
  struct Update {
    var line: String
    var call: (OpaquePointer) -> Int32
  }

  /// A random item in the three typed forms the update will use.
  enum Form: CaseIterable { case heights, sizes, items }

  func randomUpdate(_ rng: inout SplitMix64, sections: Int, items: (Int) -> Int) -> Update {
    // Mostly valid indices, sometimes one past, sometimes far off or negative.
    func index(_ count: Int) -> Int {
      rng.chance(0.85) ? rng.int(0...max(0, count)) : [-1, count + 1, count + 5, Int(Int32.max)][rng.int(0...3)]
    }
    let s = index(sections - 1)
    let n = items(s)
    let k = rng.int(0...4)
    let form = Form.allCases[rng.int(0...2)]
    // Values: valid mostly, a negative height or a zero width sometimes.
    var numbers: [Double] = []
    var cItems: [cascade_item] = []
    var jsonItems: [String] = []
    for _ in 0..<k {
      let bad = rng.chance(0.05)
      let h = bad ? -1 : Double(rng.int(0...300)) + [0, 0.5, 0.125][rng.int(0...2)]
      switch form {
      case .heights:
        numbers.append(h); jsonItems.append(json(h))
      case .sizes:
        let w = bad ? 0 : Double(rng.int(1...900)) / 3
        numbers += [w, abs(h)]
        jsonItems.append(#"{"size":[\#(json(w)),\#(json(abs(h)))]}"#)
      case .items:
        let span = [0, 0, 0, 1, 2, 3, Int(CASCADE_SPAN_FULL), bad ? -3 : 1][rng.int(0...7)]
        let w = rng.chance(0.5) ? 0 : Double(rng.int(1...9))
        cItems.append(cascade_item(width: w, height: h, span: Int32(span)))
        let spanJSON = span == 0 ? "" : span == Int(CASCADE_SPAN_FULL) ? #","span":"full""# : #","span":\#(span)"#
        jsonItems.append(w == 0 ? #"{"height":\#(json(h))\#(spanJSON)}"# : #"{"size":[\#(json(w)),\#(json(h))]\#(spanJSON)}"#)
      }
    }
    let list = "[" + jsonItems.joined(separator: ",") + "]"
    let (s64, count) = (Int64(s), k)
    func typed(
      _ heights: @escaping (OpaquePointer, UnsafePointer<Double>?, Int) -> Int32,
      _ sizes: @escaping (OpaquePointer, UnsafePointer<Double>?, Int) -> Int32,
      _ items: @escaping (OpaquePointer, UnsafePointer<cascade_item>?, Int) -> Int32
    ) -> (OpaquePointer) -> Int32 {
      { [numbers, cItems] handle in
        switch form {
        case .heights: numbers.withUnsafeBufferPointer { heights(handle, $0.baseAddress, count) }
        case .sizes: numbers.withUnsafeBufferPointer { sizes(handle, $0.baseAddress, count) }
        case .items: cItems.withUnsafeBufferPointer { items(handle, $0.baseAddress, count) }
        }
      }
    }
    let at = Int64(index(n))
    switch rng.int(0...7) {
    case 0, 1:
      return Update(line: #"{"op":"append","section":\#(s),"items":\#(list)}"#, call: typed(
        { cascade_session_append_heights($0, s64, $1, $2) }, { cascade_session_append_sizes($0, s64, $1, $2) },
        { cascade_session_append_items($0, s64, $1, $2) }))
    case 2:
      return Update(line: #"{"op":"insert","section":\#(s),"at":\#(at),"items":\#(list)}"#, call: typed(
        { cascade_session_insert_heights($0, s64, at, $1, $2) }, { cascade_session_insert_sizes($0, s64, at, $1, $2) },
        { cascade_session_insert_items($0, s64, at, $1, $2) }))
    case 3:
      return Update(line: #"{"op":"update","section":\#(s),"at":\#(at),"items":\#(list)}"#, call: typed(
        { cascade_session_update_heights($0, s64, at, $1, $2) }, { cascade_session_update_sizes($0, s64, at, $1, $2) },
        { cascade_session_update_items($0, s64, at, $1, $2) }))
    case 4:
      let c = Int64(rng.chance(0.9) ? rng.int(0...3) : -1)
      return Update(line: #"{"op":"delete","section":\#(s),"at":\#(at),"count":\#(c)}"#) {
        cascade_session_delete_items($0, s64, at, c)
      }
    case 5:
      if form == .items {
        return Update(line: #"{"op":"insertSection","at":\#(s),"section":{"items":\#(list)}}"#) { handle in
          cItems.withUnsafeBufferPointer { cascade_session_insert_section(handle, s64, $0.baseAddress, count) }
        }
      }
      return Update(line: #"{"op":"deleteSection","at":\#(s)}"#) { cascade_session_delete_section($0, s64) }
    default:
      let w = rng.chance(0.9) ? Double(rng.int(50...600)) + 0.5 : -5
      return Update(line: #"{"op":"width","width":\#(json(w))}"#) { cascade_session_set_width($0, w) }
    }
  }

  /// Random updates, valid and invalid, applied typed to one session and as JSON to another:
  /// the same status, the same message, the same layout to the byte after each.
  @Test func typedUpdatesHaveTheirJSONTwinsEffect() throws {
    var rng = SplitMix64(seed: 21)
    var applied = 0, refused = 0
    for round in 0..<60 {
      let typed = CSession(), viaJSON = CSession()
      let load = #"{"op":"load","collection":\#(randomDocument(&rng))}"#
      typed.respond(load)
      viaJSON.respond(load)
      for step in 0..<25 {
        let sections = Int(cascade_session_section_count(typed.handle))
        let update = randomUpdate(&rng, sections: sections) { Int(cascade_session_item_count(typed.handle, Int64($0))) }
        let status = update.call(typed.handle)
        let response = try viaJSON.json(update.line)
        if response["ok"] == .bool(true) {
          #expect(status == CASCADE_OK, "round \(round) step \(step): \(update.line): \(typed.lastError)")
          applied += 1
        } else {
          #expect(status != CASCADE_OK, "round \(round) step \(step): \(update.line)")
          #expect(response["error"] == .string(typed.lastError), "\(update.line)")
          refused += 1
        }
        #expect(typed.respond(#"{"op":"layout"}"#) == viaJSON.respond(#"{"op":"layout"}"#), "round \(round) step \(step): \(update.line)")
        #expect(typed.generation == viaJSON.generation)
      }
    }
    #expect(applied > 800 && refused > 100)
  }

  /// The steps of a chunked load: typed appends build the layout a single JSON load builds.
  @Test func chunkedTypedAppendsBuildTheLoadedLayout() throws {
    var rng = SplitMix64(seed: 22)
    let sizes = (0..<5000).flatMap { _ in [Double(rng.int(100...900)), Double(rng.int(100...1200))] }
    let typed = CSession()
    typed.respond(#"{"op":"load","collection":{"width":1024,"layout":{"minColumnWidth":220,"columnSpacing":8,"itemSpacing":8},"sections":[{}]}}"#)
    for start in stride(from: 0, to: 5000, by: 1024) {
      let n = min(1024, 5000 - start)
      let status = sizes.withUnsafeBufferPointer { cascade_session_append_sizes(typed.handle, 0, $0.baseAddress! + 2 * start, n) }
      #expect(status == CASCADE_OK)
    }
    let items = (0..<5000).map { #"{"size":[\#(json(sizes[2 * $0])),\#(json(sizes[2 * $0 + 1]))]}"# }.joined(separator: ",")
    let loaded = CSession()
    loaded.respond(#"{"op":"load","collection":{"width":1024,"layout":{"minColumnWidth":220,"columnSpacing":8,"itemSpacing":8},"sections":[{"items":[\#(items)]}]}}"#)
    #expect(typed.respond(#"{"op":"layout"}"#) == loaded.respond(#"{"op":"layout"}"#))
  }
}
