// `--screenshot DIR --frames N`: the gallery without a person. A tick callback drives N frames:
// it scrolls at a steady speed, clicks a card and presses arrow keys near the start, presses
// arrow keys again before the middle screenshot (taken just before the resize), shrinks the
// window midway (a new column count, and a burst of measurements: every displayed text card is
// measured again at its new width), and clicks and presses an arrow key before the last one. The
// frame clock's `after-paint` signal ends each frame: the frame's timings are recorded there and
// the screenshots are taken there, once GTK has laid out and drawn the frame.

import CGtk
import Cascade
import CascadeView

final class ScreenshotRun {
  let gallery: Gallery
  let directory: String
  let frames: Int
  var speed: Double
  let resizeTo: (Int32, Int32)

  private var frame = -1
  /// `--verbose`: a line per frame.
  var verbose = false
  private var frameStart = 0.0
  private var frameTimes: [Double] = []
  private var modelTimes: [Double] = []
  private var configureTimes: [Double] = []
  private var allocateTimes: [Double] = []
  private var intervals: [Double] = []
  private var lastStart = 0.0
  private var maxDisplayed = 0
  private var maxAlive = 0
  private var afterPaintConnected = false
  private var started = false
  private var failed = false
  let loop: OpaquePointer

  /// Frames (0-based) that also get a screenshot, `gtk-frame-N.png` (`--shot N`, 1-based).
  var extraShots: [Int] = []

  var shots: [Int: String] {
    var shots = [2: "gtk-start.png", frames / 2 - 2: "gtk-middle.png", frames - 1: "gtk-end.png"]
    for f in extraShots where shots[f] == nil { shots[f] = "gtk-frame-\(f + 1).png" }
    return shots
  }

  init(gallery: Gallery, directory: String, frames: Int, speed: Double, resizeTo: (Int32, Int32), loop: OpaquePointer) {
    self.gallery = gallery
    self.directory = directory
    self.frames = max(frames, 40)
    self.speed = speed
    self.resizeTo = resizeTo
    self.loop = loop
  }

