/// How a waterfall section picks the column of each one-column item.
public enum WaterfallOrder: String, Hashable, Sendable, CaseIterable {
  /// The column whose next free y is lowest (within `tolerance`), ties to the leftmost.
  case shortestFirst
  /// Columns in turn from the left: the k-th one-column item goes to column `k mod c`.
  case leftToRight
  /// Columns in turn from the right: the k-th one-column item goes to column `c - 1 - (k mod c)`.
  case rightToLeft
}

/// The parameters of a waterfall layout or of one of its sections.
///
/// Every property is optional. On the layout, `nil` means the default of `Docs/Spec/Waterfall.md`; on a
/// section, `nil` means "as the layout says". `columns` and `minColumnWidth` are one choice: set
/// at most one of them on a level; a section that sets either replaces the layout's choice.
///
///     var phone = WaterfallParameters(columns: 2, columnSpacing: 8, itemSpacing: 8)
///     phone.insets = EdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
///     let wide = WaterfallParameters(minColumnWidth: 160)   // as many columns as fit
public struct WaterfallParameters: Hashable, Sendable {
  /// The number of columns, an integer ≥ 1. Default 2.
  public var columns: Int?
  /// Adaptive columns: `max(1, floor((A + columnSpacing) / (minColumnWidth + columnSpacing)))`
  /// for the section's available width `A`. Finite > 0.
  public var minColumnWidth: Double?
  /// The gap between neighbouring columns, finite ≥ 0. Default 10.
  public var columnSpacing: Double?
  /// The gap between vertically neighbouring items of a column, finite ≥ 0. Default 10.
  public var itemSpacing: Double?
  /// The insets around the section's items, each finite ≥ 0. Default all 0.
  public var insets: EdgeInsets?
  /// The height of each section's header; 0 means none. Finite ≥ 0. Default 0.
  public var header: Double?
  /// The height of each section's footer; 0 means none. Finite ≥ 0. Default 0.
  public var footer: Double?
  /// How one-column items pick their column. Default ``WaterfallOrder/shortestFirst``.
  public var order: WaterfallOrder?
  /// Positions within this of the lowest count as lowest (for `shortestFirst` and for spanning
  /// items). Finite ≥ 0. Default 0.
  public var tolerance: Double?
  /// Layout only: items remember the column they start in (`Docs/Spec/Waterfall.md`, "Keeping
  /// columns"). Default `false`. A section that sets it is an error.
  public var keepColumns: Bool?

  /// Creates parameters; every one left `nil` is inherited or defaulted.
  ///
  /// - Complexity: O(1).
  public init(
    columns: Int? = nil, minColumnWidth: Double? = nil,
    columnSpacing: Double? = nil, itemSpacing: Double? = nil, insets: EdgeInsets? = nil,
    header: Double? = nil, footer: Double? = nil,
    order: WaterfallOrder? = nil, tolerance: Double? = nil,
    keepColumns: Bool? = nil
  ) {
    self.keepColumns = keepColumns
    self.columns = columns
    self.minColumnWidth = minColumnWidth
    self.columnSpacing = columnSpacing
    self.itemSpacing = itemSpacing
    self.insets = insets
    self.header = header
    self.footer = footer
    self.order = order
    self.tolerance = tolerance
  }

  /// The largest column count Cascade lays out. `Docs/Spec/Waterfall.md` sets no upper bound; this one
  /// keeps a hostile `columns` or `minColumnWidth` from allocating without limit.
  public static let maximumColumns = 1 << 16

