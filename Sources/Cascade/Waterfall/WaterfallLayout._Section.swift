// One waterfall section's storage and its placement loop.
//
// Map:
//   _ItemRecord          an item's placement (y, height, column) and span: 24 bytes, what queries read
//   _ItemMeasure         an item's measure as given: 16 bytes, in an array of its own, read only
//                        when the item is placed
//   _Geometry            a section's parameters resolved for the current width
//   _Section             records + measures + interval index + checkpoints; `layOut()` places the
//                        dirty tail (the column walk of `keepColumns` size changes is in
//                        `WaterfallLayout._Section+ColumnWalk.swift`)

/// An item as the waterfall places and queries it: its span, and where it went. x and width
/// are not stored: they follow from `column`, `span` and the section's geometry. The measure
/// it was placed from is in the section's ``_ItemMeasure`` array, beside it: queries never read
/// it, so the records they search stay 24 bytes an item. A height item's record holds its
/// height from the start, placed or not, so that a section of height items alone needs no
/// measures (``_Section/measures``).
@usableFromInline
internal struct _ItemRecord: _LaidOutRecord, BitwiseCopyable {
  /// The frame's top, relative to the section's top.
  @usableFromInline var y: Double = 0
  /// The frame's height.
  @usableFromInline var height: Double = 0
  /// The requested span (0 means full width) in the low 30 bits; bit 30 set when the item
  /// remembers its column (`keepColumns`). Spans are clamped to 65,537, so the bit is free.
  @usableFromInline var spanBits: Int32
  /// The placed column (the first one for spanning items); -1 for full width. With
  /// `keepColumns`, the remembered column once ``remembers`` is set.
  @usableFromInline var column: Int32 = 0

  /// The requested span; 0 means full width.
  @inlinable var span: Int32 { spanBits & 0x3FFF_FFFF }

  /// Whether the item keeps `column` instead of being placed afresh (`keepColumns` only).
  @inlinable var remembers: Bool {
    get { spanBits & 0x4000_0000 != 0 }
    set { spanBits = newValue ? spanBits | 0x4000_0000 : spanBits & 0x3FFF_FFFF }
  }

  /// A record of this span, not placed and remembering no column.
  @inlinable @inline(__always)
  init(spanBits: Int32) {
    self.spanBits = spanBits
  }

  /// The record of `item` (its span, its column as remembered, and a height item's height),
  /// not placed.
  @usableFromInline
  init(_ item: WaterfallItem) {
    spanBits = Self.spanBits(item.span)
    if case .height(let h) = item.measure { height = h }
    if let column = item.column {
      self.column = Int32(truncatingIfNeeded: column)
      remembers = true
    }
  }

  /// The stored form of a valid span (`columns(k)` with k >= 1, or `full`): 0 for full width,
  /// else k clamped to one past the column limit. Any span at or beyond the limit is full width
  /// whatever the width, so clamping keeps its meaning. O(1).
  @inlinable @inline(__always)
  static func spanBits(_ span: WaterfallItem.Span) -> Int32 {
    switch span {
    case .full: 0
    case .columns(let k): Int32(Swift.min(k, WaterfallParameters.maximumColumns + 1))
    }
  }

  /// The item as given, from this record and its `measure`, with its remembered column (ids
  /// are kept beside the records). O(1).
  @usableFromInline
  func item(_ measure: _ItemMeasure) -> WaterfallItem {
    WaterfallItem(
      measure.measure,
      span: span == 0 ? .full : .columns(Int(span)),
      column: remembers ? Int(column) : nil)
  }

  /// The lane of the section's index the item is in: its first column; lane 0 for full-width
  /// items.
  @inlinable
  var lane: Int { Swift.max(0, Int(column)) }

  /// The columns of `c` this placed record covers: every one for a full-width item, else from its
  /// column for its span (one for a span of 0 or 1), cut at `c`. What the column walk and
  /// ``_Section/derivedLiveState()`` write a record's `maxY + itemSpacing` into. O(1).
  @inlinable
  func coveredColumns(_ c: Int) -> Range<Int> {
    column < 0 ? 0..<c : Int(column)..<Swift.min(c, Int(column) + (span <= 1 ? 1 : Int(span)))
  }
}

/// An item's measure as the waterfall stores it, beside its ``_ItemRecord``: what its height at
/// a width is computed from.
@usableFromInline
internal struct _ItemMeasure: Sendable, BitwiseCopyable {
  /// 0 for a height item; the size's width for a size item.
  @usableFromInline var width: Double
  /// The item's height, or the size's height.
  @usableFromInline var height: Double

  @inlinable @inline(__always)
  init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The measure of a height item, from its record, which holds its height from the moment it
  /// is stored (what a section without measures reads). O(1).
  @inlinable @inline(__always)
  init(heightOf record: _ItemRecord) {
    self.init(width: 0, height: record.height)
  }

  /// Whether `item` is a size item, whose measure its record cannot give. O(1).
  @inlinable
  static func isSize(_ item: WaterfallItem) -> Bool {
    if case .size = item.measure { true } else { false }
  }

  /// The stored form of `measure`. O(1).
  @inlinable
  init(_ measure: WaterfallItem.Measure) {
    switch measure {
    case .height(let h): width = 0; height = h
    case .size(let w, let h): width = w; height = h
    }
  }

  /// The measure as given. O(1).
  @inlinable
  var measure: WaterfallItem.Measure {
    width == 0 ? .height(height) : .size(width: width, height: height)
  }

  /// The frame height at `width`: `h * width / w` for size items, in that order, and `h` itself
  /// when `h` is zero: a span of columns whose width overflows to infinity would otherwise give
  /// 0 × ∞ = NaN, and one NaN bottom breaks the order of its lane (Docs/Spec/Waterfall.md, Notes).
  /// At every finite width the two agree to the bit. O(1).
  @inlinable
  func height(atWidth frameWidth: Double) -> Double {
    width == 0 || height == 0 ? height : height * frameWidth / width
  }
}

/// A section's parameters resolved against the layout's and the collection's width.
@usableFromInline
internal struct _Geometry: _SectionGeometry, Equatable {
  @usableFromInline var columns: Int
  @usableFromInline var columnWidth: Double
  @usableFromInline var columnSpacing: Double
  @usableFromInline var itemSpacing: Double
  @usableFromInline var left: Double
  /// `A' = max(0, A)`, the width of a full-width item.
  @usableFromInline var fullWidth: Double
  @usableFromInline var header: Double
  @usableFromInline var footer: Double
  /// `header + insets.top`: where the columns start.
  @usableFromInline var top: Double
  @usableFromInline var insetBottom: Double
  @usableFromInline var tolerance: Double
  @usableFromInline var order: WaterfallOrder
  /// The collection width, which headers and footers span.
  @usableFromInline var width: Double
  /// The layout's `keepColumns`.
  @usableFromInline var keepColumns: Bool = false
  /// ``width(span:)`` of one column, worked out once, for ``frame(of:)``. The expression's
  /// value, not `columnWidth`: a column width that underflows below zero is −0 (`max(0, −0)`),
  /// where the expression gives +0.
  @usableFromInline var spanOneWidth: Double = 0

  /// Whether this geometry places height items (whose height is the same at any width) exactly
  /// where `other` does, and ends the section at the same bottom: the same column count, order,
  /// tolerance, item spacing, top, bottom inset, footer and `keepColumns`, each to the bit. The
  /// column width, the x of each column and the collection width may differ: a record holds
  /// its item's column, not its x. O(1).
  @inlinable
  func placesHeightsAlike(_ other: _Geometry) -> Bool {
    columns == other.columns && order == other.order && keepColumns == other.keepColumns
      && tolerance.bitPattern == other.tolerance.bitPattern && itemSpacing.bitPattern == other.itemSpacing.bitPattern
      && top.bitPattern == other.top.bitPattern && insetBottom.bitPattern == other.insetBottom.bitPattern
      && footer.bitPattern == other.footer.bitPattern
  }

  /// Resolves `section` over `layout` at `width`, or returns `nil` when the adaptive column count
  /// is past ``WaterfallParameters/maximumColumns``. Both parameter sets must be valid. O(1).
  @usableFromInline
  static func resolve(_ section: WaterfallParameters, over layout: WaterfallParameters, width: Double) -> _Geometry? {
    guard let columns = columnCount(section, over: layout, width: width) else { return nil }
    return resolve(section, over: layout, width: width, columns: columns)
  }

  /// Whether `section` gives its own column count (`columns` or `minColumnWidth`; the check
  /// allows one of them), so that the count comes from it rather than from the layout's
  /// parameters, whatever the layout sets. O(1).
  @inlinable
  static func setsColumns(_ section: WaterfallParameters) -> Bool {
    section.columns != nil || section.minColumnWidth != nil
  }

  /// The column count ``resolve(_:over:width:)`` gives, or `nil` when the adaptive count is past
  /// ``WaterfallParameters/maximumColumns``, without the rest of the geometry: what the checks
  /// need (a section's parameters, an item's column). Both parameter sets must be valid. O(1).
  @usableFromInline
  static func columnCount(_ section: WaterfallParameters, over layout: WaterfallParameters, width: Double) -> Int? {
    let choice = setsColumns(section) ? section : layout
    guard let minColumnWidth = choice.minColumnWidth else { return choice.columns ?? 2 }
    let columnSpacing = section.columnSpacing ?? layout.columnSpacing ?? 10
    let insets = section.insets ?? layout.insets ?? .zero
    let available = width - insets.left - insets.right
    // floor(fit), then max(1, _): for fit >= 1 truncation is floor, and below 1 the answer is 1.
    // (No `rounded(.down)`: it needs libm, and the core links nothing.)
    var fit = (available + columnSpacing) / (minColumnWidth + columnSpacing)
    if !fit.isFinite {
      // A sum overflowed (∞ / x or ∞ / ∞): the same ratio from halved sums, which cannot
      // overflow; a ratio that is really past the largest Double stays infinite and is refused.
      fit = (available * 0.5 + columnSpacing * 0.5) / (minColumnWidth * 0.5 + columnSpacing * 0.5)
    }
    guard fit < Double(WaterfallParameters.maximumColumns + 1) else { return nil }
    return fit >= 1 ? Int(fit) : 1
  }

  /// Resolves `section` over `layout` at `width` with `columns` columns.
  @usableFromInline
  static func resolve(
    _ section: WaterfallParameters, over layout: WaterfallParameters, width: Double, columns: Int
  ) -> _Geometry {
    // Every length + 0: a valid −0 (it is ≥ 0) becomes 0, so that no sum starts at −0
    // (Docs/Spec/Waterfall.md, Notes, "Negative zeros").
    let columnSpacing = (section.columnSpacing ?? layout.columnSpacing ?? 10) + 0
    let insets = (section.insets ?? layout.insets ?? .zero)._plusZero
    let available = width - insets.left - insets.right
    let header = (section.header ?? layout.header ?? 0) + 0
    var geometry = _Geometry(
      columns: columns,
      columnWidth: Swift.max(0, (available - Double(columns - 1) * columnSpacing) / Double(columns)),
      columnSpacing: columnSpacing,
      itemSpacing: (section.itemSpacing ?? layout.itemSpacing ?? 10) + 0,
      left: insets.left,
      fullWidth: Swift.max(0, available),
      header: header,
      footer: (section.footer ?? layout.footer ?? 0) + 0,
      top: header + insets.top,
      insetBottom: insets.bottom,
      tolerance: (section.tolerance ?? layout.tolerance ?? 0) + 0,
      order: section.order ?? layout.order ?? .shortestFirst,
      width: width,
      keepColumns: layout.keepColumns ?? false)
    geometry.spanOneWidth = geometry.width(span: 1)
    return geometry
  }

