// The `next` / `cursor` token of the session's `page` request.

import Cascade

/// Where a paged rect query stopped: the query's rect and the last element delivered, sealed
/// with a check value so that a cursor is accepted only with the rect it was made for.
///
/// The token reads `<section>.<h|i|f><item>.<check>`, e.g. `0.i17.8c3d0f5a91e2b7c4`, where the
/// check is a 64-bit FNV-1a hash of the rect's bit patterns and the element path. Clients
/// treat it as opaque. A cursor holds no reference to the layout, so it stays valid across
/// changes: the next page continues after the same element path in the current layout.
///
///     let cursor = PageCursor(rect: viewport, after: .item(17, section: 0))
///     let again = try PageCursor(token: cursor.token, rect: viewport)   // same cursor
public struct PageCursor: Hashable, Sendable {
  /// The rect of the query the cursor continues.
  public var rect: Rect
  /// The last element of the previous page.
  public var after: ElementPath
  /// The id of that element when it is an item with an id: the next page then follows the item
  /// wherever it is, and fails once it is removed.
  public var id: ItemID?

  /// Creates the cursor that continues the query of `rect` after `after` (the item `id`).
  ///
  /// - Complexity: O(1).
  public init(rect: Rect, after: ElementPath, id: ItemID? = nil) {
    self.rect = rect
    self.after = after
    self.id = id
  }

  /// The opaque string form.
  ///
  /// - Complexity: O(1) (O(k) for a string id of k bytes).
  public var token: String {
    var bytes: [UInt8] = []
    writeToken(into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``token``'s UTF-8 bytes to `bytes`, with no `String` made: the session writes a
  /// page's `next` with it.
  ///
  /// - Complexity: O(1) (O(k) for a string id of k bytes).
  func writeToken(into bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * JSONWriter._maximumNumberLength + 20) { buffer in
      let p = buffer.baseAddress!
      var n = JSONWriter._write(Int64(after.section), to: p)
      p[n] = UInt8(ascii: ".")
      p[n + 1] = switch after.kind { case .header: UInt8(ascii: "h"); case .item: UInt8(ascii: "i"); case .footer: UInt8(ascii: "f") }
      n += 2
      n += JSONWriter._write(Int64(after.item), to: p + n)
      p[n] = UInt8(ascii: ".")
      n += 1
      let check = Self.check(rect, after, id)
      for i in 0..<16 { p[n + i] = Self.hexDigits[Int((check >> UInt64(60 - 4 * i)) & 15)] }
      n += 16
      bytes.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
    }
    switch id {
    case nil: break
    case .int(let v):
      bytes.append(contentsOf: ".n".utf8)
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONWriter._maximumNumberLength) { buffer in
        bytes.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: JSONWriter._write(v, to: buffer.baseAddress!)))
      }
    case .string(let s):
      bytes.append(contentsOf: ".s".utf8)
      for b in s.utf8 { bytes.append(Self.hexDigits[Int(b >> 4)]); bytes.append(Self.hexDigits[Int(b & 15)]) }
    }
  }

  /// Lower-case hex digits.
  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  private static func decode(_ text: Substring) -> ItemID? {
    guard let tag = text.first else { return nil }
    let body = text.dropFirst()
    if tag == "n" { return Int64(body).map(ItemID.int) }
    guard tag == "s", body.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    var i = body.startIndex
    while i < body.endIndex {
      let j = body.index(i, offsetBy: 2)
      guard let b = UInt8(body[i..<j], radix: 16) else { return nil }
      bytes.append(b)
      i = j
    }
    return .string(String(decoding: bytes, as: UTF8.self))
  }

  /// Reads a token, accepting it only for the query of `rect`.
  ///
  /// - Throws: ``JSONError`` at `path` when the token is malformed or was made for another
  ///   rect.
  /// - Complexity: O(t) for a token of t characters.
  public init(token: String, rect: Rect, at path: @autoclosure () -> JSONPath) throws(JSONError) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 || parts.count == 4, let section = Int(parts[0]), section >= 0,
          let kindLetter = parts[1].first, let item = Int(parts[1].dropFirst()), item >= 0,
          parts[2].count == 16, let check = UInt64(parts[2], radix: 16) else {
      throw JSONError(path(), "not a cursor of this query (malformed)")
    }
    let kind: ElementKind
    switch kindLetter {
    case "h": kind = .header
    case "i": kind = .item
    case "f": kind = .footer
    default: throw JSONError(path(), "not a cursor of this query (malformed)")
    }
    let after = ElementPath(kind: kind, section: section, item: item)
    var id: ItemID?
    if parts.count == 4 {
      guard let decoded = Self.decode(parts[3]) else { throw JSONError(path(), "not a cursor of this query (malformed)") }
      id = decoded
    }
    guard after.item == item, check == Self.check(rect, after, id) else {
      throw JSONError(path(), "not a cursor of this query (it was made for another rect)")
    }
    self.init(rect: rect, after: after, id: id)
  }

  /// FNV-1a over the rect's bit patterns and the path.
  private static func check(_ rect: Rect, _ after: ElementPath, _ id: ItemID?) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ word: UInt64) {
      for shift in stride(from: 0, to: 64, by: 8) {
        hash ^= (word >> UInt64(shift)) & 0xFF
        hash = hash &* 0x0000_0100_0000_01B3
      }
    }
    mix(0x6361_7363_6164_6531)  // "cascade1": a version tag.
    for value in [rect.minX, rect.minY, rect.width, rect.height] { mix(value.bitPattern) }
    mix(UInt64(bitPattern: Int64(after.section)))
    mix(UInt64(after.kind.rawValue))
    mix(UInt64(bitPattern: Int64(after.item)))
    switch id {
    case nil: break
    case .int(let v): mix(1); mix(UInt64(bitPattern: v))
    case .string(let s): mix(2); for b in s.utf8 { mix(UInt64(b)) }
    }
    return hash
  }
}
