// A vertical list: the second layout on the protocol, the interval index, the batch algorithm and
// the queries, to show that they are not the waterfall's alone. All it provides is its section
// storage; `_SectionedLayout` does the rest.
//
// Map:
//   ListParameters, ListItem     what a list and its items are given
//   ListLayout                   the layout: the shared batch algorithm and queries
//   _ListGeometry                a section's parameters resolved for the width
//   _ListSection                 a section's storage and its placement loop

/// The parameters of a list or of one of its sections; `nil` means the default (on the layout)
/// or "as the layout says" (on a section).
public struct ListParameters: Hashable, Sendable {
  /// The gap between neighbouring rows, finite ≥ 0. Default 0.
  public var itemSpacing: Double?
  /// The insets around the section's rows, finite ≥ 0. Default all 0.
  public var insets: EdgeInsets?
  /// The section header's height; 0 means none. Default 0.
  public var header: Double?
  /// The section footer's height; 0 means none. Default 0.
  public var footer: Double?

  /// Creates list parameters.
  ///
  /// - Complexity: O(1).
  public init(itemSpacing: Double? = nil, insets: EdgeInsets? = nil, header: Double? = nil, footer: Double? = nil) {
    self.itemSpacing = itemSpacing
    self.insets = insets
    self.header = header
    self.footer = footer
  }

  /// Checks every value set here, as the value at `location`: each must be finite and ≥ 0. The
  /// list runs it on every parameter set it takes.
  ///
  /// - Complexity: O(1).
  package func validate(at location: LayoutError.Location) throws(LayoutError) {
    let fields: [(String, Double?)] = [
      ("itemSpacing", itemSpacing), ("insets.top", insets?.top), ("insets.left", insets?.left),
      ("insets.bottom", insets?.bottom), ("insets.right", insets?.right), ("header", header), ("footer", footer),
    ]
    for (field, value) in fields {
      if let value, let reason = _reject(value, positive: false) { throw LayoutError(location, field: field, reason) }
    }
  }
}

/// One row of a list: its height.
public struct ListItem: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  /// The row's height, finite ≥ 0.
  public var height: Double

  /// Creates a row of `height`.
  ///
  /// - Complexity: O(1).
  public init(height: Double) { self.height = height }
  /// A row of this height, from a literal: `44` is `ListItem(height: 44)`.
  ///
  /// - Complexity: O(1).
  public init(floatLiteral value: Double) { height = value }
  /// A row of this height, from a literal: `44` is `ListItem(height: 44)`.
  ///
  /// - Complexity: O(1).
  public init(integerLiteral value: Int) { height = Double(value) }
}

/// A list section: parameter overrides and rows.
public typealias ListSection = LayoutSection<ListItem, ListParameters>

/// A vertical list with sections, headers and footers: each row spans the section's width
/// between its insets, rows stacked with `itemSpacing` between them.
///
/// Section `s` lays out as a waterfall section would with one column: header `(0, 0, W, header)`,
/// rows from `header + insets.top`, footer below `insets.bottom`; sections stack.
///
///     var list = try ListLayout(width: 320, parameters: ListParameters(itemSpacing: 1),
///                               sections: [ListSection(parameters: ListParameters(header: 28), items: [44, 44, 88])])
///     list.layoutAttributes(for: .item(2, section: 0))?.frame   // (0, 118, 320, 88)
///     try list.apply(.insertItems([60], at: 0, section: 0))
///
/// Every change costs what it does in ``WaterfallLayout``, with one column and no checkpoints:
/// a change at row i lays out rows i ..< n of its section only.
public struct ListLayout: InvertibleCollectionLayout {
  /// What the layout is told about each item.
  public typealias Item = ListItem
  /// What a section may override.
  public typealias SectionParameters = ListParameters

  @usableFromInline internal var _storage: _SectionedLayout<_ListSection>

