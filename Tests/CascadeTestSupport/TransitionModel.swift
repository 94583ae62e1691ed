// A brute-force model of the animation information of a collection view's update
// (Docs/Presentation.md, "Animation information"), from what defines it and nothing else: every
// element's frame in the layouts before and after a change, the elements displayed before and
// after, and which elements the change reloaded. Elements are matched by identity (the test's
// data knows which item is which), never through the view's own path remapping.
import Cascade

/// An element's identity across a change: an item by its id, a header or footer by its
/// section's id.
package struct ElementIdentity: Hashable, CustomStringConvertible {
  package var kind: ElementKind
  package var id: Int

  package init(_ kind: ElementKind, _ id: Int) {
    self.kind = kind
    self.id = id
  }

  package var description: String { "\(kind) #\(id)" }
}

/// The model's answer: what appeared, disappeared and moved, and why, each list sorted by path
/// (appeared and moved by their paths after, disappeared by their paths before).
package struct TransitionModel: Equatable, CustomStringConvertible {
  package struct Appeared: Hashable, CustomStringConvertible {
    package var attributes: LayoutAttributes
    /// `inserted`, `reloaded` or `scrolledIn`.
    package var reason: String
    package var initial: LayoutAttributes?

    package init(attributes: LayoutAttributes, reason: String, initial: LayoutAttributes?) {
      self.attributes = attributes
      self.reason = reason
      self.initial = initial
    }

    package var description: String { "+\(attributes) \(reason) from \(initial.map { "\($0)" } ?? "nowhere")" }
  }

  package struct Disappeared: Hashable, CustomStringConvertible {
    package var attributes: LayoutAttributes
    /// `deleted`, `reloaded` or `scrolledOut`.
    package var reason: String
    package var final: LayoutAttributes?

    package init(attributes: LayoutAttributes, reason: String, final: LayoutAttributes?) {
      self.attributes = attributes
      self.reason = reason
      self.final = final
    }

    package var description: String { "-\(attributes) \(reason) to \(final.map { "\($0)" } ?? "nowhere")" }
  }

  package struct Moved: Hashable, CustomStringConvertible {
    package var from: LayoutAttributes
    package var to: LayoutAttributes

    package init(from: LayoutAttributes, to: LayoutAttributes) {
      self.from = from
      self.to = to
    }

    package var description: String { "~\(from) -> \(to)" }
  }

  package var appeared: [Appeared]
  package var disappeared: [Disappeared]
  package var moved: [Moved]

  package init(appeared: [Appeared], disappeared: [Disappeared], moved: [Moved]) {
    self.appeared = appeared.sorted { $0.attributes.path < $1.attributes.path }
    self.disappeared = disappeared.sorted { $0.attributes.path < $1.attributes.path }
    self.moved = moved.sorted { $0.to.path < $1.to.path }
  }

  /// The update a change must give.
  ///
  /// - Parameters:
  ///   - before, after: every element of the layout before and after the change, by identity,
  ///     at its place in the layout (a header unpinned);
  ///   - shownBefore, shownAfter: the elements displayed before and after, as displayed (a
  ///     pinned header where pinning holds it);
  ///   - reloaded: the elements the change reloaded;
  ///   - keepsIdentity: `false` for a change that rebuilds everything without telling which
  ///     element became which (`reloadData()`).
  ///
  /// An element shown after but not before (or reloaded) appeared: inserted when it did not
  /// exist before, else reloaded or scrolled in, from its place before. One shown before but
  /// not after (or reloaded) disappeared: deleted when it does not exist after, else reloaded
  /// or scrolled out, to its place after. One shown on both sides, not reloaded, whose path or
  /// frame changed, moved.
  package init(
    before: [ElementIdentity: LayoutAttributes], after: [ElementIdentity: LayoutAttributes],
    shownBefore: [ElementIdentity: LayoutAttributes], shownAfter: [ElementIdentity: LayoutAttributes],
    reloaded: Set<ElementIdentity>, keepsIdentity: Bool = true
  ) {
    guard keepsIdentity else {
      self.init(
        appeared: shownAfter.values.map { Appeared(attributes: $0, reason: "reloaded", initial: nil) },
        disappeared: shownBefore.values.map { Disappeared(attributes: $0, reason: "reloaded", final: nil) }, moved: [])
      return
    }
    var appeared: [Appeared] = [], disappeared: [Disappeared] = [], moved: [Moved] = []
    for (id, now) in shownAfter {
      if let was = shownBefore[id], !reloaded.contains(id) {
        if was != now { moved.append(Moved(from: was, to: now)) }
        continue
      }
      guard let old = before[id] else {
        appeared.append(Appeared(attributes: now, reason: "inserted", initial: nil))
        continue
      }
      appeared.append(Appeared(attributes: now, reason: reloaded.contains(id) ? "reloaded" : "scrolledIn", initial: old))
    }
    for (id, was) in shownBefore {
      if shownAfter[id] != nil && !reloaded.contains(id) { continue }
      guard let new = after[id] else {
        disappeared.append(Disappeared(attributes: was, reason: "deleted", final: nil))
        continue
      }
      disappeared.append(Disappeared(attributes: was, reason: reloaded.contains(id) ? "reloaded" : "scrolledOut", final: new))
    }
    self.init(appeared: appeared, disappeared: disappeared, moved: moved)
  }

  package var description: String {
    (appeared.map(\.description) + disappeared.map(\.description) + moved.map(\.description)).joined(separator: "\n")
  }
}

/// Every element of `layout`, in spec order, found by asking for every path.
///
/// - Complexity: O(n·log n) for n elements.
package func everyElement(of layout: some CollectionLayout) -> [LayoutAttributes] {
  var result: [LayoutAttributes] = []
  for s in 0..<layout.numberOfSections {
    if let header = layout.layoutAttributes(for: .header(s)) { result.append(header) }
    for i in 0..<layout.numberOfItems(inSection: s) {
      if let item = layout.layoutAttributes(for: .item(i, section: s)) { result.append(item) }
    }
    if let footer = layout.layoutAttributes(for: .footer(s)) { result.append(footer) }
  }
  return result
}
