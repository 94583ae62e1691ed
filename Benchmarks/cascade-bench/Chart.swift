// The SVG chart of Docs/Benchmarks.md: median ns per rect query against n, log-log, for Cascade,
// its visible window's jump and scroll step, and the three baselines, with each point's min–max
// spread as a bar; and, when the results hold trace replays, a second panel with their latency
// distributions (the fraction of steps slower than each time, log-log) and the frame budget.
// Drawn from measurements (from a run, or read back from a `--json` file) with no outside
// library.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CascadeBenchKit

/// Powers of ten are the only ticks a log-log chart needs.
private func power10(_ e: Int) -> Double {
  var v = 1.0
  if e >= 0 { for _ in 0..<e { v *= 10 } } else { for _ in 0..<(-e) { v /= 10 } }
  return v
}

func sizeLabel(_ n: Double) -> String {
  if n >= 1e6 { return formatNumber(n / 1e6, digits: 0) + "M" }
  if n >= 1e3 { return formatNumber(n / 1e3, digits: 0) + "k" }
  return formatNumber(n, digits: 0)
}

/// The chart as an SVG document: the query panel when there are `query.random` results (or
/// nothing else to show), then the latency panel when there are trace replays. `source` (the
/// machine, or the data file) ends each panel's subtitle.
func svgChart(_ results: [Measurement], source: String) -> String {
  let width = 760.0
  var panels: [(body: String, height: Double)] = []
  let traced = results.filter { $0.trace != nil && !($0.latency?.quantiles.isEmpty ?? true) }
  if results.contains(where: { $0.benchmark == "query.random" }) || traced.isEmpty {
    panels.append((queryPanel(results, subtitle: "median per query, bar = min–max of the samples; " + source), queryPanelHeight))
  }
  if !traced.isEmpty {
    panels.append((latencyPanel(traced, subtitle: "every step timed alone, all passes pooled; " + source), latencyPanelHeight(traced.count)))
  }
  let height = panels.reduce(0) { $0 + $1.height }
  var svg = """
  <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
  viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
  <rect width="100%" height="100%" fill="#ffffff"/>

  """
  var y = 0.0
  for panel in panels {
    svg += "<g transform=\"translate(0 \(Int(y)))\">\n" + panel.body + "</g>\n"
    y += panel.height
  }
  return svg + "</svg>\n"
}

/// The query panel's series: the measurement drawn, its legend, its colour, its dashes (none:
/// solid) and where its figures go (`nil`: none, for a line that runs beside another's).
private let querySeries: [(name: String, label: String, color: String, dash: String, labelBelow: Bool?)] = [
  ("query.random", "Cascade (interval index)", "#1f6feb", "", true),
  ("query.jump", "Cascade, VisibleWindow moved to each viewport (a jump: a search)", "#58a6ff", "6 4", nil),
  ("query.scroll", "Cascade, VisibleWindow scroll step (query.scroll; not a random viewport)", "#1a7f37", "", true),
  ("query.random.implicitIntervalTree", "implicit interval tree (cgranges), ids only", "#8250df", "", false),
  ("query.random.unionRects", "union rects of 20 (CHTCollectionViewWaterfallLayout)", "#e36209", "", false),
  ("query.random.linearScan", "linear scan of every frame (seed recipes)", "#cf222e", "", false),
]

/// Where a panel's plot and legend go, and so its height: the plot from `top`, `plotHeight`
/// tall, then a legend line per series from `legendGap` below the plot, `legendLine` apart, and
/// `margin` under the last line's slot. The one place each panel's geometry is written.
private struct PanelLayout {
  let top: Double, plotHeight: Double, legendGap: Double, legendLine: Double, margin: Double
  /// The panel's height with `series` legend lines.
  func height(series: Int) -> Double { top + plotHeight + legendGap + legendLine * Double(series) + margin }
  /// The baseline of legend line `i`.
  func legendY(_ i: Int) -> Double { top + plotHeight + legendGap + Double(i) * legendLine }
}

private let queryLayout = PanelLayout(top: 64, plotHeight: 400, legendGap: 60, legendLine: 18, margin: 0)
private let latencyLayout = PanelLayout(top: 64, plotHeight: 320, legendGap: 60, legendLine: 16, margin: 10)

