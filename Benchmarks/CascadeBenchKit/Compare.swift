// `--compare OLD.json`: this run against an earlier one, figure by figure.
//
// The rule. A figure (the median `nsPerOp`, or `bytesPerItem` for memory) has changed when the
// two runs' own spreads do not overlap and the change is at least 5%:
// - slower when the new run's fastest sample is slower than the old run's slowest
//   (new.spread.min > old.spread.max) and new ÷ old >= 1.05;
// - faster when the new run's slowest sample is faster than the old run's fastest
//   (new.spread.max < old.spread.min) and new ÷ old <= 1 / 1.05;
// - otherwise within the runs' spread, not flagged.
// The p99 is judged the same way with the spreads of the samples' own p99s (`latency.p99Spread`),
// when both files have them. The 5% floor keeps two tight but slightly shifted spreads (common
// for figures of tens of nanoseconds) from being flagged; a change the spreads cannot separate
// is not flagged, however large its ratio.

/// Whether a figure moved beyond both runs' spread.
package enum Verdict: String, Sendable {
  case slower, faster, withinSpread = "within spread"
}

/// The smallest change flagged, as a ratio: 5%.
package let minimumFlaggedChange = 1.05

/// The verdict for a figure: `old` and `new` are (value, spread min, spread max).
///
/// - Complexity: O(1).
package func verdict(
  old: (value: Double, min: Double, max: Double), new: (value: Double, min: Double, max: Double)
) -> Verdict {
  guard old.value > 0, new.value > 0, old.value.isFinite, new.value.isFinite else { return .withinSpread }
  let ratio = new.value / old.value
  if new.min > old.max && ratio >= minimumFlaggedChange { return .slower }
  if new.max < old.min && ratio <= 1 / minimumFlaggedChange { return .faster }
  return .withinSpread
}

/// One figure present in both runs.
package struct ComparisonRow: Sendable {
  package var old: Measurement
  package var new: Measurement
  /// new ÷ old of the median (of bytes per item for memory).
  package var ratio: Double
  package var verdict: Verdict
  /// new ÷ old of the p99 and its verdict, when both runs have a latency distribution.
  package var p99Ratio: Double?
  package var p99Verdict: Verdict?
}

/// The comparison of two runs.
package struct Comparison: Sendable {
  package var rows: [ComparisonRow]
  /// Figures only one of the two runs has (another --filter, --sizes or collection).
  package var onlyOld: [Measurement]
  package var onlyNew: [Measurement]

  package var flagged: [ComparisonRow] { rows.filter { $0.verdict != .withinSpread || ($0.p99Verdict ?? .withinSpread) != .withinSpread } }
}

/// Matches the figures of two runs by benchmark, n, collection and trace, and judges each.
///
/// - Complexity: O(m log m) for m measurements.
package func compare(old: [Measurement], new: [Measurement]) -> Comparison {
  var oldByKey: [String: Measurement] = [:]
  for m in old where oldByKey[m.key] == nil { oldByKey[m.key] = m }
  var rows: [ComparisonRow] = []
  var onlyNew: [Measurement] = []
  var matched = Set<String>()
  for m in new {
    guard let o = oldByKey[m.key], !matched.contains(m.key) else { onlyNew.append(m); continue }
    matched.insert(m.key)
    let value: (Measurement) -> (value: Double, min: Double, max: Double) = { x in
      if let b = x.bytesPerItem { return (b, b, b) }
      return (x.nsPerOp, x.spread.min, x.spread.max)
    }
    let (ov, nv) = (value(o), value(m))
    var row = ComparisonRow(old: o, new: m, ratio: nv.value / ov.value, verdict: verdict(old: ov, new: nv))
    if let ol = o.latency, let nl = m.latency, ol.p99 > 0 {
      row.p99Ratio = nl.p99 / ol.p99
      row.p99Verdict = verdict(old: (ol.p99, ol.p99Spread.min, ol.p99Spread.max), new: (nl.p99, nl.p99Spread.min, nl.p99Spread.max))
    }
    rows.append(row)
  }
  let onlyOld = old.filter { !matched.contains($0.key) }
  return Comparison(rows: rows, onlyOld: onlyOld, onlyNew: onlyNew)
}

