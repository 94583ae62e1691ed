// Defaults for the presentation requirements of `CollectionLayout`, and the keyboard neighbour
// query of `Docs/Spec/Waterfall.md` ("Neighbours"), for every layout.

extension CollectionLayout {
  /// `.vertical`. O(1).
  public var orientation: LayoutOrientation { .vertical }
  /// `.leftToRight`. O(1).
  public var direction: LayoutDirection { .leftToRight }

  /// The rect query of `viewport`, without pinning.
  ///
  /// - Complexity: that of ``elements(in:into:)``.
  public func elements(inViewport viewport: Rect, pinningHeaders: Bool, into buffer: inout [LayoutAttributes]) {
    elements(in: viewport, into: &buffer)
  }

  /// ``element(at:)``.
  ///
  /// - Complexity: that of ``element(at:)``.
  public func element(at point: Point, pinningHeadersIn viewport: Rect) -> LayoutAttributes? {
    element(at: point)
  }

  /// The viewport query as a new array; see ``elements(inViewport:pinningHeaders:into:)``.
  ///
  /// - Complexity: that of ``elements(inViewport:pinningHeaders:into:)``.
  public func elements(inViewport viewport: Rect, pinningHeaders: Bool) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    elements(inViewport: viewport, pinningHeaders: pinningHeaders, into: &result)
    return result
  }

  /// The collection's fixed size across the scroll axis: its width when vertical, its height
  /// when horizontal.
  ///
  /// - Complexity: that of ``contentSize``.
  public var crossAxisExtent: Double { orientation == .vertical ? contentSize.width : contentSize.height }

  /// The change that sets ``crossAxisExtent``: `.setWidth` for a vertical collection,
  /// `.setHeight` for a horizontal one. O(1).
  public func resizeChange(to extent: Double) -> Change {
    orientation == .vertical ? .setWidth(extent) : .setHeight(extent)
  }

  /// The keyboard neighbour of item `path` in `direction`, on the reported frames
  /// (`Docs/Spec/Waterfall.md`, "Neighbours"): among the other items of any section with
  /// positive width and height, those on that side (`midY > e.midY` for `.down`, ...) that
  /// overlap `e` by a positive amount across the direction; the nearest edge wins (smallest
  /// `minY` down, largest `maxY` up, smallest `minX` right, largest `maxX` left), ties to the
  /// larger overlap, then to the first in answer order. `nil` without a candidate or when `path`
  /// is outside the collection.
  ///
  ///     layout.neighbor(of: ItemPath(item: 0, section: 0), direction: .right)
  ///
  /// - Complexity: rect queries over bands that double in depth from the item, stopping at the
  ///   first band holding a candidate: O(log d · log n + k), d the distance in item lengths and
  ///   k the elements of the last band.
  public func neighbor(of path: ItemPath, direction: NeighborDirection) -> ItemPath? {
    guard let e = layoutAttributesForItem(at: path)?.frame else { return nil }
    let vertical = direction == .up || direction == .down
    // The band spans e across the direction, and grows away from e along it.
    let across0 = vertical ? e.minX : e.minY
    let acrossLength = vertical ? e.width : e.height
    guard acrossLength > 0 else { return nil }
    let content = contentSize
    let lo = Swift.min(0, vertical ? e.minY : e.minX), hi = Swift.max(vertical ? content.height : content.width, vertical ? e.maxY : e.maxX)
    var depth = Swift.max(vertical ? e.height : e.width, 1)
    var final = false
    while true {
      let start: Double, length: Double
      switch direction {
      case .down, .right:
        start = vertical ? e.minY : e.minX
        length = (vertical ? e.height : e.width) + depth
      case .up, .left:
        start = (vertical ? e.minY : e.minX) - depth
        length = (vertical ? e.height : e.width) + 2 * depth
      }
      let band = vertical
        ? Rect(x: across0, y: start, width: acrossLength, height: length)
        : Rect(x: start, y: across0, width: length, height: acrossLength)
      if let best = _bestNeighbor(from: path, e, direction, in: band) { return best }
      if final { return nil }
      let covered = (direction == .down || direction == .right) ? start + length >= hi : start <= lo
      if covered {
        // Frames can stick out of the content (insets wider than the collection): one last band
        // reaching as far as a Double goes.
        final = true
        depth = Double.greatestFiniteMagnitude / 8
      } else {
        depth *= 2
      }
    }
  }

  /// The best candidate overlapping `band`, or `nil`.
  func _bestNeighbor(from path: ItemPath, _ e: Rect, _ direction: NeighborDirection, in band: Rect) -> ItemPath? {
    var best: (path: ItemPath, edge: Double, overlap: Double)?
    forEachElement(in: band, after: nil) { a in
      guard let candidate = a.path.itemPath, candidate != path else { return true }
      let f = a.frame
      guard f.width > 0, f.height > 0 else { return true }
      let edge: Double, overlap: Double, better: (Double, Double) -> Bool
      switch direction {
      case .down:
        guard f.midY > e.midY else { return true }
        overlap = Swift.min(e.maxX, f.maxX) - Swift.max(e.minX, f.minX); edge = f.minY; better = { $0 < $1 }
      case .up:
        guard f.midY < e.midY else { return true }
        overlap = Swift.min(e.maxX, f.maxX) - Swift.max(e.minX, f.minX); edge = f.maxY; better = { $0 > $1 }
      case .right:
        guard f.midX > e.midX else { return true }
        overlap = Swift.min(e.maxY, f.maxY) - Swift.max(e.minY, f.minY); edge = f.minX; better = { $0 < $1 }
      case .left:
        guard f.midX < e.midX else { return true }
        overlap = Swift.min(e.maxY, f.maxY) - Swift.max(e.minY, f.minY); edge = f.maxX; better = { $0 > $1 }
      }
      guard overlap > 0 else { return true }
      if let current = best {
        if better(edge, current.edge) || (edge == current.edge && overlap > current.overlap) {
          best = (candidate, edge, overlap)
        }
      } else {
        best = (candidate, edge, overlap)
      }
      return true
    }
    return best?.path
  }
}
