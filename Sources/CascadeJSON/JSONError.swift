// The one error type of the JSON layer: a place in the input and what is wrong there.

/// A problem with a JSON input, named by its place: `sections[0].items[3].size: width must be > 0`.
///
/// `path` is empty when the input as a whole is the problem (malformed JSON, for instance); the
/// ``description`` is then just the message.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the problem is, as a JSON path (`sections[0].items[3].size`), or empty.
  public var path: String
  /// What is wrong, e.g. `width must be > 0`.
  public var message: String

  /// Creates an error at `path`.
  ///
  /// - Complexity: O(1).
  public init(_ path: JSONPath, _ message: String) {
    self.path = path.description
    self.message = message
  }

  /// `path: message`, or `message` alone when the path is empty.
  ///
  /// - Complexity: O(p + m) for the path's and the message's lengths.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
