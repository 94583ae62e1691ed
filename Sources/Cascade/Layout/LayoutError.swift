/// Why a layout rejected a value or a change.
///
/// A `LayoutError` names where the problem is (`location`, `field`) and what is wrong
/// (`reason`), so each front end can say it in its own terms: the library's description reads
/// `section 2, item 17: size width must be > 0`; the `cascade` command line writes the same
/// error as `sections[2].items[17].size: width must be > 0`.
///
/// Every throwing mutation of a Cascade layout is atomic: when it throws, the layout is exactly as
/// it was before the call.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where a rejected value sits.
  public enum Location: Hashable, Sendable {
    /// The collection as a whole (its width, for instance).
    case collection
    /// The layout's own parameters (the defaults every section inherits).
    case layout
    /// A section: its parameters, or the section index itself.
    case section(Int)
    /// One item of a section.
    case item(section: Int, item: Int)
  }

  /// What is wrong, in a form a front end can relabel without checking again: the session says
  /// `at: index 7 out of range (0..<5)` for what the library says as
  /// `section 0, item 7: item index out of range (0..<5)`.
  public enum Reason: Hashable, Sendable, CustomStringConvertible {
    /// The index the location names (a section's, or an item's) is outside `valid`: the indices
    /// the collection had at that point of the batch (`0...count` where an insertion may append).
    case indexOutOfRange(valid: Range<Int>)
    /// The `count` items from index `from` (of a deletion or a replacement) do not lie inside
    /// `valid`. A start and a count rather than a range, since a start near `Int.max` has no end.
    case itemsOutOfRange(from: Int, count: Int, valid: Range<Int>)
    /// The section the location names would hold more than `limit` items: a section's items
    /// are the 32-bit ids of its interval index, so `limit` is at most 2³¹ − 1.
    case tooManyElements(limit: Int)
    /// The value in the error's field breaks its rule, said in words: `"must be > 0"`.
    case invalidValue(String)
    /// The item's id is already used by the item at `first` (its place at that point of the
    /// batch, or before the batch for an item the batch has not moved).
    case duplicateID(ItemID, first: ItemPath)

    /// `index out of range (0..<5)`, `2 items from 4 out of range (0..<5)`,
    /// `more than 2147483647 items`, or the rule in words.
    public var description: String {
      switch self {
      case .indexOutOfRange(let valid): "index out of range (\(valid.lowerBound)..<\(valid.upperBound))"
      case .itemsOutOfRange(let from, let count, let valid):
        "\(count) items from \(from) out of range (\(valid.lowerBound)..<\(valid.upperBound))"
      case .tooManyElements(let limit): "more than \(limit) items"
      case .invalidValue(let rule): rule
      case .duplicateID(let id, let first): "duplicate id \(id), already used by section \(first.section), item \(first.item)"
      }
    }
  }

  /// Where the problem is.
  public var location: Location
  /// The field that holds the bad value (`"size"`, `"columns"`, `"insets.left"`), or `nil` when
  /// the location itself is the problem (an index outside the collection).
  public var field: String?
  /// What is wrong.
  public var reason: Reason
  /// For an error inside a batch of changes, the position of the failing change in the batch.
  public var changeIndex: Int?

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  public init(_ location: Location, field: String? = nil, reason: Reason, changeIndex: Int? = nil) {
    self.location = location
    self.field = field
    self.reason = reason
    self.changeIndex = changeIndex
  }

  /// Creates an error for a value that breaks its rule: ``Reason/invalidValue(_:)``.
  ///
  /// - Complexity: O(1).
  public init(_ location: Location, field: String? = nil, _ rule: String, changeIndex: Int? = nil) {
    self.init(location, field: field, reason: .invalidValue(rule), changeIndex: changeIndex)
  }

  /// `section 2, item 17: size width must be > 0`; inside a batch the change is named first:
  /// `change 3: section 5: section index out of range (0..<2)`.
  public var description: String {
    var place: String
    switch location {
    case .collection: place = "collection"
    case .layout: place = "layout"
    case .section(let s): place = "section \(s)"
    case .item(let s, let i): place = "section \(s), item \(i)"
    }
    if let changeIndex { place = "change \(changeIndex): " + place }
    if let field { return "\(place): \(field) \(reason)" }
    switch (reason, location) {
    case (.indexOutOfRange, .section): return "\(place): section \(reason)"
    case (.indexOutOfRange, .item): return "\(place): item \(reason)"
    default: return "\(place): \(reason)"
    }
  }
}
