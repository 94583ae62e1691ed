// The terminal gallery: a waterfall of numbered boxes shown through the headless collection
// view, drawn as text. This target holds the model and the renderer; the `cascade-gallery`
// executable only talks to the terminal.
//
// Map:
//   Gallery.swift               the model: the view, the data, the terminal size
//   Gallery+DataSource.swift    the collection view's data source
//   Gallery+Keys.swift          what each key does
//   Gallery+Presentation.swift  orientation and direction, the scroll axis, focus and selection
//   Gallery+Rendering.swift     frames of text, the status line, non-interactive frames
//   GalleryKey.swift            keys and the escape sequences that send them
//   GalleryOptions.swift        the command line
//   GallerySampleData.swift     seeded sample cards
//   GalleryCard.swift           a text card: wrapping, estimated and measured heights
//   Gallery+Cards.swift         card snapshots, measurements, the prepend/delete/shuffle keys
//   GalleryCell.swift           the cell
//   TraceRecorder.swift         --record-trace: scrolls and resizes as a scroll trace

import Cascade
import CascadeView

/// The gallery: text cards, a ``CollectionView`` over a ``WaterfallLayout`` (kept columns, card
/// heights estimated and then measured), and a terminal of
/// `columns` × `rows` characters, one character 8 points wide and 16 points tall. The last row
/// is the status line; the rows above it are the viewport.
///
///     let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
///     try gallery.handle(.pageDown)
///     print(gallery.render().joined(separator: "\n"))
public final class Gallery {
  /// The collection view the gallery draws.
  public let view: CollectionView<GalleryCell, WaterfallLayout>
  /// The cards, by section: the data source's model.
  public internal(set) var data: GallerySampleData
  /// The terminal's width, in characters.
  public internal(set) var columns: Int
  /// The terminal's height, in characters, status line included.
  public internal(set) var rows: Int
  /// Which of ``widthFractions`` the collection is as wide as, times the terminal.
  public internal(set) var widthIndex = 0

  /// Records each scroll and resize as a line of a scroll trace (`--record-trace`); setting it
  /// records the current state as the first line.
  public var traceRecorder: TraceRecorder? {
    didSet { traceRecorder?.record(view) }
  }

  /// The widths `r` cycles through, as fractions of the terminal's width.
  public static let widthFractions = [1.0, 0.75, 0.5]
  /// How many items `a` appends.
  public static let pageSize = 20

  /// The waterfall's parameters: adaptive columns at least 14 characters wide, one character
  /// between columns, one row between items, a one-row header per section, and kept columns (a
  /// measured card stays in its column).
  public static let parameters = WaterfallParameters(
    minColumnWidth: 14 * GallerySampleData.columnWidth, columnSpacing: GallerySampleData.columnWidth,
    itemSpacing: GallerySampleData.rowHeight,
    insets: EdgeInsets(top: GallerySampleData.rowHeight, bottom: GallerySampleData.rowHeight),
    header: GallerySampleData.rowHeight, keepColumns: true)

  /// Creates the gallery for a terminal of `columns` × `rows` and loads it: a vertical
  /// waterfall, or a horizontal one scrolling along x (`--horizontal`), mirrored when `direction`
  /// is right to left (`--rtl`), with pinned section headers, at the reading start.
  ///
  /// - Throws: ``CollectionViewError`` when the terminal is too small to hold a viewport.
  /// - Complexity: O(n) for n items.
  public init(
    columns: Int, rows: Int, seed: UInt64 = 1, orientation: LayoutOrientation = .vertical,
    direction: LayoutDirection = .leftToRight
  ) throws(CollectionViewError) {
    self.columns = max(1, columns)
    self.rows = max(2, rows)
    self.data = GallerySampleData(seed: seed)
    let bounds = Self._bounds(columns: self.columns, rows: self.rows, fraction: 1)
    let layout: WaterfallLayout
    do { layout = try Self._layout(bounds: bounds, orientation: orientation, direction: direction) } catch { throw .layout(error) }
    view = CollectionView(layout: layout, bounds: bounds)
    view.overscan = 4 * GallerySampleData.rowHeight
    view.prefetchDistance = 8 * GallerySampleData.rowHeight
    view.pinsSectionHeaders = true
    view.allowsMultipleSelection = true
    // The gallery draws each frame as it is, with no animation: resizes and measurements need
    // not read the frames elements had before them.
    view.reportsInitialFrames = false
    view.register(forCellWithReuseIdentifier: "box") { GalleryCell() }
    view.register(forCellWithReuseIdentifier: "header") { GalleryCell() }
    view.dataSource = self
    // A right-to-left horizontal gallery starts at its right end: the first snapshot (a reload)
    // clamps the offset to the content, so it fills the view there rather than at the left end.
    if _forward < 0 { try view.setContentOffset(Point(x: .greatestFiniteMagnitude, y: 0)) }
    try _applyCards()
  }

  /// The viewport for a terminal: `fraction` of its width, every row but the status line.
  static func _bounds(columns: Int, rows: Int, fraction: Double) -> Size {
    let width = (Double(columns) * fraction).rounded(.down) * GallerySampleData.columnWidth
    return Size(width: max(GallerySampleData.columnWidth, width), height: Double(rows - 1) * GallerySampleData.rowHeight)
  }

  /// Follows a terminal resize: new bounds, the first visible item kept where it was.
  ///
  /// - Complexity: that of ``CollectionView/setBounds(_:)``.
  public func resizeTerminal(columns: Int, rows: Int) throws(CollectionViewError) {
    let columns = max(1, columns), rows = max(2, rows)
    guard columns != self.columns || rows != self.rows else { return }
    self.columns = columns
    self.rows = rows
    try view.setBounds(Self._bounds(columns: columns, rows: rows, fraction: Self.widthFractions[widthIndex]))
    try view.setContentOffset(view.clampedContentOffset(view.contentOffset))
    try _settleMeasurements()
    traceRecorder?.record(view)
  }
}
