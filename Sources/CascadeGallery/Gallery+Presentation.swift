// How the gallery is shown and steered: a vertical or horizontal waterfall (`--horizontal`),
// left to right or mirrored (`--rtl`), scrolled along its axis towards its reading end; the
// keyboard focus, which the arrow keys move through the view's focus API (the layout's
// neighbour rule, Docs/Spec/Waterfall.md, "Neighbours"), and the selection, which Enter
// toggles; how focused and selected boxes are drawn; the status line's focus and selection.

import Cascade
import CascadeView

extension Gallery {
  /// The horizontal gallery's parameters, in its own terms: rows at least 4 text rows high, a
  /// text row between rows, one character between items along a row, a character at each end of
  /// a section and a 2-character header bar.
  public static let horizontalParameters = WaterfallParameters(
    minColumnWidth: 4 * GallerySampleData.rowHeight, columnSpacing: GallerySampleData.rowHeight,
    itemSpacing: GallerySampleData.columnWidth,
    insets: EdgeInsets(left: GallerySampleData.columnWidth, right: GallerySampleData.columnWidth),
    header: 2 * GallerySampleData.columnWidth)

  /// The layout for a viewport of `bounds`: as wide as it when vertical, as high when horizontal.
  ///
  /// - Complexity: O(1).
  static func _layout(
    bounds: Size, orientation: LayoutOrientation, direction: LayoutDirection
  ) throws(LayoutError) -> WaterfallLayout {
    orientation == .horizontal
      ? try WaterfallLayout(height: bounds.height, parameters: horizontalParameters, direction: direction)
      : try WaterfallLayout(width: bounds.width, parameters: parameters, direction: direction)
  }

  /// The viewport's length along the scroll axis.
  var _viewportLength: Double { view.scrollAxis == .horizontal ? view.bounds.width : view.bounds.height }

  /// The content offset along the scroll axis.
  var _offsetAlongAxis: Double { view.scrollAxis == .horizontal ? view.contentOffset.x : view.contentOffset.y }

  /// +1 when reading goes towards larger offsets, -1 for a horizontal right-to-left gallery,
  /// whose first items are on the right.
  var _forward: Double { view.scrollAxis == .horizontal && view.layout.direction == .rightToLeft ? -1 : 1 }

  /// The offset that shows the first items, and the one that shows the last.
  var _readingStart: Double {
    _forward > 0 ? view.contentOffsetRangeAlongScrollAxis.lowerBound : view.contentOffsetRangeAlongScrollAxis.upperBound
  }
  var _readingEnd: Double {
    _forward > 0 ? view.contentOffsetRangeAlongScrollAxis.upperBound : view.contentOffsetRangeAlongScrollAxis.lowerBound
  }

  /// The arrow keys and Enter: the focus moves to the neighbour on that side on screen (the
  /// first visible item takes it when there is none), the view scrolling just enough to show
  /// it; Enter toggles the focused item's selection.
  ///
  /// - Complexity: that of ``CollectionView/moveFocus(_:)``, or O(log k) for a toggle.
  func _handleFocus(_ key: GalleryKey) throws(CollectionViewError) {
    if view.focusedItem == nil, let first = _firstUncoveredItem() {
      // Without a focus, any of these keys gives it to the first item in full view.
      try view.focusItem(at: first, scrollIntoView: false)
      if key != .toggleSelection { return }
    }
    switch key {
    case .focusUp: try view.moveFocus(.up)
    case .focusDown: try view.moveFocus(.down)
    case .focusLeft: try view.moveFocus(.left)
    case .focusRight: try view.moveFocus(.right)
    case .toggleSelection:
      if let focused = view.focusedItem { try view.toggleSelection(at: focused) }
    default: return
    }
    try _uncoverFocusedItem()
    traceRecorder?.record(view)
  }

  /// Scrolls back by as much of the focused item as its section's pinned header covers: the
  /// view scrolls just enough to show the item in the viewport, but a pinned header is drawn
  /// over the viewport's start.
  ///
  /// - Complexity: O(k) for k displayed elements, plus a scroll step when it scrolls.
  func _uncoverFocusedItem() throws(CollectionViewError) {
    guard let focused = view.focusedItem, let item = view.layoutAttributesForItem(at: focused)?.frame else { return }
    var header: Rect?
    view.forEachDisplayedElement { if $0.path == .header(focused.section) { header = $0.frame } }
    guard let header, header.intersects(item) else { return }
    let covered: Double
    switch (view.scrollAxis, _forward > 0) {
    case (.vertical, _): covered = -(header.maxY - item.minY)
    case (.horizontal, true): covered = -(header.maxX - item.minX)
    case (.horizontal, false): covered = item.maxX - header.minX
    }
    guard covered != 0 else { return }
    try _scroll(toAlongAxis: _offsetAlongAxis + covered)
  }

  /// After a scroll, hands the focus of an item scrolled out of view to the first visible item
  /// (without scrolling), so that the arrow keys start from what is on screen.
  ///
  /// - Complexity: O(k) for k displayed elements.
  func _keepFocusVisible() throws(CollectionViewError) {
    guard let focused = view.focusedItem, !view.indexPathsForVisibleItems.contains(focused),
          let first = _firstUncoveredItem() else { return }
    try view.focusItem(at: first, scrollIntoView: false)
  }

  /// The first visible item wholly inside the viewport and under no displayed header, else the
  /// first visible item.
  ///
  /// - Complexity: O(k·h) for k displayed elements and h displayed headers.
  func _firstUncoveredItem() -> ItemPath? {
    var headers: [Rect] = []
    view.forEachDisplayedElement { if $0.path.kind == .header { headers.append($0.frame) } }
    let visible = view.indexPathsForVisibleItems, viewport = view.viewport
    let uncovered = visible.first { path in
      guard let frame = view.layoutAttributesForItem(at: path)?.frame else { return false }
      let inside = frame.minX >= viewport.minX && frame.maxX <= viewport.maxX
        && frame.minY >= viewport.minY && frame.maxY <= viewport.maxY
      return inside && !headers.contains { $0.intersects(frame) }
    }
    return uncovered ?? visible.first
  }

  /// The characters of a box: `#` borders for the focused item, `+ - |` otherwise; `.` inside a
  /// selected item.
  ///
  /// - Complexity: O(1).
  func _boxCharacters(for path: ElementPath) -> (corner: Character, horizontal: Character, vertical: Character, fill: Character) {
    let item = path.itemPath
    let focused = item != nil && item == view.focusedItem
    let fill: Character = item.map { view.isSelected($0) } ?? false ? "." : " "
    return focused ? ("#", "#", "#", fill) : ("+", "-", "|", fill)
  }

  /// The status line's focus and selection: `focus s1#3 sel 2` (`focus -` without one).
  ///
  /// - Complexity: O(s·log s) for s selected items.
  public var focusStatus: String {
    let focus = view.focusedItem.map { "s\($0.section + 1)#\($0.item)" } ?? "-"
    return "focus \(focus) sel \(view.selectedItems.count)"
  }
}
