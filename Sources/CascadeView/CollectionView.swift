// The headless collection view: everything a collection view does except drawing.
//
// Map:
//   CollectionView.swift                 the type, its state and read-only accessors
//   CollectionView+Reuse.swift           registration, dequeuing, the reuse pools
//   CollectionView+Scrolling.swift       content offset, bounds, insets, scrollToItem
//   CollectionView+Queries.swift         hit-testing, visible paths and cells
//   CollectionView+BatchUpdates.swift    reloadData, performBatchUpdates (through the planner)
//   CollectionView+Transaction.swift     the transaction both share with width changes: rollback,
//                                        remap, scroll anchoring
//   CollectionView+Refresh.swift         the refresh of the displayed set (the hot path), in steps
//   CollectionView+Transitions.swift     a transaction's animation information: reasons, frames in
//                                        the layout before and after
//   CollectionView+Testing.swift         test hooks (package access)
//   CollectionView+Axis.swift            the scroll axis (the layout's orientation)
//   CollectionView+Focus.swift           the keyboard focus and its moves
//   CollectionView+Selection.swift       selection, and how focus and selection follow updates
//   CollectionView+SelfSizing.swift      estimated and measured sizes, applied at the next refresh
//   CollectionView+SavedPosition.swift   saving and restoring the scroll position by item
//   SelfSizingItem.swift                 what self-sizing needs of items, ids of layouts
//   CollectionViewDataSource.swift       what the view asks of the app
//   CollectionViewDelegate.swift         what the view tells the toolkit
//   CollectionViewUpdate.swift           the update value; DisplayedElement.swift, AppearedElement.swift,
//                                        DisappearedElement.swift its elements
//   BatchUpdate.swift, BatchUpdate+Remap.swift   batch updates and how paths move through them
//   DefaultSectionParameters.swift       section parameters a data source need not give
//   CollectionViewError.swift, ReusableCell.swift, ScrollPosition.swift, ReuseStatistics.swift
//   Internal/_BatchPlan.swift            the batch planner: updates to layout changes and remaps
//   Internal/_Transaction.swift          what a transaction keeps and how it remaps paths
//   Internal/_RefreshScratch.swift       the refresh's buffers and its two pure steps
//   Internal/_Prefetcher.swift           prefetching in the scroll direction, with its buffers
//   Internal/_ReusePool.swift            pools, the pool journal, displayed entries, cell requests

import Cascade

/// A virtualized collection view without drawing: it tells a toolkit which elements of a layout
/// are on screen, which cells to show them with, and where they go; a GUI, a terminal, a game
/// engine or a web renderer draws them.
///
/// The view is generic over the toolkit's view type `Cell` (used for items, headers and
/// footers) and over any ``CollectionLayout``. It keeps only the cells of the elements that
/// overlap the display rect, the viewport (``bounds`` at ``contentOffset``) grown by
/// ``overscan`` above and below, and reuses them through pools keyed by reuse identifier.
///
///     let view = CollectionView<Box, WaterfallLayout>(
///       layout: try WaterfallLayout(width: 390), bounds: Size(width: 390, height: 844))
///     view.register(forCellWithReuseIdentifier: "box") { Box() }
///     view.dataSource = photos
///     try view.reloadData()
///     let update = try view.setContentOffset(Point(x: 0, y: 600))
///
/// It is a non-`Sendable` class used from one isolation domain at a time; it is not bound to the
/// main actor, so servers and tests can drive it anywhere. Coordinates are content coordinates
/// (the layout's) unless a name says "viewport".
public final class CollectionView<Cell: AnyObject, Layout: CollectionLayout> {
  /// The layout, kept up to date by ``reloadData()``, ``performBatchUpdates(_:)`` and width
  /// changes. Read it for frames; change the content through the view. O(1): read in place.
  public internal(set) var layout: Layout {
    _read { yield _layout }
    _modify { yield &_layout }
  }
  // Stored apart so that the scroll step's inlinable code can reach it in place (`inout`): a
  // call on the layout through the property copies the value for the call.
  // Unchecked: see "Run-time exclusivity" below.
  @usableFromInline @exclusivity(unchecked) var _layout: Layout

