// The collections the bench measures: its built-in distributions (seeded, so every run lays out
// the same collection) or a collection document of Docs/Spec/Protocol.md.
//
// The generators, exactly (Docs/Benchmarks.md repeats this). Every draw comes from one
// SplitMix64 seeded with the run's seed (default 0xCA5CADE), in item order; `u()` is a uniform
// draw in [0, 1) (the top 53 bits of the next output), `uniform(a, b)` = a + (b - a) * u(), and
// `normal()` a Box–Muller draw: sqrt(-2 ln(1 - u1)) * cos(2π u2) from two draws, the second value
// of the pair thrown away. All four are 1024 wide; `uniform`, `photos` and `text` are one section
// of 4 columns, spacing 10, no header or footer (the seed recipe's shape).
//
// - uniform: heights uniform(50, 300).
// - photos: size items of a camera-like aspect ratio r = w / h: with v = u(), ln r ~ N(ln 4/3,
//   0.15) when v < 0.70 (landscape), N(ln 3/4, 0.12) when v < 0.95 (portrait), N(ln 3, 0.35)
//   otherwise (panoramas), r clamped to [1/4, 8]; the item is `size: [round(3000 √r), round(3000 / √r)]`.
// - text: a text post's height from its length: L = round(exp(ln 120 + 0.9 normal())) characters,
//   clamped to [1, 4000]; chars per line = floor((columnWidth - 2 * 12) / 7) (12 pt padding, 7 pt
//   per character) = 32 in a 248.5 pt column; height = 2 * 12 + 18 * ceil(L / chars per line)
//   (18 pt lines).
// - mixed: a feed of max(1, n / 250) sections. Section s gets round(uniform(0.5, 1.5) * n / S)
//   items (the last takes what is left, so there are n in all); the layout has 3 columns, insets
//   8, a 44 pt header per section; each section overrides its columns with 2 + floor(4 u()) (2 to
//   5) and every third section (s % 3 == 2) has a 32 pt footer. Each item, with v = u(): v < 0.08
//   a full-width banner `height: round(uniform(120, 240)), span: full`; v < 0.18 a 16:9 card spanning 2
//   columns; v < 0.55 a photo as above; otherwise a text post as above, its characters per line
//   from the section's column width.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Cascade
import CascadeJSON

