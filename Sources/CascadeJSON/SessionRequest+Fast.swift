// The session's hot request, `page`, decoded straight from its bytes: no `JSONValue` tree, no
// member array, no `[Double]` for the rect. `load` requests too, their collection read by the
// document fast path (`CollectionDocument+Fast.swift`); `SessionRequest(parsing:)` tries both
// before the general path.

import Cascade

extension SessionRequest {
  /// Decodes `line` when it is a well-formed `page` request
  /// (`{"op":"page","rect":[x,y,w,h],"limit":n,"cursor":C}`, keys in any order, any JSON
  /// whitespace, `cursor` optional or `null`), or returns `nil` for anything else, valid or not:
  /// the caller then runs the general path (``JSONParser/parse(_:)`` and
  /// ``init(json:)``), which decides and words every error. So this path never fails a line
  /// on its own, and it accepts a line only when the general path accepts it with the same
  /// request: it reads numbers and the cursor with the parser's own methods, keys and the op
  /// as bytes (no `String` made unless they hold an escape), and gives up on a BOM, an
  /// unknown, missing or repeated key, a value of another type, a non-finite or non-integral
  /// number where the general path refuses one, or trailing bytes.
  ///
  /// - Complexity: O(b) for a line of b bytes; no allocation but the cursor's `String`.
  static func fastPage(_ line: [UInt8]) -> SessionRequest? {
    line.withUnsafeBufferPointer { buffer in
      var reader = _Reader(buffer)
      return reader.pageRequest()
    }
  }
}

extension SessionRequest {
  /// Decodes `line` when it is a valid `load` request (`{"op":"load","collection":{...}}`, keys
  /// in any order, any JSON whitespace) whose collection ``CollectionDocument``'s fast path
  /// takes, or returns `nil` for anything else, valid or not: the caller then runs the general
  /// path, which decides and words every error. It gives up as soon as `op` is not `load`, so a
  /// line of another request costs a few comparisons; and on a BOM, an unknown or repeated key,
  /// or trailing bytes.
  ///
  /// - Complexity: O(b) for a line of b bytes; the collection's items read without a
  ///   ``JSONValue`` each.
  static func fastLoad(_ line: [UInt8]) -> SessionRequest? {
    _Reader.reading(line) { $0.loadRequest() }
  }

  /// Decodes a request line: `page` and `load` requests by their fast paths
  /// (``fastPage(_:)``, ``fastLoad(_:)``), anything else and every error by the general path,
  /// ``JSONParser/parse(_:)`` and ``init(json:)``, whose result and errors these are.
  ///
  ///     try SessionRequest(parsing: Array(#"{"op":"query","rect":[0,0,390,844]}"#.utf8))
  ///
  /// - Complexity: O(b) for a line of b bytes.
  public init(parsing line: [UInt8]) throws(JSONError) {
    if let request = Self.fastPage(line) ?? Self.fastLoad(line) {
      self = request
    } else {
      self = try SessionRequest(json: JSONParser.parse(line))
    }
  }
}