  /// Column `j`'s x: `insets.left + j * (columnWidth + columnSpacing)`.
  @inlinable
  func x(column j: Int) -> Double { left + Double(j) * (columnWidth + columnSpacing) }

  /// The width of `k` neighbouring columns: `k * columnWidth + (k - 1) * columnSpacing`.
  @inlinable
  func width(span k: Int) -> Double { Double(k) * columnWidth + Double(k - 1) * columnSpacing }

  /// The local frame of a placed record. x and width follow from the column and the span with
  /// the placement's own expressions, so they are bit-identical to it.
  @inlinable @inline(__always)
  func frame(of record: _ItemRecord) -> Rect {
    if record.column < 0 {
      return Rect(x: left, y: record.y, width: fullWidth, height: record.height)
    }
    // A branch on the span, rather than the two conversions and the multiplications of
    // `width(span:)` for every answer of a query: nearly every item spans one column.
    let span = record.span
    let width = span <= 1 ? spanOneWidth : width(span: Int(span))
    return Rect(x: x(column: Int(record.column)), y: record.y, width: width, height: record.height)
  }

  /// True when `rect` reaches past the last column's x and starts before the first column's
  /// right edge. Every frame's x is at most the last column's (`x(column:)` grows with the
  /// column, and a full-width item's is `left`, column 0's), and every frame's right edge is at
  /// least `left + spanOneWidth`, column 0's (a wider span, or the full width, is at least one
  /// column wide, and each sum rounds no lower than a smaller one), so the two comparisons
  /// bound every frame's.
  @inlinable @inline(__always)
  func meetsEveryFrameHorizontally(_ rect: Rect) -> Bool {
    x(column: columns &- 1) < rect.maxX && left + spanOneWidth > rect.minX
  }
}

/// One section: its items, the index over them, and enough saved column state to lay out again
/// from any item without starting over.
@usableFromInline
internal struct _Section: _SectionStorage {
  @usableFromInline typealias Item = WaterfallItem
  @usableFromInline typealias Parameters = WaterfallParameters
  @usableFromInline typealias LayoutParameters = WaterfallParameters

  /// Items between two saved column states. A change at item i replays at most this many items
  /// before i; each saved state costs `c * 8 + 8` bytes, under a byte per item at 4 columns.
  @usableFromInline static let checkpointShift = 6
  @usableFromInline static var checkpointInterval: Int { 1 << checkpointShift }

  // What a rect query reads first (the geometry, the height and footer, the records and the id
  // blocks), declared first, so that they share the struct's first cache lines: in a feed of
  // many sections a query meets a section whose struct is not in cache.
  @usableFromInline var geometry: _Geometry
  /// Where the footer starts (`bottom + insets.bottom`), relative to the section's top.
  @usableFromInline var footerY: Double = 0
  /// The section's height, `end` in `Docs/Spec/Waterfall.md`.
  @usableFromInline var height: Double = 0
  /// The items' placements, in item order: what queries search.
  @usableFromInline var records: [_ItemRecord]
  /// The id blocks over the records, written by the placement and the column walk.
  @usableFromInline var blocks = _IDBlocks()
  @usableFromInline static var keepsIDBlocks: Bool { true }
  @usableFromInline var parameters: WaterfallParameters
  /// The items' measures, in item order, one per record: read only when items are placed.
  /// Empty while every item is a height item, whose measure is its record's height (see
  /// ``measure(_:)``): such a section keeps 16 bytes an item less, and a build writes them
  /// nowhere. The first size item, or a size change that waits for the column walk (the
  /// record then keeps its old height), stores them all (``storeMeasures()``).
  @usableFromInline var measures: [_ItemMeasure]
  /// The records' ids, or `nil` while no item of the section has had one.
  @usableFromInline var ids: [ItemID?]? = nil
  /// The section's identity, stable across section moves (the id index refers to it).
  @usableFromInline var uid = 0
  @usableFromInline var index: IntervalIndex

  /// What the placement saves before item `m * checkpointInterval`, for m from 1 on, `c + 1`
  /// doubles per checkpoint: the column state (`next[0 ..< c]`), then the number of one-column
  /// items placed before it (for `leftToRight` / `rightToLeft`; exact in a double, being below
  /// 2⁵³). Checkpoint m is at `(m - 1) * checkpointStride` (``checkpointBase(_:stride:)``). Checkpoint 0,
  /// the state before item 0, is every column at `geometry.top` and no item placed: implied,
  /// not stored, so that a section of at most 64 items keeps no array here. One array rather
  /// than an array of counts beside it: an array costs an allocation. (No running bottom: the
  /// bottom of the items before a point is read from the index's lanes, `indexedBottom()`, so
  /// that a column walk need not rewrite it.)
  @usableFromInline var checkpoints: [Double] = []

  /// The doubles a checkpoint takes in ``checkpoints``: one per column, then its count. O(1).
  @inlinable var checkpointStride: Int { geometry.columns + 1 }
  /// The number of checkpoints the section has, the implied checkpoint 0 included once it has
  /// items. O(1).
  @inlinable var checkpointsSaved: Int { records.isEmpty ? 0 : checkpoints.count / checkpointStride + 1 }
  /// Where checkpoint `m` (at least 1) starts in ``checkpoints``. O(1).
  @inlinable static func checkpointBase(_ m: Int, stride: Int) -> Int { (m &- 1) &* stride }

  /// Column state after the first `laidOut` items; empty while the section has no items, and
  /// after a build from scratch, which places with a column state on the stack and keeps none:
  /// an allocation a section fewer, in a layout of many small sections that are never changed.
  /// The first pass that continues from it (an append, the column walk) gets it back from the
  /// records (``derivedLiveState()``); any other pass writes it afresh.
  @usableFromInline var next: [Double] = []
  @usableFromInline var bottom: Double = -.infinity
  @usableFromInline var oneColumnPlaced = 0
  /// The number of items the column state reflects; -1 until the section's current geometry has
  /// been laid out at all (an empty section still needs its height computed).
  @usableFromInline var laidOut = -1
  /// Items `0 ..< validCount` have their final frames; the rest need `layOut()`.
  @usableFromInline var validCount = 0
  /// With `keepColumns`: items below `validCount` whose size changed and that keep their column
  /// and span. Their records hold the new description with the old frame until `layOut()`'s
  /// column walk moves them and the items below them in their columns.
  @usableFromInline var resized: [Int] = []
  /// With `keepColumns` and more than one column: the items that cover several columns (spanning
  /// and full-width), in increasing order, for the column walk. Empty otherwise.
  @usableFromInline var multiColumn: [Int32] = []

  /// For tests: every pass takes the general placement loop, never the one-column loop of its
  /// own, so that the two can be compared on the same section. Never set outside tests.
  @usableFromInline var _generalLoopOnly = false
  /// The fewest items between two items covering several columns or changed for which the
  /// column walk, every column dirty, sweeps the records in id order rather than running each
  /// lane on its own: 2¹⁸ (6 MB of records, past what the lanes' strided passes read from cache
  /// on this machine; below it they are faster: see `walkColumns(from:limit:)`). Tests lower it
  /// to sweep small sections; never set outside tests.
  @usableFromInline var _sweepMinimum = 1 << 18
}

// The initializers live in an extension so that the structure keeps the memberwise initializer
// the compiler writes, which ``init(placingFromScratch:over:width:)`` builds a section with.
extension _Section {
  @usableFromInline
  init(parameters: WaterfallParameters, items: [WaterfallItem], over layout: WaterfallParameters, width: Double) {
    self.parameters = parameters
    self.geometry = Self.geometry(parameters, over: layout, width: width)
    let converted = Self.converted(items)
    self.records = converted.records
    self.measures = converted.measures
    // No lanes until the section has items (`layOut()` makes them): an empty section costs
    // O(1), whatever its column count.
    self.index = IntervalIndex(laneCount: 0)
  }

  /// A section laid out from scratch in one pass over `items` that checks, converts and places
  /// each item, then indexes them; `nil` when the section is empty or an item fails the check
  /// (the caller then checks item by item, which names the first bad one). The check accepts
  /// exactly the items ``validate(_:at:parameters:over:width:)`` accepts. The parameters have
  /// been validated.
  ///
  /// - Complexity: O(n · c) for n items and c columns; the frames, the index and every saved
  ///   state are those of ``init(parameters:items:over:width:)`` followed by ``layOut()``.
  @usableFromInline
  static func _laidOut(
    parameters: WaterfallParameters, items: [WaterfallItem], over layout: WaterfallParameters, width: Double
  ) -> _Section? {
    guard !items.isEmpty else { return nil }
    var section = _Section(placingFromScratch: parameters, over: layout, width: width)
    guard section._placeFromScratch(items, over: layout, width: width) else { return nil }
    return section
  }

  /// ``_laidOut(parameters:items:over:width:)`` built in `sections`' storage: the fresh
  /// section appended, then placed where it lies, and removed if an item fails the check.
  ///
  /// - Complexity: O(n · c) for n items and c columns.
  @usableFromInline
  static func _appendLaidOut(
    parameters: WaterfallParameters, items: [WaterfallItem], over layout: WaterfallParameters, width: Double,
    to sections: inout [_Section]
  ) -> Bool {
    guard !items.isEmpty else { return false }
    sections.append(_Section(placingFromScratch: parameters, over: layout, width: width))
    if sections[sections.count - 1]._placeFromScratch(items, over: layout, width: width) { return true }
    sections.removeLast()
    return false
  }

  /// The pass of ``_laidOut(parameters:items:over:width:)`` over a section fresh from
  /// ``init(placingFromScratch:over:width:)``: checks, converts and places `items`, then indexes
  /// them; false when an item fails the check. A method rather than a closure over a local
  /// section, so that the section is never captured: a captured variable was copied whole on its
  /// way out, a retain and a release of each of its arrays (5% of the build of sections of 20
  /// items, callgrind).
  ///
  /// - Complexity: O(n · c) for n items and c columns.
  @inline(__always)
  mutating func _placeFromScratch(_ items: [WaterfallItem], over layout: WaterfallParameters, width: Double) -> Bool {
    let parameters = self.parameters
    var storing = Self._storesMeasures(items)
    while true {
      var needsMeasures = false
      let made = Self._checkedArrays(
        items, parameters: parameters, over: layout, width: width, storingMeasures: storing, needsMeasures: &needsMeasures
      ) { source, records in
        self._place(into: records, from: 0, source: &source)
      }
      if needsMeasures && !storing {
        // A size item after all: start over from an empty section, storing measures.
        storing = true
        self = _Section(placingFromScratch: parameters, over: layout, width: width)
        continue
      }
      guard let made else { return false }
      records = made.converted.records
      measures = made.converted.measures
      if made.sawID { ids = items.map(\.id) }
      return true
    }
  }