/// The query panel's height: the plot and a legend line per series.
let queryPanelHeight = queryLayout.height(series: querySeries.count)

/// ` stroke-dasharray="…"` for `dash`, or nothing for a solid line (`dash` empty).
private func dashAttribute(_ dash: String) -> String {
  dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
}

/// The query panel: ns per query against n for Cascade, its window's jump and step, and the
/// three baselines.
func queryPanel(_ results: [Measurement], subtitle: String) -> String {
  let series = querySeries
  let points = series.map { s in results.filter { $0.benchmark == s.name }.sorted { $0.n < $1.n } }
  // The built-in collections are 1024 wide; a document's viewport is its own width.
  let builtIn = results.filter { $0.benchmark == "query.random" }.allSatisfy { !($0.collection ?? "").hasPrefix("document") }
  let title = builtIn ? "Rect query of a 1024×844 viewport at a random offset" : "Rect query of a viewport at a random offset"
  let all = points.flatMap { $0 }
  let width = 760.0
  let left = 90.0, right = 80.0, top = queryLayout.top
  let plotW = width - left - right, plotH = queryLayout.plotHeight
  var svg = """
  <text x="\(Int(width / 2))" y="24" text-anchor="middle" font-size="16" font-weight="bold">\
  \(title)</text>
  <text x="\(Int(width / 2))" y="44" text-anchor="middle" fill="#555">\(xmlEscape(subtitle))</text>

  """
  guard !all.isEmpty else { return svg + "<text x=\"\(Int(width / 2))\" y=\"200\" text-anchor=\"middle\">no query.random results</text>\n" }
  let xs = all.map { Double($0.n) }
  let ys = all.flatMap { [$0.spread.min, $0.spread.max, $0.nsPerOp] }.filter { $0 > 0 }
  let x0 = Int(log10(xs.min() ?? 1e4).rounded(.down)), x1 = Swift.max(x0 + 1, Int(log10(xs.max() ?? 1e7).rounded(.up)))
  let y0 = Int(log10(ys.min() ?? 1).rounded(.down)), y1 = Swift.max(y0 + 1, Int(log10(ys.max() ?? 1e9).rounded(.up)))
  func px(_ n: Double) -> Double { left + (log10(n) - Double(x0)) / Double(x1 - x0) * plotW }
  func py(_ v: Double) -> Double { top + plotH - (log10(v) - Double(y0)) / Double(y1 - y0) * plotH }
  func f(_ v: Double) -> String { formatNumber(v, digits: 1) }

  // Grid, ticks and labels.
  for e in x0...x1 {
    let x = px(power10(e))
    svg += "<line x1=\"\(f(x))\" y1=\"\(f(top))\" x2=\"\(f(x))\" y2=\"\(f(top + plotH))\" stroke=\"#e5e5e5\"/>\n"
    svg += "<text x=\"\(f(x))\" y=\"\(f(top + plotH + 18))\" text-anchor=\"middle\">\(sizeLabel(power10(e)))</text>\n"
  }
  for e in y0...y1 {
    let y = py(power10(e))
    svg += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotW))\" y2=\"\(f(y))\" stroke=\"#e5e5e5\"/>\n"
    svg += "<text x=\"\(f(left - 8))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(tickLabel(power10(e)))</text>\n"
  }
  svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotW))\" height=\"\(f(plotH))\" fill=\"none\" stroke=\"#333\"/>\n"
  svg += "<text x=\"\(f(left + plotW / 2))\" y=\"\(f(top + plotH + 38))\" text-anchor=\"middle\">items in the layout (n, log scale)</text>\n"
  svg += "<text transform=\"translate(22 \(f(top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\">time per query (median, log scale)</text>\n"

  // Series: a polyline, a marker per point, the spread as a vertical bar, the figure beside it.
  for (s, pts) in zip(series, points) where !pts.isEmpty {
    let path = pts.map { "\(f(px(Double($0.n)))),\(f(py($0.nsPerOp)))" }.joined(separator: " ")
    svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"2\"\(dashAttribute(s.dash))/>\n"
    for p in pts {
      let x = px(Double(p.n))
      svg += "<line x1=\"\(f(x))\" y1=\"\(f(py(p.spread.min)))\" x2=\"\(f(x))\" y2=\"\(f(py(p.spread.max)))\" stroke=\"\(s.color)\" stroke-width=\"1\"/>\n"
      svg += "<circle cx=\"\(f(x))\" cy=\"\(f(py(p.nsPerOp)))\" r=\"3.5\" fill=\"\(s.color)\"/>\n"
      guard let below = s.labelBelow else { continue }
      let labelY = below ? py(p.nsPerOp) + 14 : py(p.nsPerOp) - 6
      // A white outline under the figure keeps it legible where another series' line crosses it.
      svg += "<text x=\"\(f(x + 6))\" y=\"\(f(labelY))\" font-size=\"10\" fill=\"\(s.color)\" "
        + "stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(formatDuration(p.nsPerOp))</text>\n"
    }
  }
  // Legend, under the plot.
  for (i, s) in series.enumerated() {
    let y = queryLayout.legendY(i)
    svg += "<line x1=\"\(f(left))\" y1=\"\(f(y - 4))\" x2=\"\(f(left + 24))\" y2=\"\(f(y - 4))\" stroke=\"\(s.color)\" stroke-width=\"2\"\(dashAttribute(s.dash))/>\n"
    svg += "<circle cx=\"\(f(left + 12))\" cy=\"\(f(y - 4))\" r=\"3.5\" fill=\"\(s.color)\"/>\n"
    svg += "<text x=\"\(f(left + 32))\" y=\"\(f(y))\">\(xmlEscape(s.label))</text>\n"
  }
  return svg
}

