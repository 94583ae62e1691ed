// The scroll axis: the view scrolls along its layout's `orientation` (y for a vertical layout, x
// for a horizontal one). Offsets are clamped, the display rect is grown by the overscan, the
// prefetch band lies, and scrolling to an item aligns it, along that axis; the fixed extent
// across it (`crossAxisExtent`) follows the bounds and insets through `layout.resizeChange(to:)`.

import Cascade

extension CollectionView {
  /// The layout's scroll axis, the view's: `.vertical` scrolls along y, `.horizontal` along x.
  ///
  /// - Complexity: O(1).
  public var scrollAxis: LayoutOrientation { layout.orientation }

  /// The lowest content offset x: `-contentInset.left`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var minimumContentOffsetX: Double { -contentInset.left }

  /// The highest content offset x: `contentSize.width + contentInset.right - bounds.width`, or the
  /// lowest when the content is narrower than the viewport.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var maximumContentOffsetX: Double {
    Swift.max(minimumContentOffsetX, contentSize.width + contentInset.right - bounds.width)
  }

  /// The range of the content offset along the scroll axis: ``minimumContentOffsetY`` through
  /// ``maximumContentOffsetY`` for a vertical layout, the x ones for a horizontal layout.
  ///
  /// - Complexity: O(1).
  public var contentOffsetRangeAlongScrollAxis: ClosedRange<Double> {
    layout.orientation == .horizontal
      ? minimumContentOffsetX...maximumContentOffsetX : minimumContentOffsetY...maximumContentOffsetY
  }

  /// The layout's fixed extent that `size` and `insets` give: the width between the left and
  /// right insets for a vertical layout, the height between the top and bottom ones for a
  /// horizontal one.
  @inlinable
  func _crossAxisExtent(bounds size: Size, contentInset insets: EdgeInsets) -> Double {
    layout.orientation == .horizontal
      ? size.height - insets.top - insets.bottom : size.width - insets.left - insets.right
  }

  /// The layout's fixed extent now: its width when vertical, its height when horizontal.
  @inlinable
  var _currentCrossAxisExtent: Double {
    layout.orientation == .horizontal ? layout.crossAxisExtent : layout.width
  }

  /// The coordinate of `point` along the scroll axis.
  @inlinable
  func _alongAxis(_ point: Point) -> Double { layout.orientation == .horizontal ? point.x : point.y }
}

extension CollectionView {
  /// The coordinate of `frame` that scroll anchoring keeps in place along the scroll axis: its
  /// minY (vertical), its minX (horizontal, left to right), its maxX (horizontal, right to left,
  /// whose content grows from the right).
  @inlinable
  func _anchorCoordinate(_ frame: Rect) -> Double {
    guard layout.orientation == .horizontal else { return frame.minY }
    return layout.direction == .rightToLeft ? frame.maxX : frame.minX
  }
}