  /// An empty section ready for a placement from scratch: its column state at the top, and an
  /// index of one lane per column. Each property is written once, here, rather than an empty
  /// section built by the initializer above (which converts its items) and then changed.
  /// O(c) for c columns.
  ///
  /// Built by the memberwise initializer, as one value. Written property by property into
  /// `self`, the section was left in memory and copied out at the end, then the original
  /// destroyed: a retain and a release of each of its eleven arrays, which the optimizer did
  /// not pair off (6.5% of the instructions of a build of sections of 20 items, callgrind).
  @usableFromInline @inline(__always)
  init(placingFromScratch parameters: WaterfallParameters, over layout: WaterfallParameters, width: Double) {
    let geometry = Self.geometry(parameters, over: layout, width: width)
    self.init(
      geometry: geometry, records: [], parameters: parameters, measures: [],
      index: IntervalIndex(laneCount: geometry.columns))
  }

  /// How many items ``_storesMeasures(_:)`` looks at for a size item: 64, a few kilobytes of
  /// items read.
  @usableFromInline static var _measuresLookahead: Int { 64 }

  /// Whether a pass over `items` should write their measures from the start: a size item among
  /// the first ``_measuresLookahead``, so that a feed that mixes size and height items does not
  /// place its first items twice. O(1).
  @inlinable
  static func _storesMeasures(_ items: [WaterfallItem]) -> Bool {
    items.prefix(_measuresLookahead).contains(where: _ItemMeasure.isSize)
  }

  /// Whether a pass that stores measures should take `items` as mixing heights and sizes: a
  /// height item among the first ``_measuresLookahead``. (A feed mixes them at random; a
  /// collection of photos is sizes throughout.) O(1): at most that many items are read.
  @inlinable
  static func _mixesMeasures(_ items: UnsafeBufferPointer<WaterfallItem>) -> Bool {
    items.prefix(_measuresLookahead).contains { !_ItemMeasure.isSize($0) }
  }

  /// Fresh records and measures for `items`, written by `fill`: it gets a ``_CheckedItems`` over
  /// the items, which writes each item's measure as it checks it when `storing`, and the
  /// records' buffer of exactly `items.count` elements, and returns false when an item fails the
  /// check. Then `nil` (the elements written are abandoned: they are trivial); otherwise the two
  /// arrays (no measures unless `storing`) and whether an item had an id. What the one-pass build
  /// and a batch's check share.
  ///
  /// Measures are kept only when an item is a size item (``measures``), which is known only once
  /// one is met. A pass that is not `storing` allocates and writes no measures, and stops at a
  /// size item with `needsMeasures` set (and `nil`): the caller starts over, `storing`. Callers
  /// pass ``_storesMeasures(_:)``: with a size item among the first ``_measuresLookahead``, the
  /// pass writes them from the start. (Allocating the buffer in every pass and freeing it
  /// unwritten when no size item came cost more than it saved: a fresh 1M build of height items
  /// took 24–26 ns an item against 10–17, with 4% more page faults over the run and more `brk`
  /// calls, glibc trimming the freed top of its heap, most likely, for the next build to fault
  /// in again.)
  ///
  /// - Complexity: O(k) for k items, plus what `fill` does.
  @inline(__always)
  static func _checkedArrays(
    _ items: [WaterfallItem], parameters: WaterfallParameters, over layout: WaterfallParameters, width: Double,
    storingMeasures storing: Bool, needsMeasures: inout Bool,
    fill: (inout _CheckedItems, UnsafeMutableBufferPointer<_ItemRecord>) -> Bool
  ) -> (converted: Converted, sawID: Bool)? {
    let n = items.count
    var accepted = false, sawID = false, stopped = false
    var measures: [_ItemMeasure] = []
    let records = [_ItemRecord]._uninitialized(count: n, placeholder: _ItemRecord(spanBits: 0)) { buffer, initialized in
      initialized = 0
      // No measures: an array of capacity 0, which allocates nothing.
      let none = _ItemMeasure(width: 0, height: 0)
      measures = [_ItemMeasure]._uninitialized(count: storing ? n : 0, placeholder: none) { measureBuffer, measured in
        measured = 0
        items.withUnsafeBufferPointer { items in
          // `items` is an array of n elements and the buffers have room for n: `fill` gets
          // buffers of exactly n.
          guard items.count == n && buffer.count >= n && (!storing || measureBuffer.count >= n) else { return }
          var source = _CheckedItems(
            items: items, measures: UnsafeMutableBufferPointer(rebasing: measureBuffer[0..<(storing ? n : 0)]),
            storesMeasures: storing, parameters: parameters, layout: layout, width: width,
            mixesMeasures: storing && _mixesMeasures(items))
          accepted = fill(&source, UnsafeMutableBufferPointer(rebasing: buffer[0..<n]))
          sawID = source.sawID
          stopped = source.needsMeasures
        }
        if accepted && storing { measured = n }
      }
      if accepted { initialized = n }
    }
    needsMeasures = stopped
    return accepted ? (Converted(records: records, measures: measures), sawID) : nil
  }

  /// Items checked and converted by a batch's check, for `apply` to store: their records and
  /// their measures, one each per item, or none when every item is a height item (as in
  /// ``measures``).
  @usableFromInline
  struct Converted: Sendable {
    @usableFromInline var records: [_ItemRecord]
    @usableFromInline var measures: [_ItemMeasure]
  }

  /// The records and measures of `items`, unchecked (they have been); no measures when every
  /// item is a height item. O(k) for k items.
  @usableFromInline
  static func converted(_ items: [WaterfallItem]) -> Converted {
    let sized = items.contains(where: _ItemMeasure.isSize)
    return Converted(records: items.map(_ItemRecord.init), measures: sized ? items.map { _ItemMeasure($0.measure) } : [])
  }

  /// `items` checked by the one-pass build's check (`_CheckedItems`, the same bit tests) and
  /// converted as they are checked; `nil` when one fails. O(k) for k items.
  @usableFromInline
  static func _checkedRecords(
    _ items: [WaterfallItem], parameters: WaterfallParameters, over layout: WaterfallParameters, width: Double
  ) -> Converted? {
    var storing = _storesMeasures(items)
    while true {
      var needsMeasures = false
      let made = _checkedArrays(
        items, parameters: parameters, over: layout, width: width, storingMeasures: storing, needsMeasures: &needsMeasures
      ) { source, records in
        // Plain items (nearly all, in most batches) by their own read, any other by the check.
        let plain = source.plainItems
        for i in records.indices {
          guard let input = plain?.record(i) ?? source.record(i) else { return false }
          records.initializeElement(at: i, to: input.record)
        }
        return true
      }
      if needsMeasures && !storing {
        storing = true  // a size item after all: start over
        continue
      }
      return made?.converted
    }
  }

  /// Stores the records and measures of `items` at `i` (appended when `i` is the count), from
  /// `converted` when the batch's check made them; not their ids, which the layout keeps. The
  /// section keeps no measures while all its items, old and new, are height items.
  /// O(n - i + k) for n items and k new ones, amortized O(k) at the end; O(n + k) when the
  /// first size item arrives.
  @usableFromInline
  mutating func insertItems(_ items: [WaterfallItem], at i: Int, converted: Converted?) {
    var new = converted ?? Self.converted(items)
    if !new.measures.isEmpty {
      storeMeasures()
    } else if !measures.isEmpty {
      new.measures = new.records.map(_ItemMeasure.init(heightOf:))
    }
    // No reserveCapacity: it allocates exactly what it is asked for, which would make every
    // append batch copy the whole section; append's own growth is amortized O(1).
    if i == records.count {
      records.append(contentsOf: new.records)
      measures.append(contentsOf: new.measures)
    } else {
      records.insert(contentsOf: new.records, at: i)
      if !new.measures.isEmpty { measures.insert(contentsOf: new.measures, at: i) }
    }
  }

  /// Removes the records and measures of items `range`. O(n - range.lowerBound).
  @usableFromInline
  mutating func removeItems(_ range: Range<Int>) {
    records.removeSubrange(range)
    if !measures.isEmpty { measures.removeSubrange(range) }
  }

  /// Item `i`'s measure: stored, or a height item's from its record. O(1).
  @inlinable
  func measure(_ i: Int) -> _ItemMeasure {
    measures.isEmpty ? _ItemMeasure(heightOf: records[i]) : measures[i]
  }

  /// Stores every item's measure when the section keeps none (each a height item's, from its
  /// record), before a size item or a waiting size change is stored. O(n) the first time, O(1)
  /// after.
  @usableFromInline
  mutating func storeMeasures() {
    guard measures.isEmpty && !records.isEmpty else { return }
    measures = records.map(_ItemMeasure.init(heightOf:))
  }

  /// With `keepColumns`, placed items remember their columns through later changes. O(1).
  @usableFromInline
  static func _keepsPlacements(over layout: WaterfallParameters) -> Bool { layout.keepColumns ?? false }

  @usableFromInline
  static func validate(_ item: WaterfallItem, at location: LayoutError.Location) throws(LayoutError) {
    try item.validate(at: location)
  }

  @usableFromInline
  static func id(of item: WaterfallItem) -> ItemID? { item.id }

  @usableFromInline
  func item(at i: Int) -> WaterfallItem {
    var item = records[i].item(measure(i))
    if let ids { item.id = ids[i] }
    return item
  }

  /// Items `range` as given, what an inverse batch keeps (deleted or replaced items, a deleted
  /// section's, a section's that forgot its columns): the records and measures read in place,
  /// each item written once into the array's storage. O(range.count).
  @usableFromInline
  func items(in range: Range<Int>) -> [WaterfallItem] {
    precondition(range.lowerBound >= 0 && range.upperBound <= records.count, "items out of range")
    let records = self.records._unsafeElements
    let measures = self.measures._unsafeElements
    return [WaterfallItem](unsafeUninitializedCapacity: range.count) { buffer, count in
      for (k, i) in range.enumerated() {
        let measure = measures.isEmpty ? _ItemMeasure(heightOf: records[i]) : measures[i]
        buffer.initializeElement(at: k, to: records[i].item(measure))
      }
      count = range.count
      if let ids { for (k, i) in range.enumerated() { buffer[k].id = ids[i] } }
    }
  }

  /// Replaces item `i`'s description. With `keepColumns`, an item whose span is unchanged and
  /// whose new description names no column keeps its remembered column, and then only its size
  /// can have changed: it waits in `resized` for `layOut()`'s column walk, which moves the items
  /// below it in its columns only. Any other replacement marks the items from `i` on.
  @usableFromInline
  mutating func replace(at i: Int, with item: WaterfallItem) {
    var record = _ItemRecord(item)
    let old = records[i]
    let measure = _ItemMeasure(item.measure)
    if item.column == nil && old.remembers && old.span == record.span {
      record.column = old.column
      record.remembers = true
    }
    if geometry.keepColumns && old.remembers && record.remembers && record.column == old.column
      && record.span == old.span && i < validCount {
      // The old frame stays until the walk, which compares it with the new one.
      record.y = old.y
      record.height = old.height
      storeMeasures()  // the record no longer holds the item's height
      records[i] = record
      measures[i] = measure
      resized.append(i)
    } else {
      if measure.width != 0 { storeMeasures() }
      records[i] = record
      if !measures.isEmpty { measures[i] = measure }
      invalidate(from: i)
    }
  }

