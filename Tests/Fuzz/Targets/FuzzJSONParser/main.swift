// Fuzz target 1: the JSON parser on any bytes, and the decoders on whatever it parses.
//
// Checks: `JSONParser.parse` returns a value or throws a `JSONError` placed at a line and column
// inside the input, never traps; `CollectionDocument(parsing:)` (whose fast path reads a valid
// document's items straight from the bytes) gives what the general path gives, value or error;
// a value written back (JSONWriter) parses to the same value, each number in the standard
// library's text (`description`, integers below 2^53 without `.0`); the
// document and request decoders take any value without trapping. Time: libFuzzer's `-timeout`
// with inputs up to `-max_len` (64 KiB in Tests/Fuzz/run), where a quadratic case would show.

import CascadeJSON
import FuzzKit
import FuzzSupport

/// `value` as JSON text, or nil when it holds a number JSON cannot write (an infinity).
func write(_ value: JSONValue, into writer: inout JSONWriter) -> Bool {
  switch value {
  case .null: writer.null()
  case .bool(let b): writer.bool(b)
  case .number(let n):
    guard n.isFinite else { return false }
    writer.number(n)
    check(JSONWriter.format(n) == referenceText(n), "\(n) written as \(JSONWriter.format(n)), not \(referenceText(n))")
  case .string(let s): writer.string(s)
  case .array(let elements):
    writer.beginArray()
    for element in elements { guard write(element, into: &writer) else { return false } }
    writer.endArray()
  case .object(let members):
    writer.beginObject()
    for member in members {
      writer.key(member.key)
      guard write(member.value, into: &writer) else { return false }
    }
    writer.endObject()
  }
  return true
}

/// The text the writer must produce for a finite number: the standard library's `description`,
/// an integer below 2^53 (but not -0) without its `.0`.
func referenceText(_ n: Double) -> String {
  if n == n.rounded(.towardZero) && Swift.abs(n) < 0x1p53 && !(n == 0 && n.sign == .minus) { return String(Int64(n)) }
  let text = n.description
  return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// `CollectionDocument(parsing:)`, which reads a valid document's items straight from the bytes.
func documentParsing(_ bytes: [UInt8]) -> Result<CollectionDocument, JSONError> {
  Result { () throws(JSONError) in try CollectionDocument(parsing: bytes) }
}

/// The general path: the parser's value tree, then `CollectionDocument(json:)`.
func documentGeneral(_ bytes: [UInt8]) -> Result<CollectionDocument, JSONError> {
  Result { () throws(JSONError) in try CollectionDocument(json: JSONParser.parse(bytes)) }
}

cascade_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  // The document fast path gives the general path's document, or leaves the bytes to it.
  let general = documentGeneral(bytes)
  check(documentParsing(bytes) == general, "CollectionDocument(parsing:) differs from the general path on \(String(decoding: bytes, as: UTF8.self))")
  if case .success = general { Stats.count("document") }
  let value: JSONValue
  do throws(JSONError) {
    value = try JSONParser.parse(bytes)
  } catch {
    // "invalid JSON at line L, column C: ...", L and C inside the input.
    let text = error.description
    check(error.path.isEmpty && text.hasPrefix("invalid JSON at line "), "unexpected parser error: \(text)")
    let numbers = text.dropFirst("invalid JSON at line ".count).split(separator: ":").first?
      .split(separator: ",").map { Int($0.filter(\.isNumber)) ?? -1 } ?? []
    let lines = bytes.filter { $0 == 0x0A }.count + 1
    check(numbers.count == 2 && numbers[0] >= 1 && numbers[0] <= lines && numbers[1] >= 1 && numbers[1] <= bytes.count + 1,
          "error placed outside the input (\(lines) lines, \(bytes.count) bytes): \(text)")
    Stats.count("error")
    return 0
  }
  Stats.count("value")
  var writer = JSONWriter()
  if write(value, into: &writer) {
    let again = try? JSONParser.parse(writer.bytes)
    check(again == value, "written back as \(writer.text), parsed as \(String(describing: again))")
  }
  _ = try? CollectionDocument(json: value)
  _ = try? SessionRequest(json: value)
  _ = try? JSONObjectReader(value, at: .root)
  return 0
}