/// A collection to measure: width, layout parameters, sections.
package struct BenchCollection: Sendable {
  /// `uniform`, `photos`, `text`, `mixed`, or `document NAME`.
  package var name: String
  package var width: Double
  package var parameters: WaterfallParameters
  package var sections: [WaterfallSection]

  package init(name: String, width: Double, parameters: WaterfallParameters, sections: [WaterfallSection]) {
    self.name = name
    self.width = width
    self.parameters = parameters
    self.sections = sections
  }

  /// A collection document's collection, named `document NAME`.
  package init(document: CollectionDocument, name: String) {
    self.init(name: "document \(name)", width: document.width, parameters: document.parameters, sections: document.sections)
  }

  /// Items in all sections.
  package var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

  /// The layout of the collection at its width, or at `width`.
  ///
  /// - Complexity: O(n · c).
  package func makeLayout(width: Double? = nil) throws(LayoutError) -> WaterfallLayout {
    try WaterfallLayout(width: width ?? self.width, parameters: parameters, sections: sections)
  }

  /// When the collection has the seed recipe's shape (one section of one-column items, a fixed
  /// column count, equal column and item spacing, no insets, header or footer, shortest column
  /// first with no tolerance): its column count, spacing and each item's height at the column
  /// width. `nil` otherwise.
  package var seedRecipeShape: (columns: Int, spacing: Double, heights: [Double])? {
    guard sections.count == 1 else { return nil }
    let p = resolvedParameters(ofSection: 0)
    guard p.minColumnWidth == nil, let columns = p.columns, p.columnSpacing == p.itemSpacing,
          p.insets == nil || p.insets == EdgeInsets(top: 0, left: 0, bottom: 0, right: 0),
          (p.header ?? 0) == 0, (p.footer ?? 0) == 0, (p.order ?? .shortestFirst) == .shortestFirst,
          (p.tolerance ?? 0) == 0 else { return nil }
    let spacing = p.columnSpacing ?? 10
    let columnWidth = Swift.max(0, (width - Double(columns - 1) * spacing) / Double(columns))
    var heights: [Double] = []
    heights.reserveCapacity(sections[0].items.count)
    for item in sections[0].items {
      if case .columns(let k) = item.span, k == 1 || columns == 1 {} else { return nil }
      switch item.measure {
      case .height(let h): heights.append(h)
      case .size(let w, let h): heights.append(h * columnWidth / w)
      }
    }
    return (columns, spacing, heights)
  }

  /// The parameters section `s` lays out with: its overrides over the layout's, over the
  /// defaults (2 columns, spacing 10).
  package func resolvedParameters(ofSection s: Int) -> WaterfallParameters {
    let own = sections[s].parameters, base = parameters
    var p = WaterfallParameters()
    if own.columns != nil || own.minColumnWidth != nil {
      p.columns = own.columns
      p.minColumnWidth = own.minColumnWidth
    } else if base.columns != nil || base.minColumnWidth != nil {
      p.columns = base.columns
      p.minColumnWidth = base.minColumnWidth
    } else {
      p.columns = 2
    }
    p.columnSpacing = own.columnSpacing ?? base.columnSpacing ?? 10
    p.itemSpacing = own.itemSpacing ?? base.itemSpacing ?? 10
    p.insets = own.insets ?? base.insets
    p.header = own.header ?? base.header
    p.footer = own.footer ?? base.footer
    p.order = own.order ?? base.order
    p.tolerance = own.tolerance ?? base.tolerance
    return p
  }

  /// The collection as a collection document (JSON text), which `--document` reads back to the
  /// same collection.
  ///
  /// - Complexity: O(n).
  package var documentJSON: String {
    var out = "{\"width\": \(JSONWriter.format(width))"
    let layout = Self.parameterFields(parameters)
    if !layout.isEmpty { out += ",\n \"layout\": {" + layout.joined(separator: ", ") + "}" }
    out += ",\n \"sections\": ["
    for (s, section) in sections.enumerated() {
      out += s == 0 ? "\n  {" : ",\n  {"
      let fields = Self.parameterFields(section.parameters)
      out += fields.map { $0 + ", " }.joined()
      out += "\"items\": ["
      out += section.items.map(Self.itemJSON).joined(separator: ", ")
      out += "]}"
    }
    return out + "\n ]}\n"
  }

  private static func parameterFields(_ p: WaterfallParameters) -> [String] {
    var f: [String] = []
    func n(_ v: Double) -> String { JSONWriter.format(v) }
    if let v = p.columns { f.append("\"columns\": \(v)") }
    if let v = p.minColumnWidth { f.append("\"minColumnWidth\": \(n(v))") }
    if let v = p.columnSpacing { f.append("\"columnSpacing\": \(n(v))") }
    if let v = p.itemSpacing { f.append("\"itemSpacing\": \(n(v))") }
    if let i = p.insets {
      f.append("\"insets\": {\"top\": \(n(i.top)), \"left\": \(n(i.left)), \"bottom\": \(n(i.bottom)), \"right\": \(n(i.right))}")
    }
    if let v = p.header { f.append("\"header\": \(n(v))") }
    if let v = p.footer { f.append("\"footer\": \(n(v))") }
    if let v = p.order { f.append("\"order\": \"\(v.rawValue)\"") }
    if let v = p.tolerance { f.append("\"tolerance\": \(n(v))") }
    return f
  }

  private static func itemJSON(_ item: WaterfallItem) -> String {
    var span = ""
    switch item.span {
    case .columns(1): break
    case .columns(let k): span = ", \"span\": \(k)"
    case .full: span = ", \"span\": \"full\""
    }
    switch item.measure {
    case .height(let h): return span.isEmpty ? JSONWriter.format(h) : "{\"height\": \(JSONWriter.format(h))\(span)}"
    case .size(let w, let h): return "{\"size\": [\(JSONWriter.format(w)), \(JSONWriter.format(h))]\(span)}"
    }
  }
}

/// The random draws of the generators: SplitMix64, its uniform draws, Box–Muller normals.
package struct BenchRandom {
  package var generator: SplitMix64

  package init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  /// Uniform in [0, 1): the top 53 bits of the next output.
  package mutating func unit() -> Double { generator.unit() }
  /// Uniform in [a, b).
  package mutating func uniform(_ a: Double, _ b: Double) -> Double { generator.uniform(a, b) }
  /// A standard normal: Box–Muller from two draws, sqrt(-2 ln(1 - u1)) cos(2π u2).
  package mutating func normal() -> Double {
    let u1 = unit(), u2 = unit()
    return (-2 * log(1 - u1)).squareRoot() * cos(2 * Double.pi * u2)
  }
}