  /// A moved item is placed afresh.
  @usableFromInline
  mutating func movedIn(at i: Int) { records[i].remembers = false }

  /// Whether item `i` remembers its column (`keepColumns`), which moving it makes it forget.
  /// O(1).
  @usableFromInline
  func remembersPlacement(at i: Int) -> Bool { geometry.keepColumns && records[i].remembers }

  /// Whether any item remembers its column. O(n) at worst; stops at the first that does.
  @usableFromInline
  var remembersPlacements: Bool { geometry.keepColumns && records.contains { $0.remembers } }

  /// Whether the geometry at `width` has another column count or order (``setGeometry(_:)``
  /// then makes every item forget its column) while some item remembers one. O(1) to resolve
  /// the geometry, then ``remembersPlacements``.
  @usableFromInline
  func forgetsPlacements(reconfiguredOver layout: WaterfallParameters, width: Double) -> Bool {
    guard geometry.keepColumns else { return false }
    let new = Self.geometry(parameters, over: layout, width: width)
    return (new.columns != geometry.columns || new.order != geometry.order) && remembersPlacements
  }

  /// Setting a section's parameters (even to the same values) places every item afresh.
  @usableFromInline
  mutating func parametersWereSet() {
    forgetColumns()
    validCount = 0
    laidOut = -1
  }

  /// Every item of the section forgets its column.
  @usableFromInline
  mutating func forgetColumns() {
    guard geometry.keepColumns else { return }
    for i in records.indices { records[i].remembers = false }
  }

  @usableFromInline
  static func validate(
    _ item: WaterfallItem, at location: LayoutError.Location,
    parameters: WaterfallParameters, over layout: WaterfallParameters, width: Double
  ) throws(LayoutError) {
    try item.validate(at: location)
    guard let column = item.column else { return }
    guard layout.keepColumns == true else {
      throw LayoutError(location, field: "column", "is allowed only with keepColumns")
    }
    // Invalid parameters are reported by their own check; nothing to compare against here.
    guard let c = _Geometry.columnCount(parameters, over: layout, width: width) else { return }
    var k = 0
    if case .columns(let span) = item.span, span < c { k = span }
    guard k >= 1 else { throw LayoutError(location, field: "column", "is not allowed on a full-width item") }
    guard column <= c - k else { throw LayoutError(location, field: "column", "must be in 0...\(c - k)") }
  }

  @usableFromInline
  static func validate(
    _ parameters: WaterfallParameters, over layout: WaterfallParameters, width: Double, section: Int
  ) throws(LayoutError) {
    try parameters.validate(at: .section(section))
    if parameters.keepColumns != nil {
      throw LayoutError(.section(section), field: "keepColumns", "is a layout-only parameter")
    }
    if _Geometry.columnCount(parameters, over: layout, width: width) == nil {
      // Name the level the adaptive count comes from: the section's own, or the layout's.
      throw LayoutError(_Geometry.setsColumns(parameters) ? .section(section) : .layout, field: "minColumnWidth",
                        "gives more than \(WaterfallParameters.maximumColumns) columns at width \(width)")
    }
  }

  /// The resolved geometry; validation has ruled out the `nil` case, and one column stands in
  /// for it so that nothing can trap.
  static func geometry(_ parameters: WaterfallParameters, over layout: WaterfallParameters, width: Double) -> _Geometry {
    _Geometry.resolve(parameters, over: layout, width: width)
      ?? _Geometry.resolve(parameters, over: layout, width: width, columns: 1)
  }

  @usableFromInline
  mutating func reconfigure(over layout: WaterfallParameters, width: Double) {
    setGeometry(Self.geometry(parameters, over: layout, width: width))
  }

  @inlinable var needsLayout: Bool { validCount != records.count || laidOut != records.count || !resized.isEmpty }

  /// One lane per column, none while the section has no items: an empty section keeps no
  /// per-column storage (no lanes, no column state, no checkpoints), so it costs O(1) whatever
  /// its column count.
  @inlinable var laneCount: Int { records.isEmpty ? 0 : geometry.columns }

  /// The column state the first `laidOut` items leave, from the records: the last checkpoint at
  /// or before item `laidOut` (checkpoint 0, every column at the top, is implied), then each
  /// later item's `maxY + itemSpacing` in the columns it covers (every column for a full-width
  /// item), the very sums the placement and the column walk write, so the state is theirs to the
  /// bit. What ``layOut()`` restores ``next`` with after a build from scratch; valid while the
  /// records of items `0 ..< laidOut` are those the passes left (`laidOut <= validCount`).
  /// O(B · s + c) for the checkpoint interval B, spans of up to s columns and c columns.
  @usableFromInline
  func derivedLiveState() -> [Double] {
    let c = geometry.columns, n = Swift.max(0, laidOut), spacing = geometry.itemSpacing
    let m = Swift.min(n >> Self.checkpointShift, checkpointsSaved - 1)
    var state: [Double] = ._repeating(geometry.top, count: c)
    state.withUnsafeMutableBufferPointer { state in
      if m > 0 {
        let base = Self.checkpointBase(m, stride: checkpointStride)
        for j in 0..<c { state[j] = checkpoints[base + j] }
      }
      for i in Swift.max(0, m << Self.checkpointShift)..<n {
        let r = records[i]
        let y = r.y + r.height + spacing
        for j in r.coveredColumns(c) { state[j] = y }
      }
    }
    return state
  }

  /// The waterfall's own invariants: the column state has one entry per column (none in an empty
  /// section, nor after a build from scratch, which keeps none), and there is a saved column
  /// state for every 64 items (one more when the count is a multiple of 64 after a deletion),
  /// each of `c` values; no size change waits for the column walk; with `keepColumns` and
  /// several columns, `multiColumn` lists exactly the items that cover several columns; every
  /// saved column state, and the live one, is the state the items
  /// before it leave (`maxY + itemSpacing` of the last item covering each column, else `top`), to
  /// the bit (the column walk writes them one column at a time), and so is the state
  /// ``derivedLiveState()`` works out. O(n·s + (n/B + 1)·c) for n items of span up to s, c columns
  /// and the checkpoint interval B.
  @usableFromInline
  func _violation() -> String? {
    let n = records.count, c = n == 0 ? 0 : geometry.columns, saved = checkpointsSaved
    if !measures.isEmpty && measures.count != n { return "\(measures.count) measures for \(n) records" }
    if measures.isEmpty, let i = records.firstIndex(where: { !_CheckedItems.isFiniteNonNegative($0.height) }) {
      return "item \(i) has no measure and its record's height is \(records[i].height)"
    }
    if next.count != c && !(next.isEmpty && laidOut == n) {
      return "column state has \(next.count) entries for \(c) columns"
    }
    if checkpoints.count != Swift.max(0, saved - 1) * checkpointStride {
      return "\(checkpoints.count) checkpoint values for \(saved) checkpoints of \(geometry.columns) columns"
    }
    if !resized.isEmpty { return "\(resized.count) size changes left for the column walk" }
    let several = Self.tracksMultiColumn(geometry)
      ? records.indices.filter { records[$0].column < 0 || records[$0].span > 1 }.map(Int32.init) : []
    if multiColumn != several { return "multiColumn lists \(multiColumn.count) items, not the \(several.count) that cover several columns" }
    let least = (n + Self.checkpointInterval - 1) >> Self.checkpointShift
    if saved < least || saved > (n >> Self.checkpointShift) + 1 || (n == 0 && saved != 0) {
      return "\(saved) checkpoints for \(n) items"
    }
    if c > 0 && laidOut == n {
      var state = Array(repeating: geometry.top, count: c)
      func differs(_ stored: ArraySlice<Double>) -> Bool {
        zip(stored, state).contains { $0.bitPattern != $1.bitPattern }
      }
      for i in 0...n {
        // Checkpoint 0 is implied: the state `state` starts from.
        if i & (Self.checkpointInterval - 1) == 0 && i > 0 && i >> Self.checkpointShift < saved {
          let m = i >> Self.checkpointShift
          let base = Self.checkpointBase(m, stride: checkpointStride)
          if differs(checkpoints[base..<(base + c)]) { return "checkpoint \(m) is not the column state before item \(i)" }
          let count = checkpoints[base + c]
          if !(count >= 0 && count <= Double(i) && count.rounded() == count) {
            return "checkpoint \(m) counts \(count) one-column items before item \(i)"
          }
        }
        if i == n { break }
        let r = records[i]
        let columns = r.column < 0 ? 0..<c : Int(r.column)..<Swift.min(c, Int(r.column) + Swift.max(1, Int(r.span)))
        for j in columns { state[j] = r.y + r.height + geometry.itemSpacing }
      }
      if !next.isEmpty && differs(next[...]) { return "the live column state is not the state after the last item" }
      if differs(derivedLiveState()[...]) { return "the column state derived from the records is not the state after the last item" }
    }
    return nil
  }

  /// Marks items from `item` on as needing layout.
  @inlinable
  mutating func invalidate(from item: Int) { validCount = Swift.min(validCount, item) }

  /// Replaces the geometry; every item needs layout again, unless the section holds height
  /// items only (it stores no measures) and the new geometry places them exactly as the old
  /// one did (``_Geometry/placesHeightsAlike(_:)``): a width change that keeps the column
  /// count then keeps every record, checkpoint and lane as it is, since an item's y and height
  /// do not depend on the width and its x is worked out from the geometry when it is asked
  /// for. O(1) but for ``forgetColumns()``.
  @usableFromInline
  mutating func setGeometry(_ geometry: _Geometry) {
    // A new column count or order places every item afresh; a width change that keeps both
    // keeps the remembered columns.
    if geometry.columns != self.geometry.columns || geometry.order != self.geometry.order { forgetColumns() }
    let placesAlike = measures.isEmpty && geometry.placesHeightsAlike(self.geometry)
    self.geometry = geometry
    if placesAlike { return }
    validCount = 0
    laidOut = -1
  }

  /// Whether a section with this geometry keeps `multiColumn` (and can walk columns).
  @inlinable
  static func tracksMultiColumn(_ g: _Geometry) -> Bool { g.keepColumns && g.columns > 1 }