extension _Reader {
  /// Reads an object whose keys the fast paths know, each named by a bit: `keyBit` gives a
  /// key's bit (0 for a key it does not know) from its bytes, and `member` reads the value of
  /// the key with that bit (the reader at the value; after it when `member` returns `true`).
  /// Returns the bits of the keys read, or `nil` on an empty object, an unknown or repeated key,
  /// a value `member` refuses, or a malformed object: the fast paths then give up.
  ///
  /// Inlined into each fast path, so that `member` is too: called through a closure, it cost an
  /// item object ~70 instructions more (callgrind, a feed's `load`). The `page` request keeps a
  /// loop of its own: through this one, its key's bit was read by a closure call and a request
  /// cost ~150 instructions more (~3,000 to decode one).
  ///
  /// - Complexity: O(b) for the object's b bytes, besides what `member` does.
  @inline(__always)
  mutating func knownMembers(
    _ keyBit: (UnsafeBufferPointer<UInt8>) -> UInt8, _ member: (inout _Reader, UInt8) -> Bool
  ) -> UInt8? {
    guard current == UInt8(ascii: "{"), (try? enter()) != nil else { return nil }
    position += 1
    var seen: UInt8 = 0
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\""), let bit = readString(keyBit), bit != 0, seen & bit == 0 else { return nil }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { return nil }
      position += 1
      skipWhitespace()
      guard member(&self, bit) else { return nil }
      seen |= bit
      skipWhitespace()
      if current == UInt8(ascii: ",") { position += 1; continue }
      guard current == UInt8(ascii: "}") else { return nil }
      position += 1
      depth -= 1
      return seen
    }
  }

  /// See ``SessionRequest/fastLoad(_:)``.
  mutating func loadRequest() -> SessionRequest? {
    let op: UInt8 = 1, collection: UInt8 = 2
    var document: CollectionDocument?
    skipWhitespace()
    let seen = knownMembers({ Self.equal($0, "op") ? op : Self.equal($0, "collection") ? collection : 0 }) { reader, bit in
      if bit == op { return reader.current == UInt8(ascii: "\"") && reader.readString({ Self.equal($0, "load") }) == true }
      document = reader.documentValue()
      return document != nil
    }
    skipWhitespace()
    guard position == bytes.count, seen == op | collection, let document else { return nil }
    return .load(document)
  }

  /// See ``SessionRequest/fastPage(_:)``.
  mutating func pageRequest() -> SessionRequest? {
    let op: UInt8 = 1, rectBit: UInt8 = 2, limitBit: UInt8 = 4, cursorBit: UInt8 = 8
    var seen: UInt8 = 0
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    var limit = 0
    var cursor: String?
    skipWhitespace()
    guard current == UInt8(ascii: "{") else { return nil }
    position += 1
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\""), let key = readString(Self.keyBit) else { return nil }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { return nil }
      position += 1
      skipWhitespace()
      let bit = key
      switch key {
      case op:
        guard current == UInt8(ascii: "\""), readString({ Self.equal($0, "page") }) == true else { return nil }
      case rectBit:
        guard current == UInt8(ascii: "["),
              let a = finiteElement(first: true), let b = finiteElement(first: false),
              let c = finiteElement(first: false), let d = finiteElement(first: false) else { return nil }
        skipWhitespace()
        guard current == UInt8(ascii: "]") else { return nil }
        position += 1
        (x, y, width, height) = (a, b, c, d)
      case limitBit:
        // As `JSONValue.integer(at:)` then `limit >= 1`: finite, integral, at most 2^53.
        guard let value = numberValue(), value >= 1, value <= 0x1p53, Double(Int64(value)) == value else { return nil }
        limit = Int(value)
      case cursorBit:
        if current == UInt8(ascii: "n") {
          guard (try? literal("null")) != nil else { return nil }
          cursor = nil
        } else {
          guard current == UInt8(ascii: "\""), let token = try? string() else { return nil }
          cursor = token
        }
      default:
        return nil
      }
      guard seen & bit == 0 else { return nil }
      seen |= bit
      skipWhitespace()
      if current == UInt8(ascii: ",") { position += 1; continue }
      guard current == UInt8(ascii: "}") else { return nil }
      position += 1
      break
    }
    skipWhitespace()
    guard position == bytes.count, seen & (op | rectBit | limitBit) == op | rectBit | limitBit else { return nil }
    return .page(Rect(x: x, y: y, width: width, height: height), limit: limit, cursor: cursor)
  }

  /// The bit of `pageRequest()`'s key `text` (`op` 1, `rect` 2, `limit` 4, `cursor` 8), 0 for
  /// any other key.
  static func keyBit(_ text: UnsafeBufferPointer<UInt8>) -> UInt8 {
    equal(text, "op") ? 1 : equal(text, "rect") ? 2 : equal(text, "limit") ? 4 : equal(text, "cursor") ? 8 : 0
  }

  /// Reads a string and returns `match` of its UTF-8 bytes: straight from the line when it has
  /// no escape (no `String` made), else those of the decoded string, as the general path reads
  /// it (`"\u006fp"` is the key `op` there too); `nil` when the string is malformed.
  mutating func readString<R>(_ match: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    let start = position
    if let plain = plainString() { return match(plain) }
    position = start
    guard var text = try? string() else { return nil }
    return text.withUTF8(match)
  }

  /// Whether `text` is exactly the bytes of `literal`.
  static func equal(_ text: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
    guard text.count == literal.utf8CodeUnitCount else { return false }
    for i in 0..<text.count where text[i] != literal.utf8Start[i] { return false }
    return true
  }

  /// A number value, as ``value()`` reads one, or `nil` when the next value is not a number or
  /// is a malformed one (whose read may have stopped inside it: a caller gives up on `nil`).
  @inline(__always)
  mutating func numberValue() -> Double? {
    guard let byte = current, Self.startsNumber(byte) else { return nil }
    return numberLiteral()
  }

  /// The `[` (when `first`) or `,` before an array element, then the element, which must be a
  /// finite number.
  mutating func finiteElement(first: Bool) -> Double? {
    if !first { skipWhitespace() }
    guard current == (first ? UInt8(ascii: "[") : UInt8(ascii: ",")) else { return nil }
    position += 1
    skipWhitespace()
    guard let value = numberValue(), value.isFinite else { return nil }
    return value
  }
}
