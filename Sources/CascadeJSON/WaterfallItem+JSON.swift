// One item of a document: `120`, `{"height": 80}` or `{"size": [400, 300], "span": "full"}`.

import Cascade

extension WaterfallItem {
  /// Reads an item: a number (its height), `{"height": h}` or `{"size": [w, h]}`, either object
  /// with an optional `"span"` (an integer ≥ 1 or `"full"`), and validates it with the core's
  /// rules.
  ///
  ///     try WaterfallItem(json: .number(120), at: .root)   // .height(120)
  ///
  /// Errors name the offending key: `sections[0].items[3].size: width must be > 0`; a bare
  /// number is named by the item's own path: `sections[0].items[2]: must be >= 0`.
  ///
  /// - Complexity: O(1); the path is built only on failure, so a million items allocate none.
  public init(json value: JSONValue, at path: @autoclosure () -> JSONPath) throws(JSONError) {
    switch value {
    case .number(let height):
      self = .height(height)
      if !_isValid, let reason = Self._problem(self) { throw JSONError(path(), reason.reason) }
    case .object:
      var reader = try JSONObjectReader(value, at: path())
      let height = reader.take("height"), size = reader.take("size"), span = reader.take("span")
      let id = reader.take("id"), column = reader.take("column")
      try reader.finish(at: path())
      switch (height, size) {
      case (let height?, nil):
        self = .height(try height.number(at: path().key("height")))
      case (nil, let size?):
        let pair = try Self._pair(size, at: path().key("size"))
        self = .size(width: pair.0, height: pair.1)
      case (nil, nil):
        throw JSONError(path(), "expected a \"height\" or a \"size\" key")
      case (.some, .some):
        throw JSONError(path(), "give either \"height\" or \"size\", not both")
      }
      if let span { self.span = try Self._span(span, at: path().key("span")) }
      if let id { self.id = try ItemID(json: id, at: path().key("id")) }
      if let column { self.column = try column.integer(at: path().key("column")) }
      if !_isValid, let problem = Self._problem(self) { throw JSONError(path().key(problem.field), problem.reason) }
    default:
      throw JSONError(path(), "expected a number or an object, got \(value.kindDescription)")
    }
  }

  /// The core's verdict on `item`, or `nil` when it is valid. The readers ask it only of an
  /// item that fails the core's quick test (`_isValid`, which agrees with it), so that a valid
  /// item builds no error.
  static func _problem(_ item: WaterfallItem) -> (field: String, reason: String)? {
    do throws(LayoutError) {
      try item.validate(at: .collection)
      return nil
    } catch {
      return (error.field ?? "", error.reason.description)
    }
  }

  private static func _pair(_ value: JSONValue, at path: @autoclosure () -> JSONPath) throws(JSONError) -> (Double, Double) {
    guard case .array(let elements) = value, elements.count == 2 else {
      throw JSONError(path(), "expected [width, height], got \(value.describeShape())")
    }
    return (try elements[0].number(at: path().index(0)), try elements[1].number(at: path().index(1)))
  }

  private static func _span(_ value: JSONValue, at path: @autoclosure () -> JSONPath) throws(JSONError) -> Span {
    switch value {
    case .string("full"): return .full
    case .number: return .columns(try value.integer(at: path()))
    default: throw JSONError(path(), "expected an integer >= 1 or \"full\", got \(value.kindDescription)")
    }
  }

  /// Reads an array of items; errors name `path[i]`.
  ///
  /// - Complexity: O(k) for k items.
  public static func items(json value: JSONValue, at path: JSONPath) throws(JSONError) -> [WaterfallItem] {
    let elements = try value.array(at: path)
    var items: [WaterfallItem] = []
    items.reserveCapacity(elements.count)
    for (i, element) in elements.enumerated() { items.append(try WaterfallItem(json: element, at: path.index(i))) }
    return items
  }
}

