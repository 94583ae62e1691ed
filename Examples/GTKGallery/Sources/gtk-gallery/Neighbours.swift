// INTERIM keyboard focus movement. The core will provide a neighbour query over the whole
// layout (Docs/Spec/Waterfall.md, "Neighbours", not built yet); until then the gallery applies
// the same rule itself, by frame geometry, to the items that have cells (the viewport plus the
// overscan, so that the focus can step just past the screen's edge and scroll it into view).
// Switching to the core's query means replacing `Neighbours.nearest` with it.

import Cascade

enum Direction {
  case up, down, left, right
}

enum Neighbours {
  /// The neighbour of the item framed `frame` in `direction` among `candidates` (in spec order),
  /// by the rule of Docs/Spec/Waterfall.md:
  ///
  /// | direction | candidates | the neighbour |
  /// | --- | --- | --- |
  /// | down | `midY > frame.midY`, positive overlap in x | the smallest `minY` |
  /// | up | `midY < frame.midY`, positive overlap in x | the largest `maxY` |
  /// | right | `midX > frame.midX`, positive overlap in y | the smallest `minX` |
  /// | left | `midX < frame.midX`, positive overlap in y | the largest `maxX` |
  ///
  /// Ties go to the larger overlap, then to the first candidate; without a candidate, `nil`.
  static func nearest(
    to frame: Rect, _ direction: Direction, among candidates: [(path: ItemPath, frame: Rect)]
  ) -> ItemPath? {
    func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double { min(a1, b1) - max(a0, b0) }
    var best: (path: ItemPath, distance: Double, overlap: Double)?
    for candidate in candidates {
      let r = candidate.frame
      guard r.width > 0, r.height > 0 else { continue }
      let ahead: Bool, shared: Double, distance: Double
      switch direction {
      case .down:
        (ahead, shared, distance) = (r.midY > frame.midY, overlap(r.minX, r.maxX, frame.minX, frame.maxX), r.minY)
      case .up:
        (ahead, shared, distance) = (r.midY < frame.midY, overlap(r.minX, r.maxX, frame.minX, frame.maxX), -r.maxY)
      case .right:
        (ahead, shared, distance) = (r.midX > frame.midX, overlap(r.minY, r.maxY, frame.minY, frame.maxY), r.minX)
      case .left:
        (ahead, shared, distance) = (r.midX < frame.midX, overlap(r.minY, r.maxY, frame.minY, frame.maxY), -r.maxX)
      }
      guard ahead, shared > 0 else { continue }
      if best == nil || distance < best!.distance || (distance == best!.distance && shared > best!.overlap) {
        best = (candidate.path, distance, shared)
      }
    }
    return best?.path
  }
}
