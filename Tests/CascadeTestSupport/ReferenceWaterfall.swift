// A brute-force model of `Docs/Spec/Waterfall.md`, written from the spec alone and as plainly as
// possible: every section laid out from scratch, every query a scan of every frame. The fast
// layout is checked against it.
import Cascade

package struct ReferenceWaterfall {
  package struct Section {
    package var parameters: WaterfallParameters
    package var items: [WaterfallItem]

    /// A section of `items`, with `parameters` over the layout's.
    package init(parameters: WaterfallParameters, items: [WaterfallItem]) {
      self.parameters = parameters
      self.items = items
    }
  }

  package var width: Double
  package var parameters: WaterfallParameters
  package var sections: [Section]

  /// A collection of `sections` laid out at `width`.
  package init(width: Double, parameters: WaterfallParameters, sections: [Section]) {
    self.width = width
    self.parameters = parameters
    self.sections = sections
  }

  /// Every element's attributes, in spec order, frames computed as `Docs/Spec/Waterfall.md` says.
  package func compute() -> (elements: [LayoutAttributes], contentHeight: Double) {
    var result: [LayoutAttributes] = []
    var y0 = 0.0
    for (s, section) in sections.enumerated() {
      let p = section.parameters, l = parameters
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
      let c: Int
      let levelChoice = (p.columns != nil || p.minColumnWidth != nil) ? p : l
      if let mcw = levelChoice.minColumnWidth {
        var fit = 0
        // A sum past the largest Double: the ratio of the halved sums (Docs/Spec/Waterfall.md, Notes).
        let ratio = (a + cs).isFinite ? (a + cs) / (mcw + cs) : (a / 2 + cs / 2) / (mcw / 2 + cs / 2)
        while Double(fit + 1) <= ratio { fit += 1 }  // floor, the slow way
        c = max(1, fit)
      } else {
        c = levelChoice.columns ?? 2
      }
      let cw = max(0, (a - Double(c - 1) * cs) / Double(c))
      func x(_ j: Int) -> Double { insets.left + Double(j) * (cw + cs) }
      let top = y + insets.top
      var next = Array(repeating: top, count: c)
      var oneColumn = 0
      var bottom: Double? = nil
      for (i, item) in section.items.enumerated() {
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
          switch order {
          case .shortestFirst:
            let m = next.min()!
            j = next.firstIndex { $0 <= m + tolerance }!
          case .leftToRight: j = oneColumn % c
          case .rightToLeft: j = c - 1 - oneColumn % c
          }
          oneColumn += 1
          frame = Rect(x: x(j), y: next[j], width: cw, height: height(cw))
          next[j] = frame.maxY + spacing
        } else if k > 1 && k < c {
          let ys = (0...(c - k)).map { s in next[s..<(s + k)].max()! }
          let m = ys.min()!
          let s = ys.firstIndex { $0 <= m + tolerance }!
          let w = Double(k) * cw + Double(k - 1) * cs
          frame = Rect(x: x(s), y: ys[s], width: w, height: height(w))
          for j in s..<(s + k) { next[j] = frame.maxY + spacing }
        } else {
          let w = max(0, a)
          frame = Rect(x: insets.left, y: next.max()!, width: w, height: height(w))
          for j in 0..<c { next[j] = frame.maxY + spacing }
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

  /// The content height: the last section's `y0 + end`.
  package var contentHeight: Double { compute().contentHeight }

  package func elements() -> [LayoutAttributes] { compute().elements }
}

/// The rect query of `Docs/Spec/Waterfall.md` as a scan of every element.
package func bruteForceQuery(_ elements: [LayoutAttributes], _ rect: Rect) -> [LayoutAttributes] {
  elements.filter { f in
    let r = f.frame
    return r.height != 0 && r.minX < rect.maxX && r.maxX > rect.minX && r.minY < rect.maxY && r.maxY > rect.minY
  }.sorted { $0.path < $1.path }
}

/// The point query of `Docs/Spec/Waterfall.md` as a scan of every element.
package func bruteForcePoint(_ elements: [LayoutAttributes], _ p: Point) -> LayoutAttributes? {
  elements.sorted { $0.path < $1.path }.first { f in
    f.frame.minX <= p.x && p.x < f.frame.maxX && f.frame.minY <= p.y && p.y < f.frame.maxY
  }
}

/// Every element of a layout, through its public single-element accessor, in spec order.
package func allElements<L: CollectionLayout>(_ layout: L) -> [LayoutAttributes] {
  var result: [LayoutAttributes] = []
  for s in 0..<layout.numberOfSections {
    if let h = layout.layoutAttributes(for: .header(s)) { result.append(h) }
    for i in 0..<layout.numberOfItems(inSection: s) {
      if let a = layout.layoutAttributes(for: .item(i, section: s)) { result.append(a) }
    }
    if let f = layout.layoutAttributes(for: .footer(s)) { result.append(f) }
  }
  return result
}

/// `a` and `b` within 1e-9 of the magnitude, the spec's tolerance.
package func close(_ a: Double, _ b: Double) -> Bool {
  a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
}

package func close(_ a: Rect, _ b: Rect) -> Bool {
  close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
}