  /// Checks every value set here against `Docs/Spec/Waterfall.md`'s "valid" column, as the value at
  /// `location`. The layout runs it on every parameter set it takes; front ends in this package
  /// run it where they decode one.
  ///
  /// - Complexity: O(1).
  package func validate(at location: LayoutError.Location) throws(LayoutError) {
    if columns != nil && minColumnWidth != nil {
      throw LayoutError(location, field: "columns", "cannot be set together with minColumnWidth")
    }
    if let columns {
      guard columns >= 1 else { throw LayoutError(location, field: "columns", "must be an integer >= 1") }
      guard columns <= Self.maximumColumns else {
        throw LayoutError(location, field: "columns", "must be <= \(Self.maximumColumns)")
      }
    }
    if let minColumnWidth, let reason = _reject(minColumnWidth, positive: true) {
      throw LayoutError(location, field: "minColumnWidth", reason)
    }
    try Self._nonNegative(columnSpacing, "columnSpacing", location)
    try Self._nonNegative(itemSpacing, "itemSpacing", location)
    if let insets {
      try Self._nonNegative(insets.top, "insets.top", location)
      try Self._nonNegative(insets.left, "insets.left", location)
      try Self._nonNegative(insets.bottom, "insets.bottom", location)
      try Self._nonNegative(insets.right, "insets.right", location)
    }
    try Self._nonNegative(header, "header", location)
    try Self._nonNegative(footer, "footer", location)
    try Self._nonNegative(tolerance, "tolerance", location)
  }

  private static func _nonNegative(
    _ value: Double?, _ field: String, _ location: LayoutError.Location
  ) throws(LayoutError) {
    if let value, let reason = _reject(value, positive: false) {
      throw LayoutError(location, field: field, reason)
    }
  }
}

