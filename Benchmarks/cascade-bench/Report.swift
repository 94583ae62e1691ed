// The tables on standard output: the figures beside their baselines, the per-operation tails,
// and the trace replays with their frame budget. (The JSON file and `--compare` are in
// CascadeBenchKit.)

import CascadeBenchKit

/// Whether two measurements belong in one row: same n, collection and trace.
private func sameRun(_ a: Measurement, _ b: Measurement) -> Bool {
  a.n == b.n && a.collection == b.collection && a.trace?.name == b.trace?.name
}

/// The baselines of `m` measured in the same run, by name.
private func baselines(of m: Measurement, in results: [Measurement]) -> [(String, Measurement)] {
  guard let c = comparisons.first(where: { $0.primary == m.benchmark }) else { return [] }
  return c.baselines.compactMap { name in
    results.first { $0.benchmark == name && sameRun($0, m) }.map { (name, $0) }
  }
}

/// `query.random.linearScan` under `query.random` shows as `linearScan`.
private func shortName(_ name: String, under primary: String) -> String {
  name.hasPrefix(primary + ".") ? String(name.dropFirst(primary.count + 1)) : name
}

/// A baseline's label under its primary: `linearScan`, or `linearScan (queries only)` for a
/// trace replay whose width changes the baseline did not replay.
private func baselineLabel(_ name: String, _ b: Measurement, under primary: String) -> String {
  shortName(name, under: primary) + ((b.note ?? "").hasPrefix("queries only") ? " (queries only)" : "")
}

/// `trace.query (fling.jsonl)`.
private func displayName(_ m: Measurement) -> String {
  m.trace.map { "\(m.benchmark) (\($0.name))" } ?? m.benchmark
}

/// The primary rows in report order, then measurements that are nobody's primary or baseline
/// in this run (a --filter on a baseline).
private func rowOrder(_ results: [Measurement]) -> (primaries: [Measurement], orphans: [Measurement]) {
  var primaries: [Measurement] = []
  for (primary, _) in comparisons { primaries += results.filter { $0.benchmark == primary } }
  let orphans = results.filter { m in
    !comparisons.contains { $0.primary == m.benchmark }
      && !comparisons.contains { c in c.baselines.contains(m.benchmark) && results.contains { $0.benchmark == c.primary && sameRun($0, m) } }
  }
  return (primaries, orphans)
}

/// The markdown table: one row per primary measurement and baseline, each with the absolute
/// figures of both and the ratio between them, all from the same run.
func markdownTable(_ results: [Measurement]) -> String {
  func value(_ m: Measurement) -> String {
    if let bytes = m.bytesPerItem { return formatNumber(bytes, digits: 1) + " B/item" }
    return formatValue(m.nsPerOp, m.unit)
  }
  func spread(_ m: Measurement) -> String {
    if m.bytesPerItem != nil { return "1 run" }
    return formatDuration(m.spread.min) + " – " + formatDuration(m.spread.max)
  }
  var lines = [
    "| scenario | n | Cascade | spread (min – max) | allocs/op | baseline | baseline figure | baseline ÷ Cascade |",
    "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |",
  ]
  let (primaries, orphans) = rowOrder(results)
  for m in primaries {
    let allocs = m.allocationsPerOp.map(formatCount) ?? "–"
    let present = baselines(of: m, in: results)
    let head = "| \(displayName(m)) | \(groupThousands(m.n)) | \(value(m)) | \(spread(m)) | \(allocs) "
    if present.isEmpty { lines.append(head + "| – | – | – |") }
    for (i, (name, b)) in present.enumerated() {
      let ratio = b.bytesPerItem.map { bb in m.bytesPerItem.map { bb / $0 } ?? .nan } ?? b.nsPerOp / m.nsPerOp
      let tail = "| \(baselineLabel(name, b, under: m.benchmark)) | \(value(b)) | \(formatRatio(ratio)) |"
      lines.append((i == 0 ? head : "| | | | | ") + tail)
    }
  }
  for m in orphans {
    lines.append("| \(displayName(m)) | \(groupThousands(m.n)) | \(value(m)) | \(spread(m)) "
                 + "| \(m.allocationsPerOp.map(formatCount) ?? "–") | – | – | – |")
  }
  return lines.joined(separator: "\n")
}

