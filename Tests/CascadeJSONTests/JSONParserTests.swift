import CascadeJSON
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
}
