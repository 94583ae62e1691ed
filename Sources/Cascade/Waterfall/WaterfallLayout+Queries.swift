// Rect, point and single-element queries of the waterfall: the shared queries of
// `_SectionedLayout+Queries.swift`, specialized here for the waterfall's sections.

extension WaterfallLayout {
  /// The attributes of one element, or `nil` when the path is outside the collection or names a
  /// header or footer of height 0.
  ///
  /// - Complexity: O(log s) for s sections.
  public func layoutAttributes(for path: ElementPath) -> LayoutAttributes? {
    _storage.attributes(for: path, _presentation)
  }

  /// Calls `body` with every element whose frame overlaps `rect`, in spec order, skipping
  /// elements up to and including `after`; `body` returns `false` to stop.
  ///
  /// An element is in the answer when `frame.minX < rect.maxX && frame.maxX > rect.minX &&
  /// frame.minY < rect.maxY && frame.maxY > rect.minY` and its height is not 0.
  ///
  ///     layout.forEachElement(in: viewport, after: nil) { attributes in
  ///       show(attributes)
  ///       return true
  ///     }
  ///
  /// - Complexity: O(log s + t·(c·log n + k·m)) for s sections, t of them meeting the rect's
  ///   vertical range, c columns, n items per section, k answers and m = min(c, log c) merge
  ///   steps: O(log n + k) for a fixed column count. Allocates nothing up to 64 columns.
  public func forEachElement(in rect: Rect, after: ElementPath?, _ body: (LayoutAttributes) -> Bool) {
    _storage.forEachElement(in: rect, after: after, _presentation, body)
  }

  /// Appends every element overlapping `rect`, in spec order, to `buffer`; allocates nothing
  /// when `buffer` has the capacity.
  ///
  /// - Complexity: that of ``forEachElement(in:after:_:)``.
  public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
    // The storage's parts, not the storage, as in `moveWindow(_:to:)`.
    _SectionedLayout._elements(
      in: rect, _presentation, _storage.sections, _storage.origins, width: _storage.width, into: &buffer)
  }

  /// One page of the rect query: at most `limit` elements following `after` (from the start
  /// when `after` is `nil`), appended to `buffer`; a `limit` below 1 takes nothing. Allocates
  /// nothing when `buffer` has the capacity.
  ///
  /// - Returns: `true` when more elements follow the page.
  /// - Complexity: that of ``forEachElement(in:after:_:)``, with k at most `limit + 1`.
  public func page(in rect: Rect, after: ElementPath?, limit: Int, into buffer: inout [LayoutAttributes]) -> Bool {
    _storage.page(in: rect, after: after, limit: limit, _presentation, into: &buffer)
  }

  /// Moves `window` to `rect`: afterwards `window.elements` is exactly ``elements(in:into:)``'s
  /// answer for `rect`. A move along the scroll axis, with the same layout and the same extent
  /// across it, moves a cursor in each lane of each section's index instead of searching.
  ///
  ///     var window = VisibleWindow()
  ///     for y in stride(from: 0.0, to: 10_000, by: 16) {
  ///       layout.moveWindow(&window, to: Rect(x: 0, y: y, width: 390, height: 844))
  ///       show(window.elements)
  ///     }
  ///
  /// - Complexity: O(L + c·log k) for a move that keeps the sections meeting the rect, L lanes
  ///   (columns) of those sections, c elements entering or leaving and k in the window: a few
  ///   comparisons per lane when nothing changes. Otherwise (a layout change, another extent
  ///   across the scroll axis, right to left, another section, many changes) that of
  ///   ``elements(in:into:)``. Allocates nothing once the window's buffers have grown.
  @inlinable
  public func moveWindow(_ window: inout VisibleWindow, to rect: Rect) {
    // The storage's parts passed one by one, not the storage (see `_SectionedLayout._moveWindow`);
    // inlinable, so that a caller holding the layout in a class (a collection view) does not
    // copy the whole layout for the call either.
    _SectionedLayout._moveWindow(
      &window, to: rect, _presentation, _storage.sections, _storage.origins, width: _storage.width,
      generation: _storage.generation)
  }

  /// The first element, in spec order, whose frame contains `point`
  /// (`minX <= x < maxX && minY <= y < maxY`), or `nil`.
  ///
  /// - Complexity: O(log s + c·log n) for s sections, c columns and n items per section.
  public func element(at point: Point) -> LayoutAttributes? {
    _storage.element(at: point, pinningHeadersIn: nil, _presentation)
  }

  /// The viewport query: the rect query of `viewport` with, when `pinningHeaders`, every
  /// section's header at its pinned (sticky) frame, included when that frame overlaps the
  /// viewport (`Docs/Spec/Waterfall.md`, "Viewport with pinned headers"). Allocates nothing when
  /// `buffer` has the capacity.
  ///
  ///     layout.elements(inViewport: Rect(x: 0, y: 300, width: 390, height: 844), pinningHeaders: true, into: &visible)
  ///
  /// - Complexity: that of ``forEachElement(in:after:_:)``.
  public func elements(inViewport viewport: Rect, pinningHeaders: Bool, into buffer: inout [LayoutAttributes]) {
    _storage.elements(inViewport: viewport, pinningHeaders: pinningHeaders, _presentation, into: &buffer)
  }

  /// The hit test with headers pinned in `viewport`: a pinned header holding the point wins.
  ///
  /// - Complexity: that of ``element(at:)``, plus O(1) per section at the point.
  public func element(at point: Point, pinningHeadersIn viewport: Rect) -> LayoutAttributes? {
    _storage.element(at: point, pinningHeadersIn: viewport, _presentation)
  }
}