/// The built-in collections of `--distribution`.
package enum Distribution: String, CaseIterable, Sendable {
  case uniform, photos, text, mixed

  /// The seed when `--seed` is not given: the one the bench has always used.
  package static let defaultSeed: UInt64 = 0xCA5_CADE
  package static let width = 1024.0
  package static let columns = 4

  /// What `--help` and the docs say about each.
  package var summary: String {
    switch self {
    case .uniform: "heights uniform in [50, 300], one section, 4 columns"
    case .photos: "photo sizes, aspect ratios lognormal around 4:3 with portrait and panorama tails, one section"
    case .text: "text posts, heights from lognormal text lengths wrapped at the column width, one section"
    case .mixed: "a feed: sections with headers and some footers, 2–5 columns, banners, spanning cards, photos, text"
    }
  }

  /// The collection of `n` items drawn from `seed`.
  ///
  /// - Complexity: O(n).
  package func collection(items n: Int, seed: UInt64 = Distribution.defaultSeed) -> BenchCollection {
    var random = BenchRandom(seed: seed)
    let width = Self.width
    let fourColumns = WaterfallParameters(columns: Self.columns)
    func one(_ items: [WaterfallItem]) -> BenchCollection {
      BenchCollection(name: rawValue, width: width, parameters: fourColumns, sections: [WaterfallSection(items: items)])
    }
    switch self {
    case .uniform:
      var items: [WaterfallItem] = []
      items.reserveCapacity(n)
      for _ in 0..<n { items.append(.height(random.uniform(50, 300))) }
      return one(items)
    case .photos:
      var items: [WaterfallItem] = []
      items.reserveCapacity(n)
      for _ in 0..<n { items.append(Self.photo(&random)) }
      return one(items)
    case .text:
      let columnWidth = (width - Double(Self.columns - 1) * 10) / Double(Self.columns)
      let perLine = Self.charactersPerLine(columnWidth)
      var items: [WaterfallItem] = []
      items.reserveCapacity(n)
      for _ in 0..<n { items.append(.height(Self.textHeight(&random, charactersPerLine: perLine))) }
      return one(items)
    case .mixed:
      return Self.mixed(n, &random)
    }
  }

  /// A photo's size item.
  static func photo(_ random: inout BenchRandom) -> WaterfallItem {
    let v = random.unit()
    let (mu, sigma) = v < 0.70 ? (log(4.0 / 3), 0.15) : v < 0.95 ? (log(3.0 / 4), 0.12) : (log(3.0), 0.35)
    let r = Swift.min(8, Swift.max(0.25, exp(mu + sigma * random.normal())))
    return .size(width: (3000 * r.squareRoot()).rounded(), height: (3000 / r.squareRoot()).rounded())
  }

  /// Characters of 7 pt that fit a column after 12 pt of padding on each side (at least 1).
  static func charactersPerLine(_ columnWidth: Double) -> Int {
    Swift.max(1, Int(((columnWidth - 24) / 7).rounded(.down)))
  }

  /// A text post's height: 12 pt padding above and below, 18 pt lines.
  static func textHeight(_ random: inout BenchRandom, charactersPerLine: Int) -> Double {
    let length = Swift.min(4000, Swift.max(1, exp(log(120.0) + 0.9 * random.normal()).rounded()))
    let lines = (Int(length) + charactersPerLine - 1) / charactersPerLine
    return 24 + 18 * Double(lines)
  }

  static func mixed(_ n: Int, _ random: inout BenchRandom) -> BenchCollection {
    let width = Self.width
    let sectionCount = Swift.max(1, n / 250)
    let insets = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    let parameters = WaterfallParameters(columns: 3, insets: insets, header: 44)
    var sections: [WaterfallSection] = []
    sections.reserveCapacity(sectionCount)
    var left = n
    for s in 0..<sectionCount {
      let wanted = (random.uniform(0.5, 1.5) * Double(n) / Double(sectionCount)).rounded()
      let count = s == sectionCount - 1 ? left : Swift.min(left, Int(wanted))
      left -= count
      let columns = 2 + Int((random.unit() * 4).rounded(.down))
      let columnWidth = (width - 16 - Double(columns - 1) * 10) / Double(columns)
      let perLine = charactersPerLine(columnWidth)
      var items: [WaterfallItem] = []
      items.reserveCapacity(count)
      for _ in 0..<count {
        let v = random.unit()
        if v < 0.08 {
          items.append(.height(random.uniform(120, 240).rounded(), span: .full))
        } else if v < 0.18 {
          items.append(.size(width: 16, height: 9, span: .columns(2)))
        } else if v < 0.55 {
          items.append(photo(&random))
        } else {
          items.append(.height(textHeight(&random, charactersPerLine: perLine)))
        }
      }
      var own = WaterfallParameters(columns: columns)
      if s % 3 == 2 { own.footer = 32 }
      sections.append(WaterfallSection(parameters: own, items: items))
    }
    return BenchCollection(name: "mixed", width: width, parameters: parameters, sections: sections)
  }
}