  /// Creates a list and lays it out.
  ///
  /// A section holds at most 2³¹ − 1 rows; more, here or through a later batch, is rejected with
  /// ``LayoutError/Reason/tooManyElements(limit:)`` naming the section.
  ///
  /// - Throws: ``LayoutError`` naming the first invalid value.
  /// - Complexity: O(n) for n rows.
  public init(
    width: Double, parameters: ListParameters = ListParameters(), sections: [ListSection] = [],
    direction: LayoutDirection = .leftToRight
  ) throws(LayoutError) {
    try self.init(width: width, parameters: parameters, sections: sections, _itemLimit: _maximumItemsPerSection)
    _presentation = _Presentation(.vertical, direction)
  }

  /// Creates a horizontal list of height `height`: rows become columns side by side, each
  /// item's height standing for its width (`Docs/Spec/Waterfall.md`, "Horizontal").
  ///
  /// - Complexity: O(n) for n items.
  public init(
    height: Double, parameters: ListParameters = ListParameters(), sections: [ListSection] = [],
    direction: LayoutDirection = .leftToRight
  ) throws(LayoutError) {
    try self.init(orientation: .horizontal, extent: height, parameters: parameters, sections: sections, direction: direction)
  }

  /// Creates a list of either orientation: `extent` is the width of a vertical list, the height
  /// of a horizontal one.
  ///
  /// - Complexity: O(n) for n items.
  public init(
    orientation: LayoutOrientation, extent: Double, parameters: ListParameters = ListParameters(),
    sections: [ListSection] = [], direction: LayoutDirection = .leftToRight
  ) throws(LayoutError) {
    if orientation == .vertical {
      try self.init(width: extent, parameters: parameters, sections: sections, direction: direction)
      return
    }
    let transposed = sections.map { ListSection(parameters: $0.parameters._transposed, items: $0.items) }
    do {
      try self.init(width: extent, parameters: parameters._transposed, sections: transposed, _itemLimit: _maximumItemsPerSection)
    } catch {
      throw error._transposed
    }
    _presentation = _Presentation(.horizontal, direction)
  }

  /// Orientation and direction; see `WaterfallLayout._presentation`.
  @usableFromInline internal var _presentation = _Presentation(.vertical, .leftToRight)

  /// Which way the list scrolls.
  ///
  /// - Complexity: O(1) (inlinable: a read of the stored value, with no copy of the layout).
  @inlinable
  public var orientation: LayoutOrientation { _presentation.orientation }
  /// Whether frames are mirrored.
  ///
  /// - Complexity: O(1) (inlinable: a read of the stored value, with no copy of the layout).
  @inlinable
  public var direction: LayoutDirection { _presentation.direction }

  /// Test hook: a list whose sections hold at most `_itemLimit` rows; see
  /// `WaterfallLayout.init(width:parameters:sections:_itemLimit:)`.
  ///
  /// - Complexity: that of ``init(width:parameters:sections:)``.
  package init(
    width: Double, parameters: ListParameters = ListParameters(), sections: [ListSection] = [], _itemLimit: Int
  ) throws(LayoutError) {
    _storage = try _SectionedLayout(width: width, parameters: parameters, sections: sections, itemLimit: _itemLimit) {
      (p: ListParameters) throws(LayoutError) in try p.validate(at: .layout)
    }
  }

  /// The content's width: the list's width when vertical, its length along x when horizontal.
  /// O(1).
  public var width: Double { _presentation.orientation == .vertical ? _storage.width : _storage.origins.total }
  /// The content's height: the list's height when horizontal, its length along y when vertical.
  /// O(1).
  public var height: Double { _presentation.orientation == .vertical ? _storage.origins.total : _storage.width }

  /// The layout-level parameters, as given. O(1).
  public var parameters: ListParameters {
    _presentation.orientation == .vertical ? _storage.parameters : _storage.parameters._transposed
  }

  /// `(W, bottom of the last section)` when vertical, `(end of the last section, H)` when
  /// horizontal.
  ///
  /// - Complexity: O(1).
  public var contentSize: Size { Size(width: width, height: height) }

