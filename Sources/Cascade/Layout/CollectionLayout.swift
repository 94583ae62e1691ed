/// What every Cascade layout provides: where each element goes, which elements a rectangle
/// holds, which element a point hits, and how the layout takes changes.
///
/// A layout is a value: it owns the description of its items (their sizes, spans, whatever the
/// layout needs, as its `Item` type) and the frames it computed from them. Changes arrive as
/// ``LayoutChange`` values, in batches that are validated whole before anything moves, so a
/// rejected batch leaves the layout exactly as it was.
///
/// The headless collection view (`CascadeView`) is generic over this protocol, so any layout
/// that conforms plugs into it. ``WaterfallLayout`` and ``ListLayout`` are the two in the box.
///
///     var layout = try WaterfallLayout(width: 390, sections: [.init(items: [120, 80, 200])])
///     var visible: [LayoutAttributes] = []
///     visible.reserveCapacity(64)
///     layout.elements(in: Rect(x: 0, y: 0, width: 390, height: 844), into: &visible)
///     try layout.apply([.appendItems([90, 60], section: 0)])
public protocol CollectionLayout: Sendable {
  /// What the layout needs to know about one item (a height, a size, a span, ...).
  associatedtype Item: Sendable
  /// The per-section parameters a section may override.
  associatedtype SectionParameters: Sendable

  /// The collection's width, which every frame is computed for.
  var width: Double { get }

  /// The size of the whole content: the collection's width and the bottom of the last section.
  ///
  /// - Complexity: O(1).
  var contentSize: Size { get }

  /// The number of sections.
  ///
  /// - Complexity: O(1).
  var numberOfSections: Int { get }

  /// The number of items in `section`, or 0 when `section` is outside the collection.
  ///
  /// - Complexity: O(1).
  func numberOfItems(inSection section: Int) -> Int

  /// The attributes of one element, or `nil` when the path is outside the collection or names a
  /// header or footer the section does not have.
  ///
  /// - Complexity: O(log s) for s sections.
  func layoutAttributes(for path: ElementPath) -> LayoutAttributes?

  /// Calls `body` with every element whose frame overlaps `rect` (the rect query of
  /// `Docs/Spec/Waterfall.md`), in spec order: by section, then header, items by index, footer.
  ///
  /// Elements up to and including `after` are skipped, which is how a page of a query continues
  /// the previous one. `body` returns `false` to stop early. A rect with a NaN component holds no
  /// element.
  ///
  /// - Complexity: O(log n + k) for n elements and k answers for the layouts in this package;
  ///   each conforming layout documents its own bound.
  func forEachElement(in rect: Rect, after: ElementPath?, _ body: (LayoutAttributes) -> Bool)

  /// Appends every element overlapping `rect`, in spec order, to `buffer`, which is not cleared
  /// first. With the capacity for the answers it allocates nothing: a scroll loop keeps one
  /// buffer and calls `removeAll(keepingCapacity: true)` before each query.
  ///
  /// A default implementation calls ``forEachElement(in:after:_:)``; a layout may implement it
  /// directly to spare a closure call per answer.
  ///
  /// - Complexity: that of ``forEachElement(in:after:_:)``.
  func elements(in rect: Rect, into buffer: inout [LayoutAttributes])

  /// One page of the rect query: at most `limit` elements following `after` (from the start
  /// when `after` is `nil`), appended to `buffer`. A `limit` below 1 takes nothing.
  ///
  /// A default implementation calls ``forEachElement(in:after:_:)``; a layout may implement it
  /// directly to spare a closure call per answer.
  ///
  /// - Returns: `true` when more elements follow the page.
  /// - Complexity: O(log n + limit) for the layouts in this package.
  func page(in rect: Rect, after: ElementPath?, limit: Int, into buffer: inout [LayoutAttributes]) -> Bool

  /// Moves `window` to `rect`: afterwards `window.elements` is exactly what
  /// ``elements(in:into:)`` appends for `rect` (the same elements, in the same spec order).
  ///
  /// A default implementation searches every time; ``WaterfallLayout`` and ``ListLayout`` move
  /// the window's cursor in each lane of their index instead (see ``VisibleWindow``).
  ///
  /// - Complexity: for the layouts in this package, O(L + c·log k) for a move that stays on the
  ///   same sections, L lanes and c elements entering or leaving the window, k displayed;
  ///   otherwise that of ``elements(in:into:)``. The default: that of ``elements(in:into:)``.
  func moveWindow(_ window: inout VisibleWindow, to rect: Rect)

