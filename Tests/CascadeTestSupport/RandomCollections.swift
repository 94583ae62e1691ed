// Random collections and changes for the randomized tests. Everything is drawn from a seeded
// SplitMix64, so a failure's seed replays it.
import Cascade

extension SplitMix64 {
  package mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
  package mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
  package mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

  /// Values with many ties: small integers, sometimes fractions, sometimes 0.
  package mutating func length(_ max: Int = 300) -> Double {
    if chance(0.05) { return 0 }
    return chance(0.7) ? Double(int(1...max / 10) * 10) : double(0...Double(max))
  }

  package mutating func item(columns: Int = 4) -> WaterfallItem {
    let measure: WaterfallItem.Measure =
      chance(0.7) ? .height(length()) : .size(width: double(1...400), height: length(400))
    let span: WaterfallItem.Span
    switch int(0...9) {
    case 0: span = .full
    case 1, 2: span = .columns(int(2...columns + 1))
    default: span = .columns(1)
    }
    return WaterfallItem(measure, span: span)
  }

  package mutating func items(_ count: Int) -> [WaterfallItem] { (0..<count).map { _ in item() } }

  package mutating func parameters(section: Bool) -> WaterfallParameters {
    var p = WaterfallParameters()
    if chance(0.5) {
      if chance(0.7) { p.columns = int(1...5) } else { p.minColumnWidth = double(20...200) }
    }
    if chance(0.4) { p.columnSpacing = length(20) }
    if chance(0.4) { p.itemSpacing = length(20) }
    if chance(0.3) { p.insets = EdgeInsets(top: length(30), left: length(30), bottom: length(30), right: length(30)) }
    if chance(0.4) { p.header = length(60) }
    if chance(0.4) { p.footer = length(60) }
    if chance(0.4) { p.order = [.shortestFirst, .leftToRight, .rightToLeft][int(0...2)] }
    if chance(0.3) { p.tolerance = length(40) }
    return p
  }

  package mutating func reference(sections: ClosedRange<Int>, items: ClosedRange<Int>) -> ReferenceWaterfall {
    ReferenceWaterfall(
      width: double(50...1200), parameters: parameters(section: false),
      sections: (0..<int(sections)).map { _ in .init(parameters: parameters(section: true), items: self.items(int(items))) })
  }

  /// A rect inside or around `content`, sometimes degenerate.
  package mutating func rect(in content: Size) -> Rect {
    /// `lo...hi`, its far end brought in when the span overflows (a content size near the
    /// largest double): a draw from an infinite span traps.
    func span(_ lo: Double, _ hi: Double) -> ClosedRange<Double> {
      (hi - lo).isFinite ? lo...hi : lo...(lo + Swift.min(hi, .greatestFiniteMagnitude / 2))
    }
    let h = max(1, content.height)
    let y = double(span(-50, h + 50))
    let x = double(span(-50, content.width + 50))
    let width = chance(0.5) ? content.width + 100 : double(span(0, content.width))
    let height = chance(0.1) ? 0 : double(span(0, max(1, h / 4)))
    return Rect(x: chance(0.5) ? -10 : x, y: y, width: width, height: height)
  }
}

extension ReferenceWaterfall {
  package func layout() throws -> WaterfallLayout {
    try WaterfallLayout(width: width, parameters: parameters,
                        sections: sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) })
  }

  /// Applies a change the way `Docs/Spec/Waterfall.md` and `LayoutChange` describe it, to the plain model.
  package mutating func apply(_ change: WaterfallLayout.Change) {
    switch change {
    case .appendItems(let items, let s): sections[s].items += items
    case .insertItems(let items, let i, let s): sections[s].items.insert(contentsOf: items, at: i)
    case .deleteItems(let r, let s): sections[s].items.removeSubrange(r)
    case .replaceItems(let items, let i, let s): sections[s].items.replaceSubrange(i..<(i + items.count), with: items)
    case .moveItem(let from, let to):
      let item = sections[from.section].items.remove(at: from.item)
      sections[to.section].items.insert(item, at: to.item)
    case .insertSection(let section, let s): sections.insert(.init(parameters: section.parameters, items: section.items), at: s)
    case .deleteSection(let s): sections.remove(at: s)
    case .moveSection(let from, let to): sections.insert(sections.remove(at: from), at: to)
    case .setSectionParameters(let p, let s): sections[s].parameters = p
    case .setWidth(let w): width = w
    case .setHeight: break  // the model is vertical
    }
  }
}

extension SplitMix64 {
  /// A valid change for `model`.
  package mutating func change(for model: ReferenceWaterfall) -> WaterfallLayout.Change {
    let s = model.sections.isEmpty ? 0 : int(0...model.sections.count - 1)
    let n = model.sections.isEmpty ? 0 : model.sections[s].items.count
    if model.sections.isEmpty || chance(0.06) {
      return .insertSection(WaterfallSection(parameters: parameters(section: true), items: items(int(0...20))),
                            at: int(0...model.sections.count))
    }
    switch int(0...11) {
    case 0, 1, 2: return .appendItems(items(int(1...12)), section: chance(0.5) ? model.sections.count - 1 : s)
    case 3: return .insertItems(items(int(1...5)), at: int(0...n), section: s)
    case 4 where n > 0:
      let a = int(0...n - 1)
      return .deleteItems(a..<(a + int(0...min(5, n - a))), section: s)
    case 5 where n > 0:
      let a = int(0...n - 1)
      return .replaceItems(items(int(1...min(3, n - a))), at: a, section: s)
    case 6 where n > 0:
      let t = int(0...model.sections.count - 1)
      let m = model.sections[t].items.count - (t == s ? 1 : 0)
      return .moveItem(from: ItemPath(item: int(0...n - 1), section: s), to: ItemPath(item: int(0...m), section: t))
    case 7: return chance(0.3) ? .deleteSection(at: s) : .setSectionParameters(parameters(section: true), section: s)
    case 8: return .moveSection(from: s, to: int(0...model.sections.count - 1))
    case 9: return .setWidth(double(50...1200))
    default: return .appendItems(items(int(1...3)), section: s)
    }
  }

  /// A change that the layout must reject, and a word on why.
  package mutating func invalidChange(for model: ReferenceWaterfall) -> WaterfallLayout.Change {
    let s = model.sections.count
    let n = model.sections.first?.items.count ?? 0
    switch int(0...9) {
    case 0: return .appendItems([10], section: s)
    case 1: return .insertItems([10], at: n + 1, section: 0)
    case 2: return .deleteItems(0..<(n + 1), section: 0)
    case 3: return .appendItems([.height(-1)], section: 0)
    case 4: return .appendItems([.size(width: 0, height: 10)], section: 0)
    case 5: return .insertItems([.height(5, span: .columns(0))], at: 0, section: 0)
    case 6: return .setWidth(chance(0.5) ? 0 : .nan)
    case 7: return .setSectionParameters(WaterfallParameters(columns: 0), section: 0)
    case 8: return .replaceItems([.height(.infinity)], at: 0, section: 0)
    default: return .moveSection(from: 0, to: s)
    }
  }
}