  /// The number of sections.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { _storage.sections.count }

  /// The number of rows of `section`, 0 outside the collection.
  ///
  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int { _storage.count(section) }

  /// Applies a batch of changes atomically; see ``CollectionLayout/apply(_:)``.
  ///
  /// - Complexity: a change at row i of a section of n rows lays out rows i ..< n, O(n - i),
  ///   plus O(log s) for the section origins; section and width changes O(s) plus the sections
  ///   they lay out.
  public mutating func apply(_ changes: [ListLayout.Change]) throws(LayoutError) {
    if _presentation.orientation == .vertical { try _storage.apply(changes); return }
    do { try _storage.apply(changes.map(Self._transposed)) } catch { throw error._transposed }
  }

  /// A change of a horizontal list as its vertical storage takes it, and back; see
  /// `WaterfallLayout._transposed(_:)`.
  @usableFromInline
  static func _transposed(_ change: ListLayout.Change) -> ListLayout.Change {
    switch change {
    case .insertSection(let section, let s): .insertSection(ListSection(parameters: section.parameters._transposed, items: section.items), at: s)
    case .setSectionParameters(let p, let s): .setSectionParameters(p._transposed, section: s)
    case .setWidth(let w): .setHeight(w)
    case .setHeight(let h): .setWidth(h)
    case .appendItems, .insertItems, .replaceItems, .deleteItems, .moveItem, .deleteSection, .moveSection: change
    }
  }

  /// Applies a batch and sets `inverse` to the batch that undoes it; see
  /// ``WaterfallLayout/apply(_:inverse:)``.
  ///
  /// - Complexity: that of ``apply(_:)``, plus O(k) for the k rows deleted or replaced.
  public mutating func apply(
    _ changes: [ListLayout.Change], inverse: inout [ListLayout.Change]
  ) throws(LayoutError) {
    if _presentation.orientation == .vertical {
      try _storage.apply(changes, inverse: &inverse, recording: true)
      return
    }
    var undo: [ListLayout.Change] = []
    do { try _storage.apply(changes.map(Self._transposed), inverse: &undo, recording: true) } catch { throw error._transposed }
    inverse = undo.map(Self._transposed)
  }

  /// The attributes of one element, or `nil` when the path is outside the collection or names a
  /// header or footer of height 0.
  ///
  /// - Complexity: O(log s).
  public func layoutAttributes(for path: ElementPath) -> LayoutAttributes? {
    _storage.attributes(for: path, _presentation)
  }

  /// Every element overlapping `rect`, in spec order, after `after`; `body` returns `false` to stop.
  ///
  /// - Complexity: O(log s + t·log n + k) for t sections meeting the rect and k answers.
  ///   Allocates nothing.
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
    // As `WaterfallLayout.moveWindow(_:to:)`: the storage's parts, not a copy of the storage.
    _SectionedLayout._moveWindow(
      &window, to: rect, _presentation, _storage.sections, _storage.origins, width: _storage.width,
      generation: _storage.generation)
  }

  /// The viewport query, headers pinned when `pinningHeaders`; see
  /// ``WaterfallLayout/elements(inViewport:pinningHeaders:into:)``.
  ///
  /// - Complexity: that of ``forEachElement(in:after:_:)``.
  public func elements(inViewport viewport: Rect, pinningHeaders: Bool, into buffer: inout [LayoutAttributes]) {
    _storage.elements(inViewport: viewport, pinningHeaders: pinningHeaders, _presentation, into: &buffer)
  }

  /// The hit test with headers pinned in `viewport`.
  ///
  /// - Complexity: that of ``element(at:)``.
  public func element(at point: Point, pinningHeadersIn viewport: Rect) -> LayoutAttributes? {
    _storage.element(at: point, pinningHeadersIn: viewport, _presentation)
  }

  /// The first element, in spec order, containing `point`, or `nil`.
  ///
  /// - Complexity: O(log s + log n).
  public func element(at point: Point) -> LayoutAttributes? {
    _storage.element(at: point, pinningHeadersIn: nil, _presentation)
  }
}