  /// Applies the size changes waiting in `resized` by the column walk
  /// (``walkColumns(from:limit:)``), then places items `validCount ..< count`, from the last
  /// checkpoint at or before `validCount`.
  ///
  /// - Returns: the number of items placed (by the walk and the placement loop).
  /// - Complexity: the walk's, plus O((n - i + B) · c) for a first invalid item i, n items,
  ///   c columns and the checkpoint interval B; the index loses and regains the same ids.
  @usableFromInline
  @discardableResult
  mutating func layOut() -> Int {
    let c = geometry.columns
    let interval = Self.checkpointInterval
    var walked = 0
    if next.isEmpty && laidOut > 0 && !records.isEmpty {
      // A build from scratch kept no column state (`next`). The pure append and the column
      // walk continue from the state after item `laidOut`, which the records give while none
      // below it changed; every other pass writes the state afresh before it reads it.
      next = laidOut <= Swift.min(validCount, records.count) ? derivedLiveState() : ._repeating(geometry.top, count: c)
    }
    if !resized.isEmpty {
      // Items below `limit` are laid out and where they were when the walk's state was saved.
      let limit = Swift.min(validCount, laidOut)
      // Sorted, once each, below `limit`, in `resized`'s own buffer (kept for the next batch).
      var changed: [Int] = []
      swap(&changed, &resized)
      changed.sort()
      var unique = 0
      for q in changed.indices where changed[q] < limit && (unique == 0 || changed[unique - 1] != changed[q]) {
        changed[unique] = changed[q]
        unique += 1
      }
      changed.removeSubrange(unique...)
      if !changed.isEmpty {
        if Self.tracksMultiColumn(geometry) && next.count == c {
          walked = walkColumns(from: changed, limit: limit)
        } else {
          validCount = Swift.min(validCount, changed[0])
        }
      }
      changed.removeAll(keepingCapacity: true)
      swap(&changed, &resized)
      if validCount == records.count && laidOut == records.count {
        bottom = indexedBottom()
        finish()
        return walked
      }
      if validCount == laidOut { bottom = indexedBottom() }  // the append below continues from it
    }
    var start: Int
    if validCount == laidOut && validCount > 0 && next.count == c {
      start = validCount  // a pure append: continue from the live state
    } else if validCount == 0 || next.count != c {
      start = 0
      bottom = -.infinity
      oneColumnPlaced = 0
      // An empty section keeps nothing per column (`laneCount`); one with items keeps its room.
      let keep = !records.isEmpty
      if keep {
        // In the buffers the section has: a width change of a feed relays out thousands of
        // sections, and each general array call costs about a hundred instructions.
        next._setCount(c, filler: geometry.top)
        next.withUnsafeMutableBufferPointer { $0.update(repeating: geometry.top) }
        checkpoints._removeAllKeepingCapacity()
        multiColumn._removeAllKeepingCapacity()
      } else {
        next = []
        checkpoints = []
        multiColumn = []
      }
      // The placement replaces the index whole once the items are placed (`replaceAll`
      // rewrites every lane and its samples), so the lanes are not emptied first, only made
      // anew for another number of them.
      if !keep || index.laneCount != c { index.reset(laneCount: keep ? c : 0, keepingCapacity: keep) }
      blocks.reset(keepingCapacity: keep)
    } else {
      let m = validCount >> Self.checkpointShift
      start = m * interval
      if m == 0 {
        // The implied checkpoint 0: every column at the top, nothing placed.
        for j in 0..<c { next[j] = geometry.top }
        oneColumnPlaced = 0
        checkpoints.removeAll(keepingCapacity: true)
      } else {
        let base = Self.checkpointBase(m, stride: checkpointStride)
        for j in 0..<c { next[j] = checkpoints[base + j] }
        oneColumnPlaced = Int(checkpoints[base + c])
        checkpoints.removeSubrange((base + checkpointStride)...)
      }
      multiColumn.removeSubrange(multiColumn._firstIndex { Int($0) >= start }...)
      index.removeAll(from: start)
      bottom = indexedBottom()
    }
    let n = records.count
    // The loop writes through a pointer into the records' own buffer, so the array is moved
    // out of `self` meanwhile (a swap: no copy, it stays uniquely referenced).
    var placing: [_ItemRecord] = [], measured: [_ItemMeasure] = []
    swap(&placing, &records)
    swap(&measured, &measures)
    placing.withUnsafeMutableBufferPointer { buffer in
      measured.withUnsafeBufferPointer { measures in
        var source = _PlacedRecords(records: buffer, measures: measures)
        _ = _place(into: buffer, from: start, source: &source)
      }
    }
    swap(&placing, &records)
    swap(&measured, &measures)
    return walked + n - start
  }

  /// Places items `start ..< records.count` from the column state in `next` and
  /// `oneColumnPlaced` (reset for `start == 0`, restored from a checkpoint otherwise), writing
  /// each record whole into `records` (uninitialized memory is fine: records are trivial),
  /// saving a checkpoint before each interval of 64 items, and indexing the items: appended to
  /// their lanes one by one incrementally, and from scratch in one filling pass after
  /// placement, from each item's lane written to a 2-byte-per-item scratch buffer and each
  /// lane's count kept as lanes are assigned (the pass then reads 2 bytes per item, not the
  /// 24-byte records, and needs no counting pass). Then sets `bottom` from the index,
  /// `laidOut`, `validCount` and the height.
  ///
  /// The one placement loop of the waterfall, whether the records are already there
  /// (``_PlacedRecords``) or are made from the items as it goes (``_CheckedItems``, laying out
  /// from scratch in one pass).
  ///
  /// - Returns: `false`, having stopped at once, when `source` rejects an item: `self` and
  ///   `records` are then half written and must be discarded.
  /// - Complexity: O((n - start) · c) for n items and c columns.
  @inline(__always)
  mutating func _place<Source: _RecordSource>(
    into records: UnsafeMutableBufferPointer<_ItemRecord>, from start: Int, source: inout Source
  ) -> Bool {
    let c = geometry.columns
    let interval = Self.checkpointInterval
    let checkpointStride = self.checkpointStride
    let n = records.count
    if start == 0 && n > 0 {
      // Only from scratch: reserving on every pass would reallocate exactly, O(n) per append.
      checkpoints.reserveCapacity(((n - 1) / interval) * checkpointStride)
    }
    // The loop writes each placed item's lane (and, from scratch, each lane's count). From
    // scratch, the index is then built in one filling pass from the lanes and counts;
    // incrementally, after each run of the loop, its items are appended to their lanes in id
    // order, while their records are still in cache. Either way the loop itself only stores a
    // lane, so both take the same loops.
    let appendToIndex = start > 0
    // The id blocks: each leaf written by the loop as it completes a block of 16 items (the
    // smallest y and the largest maxY, folded off the chain from one item's y to the next, so
    // nearly free), and the levels above once at the end, from the first changed block (from
    // block 0 if the storage moved). The leaves are taken out of `blocks` meanwhile, as the
    // records are, to be written through pointers.
    let blockCount = _IDBlocks._blocks(n), startBlock = start >> _IDBlocks.idShift
    let levelsFrom = blocks._reserve(blocks: blockCount, keeping: startBlock) ? 0 : startBlock
    var leaves: [Double] = []
    swap(&leaves, &blocks._levels)
    let g = geometry
    let tracksMulti = Self.tracksMultiColumn(g)
    var accepted = true
    // Lanes are column numbers, below `maximumColumns` = 2^16: two bytes hold any of them.
    leaves.withUnsafeMutableBufferPointer { leaves in
    let (leafTops, leafBottoms) = _IDBlocks._trees(leaves)
    // Item i's lane: from scratch `lanes[i]`, every item's; incrementally `lanes[i - r]`, r being
    // the first item of the run (at most one checkpoint interval), on the stack.
    withUnsafeTemporaryAllocation(of: UInt16.self, capacity: appendToIndex ? interval : n) { lanes in
      // Each lane's count, then the count of one-column items placed (the left-to-right
      // orders' cursor): in this temporary buffer rather than a local variable, which the
      // nested loops capture, and which the compiler then boxed on the heap in the one-pass
      // build's copy of this function, one allocation per section.
      withUnsafeTemporaryAllocation(of: Int.self, capacity: c + 1) { counters in
        counters.initialize(repeating: 0)
        let laneCounts = UnsafeMutableBufferPointer(rebasing: counters[..<c])
        let placedOneColumn = counters.baseAddress! + c
        placedOneColumn.pointee = oneColumnPlaced
        Self._withColumnState(&next, columns: c, top: g.top) { next in
          /// Places items `range`, inside one checkpoint interval; false when `source` rejects
          /// one. The flags are the pass's (`g.keepColumns`, `fourShortest`); a call that passes
          /// them as constants gets a copy of the loop that tests none of them per item.
          @inline(__always)
          func placeRun(_ range: Range<Int>, keep: Bool, fourShortest: Bool) -> Bool {
            let laneBase = appendToIndex ? range.lowerBound : 0
            /// Notes item `i`'s lane, for the index.
            @inline(__always) func addToIndex(_ i: Int, lane: Int) {
              lanes[i &- laneBase] = UInt16(truncatingIfNeeded: lane)
              laneCounts[lane] &+= 1
            }
            // The block the run starts in: from the items before it when an append starts inside
            // one (runs otherwise start at a checkpoint, a multiple of 64).
            let blockMask = _IDBlocks.blockSize &- 1
            var blockTop = Double.infinity, blockBottom = -Double.infinity
            for k in (range.lowerBound & ~blockMask)..<range.lowerBound {
              let r = records[k]
              blockTop = r.y < blockTop ? r.y : blockTop
              blockBottom = r.y + r.height > blockBottom ? r.y + r.height : blockBottom
            }
            // With two columns or more, shortest first, the one-column items (all of them, in
            // most collections) take a loop of their own, small enough for its values to stay in
            // registers; it stops at any other item, which the general loop places.
            let tight = fewShortest && !keep
            var i = range.lowerBound
            while i < range.upperBound {
              if tight {
                var checked = true
                // Two to eight columns: plain items first, in their own copy of the loop (the
                // columns kept in order up to four; from nine on that copy was slower: the
                // scanned states wait on their stores, as a relayout in place does). From five
                // to eight it was no faster on items all of one kind, and 6% faster on a feed
                // mixing heights and sizes, whose checked reads branch on which.
                if c <= 8, var plain = source.plainItems {
                  i = Self._placeOneColumnItems(
                    i..<range.upperBound, columns: c, source: &plain, records: records, next: next,
                    lanes: lanes, laneBase: laneBase, laneCounts: laneCounts, leafTops: leafTops, leafBottoms: leafBottoms,
                    columnWidth: g.columnWidth, itemSpacing: g.itemSpacing, placed: &placedOneColumn.pointee,
                    blockTop: &blockTop, blockBottom: &blockBottom)
                  if i == range.upperBound { break }
                  // Where the plain items stop: an item of another span goes to the general
                  // loop below at once; a one-column item that is not plain (an id, `-0`, a size
                  // without measures, a bad item) to the checked loop, with those after it.
                  checked = plain.spansOneColumn(i)
                }
                if checked {
                  i = Self._placeOneColumnItems(
                    i..<range.upperBound, columns: c, source: &source, records: records, next: next,
                    lanes: lanes, laneBase: laneBase, laneCounts: laneCounts, leafTops: leafTops, leafBottoms: leafBottoms,
                    columnWidth: g.columnWidth, itemSpacing: g.itemSpacing, placed: &placedOneColumn.pointee,
                    blockTop: &blockTop, blockBottom: &blockBottom)
                  if i == range.upperBound { break }
                }
              }
              defer { i &+= 1 }
              guard let input = source.record(i) else { return false }
              var record = input.record
              let span = Int(record.span)
              let maxY: Double
              if span == 1 && c > 1 {
                // The tournament gives the column's y with it: no load of `next[j]`, whose
                // address waits for `j`, on the chain from one item's y to the next one's.
                let j: Int, y: Double
                if keep && record.remembers && record.column >= 0 && Int(record.column) < c {
                  j = Int(record.column)
                  y = next[j]
                } else {
                  if fourShortest {
                    (j, y) = Self.shortestOfFour(next)
                  } else {
                    switch g.order {
                    case .shortestFirst: j = Self.shortest(next, tolerance: g.tolerance)
                    case .leftToRight: j = placedOneColumn.pointee % c
                    case .rightToLeft: j = c - 1 - placedOneColumn.pointee % c
                    }
                    y = next[j]
                  }
                  if keep { record.remembers = true }
                }
                placedOneColumn.pointee &+= 1
                let h = input.measure.height(atWidth: g.columnWidth)
                maxY = y + h
                record.y = y
                record.height = h
                record.column = Int32(truncatingIfNeeded: j)
                next[j] = maxY + g.itemSpacing
                addToIndex(i, lane: j)
              } else if span > 1 && span < c {
                let s: Int, y: Double
                if keep && record.remembers && record.column >= 0 && Int(record.column) + span <= c {
                  s = Int(record.column)
                  var top = next[s]
                  for j in (s + 1)..<(s + span) where next[j] > top { top = next[j] }
                  y = top
                } else {
                  (s, y) = Self.lowestRun(next, span: span, tolerance: g.tolerance)
                  if keep { record.remembers = true }
                }
                let h = input.measure.height(atWidth: g.width(span: span))
                maxY = y + h
                record.y = y
                record.height = h
                record.column = Int32(truncatingIfNeeded: s)
                let nextY = maxY + g.itemSpacing
                for j in s..<(s + span) { next[j] = nextY }
                addToIndex(i, lane: s)
                if tracksMulti { multiColumn.append(Int32(truncatingIfNeeded: i)) }
              } else {
                var y = next[0]
                for j in 1..<c where next[j] > y { y = next[j] }
                let h = input.measure.height(atWidth: g.fullWidth)
                maxY = y + h
                record.y = y
                record.height = h
                record.column = -1
                record.remembers = false
                let nextY = maxY + g.itemSpacing
                for j in 0..<c { next[j] = nextY }
                addToIndex(i, lane: 0)
                if tracksMulti { multiColumn.append(Int32(truncatingIfNeeded: i)) }
              }
              records.initializeElement(at: i, to: record)
              Self.foldIntoLeaf(
                i, y: record.y, maxY: maxY, top: &blockTop, bottom: &blockBottom,
                leafTops: leafTops, leafBottoms: leafBottoms)
            }
            if range.upperBound & blockMask != 0 {  // the last items, a block short of 16
              leafTops[range.upperBound &>> _IDBlocks.idShift] = blockTop
              leafBottoms[range.upperBound &>> _IDBlocks.idShift] = blockBottom
            }
            return true
          }
          let fewShortest = c >= 2 && g.order == .shortestFirst && g.tolerance == 0 && !_generalLoopOnly
          let fourShortest = fewShortest && c == 4
          // One checkpoint interval at a time: the checkpoint is saved before its first item,
          // so the items themselves test nothing for it. (`checkpointsSaved` written out: a
          // getter on the whole section would overlap the loop's access to `next`.)
          var i = start
          while i < n {
            if i & (interval - 1) == 0 && i > 0 && (i >> Self.checkpointShift) == checkpoints.count / checkpointStride + 1 {
              checkpoints.append(contentsOf: next)
              checkpoints.append(Double(placedOneColumn.pointee))
            }
            let run = i..<Swift.min(n, (i | (interval - 1)) + 1)
            // Passes without `keepColumns`, the common case, get loops of their own.
            let placed = switch (g.keepColumns, fourShortest) {
            case (false, true): placeRun(run, keep: false, fourShortest: true)
            case (false, false): placeRun(run, keep: false, fourShortest: false)
            default: placeRun(run, keep: g.keepColumns, fourShortest: fourShortest)
            }
            guard placed else { accepted = false; break }
            if appendToIndex {
              // The run's items to their lanes, in id order (each lane's ids stay sorted).
              index._append(
                run, from: _PlacedLanes(lanes: UnsafeBufferPointer(lanes), base: run.lowerBound, records: UnsafeBufferPointer(records)))
            }
            i = run.upperBound
          }
        }
        if accepted && !appendToIndex {
          // An empty section's index has no lanes (`laneCount`), and none of the c counts.
          let counts = UnsafeBufferPointer(rebasing: laneCounts[..<(n == 0 ? 0 : c)])
          index.replaceAll(
            count: n, from: _PlacedLanes(lanes: UnsafeBufferPointer(lanes), records: UnsafeBufferPointer(records)),
            laneCounts: counts)
        }
        oneColumnPlaced = placedOneColumn.pointee
      }
    }
    }
    swap(&leaves, &blocks._levels)
    guard accepted else { return false }
    blocks._syncLevels(count: n, levelsFrom..<blockCount)
    // The bottom of every item so far, from the last item of each lane (O(c)) rather than a
    // running maximum: no compare per item, whose branch random heights mispredict.
    bottom = Self.indexedBottom(index, UnsafeBufferPointer(records))
    laidOut = n
    validCount = n
    finish()
    return true
  }

