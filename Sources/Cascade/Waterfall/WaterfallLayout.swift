// The waterfall (masonry) layout of `Docs/Spec/Waterfall.md`.
//
// Map:
//   WaterfallLayout.swift            the type, its initializer and its read-only accessors
//   WaterfallLayout+Queries.swift    rect, point and single-element queries
//   WaterfallLayout+Updates.swift    validated, atomic batches of changes
//   WaterfallLayout._Section.swift   a section's storage and the placement loop

/// The waterfall layout: items go, in order, into the column whose bottom is highest up, across
/// any number of sections with their own parameters, headers and footers.
///
/// Each section is laid out in its own coordinates and keeps its frames relative to its own top;
/// a sum tree of section heights gives every section's origin in O(log s). That is what makes
/// changes local: a change at item i of section s lays out items from i on in s (from the saved
/// column state at or before i), and later sections move without being touched.
///
///     var layout = try WaterfallLayout(
///       width: 390,
///       parameters: WaterfallParameters(columns: 2, columnSpacing: 10, itemSpacing: 10),
///       sections: [WaterfallSection(header: 44, items: [120, 80, .size(width: 400, height: 300)])])
///     layout.contentSize                                   // (390, 276.5)
///     layout.layoutAttributes(for: .item(1, section: 0))   // frame (200, 44, 190, 80)
///     try layout.apply([.appendItems([60, 90], section: 0)])
///
/// Rect and point queries cost O(log n + k) for a fixed column count: see
/// ``forEachElement(in:after:_:)``.
public struct WaterfallLayout: InvertibleCollectionLayout {
  /// What the layout is told about each item.
  public typealias Item = WaterfallItem
  /// What a section may override.
  public typealias SectionParameters = WaterfallParameters

  /// The content's width: the collection's width `W` when vertical, the content's length along
  /// x when horizontal. Always `contentSize.width`. O(1).
  public var width: Double { _presentation.orientation == .vertical ? _storage.width : _origins.total }
  /// The content's height: the collection's height `H` when horizontal, the content's length
  /// along y when vertical. Always `contentSize.height`. O(1).
  public var height: Double { _presentation.orientation == .vertical ? _origins.total : _storage.width }
  /// The layout-level parameters every section inherits, as given. O(1).
  public var parameters: WaterfallParameters { _transposedIfHorizontal(_storage.parameters) }
  /// Which way the collection scrolls.
  ///
  /// - Complexity: O(1) (inlinable: a read of the stored value, with no copy of the layout).
  @inlinable
  public var orientation: LayoutOrientation { _presentation.orientation }
  /// Whether frames are mirrored.
  ///
  /// - Complexity: O(1) (inlinable: a read of the stored value, with no copy of the layout).
  @inlinable
  public var direction: LayoutDirection { _presentation.direction }

  /// Orientation and direction: the storage is vertical and left to right, and every answer is
  /// turned into reported frames by this.
  @usableFromInline internal var _presentation = _Presentation(.vertical, .leftToRight)

  @usableFromInline internal var _storage: _SectionedLayout<_Section>
  @inlinable internal var _sections: [_Section] { _storage.sections }
  @inlinable internal var _origins: _SectionOrigins { _storage.origins }

  /// The number of items the placement loop has placed since this layout was created: a test
  /// hook that lets tests check that a change recomputes only what it must.
  package var _placedItemCount: Int { _storage.placedItemCount }

  /// The per-column entries the sections hold (column-state and checkpoint capacity, interval
  /// index lanes), summed over sections: a test hook for "an empty section costs O(1) whatever
  /// its column count". O(s).
  package var _perColumnStorage: Int {
    _storage.sections.reduce(0) { $0 + $1.next.capacity + $1.checkpoints.capacity + $1.index.laneCount }
  }

