// A collection document decoded with its items read straight from the bytes: no `JSONValue`
// for each item, no member array for an item's object, no array for its `size`.

import Cascade

extension CollectionDocument {
  /// Decodes `bytes` when it is a valid collection document, reading each section's `items`
  /// straight into ``WaterfallItem``s; returns `nil` for anything it does not take, valid or not.
  /// The caller then runs the general path (``JSONParser/parse(_:)`` and ``init(json:at:)``),
  /// which decides and words every error.
  ///
  /// Everything but the items goes through the general path's own pieces: the document's other
  /// members and each section's are parsed by the parser's `value()` and decoded by
  /// ``init(json:at:)`` and `WaterfallSection(json:at:)` (given without their sections and
  /// items); an item's numbers by the parser's `number()`, its `span`, `id` and `column` by the
  /// readers the general path uses, and the item is checked with the core's rules. It gives up
  /// on a duplicate key at any level, an unknown item key, an item value of another type, an
  /// invalid item, anything the general decoders refuse, or trailing bytes. So it accepts a
  /// document only when the general path accepts it with the same value.
  ///
  /// - Complexity: O(b) for b bytes; one allocation for each section's items (besides the item
  ///   stack's growth, which stops once it holds the biggest section) and none for each item
  ///   (but an `id` string's).
  static func _fast(_ bytes: [UInt8]) -> CollectionDocument? {
    _Reader.reading(bytes) { $0.collectionDocument() }
  }
}

extension _Reader {
  /// See ``CollectionDocument/_fast(_:)``.
  mutating func collectionDocument() -> CollectionDocument? {
    // As `document()`: a UTF-8 byte order mark is tolerated.
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
    skipWhitespace()
    guard let document = documentValue() else { return nil }
    skipWhitespace()
    return position == bytes.count ? document : nil
  }

  /// The document object at the reader's position (`load`'s `collection` too), the reader then
  /// after it; `nil` where ``CollectionDocument/_fast(_:)`` gives up.
  mutating func documentValue() -> CollectionDocument? {
    var members: [JSONMember] = []
    var sections: [WaterfallSection]?
    guard self.members(of: &members, reading: "sections", into: { reader throws(JSONError) in
      guard sections == nil, let read = reader.sections() else { throw JSONError(.root, "") }
      sections = read
    }), var document = try? CollectionDocument(json: .object(JSONObject(members)), at: .root) else { return nil }
    document.sections = sections ?? []
    return document
  }

