// The session requests that change the collection: index checks in the request's terms, one
// atomic batch for the core, and an undo when the result would overflow.

import Cascade

extension CascadeSession {
  typealias Change = LayoutChange<WaterfallItem, WaterfallParameters>

  /// Applies a changing request to `layout` and stores the result.
  ///
  /// Indexes are checked first so that errors name the request's keys; the core then validates
  /// the batch again, atomically. A change whose content height comes out infinite (sizes near
  /// `Double.greatestFiniteMagnitude`) is undone by the inverse the core records and rejected,
  /// since its frames could not be printed.
  mutating func change(_ request: SessionRequest) throws(JSONError) {
    guard var layout = self.layout else { return }
    // Release the stored copy so the core mutates the storage in place instead of copying it.
    self.layout = nil
    defer { self.layout = layout }
    let (change, root) = try Self.plan(request, layout)
    var undo: [Change] = []
    do throws(LayoutError) {
      try layout.apply([change], inverse: &undo)
    } catch {
      throw Self.describe(error, request: request, root: root)
    }
    guard layout.contentSize.height.isFinite else {
      // The inverse of a valid change is valid (the core's tests check it); if it were not,
      // keep the changed layout rather than trap.
      try? layout.apply(undo)
      throw JSONError(.root, "the change makes the layout overflow (the content height is not finite)")
    }
  }

  /// The core change for `request` and the base path of its items.
  private static func plan(
    _ request: SessionRequest, _ layout: WaterfallLayout
  ) throws(JSONError) -> (Change, JSONPath) {
    let sections = layout.numberOfSections
    switch request {
    case .append(let s, let items):
      try check(s, in: 0..<sections, "section")
      return (.appendItems(items, section: s), .root)
    case .insert(let s, let at, let items):
      try check(s, in: 0..<sections, "section")
      try check(at, in: 0..<(layout.numberOfItems(inSection: s) + 1), "at")
      return (.insertItems(items, at: at, section: s), .root)
    case .delete(let s, let at, let count):
      try check(s, in: 0..<sections, "section")
      let n = layout.numberOfItems(inSection: s)
      try check(at, in: 0..<(n + 1), "at")
      guard count >= 0, count <= n - at else {
        throw JSONError(.root.key("count"), "must be in 0...\(n - at) (items \(at)..<\(n) follow 'at')")
      }
      return (.deleteItems(at..<(at + count), section: s), .root)
    case .update(let s, let at, let items):
      try check(s, in: 0..<sections, "section")
      let n = layout.numberOfItems(inSection: s)
      try check(at, in: 0..<(n + 1), "at")
      guard items.count <= n - at else {
        throw JSONError(.root.key("items"), "\(items.count) items from \(at) go past the section's end (\(n) items)")
      }
      return (.replaceItems(items, at: at, section: s), .root)
    case .insertSection(let at, let section):
      try check(at, in: 0..<(sections + 1), "at")
      return (.insertSection(section, at: at), .root.key("section"))
    case .deleteSection(let at):
      try check(at, in: 0..<sections, "at")
      return (.deleteSection(at: at), .root)
    case .width(let width):
      return (.setWidth(width), .root)
    default:
      throw JSONError(.root.key("op"), "not a change")
    }
  }

  /// A core error in the request's terms: a section's parameter under `section.`, the width
  /// under `width`, anything else by its place in the collection.
  private static func describe(_ error: LayoutError, request: SessionRequest, root: JSONPath) -> JSONError {
    switch (request, error.location) {
    case (.insertSection, .section):
      return JSONError(error.field.map { root.field($0) } ?? root, error.reason)
    case (.width, .collection):
      return JSONError(.root.key("width"), error.reason)
    default:
      return JSONError(error, under: .root.key("collection"))
    }
  }
}
