import Cascade

/// An element the view displays: where it goes and the cell that shows it.
public struct DisplayedElement<Cell: AnyObject> {
  /// The element's path and frame, in content coordinates.
  public var attributes: LayoutAttributes
  /// The cell (or supplementary view) that shows it.
  public var cell: Cell

  /// Creates a displayed element.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(attributes: LayoutAttributes, cell: Cell) {
    self.attributes = attributes
    self.cell = cell
  }

  /// The element's path. O(1).
  @inlinable public var path: ElementPath { attributes.path }
  /// The element's frame, in content coordinates. O(1).
  @inlinable public var frame: Rect { attributes.frame }
}

/// A displayed element that stayed displayed but whose path or frame changed (a width change,
/// items inserted above it).
public struct MovedElement<Cell: AnyObject> {
  /// Its path and frame before.
  public var from: LayoutAttributes
  /// Its path and frame now.
  public var to: LayoutAttributes
  /// The cell, the same instance before and after.
  public var cell: Cell

  /// Creates a moved element.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(from: LayoutAttributes, to: LayoutAttributes, cell: Cell) {
    self.from = from
    self.to = to
    self.cell = cell
  }
}
