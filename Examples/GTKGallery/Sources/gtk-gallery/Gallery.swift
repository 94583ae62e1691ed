// The gallery: a GTK window whose scrolling canvas is backed by Cascade's CollectionView.
//
//   GtkWindow
//   └─ GtkScrolledWindow        its vertical adjustment is the collection view's contentOffset
//      └─ GtkViewport
//         └─ canvas             a GtkBox with a GtkCustomLayout: content-sized; its allocate
//                               function resizes the collection view (bounds), applies
//                               measurements and positions the displayed cards at their frames
//
// Only the elements in the view's display rect (viewport plus overscan) have cards in the
// canvas; cards come from and go back to the view's reuse pools.

import CGtk
import Cascade
import CascadeView

final class Gallery: CollectionViewDataSource {
  typealias Cell = Card
  typealias Layout = WaterfallLayout

  static let headerHeight = 44.0
  static let footerHeight = 30.0
  static let parameters = WaterfallParameters(
    minColumnWidth: 200, columnSpacing: 12, itemSpacing: 12,
    insets: EdgeInsets(top: 12, left: 12, bottom: 20, right: 12), keepColumns: true)

  var sections: [GallerySection]
  let view: CollectionView<Card, WaterfallLayout>
  var textures = TextureCache()
  /// Self-sizing (the view's `reportMeasuredHeight`): reports not yet applied by a refresh, the
  /// frame of the last refresh made for them (one a frame), and the totals for the summary.
  private var reportsWaiting = 0
  private var lastMeasurementFrame = -1
  private(set) var measurementsReported = 0
  private(set) var measurementBatches = 0
  private(set) var largestMeasurementBatch = 0

  let window: Widget
  let scroller: Widget
  let viewport: Widget
  let canvas: Widget
  let vadjustment: UnsafeMutablePointer<GtkAdjustment>

  /// Seconds spent in the collection view (scroll steps, resizes, batches) since the last
  /// `takeModelTime()`.
  private var modelTime = 0.0
  /// Of `modelTime`, the data source's part: configuring cards (label text, textures).
  private var configureTime = 0.0
  /// Time spent in the canvas's allocate function (model calls made there included): GTK
  /// measuring and placing the cards.
  private var allocateTime = 0.0
  /// Text cards measured by GTK so far.
  private(set) var measuredCards = 0