  /// The first element, in spec order, whose half-open frame contains `point`, or `nil`.
  ///
  /// - Complexity: O(log n) for the layouts in this package.
  func element(at point: Point) -> LayoutAttributes?

  /// Applies a batch of changes, in order, each to the state the previous one left.
  ///
  /// The whole batch is validated first; if any change is invalid, nothing is applied and the
  /// error names the change (``LayoutError/changeIndex``) and the offending value.
  ///
  /// - Complexity: each layout documents what each change recomputes.
  mutating func apply(_ changes: [Change]) throws(LayoutError)

  /// Which way the collection scrolls. A default implementation says `.vertical`.
  var orientation: LayoutOrientation { get }

  /// Whether frames are mirrored. A default implementation says `.leftToRight`.
  var direction: LayoutDirection { get }

  /// Appends the viewport query of `Docs/Spec/Waterfall.md` to `buffer` (not cleared first):
  /// the rect query of `viewport`, and with `pinningHeaders` every section's header at its
  /// pinned (sticky) frame, included when that frame overlaps `viewport`; in spec order.
  ///
  /// A default implementation answers the rect query without pinning, for layouts that cannot
  /// say where a section ends.
  ///
  /// - Complexity: that of the rect query plus O(1) per section met, for the layouts in this
  ///   package.
  func elements(inViewport viewport: Rect, pinningHeaders: Bool, into buffer: inout [LayoutAttributes])

  /// The point query with headers pinned in `viewport`: a pinned header that holds the point
  /// (and overlaps the viewport) is the answer, since it is drawn above the items; otherwise the
  /// first item or footer, in spec order, that holds it. A header never answers at its unpinned
  /// frame. A default implementation answers ``element(at:)``.
  ///
  /// - Complexity: O(log n) plus the elements around the point, for the layouts in this package.
  func element(at point: Point, pinningHeadersIn viewport: Rect) -> LayoutAttributes?
}

extension CollectionLayout {
  /// One change to this layout's collection: `WaterfallLayout.Change` is
  /// `LayoutChange<WaterfallItem, WaterfallParameters>`.
  public typealias Change = LayoutChange<Item, SectionParameters>

  /// A section as this layout takes it: `WaterfallLayout.Section` is ``WaterfallSection``.
  public typealias Section = LayoutSection<Item, SectionParameters>

  /// Appends every element overlapping `rect`, in spec order, to `buffer`, through
  /// ``forEachElement(in:after:_:)``.
  ///
  /// - Complexity: that of ``forEachElement(in:after:_:)``.
  @inlinable
  public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
    forEachElement(in: rect, after: nil) { buffer.append($0); return true }
  }

  /// ``elements(in:into:)`` into the window's buffer, every time: the window's answer with no
  /// cursor to move.
  ///
  /// - Complexity: that of ``elements(in:into:)``.
  @inlinable
  public func moveWindow(_ window: inout VisibleWindow, to rect: Rect) {
    window._searched(rect) { elements(in: rect, into: &$0) }
  }

  /// Every element overlapping `rect`, in spec order.
  ///
  /// - Complexity: that of ``forEachElement(in:after:_:)``.
  @inlinable
  public func elements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    elements(in: rect, into: &result)
    return result
  }

  /// One page of the rect query: at most `limit` elements following `after` (from the start
  /// when `after` is `nil`), appended to `buffer`. A `limit` below 1 takes nothing.
  ///
  /// - Returns: `true` when more elements follow the page.
  /// - Complexity: O(log n + limit) for the layouts in this package.
  @inlinable
  public func page(
    in rect: Rect, after: ElementPath?, limit: Int, into buffer: inout [LayoutAttributes]
  ) -> Bool {
    var taken = 0
    var more = false
    forEachElement(in: rect, after: after) { attributes in
      if taken >= limit { more = true; return false }
      buffer.append(attributes)
      taken += 1
      return true
    }
    return more
  }

  /// The attributes of item `path`, or `nil` when it is outside the collection.
  ///
  /// - Complexity: that of ``layoutAttributes(for:)``.
  @inlinable
  public func layoutAttributesForItem(at path: ItemPath) -> LayoutAttributes? {
    layoutAttributes(for: .item(path.item, section: path.section))
  }

  /// Applies one change; see ``apply(_:)``.
  ///
  /// - Complexity: that of ``apply(_:)`` with that change alone.
  @inlinable
  public mutating func apply(_ change: Change) throws(LayoutError) {
    try apply([change])
  }

  /// The total number of items in every section.
  ///
  /// - Complexity: O(s) for s sections.
  public var numberOfItems: Int {
    var total = 0
    for section in 0..<numberOfSections { total += numberOfItems(inSection: section) }
    return total
  }
}