/// Per-operation tails: median, p90, p99 and max of every measurement but trace replays (which
/// have their own table) and memory, beside its baselines'; `nil` when there is none.
func latencyTable(_ results: [Measurement]) -> String? {
  func timed(_ l: Latency) -> String { l.opsPerTiming == 1 ? "each op" : "means of \(l.opsPerTiming)" }
  func cells(_ m: Measurement) -> String {
    guard let l = m.latency else { return "| – | – | – | – | – |" }
    return "| \(timed(l)) | \(formatValue(l.p50, m.unit)) | \(formatDuration(l.p90)) | \(formatDuration(l.p99)) | \(formatDuration(l.max)) |"
  }
  var lines = [
    "Per operation: median, p90, p99 and max of the timings: each operation timed alone, or, for the cheap ones, the means of batches of the size shown (whose tail is narrower than single operations').",
    "",
    "| scenario | n | | timed | median | p90 | p99 | max | p99 ÷ median | baseline p99 ÷ Cascade p99 |",
    "| --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ]
  let (primaries, orphans) = rowOrder(results.filter { $0.trace == nil && $0.bytesPerItem == nil })
  for m in primaries + orphans {
    guard let l = m.latency else { continue }
    lines.append("| \(m.benchmark) | \(groupThousands(m.n)) | Cascade " + cells(m) + " \(formatRatio(l.p99 / l.p50)) | |")
    for (name, b) in baselines(of: m, in: results) where b.trace == nil && b.bytesPerItem == nil {
      guard let bl = b.latency else { continue }
      lines.append("| | | \(shortName(name, under: m.benchmark)) " + cells(b)
                   + " \(formatRatio(bl.p99 / bl.p50)) | \(formatRatio(bl.p99 / l.p99)) |")
    }
  }
  return lines.count > 4 ? lines.joined(separator: "\n") : nil
}

/// The trace replays: per-step tails and the steps over the frame budget, with baselines.
func traceTable(_ results: [Measurement]) -> String? {
  let traced = results.filter { $0.trace != nil }
  guard let budget = traced.first?.trace?.budgetNs else { return nil }
  var lines = [
    "Trace replays: every step timed alone (a clock read included); frame budget \(formatDuration(budget)) per step.",
    "",
    "| replay | n | through | steps × passes | median | p90 | p99 | max | over budget (all passes) | worst pass | every pass | slowest step (median) |",
    "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ]
  func row(_ label: String, _ through: String, _ m: Measurement) -> String {
    guard let t = m.trace, let l = m.latency else { return "" }
    return "| \(label) | \(groupThousands(m.n)) | \(through) | \(groupThousands(t.steps)) × \(t.passes) "
      + "| \(formatDuration(l.p50)) | \(formatDuration(l.p90)) | \(formatDuration(l.p99)) | \(formatDuration(l.max)) "
      + "| \(groupThousands(t.overBudget)) (\(formatPercent(Double(t.overBudget) / Double(Swift.max(1, t.steps * t.passes))))) "
      + "| \(t.overBudgetWorstPass) | \(t.overBudgetEveryTime) "
      + "| #\(t.slowestStep) at t = \(formatNumber(t.slowestStepT, digits: 3)) s: \(formatDuration(t.slowestStepNs)) |"
  }
  let (primaries, _) = rowOrder(traced)
  for m in primaries {
    lines.append(row(displayName(m), "Cascade", m))
    for (name, b) in baselines(of: m, in: results) {
      lines.append(row("", baselineLabel(name, b, under: m.benchmark), b))
    }
  }
  return lines.joined(separator: "\n")
}

/// `0.005%`, `0.25%`, `1.5%`, `12%`.
func formatPercent(_ fraction: Double) -> String {
  let p = fraction * 100
  if p == 0 { return "0%" }
  return formatNumber(p, digits: p < 0.1 ? 3 : p < 1 ? 2 : p < 10 ? 1 : 0) + "%"
}
