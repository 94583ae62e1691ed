import Cascade
import CascadeJSON
import Testing

@Suite struct DocumentDecodingTests {
  func decode(_ text: String) throws(JSONError) -> CollectionDocument {
    try CollectionDocument(parsing: Array(text.utf8))
  }

  @Test func everyKey() throws {
    let document = try decode("""
      {"width": 390,
       "layout": {"columns": 2, "columnSpacing": 8, "itemSpacing": 6,
                  "insets": {"top": 1, "left": 2, "bottom": 3, "right": 4},
                  "header": 44, "footer": 10, "order": "leftToRight", "tolerance": 0.5},
       "sections": [
         {"minColumnWidth": 120, "order": "rightToLeft", "insets": {"left": 5},
          "items": [120, {"height": 80}, {"size": [400, 300]}, {"height": 50, "span": "full"}, {"size": [1, 2], "span": 2}]},
         {}
       ]}
      """)
    #expect(document == CollectionDocument(
      width: 390,
      parameters: WaterfallParameters(
        columns: 2, columnSpacing: 8, itemSpacing: 6, insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4),
        header: 44, footer: 10, order: .leftToRight, tolerance: 0.5),
      sections: [
        WaterfallSection(
          parameters: WaterfallParameters(minColumnWidth: 120, insets: EdgeInsets(left: 5), order: .rightToLeft),
          items: [120, .height(80), .size(width: 400, height: 300), .height(50, span: .full), .size(width: 1, height: 2, span: .columns(2))]),
        WaterfallSection(parameters: WaterfallParameters(), items: []),
      ]))
  }

  @Test func defaults() throws {
    #expect(try decode(#"{"width": 1}"#) == CollectionDocument(width: 1))
  }

  @Test func errorsCarryTheirPath() {
    #expect(throws: JSONError(.root.key("sections").index(0).key("items").index(3).key("size"), "width must be > 0")) {
      try decode(#"{"width": 390, "sections": [{"items": [1, 2, 3, {"size": [0, 1]}]}]}"#)
    }
    let error = JSONError(.root.key("sections").index(0).key("items").index(3).key("size"), "width must be > 0")
    #expect(error.path == "sections[0].items[3].size")
    #expect(error.description == "sections[0].items[3].size: width must be > 0")
    #expect(JSONError(.root, "bad").description == "bad")
  }

  @Test func sessionPathsArePrefixed() {
    #expect(throws: JSONError(.root.key("collection").key("layout").key("columns"), "expected an integer, got 1.5")) {
      try CollectionDocument(json: JSONParser.parse(Array(#"{"width": 1, "layout": {"columns": 1.5}}"#.utf8)), at: .root.key("collection"))
    }
  }

  @Test func layoutErrorLocationsBecomePaths() {
    let cases: [(LayoutError, String)] = [
      (LayoutError(.collection, field: "width", "must be > 0"), "width: must be > 0"),
      (LayoutError(.layout, field: "columns", "must be an integer >= 1"), "layout.columns: must be an integer >= 1"),
      (LayoutError(.layout, field: "insets.left", "must be >= 0"), "layout.insets.left: must be >= 0"),
      (LayoutError(.section(2), field: "tolerance", "must be finite"), "sections[2].tolerance: must be finite"),
      (LayoutError(.section(5), "section index out of range (0..<2)"), "sections[5]: section index out of range (0..<2)"),
      (LayoutError(.item(section: 0, item: 3), field: "size", "width must be > 0"), "sections[0].items[3].size: width must be > 0"),
    ]
    for (error, text) in cases { #expect(JSONError(error).description == text) }
    #expect(JSONError(LayoutError(.section(1), field: "header", "must be >= 0"), under: .root.key("collection")).description
      == "collection.sections[1].header: must be >= 0")
  }

  @Test func layoutFromDocument() throws {
    let layout = try decode(#"{"width": 100, "layout": {"columnSpacing": 0, "itemSpacing": 0}, "sections": [{"items": [10, 20, 30]}]}"#).makeLayout()
    #expect(layout.contentSize == Size(width: 100, height: 40))
    #expect(layout.layoutAttributes(for: .item(2, section: 0))?.frame == Rect(x: 0, y: 10, width: 50, height: 30))
  }
}
