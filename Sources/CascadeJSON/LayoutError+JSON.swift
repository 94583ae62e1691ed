// The core's structured errors, named by their place in a document.

import Cascade

extension JSONPath {
  /// The place of a core ``LayoutError`` in a collection document under `root`:
  /// `.collection` + `width` is `width`, `.layout` + `columns` is `layout.columns`,
  /// `.section(2)` + `insets.left` is `sections[2].insets.left`, `.item(section: 0, item: 3)` +
  /// `size` is `sections[0].items[3].size`.
  ///
  /// - Complexity: O(d) for the path's d steps.
  public init(_ location: LayoutError.Location, field: String?, under root: JSONPath = .root) {
    var path = root
    switch location {
    case .collection: break
    case .layout: path = path.key("layout")
    case .section(let s): path = path.key("sections").index(s)
    case .item(let s, let i): path = path.key("sections").index(s).key("items").index(i)
    }
    if let field { path = path.field(field) }
    self = path
  }
}

extension JSONError {
  /// A core error as a document error: its place as a JSON path under `root`, its reason as the
  /// message, e.g. `sections[0].items[3].size: width must be > 0`.
  ///
  /// - Complexity: O(d) for the path's d steps.
  public init(_ error: LayoutError, under root: JSONPath = .root) {
    self.init(JSONPath(error.location, field: error.field, under: root), error.reason.description)
  }
}
