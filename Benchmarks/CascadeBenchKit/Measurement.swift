// What a measurement records (a row of the table, an object of the JSON file), and how figures
// are printed.

/// What a figure counts.
package enum Unit: String, Sendable {
  case perItem = "ns/item"
  case perQuery = "ns/query"
  case perStep = "ns/step"
  case perUpdate = "ns/update"
  case bytesPerItem = "B/item"
  case perRequest = "ns/request"
  /// Nanoseconds per megabyte (10^6 bytes): 1e9 / this is MB/s.
  case perMB = "ns/MB"
}

/// One measurement: a row of the JSON output.
package struct Measurement: Sendable {
  package var benchmark: String
  package var n: Int
  /// The median over samples of each sample's mean, in nanoseconds per unit (for memory rows:
  /// the time of the one build measured).
  package var nsPerOp: Double
  /// The fastest and the slowest sample's mean.
  package var spread: (min: Double, max: Double)
  package var allocationsPerOp: Double?
  package var unit: Unit
  /// For memory rows: resident bytes added per item.
  package var bytesPerItem: Double?
  /// Samples taken (passes, for a trace replay) and operations per sample.
  package var samples: Int
  package var opsPerSample: Int
  /// What the figure means, when the name does not say it all.
  package var note: String?
  /// The per-operation distribution (median, p90, p99, max), when measured.
  package var latency: Latency?
  /// The collection measured: `uniform`, `photos`, `text`, `mixed`, or `document NAME`; `nil`
  /// in files written before the key existed, which measured the uniform collection.
  package var collection: String?
  /// For trace replays: the trace and the frame budget's overruns.
  package var trace: TraceReplayInfo?

  package init(
    benchmark: String, n: Int, nsPerOp: Double, spread: (min: Double, max: Double), allocationsPerOp: Double?,
    unit: Unit, bytesPerItem: Double? = nil, samples: Int, opsPerSample: Int, note: String? = nil,
    latency: Latency? = nil, collection: String? = nil, trace: TraceReplayInfo? = nil
  ) {
    self.benchmark = benchmark
    self.n = n
    self.nsPerOp = nsPerOp
    self.spread = spread
    self.allocationsPerOp = allocationsPerOp
    self.unit = unit
    self.bytesPerItem = bytesPerItem
    self.samples = samples
    self.opsPerSample = opsPerSample
    self.note = note
    self.latency = latency
    self.collection = collection
    self.trace = trace
  }

  /// What identifies a measurement across runs: benchmark, n, collection (`uniform` when the
  /// file does not say) and trace.
  package var key: String {
    "\(benchmark)|\(n)|\(collection ?? "uniform")|\(trace?.name ?? "")"
  }
}

/// A trace replay's frame-budget figures.
package struct TraceReplayInfo: Equatable, Sendable {
  /// The trace file's name (its last path component).
  package var name: String
  /// Steps in the trace, and how many times it was replayed.
  package var steps: Int
  package var passes: Int
  /// The frame budget, in nanoseconds per step.
  package var budgetNs: Double
  /// Step timings over the budget, over all passes.
  package var overBudget: Int
  /// The most steps over the budget in one pass.
  package var overBudgetWorstPass: Int
  /// Steps whose median over the passes is over the budget: overruns that come back every time.
  package var overBudgetEveryTime: Int
  /// The step whose median time is highest: its index (0-based: the trace's step, not its line),
  /// its `t`, and that median in ns.
  package var slowestStep: Int
  package var slowestStepT: Double
  package var slowestStepNs: Double

  package init(
    name: String, steps: Int, passes: Int, budgetNs: Double, overBudget: Int, overBudgetWorstPass: Int,
    overBudgetEveryTime: Int, slowestStep: Int, slowestStepT: Double, slowestStepNs: Double
  ) {
    self.name = name
    self.steps = steps
    self.passes = passes
    self.budgetNs = budgetNs
    self.overBudget = overBudget
    self.overBudgetWorstPass = overBudgetWorstPass
    self.overBudgetEveryTime = overBudgetEveryTime
    self.slowestStep = slowestStep
    self.slowestStepT = slowestStepT
    self.slowestStepNs = slowestStepNs
  }
}

/// The default frame budget: one frame at 120 Hz (8,333 µs) divided by 8, the share of a frame
/// we allow the model (the rect query and the view's diff) out of everything else a frame does
/// (input, the app's cell configuration, drawing, the compositor's commit): ≈ 1,042 µs.
package let defaultFrameBudgetNs = 1e9 / 120 / 8

// MARK: - Formatting

/// `12.3 ns/query`, `4.56 µs/step`; `45.2 B/item` for bytes.
package func formatValue(_ value: Double, _ unit: Unit) -> String {
  if unit == .bytesPerItem { return formatNumber(value, digits: 1) + " B/item" }
  let per = String(unit.rawValue.dropFirst(2))  // "/item"
  return formatDuration(value) + per
}

/// `1.23 ps` (below a nanosecond: an O(1) change spread over a million items), `12.3 ns`,
/// `4.56 µs`, `7.89 ms`, `1.23 s`.
package func formatDuration(_ ns: Double) -> String {
  if !ns.isFinite { return "–" }
  if ns > 0 && ns < 0.995 { return formatNumber(ns * 1e3, digits: ns < 0.00995 ? 2 : 1) + " ps" }
  if ns < 1e3 { return formatNumber(ns, digits: ns < 10 ? 2 : 1) + " ns" }
  if ns < 1e6 { return formatNumber(ns / 1e3, digits: ns < 1e4 ? 2 : 1) + " µs" }
  if ns < 1e9 { return formatNumber(ns / 1e6, digits: ns < 1e7 ? 2 : 1) + " ms" }
  return formatNumber(ns / 1e9, digits: 2) + " s"
}

/// A fixed-point decimal without Foundation.
package func formatNumber(_ value: Double, digits: Int) -> String {
  if !value.isFinite { return "\(value)" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = (Swift.abs(value) * scale).rounded()
  let whole = Int(scaled / scale)
  let fraction = Int(scaled - Double(whole) * scale)
  var text = (value < 0 && scaled != 0 ? "-" : "") + groupThousands(whole)
  if digits > 0 {
    let f = String(fraction)
    text += "." + String(repeating: "0", count: digits - f.count) + f
  }
  return text
}

/// `1,234,567` (for a value >= 0).
package func groupThousands(_ value: Int) -> String {
  let digits = String(value)
  var out = ""
  for (i, ch) in digits.enumerated() {
    if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
    out.append(ch)
  }
  return out
}

/// Allocation counts: `0`, `0.001`, `3.5`, `1,000`.
package func formatCount(_ value: Double) -> String {
  if value == 0 { return "0" }
  if value < 0.01 { return formatNumber(value, digits: 4) }
  if value < 10 { return formatNumber(value, digits: 2) }
  return formatNumber(value, digits: 0)
}

/// A ratio: `23.4×`, `5,678×`, `0.85×`.
package func formatRatio(_ value: Double) -> String {
  if !value.isFinite { return "–" }
  if value >= 100 { return formatNumber(value, digits: 0) + "×" }
  if value >= 10 { return formatNumber(value, digits: 1) + "×" }
  return formatNumber(value, digits: 2) + "×"
}
