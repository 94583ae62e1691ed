/// An item's id (`Docs/Spec/Waterfall.md`, "Item ids"): a string, or an integer whose magnitude is
/// below 2⁵³. `.int(1)` and `.string("1")` are two different ids.
///
/// Ids are unique across a whole collection; they never change a frame. They name an item across
/// changes: ``WaterfallLayout/path(forID:)`` finds an item by its id in O(1) expected.
public enum ItemID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  /// An integer id, `|value| < 2⁵³`.
  case int(Int64)
  /// A string id.
  case string(String)

  /// The largest magnitude an integer id may have, plus one: 2⁵³.
  public static let integerLimit: Int64 = 1 << 53

  /// `"photo-7"` is `.string("photo-7")`.
  ///
  /// - Complexity: O(1).
  public init(stringLiteral value: String) { self = .string(value) }
  /// `7` is `.int(7)`.
  ///
  /// - Complexity: O(1).
  public init(integerLiteral value: Int64) { self = .int(value) }

  /// `7` or `"photo-7"` (strings quoted, as JSON writes them).
  public var description: String {
    switch self {
    case .int(let v): "\(v)"
    case .string(let s): "\"\(s)\""
    }
  }

  /// Why the id is invalid (an integer of magnitude 2⁵³ or more), or `nil`.
  @usableFromInline
  var _invalidReason: String? {
    if case .int(let v) = self, v <= -Self.integerLimit || v >= Self.integerLimit {
      return "must be a string or an integer of magnitude < 2^53"
    }
    return nil
  }
}

/// Where an id lives: the section's identity (stable across section moves) and the item index.
@usableFromInline
internal struct _IDSlot: Sendable {
  @usableFromInline var section: Int
  @usableFromInline var item: Int
  @inlinable init(section: Int, item: Int) { self.section = section; self.item = item }
}
