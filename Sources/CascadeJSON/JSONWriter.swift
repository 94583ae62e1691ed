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
  @usableFromInline var needsComma = false

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
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: _maximumNumberLength) { buffer in
      String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: _write(value, to: buffer.baseAddress!)), as: UTF8.self)
    }
  }

  /// The most bytes ``format(_:)`` writes: 24 for a finite `Double` (`-2.2250738585072014e-308`),
  /// 20 for an `Int64`; with room to spare (the eight-byte stores of the integer and
  /// fixed-point paths reach at most 26 bytes).
  @usableFromInline static var _maximumNumberLength: Int { 32 }

  /// Writes ``format(_:)``'s text of `value` at `p` (room for ``_maximumNumberLength`` bytes) and
  /// returns its length. Values from 2^-5 to 2^53 and +0 by ``_writeShortest(_:to:)`` (the
  /// standard library's digits, computed exactly in fixed point; integers as integers); the
  /// rest by the standard library's shortest round-trip formatting (`Double.write(to:)`, the
  /// digits of `description`) straight into the buffer, then a trailing `.0` dropped.
  ///
  /// - Complexity: O(1).
  @inlinable
  static func _write(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
    _writeInline(value, to: p)
  }

  /// ``_write(_:to:)`` with the fixed-point path inlined into the caller: for the loops that
  /// write many numbers from one place (a frame's four).
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  static func _writeInline(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
    if let count = _writeShortestInline(value, to: p) { return count }
    var sink = _ASCIISink(p)
    value.write(to: &sink)
    var count = sink.count
    if count >= 2 && p[count - 2] == UInt8(ascii: ".") && p[count - 1] == UInt8(ascii: "0") { count -= 2 }
    return count
  }

  /// Writes the decimal digits of `value` at `p` and returns their count: eight bytes at a
  /// time (``_writeDigits(_:count:to:)``), so it needs room for 24 bytes and may overwrite up
  /// to 7 bytes after the digits.
  ///
  /// - Complexity: O(1).
  @inlinable
  static func _write(_ value: Int64, to p: UnsafeMutablePointer<UInt8>) -> Int {
    let magnitude = value.magnitude
    if value < 0 {
      p[0] = UInt8(ascii: "-")
      return 1 &+ _writeDigits(magnitude, count: _decimalDigitCount(magnitude), to: p + 1)
    }
    return _writeDigits(magnitude, count: _decimalDigitCount(magnitude), to: p)
  }

  /// Writes an index (a section or an item) at `p`, as the `Int64` writer would, and returns
  /// its length: inlined, the digits of a non-negative index straight away (a negative one,
  /// which no layout answers, by the `Int64` writer).
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  static func _write(index: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
    guard index >= 0 else { return _write(Int64(index), to: p) }
    let value = UInt64(truncatingIfNeeded: index)
    return _writeDigits(value, count: _decimalDigitCount(value), to: p)
  }

  /// Appends what `body` writes at the pointer it is given (at most `maximum` bytes; `body`
  /// returns how many): one copy into `bytes` for a whole element or frame.
  ///
  /// - Complexity: O(maximum).
  /// Copies a static string's bytes to `p`; returns their count.
  @inlinable
  static func _copy(_ text: StaticString, to p: UnsafeMutablePointer<UInt8>) -> Int {
    p.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    return text.utf8CodeUnitCount
  }

  @inlinable
  mutating func _append(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { buffer in
      let count = body(buffer.baseAddress!)
      bytes.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
    }
  }

  /// Runs `body` with a 1 KiB stack buffer to write into and `bytes`; what is left staged is
  /// copied into `bytes` at the end. Many small values then cost one copy per buffer rather than
  /// one `append` each.
  ///
  /// - Complexity: O(1) beyond `body`.
  @inlinable
  mutating func _staged<R>(_ body: (inout _Stage, inout [UInt8]) -> R) -> R {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: _Stage.capacity) { buffer in
      var stage = _Stage(buffer.baseAddress!)
      let result = body(&stage, &bytes)
      stage.flush(into: &bytes)
      return result
    }
  }

  @inlinable mutating func separate() {
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

  /// Writes a key of the protocol's own (a literal with nothing to escape) and its colon: one
  /// copy, no `String` and no scan for escapes.
  ///
  /// - Complexity: O(k) for a key of k bytes.
  @inlinable
  mutating func _key(_ key: StaticString) {
    separate()
    _append(maximum: key.utf8CodeUnitCount &+ 3) { p in
      p[0] = UInt8(ascii: "\"")
      let n = 1 &+ Self._copy(key, to: p + 1)
      p[n] = UInt8(ascii: "\"")
      p[n &+ 1] = UInt8(ascii: ":")
      return n &+ 2
    }
    needsComma = false
  }

  /// Writes a finite number (see ``format(_:)``).
  ///
  /// - Complexity: O(1).
  public mutating func number(_ value: Double) {
    separate()
    _append(maximum: Self._maximumNumberLength) { Self._write(value, to: $0) }
  }

  /// Writes an integer.
  ///
  /// - Complexity: O(1).
  public mutating func integer(_ value: Int) {
    separate()
    _append(maximum: Self._maximumNumberLength) { Self._write(Int64(value), to: $0) }
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

  /// Writes a string, escaping quotes, backslashes and control characters (`\n`, `\r`, `\t`,
  /// the others as `\u00XX` in lower-case hex); every other byte as it is.
  ///
  /// - Complexity: O(k) for a string of k bytes.
  public mutating func string(_ value: String) {
    separate()
    var value = value
    value.withUTF8 { utf8 in
      // Most strings (keys, kinds, cursors) need no escape: one copy between the quotes.
      var clean = true
      for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        clean = false
        break
      }
      bytes.append(UInt8(ascii: "\""))
      if clean {
        bytes.append(contentsOf: utf8)
      } else {
        for byte in utf8 { Self._appendEscaped(byte, to: &bytes) }
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  /// Appends `byte`, escaped if JSON requires it.
  static func _appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "\\"))
    case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
    case 0..<0x20:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 15)]])
    default: bytes.append(byte)
    }
  }
}