/// A layout that can say how to undo a batch: ``apply(_:inverse:)`` applies a batch and returns
/// the batch that puts the collection back as it was.
///
/// This is how a caller that must keep a multi-step operation atomic (the collection view, the
/// session) rolls back without keeping a copy of the layout: a copy held across `apply` would make
/// every section the batch touches copy its storage (copy-on-write), O(n) for what is otherwise an
/// O(k) append. ``WaterfallLayout`` and ``ListLayout`` conform; a layout that does not is rolled
/// back by the collection view with a copy.
///
///     var undo: [WaterfallLayout.Change] = []
///     try layout.apply([.appendItems([120, 80], section: 0)], inverse: &undo)
///     try layout.apply(undo)  // the layout is as it was, to the bit
public protocol InvertibleCollectionLayout: CollectionLayout {
  /// Applies a batch like ``CollectionLayout/apply(_:)`` and sets `inverse` to the batch that
  /// undoes it: applying `inverse` afterwards gives back the same items, parameters and width,
  /// and whatever the items remember of their placement (the waterfall's remembered columns),
  /// hence the same frames. When the batch is rejected, neither the layout nor `inverse` changes.
  ///
  /// - Complexity: that of ``CollectionLayout/apply(_:)``, plus what the changes remove or
  ///   replace, or make forget their placement (the inverse keeps a copy of it).
  mutating func apply(_ changes: [Change], inverse: inout [Change]) throws(LayoutError)
}

/// A section as handed to a layout: its parameter overrides and its items.
public struct LayoutSection<Item: Sendable, Parameters: Sendable>: Sendable {
  /// The parameters this section overrides.
  public var parameters: Parameters
  /// The section's items, in order.
  public var items: [Item]

  /// Creates a section.
  ///
  /// - Complexity: O(1).
  public init(parameters: Parameters, items: [Item]) {
    self.parameters = parameters
    self.items = items
  }
}

extension LayoutSection: Equatable where Parameters: Equatable, Item: Equatable {}

/// One change to a layout's collection, in the terms of ``CollectionLayout/apply(_:)``.
///
/// Indices refer to the state left by the previous change of the same batch.
public enum LayoutChange<Item: Sendable, SectionParameters: Sendable>: Sendable {
  /// Adds items at the end of `section`.
  case appendItems([Item], section: Int)
  /// Inserts items before index `at` of `section` (`at` may equal the item count).
  case insertItems([Item], at: Int, section: Int)
  /// Removes the items in `range` of `section`.
  case deleteItems(Range<Int>, section: Int)
  /// Moves one item; `to` is its address once it has been removed from `from`.
  case moveItem(from: ItemPath, to: ItemPath)
  /// Replaces the descriptions (sizes, spans) of items `at ..< at + items.count` of `section`.
  case replaceItems([Item], at: Int, section: Int)
  /// Inserts a section before index `at` (`at` may equal the section count).
  case insertSection(LayoutSection<Item, SectionParameters>, at: Int)
  /// Removes section `at`.
  case deleteSection(at: Int)
  /// Moves a section; `to` is its index once it has been removed from `from`.
  case moveSection(from: Int, to: Int)
  /// Replaces the parameter overrides of `section`.
  case setSectionParameters(SectionParameters, section: Int)
  /// Changes the width of a vertical collection; a horizontal one rejects it.
  case setWidth(Double)
  /// Changes the height of a horizontal collection; a vertical one rejects it.
  case setHeight(Double)
}

extension LayoutChange: Equatable where Item: Equatable, SectionParameters: Equatable {}

/// What a caller that must be able to roll a batch back (the collection view, the session) asks
/// an ``InvertibleCollectionLayout`` before applying it: whether the inverse would keep every
/// item of a section, so that keeping a copy of the layout is the cheaper way back.
///
/// A waterfall with `keepColumns` says so for a width that changes a section's column count, or
/// new section parameters: every item of such a section forgets its column, and the inverse
/// gives each one back (``WaterfallLayout/apply(_:inverse:)``), an O(n) copy that at 1M items
/// cost more than twice the relayout itself. A copy of the layout costs one copy of the storage
/// the changes rewrite anyway, and a look at the frames before the change then reads the copy
/// instead of undoing and redoing the batch.
package protocol _InverseCost: InvertibleCollectionLayout {
  /// Whether the inverse of `changes` would keep every item of some section. Answered for the
  /// layout as it is, each change on its own (a guess for a batch that changes the width twice;
  /// either way of rolling back is exact). O(c + s) for c changes and s sections.
  func _inverseKeepsSections(of changes: [Change]) -> Bool
}