  /// Calls `body` with the column state: `state`'s own buffer, or, when `state` is empty (a build
  /// from scratch keeps none, ``next``), a temporary one of `c` entries at `top`, on the stack
  /// for up to 128 columns. An empty array's `withUnsafeMutableBufferPointer` would first make
  /// the shared empty storage unique, about 75 instructions. O(c) for the temporary state.
  @inlinable @inline(__always)
  static func _withColumnState<R>(
    _ state: inout [Double], columns c: Int, top: Double, _ body: (UnsafeMutableBufferPointer<Double>) -> R
  ) -> R {
    if state.isEmpty {
      return withUnsafeTemporaryAllocation(of: Double.self, capacity: c) { temporary in
        temporary.initialize(repeating: top)
        return body(temporary)
      }
    }
    return state.withUnsafeMutableBufferPointer { body($0) }
  }

  /// The footer's y and the height from `bottom`.
  @inlinable
  mutating func finish() {
    footerY = (bottom == -.infinity ? geometry.top : bottom) + geometry.insetBottom
    height = geometry.footer > 0 ? footerY + geometry.footer : footerY
  }

  /// The largest bottom (`maxY`) of the items in the index, or -infinity without items: the
  /// last item of each lane has its lane's largest (the lane invariant), so this is the bottom
  /// of every item placed so far. O(c).
  @usableFromInline
  func indexedBottom() -> Double {
    records.withUnsafeBufferPointer { Self.indexedBottom(index, $0) }
  }

  /// ``indexedBottom()`` of `index` over `records`. O(c).
  @inlinable
  static func indexedBottom(_ index: IntervalIndex, _ records: UnsafeBufferPointer<_ItemRecord>) -> Double {
    var bottom = -Double.infinity
    for lane in index._lanes where lane.count > 0 {
      let id = Int(index._ids[lane.start + lane.count - 1])
      let maxY = records[id].y + records[id].height
      if maxY > bottom { bottom = maxY }
    }
    return bottom
  }

  /// Folds item `i`'s `y` and `maxY` into its id block's running `top` and `bottom`, and on the
  /// block's last item writes them to the block's leaf and starts the next block afresh: what
  /// both placement loops do for each item they place. O(1).
  @inline(__always)
  static func foldIntoLeaf(
    _ i: Int, y: Double, maxY: Double, top: inout Double, bottom: inout Double,
    leafTops: UnsafeMutableBufferPointer<Double>, leafBottoms: UnsafeMutableBufferPointer<Double>
  ) {
    top = y < top ? y : top
    bottom = maxY > bottom ? maxY : bottom
    if i & (_IDBlocks.blockSize &- 1) == _IDBlocks.blockSize &- 1 {
      leafTops[i &>> _IDBlocks.idShift] = top
      leafBottoms[i &>> _IDBlocks.idShift] = bottom
      top = .infinity
      bottom = -.infinity
    }
  }

  /// Places the one-column items of `range` in `columns` (two or more), shortest first, no
  /// tolerance, exactly as the general loop of ``_place(into:from:source:)`` does (the record,
  /// its lane at `lanes[i - laneBase]` and the lane's count, the id blocks' leaves, `placed`), and returns
  /// the index of the first item it did not place: `range.upperBound`, an item of another span,
  /// or one that `source` rejects. The general loop reads that item from `source` again and
  /// places or reports it: a source's reads can be repeated (``_CheckedItems`` checks the item
  /// again).
  ///
  /// The columns' states are taken out of `next` into the registers of a ``_ColumnStates`` for
  /// the run, and written back after it: the chain from one item's y to the next then runs
  /// through registers (the shortest column's choice, two additions, the replace) instead of a
  /// store and the next item's loads of `next`. Which states, by the column count: two to four
  /// kept in order when the source orders them (``_ColumnsInOrder``: records already in place,
  /// a fresh build's plain items); otherwise two in a pair (``_TwoColumns``), three or four in
  /// two (``_FourColumns``), five to eight in four (``_EightColumns``), each choosing by a
  /// branch-free tournament; from nine on the states stay in `next` (``_ScannedColumns``).
  /// Each kind gets a loop of its own, out of line
  /// (``_placeOneColumnRun(_:source:states:records:lanes:laneBase:laneCounts:leafTops:leafBottoms:columnWidth:itemSpacing:placed:blockTop:blockBottom:)``).
  ///
  /// - Complexity: O(`range.count`).
  @inline(__always)
  static func _placeOneColumnItems<Source: _RecordSource>(
    _ range: Range<Int>, columns: Int, source: inout Source, records: UnsafeMutableBufferPointer<_ItemRecord>,
    next: UnsafeMutableBufferPointer<Double>, lanes: UnsafeMutableBufferPointer<UInt16>, laneBase: Int,
    laneCounts: UnsafeMutableBufferPointer<Int>, leafTops: UnsafeMutableBufferPointer<Double>,
    leafBottoms: UnsafeMutableBufferPointer<Double>, columnWidth: Double, itemSpacing: Double,
    placed: inout Int, blockTop: inout Double, blockBottom: inout Double
  ) -> Int {
    /// The run with `states`, written back to `next` after it.
    @inline(__always) func run<States: _ColumnStates>(_ states: States) -> Int {
      let (stop, states) = _placeOneColumnRun(
        range, source: &source, states: states, records: records, lanes: lanes, laneBase: laneBase,
        laneCounts: laneCounts, leafTops: leafTops, leafBottoms: leafBottoms, columnWidth: columnWidth,
        itemSpacing: itemSpacing, placed: &placed, blockTop: &blockTop, blockBottom: &blockBottom)
      states.write(to: next)
      return stop
    }
    if columns <= 4 && Source.ordersColumns { return run(_ColumnsInOrder(next)) }
    switch columns {
    case 2: return run(_TwoColumns(next))
    case 3, 4: return run(_FourColumns(next))
    case 5...8: return run(_EightColumns(next))
    default: return run(_ScannedColumns(next))
    }
  }

