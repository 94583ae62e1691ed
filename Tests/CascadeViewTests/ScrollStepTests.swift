import Cascade
import CascadeView
import Testing

/// The scroll step that takes the display rect's window changes (what entered and left) against
/// the same view diffing the whole answer at every step (`_takesWindowChanges` off), and against
/// the layout's rect query: random small steps, jumps, resizes, overscan changes, batch updates,
/// steps whose data source fails, pinned headers on and off, prefetching on (Docs/Spec/CollectionView.md's scroll step).
@Suite struct ScrollStepTests {
  /// Everything a step tells: the update's lists with reasons, frames in the other layout and
  /// cells (by serial: both views make their cells in the same order, so equal serials mean the
  /// pools behaved the same), the displayed set, the delegate's log.
  func summary(_ update: CollectionViewUpdate<TestCell>, _ view: TestView, _ recorder: Recorder) -> [String] {
    var lines = update.disappeared.map {
      "- \($0.attributes) \($0.reason) \(String(describing: $0.finalAttributes)) #\($0.cell.serial)"
    }
    lines += update.appeared.map {
      "+ \($0.attributes) \($0.reason) \(String(describing: $0.initialAttributes)) #\($0.cell.serial)"
    }
    lines += update.moved.map { "~ \($0.from) \($0.to) #\($0.cell.serial)" }
    lines += view.displayedElements.map { "= \($0.attributes) #\($0.cell.serial)" }
    lines += recorder.log
    lines.append("offset \(update.previousContentOffset) \(update.contentOffset)")
    // `lastUpdate` is the update the step returned (a step that changes nothing returns a new
    // empty update, and empties the view's in place).
    let last = view.lastUpdate
    lines.append(
      "last \(last.disappeared.map(\.attributes)) \(last.appeared.map(\.attributes)) \(last.moved.map(\.to)) "
        + "\(last.previousContentOffset) \(last.contentOffset)")
    #expect(last.disappeared.map(\.attributes) == update.disappeared.map(\.attributes)
      && last.appeared.map(\.attributes) == update.appeared.map(\.attributes) && last.moved.map(\.to) == update.moved.map(\.to)
      && last.previousContentOffset == update.previousContentOffset && last.contentOffset == update.contentOffset,
      "lastUpdate is not the update returned")
    recorder.log.removeAll()
    return lines
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func windowChangesMatchTheFullDiff(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let source = TestSource(
      (0..<4).map { _ in (0..<Int.random(in: 0...120, using: &random)).map { _ in Double(Int.random(in: 20...200, using: &random)) } },
      parameters: WaterfallParameters(columns: 3, header: 30, footer: 12))
    defer { withExtendedLifetime(source) {} }
    let (fastRecorder, fullRecorder) = (Recorder(), Recorder())
    let fast = try makeView(source, delegate: fastRecorder, overscan: 40, prefetch: 150, capacity: 6)
    let full = try makeView(source, delegate: fullRecorder, overscan: 40, prefetch: 150, capacity: 6)
    full._takesWindowChanges = false
    fastRecorder.log.removeAll()
    fullRecorder.log.removeAll()
    var steps = 0, failures = 0
    for step in 0..<1500 {
      let roll = Int.random(in: 0..<100, using: &random)
      var what = ""
      func both(_ body: (TestView) throws -> CollectionViewUpdate<TestCell>) throws -> (CollectionViewUpdate<TestCell>, CollectionViewUpdate<TestCell>) {
        (try body(fast), try body(full))
      }
      let updates: (CollectionViewUpdate<TestCell>, CollectionViewUpdate<TestCell>)
      if roll < 75 {
        let y = fast.contentOffset.y + Double(Int.random(in: -40...40, using: &random))
        what = "step to \(y)"
        steps += 1
        updates = try both { try $0.setContentOffset(Point(x: 0, y: y)) }
      } else if roll < 83 {
        let y = Double.random(in: -100...(fast.contentSize.height + 100), using: &random)
        what = "jump to \(y)"
        updates = try both { try $0.setContentOffset(Point(x: 0, y: y)) }
      } else if roll < 87 {
        let size = Size(width: Double(Int.random(in: 200...400, using: &random)), height: Double(Int.random(in: 100...500, using: &random)))
        what = "resize to \(size)"
        updates = try both { try $0.setBounds(size) }
      } else if roll < 90 {
        let overscan = Double(Int.random(in: 0...80, using: &random))
        what = "overscan \(overscan)"
        updates = try both {
          $0.overscan = overscan
          return try $0.layoutIfNeeded()
        }
      } else if roll < 95 {
        let section = Int.random(in: 0..<source.sections.count, using: &random)
        let count = source.sections[section].count
        let batch: BatchUpdate
        if count > 0 && Bool.random(using: &random) {
          let item = Int.random(in: 0..<count, using: &random)
          source.sections[section].remove(at: item)
          batch = .deleteItems(item..<(item + 1), section: section)
        } else {
          let item = Int.random(in: 0...count, using: &random)
          source.sections[section].insert(source.entry(Double(Int.random(in: 20...200, using: &random))), at: item)
          batch = .insertItems(item..<(item + 1), section: section)
        }
        what = "batch \(batch)"
        updates = try both { try $0.performBatchUpdates([batch]) }
      } else if roll < 97 {
        // A step whose data source fails for new cells: both views stay as they were, and the
        // next step must not take the window's changes (the window moved, the view did not).
        let y = fast.contentOffset.y + Double(Int.random(in: 10...120, using: &random))
        what = "failing step to \(y)"
        source.returnForeignCell = true
        let results = [fast, full].map { view in Result { () throws(CollectionViewError) in try view.setContentOffset(Point(x: 0, y: y)) } }
        source.returnForeignCell = false
        let failed = results.map { (try? $0.get()) == nil }
        #expect(failed[0] == failed[1], "seed \(seed), step \(step): \(what): one view failed, the other did not")
        if let a = try? results[0].get(), let b = try? results[1].get() {
          updates = (a, b)
        } else {
          // Then on past where the failed step went: what the window's move reports now is
          // relative to where it went, not to what the view displays.
          failures += 1
          #expect(displayedPairs(fast) == displayedPairs(full), "seed \(seed), step \(step): \(what)")
          let further = y + Double(Int.random(in: 1...30, using: &random))
          what += ", then step to \(further)"
          updates = try both { try $0.setContentOffset(Point(x: 0, y: further)) }
        }
      } else {
        let pins = !fast.pinsSectionHeaders
        what = "pins \(pins)"
        updates = try both {
          $0.pinsSectionHeaders = pins
          return try $0.layoutIfNeeded()
        }
      }
      let fastSummary = summary(updates.0, fast, fastRecorder)
      let fullSummary = summary(updates.1, full, fullRecorder)
      #expect(fastSummary == fullSummary, "seed \(seed), step \(step): \(what)")
      if fastSummary != fullSummary { return }
      // The displayed set is the layout's answer for the display rect (with pinning off; with
      // it on, the headers are the pinned ones, PinnedHeaderTests).
      if !fast.pinsSectionHeaders {
        let answer = fast.layout.elements(in: fast.displayRect)
        #expect(displayedPairs(fast) == answer, "seed \(seed), step \(step): \(what)")
        if displayedPairs(fast) != answer { return }
      }
    }
    #expect(fastRecorder.violations.isEmpty && fullRecorder.violations.isEmpty, "seed \(seed)")
    // The fast path ran, and the other view never took it: otherwise this compares nothing.
    #expect(fast._stepsFromWindow > steps / 3, "seed \(seed): \(fast._stepsFromWindow) of \(steps) steps")
    #expect(full._stepsFromWindow == 0)
    #expect(failures > 0, "seed \(seed): no failing step was tried")
  }
}
