/// What an element of a collection is: a section header, an item, or a section footer.
public enum ElementKind: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// A section's header, above its items.
  case header = 0
  /// An item.
  case item = 1
  /// A section's footer, below its items.
  case footer = 2

  /// A readable rendering for logs and test failures.
  public var description: String {
    switch self {
    case .header: "header"
    case .item: "item"
    case .footer: "footer"
    }
  }
}

/// The address of an item: its section and its index in that section.
///
/// Cascade uses its own type rather than Foundation's `IndexPath`: the layout core imports
/// nothing, and two stored `Int`s compare and hash without the variable-length storage
/// `IndexPath` carries.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section's index.
  public var section: Int
  /// The item's index inside its section.
  public var item: Int

  /// Creates the address of item `item` of section `section`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  /// Orders by section, then by item.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  /// A readable rendering for logs and test failures.
  public var description: String { "section \(section), item \(item)" }
}

/// The address of any element of a collection: a section, a kind, and for items their index.
///
/// Comparison follows the order of `Docs/Spec/Waterfall.md` for query answers: by section;
/// inside a section the header, then the items by index, then the footer.
///
///     let paths: [ElementPath] = [.footer(0), .item(3, section: 0), .header(1), .header(0)]
///     paths.sorted()  // [.header(0), .item(3, section: 0), .footer(0), .header(1)]
public struct ElementPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section's index.
  public var section: Int
  /// The item's index for items; 0 for headers and footers. Read-only, like ``kind``, so that a
  /// path cannot be edited into a header with an item index: make a new path instead.
  public let item: Int
  /// Header, item or footer.
  public let kind: ElementKind

  /// Creates an element path. For headers and footers `item` is ignored and stored as 0.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(kind: ElementKind, section: Int, item: Int = 0) {
    self.section = section
    self.kind = kind
    self.item = kind == .item ? item : 0
  }

  /// The path of item `item` of section `section`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func item(_ item: Int, section: Int) -> ElementPath {
    ElementPath(kind: .item, section: section, item: item)
  }

  /// The path of section `section`'s header.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func header(_ section: Int) -> ElementPath {
    ElementPath(kind: .header, section: section)
  }

  /// The path of section `section`'s footer.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func footer(_ section: Int) -> ElementPath {
    ElementPath(kind: .footer, section: section)
  }

  /// The item's address, or `nil` for headers and footers. O(1).
  @inlinable
  public var itemPath: ItemPath? {
    kind == .item ? ItemPath(item: item, section: section) : nil
  }

  /// The same element; inlinable, so that it inlines into callers' loops.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func == (lhs: ElementPath, rhs: ElementPath) -> Bool {
    lhs.section == rhs.section && lhs.item == rhs.item && lhs.kind == rhs.kind
  }

  /// Spec order: section, then header < items (by index) < footer.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
    (lhs.section, lhs.kind.rawValue, lhs.item) < (rhs.section, rhs.kind.rawValue, rhs.item)
  }

  /// A readable rendering for logs and test failures.
  public var description: String {
    switch kind {
    case .item: "section \(section), item \(item)"
    case .header: "section \(section), header"
    case .footer: "section \(section), footer"
    }
  }
}

/// Where an element goes: its address, its frame and its stacking order.
public struct LayoutAttributes: Hashable, Sendable, CustomStringConvertible {
  /// The element's address.
  public var path: ElementPath
  /// The element's frame in the collection's content coordinates.
  public var frame: Rect
  /// Stacking order: elements with a larger `zIndex` draw above. Items are 0; headers and
  /// footers are 1, so that a toolkit which pins them draws them above the items.
  public var zIndex: Int

  /// Creates attributes.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(path: ElementPath, frame: Rect, zIndex: Int = 0) {
    self.path = path
    self.frame = frame
    self.zIndex = zIndex
  }

  /// The same element, frame and stacking order; inlinable, so that it inlines into callers'
  /// loops (a scroll step compares every displayed element's attributes).
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func == (lhs: LayoutAttributes, rhs: LayoutAttributes) -> Bool {
    lhs.frame == rhs.frame && lhs.path == rhs.path && lhs.zIndex == rhs.zIndex
  }

  /// A readable rendering for logs and test failures.
  public var description: String { "\(path): \(frame)" }
}