/// The comparison as markdown: a table of every figure in both runs, then the baseline ratios
/// (baseline ÷ Cascade in each run) for the given pairs, then what only one run has.
///
/// - Complexity: O(m) for m rows.
package func markdownComparison(
  _ c: Comparison, oldName: String, pairs: [(primary: String, baselines: [String])]
) -> String {
  func value(_ m: Measurement) -> String {
    if let b = m.bytesPerItem { return formatNumber(b, digits: 1) + " B/item" }
    return formatValue(m.nsPerOp, m.unit)
  }
  func range(_ m: Measurement) -> String {
    m.bytesPerItem != nil ? "1 run" : formatDuration(m.spread.min) + " – " + formatDuration(m.spread.max)
  }
  func mark(_ v: Verdict?) -> String {
    switch v {
    case .slower: "**slower**"
    case .faster: "**faster**"
    default: ""
    }
  }
  func name(_ m: Measurement) -> String {
    var s = m.benchmark
    if let t = m.trace { s += " (\(t.name))" }
    return s
  }
  var lines = [
    "Compared with \(oldName): new ÷ old per figure; flagged when the runs' spreads do not overlap and the change is >= 5% (Docs/Benchmarks.md, Comparing runs).",
    "",
    "| benchmark | n | collection | old | old spread | new | new spread | new ÷ old | | p99 old | p99 new | p99 new ÷ old | |",
    "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |",
  ]
  for r in c.rows {
    let p99Old = r.old.latency.map { formatDuration($0.p99) } ?? "–"
    let p99New = r.new.latency.map { formatDuration($0.p99) } ?? "–"
    lines.append(
      "| \(name(r.new)) | \(groupThousands(r.new.n)) | \(r.new.collection ?? "uniform") | \(value(r.old)) | \(range(r.old)) "
        + "| \(value(r.new)) | \(range(r.new)) | \(formatRatio(r.ratio)) | \(mark(r.verdict)) "
        + "| \(p99Old) | \(p99New) | \(r.p99Ratio.map(formatRatio) ?? "–") | \(mark(r.p99Verdict)) |")
  }
  // Baseline ratios, old and new.
  var ratioLines: [String] = []
  for (primary, baselines) in pairs {
    for r in c.rows where r.new.benchmark == primary {
      for b in baselines {
        guard let ob = c.rows.first(where: { $0.new.benchmark == b && $0.new.n == r.new.n
          && $0.new.collection == r.new.collection && $0.new.trace?.name == r.new.trace?.name }) else { continue }
        let oldRatio = ob.old.nsPerOp / r.old.nsPerOp, newRatio = ob.new.nsPerOp / r.new.nsPerOp
        ratioLines.append("| \(name(r.new)) | \(groupThousands(r.new.n)) | \(b) | \(formatRatio(oldRatio)) | \(formatRatio(newRatio)) |")
      }
    }
  }
  if !ratioLines.isEmpty {
    lines += ["", "| benchmark | n | baseline | baseline ÷ Cascade, old | baseline ÷ Cascade, new |", "| --- | ---: | --- | ---: | ---: |"]
    lines += ratioLines
  }
  // Frame budget overruns of trace replays.
  let traces = c.rows.filter { $0.new.trace != nil && $0.old.trace != nil }
  if !traces.isEmpty {
    lines += ["", "| trace replay | n | trace | steps over budget, old | steps over budget, new |", "| --- | ---: | --- | ---: | ---: |"]
    for r in traces {
      let o = r.old.trace!, n = r.new.trace!
      lines.append("| \(r.new.benchmark) | \(groupThousands(r.new.n)) | \(n.name) | \(o.overBudget) of \(o.steps * o.passes) | \(n.overBudget) of \(n.steps * n.passes) |")
    }
  }
  let slower = c.rows.filter { $0.verdict == .slower || $0.p99Verdict == .slower }.count
  let faster = c.rows.filter { $0.verdict == .faster || $0.p99Verdict == .faster }.count
  lines.append("")
  lines.append("\(c.flagged.count) of \(c.rows.count) figures changed beyond both runs' spread (\(slower) slower, \(faster) faster, median or p99)"
               + (c.onlyOld.isEmpty && c.onlyNew.isEmpty ? "." : "; \(c.onlyNew.count) only in this run, \(c.onlyOld.count) only in \(oldName)."))
  return lines.joined(separator: "\n")
}