extension ItemID {
  /// Reads an id: a string, or an integer of magnitude < 2^53 (`1` and `"1"` differ).
  ///
  /// - Complexity: O(length).
  public init(json value: JSONValue, at path: @autoclosure () -> JSONPath) throws(JSONError) {
    switch value {
    case .string(let s): self = .string(s)
    case .number(let v):
      guard v == v.rounded(.towardZero), v.magnitude < 9_007_199_254_740_992 else {
        throw JSONError(path(), "must be a string or an integer of magnitude < 2^53")
      }
      self = .int(Int64(v))
    default:
      throw JSONError(path(), "expected a string or an integer, got \(value.kindDescription)")
    }
  }
}

extension JSONWriter {
  /// Writes an id as it was given: a JSON integer or a string.
  ///
  /// - Complexity: O(length).
  public mutating func id(_ id: ItemID) {
    switch id {
    case .int(let v): integer(Int(v))
    case .string(let s): string(s)
    }
  }

  /// Writes an item the way a document gives it: `{"height":h}` or `{"size":[w,h]}`, with
  /// `span` when it is not 1, `id` and `column` when set.
  ///
  /// - Complexity: O(1).
  public mutating func item(_ item: WaterfallItem) {
    beginObject()
    switch item.measure {
    case .height(let h): key("height"); number(h)
    case .size(let w, let h): key("size"); numbers([w, h])
    }
    switch item.span {
    case .full: key("span"); string("full")
    case .columns(let k) where k != 1: key("span"); integer(k)
    default: break
    }
    if let id = item.id { key("id"); self.id(id) }
    if let column = item.column { key("column"); integer(column) }
    endObject()
  }

  /// Writes the parameter keys that are set, without braces (`columns`, ..., `keepColumns`).
  ///
  /// - Complexity: O(1).
  public mutating func parameterKeys(_ p: WaterfallParameters) {
    if let v = p.columns { key("columns"); integer(v) }
    if let v = p.minColumnWidth { key("minColumnWidth"); number(v) }
    if let v = p.columnSpacing { key("columnSpacing"); number(v) }
    if let v = p.itemSpacing { key("itemSpacing"); number(v) }
    if let v = p.insets {
      key("insets"); beginObject()
      key("top"); number(v.top); key("left"); number(v.left); key("bottom"); number(v.bottom); key("right"); number(v.right)
      endObject()
    }
    if let v = p.header { key("header"); number(v) }
    if let v = p.footer { key("footer"); number(v) }
    if let v = p.order { key("order"); string(v.rawValue) }
    if let v = p.tolerance { key("tolerance"); number(v) }
    if let v = p.keepColumns { key("keepColumns"); bool(v) }
  }

  /// Writes the collection as a document: width (height for a horizontal collection), `layout`
  /// (with its orientation and direction when they are not the defaults) and sections with their overrides
  /// as given, items with their ids and remembered columns. Loading it gives back every frame.
  ///
  /// - Complexity: O(n + s).
  public mutating func document(_ layout: WaterfallLayout) throws(JSONError) {
    beginObject()
    // A horizontal collection gives its height, and says so in `layout`, as its document did.
    let horizontal = layout.orientation == .horizontal
    key(horizontal ? "height" : "width"); number(layout.crossAxisExtent)
    key("layout"); beginObject()
    parameterKeys(layout.parameters)
    if horizontal { key("orientation"); string(LayoutOrientation.horizontal.rawValue) }
    if layout.direction == .rightToLeft { key("direction"); string(LayoutDirection.rightToLeft.rawValue) }
    endObject()
    key("sections"); beginArray()
    for s in 0..<layout.numberOfSections {
      beginObject()
      if let p = layout.parameters(ofSection: s) { parameterKeys(p) }
      key("items"); beginArray()
      for i in 0..<layout.numberOfItems(inSection: s) {
        if let it = layout.item(at: ItemPath(item: i, section: s)) { item(it) }
      }
      endArray()
      endObject()
    }
    endArray()
    endObject()
  }
}
