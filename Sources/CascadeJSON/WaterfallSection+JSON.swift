// A section of a document: parameter overrides and items.

import Cascade

extension LayoutSection where Parameters == WaterfallParameters, Item == WaterfallItem {
  /// Reads a section object: any key of the `layout` object as an override, and `items`
  /// (optional, default none).
  ///
  ///     {"header": 44, "columns": 3, "items": [120, {"height": 80}]}
  ///
  /// - Complexity: O(k) for k items.
  public init(json value: JSONValue, at path: JSONPath) throws(JSONError) {
    var reader = try JSONObjectReader(value, at: path)
    for key in ["orientation", "direction"] where reader.has(key) {
      throw JSONError(path.key(key), "belongs to the layout only, not to a section")
    }
    let parameters = try WaterfallParameters(reading: &reader, at: path)
    let items = try reader.take("items").map { v throws(JSONError) in try WaterfallItem.items(json: v, at: path.key("items")) }
    try reader.finish(at: path)
    self.init(parameters: parameters, items: items ?? [])
  }
}
