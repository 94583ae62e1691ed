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
      if let reason = Self._problem(self) { throw JSONError(path(), reason.reason) }
    case .object:
      var reader = try JSONObjectReader(value, at: path())
      let height = reader.take("height"), size = reader.take("size"), span = reader.take("span")
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
      if let problem = Self._problem(self) { throw JSONError(path().key(problem.field), problem.reason) }
    default:
      throw JSONError(path(), "expected a number or an object, got \(value.kindDescription)")
    }
  }

  /// The core's verdict on `item`, or `nil` when it is valid.
  private static func _problem(_ item: WaterfallItem) -> (field: String, reason: String)? {
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