/// One item of a waterfall: how tall it is, and how many columns it spans.
///
/// Integer and float literals make height items: `let items: [WaterfallItem] = [120, 80.5]`.
public struct WaterfallItem: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  /// How an item gives its height.
  public enum Measure: Hashable, Sendable {
    /// A fixed height, finite ≥ 0.
    case height(Double)
    /// A size whose aspect ratio is kept at the width the item gets:
    /// height = `height * width / self.width`. Width finite > 0, height finite ≥ 0.
    case size(width: Double, height: Double)
  }

  /// How many columns an item spans.
  public enum Span: Hashable, Sendable {
    /// `k` neighbouring columns, an integer ≥ 1; `k` ≥ the column count means full width.
    case columns(Int)
    /// The section's full available width.
    case full
  }

  /// The item's height or size.
  ///
  /// - Complexity: O(1), read or written.
  @inlinable
  public var measure: Measure {
    get { _flags & Self._sizeFlag == 0 ? .height(_first) : .size(width: _first, height: _second) }
    set {
      switch newValue {
      case .height(let h):
        _first = h
        _second = 0
        _flags &= ~Self._sizeFlag
      case .size(let w, let h):
        _first = w
        _second = h
        _flags |= Self._sizeFlag
      }
    }
  }

  /// The item's span. Default one column.
  ///
  /// - Complexity: O(1), read or written.
  @inlinable
  public var span: Span {
    get { _flags & Self._fullFlag == 0 ? .columns(_columns) : .full }
    set {
      switch newValue {
      case .columns(let k):
        _columns = k
        _flags &= ~Self._fullFlag
      case .full:
        _columns = 0
        _flags |= Self._fullFlag
      }
    }
  }

  /// The item's id, unique in the collection, or `nil`. Ids never change a frame.
  ///
  /// - Complexity: O(1), read or written.
  @inlinable
  public var id: ItemID? {
    get {
      switch _tail {
      case .none: nil
      case .int(let v, _): .int(v)
      case .string(let s, _): .string(s)
      }
    }
    set { _tail = _Tail(newValue, flags: _flags) }
  }

  /// With `keepColumns`: the column the item starts in, `0 <= column <= c - k`; `nil` lets the
  /// layout place it. The layout reports the remembered column here (``WaterfallLayout/item(at:)``).
  ///
  /// - Complexity: O(1), read or written.
  @inlinable
  public var column: Int? {
    get { _flags & Self._columnFlag == 0 ? nil : _column }
    set {
      if let newValue {
        _column = newValue
        _flags |= Self._columnFlag
      } else {
        _column = 0
        _flags &= ~Self._columnFlag
      }
    }
  }

  // The storage, packed: the four properties above as enums and optionals took 80 bytes (each
  // with a tag byte padded to eight); these take 56 (`MemoryLayout<WaterfallItem>.stride`).
  // A full layout reads every item once, so its input is what an item weighs. Fields a case
  // does not use hold 0, so that the synthesized `==` and `hash(into:)` compare exactly what
  // the properties say. Five stored properties, not six: with a sixth (the flags on their own)
  // the compiler copied and destroyed every new item through its value witnesses where it was
  // passed or returned (about 60 instructions an item on a document's fast path).

  /// The id and the flags, in one enum the size of `ItemID?` and a byte.
  @usableFromInline internal var _tail: _Tail
  /// The height (`.height`) or the width (`.size`).
  @usableFromInline internal var _first: Double
  /// The height of a `.size`; else 0.
  @usableFromInline internal var _second: Double
  /// `k` of `.columns(k)`; 0 for `.full`.
  @usableFromInline internal var _columns: Int
  /// The column when there is one; else 0.
  @usableFromInline internal var _column: Int

  /// The id, and the flags that say which cases the other fields hold (``_sizeFlag``,
  /// ``_fullFlag``, ``_columnFlag``), in each case.
  @usableFromInline
  internal enum _Tail: Hashable, Sendable {
    case none(UInt8)
    case int(Int64, UInt8)
    case string(String, UInt8)

    /// The tail of `id` with `flags`. O(1).
    @inlinable
    init(_ id: ItemID?, flags: UInt8) {
      switch id {
      case nil: self = .none(flags)
      case .int(let v)?: self = .int(v, flags)
      case .string(let s)?: self = .string(s, flags)
      }
    }
  }

  /// The flags in ``_tail``.
  ///
  /// - Complexity: O(1).
  @inlinable
  internal var _flags: UInt8 {
    get {
      switch _tail {
      case .none(let f), .int(_, let f), .string(_, let f): f
      }
    }
    set {
      switch _tail {
      case .none: _tail = .none(newValue)
      case .int(let v, _): _tail = .int(v, newValue)
      case .string(let s, _): _tail = .string(s, newValue)
      }
    }
  }

  /// The flag of a `.size` measure (``_second`` holds its height). O(1).
  @inlinable static var _sizeFlag: UInt8 { 1 }
  /// The flag of a `.full` span (``_columns`` is 0). O(1).
  @inlinable static var _fullFlag: UInt8 { 2 }
  /// The flag of an item with a column (``_column`` holds it). O(1).
  @inlinable static var _columnFlag: UInt8 { 4 }

  /// Whether a layout checks the item in full: it has an id or a column. O(1).
  @inlinable
  internal var _isRare: Bool {
    if case .none(let f) = _tail { return f & Self._columnFlag != 0 }
    return true
  }

  /// Creates an item.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(_ measure: Measure, span: Span = .columns(1), id: ItemID? = nil, column: Int? = nil) {
    // Each field written once, by the cases of the arguments (not through the setters, which
    // would write each twice).
    var flags: UInt8 = 0
    switch measure {
    case .height(let h):
      _first = h
      _second = 0
    case .size(let w, let h):
      _first = w
      _second = h
      flags |= Self._sizeFlag
    }
    switch span {
    case .columns(let k):
      _columns = k
    case .full:
      _columns = 0
      flags |= Self._fullFlag
    }
    if let column {
      _column = column
      flags |= Self._columnFlag
    } else {
      _column = 0
    }
    _tail = _Tail(id, flags: flags)
  }

  /// An item of fixed height.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func height(_ height: Double, span: Span = .columns(1), id: ItemID? = nil, column: Int? = nil) -> WaterfallItem {
    WaterfallItem(.height(height), span: span, id: id, column: column)
  }

  /// An item that keeps the aspect ratio of `width × height`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func size(width: Double, height: Double, span: Span = .columns(1), id: ItemID? = nil, column: Int? = nil) -> WaterfallItem {
    WaterfallItem(.size(width: width, height: height), span: span, id: id, column: column)
  }

  /// A one-column item of this height, from a literal: `120` is `.height(120)`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(floatLiteral value: Double) { self.init(.height(value)) }
  /// A one-column item of this height, from a literal: `120` is `.height(120)`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(integerLiteral value: Int) { self.init(.height(Double(value))) }

  /// The measure of a one-column item with no id and no column, as ``_first``, ``_second`` and
  /// whether it is a `.size` (else a height, in `first`), whatever numbers they hold; `nil` for
  /// any other item. O(1).
  @inlinable
  internal var _oneColumnMeasure: (first: Double, second: Double, isSize: Bool)? {
    guard case .none(let flags) = _tail, flags & ~Self._sizeFlag == 0, _columns == 1 else { return nil }
    return (_first, _second, flags != 0)
  }

  /// Whether the item passes ``validate(at:)``. A one-column item with no id and no column, what
  /// nearly every item of a document is, has its numbers tested on their bits, as the one-pass
  /// build tests them, without the whole validation (which cost a reader of a document of
  /// heights 52 instructions an item, callgrind); any other item is validated.
  ///
  /// - Complexity: O(1), or O(s) for a string id of s bytes.
  @inlinable @inline(__always)
  package var _isValid: Bool {
    guard let (first, second, isSize) = _oneColumnMeasure else { return _validates() }
    return isSize
      ? _CheckedItems.isFinitePositive(first) && _CheckedItems.isFiniteNonNegative(second)
      : _CheckedItems.isFiniteNonNegative(first)
  }

  /// ``_isValid`` of an item that needs the whole validation.
  @usableFromInline
  internal func _validates() -> Bool { (try? validate(at: .collection)) != nil }

  /// Checks the item against `Docs/Spec/Waterfall.md`, as the value at `location`. The layout runs it on
  /// every item it takes; front ends in this package run it where they decode one.
  ///
  /// - Complexity: O(1).
  package func validate(at location: LayoutError.Location) throws(LayoutError) {
    switch measure {
    case .height(let h):
      if let reason = _reject(h, positive: false) { throw LayoutError(location, field: "height", reason) }
    case .size(let w, let h):
      if let reason = _reject(w, positive: true) { throw LayoutError(location, field: "size", "width " + reason) }
      if let reason = _reject(h, positive: false) { throw LayoutError(location, field: "size", "height " + reason) }
    }
    if case .columns(let k) = span, k < 1 {
      throw LayoutError(location, field: "span", "must be an integer >= 1 or full")
    }
    if let reason = id?._invalidReason { throw LayoutError(location, field: "id", reason) }
    if let column, column < 0 { throw LayoutError(location, field: "column", "must be an integer >= 0") }
  }
}

/// A waterfall section: its parameter overrides and its items.
public typealias WaterfallSection = LayoutSection<WaterfallItem, WaterfallParameters>

extension LayoutSection where Parameters == WaterfallParameters {
  /// Creates a waterfall section.
  ///
  ///     let section = WaterfallSection(header: 44, columns: 3, items: [120, 80, .size(width: 4, height: 3)])
  ///
  /// - Complexity: O(1).
  public init(
    header: Double? = nil, footer: Double? = nil, columns: Int? = nil, items: [Item] = []
  ) {
    self.init(parameters: WaterfallParameters(columns: columns, header: header, footer: footer), items: items)
  }
}

/// Why `value` is not a valid finite number `> 0` (`positive`) or `>= 0`, or `nil` when it is.
@inlinable
internal func _reject(_ value: Double, positive: Bool) -> String? {
  if !value.isFinite { return "must be finite" }
  if positive { return value > 0 ? nil : "must be > 0" }
  return value >= 0 ? nil : "must be >= 0"
}
