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
  /// - Complexity: O(1).
  public var token: String {
    let kind = switch after.kind { case .header: "h"; case .item: "i"; case .footer: "f" }
    let check = String(Self.check(rect, after, id), radix: 16)
    var token = "\(after.section).\(kind)\(after.item).\(String(repeating: "0", count: 16 - check.count))\(check)"
    if let id { token += "." + Self.encode(id) }
    return token
  }

  /// `n<integer>` or `s<hex of the UTF-8 bytes>`.
  private static func encode(_ id: ItemID) -> String {
    switch id {
    case .int(let v): return "n\(v)"
    case .string(let s):
      let hex = Array("0123456789abcdef")
      var out = "s"
      for b in s.utf8 { out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 15)]) }
      return out
    }
  }

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