  /// Reads an object whose members, but `special`, are appended to `members` as the general
  /// parser reads them; `special`'s value is read by `readSpecial`, which throws to give up.
  /// `false` when the next value is not such an object, a key repeats, or it has more than
  /// ``memberLimit`` other members.
  mutating func members(
    of members: inout [JSONMember], reading special: String,
    into readSpecial: (inout _Reader) throws(JSONError) -> Void
  ) -> Bool {
    guard current == UInt8(ascii: "{"), (try? enter()) != nil else { return false }
    position += 1
    skipWhitespace()
    if current == UInt8(ascii: "}") { position += 1; depth -= 1; return true }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\""), let key = try? string() else { return false }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { return false }
      position += 1
      skipWhitespace()
      if key == special {
        do throws(JSONError) { try readSpecial(&self) } catch { return false }
      } else {
        // A document or a section has a dozen keys at most; past `memberLimit` the general
        // path, which finds duplicates by hashing, takes the object (this scan is quadratic).
        guard members.count < Self.memberLimit, !members.contains(where: { $0.key == key }),
              let value = try? value() else { return false }
        members.append(JSONMember(key: key, value: value))
      }
      skipWhitespace()
      if current == UInt8(ascii: ",") { position += 1; continue }
      guard current == UInt8(ascii: "}") else { return false }
      position += 1
      depth -= 1
      return true
    }
  }

  /// The most members ``members(of:reading:into:)`` takes besides the special one.
  static var memberLimit: Int { 64 }

  /// Reads an array, calling `element` at each of its values (the reader at the value's first
  /// byte; after the value when `element` returns `true`); `false` when the next value is not
  /// an array, the array is malformed, or `element` gives up.
  @inline(__always)
  mutating func elements(_ element: (inout _Reader) -> Bool) -> Bool {
    guard current == UInt8(ascii: "["), (try? enter()) != nil else { return false }
    position += 1
    skipWhitespace()
    if current == UInt8(ascii: "]") { position += 1; depth -= 1; return true }
    while true {
      skipWhitespace()
      guard element(&self) else { return false }
      skipWhitespace()
      if current == UInt8(ascii: ",") { position += 1; continue }
      guard current == UInt8(ascii: "]") else { return false }
      position += 1
      depth -= 1
      return true
    }
  }

  /// The document's `sections`.
  mutating func sections() -> [WaterfallSection]? {
    var sections: [WaterfallSection] = []
    guard elements({ reader in
      guard let section = reader.section() else { return false }
      sections.append(section)
      return true
    }) else { return nil }
    return sections
  }

  /// One section: its `items` read here, its other members by `WaterfallSection(json:at:)`.
  mutating func section() -> WaterfallSection? {
    var members: [JSONMember] = []
    var items: [WaterfallItem]?
    guard self.members(of: &members, reading: "items", into: { reader throws(JSONError) in
      guard items == nil, let read = reader.items() else { throw JSONError(.root, "") }
      items = read
    }), var section = try? WaterfallSection(json: .object(JSONObject(members)), at: .root) else { return nil }
    section.items = items ?? []
    return section
  }

  /// A section's `items`. They are gathered on the reader's item stack, whose capacity stays
  /// from one section to the next, and moved out at the `]` into an array of their exact count
  /// (a big section takes the stack's storage: see `pop(from:top:to:leaving:)`): an array grown
  /// item by item copied its items (80 bytes each then, 56 now) at each doubling (for a feed of
  /// 1,000 sections of 1,000 items, 5% of a `load`'s instructions in `memcpy`).
  mutating func items() -> [WaterfallItem]? {
    let base = itemTop, start = position + 1
    guard elements({ reader in
      guard let next = reader.item() else { return false }
      if reader.itemTop == reader.itemStack.capacity {
        Self.grow(&reader.itemStack, elements: reader.itemTop - base, bytes: reader.position - start, left: reader.bytes.count - reader.position)
      }
      Self.push(next, onto: &reader.itemStack, top: &reader.itemTop)
      return true
    }) else { return nil }
    return Self.pop(from: &itemStack, top: &itemTop, to: base, leaving: .height(0))
  }

  /// One item, as ``WaterfallItem/init(json:at:)`` reads it: a number (its height) or an object
  /// of `height` or `size`, and optionally `span`, `id` and `column`.
  ///
  /// A value that starts as a number is a number or nothing: a malformed one (`2e{…}`) gives up
  /// here, since its read stops inside it, and an object read from there would take what
  /// follows as the item (the general path refuses the document).
  @inline(__always)
  mutating func item() -> WaterfallItem? {
    guard let byte = current else { return nil }
    if Self.startsNumber(byte) {
      guard let height = numberLiteral() else { return nil }
      let item = WaterfallItem.height(height)
      return item._isValid ? item : nil
    }
    return plainItemObject() ?? itemObject()
  }

  /// The number literal at the reader's position, as ``number()`` reads it, its plain integer
  /// path inline; `nil` where it throws.
  @inline(__always)
  mutating func numberLiteral() -> Double? {
    plainInteger() ?? (try? generalNumber())
  }

  /// An item object of a measure and maybe a span, in that order (`{"size": [w, h]}`,
  /// `{"height": h, "span": "full"}`), what nearly every item object of a feed is: its keys
  /// matched byte for byte and its numbers read inline, without ``itemObject()``'s reading of
  /// each key into a bit and its closure for each member (which cost a `size` item about 600
  /// instructions, callgrind). Any other object (other keys, escaped ones, another order, more
  /// members, malformed), or an invalid item: `nil`, the reader back at the `{` for
  /// ``itemObject()``.
  @inline(never)
  mutating func plainItemObject() -> WaterfallItem? {
    let start = position, startDepth = depth
    var second = false
    if let item = plainItemObjectBody(span: false, second: &second) { return item }
    position = start
    depth = startDepth
    // A second member after the measure: read again by the copy that takes a span.
    if second, let item = plainItemObjectBody(span: true, second: &second) { return item }
    position = start
    depth = startDepth
    return nil
  }

  /// ``plainItemObject()``'s read, which may stop anywhere: with `span` (a constant: a copy of
  /// it each) a `span` member may follow the measure; without, a member there stops the read
  /// with `second` set. Two copies, because the one that reads a span made every item of the
  /// other 13% dearer (callgrind, `photos`), a span or not.
  @inline(__always)
  private mutating func plainItemObjectBody(span takesSpan: Bool, second: inout Bool) -> WaterfallItem? {
    guard current == UInt8(ascii: "{"), (try? enter()) != nil else { return nil }
    position += 1
    skipWhitespace()
    let isSize: Bool
    if follows("\"size\"") {
      isSize = true
    } else if follows("\"height\"") {
      isSize = false
    } else {
      return nil
    }
    skipWhitespace()
    guard current == UInt8(ascii: ":") else { return nil }
    position += 1
    skipWhitespace()
    let measured: WaterfallItem
    if isSize {
      guard current == UInt8(ascii: "[") else { return nil }
      position += 1
      skipWhitespace()
      guard let width = numberValue() else { return nil }
      skipWhitespace()
      guard current == UInt8(ascii: ",") else { return nil }
      position += 1
      skipWhitespace()
      guard let height = numberValue() else { return nil }
      skipWhitespace()
      guard current == UInt8(ascii: "]") else { return nil }
      position += 1
      measured = .size(width: width, height: height)
    } else {
      guard let height = numberValue() else { return nil }
      measured = .height(height)
    }
    skipWhitespace()
    let item: WaterfallItem
    if takesSpan {
      guard current == UInt8(ascii: ","), let span = spanMember() else { return nil }
      item = WaterfallItem(measured.measure, span: span)
    } else {
      if current == UInt8(ascii: ",") {
        second = true
        return nil
      }
      item = measured
    }
    guard current == UInt8(ascii: "}"), item._isValid else { return nil }
    position += 1
    depth -= 1
    return item
  }

  /// The `, "span": …` member after an item object's measure (the reader at its comma), read as
  /// ``itemObject()`` reads a span but for an escaped `"full"` (left to it), the reader then
  /// past it and the whitespace after it; `nil` for any other member or a malformed span.
  /// Called only by the matcher's copy that takes a span, which is tried only after the other
  /// stopped at the comma.
  @inline(never)
  private mutating func spanMember() -> WaterfallItem.Span? {
    position += 1
    skipWhitespace()
    guard follows("\"span\"") else { return nil }
    skipWhitespace()
    guard current == UInt8(ascii: ":") else { return nil }
    position += 1
    skipWhitespace()
    let span: WaterfallItem.Span
    if follows("\"full\"") {
      span = .full
    } else {
      guard let k = integerValue() else { return nil }
      span = .columns(k)
    }
    skipWhitespace()
    return span
  }

  /// An integer value, as the general decoders read a span's or a column's (a number that is a
  /// whole `Int`), or `nil`. O(d) for a literal of d bytes.
  mutating func integerValue() -> Int? {
    guard let value = numberValue() else { return nil }
    return try? JSONValue.number(value).integer(at: .root)
  }

  /// Whether the bytes at the reader's position are `literal`'s, the reader then past them.
  @inline(__always)
  private mutating func follows(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard bytes.count - position >= count else { return false }
    for k in 0..<count where bytes[position + k] != literal.utf8Start[k] { return false }
    position += count
    return true
  }

  /// An item given as an object (see ``item()``). Out of ``item()``, so that a height item's
  /// path keeps none of this one's state: inline, it cost a height item 17 instructions.
  mutating func itemObject() -> WaterfallItem? {
    let heightBit: UInt8 = 1, sizeBit: UInt8 = 2, spanBit: UInt8 = 4, idBit: UInt8 = 8, columnBit: UInt8 = 16
    var height = 0.0, width = 0.0
    var span: WaterfallItem.Span?, id: ItemID?, column: Int?
    // `{}` has neither a height nor a size: `knownMembers` leaves it, and the general path
    // words that.
    guard let seen = knownMembers(Self.itemKeyBit, { reader, bit in
      switch bit {
      case heightBit:
        guard let value = reader.numberValue() else { return false }
        height = value
      case sizeBit:
        // Read as the page request's rect is: a size that is not finite fails the core's
        // check anyway, and the general path words that.
        guard let w = reader.finiteElement(first: true), let h = reader.finiteElement(first: false) else { return false }
        reader.skipWhitespace()
        guard reader.current == UInt8(ascii: "]") else { return false }
        reader.position += 1
        (width, height) = (w, h)
      case spanBit:
        if reader.current == UInt8(ascii: "\"") {
          guard reader.readString({ Self.equal($0, "full") }) == true else { return false }
          span = .full
        } else {
          guard let k = reader.integerValue() else { return false }
          span = .columns(k)
        }
      case idBit:
        if reader.current == UInt8(ascii: "\"") {
          guard let text = try? reader.string() else { return false }
          id = .string(text)
        } else {
          guard let value = reader.numberValue(), let read = try? ItemID(json: .number(value), at: .root) else { return false }
          id = read
        }
      case columnBit:
        guard let k = reader.integerValue() else { return false }
        column = k
      default:
        return false
      }
      return true
    }) else { return nil }
    // Exactly one of `height` and `size`, as the general path requires.
    let measure: WaterfallItem.Measure
    switch seen & (heightBit | sizeBit) {
    case heightBit: measure = .height(height)
    case sizeBit: measure = .size(width: width, height: height)
    default: return nil
    }
    // Made once, whole, and returned by its last use. (The item's first packed form, of six
    // fields, set property by property and returned from a conditional, was copied twice
    // through its value witness here: callgrind.)
    let item = WaterfallItem(measure, span: span ?? .columns(1), id: id, column: column)
    guard item._isValid else { return nil }
    return item
  }

  /// The bit of `item()`'s key `text` (`height` 1, `size` 2, `span` 4, `id` 8, `column` 16),
  /// 0 for any other key.
  static func itemKeyBit(_ text: UnsafeBufferPointer<UInt8>) -> UInt8 {
    equal(text, "size") ? 2 : equal(text, "height") ? 1 : equal(text, "span") ? 4 : equal(text, "id") ? 8 : equal(text, "column") ? 16 : 0
  }
}
