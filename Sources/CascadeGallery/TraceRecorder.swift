import Cascade
import CascadeView

/// Records a gallery session as a scroll trace for `cascade-bench --trace`: one JSON line per
/// scroll or resize, `{"t": seconds, "offset": [x, y]}`, with `"bounds": [w, h]` on the first
/// line and on every line where the viewport's size changed. `t` is the clock's time since the
/// first line, rounded to the microsecond; points are the view's (8 per character, 16 per row).
///
///     let recorder = TraceRecorder(clock: monotonicSeconds) { line in fputs(line, file) }
///     gallery.traceRecorder = recorder   // writes the first line at once
public final class TraceRecorder {
  private let clock: () -> Double
  private let write: (String) -> Void
  private var start: Double?
  private var lastOffset: Point?
  private var lastBounds: Size?
  /// The lines written so far.
  public private(set) var lineCount = 0

  /// A recorder reading `clock` (monotonic seconds, any origin) and handing each line, newline
  /// included, to `write`.
  ///
  /// - Complexity: O(1).
  public init(clock: @escaping () -> Double, write: @escaping (String) -> Void) {
    self.clock = clock
    self.write = write
  }

  /// Writes a line when the view's offset or bounds differ from the last line's (always for the
  /// first call).
  ///
  /// - Complexity: O(1).
  public func record(_ view: CollectionView<GalleryCell, WaterfallLayout>) {
    let offset = view.contentOffset, bounds = view.bounds
    guard offset != lastOffset || bounds != lastBounds else { return }
    let now = clock()
    let t = now - (start ?? now)
    if start == nil { start = now }
    var line = "{\"t\": \(Self.format((t * 1e6).rounded() / 1e6)), \"offset\": [\(Self.format(offset.x)), \(Self.format(offset.y))]"
    if bounds != lastBounds { line += ", \"bounds\": [\(Self.format(bounds.width)), \(Self.format(bounds.height))]" }
    line += "}\n"
    lastOffset = offset
    lastBounds = bounds
    lineCount += 1
    write(line)
  }

  /// A number as JSON: integral values without a fraction, others in Swift's shortest form.
  static func format(_ value: Double) -> String {
    if value == value.rounded() && Swift.abs(value) < 0x1p53 { return String(Int64(value)) }
    return "\(value)"
  }
}
