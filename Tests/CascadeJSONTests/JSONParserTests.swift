import Cascade
@testable import CascadeJSON
import Testing

@Suite struct JSONParserTests {
  func parse(_ text: String) throws(JSONError) -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

  func parseError(_ text: String) -> String? {
    do throws(JSONError) {
      _ = try parse(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func values() throws {
    let value = try parse(#" {"a": [1, -2.5, 3e2, 0, -0, true, false, null, "x"], "b": {}, "c": []} "#)
    #expect(value == .object([
      JSONMember(key: "a", value: .array([
        .number(1), .number(-2.5), .number(300), .number(0), .number(-0.0),
        .bool(true), .bool(false), .null, .string("x"),
      ])),
      JSONMember(key: "b", value: .object([])),
      JSONMember(key: "c", value: .array([])),
    ]))
    #expect(value["b"] == .object([]))
    #expect(value["z"] == nil)
  }

  @Test func booleansAreNotNumbers() throws {
    // JSONSerialization on Linux bridges `true` to an NSNumber that `as? Double` reads as 1;
    // this parser keeps them apart, and the readers say which is which.
    #expect(try parse("true") == .bool(true))
    #expect(try parse("1") == .number(1))
    #expect(throws: JSONError(.root.key("w"), "expected a number, got a boolean")) {
      try JSONValue.bool(true).number(at: .root.key("w"))
    }
    #expect(throws: JSONError(.root.key("n"), "expected an integer, got a boolean")) {
      try JSONValue.bool(false).integer(at: .root.key("n"))
    }
  }

  @Test func integers() throws {
    #expect(try JSONValue.number(2).integer(at: .root) == 2)
    #expect(try JSONValue.number(2.0).integer(at: .root) == 2)
    #expect(try parse("2e0").integer(at: .root) == 2)
    #expect(try JSONValue.number(-3).integer(at: .root) == -3)
    #expect(throws: JSONError(.root.key("k"), "expected an integer, got 2.5")) { try JSONValue.number(2.5).integer(at: .root.key("k")) }
    #expect(throws: JSONError(.root.key("k"), "expected an integer, got a non-finite number")) {
      try JSONValue.number(.infinity).integer(at: .root.key("k"))
    }
    #expect(throws: JSONError(.root.key("k"), "integer 1e+20 is too large")) { try JSONValue.number(1e20).integer(at: .root.key("k")) }
  }

  @Test func numbersReadExactly() throws {
    let literals = ["0.1", "123.456", "1e-7", "5e-324", "1.7976931348623157e308", "9007199254740993",
                    "0.30000000000000004", "-12.5", "123456789012345678", "2.2250738585072014e-308", "1E3", "1e+2"]
    for literal in literals {
      #expect(try parse(literal) == .number(Double(literal) ?? .nan), "\(literal)")
    }
    #expect(try parse("1e400") == .number(.infinity))
    #expect(try parse("-1e400") == .number(-.infinity))
  }

  @Test func strings() throws {
    #expect(try parse(#""a\"b\\c\/d\n\t\r\b\f""#) == .string("a\"b\\c/d\n\t\r\u{8}\u{C}"))
    #expect(try parse(#""\u00e9\u4e2d\ud83d\ude00""#) == .string("é中😀"))
    #expect(try parse("\"é中\"") == .string("é中"))
    #expect(try parse(#""\ud83d""#) == .string("\u{FFFD}"))
  }

  @Test func malformedInputNamesLineAndColumn() {
    #expect(parseError("") == "invalid JSON at line 1, column 1: unexpected end of input, expected a value")
    #expect(parseError("[1,]") == "invalid JSON at line 1, column 4: unexpected character ']', expected a value")
    #expect(parseError("[1 2]") == "invalid JSON at line 1, column 4: unexpected character '2', expected ',' or ']'")
    #expect(parseError("{\n  \"a\" 1}") == "invalid JSON at line 2, column 7: unexpected character '1', expected ':'")
    #expect(parseError("{1: 2}") == "invalid JSON at line 1, column 2: unexpected character '1', expected a key string")
    #expect(parseError(#"{"a": 1, "a": 2}"#) == "invalid JSON at line 1, column 10: duplicate key 'a'")
    #expect(parseError("\"abc") == "invalid JSON at line 1, column 5: unexpected end of input inside a string")
    #expect(parseError("\"a\u{1}\"") == "invalid JSON at line 1, column 3: unescaped control character in a string")
    #expect(parseError(#""\x""#) == #"invalid JSON at line 1, column 3: invalid escape '\x' in a string"#)
    #expect(parseError("-") == "invalid JSON at line 1, column 2: unexpected end of input in a number, expected a digit")
    #expect(parseError("1.") == "invalid JSON at line 1, column 3: unexpected end of input in a number, expected a digit")
    #expect(parseError("+1") == "invalid JSON at line 1, column 1: unexpected character '+', expected a value")
    #expect(parseError("Infinity") == "invalid JSON at line 1, column 1: unexpected character 'I', expected a value")
    #expect(parseError("tru") == "invalid JSON at line 1, column 1: unexpected character 't', expected a value")
    #expect(parseError("1 2") == "invalid JSON at line 1, column 3: unexpected character '2' after the JSON value")
    #expect(parseError("\u{1}") == "invalid JSON at line 1, column 1: unexpected byte 0x1, expected a value")
  }

  @Test func nestingIsBounded() throws {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(parseError(deep) == "invalid JSON at line 1, column 513: nesting deeper than 512")
    let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(parseError(fine) == nil)
  }

  // Containers gather their elements on the reader's shared stacks, above those of the
  // containers around them, and move them out at their close: these check that each gets
  // exactly its own.

  @Test func nestedContainersGetTheirOwnElements() throws {
    let value = try parse(#"[[1, [2, 3]], {"a": {"b": [4, {"c": 5}]}, "d": 6}, [], {}, 7, [[]], [{}]]"#)
    #expect(value == .array([
      .array([.number(1), .array([.number(2), .number(3)])]),
      .object([
        JSONMember(key: "a", value: .object([
          JSONMember(key: "b", value: .array([.number(4), .object([JSONMember(key: "c", value: .number(5))])])),
        ])),
        JSONMember(key: "d", value: .number(6)),
      ]),
      .array([]), .object([]), .number(7), .array([.array([])]), .array([.object([])]),
    ]))
  }

  @Test func siblingsShareNoElementsOrKeys() throws {
    // A second object may repeat the first's keys: the duplicate scan sees only its own.
    let value = try parse(#"[{"a": 1, "b": "x"}, {"a": 2}, ["y", "z"], ["w"]]"#)
    #expect(value == .array([
      .object([JSONMember(key: "a", value: .number(1)), JSONMember(key: "b", value: .string("x"))]),
      .object([JSONMember(key: "a", value: .number(2))]),
      .array([.string("y"), .string("z")]),
      .array([.string("w")]),
    ]))
    // An outer object's key repeated in a nested one is not a duplicate either; repeated in
    // the outer object after the nested one closes, it is.
    #expect(try parse(#"{"a": {"a": 1}, "b": 2}"#) == .object([
      JSONMember(key: "a", value: .object([JSONMember(key: "a", value: .number(1))])),
      JSONMember(key: "b", value: .number(2)),
    ]))
    #expect(parseError(#"{"a": {"b": 1}, "a": 2}"#) == "invalid JSON at line 1, column 17: duplicate key 'a'")
  }

  @Test func aFailedParseLeavesTheNextOneWhole() throws {
    #expect(parseError(#"[{"a": [1, 2, {"b": 3"#) != nil)
    #expect(try parse(#"[{"a": [1, 2]}]"#) == .array([.object([JSONMember(key: "a", value: .array([.number(1), .number(2)]))])]))
  }

  /// Arrays and objects big enough to take the stack's storage, at the bottom of the stack and
  /// above other containers' elements, around the size where that starts: each gets exactly its
  /// own elements, and the containers around them keep theirs.
  @Test func bigContainersGetTheirOwnElements() throws {
    let limit = _Reader.handOverCount
    func numbers(_ count: Int, from start: Int) -> JSONValue { .array(JSONArray((0..<count).map { .number(Double(start + $0)) })) }
    func members(_ count: Int) -> JSONValue { .object(JSONObject((0..<count).map { JSONMember(key: "k\($0)", value: .number(Double($0))) })) }
    let value: JSONValue = .array([
      .number(1), .string("two"),
      numbers(limit + 3, from: 10),
      .object([JSONMember(key: "x", value: .bool(true)), JSONMember(key: "big", value: members(limit)), JSONMember(key: "y", value: numbers(limit - 1, from: 0))]),
      numbers(limit, from: 5),
      members(limit + 1),
      .array([numbers(2 * limit, from: 1), .null]),
      .number(7),
    ])
    var writer = JSONWriter()
    Self.write(value, into: &writer)
    #expect(try JSONParser.parse(writer.bytes) == value)
    // At the bottom of the stack: the whole document one big array.
    var top = JSONWriter()
    Self.write(numbers(3 * limit, from: 0), into: &top)
    #expect(try JSONParser.parse(top.bytes) == numbers(3 * limit, from: 0))
  }

  /// A big run that takes the stack's storage as the document's buffer (`_Reader.close`) with
  /// fewer earlier nodes than runs below it on the stack, with more (the buffer first extended),
  /// with none, and a second big run after the first (copied the usual way): every container
  /// keeps exactly its own elements, before and after.
  @Test func bigRunsTakeTheStackBehindTheNodesBeforeThem() throws {
    let limit = _Reader.handOverCount
    func numbers(_ count: Int, from start: Int) -> JSONValue { .array(JSONArray((0..<count).map { .number(Double(start + $0)) })) }
    let triples = (0..<300).map { numbers(3, from: $0) }
    let shapes: [JSONValue] = [
      // 900 earlier nodes, 300 below: the run moves up.
      .array(JSONArray(triples + [numbers(limit + 1, from: 7), .string("after")])),
      // 3 earlier nodes, 300 below: the run moves down.
      .array(JSONArray([numbers(3, from: 1)] + (0..<297).map { .number(Double($0)) } + [numbers(limit, from: 2), numbers(2, from: 9)])),
      // Inside an object, then a second big run and a small one.
      .object([
        JSONMember(key: "a", value: numbers(2, from: 0)),
        JSONMember(key: "big", value: numbers(2 * limit, from: 3)),
        JSONMember(key: "again", value: numbers(3 * limit, from: 5)),
        JSONMember(key: "z", value: .array([.string("x"), numbers(4, from: 8)])),
      ]),
      // A run just under the hand-over size beside one at it.
      .array([numbers(limit - 1, from: 0), numbers(limit, from: 1)]),
    ]
    for (k, value) in shapes.enumerated() {
      var writer = JSONWriter()
      Self.write(value, into: &writer)
      #expect(try JSONParser.parse(writer.bytes) == value, "shape \(k)")
    }
  }

  /// Arrays past the hand-over size whose stack grows by a guess from the bytes per element so
  /// far (`_Reader.grow`): short elements then long ones (the guess, from the short ones, too
  /// big: capped at eight times the stack), long then short (too small: the stack still at least
  /// doubles), a big array nested after another and followed by more input,
  /// a container whose inner arrays weigh its bytes, and an object of short members then long
  /// ones (its member stack grows the same way). Each parses to exactly its elements.
  @Test func growingPastTheHandOverSizeKeepsEveryElement() throws {
    let limit = _Reader.handOverCount
    let short: [JSONValue] = (0..<(limit + 10)).map { .number(Double($0 % 10)) }
    let long: [JSONValue] = (0..<(9 * limit)).map { .number(Double($0) + 0.125) }
    let shapes: [JSONValue] = [
      .array(JSONArray(short + long)),
      .array(JSONArray(long + short)),
      .array([.array(JSONArray(long)), .string("after"), .array(JSONArray(short + short)), .object([JSONMember(key: "k", value: .array(JSONArray(short)))])]),
      .array(JSONArray((0..<(2 * limit)).map { i -> JSONValue in i % 3 == 0 ? .array([.number(Double(i)), .number(1)]) : .number(Double(i)) })),
      .object(JSONObject((0..<(3 * limit)).map { i in JSONMember(key: "key\(i)", value: i < limit ? .number(1) : .string(String(repeating: "x", count: i % 40))) })),
    ]
    for (k, value) in shapes.enumerated() {
      var writer = JSONWriter()
      Self.write(value, into: &writer)
      #expect(try JSONParser.parse(writer.bytes) == value, "shape \(k)")
    }
    // Three runs of one-digit elements, then long ones: the first guess, from the one-digit
    // elements' bytes, is capped at eight times the stack, and the stack grows again as the
    // long elements fill it.
    let grown: JSONValue = .array(JSONArray(short + short + short + long + long))
    var writer = JSONWriter()
    Self.write(grown, into: &writer)
    #expect(try JSONParser.parse(writer.bytes) == grown)
  }

  /// Random trees of arrays and objects (up to 40 elements, across the 16-key duplicate set and
  /// the 32-element allocation limit), written out and parsed back: the same tree.
  @Test(arguments: 1...40 as ClosedRange<UInt64>) func randomTreesParseBack(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let value = Self.randomValue(depth: 0, using: &random)
    var writer = JSONWriter()
    Self.write(value, into: &writer)
    let parsed = try JSONParser.parse(writer.bytes)
    #expect(parsed == value, "seed \(seed): \(writer.text)")
  }

  static func randomValue(depth: Int, using random: inout SplitMix64) -> JSONValue {
    let kind = depth >= 5 ? random.next() % 4 : random.next() % 7
    switch kind {
    case 0: return .number(Double(Int(random.next() % 2_000_001) - 1_000_000) / 8)
    case 1: return .string("s\(random.next() % 1000)")
    case 2: return random.next() % 3 == 0 ? .null : .bool(random.next() % 2 == 0)
    case 3: return .number(Double(random.next() % 1000))
    case 4, 5:
      let count = Int(random.next() % 41)
      return .array(JSONArray((0..<count).map { _ in randomValue(depth: depth + 1, using: &random) }))
    default:
      let count = Int(random.next() % 41)
      return .object(JSONObject((0..<count).map { k in JSONMember(key: "k\(k)", value: randomValue(depth: depth + 1, using: &random)) }))
    }
  }

  static func write(_ value: JSONValue, into writer: inout JSONWriter) {
    switch value {
    case .null: writer.null()
    case .bool(let b): writer.bool(b)
    case .number(let n): writer.number(n)
    case .string(let s): writer.string(s)
    case .array(let elements):
      writer.beginArray()
      for element in elements { write(element, into: &writer) }
      writer.endArray()
    case .object(let members):
      writer.beginObject()
      for member in members { writer.key(member.key); write(member.value, into: &writer) }
      writer.endObject()
    }
  }
}
