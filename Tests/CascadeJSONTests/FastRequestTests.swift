// The session's fast path for `page` requests and its cursor writer, against the general path:
// a line the fast path accepts must decode to the same request by the general parser and
// `SessionRequest(json:)`; anything else goes to the general path, which words every error.

import Cascade
@testable import CascadeJSON
import Testing

@Suite struct FastRequestTests {
  /// The request the general path decodes, or its error.
  static func general(_ line: [UInt8]) -> Result<SessionRequest, JSONError> {
    do throws(JSONError) { return .success(try SessionRequest(json: JSONParser.parse(line))) } catch { return .failure(error) }
  }

  /// Fails unless the fast path gives up on `line` or agrees with the general path.
  static func checkAgrees(_ line: [UInt8], _ context: String) {
    guard let fast = SessionRequest.fastPage(line) else { return }
    switch general(line) {
    case .success(let request): #expect(request == fast, "\(context): \(String(decoding: line, as: UTF8.self))")
    case .failure(let error): Issue.record("\(context): fast path accepted what the general path refuses (\(error)): \(String(decoding: line, as: UTF8.self))")
    }
  }

  @Test func acceptsPageRequestsInEveryShape() {
    let rect = Rect(x: 0, y: 1234.5, width: 1024, height: 844)
    let lines: [(String, SessionRequest)] = [
      (#"{"op":"page","rect":[0,1234.5,1024,844],"limit":50}"#, .page(rect, limit: 50, cursor: nil)),
      (#"{"limit":50,"rect":[0,1234.5,1024,844],"op":"page"}"#, .page(rect, limit: 50, cursor: nil)),
      (" \t{ \"rect\" : [ 0 , 1234.5 , 1024 , 844 ] ,\r\n\"op\":\"page\" , \"limit\" : 50.0 }\n ", .page(rect, limit: 50, cursor: nil)),
      (#"{"op":"page","rect":[0,12345e-1,1.024e3,844],"limit":5e1,"cursor":null}"#, .page(rect, limit: 50, cursor: nil)),
      (#"{"op":"page","rect":[-0,1234.5,1024,844],"limit":1,"cursor":"0.i3.00ff"}"#, .page(Rect(x: -0.0, y: 1234.5, width: 1024, height: 844), limit: 1, cursor: "0.i3.00ff")),
      (#"{"\u006fp":"p\u0061ge","rect":[0,1234.5,1024,844],"limit":9007199254740992}"#, .page(rect, limit: 1 << 53, cursor: nil)),
      (#"{"op":"page","cursor":"é\n\"","rect":[5e-324,1e308,1024,844],"limit":2}"#, .page(Rect(x: .leastNonzeroMagnitude, y: 1e308, width: 1024, height: 844), limit: 2, cursor: "é\n\"")),
    ]
    for (text, expected) in lines {
      let line = Array(text.utf8)
      #expect(SessionRequest.fastPage(line) == expected, "\(text)")
      #expect(Self.general(line) == .success(expected), "\(text)")
    }
  }

  /// Lines the general path refuses, or that are not `page` requests: the fast path leaves them
  /// all to it, so their answers (and error messages) are the general path's.
  @Test func leavesEverythingElseToTheGeneralPath() {
    let lines = [
      #"{"op":"page","op":"page","rect":[0,0,1,1],"limit":5}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":5,"limit":5}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":5,"cursor":null,"cursor":null}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":5,"extra":1}"#,
      #"{"op":"page","rect":[0,0,1,1]}"#,
      #"{"rect":[0,0,1,1],"limit":5}"#,
      #"{"op":"query","rect":[0,0,1,1]}"#,
      #"{"op":"pages","rect":[0,0,1,1],"limit":5}"#,
      #"{"op":"page","rect":[0,0,1],"limit":5}"#,
      #"{"op":"page","rect":[0,0,1,1,1],"limit":5}"#,
      #"{"op":"page","rect":[0,1e400,1,1],"limit":5}"#,
      #"{"op":"page","rect":[0,-1e400,1,1],"limit":5}"#,
      #"{"op":"page","rect":[0,true,1,1],"limit":5}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":0}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":-0}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":2.5}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":9007199254740994}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":1e400}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":"5"}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":5,"cursor":7}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":5,"cursor":nul}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":5}x"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":5,}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":05}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":5"#,
      "\u{FEFF}" + #"{"op":"page","rect":[0,0,1,1],"limit":5}"#,
      #"["op","page"]"#, "", " ", "{}",
    ]
    for text in lines {
      let line = Array(text.utf8)
      #expect(SessionRequest.fastPage(line) == nil, "\(text)")
    }
    // The BOM line is valid: the general path reads it.
    #expect(Self.general(Array(lines[25].utf8)) == .success(.page(Rect(x: 0, y: 0, width: 1, height: 1), limit: 5, cursor: nil)))
  }

  /// Seeded random page requests (keys shuffled, whitespace, numbers of every form), then each
  /// mutated byte by byte: whenever the fast path accepts a line, the general path decodes the
  /// same request.
  @Test func randomAndMutatedLinesAgree() {
    let seed = UInt64.random(in: 0 ... .max)
    var random = SplitMix64(seed: seed)
    let numbers = ["0", "-0", "1", "50", "50.0", "5e1", "1e308", "5e-324", "1e400", "-1e400", "9007199254740991",
                   "9007199254740992", "9007199254740993", "9223372036854775807", "-9223372036854775808",
                   "0.1", "1234.5", "-12.0625", "1.7976931348623157e308", "2.5", "00", "1.", "-", "1e", "true", "null", "\"1\""]
    let spaces = ["", " ", "\t", "\n", "\r\n", "  "]
    let pool = Array(#"{}[],:" \-+.0123456789eEnulltrue"#.utf8) + [0x00, 0x7F, 0xC3, 0xA9, 0xEF]
    var accepted = 0, total = 0
    for _ in 0..<3000 {
      func ws() -> String { spaces[Int(random.next() % UInt64(spaces.count))] }
      func number() -> String {
        random.next() % 3 == 0 ? numbers[Int(random.next() % UInt64(numbers.count))] : String(Double(Int(random.next() % 100_000)) / 8)
      }
      var members = [
        "\"op\"\(ws()):\(ws())\"page\"",
        "\"rect\":\(ws())[\(number()),\(ws())\(number())\(ws()),\(number()),\(number())\(ws())]",
        "\"limit\":\(ws())\(random.next() % 4 == 0 ? number() : String(random.next() % 100 + 1))",
      ]
      switch random.next() % 4 {
      case 0: members.append("\"cursor\":null")
      case 1: members.append("\"cursor\":\"0.i\(random.next() % 50).\(String(random.next(), radix: 16))\"")
      default: break
      }
      members.shuffle(using: &random)
      var line = Array("\(ws()){\(ws())\(members.joined(separator: "\(ws()),\(ws())"))\(ws())}\(ws())".utf8)
      total += 1
      if SessionRequest.fastPage(line) != nil { accepted += 1 }
      Self.checkAgrees(line, "seed \(seed)")
      for _ in 0..<8 {
        let i = Int(random.next() % UInt64(line.count + 1))
        switch random.next() % 4 {
        case 0 where i < line.count: line.remove(at: i)
        case 1 where i < line.count: line[i] = pool[Int(random.next() % UInt64(pool.count))]
        case 2: line.insert(pool[Int(random.next() % UInt64(pool.count))], at: i)
        default:
          let j = Int(random.next() % UInt64(line.count + 1))
          line.insert(contentsOf: line[Swift.min(i, j)..<Swift.max(i, j)], at: Swift.max(i, j))
        }
        total += 1
        Self.checkAgrees(line, "seed \(seed)")
      }
    }
    // The fast path does take the well-formed lines (a third of the numbers drawn are odd ones).
    #expect(accepted > 300, "seed \(seed): the fast path accepted \(accepted) of the unmutated lines")
    #expect(total == 27_000)
  }

  /// The session answers through the fast path exactly as through the general one: the same
  /// bytes for each line, pages, cursors and errors alike.
  @Test func sessionAnswersAsTheGeneralPath() throws {
    var session = CascadeSession()
    let items = (0..<300).map { String(40 + $0 * 37 % 200) }.joined(separator: ",")
    let load = #"{"op":"load","collection":{"width":1024,"sections":[{"items":[\#(items)],"header":30},{"items":[{"height":55,"id":"é\"x"},{"height":60,"id":-9007199254740991}]}]}}"#
    #expect(session.respond(to: Array(load.utf8)).hasPrefix(#"{"ok":true"#))
    guard let layout = session.layout else { Issue.record("not loaded"); return }
    var reference = session
    var y = 0.0
    var cursor: String?
    var checked = 0
    while checked < 200 {
      let cursorText = cursor.map { ",\"cursor\":\"\($0)\"" } ?? ""
      let line = Array(#"{"op":"page","rect":[0,\#(JSONWriter.format(y)),1024,844],"limit":7\#(cursorText)}"#.utf8)
      #expect(SessionRequest.fastPage(line) != nil)
      let answer = session.respond(to: line)
      // The general path, by hand: the request decoded from the tree, then the same handler.
      var writer = JSONWriter()
      writer.beginObject()
      writer.key("ok"); writer.bool(true)
      try reference.handle(SessionRequest(json: JSONParser.parse(line)), into: &writer)
      writer.endObject()
      #expect(answer == writer.text)
      checked += 1
      if let range = answer.range(of: #""next":""#) {
        cursor = String(answer[range.upperBound...].prefix { $0 != "\"" })
      } else {
        cursor = nil
        y += 97.25
        if y > layout.contentSize.height { y = 0 }
      }
    }
    // A page ending on an item with an id writes the id in the cursor.
    let last = Array(#"{"op":"page","rect":[0,0,1024,1e9],"limit":302}"#.utf8)
    #expect(session.respond(to: last).contains(#""next":"1.i0."#))
    #expect(session.respond(to: last).hasSuffix(".s\(Array("é\"x".utf8).map { String($0, radix: 16) }.joined())\"}"))
  }

  /// The cursor written into bytes is the token as it was made before, from `String`s.
  @Test func cursorBytesAsBefore() {
    var random = SplitMix64(seed: 5)
    let ids: [ItemID?] = [nil, .int(0), .int(-9_007_199_254_740_991), .int(9_007_199_254_740_991), .int(-7), .string(""), .string("é\"x\u{1}"), .string("abc")]
    for _ in 0..<500 {
      let rect = Rect(x: Double(random.next() % 100), y: Double(bitPattern: random.next() >> 2), width: 390, height: 844)
      let kinds: [ElementKind] = [.header, .item, .footer]
      let after = ElementPath(kind: kinds[Int(random.next() % 3)], section: Int(random.next() % 1_000_000), item: Int(random.next() % 10_000_000))
      let id = ids[Int(random.next() % UInt64(ids.count))]
      let cursor = PageCursor(rect: rect, after: after, id: after.kind == .item ? id : nil)
      var bytes: [UInt8] = Array("x".utf8)
      cursor.writeToken(into: &bytes)
      #expect(String(decoding: bytes.dropFirst(), as: UTF8.self) == cursor.token)
      #expect(cursor.token == Self.oldToken(cursor, check: Self.checkValue(of: cursor.token)))
      #expect((try? PageCursor(token: cursor.token, rect: rect, at: .root)) == cursor)
    }
    // Hand-written: section, kind letter, item, 16 hex digits with leading zeros, the id.
    let token = PageCursor(rect: Rect(x: 0, y: 0, width: 1, height: 1), after: .item(17, section: 3), id: .string("é")).token
    #expect(token.hasPrefix("3.i17.") && token.hasSuffix(".sc3a9") && token.count == 6 + 16 + 6)
  }

  /// The check value in a token: its third part.
  static func checkValue(of token: String) -> UInt64 {
    UInt64(token.split(separator: ".", omittingEmptySubsequences: false)[2], radix: 16) ?? 0
  }

  /// The token as `PageCursor.token` built it before it wrote bytes, given its check value.
  static func oldToken(_ cursor: PageCursor, check value: UInt64) -> String {
    let kind = switch cursor.after.kind { case .header: "h"; case .item: "i"; case .footer: "f" }
    let check = String(value, radix: 16)
    var token = "\(cursor.after.section).\(kind)\(cursor.after.item).\(String(repeating: "0", count: 16 - check.count))\(check)"
    switch cursor.id {
    case nil: break
    case .int(let v): token += ".n\(v)"
    case .string(let s):
      let hex = Array("0123456789abcdef")
      token += ".s"
      for b in s.utf8 { token.append(hex[Int(b >> 4)]); token.append(hex[Int(b & 15)]) }
    }
    return token
  }
}
