// The `layout` object of a document, and the same keys on a section.

import Cascade

extension WaterfallParameters {
  /// The keys of `Docs/Spec/Protocol.md`'s `layout` object, which a section may carry too.
  public static let jsonKeys = [
    "columns", "minColumnWidth", "columnSpacing", "itemSpacing", "insets",
    "header", "footer", "order", "tolerance", "keepColumns",
  ]

  /// Reads the parameter keys of the object `reader` holds, leaving its other keys untaken,
  /// and validates them with the core's rules.
  ///
  ///     {"columns": 3, "insets": {"top": 8, "left": 12}, "order": "leftToRight"}
  ///
  /// Missing insets edges are 0. `path` is the object's own path; errors name the key, e.g.
  /// `layout.insets.left: must be >= 0` or `sections[1].order: unknown order 'zigzag' (...)`.
  ///
  /// - Complexity: O(1).
  public init(reading reader: inout JSONObjectReader, at path: JSONPath) throws(JSONError) {
    self.init()
    if let value = reader.take("columns") { columns = try value.integer(at: path.key("columns")) }
    if let value = reader.take("minColumnWidth") { minColumnWidth = try value.number(at: path.key("minColumnWidth")) }
    if let value = reader.take("columnSpacing") { columnSpacing = try value.number(at: path.key("columnSpacing")) }
    if let value = reader.take("itemSpacing") { itemSpacing = try value.number(at: path.key("itemSpacing")) }
    if let value = reader.take("insets") { insets = try Self._insets(value, at: path.key("insets")) }
    if let value = reader.take("header") { header = try value.number(at: path.key("header")) }
    if let value = reader.take("footer") { footer = try value.number(at: path.key("footer")) }
    if let value = reader.take("order") {
      let name = try value.string(at: path.key("order"))
      guard let order = WaterfallOrder(rawValue: name) else {
        let known = WaterfallOrder.allCases.map(\.rawValue).joined(separator: ", ")
        throw JSONError(path.key("order"), "unknown order '\(name)' (expected one of \(known))")
      }
      self.order = order
    }
    if let value = reader.take("tolerance") { tolerance = try value.number(at: path.key("tolerance")) }
    if let value = reader.take("keepColumns") {
      guard case .bool(let keep) = value else {
        throw JSONError(path.key("keepColumns"), "expected a boolean, got \(value.kindDescription)")
      }
      keepColumns = keep
    }
    do throws(LayoutError) {
      try validate(at: .layout)
    } catch {
      throw JSONError(path.field(error.field ?? ""), error.reason.description)
    }
  }

  private static func _insets(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> EdgeInsets {
    var reader = try JSONObjectReader(value, at: path)
    var insets = EdgeInsets()
    if let value = reader.take("top") { insets.top = try value.number(at: path.key("top")) }
    if let value = reader.take("left") { insets.left = try value.number(at: path.key("left")) }
    if let value = reader.take("bottom") { insets.bottom = try value.number(at: path.key("bottom")) }
    if let value = reader.take("right") { insets.right = try value.number(at: path.key("right")) }
    try reader.finish(at: path)
    return insets
  }
}
