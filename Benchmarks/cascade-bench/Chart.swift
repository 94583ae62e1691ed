// The SVG chart of Docs/Benchmarks.md: median ns per rect query against n, log-log, for Cascade
// and the two baselines, with each point's min–max spread as a bar. Drawn from measurements
// (from a run, or read back from a `--json` file) with no outside library.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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

/// The chart of `benchmark` and its `baselines` (by name), as an SVG document.
func svgChart(_ results: [Measurement], subtitle: String) -> String {
  let series: [(name: String, label: String, color: String)] = [
    ("query.random", "Cascade (interval index)", "#1f6feb"),
    ("query.random.unionRects", "union rects of 20 (CHTCollectionViewWaterfallLayout)", "#e36209"),
    ("query.random.linearScan", "linear scan of every frame (seed recipes)", "#cf222e"),
  ]
  let points = series.map { s in results.filter { $0.benchmark == s.name }.sorted { $0.n < $1.n } }
  let all = points.flatMap { $0 }
  let width = 760.0, height = 480.0
  let left = 90.0, right = 80.0, top = 64.0, bottom = 120.0
  let plotW = width - left - right, plotH = height - top - bottom
  var svg = """
  <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
  viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <text x="\(Int(width / 2))" y="24" text-anchor="middle" font-size="16" font-weight="bold">\
  Rect query of a 1024×844 viewport at a random offset</text>
  <text x="\(Int(width / 2))" y="44" text-anchor="middle" fill="#555">\(xmlEscape(subtitle))</text>

  """
  guard !all.isEmpty else { return svg + "<text x=\"\(Int(width / 2))\" y=\"200\" text-anchor=\"middle\">no query.random results</text>\n</svg>\n" }
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
    svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"2\"/>\n"
    for p in pts {
      let x = px(Double(p.n))
      svg += "<line x1=\"\(f(x))\" y1=\"\(f(py(p.spread.min)))\" x2=\"\(f(x))\" y2=\"\(f(py(p.spread.max)))\" stroke=\"\(s.color)\" stroke-width=\"1\"/>\n"
      svg += "<circle cx=\"\(f(x))\" cy=\"\(f(py(p.nsPerOp)))\" r=\"3.5\" fill=\"\(s.color)\"/>\n"
      let labelY = s.name == "query.random" ? py(p.nsPerOp) + 16 : py(p.nsPerOp) - 6
      svg += "<text x=\"\(f(x + 6))\" y=\"\(f(labelY))\" font-size=\"10\" fill=\"\(s.color)\">\(formatDuration(p.nsPerOp))</text>\n"
    }
  }
  // Legend, under the plot.
  for (i, s) in series.enumerated() {
    let y = top + plotH + 60 + Double(i) * 18
    svg += "<line x1=\"\(f(left))\" y1=\"\(f(y - 4))\" x2=\"\(f(left + 24))\" y2=\"\(f(y - 4))\" stroke=\"\(s.color)\" stroke-width=\"2\"/>\n"
    svg += "<circle cx=\"\(f(left + 12))\" cy=\"\(f(y - 4))\" r=\"3.5\" fill=\"\(s.color)\"/>\n"
    svg += "<text x=\"\(f(left + 32))\" y=\"\(f(y))\">\(xmlEscape(s.label))</text>\n"
  }
  return svg + "</svg>\n"
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
