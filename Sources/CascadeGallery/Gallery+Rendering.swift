// Frames of text: every displayed element drawn at its frame, one character per 8 × 16 points.

import Cascade
import CascadeView

extension Gallery {
  /// The current frame: `rows - 1` lines of the viewport, then the status line, each exactly
  /// `columns` characters wide.
  ///
  /// Items are boxes (`+`, `-`, `|`) with their card id (`#12`) in the top border and their text
  /// inside, the focused one drawn with `#` and selected ones filled with `.`; headers are bars
  /// of `=` with the section's number and item count (written downwards in a horizontal
  /// gallery), drawn above the items (a pinned header covers what scrolls under it).
  ///
  /// - Complexity: O(k·a + rows·columns) for k displayed elements of at most a characters each.
  public func render() -> [String] {
    let height = rows - 1
    var grid = Array(repeating: Array(repeating: Character(" "), count: columns), count: height)
    let origin = view.contentOffset
    let cw = GallerySampleData.columnWidth, rh = GallerySampleData.rowHeight
    // Items first, then headers and footers above them (their zIndex).
    for above in [false, true] { view.forEachDisplayedElement { element in
      guard (element.attributes.zIndex > 0) == above else { return }
      let frame = element.frame
      let x0 = Int(((frame.minX - origin.x) / cw).rounded())
      let x1 = Int(((frame.maxX - origin.x) / cw).rounded()) - 1
      let top = Int(((frame.minY - origin.y) / rh).rounded(.down))
      let bottom = Int(((frame.maxY - origin.y) / rh).rounded(.up)) - 1
      guard x1 > x0, bottom >= top else { return }
      func put(_ character: Character, _ x: Int, _ y: Int) {
        if y >= 0 && y < height && x >= 0 && x < columns { grid[y][x] = character }
      }
      if element.cell.kind == .item {
        let box = _boxCharacters(for: element.path)
        for y in top...bottom {
          for x in x0...x1 {
            let edgeRow = y == top || y == bottom, edgeColumn = x == x0 || x == x1
            put(edgeRow ? (edgeColumn ? box.corner : box.horizontal) : (edgeColumn ? box.vertical : box.fill), x, y)
          }
        }
        for (k, character) in element.cell.label.prefix(max(0, x1 - x0 - 1)).enumerated() { put(character, x0 + 1 + k, top) }
        _drawText(element.cell.text, width: frame.width, x: x0 + 1, rows: (top + 1)..<bottom, put)
      } else {
        for y in top...bottom { for x in x0...x1 { put("=", x, y) } }
        if bottom - top > x1 - x0 {
          for (k, character) in element.cell.label.prefix(max(0, bottom - top - 1)).enumerated() { put(character, x0, top + 1 + k) }
        } else {
          for (k, character) in element.cell.label.prefix(max(0, x1 - x0 - 3)).enumerated() { put(character, x0 + 2 + k, top) }
        }
      }
    } }
    var lines = grid.map { String($0) }
    lines.append(_fit(statusLine))
    return lines
  }

  /// Draws a card's text wrapped at its width (GalleryCard.lines), one line per row of `rows`.
  func _drawText(_ text: String, width: Double, x: Int, rows: Range<Int>, _ put: (Character, Int, Int) -> Void) {
    let lines = GalleryCard(id: 0, text: text).lines(width: GalleryCard.textWidth(points: width))
    for (line, y) in zip(lines, rows) {
      for (k, character) in line.enumerated() { put(character, x + k, y) }
    }
  }

  /// What the status line says: the visible items, the focus and the selection (once there is
  /// either), the cells made and reused, the columns (rows of a horizontal gallery) and the
  /// offset along the scroll axis.
  ///
  ///     s1#0-14 (15) | focus s1#3 sel 1 | created 21 reused 0 | 5 cols | y 0/2704
  ///     s1#35-s2#3 (9) | created 21 reused 40 | 5 cols | y 1800/2704   (no focus, no selection)
  ///
  /// - Complexity: O(k + s·log s) for k displayed elements and s selected items.
  public var statusLine: String {
    let visible = view.indexPathsForVisibleItems
    var range = "none visible"
    if let first = visible.first, let last = visible.last {
      let end = last.section == first.section ? "\(last.item)" : "s\(last.section + 1)#\(last.item)"
      range = "s\(first.section + 1)#\(first.item)-\(end) (\(visible.count))"
    }
    let stats = view.reuseStatistics
    let columnCount = view.layout.numberOfColumns(inSection: 0) ?? 0
    let horizontal = view.scrollAxis == .horizontal
    let focus = view.focusedItem == nil && view.selectedItems.isEmpty ? "" : " | \(focusStatus)"
    return "\(range)\(focus) | created \(stats.created) reused \(stats.reused) | \(columnCount) \(horizontal ? "rows" : "cols")"
      + " | \(horizontal ? "x" : "y") \(Int(_offsetAlongAxis))/\(Int(view.contentOffsetRangeAlongScrollAxis.upperBound))"
  }

  /// `line` cut or padded to the terminal's width.
  func _fit(_ line: String) -> String {
    let cut = String(line.prefix(columns))
    return cut + String(repeating: " ", count: columns - cut.count)
  }

  /// The non-interactive run: `count` frames, the view scrolling towards the reading end by half
  /// a viewport between them (back to the start once it has reached the end), the focus moving
  /// with it: the first visible item takes it in frame 2, which also selects it; then it moves
  /// right in even frames and down in odd ones. Each frame is a separator line
  /// `--- frame 2/3 ---` then its lines, trailing spaces removed; no escape codes.
  ///
  /// - Complexity: O(count · rows · columns).
  public func playFrames(_ count: Int) throws(CollectionViewError) -> [String] {
    var output: [String] = []
    let step = Double(max(1, (rows - 1) / 2)) * GallerySampleData.rowHeight
    for frame in 1...max(1, count) {
      if frame > 1 {
        if _forward * (_offsetAlongAxis - _readingEnd) >= 0 {
          try handle(.home)
        } else {
          try _scroll(toAlongAxis: _offsetAlongAxis + _forward * step)
        }
        if frame == 2 {
          try handle(.toggleSelection)
        } else {
          try handle(frame % 2 == 0 ? .focusRight : .focusDown)
        }
        try _settleMeasurements()
      }
      output.append("--- frame \(frame)/\(max(1, count)) ---")
      for line in render() {
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        output.append(String(line))
      }
    }
    return output
  }
}
