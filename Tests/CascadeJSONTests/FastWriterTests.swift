// The rewritten JSONWriter and the parser's number path against the implementations they
// replaced: the same bytes for random values, every control character, non-ASCII text, whole
// elements and layouts; numbers that read back to the same bits.

import Cascade
@testable import CascadeJSON
import Testing

/// The writer as it was before the byte-level rewrite (2026-11-30), kept as the reference.
struct OldJSONWriter {
  /// The UTF-8 text written so far.
  var bytes: [UInt8] = []
  /// Whether the next value in the current container needs a comma before it.
  private var needsComma = false

  /// Creates an empty writer.
  ///
  /// - Complexity: O(1).
  init() {}

  /// The text written so far.
  ///
  /// - Complexity: O(b) for b bytes.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// A number as JSON text that reads back to the same `Double`: the shortest round-trip
  /// digits (Swift's `description`), integral values without `.0` (`390`, `-0`, `1e+16`).
  /// `value` must be finite.
  ///
  /// - Complexity: O(1).
  static func format(_ value: Double) -> String {
    if value == value.rounded(.towardZero) && Swift.abs(value) < 0x1p53 && !(value == 0 && value.sign == .minus) {
      return String(Int64(value))
    }
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    needsComma = true
  }

  /// Writes `{`.
  ///
  /// - Complexity: O(1).
  mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }

  /// Writes `}`.
  ///
  /// - Complexity: O(1).
  mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }

  /// Writes `[`.
  ///
  /// - Complexity: O(1).
  mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }

  /// Writes `]`.
  ///
  /// - Complexity: O(1).
  mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

  /// Writes an object key and its colon; the value follows.
  ///
  /// - Complexity: O(k) for a key of k bytes.
  mutating func key(_ key: String) {
    string(key)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes a finite number (see ``format(_:)``).
  ///
  /// - Complexity: O(1).
  mutating func number(_ value: Double) {
    separate()
    bytes.append(contentsOf: Self.format(value).utf8)
  }

  /// Writes an integer.
  ///
  /// - Complexity: O(1).
  mutating func integer(_ value: Int) {
    separate()
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Writes an array of finite numbers, such as a frame.
  ///
  /// - Complexity: O(k) for k numbers.
  mutating func numbers(_ values: [Double]) {
    beginArray()
    for value in values { number(value) }
    endArray()
  }

  /// Writes `true` or `false`.
  ///
  /// - Complexity: O(1).
  mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes `null`.
  ///
  /// - Complexity: O(1).
  mutating func null() {
    separate()
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes a string, escaping quotes, backslashes and control characters.
  ///
  /// - Complexity: O(k) for a string of k bytes.
  mutating func string(_ value: String) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20:
        let hex = String(byte, radix: 16)
        bytes.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}


extension OldJSONWriter {
  mutating func frame(_ frame: Rect) { beginArray(); number(frame.minX); number(frame.minY); number(frame.width); number(frame.height); endArray() }

  mutating func element(_ attributes: LayoutAttributes) {
    beginObject()
    key("section"); integer(attributes.path.section)
    key("kind"); string(attributes.path.kind.description)
    if attributes.path.kind == .item { key("item"); integer(attributes.path.item) }
    key("frame"); frame(attributes.frame)
    endObject()
  }

  mutating func layoutKeys(_ layout: WaterfallLayout) {
    key("contentSize"); numbers([layout.contentSize.width, layout.contentSize.height])
    key("sections")
    beginArray()
    for s in 0..<layout.numberOfSections {
      beginObject()
      key("header"); if let a = layout.layoutAttributes(for: .header(s)) { frame(a.frame) } else { null() }
      key("items")
      beginArray()
      for i in 0..<layout.numberOfItems(inSection: s) { frame(layout.layoutAttributes(for: .item(i, section: s))!.frame) }
      endArray()
      key("footer"); if let a = layout.layoutAttributes(for: .footer(s)) { frame(a.frame) } else { null() }
      endObject()
    }
    endArray()
  }
}

@Suite struct FastWriterTests {
  /// Finite doubles of every kind: random bit patterns, small and large integers, halves,
  /// the edges of the formats' ranges.
  static func values(_ count: Int) -> [Double] {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [0, -0.0, 1, -1, 0.1, 1e22, 1e23, 0x1p53, -0x1p53, 0x1p53 - 1, 0x1p53 + 2, 0x1p63, -0x1p63, 0x1p64,
                            1e15, 1e16, 1e17, 1e-5, 1e-7, 123456789012345680, .ulpOfOne, .leastNonzeroMagnitude,
                            -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                            390.0 / 3, 2.0 / 3 * 1e-300, 248.5, 775.5, -0.5, 0.0625, 0.125, 0.0001, 0.00005, 1e-4, 900719925474.0993,
                            900719925474.0992, 900719925474.5, -900719925474.5, 5374460.482868152, 46236587.12214646]
    for _ in 0..<count {
      values.append(Double(bitPattern: generator.next()))
      values.append(Double.random(in: -1e6...1e6, using: &generator))
      values.append(Double.random(in: 0...5e7, using: &generator))
      values.append(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 8)
      // Short decimals, exact and not: halves to sixteenths, tenths to ten-thousandths, near the
      // fast path's bound of 2^53 / 10^4.
      let divisor = [2.0, 4, 8, 16, 32, 10, 100, 1000, 10000, 5, 20, 3].randomElement(using: &generator)!
      values.append(Double(Int64.random(in: -(1 << 40)...(1 << 40), using: &generator)) / divisor)
      values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / divisor)
      values.append(0x1p53 / 10_000 + Double(Int.random(in: -64...64, using: &generator)) / divisor)
      values.append(Double(Int64.random(in: -(1 << 53)...(1 << 53), using: &generator)))
      values.append(Double(Int64.random(in: .min ... .max, using: &generator)))
    }
    return values.filter(\.isFinite)
  }

  @Test func numbersAsBefore() {
    for value in Self.values(5000) {
      var new = JSONWriter(), old = OldJSONWriter()
      new.beginArray(); old.beginArray()
      new.number(value); old.number(value)
      new.number(value); old.number(value)
      new.endArray(); old.endArray()
      #expect(new.bytes == old.bytes, "\(value)")
      #expect(JSONWriter.format(value) == OldJSONWriter.format(value), "\(value)")
    }
  }

  /// `Double.write(to:)`, which the writer uses, prints `description`'s digits.
  @Test func writeMatchesDescription() {
    for value in Self.values(5000) {
      var text = ""
      value.write(to: &text)
      #expect(text == value.description, "\(value)")
    }
  }

  @Test func integersAsBefore() {
    var generator = SystemRandomNumberGenerator()
    var values: [Int] = [0, 1, -1, 9, 10, -9, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1, 1 << 53]
    for _ in 0..<5000 {
      values.append(Int.random(in: .min ... .max, using: &generator))
      values.append(Int.random(in: -1000...1000, using: &generator))
    }
    for value in values {
      var new = JSONWriter(), old = OldJSONWriter()
      new.integer(value); old.integer(value)
      #expect(new.bytes == old.bytes, "\(value)")
      #expect(new.text == String(value))
    }
  }

  @Test func everyByteEscapedAsBefore() {
    for scalar in 0..<0x80 {
      let text = String(Character(Unicode.Scalar(UInt8(scalar))))
      var new = JSONWriter(), old = OldJSONWriter()
      new.string(text); old.string(text)
      #expect(new.bytes == old.bytes, "U+\(String(scalar, radix: 16))")
      if scalar < 0x20 {
        let expected: String = switch scalar {
        case 0x0A: #""\n""#
        case 0x0D: #""\r""#
        case 0x09: #""\t""#
        default: "\"\\u00" + (scalar < 0x10 ? "0" : "") + String(scalar, radix: 16) + "\""
        }
        #expect(new.text == expected)
      }
    }
    #expect({ var w = JSONWriter(); w.string("\u{1F}\u{1b}"); return w.text }() == #""\u001f\u001b""#)
  }

  @Test func stringsAsBefore() {
    var generator = SystemRandomNumberGenerator()
    var texts = ["", "item", "é", "日本語", "🧭🏳️‍🌈", "\u{2028}\u{2029}", "\u{7F}", "a\"b\\c", "\u{0}", "tab\there", "0.i17.8c3d0f5a91e2b7c4"]
    let pool: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
                                  "\u{80}", "é", "\u{FFFD}", "\u{FEFF}", "中", "😀", "\u{10FFFF}"]
    for _ in 0..<2000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...40, using: &generator) { text.unicodeScalars.append(pool.randomElement(using: &generator)!) }
      texts.append(text)
    }
    for text in texts {
      var new = JSONWriter(), old = OldJSONWriter()
      new.beginObject(); old.beginObject()
      new.key(text); old.key(text)
      new.string(text); old.string(text)
      new.endObject(); old.endObject()
      #expect(new.bytes == old.bytes, "\(text.debugDescription)")
      // And it reads back.
      #expect((try? JSONParser.parse(new.bytes))?[text] == .string(text))
    }
  }

  /// An element's section and item as the signed writer writes them, negative ones too (no
  /// layout answers one, but `element(_:id:)` takes any attributes).
  @Test func elementIndicesOfEverySign() throws {
    let cases: [(ElementPath, String)] = [
      (.item(0, section: 0), #"{"section":0,"kind":"item","item":0,"frame":[1,2,3,4.5]}"#),
      (.item(1234567, section: 10), #"{"section":10,"kind":"item","item":1234567,"frame":[1,2,3,4.5]}"#),
      (ElementPath(kind: .item, section: -2, item: -7), #"{"section":-2,"kind":"item","item":-7,"frame":[1,2,3,4.5]}"#),
      (ElementPath(kind: .header, section: Int.min), #"{"section":-9223372036854775808,"kind":"header","frame":[1,2,3,4.5]}"#),
      (ElementPath(kind: .footer, section: Int.max), #"{"section":9223372036854775807,"kind":"footer","frame":[1,2,3,4.5]}"#),
    ]
    for (path, text) in cases {
      var writer = JSONWriter()
      try writer.element(LayoutAttributes(path: path, frame: Rect(x: 1, y: 2, width: 3, height: 4.5), zIndex: 0))
      #expect(writer.text == text)
    }
  }

  @Test func elementsAndLayoutsAsBefore() throws {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<30 {
      var sections: [WaterfallSection] = []
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let items = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
          WaterfallItem(.height(Double.random(in: 0...300, using: &generator)))
        }
        let header: Double? = Bool.random(using: &generator) ? Double(Int.random(in: 0...50, using: &generator)) : nil
        let footer: Double? = Bool.random(using: &generator) ? Double.random(in: 0...50, using: &generator) : nil
        let section = WaterfallSection(header: header, footer: footer, items: items)
        sections.append(section)
      }
      let width = round % 2 == 0 ? 1024 : Double.random(in: 100...2000, using: &generator)
      let layout = try WaterfallLayout(width: width, parameters: WaterfallParameters(columns: Int.random(in: 1...5, using: &generator), columnSpacing: 10, itemSpacing: 7.25), sections: sections)
      var new = JSONWriter(), old = OldJSONWriter()
      new.beginObject(); old.beginObject()
      try new.layoutKeys(layout); old.layoutKeys(layout)
      new.key("elements"); old.key("elements")
      new.beginArray(); old.beginArray()
      let all = layout.elements(in: Rect(x: 0, y: 0, width: width, height: layout.contentSize.height + 1))
      for element in all { try new.element(element); old.element(element) }
      new.endArray(); old.endArray()
      new.endObject(); old.endObject()
      #expect(new.text == old.text)
      var viaElements = JSONWriter()
      viaElements.beginObject(); try viaElements.elements(all); viaElements.endObject()
      var oldElements = OldJSONWriter()
      oldElements.beginObject(); oldElements.key("elements"); oldElements.beginArray()
      for element in all { oldElements.element(element) }
      oldElements.endArray(); oldElements.endObject()
      #expect(viaElements.bytes == oldElements.bytes)
    }
  }

  @Test func respondAppendingMatchesRespond() {
    var a = CascadeSession(), b = CascadeSession()
    let lines = [
      #"{"op":"frame","section":0,"item":0}"#,
      #"{"op":"load","collection":{"width":390,"sections":[{"header":30,"items":[120,80,55.5,1e-7]}]}}"#,
      #"{"op":"page","rect":[0,0,390,100],"limit":2}"#, #"{"op":"query","rect":[0,0,390,1e9]}"#,
      #"{"op":"frame","section":0,"item":9}"#, #"{"op":"bogus"}"#, "not json", #"{"op":"layout"}"#,
      #"{"op":"point","point":[10,40]}"#, #"{"op":"page","rect":[0,0,390,100],"limit":0}"#,
    ]
    for line in lines {
      let expected = a.respond(to: Array(line.utf8))
      var output = Array("previous\n".utf8)
      b.respond(to: Array(line.utf8), appendingTo: &output)
      #expect(output == Array(("previous\n" + expected).utf8), "\(line)")
    }
  }
}

@Suite struct FastParserNumberTests {
  /// Literals the fast path does not take (over 15 digits, exponents) read through `strtod`
  /// exactly as `Double(String)` reads them.
  @Test func longLiteralsAsDoubleString() throws {
    var generator = SystemRandomNumberGenerator()
    var texts = ["46236587.12214646", "5374460.482868152", "0.30000000000000004", "1e400", "-1e400", "1e-400", "-0",
                 "-0.0", "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623157e308",
                 "1.7976931348623159e308", "9007199254740993", "123456789012345678901234567890", "0.1e1", "1E+2", "1e-0",
                 "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798",
                 String(repeating: "1", count: 70), "0." + String(repeating: "0", count: 80) + "1"]
    for value in FastWriterTests.values(3000) {
      texts.append(JSONWriter.format(value))
      texts.append(String(value.description))
    }
    for _ in 0..<3000 {
      let digits = String((0..<Int.random(in: 16...25, using: &generator)).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
      let point = Int.random(in: 1...digits.count, using: &generator)
      let text = (digits.first == "0" ? "1" : "") + digits.prefix(point) + "." + digits.dropFirst(point) + "1"
      texts.append(text)
      texts.append("-" + text + "e" + String(Int.random(in: -330...310, using: &generator)))
    }
    // 16 to 18 digits, the checked path's range, with every fraction length, and the halfway
    // cases between neighbouring doubles (which it must leave to strtod).
    for _ in 0..<20000 {
      let digits = Int.random(in: 16...18, using: &generator)
      var m = String(UInt64.random(in: 1...(UInt64(9_999_999_999_999_999) * 100), using: &generator))
      m = String(m.prefix(digits))
      let point = Int.random(in: 0...m.count, using: &generator)
      let text = point == m.count ? m : (point == 0 ? "0." + m : String(m.prefix(point)) + "." + String(m.dropFirst(point)))
      texts.append(Bool.random(using: &generator) ? "-" + text : text)
    }
    for _ in 0..<2000 {
      let value = Double.random(in: 1...1e7, using: &generator)
      let halfway = (Decimal_halfway(value))
      texts.append(halfway)
    }
    for text in texts {
      guard case .number(let read) = try JSONParser.parse(Array(text.utf8)) else { Issue.record("\(text) is not a number"); continue }
      let expected = Double(text)!
      #expect(read.bitPattern == expected.bitPattern, "\(text)")
    }
  }
}

extension FastParserNumberTests {
  /// Numbers inside arrays, so that the parser's eight-byte digit reads see what follows them
  /// (commas, brackets, spaces, an exponent, the end of the buffer) at every offset: every
  /// number as `Double(String)` reads it, and a digit missing where one is due still refused.
  @Test func digitRunsAtEveryOffset() throws {
    let seed = UInt64.random(in: 0 ... .max)
    var random = SplitMix64(seed: seed)
    for _ in 0..<4000 {
      let length = Int(random.next() % 24) + 1
      var digits = (0..<length).map { _ in Character(String(random.next() % 10)) }
      if digits.count > 1 && digits[0] == "0" { digits[0] = "7" }
      let point = Int(random.next() % UInt64(length + 1))
      var text = String(digits.prefix(point == 0 ? length : point))
      if point > 0 && point < length { text += "." + String(digits.dropFirst(point)) }
      if random.next() % 4 == 0 { text += (random.next() % 2 == 0 ? "e" : "E-") + String(random.next() % 30) }
      if random.next() % 3 == 0 { text = "-" + text }
      let numbers = (0..<Int(random.next() % 4) + 1).map { _ in text }
      let separator = String(repeating: " ", count: Int(random.next() % 9))
      let line = "[" + numbers.joined(separator: "," + separator) + separator + "]" + String(repeating: "\n", count: Int(random.next() % 9))
      let expected = Double(text)!
      guard case .array(let values) = try JSONParser.parse(Array(line.utf8)) else { Issue.record("seed \(seed): \(line)"); continue }
      #expect(values == JSONArray(Array(repeating: .number(expected), count: numbers.count)), "seed \(seed): \(line)")
    }
    #expect(throws: JSONError(.root, "invalid JSON at line 1, column 11: unexpected character ']' in a number, expected a digit")) {
      try JSONParser.parse(Array("[12345678.]".utf8))
    }
    #expect(throws: JSONError(.root, "invalid JSON at line 1, column 5: unexpected character ',' in a number, expected a digit")) {
      try JSONParser.parse(Array("[-1.,12345678901234567]".utf8))
    }
  }
}

/// The decimal exactly halfway between `value` and the next double up, to 17 significant
/// digits (an approximation of the tie, which is what makes the checked path give up).
func Decimal_halfway(_ value: Double) -> String {
  let mid = value + value.ulp / 2   // rounds to one of the two; its digits are near the tie
  var text = mid.description
  if text.count > 3 { text.removeLast(); text += "5" }
  return text
}

extension FastParserNumberTests {
  /// Plain integers (an optional `-`, then 1 to 19 digits without a leading zero) are read by a
  /// path of their own, in arrays (where elements are read without `value()`), in objects and
  /// alone; every literal, taken by it or left to the general path (20 digits and more, a
  /// fraction, an exponent, a leading zero), reads as `Double(String)` reads it, and the end of
  /// the buffer, a space, a comma or a bracket may follow it. Seeded; the seed is printed.
  @Test func plainIntegersAsDoubleString() throws {
    let seed = UInt64.random(in: 0 ... .max)
    var random = SplitMix64(seed: seed)
    var literals = ["0", "-0", "7", "-7", "10", "-10", "999999999999999", "-999999999999999", "100000000000000",
                    "1000000000000000", "9999999999999999", "9007199254740993", "-9007199254740993",
                    "123456789012345678", "9999999999999999999", "-9999999999999999999", "10000000000000000000",
                    "18446744073709551615", "18446744073709551616", "99999999999999999999", "12345678901234567890123",
                    "1.5", "-0.5", "12e3", "12E-3", "12e+3", "15.0"]
    for _ in 0..<3000 {
      let length = Int(random.next() % 23) + 1
      var digits = String(random.next() % 9 + 1)
      for _ in 1..<length { digits += String(random.next() % 10) }
      switch random.next() % 6 {
      case 0: digits += "." + String(random.next() % 1000)
      case 1: digits += (random.next() % 2 == 0 ? "e" : "E") + String(random.next() % 30)
      default: break
      }
      literals.append(random.next() % 3 == 0 ? "-" + digits : digits)
    }
    for literal in literals {
      let expected = Double(literal)!
      let texts = [literal, "[" + literal + "]", "[" + literal + "," + literal + "]", "[ " + literal + " , " + literal + " ]",
                   "[\n" + literal + "\n]", #"{"k": "# + literal + "}", #"{"k":"# + literal + #","l":["# + literal + "]}"]
      for text in texts {
        let parsed = try JSONParser.parse(Array(text.utf8))
        var numbers: [Double] = []
        func collect(_ value: JSONValue) {
          switch value {
          case .number(let n): numbers.append(n)
          case .array(let elements): elements.forEach(collect)
          case .object(let members): members.forEach { collect($0.value) }
          default: Issue.record("seed \(seed): \(text) holds \(value)")
          }
        }
        collect(parsed)
        #expect(!numbers.isEmpty && numbers.allSatisfy { $0.bitPattern == expected.bitPattern }, "seed \(seed): \(text) read as \(numbers)")
      }
    }
  }

  /// Malformed numbers fail where they did before integers had a path of their own: the path
  /// takes only what the general path reads the same way, and leaves the rest untouched.
  @Test func malformedIntegersFailAsBefore() {
    let cases: [(String, String)] = [
      ("[01]", "line 1, column 3: unexpected character '1', expected ',' or ']'"),
      ("01", "line 1, column 2: unexpected character '1' after the JSON value"),
      ("[-]", "line 1, column 3: unexpected character ']' in a number, expected a digit"),
      ("[-a]", "line 1, column 3: unexpected character 'a' in a number, expected a digit"),
      ("-", "line 1, column 2: unexpected end of input in a number, expected a digit"),
      ("[1.]", "line 1, column 4: unexpected character ']' in a number, expected a digit"),
      ("[12e]", "line 1, column 5: unexpected character ']' in a number, expected a digit"),
      ("[1x]", "line 1, column 3: unexpected character 'x', expected ',' or ']'"),
      ("[1 2]", "line 1, column 4: unexpected character '2', expected ',' or ']'"),
      ("[1,,2]", "line 1, column 4: unexpected character ',', expected a value"),
      ("[--1]", "line 1, column 3: unexpected character '-' in a number, expected a digit"),
      (#"{"k": 1x}"#, "line 1, column 8: unexpected character 'x', expected ',' or '}'"),
    ]
    for (text, message) in cases {
      #expect(throws: JSONError(.root, "invalid JSON at " + message), "\(text)") { try JSONParser.parse(Array(text.utf8)) }
    }
  }
}
