// Frames of text: every displayed element drawn at its frame, one character per 8 × 16 points.

import Cascade
import CascadeView

extension Gallery {
  /// The current frame: `rows - 1` lines of the viewport, then the status line, each exactly
  /// `columns` characters wide.
  ///
  /// Items are boxes (`+`, `-`, `|`) with their label (`#index heightInRows`) in the top
  /// border; headers are bars of `=` with the section's number and item count.
  ///
  /// - Complexity: O(k·a + rows·columns) for k displayed elements of at most a characters each.
  public func render() -> [String] {
    let height = rows - 1
    var grid = Array(repeating: Array(repeating: Character(" "), count: columns), count: height)
    let origin = view.contentOffset
    let cw = GallerySampleData.columnWidth, rh = GallerySampleData.rowHeight
    view.forEachDisplayedElement { element in
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
        for y in top...bottom {
          for x in x0...x1 {
            let edgeRow = y == top || y == bottom, edgeColumn = x == x0 || x == x1
            put(edgeRow ? (edgeColumn ? "+" : "-") : (edgeColumn ? "|" : " "), x, y)
          }
        }
        for (k, character) in element.cell.label.prefix(max(0, x1 - x0 - 1)).enumerated() { put(character, x0 + 1 + k, top) }
        _drawText(element.cell.text, width: frame.width, x: x0 + 1, rows: (top + 1)..<bottom, put)
      } else {
        for y in top...bottom { for x in x0...x1 { put("=", x, y) } }
        for (k, character) in element.cell.label.prefix(max(0, x1 - x0 - 3)).enumerated() { put(character, x0 + 2 + k, top) }
      }
    }
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

  /// What the status line says: the visible items, the cells made and reused, the columns and
  /// the offset.
  ///
  ///     s1#0-s1#14 (15) | created 21 reused 0 | 5 cols | y 0/2704
  ///
  /// - Complexity: O(k) for k displayed elements.
  public var statusLine: String {
    let visible = view.indexPathsForVisibleItems
    var range = "none visible"
    if let first = visible.first, let last = visible.last {
      range = "s\(first.section + 1)#\(first.item)-s\(last.section + 1)#\(last.item) (\(visible.count))"
    }
    let stats = view.reuseStatistics
    let columnCount = view.layout.numberOfColumns(inSection: 0) ?? 0
    return "\(range) | created \(stats.created) reused \(stats.reused) | \(columnCount) cols"
      + " | y \(Int(view.contentOffset.y))/\(Int(view.maximumContentOffsetY))"
  }

  /// `line` cut or padded to the terminal's width.
  func _fit(_ line: String) -> String {
    let cut = String(line.prefix(columns))
    return cut + String(repeating: " ", count: columns - cut.count)
  }

  /// The non-interactive run: `count` frames, the view scrolling down by half a viewport between
  /// them (back to the top once it has reached the bottom). Each frame is a separator line
  /// `--- frame 2/3 ---` then its lines, trailing spaces removed; no escape codes.
  ///
  /// - Complexity: O(count · rows · columns).
  public func playFrames(_ count: Int) throws(CollectionViewError) -> [String] {
    var output: [String] = []
    let step = Double(max(1, (rows - 1) / 2)) * GallerySampleData.rowHeight
    for frame in 1...max(1, count) {
      if frame > 1 {
        if view.contentOffset.y >= view.maximumContentOffsetY {
          try handle(.home)
        } else {
          try _scroll(to: view.contentOffset.y + step)
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
