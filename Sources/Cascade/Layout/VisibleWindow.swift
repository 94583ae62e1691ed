// The visible window: a rect query's answer kept between moves, with a cursor in each lane of
// the index, so that a scroll step costs what it changes. The moves themselves are the layouts'
// (`_SectionedLayout+Window.swift`); this is the value a caller keeps.

/// The elements of a moving rect, kept up to date as the rect moves: what a scroll loop keeps
/// instead of asking ``CollectionLayout/elements(in:into:)`` again at every step.
///
/// Move it with ``CollectionLayout/moveWindow(_:to:)`` (or ``move(to:in:)``); afterwards
/// ``elements`` is exactly what `elements(in: rect, into:)` appends: the same elements, in the
/// same spec order, with the same frames.
///
/// For ``WaterfallLayout`` and ``ListLayout`` the window keeps, in each lane of each section's
/// interval index, the range of positions the rect's search would visit. A move along the scroll
/// axis moves each range's two ends past the elements that entered or left it, and inserts or
/// removes those elements in ``elements``: a step that changes nothing costs a few comparisons
/// per lane, a step that brings one row costs that row. The window remembers which state of the
/// layout it was moved over; after the layout changes (or with another layout, another extent
/// across the scroll axis, a right-to-left layout, or a move that changes the sections meeting
/// the rect or many elements at once) the next move searches, as `elements(in:into:)` does, and
/// starts its cursors again from there. A jump (a rect farther from the last one than the taller
/// of the two) searches and leaves the cursors for the next move to start, if it is near: a run
/// of jumps costs a search each, no more.
///
/// A move by the cursors also reports what it changed: ``entered`` and ``left`` (and
/// ``lastMoveSearched`` when it searched instead), so that a caller keeping a copy of the answer,
/// as the collection view does, can apply those instead of comparing whole answers.
///
///     var window = VisibleWindow()
///     layout.moveWindow(&window, to: Rect(x: 0, y: 0, width: 390, height: 844))
///     layout.moveWindow(&window, to: Rect(x: 0, y: 16, width: 390, height: 844))
///     window.elements  // what layout.elements(in: that rect) answers
public struct VisibleWindow: Sendable {
  /// Every element overlapping ``rect``, in spec order: the answer of
  /// ``CollectionLayout/elements(in:into:)`` for it. Empty before the first move.
  ///
  /// - Complexity: O(1).
  @inlinable public var elements: [LayoutAttributes] { _elements }
  /// The rect of the last move, or `nil` before the first.
  ///
  /// - Complexity: O(1).
  @inlinable public var rect: Rect? { _rect }
  /// How many moves the window has made: with ``lastMoveSearched``, ``entered`` and ``left``,
  /// what lets a caller that keeps its own copy of ``elements`` tell that it saw every move.
  ///
  /// - Complexity: O(1).
  @inlinable public var moveCount: Int { _moveCount }
  /// Whether the last move searched (or there was none): ``elements`` was then made again, and
  /// anything in it may have changed. When `false`, the last move changed ``elements`` by
  /// exactly ``entered`` and ``left``, and every element in both answers has the same frame in
  /// both.
  ///
  /// - Complexity: O(1).
  @inlinable public var lastMoveSearched: Bool { _lastMoveSearched }
  /// The paths the last move put into ``elements``, in no particular order; empty when it
  /// searched. None of them is in ``left``.
  ///
  /// - Complexity: O(1).
  @inlinable public var entered: [ElementPath] { _entered }
  /// The paths the last move took out of ``elements``, in no particular order; empty when it
  /// searched. None of them is in ``entered``.
  ///
  /// - Complexity: O(1).
  @inlinable public var left: [ElementPath] { _left }
  @usableFromInline internal var _elements: [LayoutAttributes] = []
  @usableFromInline internal var _rect: Rect?
  @usableFromInline internal var _moveCount = 0
  @usableFromInline internal var _lastMoveSearched = true
  @usableFromInline internal var _entered: [ElementPath] = []
  @usableFromInline internal var _left: [ElementPath] = []
  /// The state of the layout the cursors belong to; `nil` when the next move must search.
  @usableFromInline internal var _generation: _LayoutGeneration?
  /// The rect of the last move in the storage's coordinates (vertical, left to right).
  @usableFromInline internal var _search = Rect.zero
  /// The first section meeting the rect, and the origin of the first section after those
  /// meeting it (infinity when none).
  @usableFromInline internal var _firstSection = 0
  @usableFromInline internal var _nextOrigin = Double.infinity
  /// One entry per section meeting the rect, from `_firstSection` on.
  @usableFromInline internal var _sections: [_WindowSection] = []
  /// Every lane's cursor, section after section (`_WindowSection.laneBase`).
  @usableFromInline internal var _lanes: [_WindowLane] = []
  /// A section's lanes' first ends while a searching move starts the cursors, kept so that
  /// the move allocates nothing once it has grown to the most lanes a section has.
  @usableFromInline internal var _starts: [Int] = []
  /// How many moves searched rather than moved the cursors: a test hook.
  @usableFromInline internal var _searchCount = 0
  /// How many moves searched rather than moved the cursors: a test hook.
  package var _searches: Int { _searchCount }

