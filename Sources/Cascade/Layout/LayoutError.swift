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

  /// Where the problem is.
  public var location: Location
  /// The field that holds the bad value (`"size"`, `"columns"`, `"insets.left"`), or `nil` when
  /// the location itself is the problem (an index outside the collection).
  public var field: String?
  /// What is wrong, e.g. `"width must be > 0"`.
  public var reason: String
  /// For an error inside a batch of changes, the position of the failing change in the batch.
  public var changeIndex: Int?

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  public init(_ location: Location, field: String? = nil, _ reason: String, changeIndex: Int? = nil) {
    self.location = location
    self.field = field
    self.reason = reason
    self.changeIndex = changeIndex
  }

  /// `section 2, item 17: size width must be > 0`; inside a batch the change is named first:
  /// `change 3: section 5: index out of range (0..<2)`.
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
    return "\(place): \(reason)"
  }
}
