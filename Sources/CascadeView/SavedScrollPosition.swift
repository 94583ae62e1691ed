import Cascade

/// A scroll position by item, as ``CollectionView/savedScrollPosition()`` saves it: the topmost
/// visible item (by its id when it has one, and its path), and how far the viewport's start is
/// past the item's start along the scroll axis. A small value to keep across reloads, width
/// changes and app restarts (it is `Codable`), given back to
/// ``CollectionView/restoreScrollPosition(_:)``.
///
///     let saved = view.savedScrollPosition()           // before quitting: store it
///     // ... a new view, reloaded ...
///     if let saved { try view.restoreScrollPosition(saved) }
public struct SavedScrollPosition: Hashable, Sendable, Codable {
  /// The item's id (``IdentifiedLayout``), or `nil`: then the position names the item by path.
  public var id: ItemID?
  /// The item's path when the position was saved.
  public var path: ItemPath
  /// The viewport's start minus the item's start along the scroll axis, in points: 30 when the
  /// item's top is 30 points above the viewport's top (vertical), negative when below it. For a
  /// right-to-left horizontal layout the item's start is its right edge (as scroll anchoring
  /// keeps it).
  public var offset: Double

  /// A position naming the item `id` (or, without one, the item at `path`), `offset` points into it.
  ///
  /// - Complexity: O(1).
  public init(id: ItemID?, path: ItemPath, offset: Double) {
    self.id = id
    self.path = path
    self.offset = offset
  }

  enum CodingKeys: String, CodingKey {
    case intID, stringID, section, item, offset
  }

  /// Decodes `{"section", "item", "offset"}` with `"intID"` or `"stringID"` when it has an id.
  ///
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let int = try container.decodeIfPresent(Int64.self, forKey: .intID) {
      id = .int(int)
    } else {
      id = try container.decodeIfPresent(String.self, forKey: .stringID).map(ItemID.string)
    }
    path = ItemPath(
      item: try container.decode(Int.self, forKey: .item), section: try container.decode(Int.self, forKey: .section))
    offset = try container.decode(Double.self, forKey: .offset)
  }

  /// Encodes the form ``init(from:)`` reads.
  ///
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch id {
    case .int(let int)?: try container.encode(int, forKey: .intID)
    case .string(let string)?: try container.encode(string, forKey: .stringID)
    case nil: break
    }
    try container.encode(path.section, forKey: .section)
    try container.encode(path.item, forKey: .item)
    try container.encode(offset, forKey: .offset)
  }
}
