/// How ``CollectionView/scrollToItem(at:position:)`` places an item in the viewport, along the
/// layout's scroll axis: `top`, `centeredVertically` and `bottom` are the start, centre and end
/// of that axis (left, centre, right for a horizontal layout, right and left swapped when it is
/// right to left), also spelled ``start``, ``center`` and ``end``.
public enum ScrollPosition: Hashable, Sendable, CaseIterable {
  /// The item's top at the top of the viewport (below the top content inset).
  case top
  /// The item's centre at the centre of the viewport (between the insets).
  case centeredVertically
  /// The item's bottom at the bottom of the viewport (above the bottom content inset).
  case bottom
  /// The least scroll that shows the whole item: none when it already is, else `top` when it is
  /// above or taller than the viewport, `bottom` when it is below.
  case nearest
}

extension ScrollPosition {
  /// The item's start at the start of the viewport along the scroll axis: ``top`` for a vertical
  /// layout, the left edge for a horizontal one (the right edge when right to left). O(1).
  public static var start: ScrollPosition { .top }
  /// The item's centre at the viewport's centre along the scroll axis: ``centeredVertically``.
  /// O(1).
  public static var center: ScrollPosition { .centeredVertically }
  /// The item's end at the end of the viewport along the scroll axis: ``bottom`` for a vertical
  /// layout, the right edge for a horizontal one (the left edge when right to left). O(1).
  public static var end: ScrollPosition { .bottom }
}
