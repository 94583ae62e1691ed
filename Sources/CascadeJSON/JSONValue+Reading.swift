// Typed reads of JSON values, each failing with the value's path and what was expected.

extension JSONValue {
  /// The number this value holds, which may be infinite (`1e400`): the caller's validation
  /// names that case. A boolean is not a number.
  ///
  ///     try JSONValue.bool(true).number(at: .root.key("width"))
  ///     // JSONError "width: expected a number, got a boolean"
  ///
  /// - Complexity: O(1); the path is built only on failure.
  public func number(at path: @autoclosure () -> JSONPath) throws(JSONError) -> Double {
    guard case .number(let value) = self else {
      throw JSONError(path(), "expected a number, got \(kindDescription)")
    }
    return value
  }

  /// The finite number this value holds.
  ///
  /// - Complexity: O(1); the path is built only on failure.
  public func finiteNumber(at path: @autoclosure () -> JSONPath) throws(JSONError) -> Double {
    let value = try number(at: path())
    guard value.isFinite else { throw JSONError(path(), "must be finite") }
    return value
  }

  /// The integer this value holds: a finite number with no fractional part (`2` and `2.0`,
  /// not `2.5`), of magnitude at most 2^53 so that it is exact.
  ///
  /// - Complexity: O(1); the path is built only on failure.
  public func integer(at path: @autoclosure () -> JSONPath) throws(JSONError) -> Int {
    guard case .number(let value) = self else {
      throw JSONError(path(), "expected an integer, got \(kindDescription)")
    }
    guard value.isFinite, value == value.rounded(.towardZero) else {
      throw JSONError(path(), "expected an integer, got \(value.isFinite ? JSONWriter.format(value) : "a non-finite number")")
    }
    guard Swift.abs(value) <= 0x1p53 else { throw JSONError(path(), "integer \(JSONWriter.format(value)) is too large") }
    return Int(value)
  }

  /// The string this value holds.
  ///
  /// - Complexity: O(1); the path is built only on failure.
  public func string(at path: @autoclosure () -> JSONPath) throws(JSONError) -> String {
    guard case .string(let value) = self else { throw JSONError(path(), "expected a string, got \(kindDescription)") }
    return value
  }

  /// The elements of the array this value holds.
  ///
  /// - Complexity: O(1); the path is built only on failure.
  public func array(at path: @autoclosure () -> JSONPath) throws(JSONError) -> JSONArray {
    guard case .array(let value) = self else { throw JSONError(path(), "expected an array, got \(kindDescription)") }
    return value
  }

  /// An array of exactly `count` finite numbers, such as a frame `[x, y, width, height]`.
  /// `shape` names the expected form in the error, e.g. `[x, y, width, height]`.
  ///
  /// - Complexity: O(count); paths are built only on failure.
  public func finiteNumbers(
    _ count: Int, shape: String, at path: @autoclosure () -> JSONPath
  ) throws(JSONError) -> [Double] {
    guard case .array(let elements) = self, elements.count == count else {
      throw JSONError(path(), "expected \(shape), an array of \(count) numbers, got \(describeShape())")
    }
    var numbers: [Double] = []
    numbers.reserveCapacity(count)
    for (i, element) in elements.enumerated() { numbers.append(try element.finiteNumber(at: path().index(i))) }
    return numbers
  }

  /// `an array of 3 values`, or the kind of value.
  func describeShape() -> String {
    if case .array(let elements) = self { return "an array of \(elements.count) value\(elements.count == 1 ? "" : "s")" }
    return kindDescription
  }
}

/// Reads the members of one JSON object by key, then rejects any member nobody asked for.
///
///     var reader = try JSONObjectReader(value, at: path)
///     let width = try reader.take("width")?.number(at: path.key("width"))
///     try reader.finish(at: path)   // "colums: unknown key" if the object had a typo
public struct JSONObjectReader {
  /// The object's members, in document order.
  public let members: JSONObject
  /// Which of the first 64 members have been taken. Valid objects have far fewer keys, so an
  /// object with more always has an untaken key among its first 64.
  private var taken: UInt64 = 0

  /// Starts reading `value`, which must be an object.
  ///
  /// - Complexity: O(1); the path is built only on failure.
  public init(_ value: JSONValue, at path: @autoclosure () -> JSONPath) throws(JSONError) {
    guard case .object(let members) = value else {
      throw JSONError(path(), "expected an object, got \(value.kindDescription)")
    }
    self.members = members
  }

  /// The value of `key`, or `nil` when the object does not have it.
  ///
  /// - Complexity: O(m) for m members.
  public mutating func take(_ key: String) -> JSONValue? {
    guard let i = members.index(forKey: key) else { return nil }
    if i < 64 { taken |= 1 << UInt64(i) }
    return members.value(at: i)
  }

  /// The value of `key`, which must be present.
  ///
  /// - Complexity: O(m) for m members; the path is built only on failure.
  public mutating func require(_ key: String, at path: @autoclosure () -> JSONPath) throws(JSONError) -> JSONValue {
    guard let value = take(key) else { throw JSONError(path().key(key), "required key is missing") }
    return value
  }

  /// Whether the object has `key`, without taking it.
  ///
  /// - Complexity: O(m) for m members.
  public func has(_ key: String) -> Bool { members.index(forKey: key) != nil }

  /// Fails on the first member that was not taken: `sections[0].colums: unknown key`.
  ///
  /// - Complexity: O(m) for m members; the path is built only on failure.
  public func finish(at path: @autoclosure () -> JSONPath) throws(JSONError) {
    for i in 0..<Swift.min(members.count, 64) where taken & (1 << UInt64(i)) == 0 {
      throw JSONError(path().key(members.key(at: i)), "unknown key")
    }
  }
}