  /// Where the app's counts, item descriptions and cells come from. Held weakly.
  // Unchecked: see "Run-time exclusivity" below.
  @exclusivity(unchecked) public weak var dataSource: (any CollectionViewDataSource<Cell, Layout>)?

  /// Who hears about displayed elements, prefetching and scrolling. Held weakly.
  // Unchecked: see "Run-time exclusivity" below.
  @exclusivity(unchecked) public weak var delegate: (any CollectionViewDelegate<Cell, Layout>)?

  /// The viewport's size. Change it with ``setBounds(_:)``.
  // Unchecked: see "Run-time exclusivity" below.
  @exclusivity(unchecked) public internal(set) var bounds: Size

  /// The content point at the viewport's top-left corner. Change it with
  /// ``setContentOffset(_:)`` or ``scrollToItem(at:position:)``. O(1).
  public internal(set) var contentOffset: Point {
    get { _contentOffset }
    set { _contentOffset = newValue }
  }
  // Unchecked: see "Run-time exclusivity" below.
  @usableFromInline @exclusivity(unchecked) var _contentOffset: Point

  /// Room around the content: the layout's width is `bounds.width - left - right`, and the
  /// offset can go from `-top` to `contentSize.height + bottom - bounds.height`. Change it with
  /// ``setContentInset(_:)``.
  public internal(set) var contentInset: EdgeInsets

  /// How far above and below the viewport elements keep their cells, in points. Takes effect at
  /// the next change of offset or bounds, or at ``layoutIfNeeded()``.
  // Unchecked: see "Run-time exclusivity" below.
  @exclusivity(unchecked) public var overscan: Double = 0

  /// How far beyond the overscan, in the scroll direction, items are announced to
  /// ``CollectionViewDelegate/collectionView(_:prefetchItemsAt:)``; 0 turns prefetching off.
  // Unchecked: see "Run-time exclusivity" below.
  @exclusivity(unchecked) public var prefetchDistance: Double = 0

  /// Whether section headers stick to the viewport's start (sticky headers): each header that
  /// the core's viewport query (``CollectionLayout/elements(inViewport:pinningHeaders:into:)``)
  /// pins inside the viewport is displayed at its pinned frame, above the items (its `zIndex`),
  /// and reported as moved when its pinned frame changes; headers outside the viewport are not
  /// displayed, even in the overscan. Hit tests find a pinned header before the items under it.
  /// Off by default; takes effect at the next refresh (``layoutIfNeeded()``).
  // Unchecked: see "Run-time exclusivity" below.
  @exclusivity(unchecked) public var pinsSectionHeaders = false

  /// Whether ``selectItem(at:)`` adds to the selection (`true`) or replaces it (`false`, the
  /// default: at most one item is selected).
  public var allowsMultipleSelection = false

  /// Whether the update of a change of layout (a batch, a snapshot, a width change, measurements)
  /// gives the frames, in the layout before the change, of the elements it brings in that were
  /// not displayed before (their ``AppearedElement/initialAttributes``). A plain scroll changes
  /// no layout and always gives them (the same frames).
  ///
  /// Reading them costs the layout two more batches (it undoes the change, is read, and redoes
  /// it): for a width change, two more layouts from scratch; for measurements with
  /// `keepColumns`, two more column walks. A toolkit that does not animate such elements (or a
  /// server) sets it to `false`: they then have `initialAttributes == nil`, and the change costs
  /// one batch, unless an element a batch reloads appears (its reason needs the old layout).
  /// Reasons, `finalAttributes`, `moved`, and the `initialAttributes` of a reloaded item that was
  /// displayed before (its last displayed frame) do not change. `true` by default.
  public var reportsInitialFrames = true

