import Cascade
import CascadeJSON
import Testing

@Suite struct JSONWriterTests {
  @Test func numberFormat() {
    let cases: [(Double, String)] = [
      (390, "390"), (0, "0"), (-0.0, "-0"), (-12, "-12"), (224.5, "224.5"), (0.1, "0.1"),
      (1.0 / 3, "0.3333333333333333"), (123.33333333333333, "123.33333333333333"),
      (9007199254740992, "9007199254740992"), (1e16, "1e+16"), (1e-7, "1e-07"),
      (.leastNonzeroMagnitude, "5e-324"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    ]
    for (value, text) in cases { #expect(JSONWriter.format(value) == text) }
  }

  /// The integer and fixed-point (`_writeShortest`) paths at their edges, and the general path just past
  /// them, against bytes written by hand; non-finite numbers are still refused where a frame
  /// or an integer is read.
  @Test func numberEdges() throws {
    let cases: [(Double, String)] = [
      (-0.0, "-0"), (0x1p53 - 1, "9007199254740991"), (-(0x1p53 - 1), "-9007199254740991"),
      (0x1p53, "9007199254740992"), (-0x1p53, "-9007199254740992"), (0x1p53 + 2, "9.007199254740994e+15"),
      (1e308, "1e+308"), (-1e308, "-1e+308"), (.leastNonzeroMagnitude, "5e-324"), (-Double.leastNonzeroMagnitude, "-5e-324"),
      (9223372036854775807, "9.223372036854776e+18"), (-9223372036854775808, "-9.223372036854776e+18"),
      (0.5, "0.5"), (-0.0625, "-0.0625"), (0.00005, "5e-05"), (0.0001, "0.0001"), (1.0 / 16, "0.0625"),
      (0x1p53 / 10_000 - 0.0625, "900719925474.0367"), (900719925474.0992, "900719925474.0992"),
      (123456.7891, "123456.7891"), (1.00001, "1.00001"), (0.1 + 0.2, "0.30000000000000004"),
    ]
    for (value, text) in cases {
      #expect(JSONWriter.format(value) == text, "\(value)")
      var writer = JSONWriter()
      writer.numbers([value, value])
      #expect(writer.text == "[\(text),\(text)]")
    }
    var writer = JSONWriter()
    for bad in [Double.nan, .infinity, -.infinity] {
      #expect(throws: JSONError.self) { try writer.frame(Rect(x: 0, y: bad, width: 1, height: 1), of: .item(0, section: 0)) }
    }
    #expect(throws: JSONError(.root.key("limit"), "expected an integer, got a non-finite number")) {
      try JSONParser.parse(Array("1e400".utf8)).integer(at: .root.key("limit"))
    }
  }

  /// Every printed number reads back, through the parser, to the same bits.
  @Test func numbersRoundTrip() throws {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [0, -0.0, 1, 0.1, 1e22, 1e23, 0x1p53, 0x1p53 + 2, -0x1p60, .ulpOfOne, .leastNonzeroMagnitude,
                            .leastNormalMagnitude, .greatestFiniteMagnitude, 390.0 / 3, 2.0 / 3 * 1e-300]
    for _ in 0..<2000 {
      values.append(Double(bitPattern: generator.next()))
      values.append(Double.random(in: -1e6...1e6, using: &generator))
      values.append(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 8)
    }
    for value in values where value.isFinite {
      let text = JSONWriter.format(value)
      let back = try JSONParser.parse(Array(text.utf8))
      guard case .number(let read) = back else { Issue.record("\(text) is not a number"); continue }
      #expect(read.bitPattern == value.bitPattern, "\(value) printed as \(text)")
    }
  }

  @Test func structureAndEscapes() {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("a"); writer.numbers([1, 2.5])
    writer.key("b"); writer.string("q\"\\\n\u{1}é")
    writer.key("c"); writer.beginArray(); writer.null(); writer.bool(true); writer.beginObject(); writer.endObject(); writer.endArray()
    writer.key("d"); writer.integer(-7)
    writer.endObject()
    #expect(writer.text == #"{"a":[1,2.5],"b":"q\"\\\n\u0001é","c":[null,true,{}],"d":-7}"#)
  }
}
