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
  /// The collection's fixed extent: its width (the document's `width`), or, when
  /// `orientation` is horizontal, its height (the document's `height`).
  public var width: Double
  /// The `layout` object: defaults every section inherits.
  public var parameters: WaterfallParameters
  /// The sections, with their overrides and items.
  public var sections: [WaterfallSection]
  /// `layout.orientation`: `vertical` (the default) or `horizontal`.
  public var orientation: LayoutOrientation = .vertical
  /// `layout.direction`: `ltr` (the default) or `rtl`.
  public var direction: LayoutDirection = .leftToRight

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
    if let layout = reader.take("layout") {
      var layoutReader = try JSONObjectReader(layout, at: path.key("layout"))
      if let value = layoutReader.take("orientation") {
        orientation = try Self.name(value, at: path.key("layout").key("orientation"), "orientation")
      }
      if let value = layoutReader.take("direction") {
        direction = try Self.name(value, at: path.key("layout").key("direction"), "direction")
      }
      parameters = try WaterfallParameters(reading: &layoutReader, at: path.key("layout"))
      try layoutReader.finish(at: path.key("layout"))
    } else {
      parameters = WaterfallParameters()
    }
    let (key, other) = orientation == .vertical ? ("width", "height") : ("height", "width")
    if reader.has(other) {
      throw JSONError(path.key(other), orientation == .vertical
        ? "a vertical collection has a width, not a height (set layout.orientation to \"horizontal\")"
        : "a horizontal collection has a height, not a width")
    }
    width = try reader.require(key, at: path).number(at: path.key(key))
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
  /// A valid document's items are read straight from the bytes, without a ``JSONValue`` for
  /// each; anything else (and every error) goes through ``JSONParser/parse(_:)`` and
  /// ``init(json:at:)``, so the result and the errors are theirs.
  ///
  /// - Complexity: O(b + n) for b bytes and n items.
  public init(parsing bytes: [UInt8], at path: JSONPath = .root) throws(JSONError) {
    if let document = Self._fast(bytes) {
      self = document
      return
    }
    try self.init(json: try JSONParser.parse(bytes), at: path)
  }

  /// Lays the document out. Errors the core finds (a width that is not finite and > 0, a
  /// `minColumnWidth` giving too many columns) are named in the document's terms.
  ///
  /// - Complexity: O(n · c) for n items and c columns.
  public func makeLayout(at path: JSONPath = .root) throws(JSONError) -> WaterfallLayout {
    do throws(LayoutError) {
      return try WaterfallLayout(
        orientation: orientation, extent: width, parameters: parameters, sections: sections, direction: direction)
    } catch {
      throw JSONError(error, under: path)
    }
  }

  /// A case-sensitive enum value: `orientation` or `direction`.
  static func name<T: RawRepresentable & CaseIterable>(_ value: JSONValue, at path: JSONPath, _ what: String) throws(JSONError) -> T
  where T.RawValue == String {
    let name = try value.string(at: path)
    guard let result = T(rawValue: name) else {
      let known = T.allCases.map { "\($0.rawValue)" }.joined(separator: ", ")
      throw JSONError(path, "unknown \(what) '\(name)' (expected one of \(known))")
    }
    return result
  }
}
