// Orientation and direction (`Docs/Spec/Waterfall.md`, "Orientation and direction"), and the
// keyboard directions of the neighbour query.

/// Which way a collection scrolls.
///
/// A vertical collection has a fixed width and grows downward. A horizontal one has a fixed
/// height and grows to the right: its frames are those of the vertical layout of the transposed
/// collection, transposed back (each item's height stands for its width, a size `(w, h)` becomes
/// `(h, w)`, insets turn with it, headers and footers are widths).
public enum LayoutOrientation: String, Hashable, Sendable, CaseIterable {
  /// Fixed width, scrolls along y. The default.
  case vertical
  /// Fixed height, scrolls along x.
  case horizontal
}

/// Whether frames are mirrored after the layout: with ``rightToLeft`` every frame's x becomes
/// `contentWidth - x - width`.
///
/// The raw values are the JSON names, `"ltr"` and `"rtl"`.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
  /// Left to right: frames as laid out. The default.
  case leftToRight = "ltr"
  /// Right to left: every frame mirrored across the content's vertical midline.
  case rightToLeft = "rtl"
}

/// A direction on screen, for ``CollectionLayout/neighbor(of:direction:)``.
public enum NeighborDirection: String, Hashable, Sendable, CaseIterable {
  case up, down, left, right
}

/// The transform from a layout's internal, vertical, left-to-right frames to the frames it
/// reports: transpose (horizontal), then mirror (right to left).
@usableFromInline
internal struct _Presentation: Sendable, Equatable {
  @usableFromInline let orientation: LayoutOrientation
  @usableFromInline let direction: LayoutDirection

  @inlinable init(_ orientation: LayoutOrientation, _ direction: LayoutDirection) {
    self.orientation = orientation
    self.direction = direction
  }

  /// Whether reported frames are the internal ones.
  @inlinable @inline(__always) var isIdentity: Bool { orientation == .vertical && direction == .leftToRight }

  /// The reported content width, given the internal width and the internal content height.
  @inlinable func contentWidth(width: Double, total: Double) -> Double {
    orientation == .vertical ? width : total
  }

  /// An internal frame as reported: transposed, then mirrored in `contentWidth`.
  @inlinable func frame(_ f: Rect, contentWidth: Double) -> Rect {
    var r = orientation == .vertical ? f : Rect(x: f.minY, y: f.minX, width: f.height, height: f.width)
    if direction == .rightToLeft { r.origin.x = contentWidth - r.origin.x - r.size.width }
    return r
  }

  /// A reported rect in internal coordinates: un-mirrored, then transposed (the exact inverse of
  /// ``frame(_:contentWidth:)`` up to rounding in the mirror).
  @inlinable func internalRect(_ r: Rect, contentWidth: Double) -> Rect {
    var u = r
    if direction == .rightToLeft { u.origin.x = contentWidth - r.origin.x - r.size.width }
    return orientation == .vertical ? u : Rect(x: u.minY, y: u.minX, width: u.height, height: u.width)
  }

  /// ``internalRect(_:contentWidth:)`` grown on every side by enough to cover the rounding of
  /// the mirror, for searching the index; answers are then tested on their reported frames.
  @inlinable func searchRect(_ r: Rect, contentWidth: Double) -> Rect {
    let u = internalRect(r, contentWidth: contentWidth)
    if direction == .leftToRight { return u }
    let slack = _roundingSlack(contentWidth, r.minX, r.maxX, r.minY, r.maxY, scale: 1e-12, floor: .leastNormalMagnitude)
    let x = _grown(u.minX, u.maxX, by: slack), y = _grown(u.minY, u.maxY, by: slack)
    return Rect(x: x.low, y: y.low, width: x.high - x.low, height: y.high - y.low)
  }
}

extension WaterfallItem {
  /// The item of the transposed collection: a size `(w, h)` becomes `(h, w)`; a height stands
  /// for the width. Transposing twice gives the item back.
  @inlinable
  var _transposed: WaterfallItem {
    guard case .size(let w, let h) = measure else { return self }
    var t = self
    t.measure = .size(width: h, height: w)
    return t
  }

  /// ``_transposed`` for the storage of a horizontal layout: a size of width 0, valid as the
  /// transposed item's height, becomes height -1 so that the storage rejects it, and
  /// ``LayoutError/_transposed`` says "size: width must be > 0".
  @inlinable
  var _transposedForStorage: WaterfallItem {
    guard case .size(let w, let h) = measure else { return self }
    var t = self
    t.measure = .size(width: h, height: w == 0 ? -1 : w)
    return t
  }
}

extension EdgeInsets {
  /// The insets of the transposed collection: `(top: left, left: top, bottom: right, right: bottom)`.
  @inlinable
  var _transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
}

extension WaterfallParameters {
  @inlinable
  var _transposed: WaterfallParameters {
    var p = self
    p.insets = insets?._transposed
    return p
  }
}

extension ListParameters {
  @inlinable
  var _transposed: ListParameters {
    var p = self
    p.insets = insets?._transposed
    return p
  }
}

extension LayoutError {
  /// An error of the transposed collection, said in the terms of the horizontal one: the
  /// internal width is the height, insets turn back.
  @usableFromInline
  var _transposed: LayoutError {
    var e = self
    switch field {
    case "width": e.field = "height"
    case "height" where location == .collection: e.field = "width"
    case "insets.top": e.field = "insets.left"
    case "insets.left": e.field = "insets.top"
    case "insets.bottom": e.field = "insets.right"
    case "insets.right": e.field = "insets.bottom"
    default: break
    }
    if case .invalidValue(let rule) = reason {
      if location == .collection, rule == _LayoutRules.setHeightOnVertical {
        e.reason = .invalidValue(_LayoutRules.setWidthOnHorizontal)
      } else if field == "size" {
        switch rule {
        case "width must be finite": e.reason = .invalidValue("height must be finite")
        case "width must be > 0": e.reason = .invalidValue("height must be > 0 in a horizontal collection")
        case "height must be finite": e.reason = .invalidValue("width must be finite")
        case "height must be >= 0": e.reason = .invalidValue("width must be > 0")
        default: break
        }
      }
    }
    return e
  }
}

/// Messages shared by the layouts.
@usableFromInline
internal enum _LayoutRules {
  @usableFromInline static let setHeightOnVertical = "cannot be set on a vertical collection (it has a width)"
  @usableFromInline static let setWidthOnHorizontal = "cannot be set on a horizontal collection (it has a height)"
}