  // Focus and selection (CollectionView+Focus.swift, CollectionView+Selection.swift), moved
  // through batch updates by the transaction.
  @usableFromInline var _focusedItem: ItemPath?
  @usableFromInline var _selection: Set<ItemPath> = []

  /// How many cells the pools have made, reused and dropped. O(1).
  public internal(set) var reuseStatistics: ReuseStatistics {
    get { _reuseStatistics }
    set { _reuseStatistics = newValue }
  }
  @usableFromInline @exclusivity(unchecked) var _reuseStatistics = ReuseStatistics()

  /// The capacity a pool gets when its registration gives none.
  public var defaultReuseCapacity = 64

  // Reuse pools, by index; the dictionary maps identifiers to indices. Unchecked (see "Run-time
  // exclusivity" below): no access to them is held while user code runs.
  @usableFromInline @exclusivity(unchecked) var _pools: [_ReusePool<Cell>] = []
  @usableFromInline var _poolIndex: [String: Int] = [:]
  // The pool of the last dequeue, looked at before `_poolIndex` (pools are never removed).
  @usableFromInline @exclusivity(unchecked) var _lastPool = 0
  // The cell request in progress: what the data source may dequeue, and what it dequeued.
  @usableFromInline @exclusivity(unchecked) var _request = _CellRequest<Cell>(path: nil)

  // Run-time exclusivity. Every access to a class's stored property is checked for overlap at
  // run time unless the compiler can prove it safe, about 80 instructions a check (callgrind:
  // `swift_beginAccess`, `AccessSet::insert`, `__tls_get_addr`). The state a scroll step reads
  // is `@exclusivity(unchecked)`, and this is what makes that safe: no access to it is held
  // while user code (a data source, a delegate, a cell's `prepareForReuse`, factory or
  // `deinit`) runs, so no access can overlap another.
  // - `_scratch` and `_prefetcher` are borrowed once each per step (the refresh takes
  //   `&_scratch` as an `inout` argument for the whole step, across data source calls; the
  //   prefetcher is updated by one `mutating` call, which calls nothing outside the view).
  //   Nothing user code can reach touches either: the public calls that do (a batch update, a
  //   reload, a resize, a scroll) refuse to start inside a step's callbacks (`_beginUpdate`),
  //   and `prefetchedItems` reads `_prefetcher` only while no update of it runs.
  // - `_displayed`, `_update` and `_journal` move into locals and back around callbacks, or are
  //   edited momentarily; `_contentOffset`, `bounds`, `overscan`, `prefetchDistance`,
  //   `pinsSectionHeaders`, `_hasPendingMeasurements`, `_isUpdating` are plain values read or
  //   written at once; the layout (`_layout`) is reached by the core, which calls nothing back.
  // - The pools (`_pools`, `_lastPool`, `_request`, `_reuseStatistics`): a pool's closure is
  //   copied out before it is called, and a cell a pool drops is released after the access
  //   that removed it (`_trimPools`, `_undoJournal`, `register`), so a cell's `deinit` runs
  //   outside it too.
  // - `dataSource` and `delegate`: a weak load, then the call on the strong reference.
  // Checked, these cost about 870 instructions of a step's ~4,500 (round five's profile).
  //
  // The displayed elements in spec order.
  @usableFromInline @exclusivity(unchecked) var _displayed: [_Entry<Cell>] = []
  // The refresh's buffers (Internal/_RefreshScratch.swift).
  @usableFromInline @exclusivity(unchecked) var _scratch = _RefreshScratch<Cell>()
  // Prefetching: the band and its buffers (Internal/_Prefetcher.swift).
  @usableFromInline @exclusivity(unchecked) var _prefetcher = _Prefetcher()
  // Pool operations of the update in progress, undone if it fails.
  @usableFromInline @exclusivity(unchecked) var _journal: [_PoolEvent<Cell>] = []
  // The last update, whose storage each update reuses.
  @usableFromInline @exclusivity(unchecked) var _update = CollectionViewUpdate<Cell>()
  // Buffers a transaction borrows and gives back, empty between transactions with their
  // capacity kept, so that a live resize's steps allocate neither: the batch of a width change
  // (`_resize`), and the layout's inverse, kept while the transaction runs to roll it back
  // (`_transaction`). Each is swapped out and back in at once, never held across a callback.
  @usableFromInline @exclusivity(unchecked) var _spareResizeBatch: [Layout.Change] = []
  @usableFromInline @exclusivity(unchecked) var _spareUndo: [Layout.Change] = []
  // Identity (the last snapshot applied), measured sizes and pending measurements
  // (CollectionView+Snapshots.swift, CollectionView+SelfSizing.swift).
  var _dynamic = _DynamicState<Layout.Item>()
  // Whether measurements wait for the next refresh: read by every scroll step, so unchecked
  // (it is never held across a callback).
  @usableFromInline @exclusivity(unchecked) var _hasPendingMeasurements = false
  // Set while data source or delegate callbacks run.
  @usableFromInline @exclusivity(unchecked) var _isUpdating = false
  /// How many times a transaction has taken the layout back and forth to read frames before
  /// it (CollectionView+Transitions.swift; a test hook).
  package internal(set) var _transitionRoundTrips = 0