  /// The loop of ``_placeOneColumnItems(_:columns:source:records:next:lanes:laneBase:laneCounts:leafTops:leafBottoms:columnWidth:itemSpacing:placed:blockTop:blockBottom:)``
  /// for one kind of column states, starting from `states`: the index of the first item it did
  /// not place, and the states it leaves.
  ///
  /// Out of line, so that its few values stay in registers (inlined into the general loop,
  /// which has many, the compiler kept the pass's counters, pointers and column state in stack
  /// slots), and one for each kind of states, so that one kind's registers do not crowd
  /// another's loop. The states come in and go out by value: through an `inout`, a pointer the
  /// loop's stores might alias, they stayed in memory, twice as slow.
  ///
  /// - Complexity: O(`range.count`).
  @inline(never)
  static func _placeOneColumnRun<Source: _RecordSource, States: _ColumnStates>(
    _ range: Range<Int>, source: inout Source, states: States, records: UnsafeMutableBufferPointer<_ItemRecord>,
    lanes: UnsafeMutableBufferPointer<UInt16>, laneBase: Int,
    laneCounts: UnsafeMutableBufferPointer<Int>, leafTops: UnsafeMutableBufferPointer<Double>,
    leafBottoms: UnsafeMutableBufferPointer<Double>, columnWidth: Double, itemSpacing: Double,
    placed: inout Int, blockTop: inout Double, blockBottom: inout Double
  ) -> (stop: Int, states: States) {
    var top = blockTop, bottom = blockBottom, count = placed
    var states = states
    /// The loop, for a constant `heightsOnly`: a copy each, since with the choice inside the
    /// loop the compiler computed the division for every item, to pick without a branch.
    @inline(__always) func run(heightsOnly: Bool) -> Int {
      var i = range.lowerBound
      while i < range.upperBound {
        guard let input = source.record(i), input.record.span == 1 else { break }
        var record = input.record
        let (j, y) = states.lowest()
        let h = heightsOnly ? input.measure.height : input.measure.height(atWidth: columnWidth)
        let maxY = y + h
        record.y = y
        record.height = h
        record.column = Int32(truncatingIfNeeded: j)
        states.replaceLowest(j, with: maxY + itemSpacing)
        lanes[i &- laneBase] = UInt16(truncatingIfNeeded: j)
        laneCounts[j] &+= 1
        records.initializeElement(at: i, to: record)
        foldIntoLeaf(i, y: y, maxY: maxY, top: &top, bottom: &bottom, leafTops: leafTops, leafBottoms: leafBottoms)
        count &+= 1
        i &+= 1
      }
      return i
    }
    let i = source.heightsOnly ? run(heightsOnly: true) : run(heightsOnly: false)
    blockTop = top
    blockBottom = bottom
    placed = count
    return (i, states)
  }

  /// ``shortest(_:tolerance:)`` for four columns and no tolerance, with that column's y: the
  /// leftmost minimum, as a tournament (the lower of each pair, then of the two winners, ties to
  /// the left) computed without branches, which random heights mispredict. The y is the
  /// winner's own value, picked by the very comparisons that pick its column, so it is
  /// `next[column]` to the bit (-0 and +0 included). O(1).
  @inlinable @inline(__always)
  static func shortestOfFour(_ next: UnsafeMutableBufferPointer<Double>) -> (column: Int, y: Double) {
    shortestOfFour(next[0], next[1], next[2], next[3])
  }

  /// ``shortestOfFour(_:)`` of the columns' states `a`, `b`, `c` and `d`, held in registers: the
  /// lower of each pair, then the lower of the two winners (``lower(_:_:rightFrom:)``). O(1).
  @inlinable @inline(__always)
  static func shortestOfFour(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> (column: Int, y: Double) {
    lower(lower((0, a), (0, b), rightFrom: 1), lower((0, c), (0, d), rightFrom: 1), rightFrom: 2)
  }

  /// ``shortestOfFour(_:_:_:_:)`` for eight columns' states held in four pairs: the two
  /// halves' tournaments, then the lower of their winners, ties to the left. Three levels of
  /// `min` on the chain from one item's y to the next, where a scan of eight takes eight. O(1).
  @inlinable @inline(__always)
  static func shortestOfEight(
    _ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>
  ) -> (column: Int, y: Double) {
    lower(shortestOfFour(a[0], a[1], b[0], b[1]), shortestOfFour(c[0], c[1], d[0], d[1]), rightFrom: 4)
  }

  /// The lower of two columns' states, `left` and `right`, ties to the left: `right` only when
  /// strictly lower. `right`'s column counts from `offset`, the first column it stands for. The
  /// step of every tournament here, without a branch, which random heights mispredict: the
  /// comparison's 0 or 1 (a `Bool`'s byte; a ternary here compiles to a branch) picks the
  /// column by arithmetic, and the state is the minimum (`min(x, y)` is `y < x ? y : x`: ties
  /// to the left, one `minsd`), the winner's own value to the bit (-0 and +0 included). O(1).
  @inlinable @inline(__always)
  static func lower(
    _ left: (column: Int, y: Double), _ right: (column: Int, y: Double), rightFrom offset: Int
  ) -> (column: Int, y: Double) {
    let r = Int(unsafeBitCast(right.y < left.y, to: UInt8.self))
    return (left.column &+ r &* (offset &+ right.column &- left.column), Swift.min(left.y, right.y))
  }

  /// `shortestFirst`: the lowest j with `next[j] <= min(next) + tolerance`.
  @inlinable
  static func shortest(_ next: UnsafeMutableBufferPointer<Double>, tolerance: Double) -> Int {
    let (j, m) = leftmostLowest(next)
    if tolerance == 0 { return j }  // the leftmost minimum: next[k] <= m + 0 holds first there
    let limit = m + tolerance
    for k in 0..<j where next[k] <= limit { return k }
    return j
  }

  /// The leftmost column of the lowest state, with that state (its own value, -0 and +0
  /// included: a later column replaces the minimum only when strictly lower). Without a branch
  /// on the states, which random heights mispredict: ``shortestOfFour(_:_:_:_:)`` of each four
  /// columns (the last four padded with +infinity, which never wins), then their winners from
  /// the left (``lower(_:_:rightFrom:)``). The fours do not wait for each other, so the chain
  /// from one item's y to the next runs through two levels and one `min` for each four, where a
  /// scan took one for each column. O(c).
  @inlinable @inline(__always)
  static func leftmostLowest(_ next: UnsafeMutableBufferPointer<Double>) -> (column: Int, y: Double) {
    let c = next.count
    @inline(__always) func state(_ k: Int) -> Double { k < c ? next[k] : .infinity }
    var lowest = shortestOfFour(state(0), state(1), state(2), state(3))
    var k = 4
    while k < c {
      lowest = lower(lowest, shortestOfFour(state(k), state(k &+ 1), state(k &+ 2), state(k &+ 3)), rightFrom: k)
      k &+= 4
    }
    return lowest
  }

  /// A `k`-column item: the lowest start s whose `y_s = max(next[s ..< s+k])` is within
  /// `tolerance` of the lowest such y.
  ///
  /// Taking each start's maximum afresh costs O(starts · k), which is what small column counts
  /// want; past a few thousand steps (many columns, wide spans) the sliding-window maximum of
  /// ``lowestRunSlidingWindow(_:span:tolerance:)`` gives the same answer in O(c).
  @inlinable
  static func lowestRun(_ next: UnsafeMutableBufferPointer<Double>, span k: Int, tolerance: Double) -> (Int, Double) {
    let starts = next.count - k + 1
    if starts > 4096 / k { return lowestRunSlidingWindow(next, span: k, tolerance: tolerance) }
    func top(_ s: Int) -> Double {
      var y = next[s]
      for j in (s + 1)..<(s + k) where next[j] > y { y = next[j] }
      return y
    }
    var m = top(0)
    for s in 1..<starts { m = Swift.min(m, top(s)) }
    let limit = m + tolerance
    for s in 0..<starts {
      let y = top(s)
      if y <= limit { return (s, y) }
    }
    return (0, top(0))  // unreachable: the minimum itself satisfies y <= m + tolerance
  }

  /// ``lowestRun(_:span:tolerance:)`` in O(c) for c columns: the maximum of every window of `k`
  /// columns from a monotone queue of column indices (values non-increasing from its head, only
  /// strictly smaller ones dropped, so each window's maximum is its first occurrence, exactly the
  /// value the plain loop keeps), in two passes: the lowest maximum, then the first start within
  /// `tolerance` of it.
  @usableFromInline
  static func lowestRunSlidingWindow(
    _ next: UnsafeMutableBufferPointer<Double>, span k: Int, tolerance: Double
  ) -> (Int, Double) {
    let c = next.count
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: c) { queue in
      /// Calls `body(s, y_s)` for each start in order until it returns false.
      func forEachWindowMaximum(_ body: (Int, Double) -> Bool) {
        var head = 0, tail = 0
        for j in 0..<c {
          while tail > head && next[queue[tail - 1]] < next[j] { tail -= 1 }
          queue[tail] = j
          tail += 1
          if queue[head] <= j - k { head += 1 }
          if j >= k - 1 && !body(j - k + 1, next[queue[head]]) { return }
        }
      }
      var m = Double.infinity
      forEachWindowMaximum { _, y in m = Swift.min(m, y); return true }
      let limit = m + tolerance
      var answer = (0, m)
      forEachWindowMaximum { s, y in
        if y <= limit { answer = (s, y); return false }
        return true
      }
      return answer
    }
  }
}

/// Where ``_Section/_place(into:from:source:)`` takes each record and measure from.
@usableFromInline
internal protocol _RecordSource {
  /// Whether the one-column loop keeps two to four columns' states in order
  /// (``_ColumnsInOrder``) rather than choosing among them by a tournament. The order shortens
  /// the chain from one item's y to the next (about 9 cycles an item against 17), at the cost
  /// of more instructions beside it: worth it when the source's reads are cheap and the loop
  /// waits on that chain (records already in place: a width change 13% faster at 1M items),
  /// not when each read checks and converts an item (``_CheckedItems``), whose work hides the
  /// chain already (a build from scratch 2–4% slower with the order).
  static var ordersColumns: Bool { get }

  /// Whether every measure this source gives is a height (`width == 0`), decided for the whole
  /// pass: an item's frame height is then its measure's height at any width, and the
  /// one-column loop takes it as it is, in a copy of its own. (``_ItemMeasure/height(atWidth:)``,
  /// written without a branch so that a section mixing heights and sizes does not mispredict,
  /// compiles to a division for every item, whatever its measure.)
  var heightsOnly: Bool { get }

  /// The record of item `i` before placement and its measure, or `nil` to stop: the item is
  /// invalid.
  mutating func record(_ i: Int) -> (record: _ItemRecord, measure: _ItemMeasure)?

  /// The same items read as ``_PlainItems``, when this source would make exactly the records
  /// and measures `_PlainItems` makes of them: the one-column loop runs over those first, in a
  /// copy of its own, and over this source from the first item they stop at; a batch's
  /// conversion reads each item so first, and by this source when it is not plain. `nil` when
  /// the source has no such reading.
  var plainItems: _PlainItems? { get }
}

