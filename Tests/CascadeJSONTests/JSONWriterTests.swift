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
