// A brute-force model of `Docs/Spec/Waterfall.md` with item ids and `keepColumns`, written from
// the spec text alone: each item carries its id and its remembered column; every section is laid
// out from scratch; changes follow the "When an item forgets its column" table.
import Cascade

package struct DynamicWaterfall {
  package struct Entry: Equatable {
    /// The description without id and column.
    package var item: WaterfallItem
    package var id: ItemID?
    /// The remembered start column, or `nil` (placed afresh at the next layout).
    package var remembered: Int?
  }

  package struct Section {
    package var parameters: WaterfallParameters
    package var entries: [Entry]
    /// The column count the section had when last looked at.
    package var columns: Int
  }

  package struct Rejected: Error, CustomStringConvertible {
    package var description: String
  }

  package var width: Double
  package var parameters: WaterfallParameters
  package var sections: [Section] = []
  package var keep: Bool { parameters.keepColumns ?? false }

  package init(width: Double, parameters: WaterfallParameters) {
    self.width = width
    self.parameters = parameters
  }

  /// The column count of a section with `p` at the current width, as the spec computes it.
  package func columns(_ p: WaterfallParameters) -> Int {
    let l = parameters
    let cs = p.columnSpacing ?? l.columnSpacing ?? 10
    let insets = p.insets ?? l.insets ?? EdgeInsets()
    let a = width - insets.left - insets.right
    let choice = (p.columns != nil || p.minColumnWidth != nil) ? p : l
    if let mcw = choice.minColumnWidth {
      var fit = 0
      // A sum past the largest Double: the ratio of the halved sums (Docs/Spec/Waterfall.md, Notes).
      let ratio = (a + cs).isFinite ? (a + cs) / (mcw + cs) : (a / 2 + cs / 2) / (mcw / 2 + cs / 2)
      while Double(fit + 1) <= ratio { fit += 1 }
      return max(1, fit)
    }
    return choice.columns ?? 2
  }

  /// Every id in use and where.
  package var idPlaces: [ItemID: ItemPath] {
    var result: [ItemID: ItemPath] = [:]
    for (s, section) in sections.enumerated() {
      for (i, e) in section.entries.enumerated() { if let id = e.id { result[id] = ItemPath(item: i, section: s) } }
    }
    return result
  }

  func checkUnique() throws(Rejected) {
    var seen = Set<ItemID>()
    for section in sections {
      for e in section.entries { if let id = e.id, !seen.insert(id).inserted { throw Rejected(description: "duplicate \(id)") } }
    }
  }

  /// An entry for a new description in section `s` (whose column count is `c`).
  func entry(_ item: WaterfallItem, columns c: Int) throws(Rejected) -> Entry {
    var plain = item
    plain.id = nil
    plain.column = nil
    if let column = item.column {
      guard keep else { throw Rejected(description: "column without keepColumns") }
      var k = c
      if case .columns(let n) = item.span { k = n }
      guard k < c else { throw Rejected(description: "column on a full-width item") }
      guard column >= 0 && column <= c - k else { throw Rejected(description: "column \(column) outside 0...\(c - k)") }
    }
    return Entry(item: plain, id: item.id, remembered: item.column)
  }

  /// Applies one change; throws (leaving a partly changed model: callers work on a copy) when it
  /// breaks an id or column rule. Index validity is the caller's business.
  package mutating func apply(_ change: WaterfallLayout.Change) throws(Rejected) {
    switch change {
    case .appendItems(let items, let s):
      for item in items { sections[s].entries.append(try entry(item, columns: sections[s].columns)) }
    case .insertItems(let items, let i, let s):
      var new: [Entry] = []
      for item in items { new.append(try entry(item, columns: sections[s].columns)) }
      sections[s].entries.insert(contentsOf: new, at: i)
    case .deleteItems(let r, let s):
      sections[s].entries.removeSubrange(r)
    case .replaceItems(let items, let i, let s):
      for (k, item) in items.enumerated() {
        let old = sections[s].entries[i + k]
        var new = try entry(item, columns: sections[s].columns)
        if new.id == nil { new.id = old.id }
        if item.column == nil && old.item.span == new.item.span { new.remembered = old.remembered }
        sections[s].entries[i + k] = new
        try checkUnique()
      }
    case .moveItem(let from, let to):
      var e = sections[from.section].entries.remove(at: from.item)
      e.remembered = nil
      sections[to.section].entries.insert(e, at: to.item)
    case .insertSection(let section, let s):
      let c = columns(section.parameters)
      var new: [Entry] = []
      for item in section.items { new.append(try entry(item, columns: c)) }
      sections.insert(Section(parameters: section.parameters, entries: new, columns: c), at: s)
    case .deleteSection(let s): sections.remove(at: s)
    case .moveSection(let from, let to): sections.insert(sections.remove(at: from), at: to)
    case .setSectionParameters(let p, let s):
      sections[s].parameters = p
      sections[s].columns = columns(p)
      for i in sections[s].entries.indices { sections[s].entries[i].remembered = nil }
    case .setWidth(let w):
      width = w
      for s in sections.indices {
        let c = columns(sections[s].parameters)
        if c != sections[s].columns {
          sections[s].columns = c
          for i in sections[s].entries.indices { sections[s].entries[i].remembered = nil }
        }
      }
    case .setHeight:
      // The model is of vertical collections, which take their extent as a width.
      throw Rejected(description: "setHeight on a vertical collection")
    }
    try checkUnique()
  }

  /// Applies a batch whole, or throws and changes nothing.
  package mutating func apply(batch: [WaterfallLayout.Change]) throws(Rejected) {
    var copy = self
    for change in batch { try copy.apply(change) }
    self = copy
  }

  /// Lays everything out from scratch by the spec, and remembers the columns items got.
  package mutating func layOut() -> (elements: [LayoutAttributes], contentHeight: Double) {
    var result: [LayoutAttributes] = []
    var y0 = 0.0
    for s in sections.indices {
      let p = sections[s].parameters, l = parameters
      let header = p.header ?? l.header ?? 0
      let footer = p.footer ?? l.footer ?? 0
      let cs = p.columnSpacing ?? l.columnSpacing ?? 10
      let spacing = p.itemSpacing ?? l.itemSpacing ?? 10
      let insets = p.insets ?? l.insets ?? EdgeInsets()
      let tolerance = p.tolerance ?? l.tolerance ?? 0
      let order = p.order ?? l.order ?? .shortestFirst
      var y = 0.0
      if header > 0 {
        result.append(LayoutAttributes(path: .header(s), frame: Rect(x: 0, y: y0, width: width, height: header), zIndex: 1))
        y = header
      }
      let a = width - insets.left - insets.right
      let c = columns(p)
      sections[s].columns = c
      let cw = max(0, (a - Double(c - 1) * cs) / Double(c))
      func x(_ j: Int) -> Double { insets.left + Double(j) * (cw + cs) }
      let top = y + insets.top
      var next = Array(repeating: top, count: c)
      var oneColumn = 0
      var bottom: Double? = nil
      for i in sections[s].entries.indices {
        let item = sections[s].entries[i].item
        let remembered = keep ? sections[s].entries[i].remembered : nil
        var k: Int
        switch item.span { case .full: k = c; case .columns(let n): k = n }
        func height(_ w: Double) -> Double {
          switch item.measure {
          case .height(let h): return h
          case .size(let iw, let ih): return ih == 0 ? ih : ih * w / iw  // 0, not 0 × ∞, at an infinite width
          }
        }
        var frame: Rect
        if k == 1 && c > 1 {
          var j: Int
          if let remembered { j = remembered } else {
            switch order {
            case .shortestFirst:
              let m = next.min()!
              j = next.firstIndex { $0 <= m + tolerance }!
            case .leftToRight: j = oneColumn % c
            case .rightToLeft: j = c - 1 - oneColumn % c
            }
          }
          oneColumn += 1
          frame = Rect(x: x(j), y: next[j], width: cw, height: height(cw))
          next[j] = frame.maxY + spacing
          if keep { sections[s].entries[i].remembered = j }
        } else if k > 1 && k < c {
          let ys = (0...(c - k)).map { s in next[s..<(s + k)].max()! }
          let m = ys.min()!
          let st = remembered ?? ys.firstIndex { $0 <= m + tolerance }!
          let w = Double(k) * cw + Double(k - 1) * cs
          frame = Rect(x: x(st), y: ys[st], width: w, height: height(w))
          for j in st..<(st + k) { next[j] = frame.maxY + spacing }
          if keep { sections[s].entries[i].remembered = st }
        } else {
          let w = max(0, a)
          frame = Rect(x: insets.left, y: next.max()!, width: w, height: height(w))
          for j in 0..<c { next[j] = frame.maxY + spacing }
          sections[s].entries[i].remembered = nil
        }
        bottom = max(bottom ?? frame.maxY, frame.maxY)
        frame.origin.y += y0
        result.append(LayoutAttributes(path: .item(i, section: s), frame: frame, zIndex: 0))
      }
      var end = (bottom ?? top) + insets.bottom
      if footer > 0 {
        result.append(LayoutAttributes(path: .footer(s), frame: Rect(x: 0, y: y0 + end, width: width, height: footer), zIndex: 1))
        end += footer
      }
      y0 += end
    }
    return (result, y0)
  }
}

