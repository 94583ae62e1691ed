// The collection-view model behind a `cascade_viewport *`: what a rect shows, and what appeared,
// disappeared and moved since the previous rect, across the session's changes.

import Cascade
import CascadeCHeader

/// A viewport over a C session. Each ``move(to:)`` queries the rect and merges the answer with
/// what the previous call showed, both in answer order, so the diff costs O(k) for k elements
/// on screen; the lists are buffers kept here, so a steady scroll allocates nothing.
///
/// Across changes, the elements shown are first carried through the session's ``_ChangeLog``
/// (renumbered, or dropped when removed); when the log cannot carry them (a `load`, or more
/// shifts than it keeps), everything shown disappears and the rect's answer appears.
///
/// Its stored properties are `@exclusivity(unchecked)`, for the reasons `_CSession` gives: a
/// call runs no code outside the library, one thread at a time, and holds no access across code
/// that reaches the same property.
final class _CViewport {
  /// The session, kept alive by the viewport.
  let owner: _CSession
  /// The current rect.
  @exclusivity(unchecked) private(set) var rect = Rect.zero
  /// The session's generation that `shown` reflects.
  @exclusivity(unchecked) private var generation: UInt64

  /// What the last call showed, in answer order, with the paths and frames it reported.
  @exclusivity(unchecked) private(set) var shown: [LayoutAttributes] = []
  /// The new answer, swapped with `shown` at the end of each call.
  @exclusivity(unchecked) private var fresh: [LayoutAttributes] = []
  /// Elements in the rect now that were not shown.
  @exclusivity(unchecked) private(set) var appeared: [LayoutAttributes] = []
  /// Elements shown before that are not in the rect now, as reported before.
  @exclusivity(unchecked) private(set) var disappeared: [LayoutAttributes] = []
  /// Elements still in the rect whose path or frame changed: as reported before, and now.
  @exclusivity(unchecked) private(set) var moved: [(from: LayoutAttributes, to: LayoutAttributes)] = []

  /// A viewport over `owner` that shows nothing yet.
  ///
  /// - Complexity: O(1).
  init(over owner: _CSession) {
    self.owner = owner
    generation = owner.generation
  }

  /// Forgets what was shown: the next call reports its whole answer as appeared.
  ///
  /// - Complexity: O(1).
  func reset() {
    shown.removeAll(keepingCapacity: true)
    appeared.removeAll(keepingCapacity: true)
    disappeared.removeAll(keepingCapacity: true)
    moved.removeAll(keepingCapacity: true)
    generation = owner.generation
  }

  /// Moves the viewport to `rect` and computes the three lists; returns the status it also
  /// records in the session.
  ///
  /// - Complexity: O(log n + k + j·m) for k elements shown before and after, j of them carried
  ///   through m logged shifts (none in steady scrolling).
  func move(to newRect: Rect) -> Int32 {
    guard owner.checkFinite(key: "rect", newRect.minX, newRect.minY, newRect.width, newRect.height) else {
      return owner.status
    }
    rect = newRect
    appeared.removeAll(keepingCapacity: true)
    disappeared.removeAll(keepingCapacity: true)
    moved.removeAll(keepingCapacity: true)

    fresh.removeAll(keepingCapacity: true)
    // The two answer buffers trade places every call: grow them together, so that a scroll
    // over ground already covered never finds the smaller one in front.
    if fresh.capacity < shown.capacity { fresh.reserveCapacity(shown.capacity) }
    let loaded = owner.withLayout { layout in layout.elements(in: rect, into: &fresh) } != nil

    let now = owner.generation
    let carrying = now != generation && owner.changes.hasShifts(after: generation)
    if now != generation && !owner.changes.canCarry(from: generation) {
      // Start over: the paths shown may name other elements now.
      disappeared.append(contentsOf: shown)
      shown.removeAll(keepingCapacity: true)
    }
    merge(carrying: carrying)
    swap(&shown, &fresh)
    generation = now

    guard loaded else { return owner.fail(_Status.noCollection, _CSession.noCollectionMessage) }
    owner.succeed()
    return _Status.ok
  }

  /// Merges `shown` (carried through the logged shifts when `carrying`) with `fresh`, both in
  /// answer order, into the three lists.
  ///
  /// - Complexity: O(k + j·m).
  private func merge(carrying: Bool) {
    var j = 0
    for old in shown {
      var path = old.path
      if carrying {
        guard let carried = owner.changes.carry(path, from: generation) else {
          disappeared.append(old)
          continue
        }
        path = carried
      }
      while j < fresh.count && fresh[j].path < path {
        appeared.append(fresh[j])
        j += 1
      }
      if j < fresh.count && fresh[j].path == path {
        if old.path != path || old.frame != fresh[j].frame { moved.append((old, fresh[j])) }
        j += 1
      } else {
        disappeared.append(old)
      }
    }
    while j < fresh.count {
      appeared.append(fresh[j])
      j += 1
    }
  }

  // MARK: Handles

  /// The viewport a C handle names, or `nil` for NULL.
  ///
  /// - Complexity: O(1).
  static func from(_ handle: OpaquePointer?) -> _CViewport? {
    guard let handle else { return nil }
    return Unmanaged<_CViewport>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
  }

  /// A new C handle: a +1 reference that `release(_:)` gives back.
  ///
  /// - Complexity: O(1).
  func retainedHandle() -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(self).toOpaque())
  }

  /// Gives back the reference a handle holds; NULL is allowed.
  ///
  /// - Complexity: O(1).
  static func release(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<_CViewport>.fromOpaque(UnsafeRawPointer(handle)).release()
  }
}
