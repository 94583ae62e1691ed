// What the session's recent changes did to element paths, so that a viewport that last looked
// before them can carry the paths it showed through them.

import Cascade

/// A change that renumbers elements. Appends, replacements and width changes renumber nothing
/// (they only move frames), so they are not logged.
enum _PathShift: Equatable {
  /// `count` items inserted before item `at` of `section`.
  case insertItems(section: Int, at: Int, count: Int)
  /// Items `at ..< at + count` of `section` removed.
  case deleteItems(section: Int, at: Int, count: Int)
  /// A section inserted before section `at`.
  case insertSection(Int)
  /// Section `at` removed.
  case deleteSection(Int)

  /// Where the element at `path` is after this change, or `nil` when the change removed it.
  ///
  /// The map is strictly increasing on the elements it keeps (it shifts a suffix by a constant),
  /// so paths in answer order stay in answer order: the viewport's merge relies on it.
  ///
  /// - Complexity: O(1).
  func carry(_ path: ElementPath) -> ElementPath? {
    switch self {
    case .insertItems(let s, let at, let count):
      guard path.kind == .item, path.section == s, path.item >= at else { return path }
      return .item(path.item + count, section: s)
    case .deleteItems(let s, let at, let count):
      guard path.kind == .item, path.section == s, path.item >= at else { return path }
      return path.item - at < count ? nil : .item(path.item - count, section: s)
    case .insertSection(let at):
      guard path.section >= at else { return path }
      return ElementPath(kind: path.kind, section: path.section + 1, item: path.item)
    case .deleteSection(let at):
      guard path.section >= at else { return path }
      return path.section == at ? nil : ElementPath(kind: path.kind, section: path.section - 1, item: path.item)
    }
  }
}

/// The last ``capacity`` path shifts, each stamped with the generation it produced, and what a
/// viewport needs to know to trust them: the generation of the last change that renumbered
/// everything (a `load`), and the newest generation whose shift was pushed out of the log.
struct _ChangeLog {
  /// How many shifts the log keeps: a viewport further behind starts over.
  static let capacity = 64

  /// A ring of shifts, oldest at `start`.
  private var ring: [(generation: UInt64, shift: _PathShift)] = []
  private var start = 0

  /// A viewport that last looked before this generation cannot carry its paths.
  private(set) var horizon: UInt64

  /// A log with nothing to carry before `generation`.
  ///
  /// - Complexity: O(1).
  init(startingAt generation: UInt64) {
    horizon = generation
    ring.reserveCapacity(Self.capacity)
  }

  /// Logs `shift`, made by the change that produced `generation`.
  ///
  /// - Complexity: O(1) amortized; no allocation once the ring is full.
  mutating func record(_ shift: _PathShift, at generation: UInt64) {
    if ring.count < Self.capacity {
      ring.append((generation, shift))
      return
    }
    // The oldest shift leaves: a viewport from before it can no longer be carried.
    horizon = Swift.max(horizon, ring[start].generation)
    ring[start] = (generation, shift)
    start = (start + 1) % Self.capacity
  }

  /// Forgets every shift: the change that produced `generation` renumbered everything.
  ///
  /// - Complexity: O(1).
  mutating func forgetAll(at generation: UInt64) {
    ring.removeAll(keepingCapacity: true)
    start = 0
    horizon = generation
  }

  /// Whether paths seen at `generation` can be carried to the present.
  ///
  /// - Complexity: O(1).
  func canCarry(from generation: UInt64) -> Bool { generation >= horizon }

  /// Where the element that was at `path` at `generation` is now, or `nil` when a change since
  /// removed it. Only meaningful when ``canCarry(from:)``.
  ///
  /// - Complexity: O(m) for the m shifts logged.
  func carry(_ path: ElementPath, from generation: UInt64) -> ElementPath? {
    var path = path
    for k in 0..<ring.count {
      let entry = ring[(start + k) % ring.count]
      guard entry.generation > generation else { continue }
      guard let next = entry.shift.carry(path) else { return nil }
      path = next
    }
    return path
  }

  /// Whether any shift happened after `generation`.
  ///
  /// - Complexity: O(1).
  func hasShifts(after generation: UInt64) -> Bool {
    guard !ring.isEmpty else { return false }
    let newest = ring[(start + ring.count - 1) % ring.count]
    return newest.generation > generation
  }
}
