// The one-shot commands: layout, query, render.

import Cascade
import CascadeJSON

/// `cascade layout`, `cascade query` and `cascade render`.
enum Commands {
  /// Reads, decodes and lays out the document of `invocation`.
  ///
  /// - Complexity: O(b + n·c) for b bytes, n items and c columns.
  static func load(_ invocation: Invocation) throws(ToolExit) -> WaterfallLayout {
    let bytes = try StandardIO.read(invocation.file)
    do throws(JSONError) {
      return try CollectionDocument(parsing: bytes).makeLayout()
    } catch {
      throw .failure(error.description)
    }
  }

  /// Writes `body`'s JSON object and a newline to standard output, or fails with nothing
  /// written when a frame is not finite.
  static func printObject(_ body: (inout JSONWriter) throws(JSONError) -> Void) throws(ToolExit) {
    var writer = JSONWriter()
    do throws(JSONError) {
      writer.beginObject()
      try body(&writer)
      writer.endObject()
    } catch {
      throw .failure(error.description)
    }
    writer.bytes.append(0x0A)
    StandardIO.write(writer.bytes)
  }

  /// `cascade layout`: every frame.
  ///
  /// - Complexity: O(n + s) after the layout, for n items and s sections.
  static func layout(_ invocation: Invocation) throws(ToolExit) {
    let layout = try load(invocation)
    try printObject { writer throws(JSONError) in try writer.layoutKeys(layout) }
  }

  /// `cascade query`: the elements overlapping `--rect`.
  ///
  /// - Complexity: O(log n + k) after the layout, for k answers.
  static func query(_ invocation: Invocation) throws(ToolExit) {
    let layout = try load(invocation)
    let elements = layout.elements(in: invocation.rect ?? .zero)
    try printObject { writer throws(JSONError) in try writer.elements(elements, of: layout) }
  }

  /// `cascade render`: the SVG drawing, written to `--svg`.
  ///
  /// - Complexity: O(n + s) after the layout.
  static func render(_ invocation: Invocation) throws(ToolExit) {
    let layout = try load(invocation)
    // Either extent may overflow: the height of a vertical collection, the width of a horizontal one.
    guard layout.contentSize.width.isFinite && layout.contentSize.height.isFinite else {
      throw .failure("the content size is not finite (the sizes overflow)")
    }
    let svg = SVGRenderer(layout: layout, viewport: invocation.rect).render()
    try StandardIO.write(Array(svg.utf8), toFile: invocation.svg ?? "-")
  }
}
