// The JSON value tree the parser builds and the decoders read.

/// A JSON value, as ``JSONParser`` reads it.
///
/// Numbers are `Double`s and booleans are their own case, so a `true` can never pass for `1`
/// (Foundation's `NSNumber` bridging on Linux can blur the two; this type cannot). Objects keep
/// their members in document order, which lets errors name the first unknown key.
///
///     let value = try JSONParser.parse(Array(#"{"width": 390}"#.utf8))
///     value["width"]   // .number(390)
public enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number. The parser never produces NaN; it may produce an infinity for a literal that
  /// overflows `Double` (`1e400`), which the decoders reject.
  case number(Double)
  /// A string.
  case string(String)
  /// An array: its elements, a random-access collection.
  case array(JSONArray)
  /// An object: its members in document order, a random-access collection (keys are unique:
  /// the parser rejects duplicates).
  case object(JSONObject)

  /// The value of `key` when this is an object that has it, else `nil`.
  ///
  /// - Complexity: O(m) for an object of m members.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  /// The same value with every array and object built anew as Swift arrays, sharing no buffer
  /// with the document it was parsed from: keep this instead of a small part of a big document,
  /// and the document's buffer is freed with the rest of it.
  ///
  /// - Complexity: O(n) for the n values in it; one allocation for each array and object.
  public func detached() -> JSONValue {
    switch self {
    case .array(let elements): .array(JSONArray(elements.map { $0.detached() }))
    case .object(let members): .object(JSONObject(members.map { JSONMember(key: $0.key, value: $0.value.detached()) }))
    default: self
    }
  }

  /// The kind of value with its article, for error messages: `a number`, `an object`, `null`.
  ///
  /// - Complexity: O(1).
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Hashable, Sendable {
  /// The member's key.
  public var key: String
  /// The member's value.
  public var value: JSONValue

  /// Creates a member.
  ///
  /// - Complexity: O(1).
  public init(key: String, value: JSONValue) {
    self.key = key
    self.value = value
  }
}
