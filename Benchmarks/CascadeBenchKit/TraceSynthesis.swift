// The standard traces of `--synthesize-trace`, deterministic from a seed. Every one is sampled
// at 120 Hz (t = i / 120 s, rounded to the microsecond), its first line gives the bounds, and its
// offsets stay inside the content ([0, contentHeight - bounds height]) and are rounded to 1/100 pt.
// Draws come from SplitMix64(seed) in the order written here (`u()` uniform in [0, 1),
// `normal()` Box–Muller, as for the distributions).
//
// - slow-read: 8 s of reading: from y0 = u() * maxY / 2, the speed of each frame is
//   150 * (1 + 0.3 sin(2π t / 2.5)) + 15 normal() pt/s, never below 0.
// - fling: three flings, down, down, then up. Each is a drag of 14 frames whose speed ramps
//   linearly to v0 = uniform(3000, 9000) pt/s, then the release: the speed decays as UIKit's
//   normal deceleration rate does, v(t) = v0 * 0.998^(1000 t) (×0.998 per ms, a time constant of
//   about 0.5 s), until it is below 20 pt/s or the offset reaches an end of the content. Between
//   flings the finger rests 0.25 s (no lines: nothing moves). The first starts at u() * maxY / 4.
// - jump: from y0 = u() * maxY / 10, three rounds of: 0.5 s of slow reading (150 pt/s), a jump in
//   one frame to y0 + uniform(0.6, 0.95) * (maxY - y0) (an item far away, as a "scroll to item"
//   without animation does), 0.5 s of reading there, and a jump back to where the jump started.
// - resize: scrolling down at 400 + 40 normal() pt/s per frame from y0 = u() * maxY / 4; after 1 s
//   the window's width shrinks linearly, one step per frame for 0.5 s, to round(W * f) with
//   f = uniform(0.5, 0.8) (a live resize, every frame a new width), stays there 1 s, grows back
//   to W over 0.5 s, and the scroll goes on 1 s more. Widths are whole points; the height is kept.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Cascade

/// The kinds of `--synthesize-trace`.
package enum TraceKind: String, CaseIterable, Sendable {
  case slowRead = "slow-read"
  case fling
  case jump
  case resize

  package var summary: String {
    switch self {
    case .slowRead: "8 s of steady slow scrolling (~150 pt/s)"
    case .fling: "three drags and flings with exponential deceleration (UIKit's 0.998 per ms)"
    case .jump: "three jumps to a far offset and back, with reading in between"
    case .resize: "a live resize of the window's width (every frame a new width) while scrolling"
    }
  }

  /// The seed when `--seed` is not given.
  package static let defaultSeed: UInt64 = 1
  /// Frames per second.
  package static let rate = 120.0

  /// The trace for a collection whose content is `contentHeight` tall, seen through a viewport
  /// of `bounds`.
  ///
  /// - Complexity: O(s) for the s steps of the kind (about 300 to 1,000).
  package func synthesize(seed: UInt64 = TraceKind.defaultSeed, contentHeight: Double, bounds: Size) -> Trace {
    var random = BenchRandom(seed: seed)
    var builder = Builder(maxY: Swift.max(0, contentHeight - bounds.height), bounds: bounds)
    let maxY = builder.maxY
    switch self {
    case .slowRead:
      builder.y = random.unit() * maxY / 2
      builder.emit()
      for _ in 0..<Int(8 * Self.rate) {
        let v = Swift.max(0, 150 * (1 + 0.3 * sin(2 * Double.pi * builder.time / 2.5)) + 15 * random.normal())
        builder.advance(by: v / Self.rate)
      }
    case .fling:
      builder.y = random.unit() * maxY / 4
      builder.emit()
      for (f, direction) in [1.0, 1.0, -1.0].enumerated() {
        let v0 = random.uniform(3000, 9000)
        for i in 1...14 { builder.advance(by: direction * v0 * Double(i) / 14 / Self.rate) }
        var t = 0.0
        while true {
          t += 1 / Self.rate
          let v = v0 * pow(0.998, 1000 * t)
          if v < 20 { break }
          let before = builder.y
          builder.advance(by: direction * v / Self.rate)
          if builder.y == before { break }  // an end of the content
        }
        if f < 2 { builder.rest(0.25) }
      }
    case .jump:
      let y0 = random.unit() * maxY / 10
      builder.y = y0
      builder.emit()
      for _ in 0..<3 {
        for _ in 0..<Int(0.5 * Self.rate) { builder.advance(by: 150 / Self.rate) }
        let back = builder.y
        let far = y0 + random.uniform(0.6, 0.95) * (maxY - y0)
        builder.advance(by: far - builder.y)
        for _ in 0..<Int(0.5 * Self.rate) { builder.advance(by: 150 / Self.rate) }
        builder.advance(by: back - builder.y)
      }
    case .resize:
      builder.y = random.unit() * maxY / 4
      builder.emit()
      let fraction = random.uniform(0.5, 0.8)
      let w0 = bounds.width, w1 = (bounds.width * fraction).rounded()
      let frames = Int(0.5 * Self.rate)
      func scroll() { builder.advance(by: (400 + 40 * random.normal()) / Self.rate) }
      for _ in 0..<Int(1 * Self.rate) { scroll() }
      for i in 1...frames {
        builder.width = (w0 + (w1 - w0) * Double(i) / Double(frames)).rounded()
        scroll()
      }
      for _ in 0..<Int(1 * Self.rate) { scroll() }
      for i in 1...frames {
        builder.width = (w1 + (w0 - w1) * Double(i) / Double(frames)).rounded()
        scroll()
      }
      for _ in 0..<Int(1 * Self.rate) { scroll() }
    }
    return Trace(steps: builder.steps)
  }

  /// Accumulates steps: a frame clock, the offset clamped to the content, the width.
  struct Builder {
    let maxY: Double
    let height: Double
    var y = 0.0
    var width: Double
    var frame = 0
    var steps: [TraceStep] = []
    private var lastWidth: Double?

    init(maxY: Double, bounds: Size) {
      self.maxY = maxY
      self.height = bounds.height
      self.width = bounds.width
    }

    var time: Double { Double(frame) / TraceKind.rate }

    /// A line for the current frame; bounds on the first line and whenever the width changed.
    mutating func emit() {
      let t = (time * 1e6).rounded() / 1e6
      let bounds = lastWidth == width ? nil : Size(width: width, height: height)
      lastWidth = width
      steps.append(TraceStep(t: t, offset: Point(x: 0, y: (y * 100).rounded() / 100), bounds: bounds))
    }

    /// The next frame, `dy` further (clamped to the content).
    mutating func advance(by dy: Double) {
      y = Swift.min(maxY, Swift.max(0, y + dy))
      frame += 1
      emit()
    }

    /// `seconds` without a line.
    mutating func rest(_ seconds: Double) { frame += Int((seconds * TraceKind.rate).rounded()) }
  }
}
