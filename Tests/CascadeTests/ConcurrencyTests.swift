import Cascade
import CascadeTestSupport
import Testing

/// A layout is a `Sendable` value: one instance shared by tasks that query it while another
/// task changes its own copy (which copies the storage it touches, copy-on-write) must be safe
/// and give every reader the frames of the unchanged layout. `Tests/sanitizers.sh` runs this
/// suite under ThreadSanitizer, which must report nothing.
@Suite struct ConcurrencyTests {
  /// Runs `readers` tasks that query `shared` and one task that mutates a copy, and returns what
  /// the readers saw: each query's answer must equal the one computed before the tasks started.
  func share<L: InvertibleCollectionLayout>(
    _ shared: L, readers: Int = 4, rounds: Int = 300, changes: @escaping @Sendable (Int, L) -> [L.Change]
  ) async throws {
    let content = shared.contentSize
    let rects = (0..<32).map { k in
      Rect(x: 0, y: Double(k) / 32 * content.height - 100, width: content.width, height: 400)
    }
    let expected = rects.map { shared.elements(in: $0) }
    let expectedAll = allElements(shared)
    try await withThrowingTaskGroup(of: Int.self) { group in
      for reader in 0..<readers {
        group.addTask {
          var mismatches = 0
          var buffer: [LayoutAttributes] = []
          for round in 0..<rounds {
            let k = (round * 7 + reader) % rects.count
            buffer.removeAll(keepingCapacity: true)
            shared.elements(in: rects[k], into: &buffer)
            if buffer != expected[k] { mismatches += 1 }
            let point = Point(x: rects[k].midX, y: rects[k].midY)
            if shared.element(at: point) != bruteForcePoint(expected[k], point) { mismatches += 1 }
            if round % 50 == 0 && allElements(shared) != expectedAll { mismatches += 1 }
          }
          return mismatches
        }
      }
      group.addTask {
        // The writer: its own copy, changed over and over while the readers read the original.
        var mine = shared
        for round in 0..<rounds {
          var undo: [L.Change] = []
          try mine.apply(changes(round, mine), inverse: &undo)
          _ = mine.elements(in: rects[round % rects.count])
          if round % 3 == 0 { try mine.apply(undo) }
        }
        return 0
      }
      var mismatches = 0
      for try await count in group { mismatches += count }
      #expect(mismatches == 0)
    }
    // The shared value never changed.
    #expect(allElements(shared) == expectedAll)
    #expect(shared.contentSize == content)
  }

  @Test func aSharedWaterfallLayout() async throws {
    var rng = SplitMix64(seed: 7)
    let reference = rng.reference(sections: 3...5, items: 200...400)
    let layout = try reference.layout()
    try await share(layout) { round, current in
      let s = round % current.numberOfSections
      let n = current.numberOfItems(inSection: s)
      switch round % 5 {
      case 0: return [.appendItems([120, 80, .size(width: 4, height: 3)], section: s)]
      case 1: return [.insertItems([60], at: n / 2, section: s)]
      case 2: return n > 2 ? [.deleteItems(0..<2, section: s)] : [.appendItems([10], section: s)]
      case 3: return [.setWidth(current.width == 390 ? 600 : 390)]
      default: return [.replaceItems([.height(33, span: .full)], at: 0, section: s)]
      }
    }
  }

  @Test func aSharedListLayout() async throws {
    let sections = (0..<4).map { s in
      ListSection(parameters: ListParameters(itemSpacing: 2, header: 20), items: (0..<500).map { ListItem(height: Double(20 + ($0 * 7 + s) % 40)) })
    }
    let layout = try ListLayout(width: 320, sections: sections)
    try await share(layout) { round, current in
      let s = round % current.numberOfSections
      switch round % 3 {
      case 0: return [.appendItems([44, 44], section: s)]
      case 1: return [.deleteItems(0..<1, section: s)]
      default: return [.insertSection(ListSection(parameters: ListParameters(), items: [10]), at: 0), .deleteSection(at: 0)]
      }
    }
  }
}