  /// The sizes of ``elements``, ``entered`` and ``left``, read in place: the public properties
  /// hand out copies of the arrays (a retain and a release each), which the collection view's
  /// scroll step would pay several times a step.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var _counts: (elements: Int, entered: Int, left: Int) { (_elements.count, _entered.count, _left.count) }

  /// ``elements``, ``entered`` and ``left`` lent to `body` in place, without copies.
  ///
  /// - Complexity: O(1) plus `body`'s.
  @inlinable
  package func _withLists<R>(
    _ body: (UnsafeBufferPointer<LayoutAttributes>, UnsafeBufferPointer<ElementPath>, UnsafeBufferPointer<ElementPath>) -> R
  ) -> R {
    _elements.withUnsafeBufferPointer { elements in
      _entered.withUnsafeBufferPointer { entered in
        _left.withUnsafeBufferPointer { left in body(elements, entered, left) }
      }
    }
  }

  /// The element at `i` of ``elements``, read in place.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func _element(at i: Int) -> LayoutAttributes { _elements[i] }

  /// An empty window: its first move searches.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init() {}

  /// Moves the window to `rect` over `layout`: `layout.moveWindow(&self, to: rect)`.
  ///
  /// - Complexity: that of ``CollectionLayout/moveWindow(_:to:)``.
  @inlinable
  public mutating func move<Layout: CollectionLayout>(to rect: Rect, in layout: Layout) {
    layout.moveWindow(&self, to: rect)
  }

  /// Forgets the cursors: the next move searches. (A layout change is noticed without it.)
  ///
  /// - Complexity: O(1).
  @inlinable
  public mutating func invalidate() { _generation = nil }

  /// Replaces the answer with what `search` appends for `rect`, with no cursors.
  @inlinable
  internal mutating func _searched(_ rect: Rect, _ search: (inout [LayoutAttributes]) -> Void) {
    _generation = nil
    _rect = rect
    _searchCount &+= 1
    _moveCount &+= 1
    _lastMoveSearched = true
    if _entered.count != 0 { _entered.removeAll(keepingCapacity: true) }
    if _left.count != 0 { _left.removeAll(keepingCapacity: true) }
    if _elements.count != 0 { _elements.removeAll(keepingCapacity: true) }
    search(&_elements)
  }

  /// Starts a move by the cursors: ``entered`` and ``left`` empty, to be filled by `_sync`.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  internal mutating func _beginMove() {
    _entered._removeAllKeepingCapacity()
    _left._removeAllKeepingCapacity()
  }

  /// Ends a move by the cursors to `rect`: it counts, and did not search.
  ///
  /// - Complexity: O(1).
  @inlinable
  internal mutating func _moved(to rect: Rect) {
    _rect = rect
    _moveCount &+= 1
    _lastMoveSearched = false
  }

  /// Puts `path` in ``elements`` with `attributes` when they are given, takes it out otherwise,
  /// and notes which it did in ``entered`` or ``left``. Each path is synced at most once a move
  /// (an element is in one lane), so the two lists never share a path.
  ///
  /// - Complexity: O(log k + k) for k elements (a binary search, then at most one insertion or
  ///   removal); O(1) to append after the last element or to take the first out, the common
  ///   cases of a scroll.
  @inlinable
  internal mutating func _sync(_ path: ElementPath, _ attributes: LayoutAttributes?) {
    // Scrolling, what leaves is mostly the first element and what enters mostly goes last:
    // both ends are looked at before the binary search.
    let (i, present) = _elements.withUnsafeBufferPointer { elements -> (Int, Bool) in
      let n = elements.count
      if n == 0 || elements[n - 1].path < path { return (n, false) }
      if elements[0].path == path { return (0, true) }
      let i = elements._firstIndex { !($0.path < path) }
      return (i, i < n && elements[i].path == path)
    }
    if let attributes {
      if !present {
        _elements._insertMoving(attributes, at: i)
        _entered.append(path)
      }
    } else if present {
      _elements._removeMoving(at: i)
      _left.append(path)
    }
  }
}