  func start() {
    gtk_widget_add_tick_callback(gallery.window, Self.tick, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  /// The update phase of a frame: input the gallery would get from a person.
  func tick(_ clock: OpaquePointer?) {
    if !afterPaintConnected, let clock {
      connect(UnsafeMutableRawPointer(clock), "after-paint", Self.afterPaint, Unmanaged.passUnretained(self).toOpaque())
      afterPaintConnected = true
      started = true
      return  // frames count from the next one
    }
    guard started else { return }
    if frame >= 0 && frameTimes.count == frame {
      // The last frame drew nothing (no after-paint): it ends here.
      endFrame()
    }
    frame += 1
    frameStart = now()
    if frame > 0 { intervals.append(frameStart - lastStart) }
    lastStart = frameStart
    _ = gallery.takeModelTime()  // what happened between frames
    let view = gallery.view
    switch frame {
    case 0:
      // A click on the second card of the first row, then the focus two cards on.
      if let path = view.layoutAttributesForItem(at: ItemPath(item: 1, section: 0))?.frame {
        gallery.click(at: Point(x: path.midX, y: path.midY))
      }
      gallery.moveFocus(.down)
      gallery.moveFocus(.right)
    case frames / 2:
      gtk_window_set_default_size(cast(gallery.window), resizeTo.0, resizeTo.1)
    case frames / 2 - 8:
      _ = gallery.timed { () throws(CollectionViewError) in try gallery.view.focusItem(at: nil) }
      gallery.moveFocus(.down)
      gallery.moveFocus(.down)
    case frames - 4:
      // A click on the card nearest a point right of the middle of the viewport, then the focus
      // one card to the left: the last screenshot shows both.
      let viewport = view.viewport
      let target = Point(x: viewport.minX + viewport.width * 0.75, y: viewport.minY + viewport.height * 0.7)
      var best: (distance: Double, frame: Rect)?
      view.forEachDisplayedElement { element in
        guard element.path.kind == .item, element.frame.intersects(viewport) else { return }
        let dx = element.frame.midX - target.x, dy = element.frame.midY - target.y
        if best == nil || dx * dx + dy * dy < best!.distance { best = (dx * dx + dy * dy, element.frame) }
      }
      if let best { gallery.click(at: Point(x: best.frame.midX, y: best.frame.midY)) }
      gallery.moveFocus(.left)
    default:
      break
    }
    // Every frame is drawn (and so ends with after-paint), even one where nothing moves.
    gtk_widget_queue_draw(gallery.canvas)
    // The steady scroll, turning back at either end.
    let y = view.contentOffset.y + speed
    if y > view.maximumContentOffsetY || y < view.minimumContentOffsetY { speed = -speed }
    gtk_adjustment_set_value(gallery.vadjustment, view.clampedContentOffset(Point(x: 0, y: view.contentOffset.y + speed)).y)
  }

  /// The end of a frame: GTK has laid it out and drawn it.
  func afterPaint() {
    guard frame >= 0, frameTimes.count == frame else { return }
    endFrame()
  }

  private func endFrame() {
    frameTimes.append(now() - frameStart)
    if verbose {
      let view = gallery.view
      let top = view.layout.element(at: Point(x: 1, y: view.contentOffset.y), pinningHeadersIn: view.viewport)
      print("frame \(frame + 1): y \(view.contentOffset.y), at the top \(top.map { "\($0.path)" } ?? "nothing"), \(view.numberOfDisplayedElements) displayed, \(Card.alive) cards, \(ms(frameTimes.last!))")
    }
    let model = gallery.takeModelTime()
    modelTimes.append(model.total)
    configureTimes.append(model.configuring)
    allocateTimes.append(model.allocating)
    maxDisplayed = max(maxDisplayed, gallery.view.numberOfDisplayedElements)
    maxAlive = max(maxAlive, Card.alive)
    if let name = shots[frame] {
      let path = directory + "/" + name
      if Screenshot.save(gallery.window, to: path, writeNode: verbose) {
        print("screenshot \(path) at frame \(frame + 1)")
      } else {
        print("error: could not write \(path)")
        failed = true
      }
    }
    if frame == frames - 1 {
      report()
      g_main_loop_quit(loop)
    }
  }

  var succeeded: Bool { !failed && frameTimes.count == frames }

  /// A duration in seconds, in µs below a millisecond, else in ms with one decimal.
  private func ms(_ x: Double) -> String {
    if x < 0.001 { return "\(Int((x * 1_000_000).rounded())) µs" }
    return "\((x * 10_000).rounded() / 10) ms"
  }

  private func report() {
    let view = gallery.view
    let items = (0..<view.numberOfSections).reduce(0) { $0 + view.numberOfItems(inSection: $1) }
    func stats(_ xs: [Double]) -> String {
      let s = xs.sorted()
      let p99 = s[min(s.count - 1, Int((Double(s.count) * 0.99).rounded(.up)) - 1)]
      return "median \(ms(s[s.count / 2])), p99 \(ms(p99)), max \(ms(s.last!))"
    }
    if verbose {
      for s in 0..<view.numberOfSections { print("section \(s + 1): \(view.layout.frame(ofSection: s)!)") }
    }
    print("frames: \(frames), scrolling \(abs(speed)) points a frame; window resized at frame \(frames / 2 + 1)")
    print("model update (Cascade: scroll steps, resize, measurement batches): \(stats(modelTimes))")
    print("  of which the data source configuring cards (label text, textures): \(stats(configureTimes))")
    print("whole frame (tick to painted, GTK layout and cairo drawing included): \(stats(frameTimes))")
    print("  of which allocating the canvas (GTK measuring and placing the cards): \(stats(allocateTimes))")
    print("frame interval (frame clock): \(stats(intervals))")
    print("measurements: \(gallery.measuredCards) cards measured, \(gallery.measurementsReported) heights reported, applied in \(gallery.measurementBatches) batches (largest \(gallery.largestMeasurementBatch))")
    let inWindow = gallery.cardsInWindow
    print("live widgets: \(Card.alive) cards now: \(inWindow) in the window (the \(view.numberOfDisplayedElements) displayed elements), \(Card.alive - inWindow) in reuse pools; at most \(maxAlive) alive during the run; items: \(items) in \(view.numberOfSections) sections")
    print("reuse: created \(view.reuseStatistics.created), reused \(view.reuseStatistics.reused), discarded \(view.reuseStatistics.discarded); columns now \(view.layout.numberOfColumns(inSection: 0) ?? 0)")
  }

  static let tick: @convention(c) (Widget?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, clock, data in
    Unmanaged<ScreenshotRun>.fromOpaque(data!).takeUnretainedValue().tick(clock)
    return 1  // G_SOURCE_CONTINUE
  }

  static let afterPaint: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    Unmanaged<ScreenshotRun>.fromOpaque(data!).takeUnretainedValue().afterPaint()
  }
}

enum Screenshot {
  /// Renders what GTK last drew of `window` into a PNG: a GtkWidgetPaintable holds the window's
  /// last render node; it is snapshotted into a GskRenderNode and rendered into a texture by the
  /// window's own renderer (cairo under Xvfb), which GDK saves as PNG.
  /// With `writeNode`, GTK's render node goes next to it as text (`.png.node`), for debugging.
  static func save(_ window: Widget, to path: String, writeNode: Bool = false) -> Bool {
    let width = gtk_widget_get_width(window), height = gtk_widget_get_height(window)
    guard width > 0, height > 0, let paintable = gtk_widget_paintable_new(window) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
    defer { gsk_render_node_unref(node) }
    if writeNode { _ = gsk_render_node_write_to_file(node, path + ".node", nil) }
    guard let renderer = gtk_native_get_renderer(opaque(window)),
          let texture = gsk_renderer_render_texture(renderer, node, nil) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    return gdk_texture_save_to_png(texture, path) != 0
  }
}