  /// Creates a waterfall layout and lays it out.
  ///
  /// A section holds at most 2³¹ − 1 items; more, here or through a later batch, is rejected with
  /// ``LayoutError/Reason/tooManyElements(limit:)`` naming the section.
  ///
  /// - Parameters:
  ///   - width: the collection's width, finite and > 0.
  ///   - parameters: the layout-level parameters; `nil` ones take `Docs/Spec/Waterfall.md`'s defaults.
  ///   - sections: the sections, each with its overrides and items.
  /// - Throws: ``LayoutError`` naming the first invalid value.
  /// - Complexity: O(n · c) for n items and c columns.
  public init(
    width: Double, parameters: WaterfallParameters = WaterfallParameters(),
    sections: [WaterfallSection] = [],
    direction: LayoutDirection = .leftToRight
  ) throws(LayoutError) {
    try self.init(width: width, parameters: parameters, sections: sections, _itemLimit: _maximumItemsPerSection)
    _presentation = _Presentation(.vertical, direction)
  }

  /// Creates a horizontal waterfall of height `height`, finite and > 0: the vertical layout of
  /// the transposed collection, transposed back (`Docs/Spec/Waterfall.md`, "Horizontal"). Its
  /// "columns" are rows; a size item keeps its aspect ratio at its row's height, and its size's
  /// height must be > 0.
  ///
  /// - Throws: ``LayoutError`` naming the first invalid value, in the horizontal collection's
  ///   terms (`height`, `insets.left`, `size: height must be > 0 in a horizontal collection`).
  /// - Complexity: O(n · c) for n items and c rows.
  public init(
    height: Double, parameters: WaterfallParameters = WaterfallParameters(),
    sections: [WaterfallSection] = [],
    direction: LayoutDirection = .leftToRight
  ) throws(LayoutError) {
    try self.init(
      orientation: .horizontal, extent: height, parameters: parameters, sections: sections, direction: direction)
  }

  /// Creates a waterfall of either orientation: `extent` is the width of a vertical collection,
  /// the height of a horizontal one.
  ///
  /// - Complexity: O(n · c) for n items and c columns.
  public init(
    orientation: LayoutOrientation, extent: Double, parameters: WaterfallParameters = WaterfallParameters(),
    sections: [WaterfallSection] = [], direction: LayoutDirection = .leftToRight
  ) throws(LayoutError) {
    if orientation == .vertical {
      try self.init(width: extent, parameters: parameters, sections: sections, direction: direction)
      return
    }
    let transposed = sections.map {
      WaterfallSection(parameters: $0.parameters._transposed, items: $0.items.map(\._transposedForStorage))
    }
    do {
      try self.init(
        width: extent, parameters: parameters._transposed, sections: transposed, _itemLimit: _maximumItemsPerSection)
    } catch {
      throw error._transposed
    }
    _presentation = _Presentation(.horizontal, direction)
  }

  @inlinable
  internal func _transposedIfHorizontal(_ p: WaterfallParameters) -> WaterfallParameters {
    _presentation.orientation == .vertical ? p : p._transposed
  }

  /// Test hook: a layout whose sections hold at most `_itemLimit` items instead of 2³¹ − 1, so
  /// that tests reach the limit without allocating 2³¹ items. The limit is kept with the layout,
  /// so its later batches are checked against it too. It must be in `0 ... 2³¹ − 1`: a test may
  /// lower the limit, never raise it past what the index stores.
  ///
  /// - Complexity: that of ``init(width:parameters:sections:)``.
  package init(
    width: Double, parameters: WaterfallParameters = WaterfallParameters(),
    sections: [WaterfallSection] = [], _itemLimit: Int
  ) throws(LayoutError) {
    _storage = try _SectionedLayout(width: width, parameters: parameters, sections: sections, itemLimit: _itemLimit) {
      (p: WaterfallParameters) throws(LayoutError) in try p.validate(at: .layout)
    }
  }

  /// The size of the whole content: `(W, bottom of the last section)`, `(W, 0)` with no sections.
  ///
  /// - Complexity: O(1).
  public var contentSize: Size { Size(width: width, height: height) }

  /// The number of sections.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { _sections.count }

