import Cascade
import CascadeJSON
import Testing

/// `CascadeSession` in process, as a Swift server would use it.
@Suite struct CascadeSessionTests {
  func respond(_ session: inout CascadeSession, _ line: String) throws -> JSONValue {
    try JSONParser.parse(Array(session.respond(to: Array(line.utf8)).utf8))
  }

  /// A random document: 1...4 sections with random overrides and 0...30 items of every form.
  func randomDocument(_ rng: inout some RandomNumberGenerator) -> String {
    let sections = (0..<Int.random(in: 1...4, using: &rng)).map { _ -> String in
      let items = (0..<Int.random(in: 0...30, using: &rng)).map { _ -> String in
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: "\(Int.random(in: 0...120, using: &rng))"
        case 1: #"{"height":\#(Double(Int.random(in: 0...400, using: &rng)) / 4)}"#
        case 2: #"{"size":[\#(Int.random(in: 1...9, using: &rng)),\#(Int.random(in: 0...9, using: &rng))]}"#
        case 3: #"{"height":\#(Int.random(in: 1...60, using: &rng)),"span":\#(Int.random(in: 1...4, using: &rng))}"#
        default: #"{"height":\#(Int.random(in: 1...60, using: &rng)),"span":"full"}"#
        }
      }
      return #"{"columns":\#(Int.random(in: 1...4, using: &rng)),"header":\#([0, 0, 30].randomElement(using: &rng) ?? 0),"# +
        #""footer":\#([0, 12].randomElement(using: &rng) ?? 0),"tolerance":\#([0, 5].randomElement(using: &rng) ?? 0),"items":[\#(items.joined(separator: ","))]}"#
    }
    return #"{"width":\#(Int.random(in: 100...400, using: &rng)),"sections":[\#(sections.joined(separator: ","))]}"#
  }

  /// Walking the pages of a rect query, at any limit, gives exactly the query's answer.
  @Test func pagesConcatenateToTheQuery() throws {
    var rng = SystemRandomNumberGenerator()
    for round in 0..<60 {
      var session = CascadeSession()
      let document = randomDocument(&rng)
      _ = try respond(&session, #"{"op":"load","collection":\#(document)}"#)
      let height = session.layout?.contentSize.height ?? 0
      let y = Double.random(in: -50...(height + 10), using: &rng).rounded()
      let rect = "[\(Int.random(in: -20...200, using: &rng)),\(y),\(Int.random(in: 0...300, using: &rng)),\(Int.random(in: 0...400, using: &rng))]"
      let query = try respond(&session, #"{"op":"query","rect":\#(rect)}"#)
      let limit = Int.random(in: 1...4, using: &rng)
      var collected: [JSONValue] = []
      var cursor = "null"
      for _ in 0..<1000 {
        let page = try respond(&session, #"{"op":"page","rect":\#(rect),"limit":\#(limit),"cursor":\#(cursor)}"#)
        guard case .array(let elements)? = page["elements"] else { Issue.record("\(page)"); break }
        #expect(elements.count <= limit)
        collected += elements
        guard case .string(let next)? = page["next"] else { break }
        #expect(elements.count == limit)
        cursor = "\"\(next)\""
      }
      #expect(JSONValue.array(JSONArray(collected)) == query["elements"], "round \(round): \(document) rect \(rect) limit \(limit)")
    }
  }

  @Test func aRejectedRequestLeavesTheLayoutAsItWas() throws {
    var session = CascadeSession()
    _ = try respond(&session, #"{"op":"load","collection":{"width":100,"sections":[{"items":[10,20,30]},{"items":[5]}]}}"#)
    let before = try respond(&session, #"{"op":"layout"}"#)
    for line in [
      #"{"op":"append","section":0,"items":[1,2,-3]}"#,
      #"{"op":"insert","section":1,"at":2,"items":[1]}"#,
      #"{"op":"delete","section":0,"at":2,"count":2}"#,
      #"{"op":"update","section":1,"at":0,"items":[1,2]}"#,
      #"{"op":"insertSection","at":0,"section":{"columns":2,"minColumnWidth":3}}"#,
      #"{"op":"deleteSection","at":2}"#,
      #"{"op":"width","width":-1}"#,
      #"{"op":"append","section":1,"items":[1e308,1e308,1e308,1e308]}"#,
    ] {
      let response = try respond(&session, line)
      #expect(response["ok"] == .bool(false), "\(line)")
      #expect(try respond(&session, #"{"op":"layout"}"#) == before, "\(line)")
    }
  }

  /// The core checks every index once; the session names the request's key for what it rejects,
  /// including ranges no section could hold.
  @Test func indexErrorsNameTheRequestKey() throws {
    var session = CascadeSession()
    _ = try respond(&session, #"{"op":"load","collection":{"width":100,"sections":[{"items":[10,20,30]}]}}"#)
    let cases: [(String, String)] = [
      (#"{"op":"delete","section":0,"at":1,"count":-1}"#, "count: must be >= 0"),
      (#"{"op":"delete","section":0,"at":-1,"count":1}"#, "at: index -1 out of range (0..<4)"),
      (#"{"op":"delete","section":0,"at":2,"count":5}"#, "count: must be in 0...1 (items 2..<3 follow 'at')"),
      (#"{"op":"update","section":0,"at":9007199254740991,"items":[1]}"#, "at: index 9007199254740991 out of range (0..<4)"),
      (#"{"op":"insert","section":3,"at":0,"items":[1]}"#, "section: index 3 out of range (0..<1)"),
      (#"{"op":"insertSection","at":2,"section":{}}"#, "at: index 2 out of range (0..<2)"),
      (#"{"op":"deleteSection","at":-4}"#, "at: index -4 out of range (0..<1)"),
    ]
    for (line, message) in cases {
      let response = try respond(&session, line)
      #expect(response["ok"] == .bool(false) && response["error"] == .string(message), "\(line): \(response)")
    }
  }

  @Test func aCursorSurvivesAChange() throws {
    var session = CascadeSession()
    _ = try respond(&session, #"{"op":"load","collection":{"width":100,"layout":{"columnSpacing":0,"itemSpacing":0},"sections":[{"items":[10,20,30]}]}}"#)
    let first = try respond(&session, #"{"op":"page","rect":[0,0,100,100],"limit":2}"#)
    guard case .string(let next)? = first["next"] else { Issue.record("\(first)"); return }
    // The first page ended after item 1. A new item 0 makes the items 5, 10, 20, 30: columns
    // 0, 1, 0, 1, at (0,0), (50,0), (0,5), (50,10). The next page continues after item 1.
    _ = try respond(&session, #"{"op":"insert","section":0,"at":0,"items":[5]}"#)
    let second = session.respond(to: Array(#"{"op":"page","rect":[0,0,100,100],"limit":5,"cursor":"\#(next)"}"#.utf8))
    #expect(second == #"{"ok":true,"elements":[{"section":0,"kind":"item","item":2,"frame":[0,5,50,20]},{"section":0,"kind":"item","item":3,"frame":[50,10,50,30]}],"next":null}"#)
  }

  @Test func requestsDecode() throws {
    func request(_ text: String) throws -> SessionRequest { try SessionRequest(json: JSONParser.parse(Array(text.utf8))) }
    #expect(try request(#"{"op":"append","section":1,"items":[3,{"height":4}]}"#) == .append(section: 1, items: [3, .height(4)]))
    #expect(try request(#"{"at":2,"op":"insert","section":0,"items":[]}"#) == .insert(section: 0, at: 2, items: []))
    #expect(try request(#"{"op":"delete","section":0,"at":1,"count":2}"#) == .delete(section: 0, at: 1, count: 2))
    #expect(try request(#"{"op":"update","section":0,"at":1,"items":[{"size":[4,3]}]}"#) == .update(section: 0, at: 1, items: [.size(width: 4, height: 3)]))
    #expect(try request(#"{"op":"insertSection","at":0,"section":{"footer":3}}"#)
      == .insertSection(at: 0, section: WaterfallSection(parameters: WaterfallParameters(footer: 3), items: [])))
    #expect(try request(#"{"op":"deleteSection","at":0}"#) == .deleteSection(at: 0))
    #expect(try request(#"{"op":"width","width":320.5}"#) == .width(320.5))
    #expect(try request(#"{"op":"query","rect":[1,2,3,4]}"#) == .query(Rect(x: 1, y: 2, width: 3, height: 4)))
    #expect(try request(#"{"op":"page","rect":[1,2,3,4],"limit":9}"#) == .page(Rect(x: 1, y: 2, width: 3, height: 4), limit: 9, cursor: nil))
    #expect(try request(#"{"op":"page","rect":[1,2,3,4],"limit":9,"cursor":"c"}"#) == .page(Rect(x: 1, y: 2, width: 3, height: 4), limit: 9, cursor: "c"))
    #expect(try request(#"{"op":"point","point":[5,6]}"#) == .point(Point(x: 5, y: 6)))
    #expect(try request(#"{"op":"frame","section":0,"item":7}"#) == .frame(section: 0, item: 7))
    #expect(try request(#"{"op":"layout"}"#) == .layout)
    #expect(try request(#"{"op":"load","collection":{"width":9}}"#) == .load(CollectionDocument(width: 9)))
  }

  @Test func responsesAreOneLine() {
    var session = CascadeSession()
    let response = session.respond(to: Array("{\"op\":\n\"layout\"}".utf8))
    #expect(response == #"{"ok":false,"error":"op: no collection loaded yet; send a 'load' request first"}"#)
    #expect(session.respond(to: Array("\"\\n\"".utf8)) == #"{"ok":false,"error":"expected an object, got a string"}"#)
  }
}

