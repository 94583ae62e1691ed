// The session requests that change the collection: one atomic batch for the core, its errors in
// the request's terms, and an undo when the result would overflow.

import Cascade

extension CascadeSession {
  typealias Change = WaterfallLayout.Change

  /// Applies a changing request to `layout` and stores the result.
  ///
  /// The core validates the change atomically; its structured errors are renamed to the
  /// request's keys. A change whose content height comes out infinite (sizes near
  /// `Double.greatestFiniteMagnitude`), or whose columns reach past the largest `Double`
  /// (spacings near it), is undone and rejected, since its frames could not be printed: by the
  /// inverse the core records, or by the layout kept from before the change where that inverse
  /// would keep every item of a section.
  mutating func change(_ request: SessionRequest) throws(JSONError) {
    guard var layout = self.layout else { return }
    // Release the stored copy so the core mutates the storage in place instead of copying it.
    self.layout = nil
    defer { self.layout = layout }
    let (change, root) = try Self.plan(request)
    try checkElementLimit(layout, adding: Self.growth(change, in: layout))
    // The way back: the inverse the core records, or, where that would keep every item of a
    // section (keepColumns and a width or section parameters that make items forget their
    // columns), the layout as it is, whose storage the change rewrites anyway.
    let before: WaterfallLayout? = layout._inverseKeepsSections(of: [change]) ? layout : nil
    var undo: [Change] = []
    do throws(LayoutError) {
      if before == nil { try layout.apply([change], inverse: &undo) } else { try layout.apply([change]) }
    } catch {
      throw Self.describe(error, request: request, root: root)
    }
    /// Puts the layout back as it was before the change.
    func undoChange() {
      if let before {
        layout = before
      } else {
        // The inverse of a valid change is valid (the core's tests check it); if it were not,
        // keep the changed layout rather than trap.
        try? layout.apply(undo)
      }
    }
    guard layout.contentSize.height.isFinite, layout.contentSize.width.isFinite else {
      undoChange()
      throw JSONError(.root, "the change makes the layout overflow (the content height is not finite)")
    }
    // Only a new section or a new width changes columns: check them, O(1) and O(s).
    let columns: Range<Int>? = switch request {
    case .insertSection(let at, _): at..<(at + 1)
    case .width: 0..<layout.numberOfSections
    default: nil
    }
    if let columns, Self.firstSectionWithInfiniteColumns(layout, columns) != nil {
      undoChange()
      throw JSONError(.root, "the change makes the columns overflow (an x or a width is not finite)")
    }
  }

  /// The core change for `request` and the base path of its items. Indices are not checked
  /// here: the core's batch validator checks them, and ``describe(_:request:root:)`` names the
  /// request's key for what it rejects.
  private static func plan(_ request: SessionRequest) throws(JSONError) -> (Change, JSONPath) {
    switch request {
    case .append(let s, let items):
      return (.appendItems(items, section: s), .root)
    case .insert(let s, let at, let items):
      return (.insertItems(items, at: at, section: s), .root)
    case .delete(let s, let at, let count):
      // A range cannot even be formed from these; the core never sees them.
      guard count >= 0 else { throw JSONError(.root.key("count"), "must be >= 0") }
      guard at <= Int.max - count else { throw JSONError(.root.key("count"), "\(count) items from \(at) overflow") }
      return (.deleteItems(at..<(at + count), section: s), .root)
    case .update(let s, let at, let items):
      return (.replaceItems(items, at: at, section: s), .root)
    case .insertSection(let at, let section):
      return (.insertSection(section, at: at), .root.key("section"))
    case .deleteSection(let at):
      return (.deleteSection(at: at), .root)
    case .width(let width):
      return (.setWidth(width), .root)
    case .height(let height):
      return (.setHeight(height), .root)
    case .move(let from, let to):
      return (.moveItem(from: from, to: to), .root)
    case .moveSection(let from, let to):
      return (.moveSection(from: from, to: to), .root)
    case .sectionParameters(let s, let p):
      return (.setSectionParameters(p, section: s), .root.key("parameters"))
    default:
      throw JSONError(.root.key("op"), "not a change")
    }
  }

