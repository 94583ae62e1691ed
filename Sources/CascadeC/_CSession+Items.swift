// Typed items: C arrays of heights, of (width, height) pairs, or of cascade_item, turned into
// the core's items and checked with the rules and the words of their JSON twins.

import Cascade
import CascadeCHeader
import CascadeJSON

/// The forms a typed function may give its items in.
enum _CItems {
  /// Bare numbers, `120`: errors name the item itself (`items[3]: must be >= 0`).
  case heights(UnsafePointer<Double>?)
  /// `{"size":[w,h]}`, as `count` pairs: `items[3].size: width must be > 0`.
  case sizes(UnsafePointer<Double>?)
  /// `{"height":h,"span":k}` or `{"size":[w,h],"span":k}`: `items[3].span: ...`.
  case items(UnsafePointer<cascade_item>?)

  /// The C pointer, to check it against the count.
  var pointer: UnsafeRawPointer? {
    switch self {
    case .heights(let p): UnsafeRawPointer(p)
    case .sizes(let p): UnsafeRawPointer(p)
    case .items(let p): UnsafeRawPointer(p)
    }
  }

  /// The argument's name in cascade.h, for error messages about the C arguments themselves.
  var argumentName: String {
    switch self {
    case .heights: "heights"
    case .sizes: "sizes"
    case .items: "items"
    }
  }

  /// The core's item `i`, and whether its JSON twin is a bare number.
  ///
  /// A `cascade_item` with `width` 0 is a height item; `span` 0 is one column and
  /// `CASCADE_SPAN_FULL` the full width; any other span below 1 stays as given, for the check
  /// to refuse as JSON would.
  ///
  /// - Complexity: O(1).
  func item(_ i: Int) -> (WaterfallItem, bare: Bool) {
    switch self {
    case .heights(let p):
      return (.height(p.unsafelyUnwrapped[i]), true)
    case .sizes(let p):
      return (.size(width: p.unsafelyUnwrapped[2 * i], height: p.unsafelyUnwrapped[2 * i + 1]), false)
    case .items(let p):
      let c = p.unsafelyUnwrapped[i]
      let span: WaterfallItem.Span =
        c.span == 0 ? .columns(1) : c.span == Int32(CASCADE_SPAN_FULL) ? .full : .columns(Int(c.span))
      if c.width == 0 { return (.height(c.height, span: span), false) }
      return (.size(width: c.width, height: c.height, span: span), false)
    }
  }
}

extension _CSession {
  /// The core's items for a typed change, each checked as `WaterfallItem(json:at:)` checks its
  /// JSON twin, with the same message under `root` (`items`, or `section.items` for a new
  /// section); `nil` after recording the failure. The caller has checked the array argument.
  ///
  /// - Complexity: O(k) for k items.
  func makeItems(_ source: _CItems, count: Int, root: JSONPath) -> [WaterfallItem]? {
    var items: [WaterfallItem] = []
    items.reserveCapacity(count)
    for i in 0..<count {
      let (item, bare) = source.item(i)
      do throws(LayoutError) {
        try item.validate(at: .collection)
      } catch {
        var path = root.index(i)
        if !bare, let field = error.field { path = path.field(field) }
        fail(_Status.rejected, JSONError(path, error.reason.description).description)
        return nil
      }
      items.append(item)
    }
    return items
  }

  /// Checks the C array, makes the items, and runs the request `make` builds from them.
  ///
  /// - Complexity: O(k) for k items, plus the request's cost.
  func change(
    _ source: _CItems, count: Int, root: JSONPath = .root.key("items"),
    _ make: ([WaterfallItem]) -> SessionRequest
  ) -> Int32 {
    guard checkArray(source.pointer, count: count, source.argumentName) else { return status }
    guard let items = makeItems(source, count: count, root: root) else { return status }
    return run(make(items))
  }
}