extension ListLayout {
  /// Test hook: the rows the placement loop has placed since this list was created.
  package var _placedItemCount: Int { _storage.placedItemCount }

  /// Test hook: the first broken internal invariant, as a message, or `nil`; see
  /// `WaterfallLayout._violation()`.
  ///
  /// - Complexity: O(n) for n rows.
  package func _violation() -> String? { _storage._violation() }
}

/// A list section's parameters resolved against the layout's and the collection's width.
@usableFromInline
internal struct _ListGeometry: _SectionGeometry, Equatable {
  /// The collection width, which headers and footers span.
  @usableFromInline var width: Double = 0
  @usableFromInline var left: Double = 0
  /// Every row's width: the width between the insets, at least 0.
  @usableFromInline var rowWidth: Double = 0
  @usableFromInline var spacing: Double = 0
  /// `header + insets.top`: where the first row starts.
  @usableFromInline var top: Double = 0
  @usableFromInline var insetBottom: Double = 0
  @usableFromInline var header: Double = 0
  @usableFromInline var footer: Double = 0

  @inlinable init() {}

  /// Resolves `section` over `layout` at `width`.
  @usableFromInline
  init(_ section: ListParameters, over layout: ListParameters, width: Double) {
    // Every length + 0: a valid −0 (it is ≥ 0) becomes 0, so that no sum starts at −0
    // (Docs/Spec/Waterfall.md, Notes, "Negative zeros").
    let insets = (section.insets ?? layout.insets ?? .zero)._plusZero
    self.width = width
    left = insets.left
    rowWidth = Swift.max(0, width - insets.left - insets.right)
    spacing = (section.itemSpacing ?? layout.itemSpacing ?? 0) + 0
    header = (section.header ?? layout.header ?? 0) + 0
    footer = (section.footer ?? layout.footer ?? 0) + 0
    top = header + insets.top
    insetBottom = insets.bottom
  }

  /// A row's local frame: the width between the insets.
  @inlinable @inline(__always)
  func frame(of row: _ListSection.Row) -> Rect {
    Rect(x: left, y: row.y, width: rowWidth, height: row.height)
  }

  /// Every row has the same x and width.
  @inlinable @inline(__always)
  func meetsEveryFrameHorizontally(_ rect: Rect) -> Bool {
    left < rect.maxX && left + rowWidth > rect.minX
  }
}

/// A list section: rows as `(y, height)` relative to the section's top, and a one-lane index.
@usableFromInline
internal struct _ListSection: _SectionStorage {
  @usableFromInline typealias Item = ListItem
  @usableFromInline typealias Parameters = ListParameters
  @usableFromInline typealias LayoutParameters = ListParameters

  /// A row as the list stores it: its height, and its top once laid out.
  @usableFromInline struct Row: _LaidOutRecord {
    @usableFromInline var y: Double = 0
    @usableFromInline var height: Double
    @inlinable init(height: Double) { self.height = height }
    /// Every row is in the one lane.
    @inlinable var lane: Int { 0 }
  }

  @usableFromInline var parameters: ListParameters
  @usableFromInline var geometry = _ListGeometry()
  @usableFromInline var records: [Row]
  /// Lists have no ids: always `nil`.
  @usableFromInline var ids: [ItemID?]? = nil
  @usableFromInline var uid = 0
  @usableFromInline var index = IntervalIndex(laneCount: 1)
  /// Always empty: one lane is searched as fast as the blocks would be.
  @usableFromInline var blocks = _IDBlocks()
  @usableFromInline static var keepsIDBlocks: Bool { false }
  @usableFromInline var footerY: Double = 0
  @usableFromInline var height: Double = 0
  @usableFromInline var validCount = 0
  /// The number of rows laid out and indexed by the last pass; differs from the row count after
  /// a deletion at the end, which leaves every remaining row valid but the index stale.
  @usableFromInline var laidOut = 0
  @usableFromInline var configured = false