  /// A core error in the request's terms: an index outside the collection under the request key
  /// that holds it (`section`, `at`, `count`, `items`), a section's parameter under `section.`,
  /// the width under `width`, anything else by its place in the collection.
  private static func describe(_ error: LayoutError, request: SessionRequest, root: JSONPath) -> JSONError {
    func outOfRange(_ key: String, _ index: Int, _ valid: Range<Int>) -> JSONError {
      JSONError(.root.key(key), "index \(index) out of range (\(valid.lowerBound)..<\(valid.upperBound))")
    }
    switch (request, error.location, error.reason) {
    case (.insertSection, .section(let s), .indexOutOfRange(let valid)),
         (.deleteSection, .section(let s), .indexOutOfRange(let valid)):
      return outOfRange("at", s, valid)
    case (.moveSection(let from, _), .section(let s), .indexOutOfRange(let valid)):
      return outOfRange(s == from ? "from" : "to", s, valid)
    case (.move(let from, _), .section(let s), .indexOutOfRange(let valid)):
      return JSONError(.root.key(s == from.section ? "from" : "to").index(0), "index \(s) out of range (\(valid.lowerBound)..<\(valid.upperBound))")
    case (.move(let from, _), .item(let s, let i), .indexOutOfRange(let valid)):
      let key = (s == from.section && i == from.item && valid.upperBound > 0) ? "from" : "to"
      return JSONError(.root.key(key).index(1), "index \(i) out of range (\(valid.lowerBound)..<\(valid.upperBound))")
    case (.sectionParameters, .section, _) where error.field != nil:
      return JSONError(root.field(error.field!), error.reason.description)
    case (_, .section(let s), .indexOutOfRange(let valid)):
      return outOfRange("section", s, valid)
    case (_, .item(_, let i), .indexOutOfRange(let valid)):
      return outOfRange("at", i, valid)
    case (.delete(_, let at, _), .item, .itemsOutOfRange(_, _, let valid)),
         (.update(_, let at, _), .item, .itemsOutOfRange(_, _, let valid)):
      let n = valid.upperBound
      guard at >= 0 && at <= n else { return outOfRange("at", at, 0..<(n + 1)) }
      if case .update(_, _, let items) = request {
        return JSONError(.root.key("items"), "\(items.count) items from \(at) go past the section's end (\(n) items)")
      }
      return JSONError(.root.key("count"), "must be in 0...\(n - at) (items \(at)..<\(n) follow 'at')")
    case (.insertSection, .section, _):
      return JSONError(error.field.map { root.field($0) } ?? root, error.reason.description)
    case (.width, .collection, _):
      return JSONError(.root.key("width"), error.reason.description)
    case (.height, .collection, _):
      return JSONError(.root.key("height"), error.reason.description)
    default:
      return JSONError(error, under: .root.key("collection"))
    }
  }
}

extension CascadeSession {
  /// The elements of `layout`: items, headers and footers, in all sections. O(s).
  static func elementCount(_ layout: WaterfallLayout) -> Int {
    var n = 0
    for s in 0..<layout.numberOfSections {
      n += layout.numberOfItems(inSection: s)
      if layout.layoutAttributes(for: .header(s)) != nil { n += 1 }
      if layout.layoutAttributes(for: .footer(s)) != nil { n += 1 }
    }
    return n
  }

  /// How many elements `change` may add at most: items, and a header and footer for a section
  /// that gets them. O(1) (O(k) for k items of an inserted section).
  static func growth(_ change: Change, in layout: WaterfallLayout) -> Int {
    func edges(_ p: WaterfallParameters) -> Int {
      let l = layout.parameters
      return ((p.header ?? l.header ?? 0) > 0 ? 1 : 0) + ((p.footer ?? l.footer ?? 0) > 0 ? 1 : 0)
    }
    switch change {
    case .appendItems(let items, _), .insertItems(let items, _, _): return items.count
    case .insertSection(let section, _): return section.items.count + edges(section.parameters)
    case .setSectionParameters(let p, let s):
      let now = (layout.layoutAttributes(for: .header(s)) != nil ? 1 : 0) + (layout.layoutAttributes(for: .footer(s)) != nil ? 1 : 0)
      return edges(p) - now
    default: return 0
    }
  }

  /// Rejects a change that would make the collection hold more than `elementLimit` elements
  /// (2^31 − 1; headers and footers count).
  func checkElementLimit(_ layout: WaterfallLayout, adding: Int) throws(JSONError) {
    guard adding > 0 else { return }
    let count = Self.elementCount(layout)
    if adding > elementLimit - count {
      throw JSONError(.root, "the collection would hold more than \(elementLimit) elements (headers and footers included)")
    }
  }
}