  /// Creates a view over `layout`, showing nothing until ``reloadData()``.
  ///
  /// - Parameters:
  ///   - layout: the layout, with its layout-level parameters; ``reloadData()`` replaces its
  ///     sections with the data source's and sets its width from `bounds` and `contentInset`.
  ///   - bounds: the viewport's size.
  ///   - contentInset: room around the content.
  /// - Complexity: O(1).
  public init(layout: Layout, bounds: Size, contentInset: EdgeInsets = .zero) {
    self._layout = layout
    self.bounds = bounds
    self.contentInset = contentInset
    self._contentOffset = Point(x: -contentInset.left, y: -contentInset.top)
  }

  /// The size of the whole content, the layout's.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var contentSize: Size { Self._read(&_layout) { $0.contentSize } }

  /// The number of sections, the layout's (equal to the data source's after each update).
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfSections: Int { Self._read(&_layout) { $0.numberOfSections } }

  /// The number of items in `section`, or 0 outside the collection.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func numberOfItems(inSection section: Int) -> Int {
    Self._read(&_layout) { $0.numberOfItems(inSection: section) }
  }

  /// `body`'s reading of the layout, reached in place. Read through the stored property, the
  /// whole layout was copied for each such call (a retain and a release of each of its buffers:
  /// about 50 ns of a 55–60 ns `contentSize` or `numberOfItems(inSection:)` on a waterfall).
  /// The `inout` access is one like the scroll step's: it runs only the layout's own code, and
  /// no access to `_layout` is open across a callback ("Run-time exclusivity" above), so a data
  /// source or delegate may read these too.
  ///
  /// - Complexity: O(1) plus `body`'s.
  @inlinable @inline(__always)
  static func _read<R>(_ layout: inout Layout, _ body: (inout Layout) -> R) -> R { body(&layout) }

  /// The viewport in content coordinates: `bounds` at `contentOffset`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var viewport: Rect { Rect(origin: _contentOffset, size: bounds) }

  /// The rect whose elements have cells: the viewport grown by ``overscan`` above and below.
  ///
  /// - Complexity: O(1).
  /// The rect grows along the layout's scroll axis: above and below for a vertical layout, left
  /// and right for a horizontal one.
  @inlinable
  public var displayRect: Rect {
    let margin = Swift.max(0, overscan)
    if layout.orientation == .horizontal {
      return Rect(x: contentOffset.x - margin, y: contentOffset.y, width: bounds.width + 2 * margin, height: bounds.height)
    }
    return Rect(x: contentOffset.x, y: contentOffset.y - margin, width: bounds.width, height: bounds.height + 2 * margin)
  }

  /// The last change of the displayed set.
  ///
  /// - Complexity: O(1).
  public var lastUpdate: CollectionViewUpdate<Cell> { _update }
}
