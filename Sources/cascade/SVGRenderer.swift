// The drawing of `cascade render`: section bands, headers, footers, items coloured by column and
// labelled with their index, and an optional viewport with the elements it shows.

import Cascade
import CascadeJSON

/// Draws a waterfall layout as an SVG document.
struct SVGRenderer {
  let layout: WaterfallLayout
  let viewport: Rect?

  /// Item fills, one per column (cycling), chosen to stay apart and to carry dark text.
  static let palette = ["#8ecae6", "#ffb703", "#95d5b2", "#f4a3a8", "#cdb4db", "#f9c784", "#a0c4ff", "#bde0fe"]
  static let margin = 24.0
  /// Room above the content for the caption: one line, two with a viewport.
  var titleHeight: Double { viewport == nil ? 28 : 44 }

  /// The whole document.
  ///
  /// - Complexity: O(n + s) for n items and s sections.
  func render() -> String {
    let size = layout.contentSize
    let width = size.width + 2 * Self.margin
    let height = size.height + 2 * Self.margin + titleHeight
    // What a viewer of the viewport sees: its elements, headers at their pinned frames.
    var shown: [ElementPath: Rect] = [:]
    if let viewport {
      for element in layout.elements(inViewport: viewport, pinningHeaders: true) { shown[element.path] = element.frame }
    }
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
      viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif">
      <rect width="100%" height="100%" fill="#ffffff"/>
      \(caption(shown.count))
      <g transform="translate(\(n(Self.margin)) \(n(Self.margin + titleHeight)))">

      """
    for s in 0..<layout.numberOfSections { svg += section(s, shown) }
    svg += "<rect class=\"content\" x=\"0\" y=\"0\" width=\"\(n(size.width))\" height=\"\(n(size.height))\" fill=\"none\" stroke=\"#94a3b8\"/>\n"
    if let viewport {
      // Headers where a viewer scrolled to the viewport sees them: at their pinned frames, above
      // the items, wherever pinning moved them (the header at its own place is faded then).
      for (path, pinned) in shown.sorted(by: { $0.key < $1.key }) where path.kind == .header {
        guard let frame = layout.layoutAttributes(for: path)?.frame, frame != pinned else { continue }
        svg += box(pinned, kind: "pinned-header", fill: "#334155", label: "header \(path.section)",
                   text: "#f8fafc", dim: false, highlight: true)
      }
      svg += "<rect class=\"viewport\" x=\"\(n(viewport.minX))\" y=\"\(n(viewport.minY))\" width=\"\(n(viewport.width))\" "
        + "height=\"\(n(viewport.height))\" fill=\"#ef4444\" fill-opacity=\"0.06\" stroke=\"#dc2626\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
    }
    svg += "</g>\n</svg>\n"
    return svg
  }

  /// The caption: the content size and counts, and the viewport with the number of elements a
  /// viewer sees in it (the viewport query with pinned headers).
  private func caption(_ visibleCount: Int) -> String {
    let size = layout.contentSize
    var lines = ["\(n(size.width)) × \(n(size.height)) · \(layout.numberOfSections) sections · \(layout.numberOfItems) items"]
    if let viewport {
      lines.append("viewport (\(n(viewport.minX)), \(n(viewport.minY)), \(n(viewport.width)), \(n(viewport.height))): \(visibleCount) elements")
    }
    return lines.enumerated().map { i, line in
      "<text x=\"\(n(Self.margin))\" y=\"\(n(Self.margin + 4 + 16 * Double(i)))\" font-size=\"12\" fill=\"\(i == 0 ? "#334155" : "#b91c1c")\">\(line)</text>"
    }.joined(separator: "\n")
  }

  private func section(_ s: Int, _ shown: [ElementPath: Rect]) -> String {
    guard let band = layout.frame(ofSection: s) else { return "" }
    var svg = "<g class=\"section\" data-section=\"\(s)\">\n"
    svg += "<rect class=\"band\" x=\"\(n(band.minX))\" y=\"\(n(band.minY))\" width=\"\(n(band.width))\" height=\"\(n(band.height))\" "
      + "fill=\"\(s % 2 == 0 ? "#f1f5f9" : "#e2e8f0")\"/>\n"
    for kind in [ElementKind.header, .footer] {
      let path = ElementPath(kind: kind, section: s)
      guard let frame = layout.layoutAttributes(for: path)?.frame else { continue }
      let here = shown[path] == frame
      svg += box(frame, kind: kind.description, fill: kind == .header ? "#334155" : "#475569", label: "\(kind) \(s)",
                 text: "#f8fafc", dim: viewport != nil && !here, highlight: here)
    }
    for i in 0..<layout.numberOfItems(inSection: s) {
      let path = ElementPath.item(i, section: s)
      guard let frame = layout.layoutAttributes(for: path)?.frame,
            let columns = layout.columns(ofItem: ItemPath(item: i, section: s)) else { continue }
      let full = columns.count == layout.numberOfColumns(inSection: s) && columns.count > 1
      let fill = full ? "#cbd5e1" : Self.palette[columns.lowerBound % Self.palette.count]
      let here = shown[path] != nil
      svg += box(frame, kind: "item", fill: fill, label: "\(i)", text: "#0f172a", dim: viewport != nil && !here, highlight: here)
    }
    svg += "</g>\n"
    return svg
  }

  /// One element: a rounded rectangle and, when it fits, a centred label.
  private func box(
    _ frame: Rect, kind: String, fill: String, label: String, text: String, dim: Bool, highlight: Bool
  ) -> String {
    let inset = Swift.min(1, frame.width / 4, frame.height / 4)
    let rect = frame.insetBy(dx: inset, dy: inset)
    var svg = "<rect class=\"\(kind)\" x=\"\(n(rect.minX))\" y=\"\(n(rect.minY))\" width=\"\(n(Swift.max(0, rect.width)))\" "
      + "height=\"\(n(Swift.max(0, rect.height)))\" rx=\"4\" fill=\"\(fill)\""
    if dim { svg += " fill-opacity=\"0.35\"" }
    if highlight { svg += " stroke=\"#dc2626\" stroke-width=\"2\"" }
    svg += "/>\n"
    let fontSize = Swift.min(14, frame.height * 0.6, frame.width / Double(Swift.max(2, label.count)) * 1.6)
    if fontSize >= 6 {
      svg += "<text x=\"\(n(frame.midX))\" y=\"\(n(frame.midY))\" font-size=\"\(n(fontSize))\" fill=\"\(text)\" "
        + "text-anchor=\"middle\" dominant-baseline=\"central\"\(dim ? " fill-opacity=\"0.5\"" : "")>\(label)</text>\n"
    }
    return svg
  }

  /// A coordinate, rounded to hundredths: plenty for a drawing, and short.
  private func n(_ value: Double) -> String { JSONWriter.format((value * 100).rounded() / 100) }
}
