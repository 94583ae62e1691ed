import CascadeTestSupport
import Testing

/// Bad documents: exit status 1, one line on standard error naming the place, nothing on
/// standard output.
@Suite struct DocumentErrorCommandTests {
  static let cases: [(document: String, error: String)] = [
    ("", "invalid JSON at line 1, column 1: unexpected end of input, expected a value"),
    ("{\"width\": 390,\n \"sections\": [}", "invalid JSON at line 2, column 15: unexpected character '}', expected a value"),
    (#"{"width": 390} {}"#, "invalid JSON at line 1, column 16: unexpected character '{' after the JSON value"),
    (#"{"width": 390, "width": 100}"#, "invalid JSON at line 1, column 16: duplicate key 'width'"),
    (#"{"width": NaN}"#, "invalid JSON at line 1, column 11: unexpected character 'N', expected a value"),
    (#"{"width": 01}"#, "invalid JSON at line 1, column 12: unexpected character '1', expected ',' or '}'"),
    ("[]", "expected an object, got an array"),
    ("{}", "width: required key is missing"),
    (#"{"width": 390, "colums": 2}"#, "colums: unknown key"),
    (#"{"width": 390, "layout": {"colums": 2}}"#, "layout.colums: unknown key"),
    (#"{"width": 390, "sections": [{"items": [], "span": 2}]}"#, "sections[0].span: unknown key"),
    (#"{"width": 390, "sections": [{"items": [{"height": 1, "weight": 2}]}]}"#, "sections[0].items[0].weight: unknown key"),
    (#"{"width": 390, "layout": {"insets": {"top": 1, "middle": 2}}}"#, "layout.insets.middle: unknown key"),
    (#"{"width": "390"}"#, "width: expected a number, got a string"),
    (#"{"width": true}"#, "width: expected a number, got a boolean"),
    (#"{"width": null}"#, "width: expected a number, got null"),
    (#"{"width": 390, "sections": {}}"#, "sections: expected an array, got an object"),
    (#"{"width": 390, "layout": {"columns": true}}"#, "layout.columns: expected an integer, got a boolean"),
    (#"{"width": 390, "layout": {"columns": 2.5}}"#, "layout.columns: expected an integer, got 2.5"),
    (#"{"width": 390, "layout": {"columns": 0}}"#, "layout.columns: must be an integer >= 1"),
    (#"{"width": 390, "layout": {"columns": 2, "minColumnWidth": 100}}"#, "layout.columns: cannot be set together with minColumnWidth"),
    (#"{"width": 390, "layout": {"minColumnWidth": 0}}"#, "layout.minColumnWidth: must be > 0"),
    (#"{"width": 390, "layout": {"order": "zigzag"}}"#, "layout.order: unknown order 'zigzag' (expected one of shortestFirst, leftToRight, rightToLeft)"),
    (#"{"width": 390, "layout": {"tolerance": -1}}"#, "layout.tolerance: must be >= 0"),
    (#"{"width": 390, "sections": [{}, {"insets": {"left": -2}}]}"#, "sections[1].insets.left: must be >= 0"),
    (#"{"width": 390, "sections": [{"itemSpacing": 1e400}]}"#, "sections[0].itemSpacing: must be finite"),
    (#"{"width": 390, "sections": [{"items": [1, 2, -3]}]}"#, "sections[0].items[2]: must be >= 0"),
    (#"{"width": 390, "sections": [{"items": [1, 2, 3, {"size": [0, 300]}]}]}"#, "sections[0].items[3].size: width must be > 0"),
    (#"{"width": 390, "sections": [{"items": [{"size": [4, -3]}]}]}"#, "sections[0].items[0].size: height must be >= 0"),
    (#"{"width": 390, "sections": [{"items": [{"size": [4]}]}]}"#, "sections[0].items[0].size: expected [width, height], got an array of 1 value"),
    (#"{"width": 390, "sections": [{"items": [{"size": [4, "3"]}]}]}"#, "sections[0].items[0].size[1]: expected a number, got a string"),
    (#"{"width": 390, "sections": [{"items": [{"height": 1, "size": [4, 3]}]}]}"#, "sections[0].items[0]: give either \"height\" or \"size\", not both"),
    (#"{"width": 390, "sections": [{"items": [{"span": 2}]}]}"#, "sections[0].items[0]: expected a \"height\" or a \"size\" key"),
    (#"{"width": 390, "sections": [{"items": [{"height": 1, "span": 0}]}]}"#, "sections[0].items[0].span: must be an integer >= 1 or full"),
    (#"{"width": 390, "sections": [{"items": [{"height": 1, "span": 1.5}]}]}"#, "sections[0].items[0].span: expected an integer, got 1.5"),
    (#"{"width": 390, "sections": [{"items": [{"height": 1, "span": "half"}]}]}"#, "sections[0].items[0].span: expected an integer >= 1 or \"full\", got a string"),
    (#"{"width": 390, "sections": [{"items": [true]}]}"#, "sections[0].items[0]: expected a number or an object, got a boolean"),
    (#"{"width": 0}"#, "width: must be > 0"),
    (#"{"width": -1e400}"#, "width: must be finite"),
    (#"{"width": 1e300, "layout": {"minColumnWidth": 1e-300}, "sections": [{}]}"#, "layout.minColumnWidth: gives more than 65536 columns at width 1e+300"),
    (#"{"width": 100, "layout": {"columns": 1}, "sections": [{"items": [1e308, 1e308]}]}"#, "the content size is not finite (the sizes overflow)"),
    // Column 1's x = 1e308 + 1 * (0 + 1e308) overflows while the content height stays finite.
    (#"{"width": 100, "layout": {"columnSpacing": 1e308, "insets": {"left": 1e308}}, "sections": [{"items": [1, 2]}]}"#,
     "sections[0].items[1]: frame is not finite (the sizes overflow)"),
  ]

  @Test(arguments: 0..<cases.count)
  func badDocument(_ index: Int) throws {
    let (document, error) = Self.cases[index]
    #expect(try CommandRunner.run(["layout"], input: document) == failure(error))
  }

  @Test func queryAndRenderRejectTheSameWay() throws {
    let bad = #"{"width": 390, "sections": [{"items": [{"size": [0, 1]}]}]}"#
    let error = failure("sections[0].items[0].size: width must be > 0")
    #expect(try CommandRunner.run(["query", "--rect", "0,0,1,1"], input: bad) == error)
    #expect(try CommandRunner.run(["render", "--svg", "-"], input: bad) == error)
  }

  @Test func integralFloatsAreIntegers() throws {
    let document = #"{"width": 100, "layout": {"columns": 2.0, "columnSpacing": 0}, "sections": [{"items": [{"height": 7, "span": 2e0}]}]}"#
    #expect(try CommandRunner.run(["layout"], input: document)
      == success("{\"contentSize\":[100,7],\"sections\":[{\"header\":null,\"items\":[[0,0,100,7]],\"footer\":null}]}\n"))
  }

  @Test func missingFile() throws {
    #expect(try CommandRunner.run(["layout", "/nonexistent/doc.json"])
      == failure("cannot read '/nonexistent/doc.json': No such file or directory"))
    #expect(try CommandRunner.run(["layout", "/"]) == failure("cannot read '/': Is a directory"))
  }
}
