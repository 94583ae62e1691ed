// A small JSON writer: compact output, keys in the order they are written, numbers that read
// back to the same Double.

/// Writes compact JSON text into a byte buffer, in exactly the order of the calls.
///
///     var writer = JSONWriter()
///     writer.beginObject()
///     writer.key("contentSize"); writer.numbers([390, 224.5])
///     writer.endObject()
///     writer.text   // {"contentSize":[390,224.5]}
///
/// The writer does not check structure; its callers write well-formed sequences.
public struct JSONWriter: Sendable {
  /// The UTF-8 text written so far.
  public var bytes: [UInt8] = []
  /// Whether the next value in the current container needs a comma before it.
  private var needsComma = false

  /// Creates an empty writer.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// The text written so far.
  ///
  /// - Complexity: O(b) for b bytes.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// A number as JSON text that reads back to the same `Double`: the shortest round-trip
  /// digits (Swift's `description`), integral values without `.0` (`390`, `-0`, `1e+16`).
  /// `value` must be finite.
  ///
  /// - Complexity: O(1).
  public static func format(_ value: Double) -> String {
    if value == value.rounded(.towardZero) && Swift.abs(value) < 0x1p53 && !(value == 0 && value.sign == .minus) {
      return String(Int64(value))
    }
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    needsComma = true
  }

  /// Writes `{`.
  ///
  /// - Complexity: O(1).
  public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }

  /// Writes `}`.
  ///
  /// - Complexity: O(1).
  public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }

  /// Writes `[`.
  ///
  /// - Complexity: O(1).
  public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }

  /// Writes `]`.
  ///
  /// - Complexity: O(1).
  public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

  /// Writes an object key and its colon; the value follows.
  ///
  /// - Complexity: O(k) for a key of k bytes.
  public mutating func key(_ key: String) {
    string(key)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes a finite number (see ``format(_:)``).
  ///
  /// - Complexity: O(1).
  public mutating func number(_ value: Double) {
    separate()
    bytes.append(contentsOf: Self.format(value).utf8)
  }

  /// Writes an integer.
  ///
  /// - Complexity: O(1).
  public mutating func integer(_ value: Int) {
    separate()
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Writes an array of finite numbers, such as a frame.
  ///
  /// - Complexity: O(k) for k numbers.
  public mutating func numbers(_ values: [Double]) {
    beginArray()
    for value in values { number(value) }
    endArray()
  }

  /// Writes `true` or `false`.
  ///
  /// - Complexity: O(1).
  public mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes `null`.
  ///
  /// - Complexity: O(1).
  public mutating func null() {
    separate()
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes a string, escaping quotes, backslashes and control characters.
  ///
  /// - Complexity: O(k) for a string of k bytes.
  public mutating func string(_ value: String) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20:
        let hex = String(byte, radix: 16)
        bytes.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