extension SplitMix64 {
  /// An id from a small pool (so that duplicates happen), integer or string.
  package mutating func itemID(pool: Int = 60) -> ItemID {
    chance(0.5) ? .int(Int64(int(0...pool))) : .string("i\(int(0...pool))")
  }

  /// A random item for section `c` columns, sometimes with an id and, with `keep`, a column.
  package mutating func dynamicItem(columns c: Int, keep: Bool, ids: Bool) -> WaterfallItem {
    var item = item(columns: max(2, c))
    if ids && chance(0.6) { item.id = itemID() }
    if keep && chance(0.2) {
      var k = c
      if case .columns(let n) = item.span { k = n }
      if k < c { item.column = int(0...(c - k)) }
    }
    return item
  }

  /// A change for `model` with valid indices; ids may collide (the model decides).
  package mutating func dynamicChange(for model: DynamicWaterfall, ids: Bool) -> WaterfallLayout.Change {
    let keep = model.keep
    let s = model.sections.isEmpty ? 0 : int(0...model.sections.count - 1)
    let n = model.sections.isEmpty ? 0 : model.sections[s].entries.count
    let c = model.sections.isEmpty ? 2 : model.sections[s].columns
    func items(_ k: Int) -> [WaterfallItem] { (0..<k).map { _ in dynamicItem(columns: c, keep: keep, ids: ids) } }
    if model.sections.isEmpty || chance(0.05) {
      let p = parameters(section: true)
      let pc = model.columns(p)
      return .insertSection(WaterfallSection(parameters: p, items: (0..<int(0...20)).map { _ in dynamicItem(columns: pc, keep: keep, ids: ids) }),
                            at: int(0...model.sections.count))
    }
    switch int(0...13) {
    case 0, 1: return .appendItems(items(int(1...8)), section: s)
    case 2, 3: return .insertItems(items(int(1...4)), at: int(0...n), section: s)
    case 4 where n > 0, 5 where n > 0:
      let a = int(0...n - 1)
      return .deleteItems(a..<(a + int(0...min(4, n - a))), section: s)
    case 6 where n > 0, 7 where n > 0, 8 where n > 0:
      // Mostly a height change that keeps the span (the keepColumns case), sometimes anything.
      let a = int(0...n - 1)
      let count = int(1...min(3, n - a))
      return .replaceItems((0..<count).map { k in
        if chance(0.7) {
          var item = model.sections[s].entries[a + k].item
          item.measure = .height(length())
          if ids && chance(0.1) { item.id = itemID() }
          return item
        }
        return dynamicItem(columns: c, keep: keep, ids: ids)
      }, at: a, section: s)
    case 9 where n > 0:
      let t = int(0...model.sections.count - 1)
      let m = model.sections[t].entries.count - (t == s ? 1 : 0)
      return .moveItem(from: ItemPath(item: int(0...n - 1), section: s), to: ItemPath(item: int(0...m), section: t))
    case 10: return chance(0.3) ? .deleteSection(at: s) : .setSectionParameters(parameters(section: true), section: s)
    case 11: return .moveSection(from: s, to: int(0...model.sections.count - 1))
    case 12: return .setWidth(chance(0.5) ? model.width * double(0.9...1.1) : double(50...1200))
    default: return .appendItems(items(int(1...3)), section: s)
    }
  }
}