/// A section meeting a window's rect: where its lanes' cursors are, the bounds of the last move
/// in the section's coordinates, and what its header and footer need.
@usableFromInline
internal struct _WindowSection: Sendable {
  @usableFromInline var y0: Double
  /// The section's first cursor in `VisibleWindow._lanes`, and its lane count (0 for a section
  /// of height 0, which a query skips).
  @usableFromInline var laneBase: Int
  @usableFromInline var laneCount: Int
  /// The search's bounds: an element is a candidate when its bottom is above `lower` and its
  /// top below `upper`. An element whose bottom is above `sureLower` and top below `sureUpper`
  /// overlaps the rect vertically for sure: only the others need the exact test again.
  @usableFromInline var lower = 0.0
  @usableFromInline var upper = 0.0
  @usableFromInline var sureLower = 0.0
  @usableFromInline var sureUpper = 0.0
  /// The section's header and footer heights (0: none), where its footer starts, its width.
  @usableFromInline var headerHeight = 0.0
  @usableFromInline var footerHeight = 0.0
  @usableFromInline var footerY = 0.0
  @usableFromInline var width = 0.0
  /// Whether the header and the footer are in the window's elements.
  @usableFromInline var headerShown = false
  @usableFromInline var footerShown = false

  @inlinable
  init(y0: Double, laneBase: Int, laneCount: Int) {
    self.y0 = y0
    self.laneBase = laneBase
    self.laneCount = laneCount
  }

  /// Section `s`'s header, `(0, y0, W, header)`, as the queries make it (`_header`).
  @inlinable
  func headerAttributes(_ s: Int) -> LayoutAttributes {
    LayoutAttributes(path: .header(s), frame: Rect(x: 0, y: y0, width: width, height: headerHeight), zIndex: 1)
  }

  /// Section `s`'s footer, `(0, y0 + footerY, W, footer)`, as the queries make it (`_footer`).
  @inlinable
  func footerAttributes(_ s: Int) -> LayoutAttributes {
    LayoutAttributes(path: .footer(s), frame: Rect(x: 0, y: y0 + footerY, width: width, height: footerHeight), zIndex: 1)
  }
}

/// A lane's cursor: `first`, the first position whose bottom is below the search's `lower`, and
/// `end`, the first whose top is at or below its `upper`. Both only grow as the rect moves down;
/// the candidates are `first ..< max(first, end)`, exactly the run the search would visit. It
/// keeps the bounds on either side of both ends (infinite past the lane's ends), so that a move
/// that changes nothing is decided on these values alone, without reading the lane.
@usableFromInline
internal struct _WindowLane: Sendable {
  @usableFromInline var first: Int
  @usableFromInline var end: Int
  /// The bottom of the elements at `first` and before it; the top of those at `end` and before.
  @usableFromInline var atFirst: Double
  @usableFromInline var beforeFirst: Double
  @usableFromInline var atEnd: Double
  @usableFromInline var beforeEnd: Double

  /// The cursor at `first` and `end` of `lane`, reading the bounds around them.
  @inlinable
  init<Bounds: IntervalBounds>(_ lane: UnsafeBufferPointer<Int32>, _ bounds: Bounds, first: Int, end: Int) {
    let n = lane.count
    self.first = first
    self.end = end
    atFirst = first < n ? bounds.maxY(Int(lane[first])) : .infinity
    beforeFirst = first > 0 && first <= n ? bounds.maxY(Int(lane[first - 1])) : -.infinity
    atEnd = end < n ? bounds.minY(Int(lane[end])) : .infinity
    beforeEnd = end > 0 && end <= n ? bounds.minY(Int(lane[end - 1])) : -.infinity
  }

  /// Whether the cursor stays where it is for search bounds `lower` and `upper`, with no
  /// candidate near an edge: no element's bottom between the old and the new `lower`, no top
  /// between the old and new `upper`, and, when it has candidates, the first one's bottom above
  /// `sureLower` and the last one's top below `sureUpper` (only there could an answer change).
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  func stays(_ lower: Double, _ upper: Double, _ sureLower: Double, _ sureUpper: Double) -> Bool {
    atFirst > lower && !(beforeFirst > lower) && atEnd >= upper && !(beforeEnd >= upper)
      && (end <= first || (atFirst > sureLower && beforeEnd < sureUpper))
  }
}

/// The identity of one state of a layout (see `_SectionedLayout.generation`): compared by
/// identity, never read.
@usableFromInline
internal final class _LayoutGeneration: Sendable {
  @inlinable init() {}
}
