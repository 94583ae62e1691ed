// The collection-view model behind a `cascade_viewport *`: what a rect shows, and what appeared,
// disappeared and moved since the previous rect, across the session's changes.

import Cascade
import CascadeCHeader

/// A viewport over a C session. Each ``move(to:)`` moves a ``VisibleWindow``. When its cursors
/// moved (a step near the last rect, no change since), they say what entered and left, so the
/// step costs O(e log k) for e elements entering or leaving and k on screen, plus an O(k) copy
/// of the answer. When it searched (a jump, the first call after a change), its answer is
/// merged with what the previous call showed, both in answer order, in O(k). The lists are
/// buffers kept here, so a steady scroll allocates nothing.
///
/// Across changes, the elements shown are first carried through the session's ``_ChangeLog``
/// (renumbered, or dropped when removed); when the log cannot carry them (a `load`, or more
/// shifts than it keeps), everything shown disappears and the rect's answer appears.
///
/// Its stored properties are `@exclusivity(unchecked)`, for the reasons `_CSession` gives: a
/// call runs no code outside the library, one thread at a time, and holds no access across code
/// that reaches the same property.
package final class _CViewport {
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
  /// The window every call moves: its cursors answer a step near the last rect in O(changes),
  /// and it searches otherwise (a jump leaves its cursors for the next call to start).
  @exclusivity(unchecked) private var window = VisibleWindow()
  /// How many calls took each path: the changes taken from the window's move by its cursors,
  /// or the two answers merged (the window searched; or, which its contract rules out, a path
  /// it reported was not found). A test hook.
  @exclusivity(unchecked) private(set) var paths = (cursors: 0, merges: 0)

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
    window.invalidate()
    generation = owner.generation
  }

  /// Moves the viewport to `rect` and computes the three lists; returns the status it also
  /// records in the session.
  ///
  /// - Complexity: a step by the window's cursors (near the last rect, no change since), O(k +
  ///   e·log k) for k elements shown and e of them entering or leaving; otherwise that of
  ///   ``WaterfallLayout/moveWindow(_:to:)`` searching, plus O(k + j·m) for k elements shown
  ///   before and after, j of them carried through m logged shifts.
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

    // The window, the answers and the lists are passed `inout` to static functions: read
    // through `self` inside a closure, the window would be copied whole (a retain and a release
    // of each of its buffers) for every read.
    let searched = owner.withLayout { layout in Self.move(&window, over: &layout, to: newRect, into: &fresh) }
    let now = owner.generation
    if now == generation, searched == false,
      Self.applyWindowChanges(of: &window, shown: &shown, fresh: &fresh, appeared: &appeared, disappeared: &disappeared)
    {
      paths.cursors += 1
    } else {
      // The window searched (a jump, a change, the first call), or there is no collection (an
      // empty answer): merge what was shown, carried through the changes since, with it.
      paths.merges += 1
      let changed = now != generation
      if changed && !owner.changes.canCarry(from: generation) {
        // Start over: the paths shown may name other elements now.
        disappeared.append(contentsOf: shown)
        shown.removeAll(keepingCapacity: true)
      }
      merge(carrying: changed && owner.changes.hasShifts(after: generation))
    }
    swap(&shown, &fresh)
    generation = now

    guard searched != nil else { return owner.fail(_Status.noCollection, _CSession.noCollectionMessage) }
    owner.succeed()
    return _Status.ok
  }

  /// Moves `window` to `rect` over `layout` and appends its elements to `answer`; returns whether
  /// the window searched.
  ///
  /// - Complexity: that of ``WaterfallLayout/moveWindow(_:to:)``, plus O(k) for k elements.
  private static func move(
    _ window: inout VisibleWindow, over layout: inout WaterfallLayout, to rect: Rect,
    into answer: inout [LayoutAttributes]
  ) -> Bool {
    layout.moveWindow(&window, to: rect)
    window._withLists { elements, _, _ in answer.append(contentsOf: elements) }
    return window.lastMoveSearched
  }

  /// Fills `appeared` and `disappeared` from the window's last move by its cursors, which
  /// changed `shown` into `fresh` by exactly the paths that entered and left, every frame kept:
  /// each entered path's element from `fresh`, each left one's as `shown` reported it, both
  /// lists sorted into answer order. Returns `false`, the lists emptied, if a path is missing
  /// from its answer, which the window's contract rules out; the caller then merges.
  ///
  /// - Complexity: O(e·log k) for e paths entered and left, k elements in the answers.
  private static func applyWindowChanges(
    of window: inout VisibleWindow, shown: inout [LayoutAttributes], fresh: inout [LayoutAttributes],
    appeared: inout [LayoutAttributes], disappeared: inout [LayoutAttributes]
  ) -> Bool {
    let found = window._withLists { _, entered, left -> Bool in
      for path in left {
        guard let i = index(of: path, in: shown) else { return false }
        disappeared.append(shown[i])
      }
      for path in entered {
        guard let i = index(of: path, in: fresh) else { return false }
        appeared.append(fresh[i])
      }
      return true
    }
    guard found else {
      appeared.removeAll(keepingCapacity: true)
      disappeared.removeAll(keepingCapacity: true)
      return false
    }
    // A step brings or takes a few elements: the standard library sorts such short lists in
    // place (`CAllocationTests` counts the mallocs of a steady scroll).
    if appeared.count > 1 { appeared.sort { $0.path < $1.path } }
    if disappeared.count > 1 { disappeared.sort { $0.path < $1.path } }
    return true
  }

  /// Whether two answers in answer order have no path in common because one ends before the
  /// other starts (an empty answer has none in common with any).
  ///
  /// - Complexity: O(1).
  private static func disjoint(_ a: [LayoutAttributes], _ b: [LayoutAttributes]) -> Bool {
    guard let aFirst = a.first, let aLast = a.last, let bFirst = b.first, let bLast = b.last else { return true }
    return aLast.path < bFirst.path || bLast.path < aFirst.path
  }

  /// The position of `path` in `answer`, which is in answer order (by path), or `nil`.
  ///
  /// - Complexity: O(log k) for k elements.
  private static func index(of path: ElementPath, in answer: [LayoutAttributes]) -> Int? {
    let i = answer._firstIndex { !($0.path < path) }
    return i < answer.count && answer[i].path == path ? i : nil
  }

  /// Merges `shown` (carried through the logged shifts when `carrying`) with `fresh`, both in
  /// answer order, into the three lists.
  ///
  /// - Complexity: O(k + j·m).
  private func merge(carrying: Bool) {
    if !carrying, Self.disjoint(shown, fresh) {
      // Two answers with no path in common, a jump's nearly always: all of one disappears and
      // all of the other appears, copied whole instead of compared element by element.
      disappeared.append(contentsOf: shown)
      appeared.append(contentsOf: fresh)
      return
    }
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

  // MARK: Reading the lists

  /// The lists a C caller reads.
  enum List { case visible, appeared, disappeared }

  /// Copies the first `capacity` entries of `list` (all when `capacity` is negative) to
  /// `buffer` and returns the list's length; records the status in the session.
  ///
  /// - Complexity: O(min(k, capacity)) for a list of k elements.
  func copy(_ list: List, to buffer: UnsafeMutablePointer<cascade_element>?, capacity: Int) -> Int {
    // Each list is passed `inout`, read in place: read as a value through `self`, it would be
    // retained and released around the copy.
    switch list {
    case .visible: Self.copy(&shown, to: buffer, capacity: capacity, in: owner)
    case .appeared: Self.copy(&appeared, to: buffer, capacity: capacity, in: owner)
    case .disappeared: Self.copy(&disappeared, to: buffer, capacity: capacity, in: owner)
    }
  }

  /// Copies the moves, as ``copy(_:to:capacity:)`` copies a list.
  ///
  /// - Complexity: O(min(k, capacity)) for k moves.
  func copyMoved(to buffer: UnsafeMutablePointer<cascade_move>?, capacity: Int) -> Int {
    Self.copy(&moved, to: buffer, capacity: capacity, in: owner)
  }

  /// ``_copy(_:to:capacity:in:)`` of `list`, read in place; returns its length.
  ///
  /// - Complexity: O(min(k, capacity)).
  private static func copy(
    _ list: inout [LayoutAttributes], to buffer: UnsafeMutablePointer<cascade_element>?, capacity: Int,
    in session: _CSession
  ) -> Int {
    _copy(list, to: buffer, capacity: capacity, in: session)
    return list.count
  }

  /// ``_copy(_:to:capacity:in:_:)`` of the moves, read in place; returns their count.
  ///
  /// - Complexity: O(min(k, capacity)).
  private static func copy(
    _ list: inout [(from: LayoutAttributes, to: LayoutAttributes)], to buffer: UnsafeMutablePointer<cascade_move>?,
    capacity: Int, in session: _CSession
  ) -> Int {
    _copy(list, to: buffer, capacity: capacity, in: session) {
      cascade_move(from: cascade_element($0.from), to: cascade_element($0.to))
    }
    return list.count
  }

  // MARK: Handles

  /// `body`'s result with the viewport a C handle names, not retained for the call (the
  /// handle's reference keeps it alive), or `nil` for NULL.
  ///
  /// - Complexity: O(1) plus `body`'s.
  static func with<R>(_ handle: OpaquePointer?, _ body: (_CViewport) -> R) -> R? {
    guard let handle else { return nil }
    return Unmanaged<_CViewport>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef(body)
  }

  /// How many calls of the viewport `handle` names took each path of ``move(to:)`` (see
  /// ``paths``), for tests; zeros for NULL.
  ///
  /// - Complexity: O(1).
  package static func _pathCounts(_ handle: OpaquePointer?) -> (cursors: Int, merges: Int) {
    from(handle)?.paths ?? (0, 0)
  }

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
