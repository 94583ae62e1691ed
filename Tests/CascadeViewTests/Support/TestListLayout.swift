import Cascade
import CascadeView

/// A minimal one-column list, to show the view works over any `CollectionLayout`: each item is a
/// height, items are stacked with no spacing, sections have no headers. Queries scan linearly;
/// fine for tests.
struct TestListLayout: CollectionLayout {
  struct Parameters: Hashable, Sendable {}
  typealias Item = Double
  typealias SectionParameters = Parameters

  var width: Double
  var sections: [[Double]] = []

  var contentSize: Size { Size(width: width, height: sections.joined().reduce(0, +)) }
  var numberOfSections: Int { sections.count }
  func numberOfItems(inSection section: Int) -> Int { sections.indices.contains(section) ? sections[section].count : 0 }

  func layoutAttributes(for path: ElementPath) -> LayoutAttributes? {
    guard path.kind == .item, sections.indices.contains(path.section), sections[path.section].indices.contains(path.item)
    else { return nil }
    var y = 0.0
    for s in 0..<path.section { y += sections[s].reduce(0, +) }
    for i in 0..<path.item { y += sections[path.section][i] }
    return LayoutAttributes(path: path, frame: Rect(x: 0, y: y, width: width, height: sections[path.section][path.item]))
  }

  func forEachElement(in rect: Rect, after: ElementPath?, _ body: (LayoutAttributes) -> Bool) {
    var y = 0.0
    for (s, items) in sections.enumerated() {
      for (i, h) in items.enumerated() {
        let frame = Rect(x: 0, y: y, width: width, height: h)
        y += h
        let path = ElementPath.item(i, section: s)
        if let after, !(after < path) { continue }
        if h != 0 && frame.intersects(rect) && !body(LayoutAttributes(path: path, frame: frame)) { return }
      }
    }
  }

  func element(at point: Point) -> LayoutAttributes? {
    var found: LayoutAttributes?
    forEachElement(in: Rect(x: point.x, y: point.y, width: 0.5, height: 0.5), after: nil) {
      if $0.frame.contains(point) { found = $0; return false }
      return true
    }
    return found
  }

  mutating func apply(_ changes: [LayoutChange<Double, Parameters>]) throws(LayoutError) {
    var copy = self
    for (n, change) in changes.enumerated() {
      func check(_ ok: Bool, _ s: Int) throws(LayoutError) {
        if !ok { throw LayoutError(.section(s), "out of range", changeIndex: n) }
      }
      switch change {
      case .appendItems(let items, let s):
        try check(copy.sections.indices.contains(s), s)
        copy.sections[s] += items
      case .insertItems(let items, let at, let s):
        try check(copy.sections.indices.contains(s) && (0...copy.sections[s].count).contains(at), s)
        copy.sections[s].insert(contentsOf: items, at: at)
      case .deleteItems(let range, let s):
        try check(copy.sections.indices.contains(s) && range.lowerBound >= 0 && range.upperBound <= copy.sections[s].count, s)
        copy.sections[s].removeSubrange(range)
      case .moveItem(let from, let to):
        try check(copy.sections.indices.contains(from.section) && copy.sections[from.section].indices.contains(from.item), from.section)
        let item = copy.sections[from.section].remove(at: from.item)
        try check(copy.sections.indices.contains(to.section) && (0...copy.sections[to.section].count).contains(to.item), to.section)
        copy.sections[to.section].insert(item, at: to.item)
      case .replaceItems(let items, let at, let s):
        try check(copy.sections.indices.contains(s) && at >= 0 && at + items.count <= copy.sections[s].count, s)
        copy.sections[s].replaceSubrange(at..<(at + items.count), with: items)
      case .insertSection(let section, let at):
        try check((0...copy.sections.count).contains(at), at)
        copy.sections.insert(section.items, at: at)
      case .deleteSection(let at):
        try check(copy.sections.indices.contains(at), at)
        copy.sections.remove(at: at)
      case .moveSection(let from, let to):
        try check(copy.sections.indices.contains(from) && copy.sections.indices.contains(to), from)
        copy.sections.insert(copy.sections.remove(at: from), at: to)
      case .setSectionParameters(_, let s):
        try check(copy.sections.indices.contains(s), s)
      case .setWidth(let w):
        if !(w.isFinite && w > 0) { throw LayoutError(.collection, field: "width", "must be > 0", changeIndex: n) }
        copy.width = w
      case .setHeight:
        throw LayoutError(.collection, field: "height", "cannot be set on a vertical collection", changeIndex: n)
      }
    }
    self = copy
  }
}

/// A layout of one's own opts into the data source's `parametersForSection` default.
extension TestListLayout.Parameters: DefaultSectionParameters {
  static var noOverrides: TestListLayout.Parameters { TestListLayout.Parameters() }
}
