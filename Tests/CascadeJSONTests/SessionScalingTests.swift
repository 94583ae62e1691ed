// Every session request costs time linear in its line and in what it touches: a million items
// appended in one request, then 200,000 inserted, replaced and deleted among them, a document of 100,000 sections and the
// requests on it, pages with an absurd limit, objects with many keys, deep nesting and long
// strings. The bounds are generous (a debug build under ASan on the 2-core build machine takes a
// tenth of them); a quadratic case at these sizes takes hours.

import Cascade
import CascadeJSON
import Testing

@Suite(.serialized) struct SessionScalingTests {
  static let bound = Duration.seconds(60)

  /// Answers `line`, checking that it took less than `bound`; returns the response.
  @discardableResult
  func timed(
    _ session: inout CascadeSession, _ line: [UInt8], bound: Duration = bound,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    var response = ""
    let elapsed = ContinuousClock().measure { response = session.respond(to: line) }
    #expect(elapsed < bound, "\(line.count) bytes took \(elapsed): \(response.prefix(200))", sourceLocation: sourceLocation)
    return response
  }

  func timed(_ session: inout CascadeSession, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    timed(&session, Array(line.utf8), sourceLocation: sourceLocation)
  }

  /// `count` items of every form, as the text of a JSON array.
  static func items(_ count: Int, seed: Int = 0) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    bytes.reserveCapacity(count * 12)
    for i in 0..<count {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      let h = (i &* 7919 &+ seed) % 300 + 20
      switch i % 5 {
      case 0, 1, 2: bytes += Array("\(h)".utf8)
      case 3: bytes += Array(#"{"height":\#(h)}"#.utf8)
      default: bytes += Array(#"{"size":[4,\#(h % 7 + 1)]}"#.utf8)
      }
    }
    bytes.append(UInt8(ascii: "]"))
    return bytes
  }

  static func contentHeight(_ response: String) -> Double? {
    guard case .object(let members)? = try? JSONParser.parse(Array(response.utf8)),
          members.first?.value == .bool(true),
          case .array(let size)? = members.first(where: { $0.key == "contentSize" })?.value,
          size.count == 2, case .number(let height) = size[1] else { return nil }
    return height
  }

  @Test func appendAMillionItemsThenInsertUpdateAndDeleteInThem() {
    var session = CascadeSession()
    _ = timed(&session, #"{"op":"load","collection":{"width":390,"layout":{"columns":3},"sections":[{"items":[]},{"items":[1,2]}]}}"#)
    let million = Self.items(1_000_000)
    let append = timed(&session, Array(#"{"op":"append","section":0,"items":"#.utf8) + million + [UInt8(ascii: "}")])
    #expect(Self.contentHeight(append) != nil, "\(append.prefix(200))")
    #expect(session.layout?.numberOfItems(inSection: 0) == 1_000_000)
    let insert = timed(&session, Array(#"{"op":"insert","section":0,"at":0,"items":"#.utf8) + Self.items(200_000, seed: 3) + [UInt8(ascii: "}")])
    #expect(Self.contentHeight(insert) != nil)
    let update = timed(&session, Array(#"{"op":"update","section":0,"at":500000,"items":"#.utf8) + Self.items(200_000, seed: 5) + [UInt8(ascii: "}")])
    #expect(Self.contentHeight(update) != nil)
    #expect(session.layout?.numberOfItems(inSection: 0) == 1_200_000)
    _ = timed(&session, #"{"op":"frame","section":0,"item":1199999}"#)
    let delete = timed(&session, #"{"op":"delete","section":0,"at":0,"count":1199999}"#)
    #expect(Self.contentHeight(delete) != nil)
    #expect(session.layout?.numberOfItems(inSection: 0) == 1)
    // 200,000 items of which the last is invalid: refused after reading them all, unchanged.
    var bad = Self.items(199_999)
    bad.removeLast()
    bad += Array(#",{"height":-1}]"#.utf8)
    let refused = timed(&session, Array(#"{"op":"append","section":1,"items":"#.utf8) + bad + [UInt8(ascii: "}")])
    #expect(refused == #"{"ok":false,"error":"items[199999].height: must be >= 0"}"#)
    #expect(session.layout?.numberOfItems(inSection: 1) == 2)
  }

  @Test func aDocumentOf100kSections() {
    var session = CascadeSession()
    var document = Array(#"{"op":"load","collection":{"width":390,"layout":{"columns":2,"header":10},"sections":["#.utf8)
    for s in 0..<100_000 {
      if s > 0 { document.append(UInt8(ascii: ",")) }
      document += Array((s % 10 == 0 ? #"{"footer":5,"columns":3,"items":[20,30,40]}"# : #"{"items":[20,30]}"#).utf8)
    }
    document += Array("]}}".utf8)
    let loaded = timed(&session, document)
    guard let height = Self.contentHeight(loaded) else { Issue.record("load failed: \(loaded.prefix(200))"); return }
    // The whole content in one query, one page with an absurd limit, and the whole layout.
    let all = timed(&session, #"{"op":"query","rect":[0,0,390,\#(height)]}"#)
    #expect(all.hasPrefix(#"{"ok":true,"elements":[{"section":0,"kind":"header""#))
    let page = timed(&session, #"{"op":"page","rect":[0,0,390,\#(height)],"limit":9007199254740992}"#)
    #expect(page.hasSuffix(#""next":null}"#))
    #expect(page.utf8.count == all.utf8.count + #","next":null"#.utf8.count)
    let layout = timed(&session, #"{"op":"layout"}"#)
    #expect(layout.hasPrefix(#"{"ok":true,"contentSize":[390,"#))
    // Requests deep in the collection, and changes that touch every section's origin.
    _ = timed(&session, #"{"op":"point","point":[10,\#(height - 1)]}"#)
    #expect(timed(&session, #"{"op":"frame","section":99999,"item":1}"#).hasPrefix(#"{"ok":true,"frame""#))
    #expect(Self.contentHeight(timed(&session, #"{"op":"deleteSection","at":0}"#)) != nil)
    #expect(Self.contentHeight(timed(&session, #"{"op":"insertSection","at":50000,"section":{"items":[1,2,3]}}"#)) != nil)
    #expect(Self.contentHeight(timed(&session, #"{"op":"width","width":600}"#)) != nil)
    #expect(Self.contentHeight(timed(&session, #"{"op":"append","section":99999,"items":[5]}"#)) != nil)
    #expect(session.layout?.numberOfSections == 100_000)
  }

  @Test func aPageWithAnAbsurdLimitCostsWhatItReturns() {
    var session = CascadeSession()
    _ = timed(&session, Array(#"{"op":"load","collection":{"width":390,"sections":[{"items":"#.utf8) + Self.items(200_000) + Array("}]}}".utf8))
    // 2^53 and a small rect: a few elements, no buffer of the limit's size.
    for _ in 0..<1000 {
      let page = timed(&session, Array(#"{"op":"page","rect":[0,1000,390,200],"limit":9007199254740992}"#.utf8), bound: .seconds(1))
      #expect(page.hasSuffix(#""next":null}"#))
    }
  }

  @Test func objectsWithManyKeysAreRefusedInLinearTime() {
    var session = CascadeSession()
    func object(_ prefix: String, keys: Int, _ suffix: String) -> [UInt8] {
      var bytes = Array(prefix.utf8)
      bytes.reserveCapacity(keys * 14)
      for i in 0..<keys { bytes += Array(#","k\#(i)":\#(i)"#.utf8) }
      return bytes + Array(suffix.utf8)
    }
    #expect(timed(&session, object(#"{"op":"layout""#, keys: 200_000, "}")) == #"{"ok":false,"error":"k0: unknown key"}"#)
    let load = #"{"op":"load","collection":{"width":390,"sections":[{"items":[1]}]}}"#
    #expect(timed(&session, load) == #"{"ok":true,"contentSize":[390,1]}"#)
    #expect(timed(&session, object(#"{"op":"load","collection":{"width":390,"layout":{"columns":2"#, keys: 200_000, "}}}"))
      == #"{"ok":false,"error":"collection.layout.k0: unknown key"}"#)
    #expect(timed(&session, object(#"{"op":"append","section":0,"items":[{"height":1"#, keys: 200_000, "}]}"))
      == #"{"ok":false,"error":"items[0].k0: unknown key"}"#)
    #expect(timed(&session, object(#"{"op":"insertSection","at":0,"section":{"items":[]"#, keys: 200_000, "}}"))
      == #"{"ok":false,"error":"section.k0: unknown key"}"#)
    #expect(session.layout?.numberOfSections == 1)
  }

  @Test func deepNestingAndLongStringsInRequests() {
    var session = CascadeSession()
    let deep = #"{"op":"load","collection":"# + String(repeating: "[", count: 1_000_000)
    #expect(timed(&session, deep).hasPrefix(#"{"ok":false,"error":"invalid JSON at line 1, column "#))
    let op = String(repeating: #"\u00e9\n"#, count: 300_000)
    let response = timed(&session, #"{"op":"\#(op)"}"#)
    #expect(response.hasPrefix(#"{"ok":false,"error":"op: unknown op 'é\n"#))
    #expect(response.utf8.count > 900_000)
    let cursor = String(repeating: "9", count: 1_000_000)
    _ = timed(&session, #"{"op":"load","collection":{"width":10}}"#)
    #expect(timed(&session, #"{"op":"page","rect":[0,0,1,1],"limit":1,"cursor":"\#(cursor)"}"#)
      == #"{"ok":false,"error":"cursor: not a cursor of this query (malformed)"}"#)
  }
}
