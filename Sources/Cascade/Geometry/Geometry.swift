// Small value types for points, sizes, rectangles and insets, on `Double`.
//
// Cascade defines its own instead of using CoreGraphics or Foundation so that the layout core
// builds wherever Swift runs (Linux, Windows, Android, WebAssembly, embedded).

/// A point in the collection's coordinate space: origin top-left, `y` grows downward.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate, growing downward.
  public var y: Double

  /// Creates a point.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, `(0, 0)`.
  public static let zero = Point(x: 0, y: 0)

  /// Equal coordinates. Written out, and inlinable, so that it inlines into callers' loops.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func == (lhs: Point, rhs: Point) -> Bool { lhs.x == rhs.x && lhs.y == rhs.y }

  /// A readable rendering for logs and test failures.
  public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The empty size, `(0, 0)`.
  public static let zero = Size(width: 0, height: 0)

  /// Equal extents; inlinable, so that it inlines into callers' loops.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func == (lhs: Size, rhs: Size) -> Bool { lhs.width == rhs.width && lhs.height == rhs.height }

  /// A readable rendering for logs and test failures.
  public var description: String { "(\(width), \(height))" }
}

/// An axis-aligned rectangle: an origin and a size.
///
/// Unlike CoreGraphics, `Rect` never standardizes itself: a negative width or height is kept
/// as given, and `maxX`/`maxY` are always `origin + size`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// Creates a rectangle from its origin and size.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its four components.
  ///
  ///     let viewport = Rect(x: 0, y: 1200, width: 390, height: 844)
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// Equal origins and sizes; inlinable, so that it inlines into callers' loops.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func == (lhs: Rect, rhs: Rect) -> Bool { lhs.origin == rhs.origin && lhs.size == rhs.size }

  /// The left edge. O(1).
  @inlinable public var minX: Double { origin.x }
  /// The top edge. O(1).
  @inlinable public var minY: Double { origin.y }
  /// The right edge, `minX + width`. O(1).
  @inlinable public var maxX: Double { origin.x + size.width }
  /// The bottom edge, `minY + height`. O(1).
  @inlinable public var maxY: Double { origin.y + size.height }
  /// The horizontal centre. O(1).
  @inlinable public var midX: Double { origin.x + size.width / 2 }
  /// The vertical centre. O(1).
  @inlinable public var midY: Double { origin.y + size.height / 2 }
  /// The width. O(1).
  @inlinable public var width: Double { size.width }
  /// The height. O(1).
  @inlinable public var height: Double { size.height }

  /// Whether the two rectangles overlap with positive extent on both axes, the test of a rect
  /// query in `Docs/Spec/Waterfall.md`:
  /// `minX < other.maxX && maxX > other.minX && minY < other.maxY && maxY > other.minY`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && maxX > other.minX && minY < other.maxY && maxY > other.minY
  }

  /// Whether `point` lies inside the half-open rectangle:
  /// `minX <= x < maxX && minY <= y < maxY`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func contains(_ point: Point) -> Bool {
    minX <= point.x && point.x < maxX && minY <= point.y && point.y < maxY
  }

  /// The rectangle moved by `dx`, `dy`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
  }

  /// The rectangle shrunk by `dx` on the left and on the right and by `dy` at the top and at the
  /// bottom (grown where they are negative), as `CGRect.insetBy(dx:dy:)` does.
  ///
  ///     Rect(x: 0, y: 0, width: 100, height: 50).insetBy(dx: 10, dy: 5)
  ///     // (10, 5, 80, 40)
  ///
  /// - Complexity: O(1).
  @inlinable
  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: origin.x + dx, y: origin.y + dy,
         width: size.width - 2 * dx, height: size.height - 2 * dy)
  }

  /// Whether every component is finite. O(1).
  @inlinable
  public var isFinite: Bool {
    origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
  }

  /// A readable rendering for logs and test failures.
  public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}

/// Distances inward from the four edges of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
  /// The inset from the top edge.
  public var top: Double
  /// The inset from the left edge.
  public var left: Double
  /// The inset from the bottom edge.
  public var bottom: Double
  /// The inset from the right edge.
  public var right: Double

  /// Creates insets; every edge defaults to 0.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four edges.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(all value: Double) {
    self.init(top: value, left: value, bottom: value, right: value)
  }

  /// No insets.
  public static let zero = EdgeInsets()

  /// Each edge + 0: a −0 edge as 0, the others unchanged. What the layouts compute with, so that
  /// no coordinate starts at −0 (Docs/Spec/Waterfall.md, Notes, "Negative zeros"). O(1).
  @inlinable
  internal var _plusZero: EdgeInsets { EdgeInsets(top: top + 0, left: left + 0, bottom: bottom + 0, right: right + 0) }
}

/// Room for the rounding around values of these magnitudes: `scale` times the sum of their
/// magnitudes (a non-finite value counts 0), plus `floor`. Each magnitude is scaled before it is
/// added, so the slack stays finite (at most five times `scale · greatestFiniteMagnitude`) even
/// when the values themselves are near `Double.greatestFiniteMagnitude`: queries near the limit
/// run on finite arithmetic. O(1).
@inlinable
internal func _roundingSlack(
  _ a: Double, _ b: Double, _ c: Double = 0, _ d: Double = 0, _ e: Double = 0, scale: Double, floor: Double = 0
) -> Double {
  @inline(__always) func term(_ v: Double) -> Double { v.isFinite ? Swift.abs(v) * scale : 0 }
  return term(a) + term(b) + term(c) + term(d) + term(e) + floor
}

/// `[low - slack, high + slack]` for a finite `slack`, where an end that was finite stays
/// finite (within ±`greatestFiniteMagnitude`): a query interval grown for rounding that does not
/// overflow to infinity. An infinite end stays as it is. O(1).
@inlinable
internal func _grown(_ low: Double, _ high: Double, by slack: Double) -> (low: Double, high: Double) {
  let l = low - slack, h = high + slack
  return (l.isInfinite && low.isFinite ? -Double.greatestFiniteMagnitude : l,
          h.isInfinite && high.isFinite ? Double.greatestFiniteMagnitude : h)
}
