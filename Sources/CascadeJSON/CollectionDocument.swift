// The collection document of `Docs/Spec/Protocol.md`, decoded into the core's types.

import Cascade

/// A collection document: the width, the layout parameters and the sections.
///
///     let document = try CollectionDocument(parsing: Array(#"{"width": 390, "sections": [{"items": [120, 80]}]}"#.utf8))
///     let layout = try document.makeLayout()
///     layout.contentSize   // (390, 120)
///
/// Every problem is a ``JSONError`` naming its place: `width: required key is missing`,
/// `sections[0].items[3].size: width must be > 0`, `layout.colums: unknown key`.
public struct CollectionDocument: Equatable, Sendable {
  /// The collection's width.
  public var width: Double
  /// The `layout` object: defaults every section inherits.
  public var parameters: WaterfallParameters
  /// The sections, with their overrides and items.
  public var sections: [WaterfallSection]

  /// Creates a document from its parts.
  ///
  /// - Complexity: O(1).
  public init(width: Double, parameters: WaterfallParameters = WaterfallParameters(), sections: [WaterfallSection] = []) {
    self.width = width
    self.parameters = parameters
    self.sections = sections
  }

  /// Decodes a document from a parsed value; `path` prefixes every error's path (the session
  /// passes `collection`).
  ///
  /// - Complexity: O(n) for n items.
  public init(json value: JSONValue, at path: JSONPath = .root) throws(JSONError) {
    var reader = try JSONObjectReader(value, at: path)
    width = try reader.require("width", at: path).number(at: path.key("width"))
    if let layout = reader.take("layout") {
      var layoutReader = try JSONObjectReader(layout, at: path.key("layout"))
      parameters = try WaterfallParameters(reading: &layoutReader, at: path.key("layout"))
      try layoutReader.finish(at: path.key("layout"))
    } else {
      parameters = WaterfallParameters()
    }
    sections = []
    if let value = reader.take("sections") {
      let elements = try value.array(at: path.key("sections"))
      sections.reserveCapacity(elements.count)
      for (s, element) in elements.enumerated() {
        sections.append(try WaterfallSection(json: element, at: path.key("sections").index(s)))
      }
    }
    try reader.finish(at: path)
  }

  /// Parses and decodes a document from UTF-8 JSON text.
  ///
  /// - Complexity: O(b + n) for b bytes and n items.
  public init(parsing bytes: [UInt8], at path: JSONPath = .root) throws(JSONError) {
    try self.init(json: try JSONParser.parse(bytes), at: path)
  }

  /// Lays the document out. Errors the core finds (a width that is not finite and > 0, a
  /// `minColumnWidth` giving too many columns) are named in the document's terms.
  ///
  /// - Complexity: O(n · c) for n items and c columns.
  public func makeLayout(at path: JSONPath = .root) throws(JSONError) -> WaterfallLayout {
    do throws(LayoutError) {
      return try WaterfallLayout(width: width, parameters: parameters, sections: sections)
    } catch {
      throw JSONError(error, under: path)
    }
  }
}
