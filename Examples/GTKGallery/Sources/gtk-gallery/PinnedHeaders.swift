// INTERIM pinned headers. The core does not pin headers yet (Docs/Spec/Waterfall.md describes
// what it will compute); the gallery computes the pinned frame itself from the layout:
//
//     pinned y = max(headerY, min(viewportTop, limit - headerHeight))
//
// where `limit` is the footer's y when the section has a footer, else the section's end. The
// view only displays a header whose own frame is in the display rect, so once a section's
// header has scrolled further up than the overscan, the gallery shows a stand-in header widget
// for the section under the viewport's top; the core's API will keep the header displayed.

import Cascade

enum PinnedHeaders {
  /// The frame section `section`'s header is drawn at for a viewport whose top is at
  /// `viewportTop`, or `nil` when the section has no header.
  static func frame(ofHeaderIn section: Int, layout: WaterfallLayout, viewportTop: Double) -> Rect? {
    guard let header = layout.layoutAttributes(for: .header(section))?.frame, header.height > 0,
          let sectionFrame = layout.frame(ofSection: section) else { return nil }
    let limit = layout.layoutAttributes(for: .footer(section))?.frame.minY ?? sectionFrame.maxY
    var frame = header
    frame.origin.y = max(header.minY, min(viewportTop, limit - header.height))
    return frame
  }

  /// The section whose frame contains `y`, by binary search over section origins, or `nil`
  /// outside the content.
  static func section(at y: Double, layout: WaterfallLayout) -> Int? {
    var low = 0, high = layout.numberOfSections - 1
    guard high >= 0, let first = layout.origin(ofSection: 0), y >= first,
          let last = layout.frame(ofSection: high), y < last.maxY else { return nil }
    while low < high {
      let mid = (low + high + 1) / 2
      if layout.origin(ofSection: mid)! <= y { low = mid } else { high = mid - 1 }
    }
    return low
  }
}
