// INTERIM keyboard focus movement. The core will provide a neighbour query (the item next to an
// item in a direction, over the whole layout); until then the gallery picks, among the items
// that have cells (the viewport plus the overscan), the nearest one in the direction of the
// arrow by frame geometry alone.

import Cascade

enum Direction {
  case up, down, left, right
}

enum Neighbours {
  /// The item next to `frame` in `direction` among `candidates`:
  /// - down: the items below (top at or under `frame`'s bottom) whose x-range overlaps
  ///   `frame`'s, the one with the smallest minY (ties: the nearest centre in x);
  /// - up: the items above whose x-range overlaps, the one with the largest maxY;
  /// - right / left: the items beside whose y-range overlaps, the one with the smallest /
  ///   largest minX / maxX (ties: the nearest centre in y).
  /// When nothing overlaps in that direction, the candidate in that half-plane whose centre is
  /// nearest.
  static func nearest(
    to frame: Rect, _ direction: Direction, among candidates: [(path: ItemPath, frame: Rect)]
  ) -> ItemPath? {
    let slack = 0.5
    func overlapsX(_ r: Rect) -> Bool { r.minX < frame.maxX - slack && r.maxX > frame.minX + slack }
    func overlapsY(_ r: Rect) -> Bool { r.minY < frame.maxY - slack && r.maxY > frame.minY + slack }
    func beyond(_ r: Rect) -> Bool {
      switch direction {
      case .down: r.minY >= frame.maxY - slack
      case .up: r.maxY <= frame.minY + slack
      case .right: r.minX >= frame.maxX - slack
      case .left: r.maxX <= frame.minX + slack
      }
    }
    // How far a candidate is: along the direction first, then across it.
    func key(_ r: Rect) -> (Double, Double) {
      switch direction {
      case .down: (r.minY, abs(r.midX - frame.midX))
      case .up: (-r.maxY, abs(r.midX - frame.midX))
      case .right: (r.minX, abs(r.midY - frame.midY))
      case .left: (-r.maxX, abs(r.midY - frame.midY))
      }
    }
    let ahead = candidates.filter { beyond($0.frame) }
    let inLine = ahead.filter {
      direction == .up || direction == .down ? overlapsX($0.frame) : overlapsY($0.frame)
    }
    if let best = inLine.min(by: { key($0.frame) < key($1.frame) }) { return best.path }
    func distance(_ r: Rect) -> Double {
      let dx = r.midX - frame.midX, dy = r.midY - frame.midY
      return dx * dx + dy * dy
    }
    return ahead.min(by: { distance($0.frame) < distance($1.frame) })?.path
  }
}