  @usableFromInline
  init(parameters: ListParameters, items: [ListItem], over layout: ListParameters, width: Double) {
    self.parameters = parameters
    self.records = items.map { Row(height: $0.height) }
    reconfigure(over: layout, width: width)
  }

  /// A list keeps nothing of its items but their rows.
  @usableFromInline typealias Converted = [Row]
  @usableFromInline static func record(_ item: ListItem) -> Row { Row(height: item.height) }
  @usableFromInline static func id(of item: ListItem) -> ItemID? { nil }
  @usableFromInline func item(at i: Int) -> ListItem { ListItem(height: records[i].height) }
  /// The rows of `items` at `i`. O(n - i + k), amortized O(k) at the end.
  @usableFromInline mutating func insertItems(_ items: [ListItem], at i: Int, converted: [Row]?) {
    let rows = converted ?? items.map(Self.record)
    // No reserveCapacity: append's own growth is amortized O(1).
    if i == records.count { records.append(contentsOf: rows) } else { records.insert(contentsOf: rows, at: i) }
  }
  /// O(n - range.lowerBound).
  @usableFromInline mutating func removeItems(_ range: Range<Int>) { records.removeSubrange(range) }
  @usableFromInline mutating func replace(at i: Int, with item: ListItem) {
    records[i] = Self.record(item)
    invalidate(from: i)
  }
  @usableFromInline mutating func movedIn(at i: Int) {}
  @usableFromInline mutating func parametersWereSet() {}

  @usableFromInline
  static func validate(
    _ item: ListItem, at location: LayoutError.Location,
    parameters: ListParameters, over layout: ListParameters, width: Double
  ) throws(LayoutError) {
    try validate(item, at: location)
  }

  @usableFromInline
  static func validate(_ parameters: ListParameters, over layout: ListParameters, width: Double, section: Int) throws(LayoutError) {
    try parameters.validate(at: .section(section))
  }

  @usableFromInline
  static func validate(_ item: ListItem, at location: LayoutError.Location) throws(LayoutError) {
    if let reason = _reject(item.height, positive: false) { throw LayoutError(location, field: "height", reason) }
  }

  @usableFromInline
  mutating func reconfigure(over layout: ListParameters, width: Double) {
    geometry = _ListGeometry(parameters, over: layout, width: width)
    validCount = 0
    configured = false
  }

  @usableFromInline var needsLayout: Bool { !configured || validCount != records.count || laidOut != records.count }

  /// One lane: rows are stacked in order.
  @inlinable var laneCount: Int { 1 }

  @usableFromInline mutating func invalidate(from item: Int) { validCount = Swift.min(validCount, item) }

  /// The list has no state of its own beyond what the shared check covers.
  @usableFromInline func _violation() -> String? { nil }

  /// Places rows from the first dirty one: each starts at the previous row's bottom plus the
  /// spacing, so no saved state is needed. O(n - i).
  @usableFromInline
  mutating func layOut() -> Int {
    let start = validCount
    let g = geometry
    index.removeAll(from: start)
    var y = start == 0 ? g.top : records[start - 1].y + records[start - 1].height + g.spacing
    for i in start..<records.count {
      records[i].y = y
      let maxY = y + records[i].height
      y = maxY + g.spacing
    }
    // The rows to the one lane, in one run (`_append(_:from:)`: no uniqueness checks per row).
    records.withUnsafeBufferPointer { rows in index._append(start..<rows.count, from: _RecordBounds(rows)) }
    let bottom = records.last.map { $0.y + $0.height } ?? g.top
    footerY = bottom + g.insetBottom
    height = g.footer > 0 ? footerY + g.footer : footerY
    validCount = records.count
    laidOut = records.count
    configured = true
    return records.count - start
  }
}
