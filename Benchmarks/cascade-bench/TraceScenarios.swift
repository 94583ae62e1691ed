// Trace replays: a scroll trace (recorded with `cascade-gallery --record-trace`, made with
// `--synthesize-trace`, or the user's own) replayed step by step through the core's rect query
// (`trace.query`), the baselines' queries (`trace.query.linearScan`, `.unionRects`), and the
// collection view (`trace.view`). Each step is timed alone, so the figures are the tail of real
// steps, and the steps over the frame budget are counted.

import Cascade
import CascadeBenchKit

/// A trace and the name it is reported under (its file's last path component).
struct NamedTrace {
  var name: String
  var trace: Trace
}

extension Scenarios {
  func traceReplay(_ n: Int, _ collection: BenchCollection, _ named: NamedTrace, budgetNs: Double) {
    var core: CoreTraceReplay
    do { core = try CoreTraceReplay(collection: collection, trace: named.trace) } catch {
      bench.log("  \(named.name): the collection cannot be laid out at the trace's width: \(error)")
      return
    }
    let viewports = core.viewports
    let steps = core.stepCount
    let initial = viewports.initialBounds
    var about = "\(named.name): \(groupThousands(steps)) steps over \(formatNumber(named.trace.duration, digits: 2)) s, "
      + "window \(points(initial.width))x\(points(initial.height))"
    if viewports.widthChanges > 0 { about += ", \(viewports.widthChanges) width changes (each a relayout)" }
    bench.log("  trace " + about)
    if initial.width != collection.width {
      bench.log("  note: laid out at the trace's width \(points(initial.width)) (the collection's is \(points(collection.width)))")
    }
    let outside = viewports.stepsOutside(contentHeight: core.layout.contentSize.height)
    if outside > 0 {
      bench.log("  note: \(outside) of \(steps) steps are beyond the content (height \(points(core.layout.contentSize.height))): those queries find nothing")
    }
    if wants("trace.query") {
      bench.measureTrace("trace.query", n: n, trace: named, budgetNs: budgetNs,
                         note: "elements(in:into:) of each step's viewport; setWidth first when the width changes") {
        mustSucceed("trace reset") { try core.reset() }
      } step: { i in
        mustSucceed("trace step") { try core.step(i) }
      }
    }
    if wants("trace.query.linearScan") || wants("trace.query.unionRects") {
      mustSucceed("trace reset") { try core.reset() }
      let flat = FlatElements(core.layout)
      let unions = UnionRectsIndex(frames: flat.frames)
      let rects = viewports.rects
      let note = viewports.widthChanges > 0
        ? "queries only: frames at the initial width, width changes not replayed (the recipes would rebuild everything)"
        : "the same viewports, queries only"
      var ids: [Int] = []
      ids.reserveCapacity(256)
      if wants("trace.query.linearScan") {
        bench.measureTrace("trace.query.linearScan", n: n, trace: named, budgetNs: budgetNs, note: note) {} step: { i in
          ids.removeAll(keepingCapacity: true)
          flat.frames.withUnsafeBufferPointer { linearScan($0, rects[i], into: &ids) }
          return ids.count
        }
      }
      if wants("trace.query.unionRects") {
        bench.measureTrace("trace.query.unionRects", n: n, trace: named, budgetNs: budgetNs, note: note) {} step: { i in
          ids.removeAll(keepingCapacity: true)
          unions.elements(in: rects[i], into: &ids)
          return ids.count
        }
      }
    }
    if wants("trace.view") {
      let view: ViewTraceReplay
      do { view = try ViewTraceReplay(collection: collection, trace: named.trace) } catch {
        bench.log("  trace.view: the view cannot load the collection: \(error)")
        return
      }
      bench.measureTrace("trace.view", n: n, trace: named, budgetNs: budgetNs,
                         note: "CollectionView: setBounds when the bounds change, then setContentOffset; reuse pool, update dropped") {
        mustSucceed("trace.view reset") { try view.reset() }
      } step: { i in
        mustSucceed("trace.view step") { try view.step(i) }
      }
    }
  }
}

/// A length in points as written in documents and traces: `1024`, `390.5`.
func points(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : formatNumber(value, digits: 1)
}

extension Bench {
  /// Replays a trace: a first pass warms up and times a pass; then `passes` passes (enough for
  /// about 0.5 s, 0.05 s with --quick, at least 3, at most 100 (20); one when a pass takes over
  /// 5 s), each after `reset()` (outside the clock), every step timed alone. A pass is a sample:
  /// `nsPerOp` is the median over passes of the mean step, the spread the fastest and slowest
  /// pass; the distribution pools every step of every pass.
  @discardableResult
  func measureTrace(
    _ name: String, n: Int, trace: NamedTrace, budgetNs: Double, note: String,
    reset: () -> Void, step: (Int) -> Int
  ) -> Measurement {
    let steps = trace.trace.steps.count
    reset()
    var start = now()
    for i in 0..<steps { blackHole(step(i)) }
    let passTime = Double(now() - start)
    let passes = passTime > 5e9
      ? 1 : Swift.min(quick ? 20 : 100, Swift.max(3, Int(((quick ? 5e7 : 5e8) / Swift.max(passTime, 1)).rounded(.up))))
    var timings = [Double](repeating: 0, count: passes * steps)
    var means: [Double] = []
    means.reserveCapacity(passes)
    var allocations = 0
    for p in 0..<passes {
      reset()
      var total: UInt64 = 0
      for i in 0..<steps {
        let allocationsBefore = Allocations.count
        start = now()
        let value = step(i)
        let elapsed = now() - start
        allocations += Allocations.count - allocationsBefore
        blackHole(value)
        total += elapsed
        timings[p * steps + i] = Double(elapsed)
      }
      means.append(Double(total) / Double(Swift.max(1, steps)))
    }
    let perPass = (0..<passes).map { p in Array(timings[(p * steps)..<((p + 1) * steps)]) }
    let over = perPass.map { $0.filter { $0 > budgetNs }.count }
    let stepMedians = (0..<steps).map { i in median((0..<passes).map { timings[$0 * steps + i] }) }
    let slowest = stepMedians.indices.max { stepMedians[$0] < stepMedians[$1] } ?? 0
    let info = TraceReplayInfo(
      name: trace.name, steps: steps, passes: passes, budgetNs: budgetNs, overBudget: over.reduce(0, +),
      overBudgetWorstPass: over.max() ?? 0, overBudgetEveryTime: stepMedians.filter { $0 > budgetNs }.count,
      slowestStep: slowest, slowestStepT: trace.trace.steps.isEmpty ? 0 : trace.trace.steps[slowest].t,
      slowestStepNs: stepMedians.isEmpty ? 0 : stepMedians[slowest])
    let m = Measurement(
      benchmark: name, n: n, nsPerOp: median(means), spread: (means.min() ?? 0, means.max() ?? 0),
      allocationsPerOp: Allocations.isInstalled ? Double(allocations) / Double(Swift.max(1, passes * steps)) : nil,
      unit: .perStep, samples: passes, opsPerSample: steps, note: note,
      latency: Latency(samples: perPass, opsPerTiming: 1, keepQuantiles: true), trace: info)
    record(m)
    return m
  }
}
