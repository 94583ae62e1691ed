/// How ``CollectionView/scrollToItem(at:position:)`` places an item in the viewport.
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
