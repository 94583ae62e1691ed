import Cascade

/// Why an element left the display rect (UIKit's disappearing items, RecyclerView's
/// `ItemAnimator` "remove" and "change" animations).
public enum DisappearanceReason: Hashable, Sendable, CustomStringConvertible {
  /// A batch update deleted it (a `deleteItems`, or a `deleteSections` of its section); it has
  /// no frame in the layout after.
  case deleted
  /// A batch update reloaded it or ``CollectionView/reloadData()`` rebuilt everything: its cell
  /// went back to the pool, and the element (if still displayed) appears again with a new one.
  case reloaded
  /// It still exists and went out of view: the viewport moved, or the layout around it changed.
  case scrolledOut

  public var description: String {
    switch self {
    case .deleted: "deleted"
    case .reloaded: "reloaded"
    case .scrolledOut: "scrolledOut"
    }
  }
}

/// An element that left the display rect: the cell it had (now back in its pool), where it was,
/// why it left and where it is now (the frame an animation ends at).
///
///     for gone in update.disappeared {
///       if let end = gone.finalFrame { canvas.slide(gone.cell, to: end) }   // then remove it
///       else { canvas.fadeOut(gone.cell) }                                   // deleted
///     }
public struct DisappearedElement<Cell: AnyObject> {
  /// The element's path and frame as they were last displayed, in content coordinates.
  public var attributes: LayoutAttributes
  /// The cell (or supplementary view) that showed it, back in its pool.
  public var cell: Cell
  /// Why it disappeared.
  public var reason: DisappearanceReason
  /// Its path and frame in the layout after the change (UIKit's final layout attributes of a
  /// disappearing item), or `nil` when it has none there: deleted, or after
  /// ``CollectionView/reloadData()``. A header is given at its place in the layout, not where
  /// pinning would hold it.
  public var finalAttributes: LayoutAttributes?

  /// Creates a disappeared element.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(attributes: LayoutAttributes, cell: Cell, reason: DisappearanceReason, finalAttributes: LayoutAttributes?) {
    self.attributes = attributes
    self.cell = cell
    self.reason = reason
    self.finalAttributes = finalAttributes
  }

  /// The element's path as it was displayed (before the change). O(1).
  @inlinable public var path: ElementPath { attributes.path }
  /// The element's frame as it was displayed, in content coordinates. O(1).
  @inlinable public var frame: Rect { attributes.frame }
  /// Its frame in the layout after the change, if it still has one. O(1).
  @inlinable public var finalFrame: Rect? { finalAttributes?.frame }
}