/// Items read for the one-column loop's fastest copy, from scratch: each a *plain* item, one
/// column, no id and no column, and a height (finite, its sign bit clear) or, when the pass
/// writes measures, a size (a finite positive width, a height as above). Its record is a span
/// of 1 (and its height, for a height item) and its measure is the item's, written to
/// ``measures`` when the pass keeps them; any other item stops the run (``record(_:)`` is
/// `nil`), for ``_CheckedItems`` to check and place it, or to start the pass over with
/// measures. A plain item's test is a few loads and comparisons of bits, and the loop keeps
/// nothing of a checked source's (its flags, a call for rare items), so the columns' states and
/// the loop's pointers stay in registers: the loop of a width change in place, reading 56-byte
/// items instead of records.
@usableFromInline
internal struct _PlainItems: _RecordSource {
  @usableFromInline let items: UnsafeBufferPointer<WaterfallItem>
  /// Where item `i`'s measure goes, as many as `items`; empty when the pass keeps none (then
  /// only height items are plain).
  @usableFromInline let measures: UnsafeMutableBufferPointer<_ItemMeasure>
  /// Whether the items may mix heights and sizes, so that which one an item is cannot be
  /// predicted: the reads then choose by masks (see ``record(_:)``).
  @usableFromInline let mixesMeasures: Bool
  @inlinable @inline(__always)
  init(
    _ items: UnsafeBufferPointer<WaterfallItem>, measures: UnsafeMutableBufferPointer<_ItemMeasure>,
    mixesMeasures: Bool
  ) {
    self.items = items
    self.measures = measures
    self.mixesMeasures = mixesMeasures
  }
  /// Yes: the reads are cheap, as in place.
  @inlinable static var ordersColumns: Bool { true }
  /// Without measures, every measure it gives is a height.
  @inlinable var heightsOnly: Bool { measures.isEmpty }
  /// None: it is that reading already.
  @inlinable var plainItems: _PlainItems? { nil }

  /// Whether item `i` is given as `.columns(1)` (a `.full` item keeps 0 there), whatever else
  /// it is. O(1).
  @inlinable @inline(__always)
  func spansOneColumn(_ i: Int) -> Bool { items[i]._columns == 1 }

  @inlinable @inline(__always)
  func record(_ i: Int) -> (record: _ItemRecord, measure: _ItemMeasure)? {
    if measures.isEmpty {
      let h = items[i]._first
      guard case .none(0) = items[i]._tail, items[i]._columns == 1,
            h.bitPattern < Double.infinity.bitPattern else { return nil }
      var record = _ItemRecord(spanBits: 1)
      record.height = h
      return (record, _ItemMeasure(width: 0, height: h))
    }
    guard case .none(let flags) = items[i]._tail, flags & ~WaterfallItem._sizeFlag == 0,
          items[i]._columns == 1 else { return nil }
    if !mixesMeasures {
      // Items of one kind (sizes, in a collection of photos): the branch on which is
      // predicted, and costs fewer instructions than the masks.
      let sized = flags != 0
      let first = items[i]._first, second = items[i]._second
      let measure = _ItemMeasure(width: sized ? first : 0, height: sized ? second : first)
      guard measure.height.bitPattern < Double.infinity.bitPattern,
            !sized || _CheckedItems.isFinitePositive(first) else { return nil }
      measures[i] = measure
      var record = _ItemRecord(spanBits: 1)
      if !sized { record.height = measure.height }  // as `_ItemRecord(_:)`
      return (record, measure)
    }
    // A height or a size, chosen by a mask rather than a branch on which: a feed mixes them at
    // random, and the compiler made `sized ? a : b` a branch, mispredicted about one item in two.
    @inline(__always) func bit(_ x: Bool) -> UInt64 { UInt64(unsafeBitCast(x, to: UInt8.self)) }
    let sized = 0 &- bit(flags != 0)  // all ones for a size item
    let first = items[i]._first.bitPattern, second = items[i]._second.bitPattern
    let height = (second & sized) | (first & ~sized)
    // The height finite with its sign bit clear; a size's width also finite and > 0: tested
    // together, one branch.
    let valid = bit(height < Double.infinity.bitPattern)
      & (bit(_CheckedItems.isFinitePositive(Double(bitPattern: first))) | ~sized)
    guard valid & 1 != 0 else { return nil }
    let measure = _ItemMeasure(width: Double(bitPattern: first & sized), height: Double(bitPattern: height))
    measures[i] = measure
    var record = _ItemRecord(spanBits: 1)
    record.height = Double(bitPattern: height & ~sized)  // a height item's, as `_ItemRecord(_:)`
    return (record, measure)
  }
}

/// The records and measures already in place (no measures: a section of height items): the
/// incremental passes and width changes.
@usableFromInline
internal struct _PlacedRecords: _RecordSource {
  @usableFromInline let records: UnsafeMutableBufferPointer<_ItemRecord>
  @usableFromInline let measures: UnsafeBufferPointer<_ItemMeasure>
  @inlinable @inline(__always)
  init(records: UnsafeMutableBufferPointer<_ItemRecord>, measures: UnsafeBufferPointer<_ItemMeasure>) {
    self.records = records
    self.measures = measures
  }
  /// Yes: a record read in place is cheap, and the loop waits on the chain of y's.
  @inlinable static var ordersColumns: Bool { true }
  /// A section of height items keeps no measures.
  @inlinable var heightsOnly: Bool { measures.isEmpty }
  /// None: the records are read as they are.
  @inlinable var plainItems: _PlainItems? { nil }
  @inlinable @inline(__always)
  func record(_ i: Int) -> (record: _ItemRecord, measure: _ItemMeasure)? {
    // No measures: a section of height items, each record holding its height.
    (records[i], measures.isEmpty ? _ItemMeasure(heightOf: records[i]) : measures[i])
  }
}

/// The items of a new section, checked and converted as they are read, each measure written to
/// `measures` as it is converted when ``storesMeasures``: what lays a section out from scratch
/// in one pass. Without the measures' buffer (every item so far a height item), a size item
/// stops the pass with ``needsMeasures`` set, for the caller to start over with the buffer
/// (``_Section/_checkedArrays(_:parameters:over:width:storingMeasures:needsMeasures:fill:)``). The common
/// fields (measure, span) are checked here, with the very conditions of
/// ``WaterfallItem/validate(at:)``; an item with an id or a column, rare and with conditions of
/// their own, goes through ``_Section/validate(_:at:parameters:over:width:)`` itself. Fields
/// are read in place: no copy of the item, hence no retain of its id.
@usableFromInline
internal struct _CheckedItems: _RecordSource {
  @usableFromInline let items: UnsafeBufferPointer<WaterfallItem>
  /// Where item `i`'s measure goes when ``storesMeasures``: as many as `items`; else empty.
  @usableFromInline let measures: UnsafeMutableBufferPointer<_ItemMeasure>
  /// Whether measures are written; without, a size item stops the pass.
  @usableFromInline let storesMeasures: Bool
  @usableFromInline let parameters: WaterfallParameters
  @usableFromInline let layout: WaterfallParameters
  @usableFromInline let width: Double
  /// Whether the items may mix heights and sizes (``_PlainItems/mixesMeasures``).
  @usableFromInline let mixesMeasures: Bool
  /// Whether an item so far had an id.
  @usableFromInline var sawID = false
  /// Whether the pass stopped at a size item for want of the measures' buffer.
  @usableFromInline var needsMeasures = false
  /// No: an item's checks and conversion hide the chain of y's.
  @inlinable static var ordersColumns: Bool { false }
  /// Without the measures' buffer every item is a height: a size item stops the pass.
  @inlinable var heightsOnly: Bool { !storesMeasures }
  /// The items as ``_PlainItems``, with the same measures' buffer: a plain item's record and
  /// measure are what ``record(_:)`` makes of it, written where it writes them, and it has no
  /// id.
  @inlinable var plainItems: _PlainItems? { _PlainItems(items, measures: measures, mixesMeasures: mixesMeasures) }

  @inlinable @inline(__always)
  mutating func record(_ i: Int) -> (record: _ItemRecord, measure: _ItemMeasure)? {
    if items[i]._isRare { return rareRecord(i) }
    let measure: _ItemMeasure
    switch items[i].measure {
    case .height(let h):
      guard Self.isFiniteNonNegative(h) else { return nil }
      measure = _ItemMeasure(width: 0, height: h)
    case .size(let w, let h):
      guard Self.isFinitePositive(w) && Self.isFiniteNonNegative(h) else { return nil }
      guard storesMeasures else { return startOver() }
      measure = _ItemMeasure(width: w, height: h)
    }
    if case .columns(let k) = items[i].span, k < 1 { return nil }
    if storesMeasures { measures[i] = measure }
    var record = _ItemRecord(spanBits: _ItemRecord.spanBits(items[i].span))
    if measure.width == 0 { record.height = measure.height }  // as `_ItemRecord(_:)`
    return (record, measure)
  }

  /// Stops the pass at a size item met without the measures' buffer: `nil`, with
  /// ``needsMeasures`` set. O(1).
  @usableFromInline @inline(never)
  mutating func startOver() -> (record: _ItemRecord, measure: _ItemMeasure)? {
    needsMeasures = true
    return nil
  }

  /// `_reject(x, positive: false) == nil`: finite and >= 0, -0 included; as one unsigned
  /// comparison of the bits (every non-negative finite double's bits are below +infinity's)
  /// where the comparisons of doubles compile to a float classification. O(1).
  @inlinable @inline(__always)
  static func isFiniteNonNegative(_ x: Double) -> Bool {
    x.bitPattern < Double.infinity.bitPattern || x.bitPattern == (-0.0 as Double).bitPattern
  }

  /// `_reject(x, positive: true) == nil`: finite and > 0; the bits of the positive finite
  /// doubles are 1 up to those of `greatestFiniteMagnitude`. O(1).
  @inlinable @inline(__always)
  static func isFinitePositive(_ x: Double) -> Bool {
    x.bitPattern &- 1 < Double.greatestFiniteMagnitude.bitPattern
  }

  /// An item with an id or a column: the full check, then the usual conversion.
  @usableFromInline @inline(never)
  mutating func rareRecord(_ i: Int) -> (record: _ItemRecord, measure: _ItemMeasure)? {
    let item = items[i]
    do {
      try _Section.validate(item, at: .collection, parameters: parameters, over: layout, width: width)
    } catch {
      return nil
    }
    if item.id != nil { sawID = true }
    let measure = _ItemMeasure(item.measure)
    if measure.width != 0 && !storesMeasures { return startOver() }
    if storesMeasures { measures[i] = measure }
    return (_ItemRecord(item), measure)
  }
}

/// The lanes ``_Section/_place(into:from:source:)`` wrote per item, `lanes[id - base]`, with
/// the placed records' bounds: what the index is built from after a from-scratch placement
/// (`base` 0, every item's lane), and what an incremental placement appends each run from
/// (`base` the run's first item, the run's lanes).
@usableFromInline
internal struct _PlacedLanes: IntervalLaneSource {
  @usableFromInline let lanes: UnsafeBufferPointer<UInt16>
  @usableFromInline let base: Int
  @usableFromInline let records: UnsafeBufferPointer<_ItemRecord>
  @inlinable init(lanes: UnsafeBufferPointer<UInt16>, base: Int = 0, records: UnsafeBufferPointer<_ItemRecord>) {
    self.lanes = lanes
    self.base = base
    self.records = records
  }
  @inlinable func minY(_ id: Int) -> Double { records[id].y }
  @inlinable func maxY(_ id: Int) -> Double { records[id].y + records[id].height }
  @inlinable func lane(_ id: Int) -> Int { Int(lanes[id &- base]) }
}
