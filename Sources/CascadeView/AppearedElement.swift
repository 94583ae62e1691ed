import Cascade

/// Why an element came into the display rect (UIKit's appearing items, RecyclerView's
/// `ItemAnimator` "add" and "change" animations).
public enum AppearanceReason: Hashable, Sendable, CustomStringConvertible {
  /// A batch update inserted it (an `insertItems`, or an `insertSections` of its section); it
  /// has no frame in the layout before.
  case inserted
  /// A batch update reloaded it (`reloadItems`, `reloadSections`, a snapshot's reloaded item) or
  /// ``CollectionView/reloadData()`` rebuilt everything: new content, a new cell.
  case reloaded
  /// It existed before and came into view: the viewport moved (a scroll, anchoring), or the
  /// layout around it changed (a width change, items deleted or inserted above, a move).
  case scrolledIn

  public var description: String {
    switch self {
    case .inserted: "inserted"
    case .reloaded: "reloaded"
    case .scrolledIn: "scrolledIn"
    }
  }
}

/// An element that came into the display rect: its cell, where it goes, why it came and where it
/// was before (the frame an animation starts from).
///
///     for new in update.appeared {
///       canvas.add(new.cell, at: new.initialFrame ?? new.frame)   // where it was, if anywhere
///       if new.reason == .inserted { new.cell.alpha = 0 }          // then animate to new.frame
///     }
public struct AppearedElement<Cell: AnyObject> {
  /// The element's path and frame now, in content coordinates.
  public var attributes: LayoutAttributes
  /// The cell (or supplementary view) that shows it.
  public var cell: Cell
  /// Why it appeared.
  public var reason: AppearanceReason
  /// Its path and frame in the layout before the change (UIKit's initial layout attributes of
  /// an appearing item), or `nil` when it had none there: inserted, or after
  /// ``CollectionView/reloadData()``, which cannot tell which element became which. A header is
  /// given at its place in the layout, not where pinning would have held it.
  public var initialAttributes: LayoutAttributes?

  /// Creates an appeared element.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(attributes: LayoutAttributes, cell: Cell, reason: AppearanceReason, initialAttributes: LayoutAttributes?) {
    self.attributes = attributes
    self.cell = cell
    self.reason = reason
    self.initialAttributes = initialAttributes
  }

  /// The element's path now. O(1).
  @inlinable public var path: ElementPath { attributes.path }
  /// The element's frame now, in content coordinates. O(1).
  @inlinable public var frame: Rect { attributes.frame }
  /// Its frame in the layout before the change, if it had one. O(1).
  @inlinable public var initialFrame: Rect? { initialAttributes?.frame }
}