  init(sections: [GallerySection], width: Int, height: Int) throws(CollectionViewError) {
    self.sections = sections
    view = CollectionView(
      layout: try! WaterfallLayout(width: Double(width), parameters: Self.parameters),
      bounds: Size(width: Double(width), height: Double(height)))
    view.overscan = 160
    // Sticky headers: the view displays each section's header at its pinned frame while the
    // section scrolls (Docs/Spec/Waterfall.md, "Viewport with pinned headers").
    view.pinsSectionHeaders = true
    // Cards are placed where they are, not animated: a live resize or a batch of measured
    // heights then costs the layout one pass, not three (Docs/Presentation.md).
    view.reportsInitialFrames = false
    // Small pools: a card scrolled away waits there for the next one to come in; cards freed
    // all at once beyond these (a resize to fewer, wider columns) are dropped.
    view.register(forCellWithReuseIdentifier: "text", capacity: 12) { Card(.text) }
    view.register(forCellWithReuseIdentifier: "picture", capacity: 8) { Card(.picture) }
    view.register(forCellWithReuseIdentifier: "header", capacity: 2) { Card(.header) }
    view.register(forCellWithReuseIdentifier: "footer", capacity: 2) { Card(.footer) }

    window = gtk_window_new()
    gtk_window_set_title(cast(window), "Cascade · GTK gallery")
    gtk_window_set_default_size(cast(window), Int32(width), Int32(height))
    scroller = gtk_scrolled_window_new()
    // EXTERNAL: no horizontal scrolling, and the window may shrink below the content's width.
    gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_EXTERNAL, GTK_POLICY_AUTOMATIC)
    viewport = gtk_viewport_new(nil, nil)
    gtk_viewport_set_scroll_to_focus(opaque(viewport), 0)
    canvas = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    gtk_widget_add_css_class(canvas, "gallery")
    gtk_widget_set_layout_manager(canvas, gtk_custom_layout_new(nil, Self.measureCanvas, Self.allocateCanvas))
    gtk_viewport_set_child(opaque(viewport), canvas)
    gtk_scrolled_window_set_child(opaque(scroller), viewport)
    gtk_window_set_child(cast(window), scroller)
    vadjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller))!

    view.dataSource = self
    for s in self.sections.indices {
      for i in self.sections[s].items.indices {
        self.sections[s].items[i].height = estimate(self.sections[s].items[i], width: 200)
      }
    }
    apply(try view.reloadData())

    let me = Unmanaged.passUnretained(self).toOpaque()
    g_object_set_data(UnsafeMutablePointer(OpaquePointer(canvas)), "gallery", me)
    connect(UnsafeMutableRawPointer(vadjustment), "value-changed", Self.valueChanged, me)
    let click = gtk_gesture_click_new()!
    connect(UnsafeMutableRawPointer(click), "pressed", Self.pressed, me)
    gtk_widget_add_controller(canvas, click)
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    connect(UnsafeMutableRawPointer(keys), "key-pressed", Self.keyPressed, me)
    gtk_widget_add_controller(window, keys)
  }

  // MARK: The data source

  func numberOfSections(in view: CollectionView<Card, WaterfallLayout>) -> Int { sections.count }

  func collectionView(_ view: CollectionView<Card, WaterfallLayout>, numberOfItemsInSection section: Int) -> Int {
    sections[section].items.count
  }

  func collectionView(_ view: CollectionView<Card, WaterfallLayout>, parametersForSection section: Int) -> WaterfallParameters {
    WaterfallParameters(header: Self.headerHeight, footer: sections[section].hasFooter ? Self.footerHeight : 0)
  }

  func collectionView(_ view: CollectionView<Card, WaterfallLayout>, layoutItemAt path: ItemPath) -> WaterfallItem {
    let item = sections[path.section].items[path.item]
    switch item.content {
    case .text: return .height(item.height)
    case .picture(let p): return .size(width: Double(p.width), height: Double(p.height))
    }
  }

  func collectionView(
    _ view: CollectionView<Card, WaterfallLayout>, cellForItemAt path: ItemPath
  ) throws(CollectionViewError) -> Card {
    let start = now()
    defer { configureTime += now() - start }
    let item = sections[path.section].items[path.item]
    let card: Card
    switch item.content {
    case .text(let text):
      card = try view.dequeueReusableCell(withReuseIdentifier: "text", for: path)
      card.show(text: text, id: item.id)
    case .picture(let spec):
      card = try view.dequeueReusableCell(withReuseIdentifier: "picture", for: path)
      card.show(texture: textures.texture(id: item.id, spec: spec), caption: "#\(item.id) · \(spec.ratioName)", id: item.id)
    }
    card.setFocused(path == view.focusedItem)
    card.setSelected(view.isSelected(path))
    return card
  }

  func collectionView(
    _ view: CollectionView<Card, WaterfallLayout>, viewForSupplementaryElementOfKind kind: ElementKind,
    inSection section: Int
  ) throws(CollectionViewError) -> Card {
    let start = now()
    defer { configureTime += now() - start }
    let id = kind == .header ? "header" : "footer"
    let card = try view.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: id, inSection: section)
    configure(card, kind: kind, section: section)
    return card
  }

  func configure(_ card: Card, kind: ElementKind, section: Int) {
    let s = sections[section]
    if kind == .header {
      card.show(title: "\(section + 1) · \(s.title)", section: section)
    } else {
      card.show(title: "end of \(s.title.lowercased()) · \(s.items.count) cards", section: section)
    }
  }

  /// A text card's height before GTK has measured it: lines of about 7.4 points per character
  /// at the text's width, 17 points each, plus the id line and the padding.
  func estimate(_ item: GalleryItem, width: Double) -> Double {
    guard case .text(let text) = item.content else { return 0 }
    let perLine = max(1, ((width - 24) / 7.4).rounded(.down))
    let lines = (Double(text.count) / perLine).rounded(.up)
    return (20 + 16 + 4 + lines * 17).rounded()
  }

  // MARK: Applying the view's updates to the canvas

  /// Takes the cards of what left out of the canvas and puts those of what came in. A card that
  /// left and came back in the same update (reused on the spot) stays in the canvas. Items go
  /// first in the canvas's child list and headers and footers last, so headers draw above items.
  func apply(_ update: CollectionViewUpdate<Card>) {
    for gone in update.disappeared { gone.cell.isInWindow = false }
    for new in update.appeared {
      let card = new.cell
      if gtk_widget_get_parent(card.root) == canvas {
        card.isInWindow = true
        continue
      }
      if new.path.kind == .item {
        gtk_widget_insert_after(card.root, canvas, nil)
      } else {
        gtk_widget_insert_before(card.root, canvas, nil)
      }
      card.isInWindow = true
    }
    for gone in update.disappeared where !gone.cell.isInWindow && gtk_widget_get_parent(gone.cell.root) == canvas {
      gtk_widget_unparent(gone.cell.root)
    }
    if !update.isEmpty { gtk_widget_queue_allocate(canvas) }
  }

  /// Runs a collection view call and adds its time to the model's.
  @inline(__always)
  func timed<T>(_ body: () throws(CollectionViewError) -> T) -> T {
    let start = now()
    defer { modelTime += now() - start }
    do {
      return try body()
    } catch {
      fatalError("collection view: \(error)")
    }
  }

  /// The time spent in the collection view since the last call, the part of it spent
  /// configuring cards, and the time spent allocating the canvas.
  func takeModelTime() -> (total: Double, configuring: Double, allocating: Double) {
    defer { modelTime = 0; configureTime = 0; allocateTime = 0 }
    return (modelTime, configureTime, allocateTime)
  }

  /// Tells the vertical adjustment the content's height and the view's offset (after a resize
  /// or a batch changed them), before the viewport next measures the canvas.
  func syncAdjustment() {
    let h = view.bounds.height
    gtk_adjustment_configure(
      vadjustment, view.contentOffset.y, 0, max(view.contentSize.height, h), 48, h * 0.9, h)
  }

  // MARK: Scrolling, resizing, laying out

  /// The adjustment moved (a scroll event, the scrollbar, kinetic scrolling, a key, the
  /// screenshot driver): one scroll step of the view.
  func scrolled() {
    let y = gtk_adjustment_get_value(vadjustment)
    guard y != view.contentOffset.y else { return }
    let waiting = reportsWaiting
    let update = timed { () throws(CollectionViewError) in try view.setContentOffset(Point(x: 0, y: y)) }
    apply(update)
    if waiting > 0 {
      // The step applied the measurements waiting (one batch, anchored), and may have moved the
      // offset by what they changed above the top card: the adjustment follows.
      noteMeasurementBatch(waiting)
      if view.contentOffset.y != y { syncAdjustment() }
    }
    gtk_widget_queue_allocate(canvas)
  }

  /// The canvas is being allocated at `width` (the viewport's): resize the view if the viewport
  /// changed, measure the cards that need it, apply the measurements (once per frame), and put
  /// every displayed card at its frame.
  func allocate(width: Int32) {
    let start = now()
    defer { allocateTime += now() - start }
    let size = Size(width: Double(width), height: Double(gtk_widget_get_height(viewport)))
    if size != view.bounds && size.width > 0 && size.height > 0 {
      let widthChanged = size.width != view.bounds.width
      apply(timed { () throws(CollectionViewError) in try view.setBounds(size) })
      if trace {
        print("bounds \(size.width)x\(size.height): \(view.layout.numberOfColumns(inSection: 0) ?? 0) columns, offset \(view.contentOffset.y)")
      }
      if widthChanged { gtk_widget_queue_resize(canvas) }
      syncAdjustment()
    }
    measureCards()
    let frame = gdk_frame_clock_get_frame_counter(gtk_widget_get_frame_clock(canvas))
    if reportsWaiting > 0 && frame != lastMeasurementFrame {
      // The view applies the reports as one layout change, keeps every item in its column
      // (keepColumns) and the topmost visible card where it is on screen.
      lastMeasurementFrame = frame
      let before = view.contentSize.height
      noteMeasurementBatch(reportsWaiting)
      apply(timed { () throws(CollectionViewError) in try view.layoutIfNeeded() })
      if view.contentSize.height != before { gtk_widget_queue_resize(canvas) }
      if trace { print("measurements applied, offset \(view.contentOffset.y), content \(view.contentSize.height)") }
      syncAdjustment()
      // Cards that came with the batch are measured now and applied next frame.
      measureCards()
    }
    if reportsWaiting > 0 { requestNextFrame() }
    position()
  }

  /// Measures, at their frame's width, the displayed text cards not yet measured at that width,
  /// and reports the heights that differ from the frame's to the view.
  private func measureCards() {
    view.forEachDisplayedElement { element in
      guard let path = element.path.itemPath else { return }
      let item = sections[path.section].items[path.item]
      guard case .text = item.content, item.measuredWidth != element.frame.width else { return }
      var minimum: Int32 = 0, natural: Int32 = 0
      gtk_widget_measure(element.cell.root, GTK_ORIENTATION_VERTICAL, Int32(element.frame.width), &minimum, &natural, nil, nil)
      measuredCards += 1
      sections[path.section].items[path.item].measuredWidth = element.frame.width
      let height = Double(max(minimum, natural))
      guard height != element.frame.height else { return }
      timed { () throws(CollectionViewError) in try view.reportMeasuredHeight(height, for: path) }
      reportsWaiting += 1
      measurementsReported += 1
    }
  }

  /// Counts a refresh that applied `reports` waiting measurements.
  private func noteMeasurementBatch(_ reports: Int) {
    measurementBatches += 1
    largestMeasurementBatch = max(largestMeasurementBatch, reports)
    reportsWaiting = 0
  }

  private var frameRequested = false
  /// `--verbose` without `--screenshot`: a line per resize, click, focus move and flush.
  var trace = false

  /// Measurements that could not be applied this frame are applied by the next one.
  private func requestNextFrame() {
    guard !frameRequested else { return }
    frameRequested = true
    gtk_widget_add_tick_callback(canvas, Self.nextFrame, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  /// Puts every displayed card at its frame. With pinned headers, a header's displayed frame is
  /// its pinned one; it gets the `pinned` style while it is below its own place.
  private func position() {
    let layout = view.layout
    view.forEachDisplayedElement { element in
      if element.path.kind == .header, let own = layout.layoutAttributes(for: element.path)?.frame {
        setClass(element.cell.root, "pinned", element.frame.minY > own.minY)
      }
      place(element.cell.root, element.frame)
    }
  }

  private func place(_ w: Widget, _ frame: Rect) {
    var minimum: Int32 = 0, natural: Int32 = 0
    gtk_widget_measure(w, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
    let x = Int32(frame.minX.rounded()), y = Int32(frame.minY.rounded())
    var rect = GtkAllocation(
      x: x, y: y, width: Int32(frame.maxX.rounded()) - x, height: Int32(frame.maxY.rounded()) - y)
    gtk_widget_size_allocate(w, &rect, -1)
  }

  /// The cards in the canvas that GTK draws: the displayed elements.
  var cardsInWindow: Int {
    var count = 0
    var child = gtk_widget_get_first_child(canvas)
    while let c = child {
      if gtk_widget_get_child_visible(c) != 0 { count += 1 }
      child = gtk_widget_get_next_sibling(c)
    }
    return count
  }

  // MARK: Focus and selection

  /// Moves the focus to the neighbour of the focused item in `direction` (the core's neighbour
  /// rule, `CollectionLayout.neighbor(of:direction:)`), or to the first visible item when no
  /// item has the focus, and scrolls just enough to show it below the pinned header.
  func moveFocus(_ direction: NeighborDirection) {
    let next = view.focusedItem.flatMap { view.layout.neighbor(of: $0, direction: direction) }
      ?? (view.focusedItem == nil ? view.indexPathsForVisibleItems.first : nil)
    guard let next else { return }
    _ = timed { () throws(CollectionViewError) in try view.focusItem(at: next, scrollIntoView: false) }
    if trace { print("focus \(direction): \(next)") }
    refreshStates()
    scrollToShow(next)
  }

  /// Selects (and focuses) the item under a click at `point`, in canvas (content) coordinates.
  /// The view's hit test finds a pinned header before the items under it.
  func click(at point: Point) {
    guard let element = view.element(at: point) else {
      if trace { print("click at \(point): nothing there") }
      return
    }
    guard let path = element.path.itemPath else {
      if trace { print("click at \(point): the \(element.path.kind) of section \(element.path.section)") }
      return
    }
    timed { () throws(CollectionViewError) in
      try view.selectItem(at: path)
      try view.focusItem(at: path, scrollIntoView: false)
    }
    if trace { print("click at \(point): selected \(path)") }
    refreshStates()
  }

  /// Applies the focus and selection classes to the displayed cards.
  private func refreshStates() {
    view.forEachDisplayedElement { element in
      guard let path = element.path.itemPath else { return }
      element.cell.setFocused(path == view.focusedItem)
      element.cell.setSelected(view.isSelected(path))
    }
  }

  /// Scrolls just enough for the item to be visible below the pinned header.
  func scrollToShow(_ path: ItemPath) {
    guard let frame = view.layoutAttributesForItem(at: path)?.frame else { return }
    let margin = 8.0
    let top = view.contentOffset.y + Self.headerHeight + margin
    let bottom = view.contentOffset.y + view.bounds.height - margin
    var y = view.contentOffset.y
    if frame.minY < top {
      y = frame.minY - Self.headerHeight - margin
    } else if frame.maxY > bottom {
      y = frame.maxY - view.bounds.height + margin
    }
    y = view.clampedContentOffset(Point(x: 0, y: y)).y
    if y != view.contentOffset.y { gtk_adjustment_set_value(vadjustment, y) }
  }

  // MARK: C callbacks

  static func from(_ data: UnsafeMutableRawPointer?) -> Gallery {
    Unmanaged<Gallery>.fromOpaque(data!).takeUnretainedValue()
  }

  static let valueChanged: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    from(data).scrolled()
  }

  static let pressed: @convention(c) (OpaquePointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = {
    _, _, x, y, data in
    from(data).click(at: Point(x: x, y: y))
  }

  static let keyPressed: @convention(c) (OpaquePointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Int32 = {
    _, key, _, _, data in
    let direction: NeighborDirection
    switch Int32(key) {
    case GDK_KEY_Up: direction = .up
    case GDK_KEY_Down: direction = .down
    case GDK_KEY_Left: direction = .left
    case GDK_KEY_Right: direction = .right
    default: return 0
    }
    from(data).moveFocus(direction)
    return 1
  }

  static let nextFrame: @convention(c) (Widget?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { canvas, _, data in
    let gallery = from(data)
    gallery.frameRequested = false
    gtk_widget_queue_allocate(canvas)
    return 0  // G_SOURCE_REMOVE
  }

  static let measureCanvas: @convention(c) (
    Widget?, GtkOrientation, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
    UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
  ) -> Void = { canvas, orientation, _, minimum, natural, _, _ in
    let gallery = from(g_object_get_data(UnsafeMutablePointer(OpaquePointer(canvas)), "gallery"))
    if orientation == GTK_ORIENTATION_HORIZONTAL {
      minimum?.pointee = 0
      natural?.pointee = Int32(gallery.view.bounds.width)
    } else {
      let height = Int32(gallery.view.contentSize.height.rounded(.up))
      minimum?.pointee = height
      natural?.pointee = height
    }
  }

  static let allocateCanvas: @convention(c) (Widget?, Int32, Int32, Int32) -> Void = { canvas, width, _, _ in
    from(g_object_get_data(UnsafeMutablePointer(OpaquePointer(canvas)), "gallery")).allocate(width: width)
  }
}
