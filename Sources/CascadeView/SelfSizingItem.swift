// What self-sizing and saved scroll positions need of a layout's items and of a layout: how an
// item takes a measured size, and which id names it (CollectionView+SelfSizing.swift,
// CollectionView+SavedPosition.swift).

import Cascade

/// A layout item that can take a measured size in place of its estimate, and may name itself
/// with an id.
///
/// ``CollectionView/reportMeasuredSize(_:for:)`` is available for a layout whose items conform;
/// ``WaterfallItem`` and ``ListItem`` do.
public protocol SelfSizingItem: Sendable {
  /// The id measured sizes are kept under, or `nil`: then they are kept by path (see
  /// `Docs/DynamicContent.md`, "Estimated and measured sizes").
  ///
  /// - Complexity: O(1).
  var measurementID: ItemID? { get }

  /// This item with its extent along `axis` measured from `size` (its height for a vertical
  /// layout, its width for a horizontal one), everything else kept.
  ///
  /// - Complexity: O(1).
  func measured(_ size: Size, along axis: LayoutOrientation) -> Self
}

extension WaterfallItem: SelfSizingItem {
  /// The item's ``WaterfallItem/id``.
  ///
  /// - Complexity: O(1).
  public var measurementID: ItemID? { id }

  /// A fixed extent (`.height`, which a horizontal waterfall reads as the width) from `size`;
  /// span, id and column kept, so with `keepColumns` the item stays in its column.
  ///
  /// - Complexity: O(1).
  public func measured(_ size: Size, along axis: LayoutOrientation) -> WaterfallItem {
    var item = self
    item.measure = .height(axis == .horizontal ? size.width : size.height)
    return item
  }
}

extension ListItem: SelfSizingItem {
  /// `nil`: list rows have no ids, so their measured sizes are kept by path.
  ///
  /// - Complexity: O(1).
  public var measurementID: ItemID? { nil }

  /// A row of the measured height.
  ///
  /// - Complexity: O(1).
  public func measured(_ size: Size, along axis: LayoutOrientation) -> ListItem { ListItem(height: size.height) }
}

/// A layout whose items may carry ids it can look up both ways; saved scroll positions name
/// their item by id through it. ``WaterfallLayout`` conforms.
public protocol IdentifiedLayout: CollectionLayout {
  /// The path of the item `id`, or `nil`.
  ///
  /// - Complexity: O(1) expected for ``WaterfallLayout``.
  func path(forID id: ItemID) -> ItemPath?
  /// The id of the item at `path`, or `nil` (no such item, or no id).
  ///
  /// - Complexity: O(1) expected for ``WaterfallLayout``.
  func id(at path: ItemPath) -> ItemID?
}

extension WaterfallLayout: IdentifiedLayout {}