/// A `TextOutputStream` over a raw buffer, so that `Double.write(to:)` writes the standard
/// library's digits where the writer wants them, with no `String` in between. Only ASCII ever
/// arrives (numbers); `write(_:)` copies any other text byte by byte all the same.
@usableFromInline
struct _ASCIISink: TextOutputStream {
  @usableFromInline let base: UnsafeMutablePointer<UInt8>
  @usableFromInline var count = 0

  @inlinable init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

  @inlinable mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    (base + count).update(from: buffer.baseAddress!, count: buffer.count)
    count += buffer.count
  }

  @inlinable mutating func write(_ string: String) {
    for byte in string.utf8 { base[count] = byte; count += 1 }
  }
}

/// A stack buffer that bytes are written into at a pointer, then copied into a writer's bytes in
/// one go (see `JSONWriter._staged(_:)`).
@usableFromInline
struct _Stage {
  /// The buffer's size: at most 1 KiB, which `withUnsafeTemporaryAllocation` always places on
  /// the stack (a larger one may go to the heap).
  @usableFromInline static var capacity: Int { 1024 }
  @usableFromInline let base: UnsafeMutablePointer<UInt8>
  /// The bytes written and not yet copied.
  @usableFromInline var count = 0

  @inlinable init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

  /// Copies the staged bytes to `bytes` and empties the stage.
  @inlinable mutating func flush(into bytes: inout [UInt8]) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    count = 0
  }

  /// Where to write up to `maximum` (at most ``capacity``) more bytes, flushing first if they
  /// would not fit; the writer then adds what it wrote to ``count``.
  @inlinable mutating func room(_ maximum: Int, flushingInto bytes: inout [UInt8]) -> UnsafeMutablePointer<UInt8> {
    if count + maximum > Self.capacity { flush(into: &bytes) }
    return base + count
  }

  /// Stages one array element: a comma first when `comma` says one is due (it is, after), then
  /// what `write` writes at the pointer it is given (at most `maximum` bytes, at most
  /// ``capacity`` - 1; it returns the length).
  ///
  /// - Complexity: O(1) beyond `write`, and a flush when the stage is full.
  @inlinable @inline(__always)
  mutating func element(
    _ maximum: Int, comma: inout Bool, flushingInto bytes: inout [UInt8], _ write: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    let p = room(maximum + 1, flushingInto: &bytes)
    var n = 0
    if comma { p[0] = UInt8(ascii: ","); n = 1 }
    comma = true
    count += n + write(p + n)
  }
}
