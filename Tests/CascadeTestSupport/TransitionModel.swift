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
  /// An element that appeared (`other`: where it was before) or disappeared (`other`: where
  /// it is after), with the reason's name.
  package struct Change: Hashable, CustomStringConvertible {
    package var attributes: LayoutAttributes
    /// `inserted`, `reloaded` or `scrolledIn`; `deleted`, `reloaded` or `scrolledOut`.
    package var reason: String
    package var other: LayoutAttributes?

    package init(_ attributes: LayoutAttributes, _ reason: String, _ other: LayoutAttributes?) {
      self.attributes = attributes
      self.reason = reason
      self.other = other
    }

    package var description: String { "\(attributes) \(reason), other layout: \(other.map { "\($0)" } ?? "none")" }
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

  package var appeared: [Change]
  package var disappeared: [Change]
  package var moved: [Moved]

  package init(appeared: [Change], disappeared: [Change], moved: [Moved]) {
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
        appeared: shownAfter.values.map { Change($0, "reloaded", nil) },
        disappeared: shownBefore.values.map { Change($0, "reloaded", nil) }, moved: [])
      return
    }
    var appeared: [Change] = [], disappeared: [Change] = [], moved: [Moved] = []
    for (id, now) in shownAfter {
      if let was = shownBefore[id], !reloaded.contains(id) {
        if was != now { moved.append(Moved(from: was, to: now)) }
        continue
      }
      guard let old = before[id] else {
        appeared.append(Change(now, "inserted", nil))
        continue
      }
      appeared.append(Change(now, reloaded.contains(id) ? "reloaded" : "scrolledIn", old))
    }
    for (id, was) in shownBefore {
      if shownAfter[id] != nil && !reloaded.contains(id) { continue }
      guard let new = after[id] else {
        disappeared.append(Change(was, "deleted", nil))
        continue
      }
      disappeared.append(Change(was, reloaded.contains(id) ? "reloaded" : "scrolledOut", new))
    }
    self.init(appeared: appeared, disappeared: disappeared, moved: moved)
  }

  package var description: String {
    (appeared.map { "+\($0)" } + disappeared.map { "-\($0)" } + moved.map(\.description)).joined(separator: "\n")
  }
}
