// JSON paths for error messages: `sections[0].items[3].size`.

/// A place in a JSON document: a list of keys and array indexes from the root.
///
/// Decoders pass paths as `@autoclosure`s, so a path is built only when an error needs it and
/// decoding a million items allocates no path at all.
///
///     JSONPath.root.key("sections").index(0).key("items").index(3).description
///     // "sections[0].items[3]"
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Hashable, Sendable {
    /// An object's key.
    case key(String)
    /// An array's index.
    case index(Int)
  }

  /// The steps from the root.
  public var components: [Component]

  /// Creates a path from its steps.
  ///
  /// - Complexity: O(1).
  public init(_ components: [Component] = []) { self.components = components }

  /// The document itself.
  public static let root = JSONPath()

  /// This path followed by `key`.
  ///
  /// - Complexity: O(d) for a path of d steps.
  public func key(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }

  /// This path followed by `index`.
  ///
  /// - Complexity: O(d) for a path of d steps.
  public func index(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

  /// This path followed by a dotted field name such as `insets.left`.
  ///
  /// - Complexity: O(d + f) for a path of d steps and a field of f parts.
  public func field(_ dotted: String) -> JSONPath {
    JSONPath(components + dotted.split(separator: ".").map { .key(String($0)) })
  }

  /// `sections[0].items[3].size`; the root is the empty string.
  ///
  /// - Complexity: O(d) for d steps.
  public var description: String {
    var text = ""
    for component in components {
      switch component {
      case .key(let key):
        if !text.isEmpty { text += "." }
        text += key
      case .index(let index):
        text += "[\(index)]"
      }
    }
    return text
  }
}