  /// The number of items in `section`, or 0 when it is outside the collection.
  ///
  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int {
    _sections.indices.contains(section) ? _sections[section].records.count : 0
  }

  /// The parameter overrides of `section`, or `nil` when it is outside the collection.
  ///
  /// - Complexity: O(1).
  public func parameters(ofSection section: Int) -> WaterfallParameters? {
    _sections.indices.contains(section) ? _transposedIfHorizontal(_sections[section].parameters) : nil
  }

  /// The number of columns `section` has at the current width (adaptive columns resolved), or
  /// `nil` when it is outside the collection.
  ///
  /// - Complexity: O(1).
  public func numberOfColumns(inSection section: Int) -> Int? {
    _sections.indices.contains(section) ? _sections[section].geometry.columns : nil
  }

  /// The description (measure, span, id, and with `keepColumns` the remembered column) of an
  /// item, or `nil` when it is outside the collection.
  ///
  /// The item comes back as it was given, except that a span of more than
  /// ``WaterfallParameters/maximumColumns`` columns comes back as `maximumColumns + 1`: both
  /// mean the full width at any column count the layout accepts, and the layout stores spans in
  /// 32 bits.
  ///
  /// - Complexity: O(1).
  public func item(at path: ItemPath) -> WaterfallItem? {
    guard _sections.indices.contains(path.section),
          _sections[path.section].records.indices.contains(path.item) else { return nil }
    let item = _sections[path.section].item(at: path.item)
    return _presentation.orientation == .vertical ? item : item._transposed
  }

  /// The columns an item occupies: one column, a run of `k`, or all of them for a full-width
  /// item; `nil` when the item is outside the collection.
  ///
  /// - Complexity: O(1).
  public func columns(ofItem path: ItemPath) -> Range<Int>? {
    guard _sections.indices.contains(path.section),
          _sections[path.section].records.indices.contains(path.item) else { return nil }
    let section = _sections[path.section]
    let record = section.records[path.item]
    if record.column < 0 { return 0..<section.geometry.columns }
    let start = Int(record.column)
    return start..<(start + Swift.max(1, Int(record.span)))
  }

  /// Where `section` starts along the scroll axis, in layout order (the y of a vertical
  /// collection, the x of a horizontal one before any mirroring), or `nil` when it is outside the
  /// collection.
  ///
  /// - Complexity: O(log s).
  public func origin(ofSection section: Int) -> Double? {
    _sections.indices.contains(section) ? _origins.origin(of: section) : nil
  }

  /// The frame of the whole section `section`, `(0, y0, W, end)` for a vertical collection
  /// (transposed and mirrored like every frame otherwise), or `nil`.
  ///
  /// - Complexity: O(log s).
  public func frame(ofSection section: Int) -> Rect? {
    guard _sections.indices.contains(section) else { return nil }
    let frame = Rect(x: 0, y: _origins.origin(of: section), width: _storage.width, height: _sections[section].height)
    return _presentation.frame(frame, contentWidth: _storage._contentWidth(_presentation))
  }

}

extension WaterfallLayout {
  /// Test hook: the first broken internal invariant, as a message, or `nil`. The same check runs
  /// after every mutation when the package is built with `CASCADE_INTERNAL_CHECKS`.
  ///
  /// - Complexity: O(n) for n items.
  package func _violation() -> String? { _storage._violation() }
}

extension WaterfallLayout {
  /// Whether items remember their columns (the layout's `keepColumns`).
  ///
  /// - Complexity: O(1).
  public var keepColumns: Bool { parameters.keepColumns ?? false }

  /// The item with this id, or `nil` when no item has it.
  ///
  /// - Complexity: O(1) expected.
  public func path(forID id: ItemID) -> ItemPath? { _storage.path(forID: id) }

  /// The id of the item at `path`, or `nil` when it has none or is outside the collection.
  ///
  /// - Complexity: O(1).
  public func id(at path: ItemPath) -> ItemID? { _storage.id(at: path) }
}
