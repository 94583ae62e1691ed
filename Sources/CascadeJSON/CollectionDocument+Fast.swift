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
    bytes.withUnsafeBufferPointer { buffer in
      var reader = _Reader(buffer)
      return reader.collectionDocument()
    }
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
    }), var document = try? CollectionDocument(json: .object(members), at: .root) else { return nil }
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

  /// An array read by `element` for each of its values; `nil` when the next value is not an
  /// array or `element` gives up.
  mutating func array<Element>(of element: (inout _Reader) -> Element?) -> [Element]? {
    guard current == UInt8(ascii: "["), (try? enter()) != nil else { return nil }
    position += 1
    var elements: [Element] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") { position += 1; depth -= 1; return elements }
    while true {
      skipWhitespace()
      guard let next = element(&self) else { return nil }
      elements.append(next)
      skipWhitespace()
      if current == UInt8(ascii: ",") { position += 1; continue }
      guard current == UInt8(ascii: "]") else { return nil }
      position += 1
      depth -= 1
      return elements
    }
  }

  /// The document's `sections`.
  mutating func sections() -> [WaterfallSection]? {
    array { reader in reader.section() }
  }

  /// One section: its `items` read here, its other members by `WaterfallSection(json:at:)`.
  mutating func section() -> WaterfallSection? {
    var members: [JSONMember] = []
    var items: [WaterfallItem]?
    guard self.members(of: &members, reading: "items", into: { reader throws(JSONError) in
      guard items == nil, let read = reader.items() else { throw JSONError(.root, "") }
      items = read
    }), var section = try? WaterfallSection(json: .object(members), at: .root) else { return nil }
    section.items = items ?? []
    return section
  }

  /// A section's `items`. They are gathered on the reader's item stack, whose capacity stays
  /// from one section to the next, and moved out at the `]` into an array of their exact count
  /// (a big section takes the stack's storage: see `pop(from:top:to:leaving:)`): an array grown
  /// item by item copied its 80-byte items at each doubling (for a feed of 1,000 sections of
  /// 1,000 items, 5% of a `load`'s instructions in `memcpy`).
  mutating func items() -> [WaterfallItem]? {
    guard current == UInt8(ascii: "["), (try? enter()) != nil else { return nil }
    position += 1
    let base = itemTop, start = position
    skipWhitespace()
    if current == UInt8(ascii: "]") { position += 1; depth -= 1; return [] }
    while true {
      skipWhitespace()
      guard let next = item() else { return nil }
      if itemTop == itemStack.capacity { growItemStack(items: itemTop - base, bytes: position - start) }
      Self.push(next, onto: &itemStack, top: &itemTop)
      skipWhitespace()
      if current == UInt8(ascii: ",") { position += 1; continue }
      guard current == UInt8(ascii: "]") else { return nil }
      position += 1
      depth -= 1
      return Self.pop(from: &itemStack, top: &itemTop, to: base, leaving: .height(0))
    }
  }

  /// Makes room on the item stack when it is full, `items` items of the section read from
  /// `bytes` bytes. Below ``_Reader/handOverCount`` items it doubles; above, it reserves what the
  /// bytes left in the input would hold at the section's bytes per item so far, at most eight
  /// times the stack's size. Doubling a million 80-byte items copied 160 MB into fresh memory,
  /// twice the section's own size, and made the fast path slower than the general one on a
  /// section of a million heights. The guess may be too big (later sections' bytes count too),
  /// which costs address space, not memory: pages never written are never mapped.
  ///
  /// - Complexity: O(top), the copy of the stack.
  mutating func growItemStack(items: Int, bytes used: Int) {
    let size = Swift.max(itemStack.capacity, 1)
    var capacity = 2 * size
    if items >= Self.handOverCount && used > 0 {
      let guess = itemTop + (bytes.count - position) / Swift.max(used / items, 1) + 1
      capacity = Swift.min(Swift.max(guess, capacity), 8 * size)
    }
    itemStack.reserveCapacity(capacity)
  }

  /// One item, as ``WaterfallItem/init(json:at:)`` reads it: a number (its height) or an object
  /// of `height` or `size`, and optionally `span`, `id` and `column`.
  mutating func item() -> WaterfallItem? {
    if let height = numberValue() {
      let item = WaterfallItem.height(height)
      return WaterfallItem._problem(item) == nil ? item : nil
    }
    guard current == UInt8(ascii: "{"), (try? enter()) != nil else { return nil }
    position += 1
    let heightBit: UInt8 = 1, sizeBit: UInt8 = 2, spanBit: UInt8 = 4, idBit: UInt8 = 8, columnBit: UInt8 = 16
    var seen: UInt8 = 0
    var height = 0.0, width = 0.0
    var span: WaterfallItem.Span?, id: ItemID?, column: Int?
    skipWhitespace()
    // `{}` has neither a height nor a size: the general path words that.
    guard current != UInt8(ascii: "}") else { return nil }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\""), let key = readString(Self.itemKeyBit), key != 0 else { return nil }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { return nil }
      position += 1
      skipWhitespace()
      switch key {
      case heightBit:
        guard let value = numberValue() else { return nil }
        height = value
      case sizeBit:
        guard current == UInt8(ascii: "["), (try? enter()) != nil else { return nil }
        position += 1
        skipWhitespace()
        guard let w = numberValue() else { return nil }
        skipWhitespace()
        guard current == UInt8(ascii: ",") else { return nil }
        position += 1
        skipWhitespace()
        guard let h = numberValue() else { return nil }
        skipWhitespace()
        guard current == UInt8(ascii: "]") else { return nil }
        position += 1
        depth -= 1
        (width, height) = (w, h)
      case spanBit:
        if current == UInt8(ascii: "\"") {
          guard readString({ Self.equal($0, "full") }) == true else { return nil }
          span = .full
        } else {
          guard let value = numberValue(), let k = try? JSONValue.number(value).integer(at: .root) else { return nil }
          span = .columns(k)
        }
      case idBit:
        if current == UInt8(ascii: "\"") {
          guard let text = try? string() else { return nil }
          id = .string(text)
        } else {
          guard let value = numberValue(), let read = try? ItemID(json: .number(value), at: .root) else { return nil }
          id = read
        }
      case columnBit:
        guard let value = numberValue(), let k = try? JSONValue.number(value).integer(at: .root) else { return nil }
        column = k
      default:
        return nil
      }
      guard seen & key == 0 else { return nil }
      seen |= key
      skipWhitespace()
      if current == UInt8(ascii: ",") { position += 1; continue }
      guard current == UInt8(ascii: "}") else { return nil }
      position += 1
      depth -= 1
      break
    }
    // Exactly one of `height` and `size`, as the general path requires.
    var item: WaterfallItem
    switch seen & (heightBit | sizeBit) {
    case heightBit: item = .height(height)
    case sizeBit: item = .size(width: width, height: height)
    default: return nil
    }
    if let span { item.span = span }
    if let id { item.id = id }
    if let column { item.column = column }
    return WaterfallItem._problem(item) == nil ? item : nil
  }

  /// The bit of `item()`'s key `text` (`height` 1, `size` 2, `span` 4, `id` 8, `column` 16),
  /// 0 for any other key.
  static func itemKeyBit(_ text: UnsafeBufferPointer<UInt8>) -> UInt8 {
    equal(text, "size") ? 2 : equal(text, "height") ? 1 : equal(text, "span") ? 4 : equal(text, "id") ? 8 : equal(text, "column") ? 16 : 0
  }
}