/// `100 ns`, `1 µs`, `10 ms`: a power of ten as a duration.
func tickLabel(_ ns: Double) -> String {
  if ns < 1e3 { return formatNumber(ns, digits: ns < 1 ? 1 : 0) + " ns" }
  if ns < 1e6 { return formatNumber(ns / 1e3, digits: 0) + " µs" }
  if ns < 1e9 { return formatNumber(ns / 1e6, digits: 0) + " ms" }
  return formatNumber(ns / 1e9, digits: 0) + " s"
}

func xmlEscape(_ s: String) -> String {
  var out = ""
  for c in s {
    switch c {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    default: out.append(c)
    }
  }
  return out
}

/// The latency panel's height for `series` lines: the plot and a legend line per series.
func latencyPanelHeight(_ series: Int) -> Double { latencyLayout.height(series: series) }

/// The latency panel: for each trace replay, the fraction of steps slower than x against x
/// (both log scales; 1 − the CDF, which shows the tail), from the quantiles the measurement
/// keeps, and the frame budget as a vertical line.
func latencyPanel(_ traced: [Measurement], subtitle: String) -> String {
  let width = 760.0
  let left = 90.0, right = 40.0, top = latencyLayout.top
  let plotW = width - left - right, plotH = latencyLayout.plotHeight
  let colors: [String: String] = [
    "trace.query": "#1f6feb", "trace.view": "#1a7f37",
    "trace.query.unionRects": "#e36209", "trace.query.linearScan": "#cf222e",
  ]
  let dashes = ["", "6 3", "2 3", "8 3 2 3"]
  let traceNames = traced.compactMap { $0.trace?.name }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
  let budget = traced.first?.trace?.budgetNs ?? defaultFrameBudgetNs
  var values: [Double] = [budget]
  for m in traced { values += (m.latency?.quantiles ?? []).filter { $0 > 0 } }
  let x0 = Int(log10(values.min() ?? 100).rounded(.down)), x1 = Swift.max(x0 + 1, Int(log10(values.max() ?? 1e6).rounded(.up)))
  let y0 = -4, y1 = 0  // fractions 1e-4 ... 1
  func px(_ ns: Double) -> Double { left + (log10(Swift.max(ns, power10(x0))) - Double(x0)) / Double(x1 - x0) * plotW }
  func py(_ fraction: Double) -> Double {
    top + plotH - (log10(Swift.max(fraction, power10(y0))) - Double(y0)) / Double(y1 - y0) * plotH
  }
  func f(_ v: Double) -> String { formatNumber(v, digits: 1) }
  var svg = """
  <text x="\(Int(width / 2))" y="24" text-anchor="middle" font-size="16" font-weight="bold">\
  Trace replays: the fraction of steps slower than a time</text>
  <text x="\(Int(width / 2))" y="44" text-anchor="middle" fill="#555">\(xmlEscape(subtitle))</text>

  """
  for e in x0...x1 {
    let x = px(power10(e))
    svg += "<line x1=\"\(f(x))\" y1=\"\(f(top))\" x2=\"\(f(x))\" y2=\"\(f(top + plotH))\" stroke=\"#e5e5e5\"/>\n"
    svg += "<text x=\"\(f(x))\" y=\"\(f(top + plotH + 18))\" text-anchor=\"middle\">\(tickLabel(power10(e)))</text>\n"
  }
  for e in y0...y1 {
    let y = py(power10(e))
    let label = e == 0 ? "all" : e == -1 ? "10%" : e == -2 ? "1%" : e == -3 ? "0.1%" : "0.01%"
    svg += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotW))\" y2=\"\(f(y))\" stroke=\"#e5e5e5\"/>\n"
    svg += "<text x=\"\(f(left - 8))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(label)</text>\n"
  }
  svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotW))\" height=\"\(f(plotH))\" fill=\"none\" stroke=\"#333\"/>\n"
  svg += "<text x=\"\(f(left + plotW / 2))\" y=\"\(f(top + plotH + 38))\" text-anchor=\"middle\">time of one step (log scale)</text>\n"
  svg += "<text transform=\"translate(22 \(f(top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\">steps slower (log scale)</text>\n"
  // The budget.
  let bx = px(budget)
  svg += "<line x1=\"\(f(bx))\" y1=\"\(f(top))\" x2=\"\(f(bx))\" y2=\"\(f(top + plotH))\" stroke=\"#cf222e\" stroke-width=\"1.5\" stroke-dasharray=\"5 4\"/>\n"
  svg += "<text x=\"\(f(bx - 4))\" y=\"\(f(top + 14))\" text-anchor=\"end\" fill=\"#cf222e\">frame budget \(formatDuration(budget))</text>\n"
  // One line per replay: (quantile value, fraction slower) for each kept fraction below 1, and
  // the maximum at one step in `count`.
  for (i, m) in traced.enumerated() {
    guard let l = m.latency, let t = m.trace else { continue }
    let color = colors[m.benchmark] ?? "#6e7781"
    let dash = dashes[(traceNames.firstIndex(of: t.name) ?? 0) % dashes.count]
    var points: [(Double, Double)] = []
    // Beyond one step in `count` the kept quantiles interpolate between the slowest steps: stop
    // there and end at the maximum.
    let resolution = 1 / Double(Swift.max(1, l.count))
    for (fraction, value) in zip(Latency.quantileFractions, l.quantiles) where 1 - fraction > resolution && value > 0 {
      points.append((value, 1 - fraction))
    }
    points.append((l.max, resolution))
    let path = points.map { "\(f(px($0.0))),\(f(py($0.1)))" }.joined(separator: " ")
    svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dashAttribute(dash))/>\n"
    let y = latencyLayout.legendY(i)
    svg += "<line x1=\"\(f(left))\" y1=\"\(f(y - 4))\" x2=\"\(f(left + 24))\" y2=\"\(f(y - 4))\" stroke=\"\(color)\" stroke-width=\"2\"\(dashAttribute(dash))/>\n"
    let label = "\(m.benchmark) · \(t.name) · n \(sizeLabel(Double(m.n))): median \(formatDuration(l.p50)), "
      + "p99 \(formatDuration(l.p99)), max \(formatDuration(l.max)); over budget \(t.overBudget) of \(groupThousands(t.steps * t.passes))"
    svg += "<text x=\"\(f(left + 32))\" y=\"\(f(y))\" font-size=\"10.5\">\(xmlEscape(label))</text>\n"
  }
  return svg
}
