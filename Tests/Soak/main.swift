// cascade-soak: a million random session requests on small collections, each answer checked
// against the brute-force reference waterfall of Docs/Spec/Waterfall.md (CascadeTestSupport's
// ReferenceWaterfall) and request rules written from Docs/Spec/Protocol.md.
//
//   swift run -c release cascade-soak              # 1,000,000 requests, seed 1
//   swift run cascade-soak --short                 # 50,000 requests (CI)
//   swift run cascade-soak --requests 200000 --seed 42
//
// Prints the count of requests, of refused ones and of mismatches; exits 1 on any mismatch.
// The model is independent of the library: it lays out from scratch with the reference, decides
// acceptance from the spec's rules (indices, finite and positive values), and compares frames
// with the spec's tolerance (1e-9 relative).

import Cascade
import CascadeJSON
import CascadeTestSupport
import Foundation

// MARK: Options

var total = 1_000_000
var seed: UInt64 = 1
nonisolated(unsafe) var verbose = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--short": total = 50_000
  case "--requests": total = arguments.popFirst().flatMap { Int($0) } ?? -1
  case "--seed": seed = arguments.popFirst().flatMap { UInt64($0) } ?? 0
  case "--verbose": verbose = true
  case "-h", "--help":
    print("usage: cascade-soak [--short | --requests N] [--seed S] [--verbose]")
    exit(0)
  default:
    FileHandle.standardError.write(Data("cascade-soak: unknown argument '\(argument)'\n".utf8))
    exit(2)
  }
}
guard total >= 0 else { FileHandle.standardError.write(Data("cascade-soak: --requests needs a count\n".utf8)); exit(2) }

// MARK: The spec's rules

func finite(_ v: Double?, positive: Bool = false) -> Bool {
  guard let v else { return true }
  return v.isFinite && (positive ? v > 0 : v >= 0)
}

func valid(_ item: WaterfallItem) -> Bool {
  switch item.measure {
  case .height(let h): guard finite(h) else { return false }
  case .size(let w, let h): guard finite(w, positive: true), finite(h) else { return false }
  }
  if case .columns(let k) = item.span, k < 1 { return false }
  return true
}

func valid(_ p: WaterfallParameters) -> Bool {
  if p.columns != nil && p.minColumnWidth != nil { return false }
  if let c = p.columns, c < 1 || c > WaterfallParameters.maximumColumns { return false }
  guard finite(p.minColumnWidth, positive: true), finite(p.columnSpacing), finite(p.itemSpacing), finite(p.header),
        finite(p.footer), finite(p.tolerance) else { return false }
  if let i = p.insets, !(finite(i.top) && finite(i.left) && finite(i.bottom) && finite(i.right)) { return false }
  return true
}

func valid(_ model: ReferenceWaterfall) -> Bool {
  finite(model.width, positive: true) && valid(model.parameters)
    && model.sections.allSatisfy { valid($0.parameters) && $0.items.allSatisfy(valid) }
}

// MARK: JSON text of the model's values

func number(_ v: Double) -> String { JSONWriter.format(v) }

func json(_ item: WaterfallItem, _ rng: inout SplitMix64) -> String {
  var members: [String]
  switch item.measure {
  case .height(let h):
    if item.span == .columns(1) && rng.chance(0.5) { return number(h) }
    members = [#""height":\#(number(h))"#]
  case .size(let w, let h): members = [#""size":[\#(number(w)),\#(number(h))]"#]
  }
  switch item.span {
  case .full: members.append(#""span":"full""#)
  case .columns(let k) where k != 1 || rng.chance(0.1): members.append(#""span":\#(k)"#)
  default: break
  }
  return "{" + members.joined(separator: ",") + "}"
}

func json(_ p: WaterfallParameters) -> [String] {
  var m: [String] = []
  if let v = p.columns { m.append(#""columns":\#(v)"#) }
  if let v = p.minColumnWidth { m.append(#""minColumnWidth":\#(number(v))"#) }
  if let v = p.columnSpacing { m.append(#""columnSpacing":\#(number(v))"#) }
  if let v = p.itemSpacing { m.append(#""itemSpacing":\#(number(v))"#) }
  if let i = p.insets {
    m.append(#""insets":{"top":\#(number(i.top)),"left":\#(number(i.left)),"bottom":\#(number(i.bottom)),"right":\#(number(i.right))}"#)
  }
  if let v = p.header { m.append(#""header":\#(number(v))"#) }
  if let v = p.footer { m.append(#""footer":\#(number(v))"#) }
  if let v = p.order { m.append(#""order":"\#(v.rawValue)""#) }
  if let v = p.tolerance { m.append(#""tolerance":\#(number(v))"#) }
  return m
}

func json(_ section: ReferenceWaterfall.Section, _ rng: inout SplitMix64) -> String {
  "{" + (json(section.parameters) + [#""items":[\#(section.items.map { json($0, &rng) }.joined(separator: ","))]"#]).joined(separator: ",") + "}"
}

func json(_ model: ReferenceWaterfall, _ rng: inout SplitMix64) -> String {
  #"{"width":\#(number(model.width)),"layout":{\#(json(model.parameters).joined(separator: ","))},"sections":[\#(model.sections.map { json($0, &rng) }.joined(separator: ","))]}"#
}

// MARK: Values that break a rule

extension SplitMix64 {
  /// An item, broken with probability `p`.
  mutating func maybeBadItem(_ p: Double) -> WaterfallItem {
    var item = item()
    if chance(p) {
      switch int(0...3) {
      case 0: item.measure = .height(-double(0.5...100))
      case 1: item.measure = .size(width: chance(0.5) ? 0 : -3, height: 10)
      case 2: item.measure = .size(width: 5, height: -1)
      default: item.span = .columns(int(-2...0))
      }
    }
    return item
  }

  mutating func maybeBadParameters(_ p: Double) -> WaterfallParameters {
    var parameters = parameters(section: true)
    if chance(p) {
      switch int(0...4) {
      case 0: parameters.columns = int(-1...0); parameters.minColumnWidth = nil
      case 1: parameters.columns = 2; parameters.minColumnWidth = 50
      case 2: parameters.itemSpacing = -1
      case 3: parameters.header = -double(1...10)
      default: parameters.minColumnWidth = 0; parameters.columns = nil
      }
    }
    return parameters
  }

  /// An index around `0..<count` (`0...count` with `end`): mostly inside, sometimes just outside.
  mutating func index(_ count: Int, end: Bool = false) -> Int {
    if chance(0.08) { return [-1, count + (end ? 1 : 0), count + 5, -7].randomElement(using: &self)! }
    let upper = end ? count : count - 1
    return upper < 0 ? 0 : int(0...upper)
  }
}

// MARK: The soak

struct Soak {
  var rng: SplitMix64
  var session = CascadeSession()
  var model: ReferenceWaterfall?
  var elements: [LayoutAttributes] = []
  var contentHeight = 0.0
  var requests = 0, refused = 0, mismatches = 0
  var counts: [String: (sent: Int, refused: Int)] = [:]
  /// The last page: its rect's text and the cursor it returned.
  var page: (rect: Rect, cursor: String, after: ElementPath)?

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  mutating func relayout() {
    guard let model else { elements = []; contentHeight = 0; return }
    (elements, contentHeight) = model.compute()
  }

  mutating func mismatch(_ line: String, _ response: String, _ why: String) {
    mismatches += 1
    if mismatches <= 20 || verbose { print("MISMATCH \(why)\n  request:  \(line.prefix(400))\n  response: \(response.prefix(400))") }
  }

  /// One request: its line, and what the model says (nil: refused; else the model after it,
  /// and how to check the response).
  enum Check { case contentSize, query(Rect), page(Rect, after: ElementPath?, limit: Int), point(Point), frame(ElementPath), layout }

  mutating func step() {
    requests += 1
    var op = ""
    var line = ""
    var next: ReferenceWaterfall? = nil
    var check: Check? = nil
    let sections = model?.sections.count ?? 0
    func count(_ s: Int) -> Int { model.map { $0.sections.indices.contains(s) ? $0.sections[s].items.count : 0 } ?? 0 }
    let roll = model == nil ? 0 : rng.int(0...99)
    switch roll {
    case 0...3:
      op = "load"
      var new = rng.reference(sections: rng.chance(0.1) ? 0...0 : 1...4, items: 0...25)
      if rng.chance(0.2) {
        switch rng.int(0...3) {
        case 0: new.width = rng.chance(0.5) ? 0 : -rng.double(1...100)
        case 1: new.parameters = rng.maybeBadParameters(1)
        case 2 where !new.sections.isEmpty: new.sections[0].parameters = rng.maybeBadParameters(1)
        default: if !new.sections.isEmpty { new.sections[new.sections.count - 1].items.append(rng.maybeBadItem(1)) }
        }
      }
      line = #"{"op":"load","collection":\#(json(new, &rng))}"#
      if valid(new) { next = new; check = .contentSize }
    case 4...17:
      op = "append"
      let s = rng.index(sections)
      let items = (0..<rng.int(0...6)).map { _ in rng.maybeBadItem(0.05) }
      line = #"{"op":"append","section":\#(s),"items":[\#(items.map { json($0, &rng) }.joined(separator: ","))]}"#
      if var m = model, m.sections.indices.contains(s), items.allSatisfy(valid) {
        m.sections[s].items += items
        next = m; check = .contentSize
      }
    case 18...25:
      op = "insert"
      let s = rng.index(sections), at = rng.index(count(s), end: true)
      let items = (0..<rng.int(0...4)).map { _ in rng.maybeBadItem(0.05) }
      line = #"{"op":"insert","section":\#(s),"at":\#(at),"items":[\#(items.map { json($0, &rng) }.joined(separator: ","))]}"#
      if var m = model, m.sections.indices.contains(s), at >= 0 && at <= count(s), items.allSatisfy(valid) {
        m.sections[s].items.insert(contentsOf: items, at: at)
        next = m; check = .contentSize
      }
    case 26...33:
      op = "delete"
      let s = rng.index(sections), at = rng.index(count(s), end: true)
      let n = rng.chance(0.05) ? -1 : rng.int(0...Swift.max(0, Swift.min(4, count(s) - Swift.max(0, at)) + (rng.chance(0.05) ? 1 : 0)))
      line = #"{"op":"delete","section":\#(s),"at":\#(at),"count":\#(n)}"#
      if var m = model, m.sections.indices.contains(s), n >= 0, at >= 0, at + n <= count(s) {
        m.sections[s].items.removeSubrange(at..<(at + n))
        next = m; check = .contentSize
      }
    case 34...41:
      op = "update"
      let s = rng.index(sections), at = rng.index(count(s))
      let items = (0..<rng.int(0...3)).map { _ in rng.maybeBadItem(0.05) }
      line = #"{"op":"update","section":\#(s),"at":\#(at),"items":[\#(items.map { json($0, &rng) }.joined(separator: ","))]}"#
      if var m = model, m.sections.indices.contains(s), at >= 0, at + items.count <= count(s), items.allSatisfy(valid) {
        m.sections[s].items.replaceSubrange(at..<(at + items.count), with: items)
        next = m; check = .contentSize
      }
    case 42...45:
      op = "insertSection"
      let at = rng.index(sections, end: true)
      let section = ReferenceWaterfall.Section(
        parameters: rng.maybeBadParameters(0.05), items: (0..<rng.int(0...10)).map { _ in rng.maybeBadItem(0.03) })
      line = #"{"op":"insertSection","at":\#(at),"section":\#(json(section, &rng))}"#
      if var m = model, at >= 0 && at <= sections, valid(section.parameters), section.items.allSatisfy(valid) {
        m.sections.insert(section, at: at)
        next = m; check = .contentSize
      }
    case 46...48:
      op = "deleteSection"
      let at = rng.index(sections)
      line = #"{"op":"deleteSection","at":\#(at)}"#
      if var m = model, m.sections.indices.contains(at) {
        m.sections.remove(at: at)
        next = m; check = .contentSize
      }
    case 49...52:
      op = "width"
      let w = rng.chance(0.05) ? [0, -10].randomElement(using: &rng)! : rng.double(50...1200)
      line = #"{"op":"width","width":\#(number(w))}"#
      if var m = model, w > 0 {
        m.width = w
        next = m; check = .contentSize
      }
    case 53...69:
      op = "query"
      let r = rng.rect(in: Size(width: model?.width ?? 0, height: contentHeight))
      line = #"{"op":"query","rect":[\#(number(r.minX)),\#(number(r.minY)),\#(number(r.width)),\#(number(r.height))]}"#
      next = model; check = .query(r)
    case 70...81:
      op = "page"
      let limit = rng.int(1...5)
      if let page, rng.chance(0.7) {
        line = #"{"op":"page","rect":[\#(number(page.rect.minX)),\#(number(page.rect.minY)),\#(number(page.rect.width)),\#(number(page.rect.height))],"limit":\#(limit),"cursor":"\#(page.cursor)"}"#
        next = model; check = .page(page.rect, after: page.after, limit: limit)
      } else {
        let r = rng.rect(in: Size(width: model?.width ?? 0, height: contentHeight))
        line = #"{"op":"page","rect":[\#(number(r.minX)),\#(number(r.minY)),\#(number(r.width)),\#(number(r.height))],"limit":\#(limit)}"#
        next = model; check = .page(r, after: nil, limit: limit)
      }
    case 82...89:
      op = "point"
      let p = Point(x: rng.double(-10...(model?.width ?? 0) + 10), y: rng.double(-10...contentHeight + 10))
      line = #"{"op":"point","point":[\#(number(p.x)),\#(number(p.y))]}"#
      next = model; check = .point(p)
    case 90...94:
      op = "frame"
      let s = rng.index(sections), i = rng.index(count(s))
      line = #"{"op":"frame","section":\#(s),"item":\#(i)}"#
      if model?.sections.indices.contains(s) == true, i >= 0 && i < count(s) { next = model; check = .frame(.item(i, section: s)) }
    case 95...96:
      op = "layout"
      line = #"{"op":"layout"}"#
      next = model; check = .layout
    default:
      op = "malformed"
      line = [
        #"{"op":"fly"}"#, #"{"op":"append","section":0}"#, #"{"op":"query","rect":[0,0,1]}"#, #"{"op":"layout","x":1}"#,
        #"{"op":"delete","section":0,"at":0,"count":1.5}"#, #"{"op":"width","width":true}"#, "{", "", "[]",
        #"{"op":"page","rect":[0,0,1,1],"limit":0}"#, #"{"op":"page","rect":[0,0,1,1],"limit":1,"cursor":"0.i0.0000000000000000"}"#,
      ].randomElement(using: &rng)!
    }
    let response = session.respond(to: Array(line.utf8))
    counts[op, default: (0, 0)].sent += 1
    guard let check else {
      refused += 1
      counts[op, default: (0, 0)].refused += 1
      if !response.hasPrefix(#"{"ok":false,"error":""#) { mismatch(line, response, "expected a refusal") }
      return
    }
    guard case .object(let members)? = try? JSONParser.parse(Array(response.utf8)), members.first?.value == .bool(true) else {
      mismatch(line, response, "expected success")
      return
    }
    if case .contentSize = check {
      model = next
      relayout()
      page = nil
    }
    func value(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
    switch check {
    case .contentSize:
      guard let size = numbers(value("contentSize")), size.count == 2, size[0] == model!.width, close(size[1], contentHeight) else {
        return mismatch(line, response, "content size, expected [\(model!.width), \(contentHeight)]")
      }
    case .query(let r):
      compare(value("elements"), bruteForceQuery(elements, r), line, response)
    case .page(let r, let after, let limit):
      let rest = bruteForceQuery(elements, r).filter { after == nil || after! < $0.path }
      let expected = Array(rest.prefix(limit))
      compare(value("elements"), expected, line, response)
      switch value("next") {
      case .string(let cursor)?:
        if rest.count <= limit { mismatch(line, response, "a cursor on the last page") }
        page = expected.last.map { (r, cursor, $0.path) }
      case .null?:
        if rest.count > limit { mismatch(line, response, "no cursor, \(rest.count - limit) elements follow") }
        page = nil
      default: mismatch(line, response, "no next key")
      }
    case .point(let p):
      let expected = bruteForcePoint(elements, p)
      if case .null? = value("element") {
        if let expected { mismatch(line, response, "no element, expected \(expected)") }
      } else {
        compare(value("element").map { .array([$0]) }, expected.map { [$0] } ?? [], line, response)
      }
    case .frame(let path):
      guard let expected = elements.first(where: { $0.path == path }), let frame = numbers(value("frame")), frame.count == 4,
            close(Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]), expected.frame) else {
        return mismatch(line, response, "frame of \(path)")
      }
    case .layout:
      guard case .array(let list)? = value("sections"), list.count == model!.sections.count else {
        return mismatch(line, response, "layout sections")
      }
      var reported: [LayoutAttributes] = []
      for (s, section) in list.enumerated() {
        guard case .object(let keys) = section else { return mismatch(line, response, "layout section \(s)") }
        for key in keys {
          switch (key.key, key.value) {
          case ("header", .array), ("footer", .array):
            if let f = numbers(key.value) {
              reported.append(LayoutAttributes(path: key.key == "header" ? .header(s) : .footer(s), frame: Rect(x: f[0], y: f[1], width: f[2], height: f[3])))
            }
          case ("items", .array(let items)):
            for (i, item) in items.enumerated() {
              if let f = numbers(item) { reported.append(LayoutAttributes(path: .item(i, section: s), frame: Rect(x: f[0], y: f[1], width: f[2], height: f[3]))) }
            }
          default: break
          }
        }
      }
      let expected = elements.filter { $0.path.kind == .item || $0.frame.height > 0 }
      reported.sort { $0.path < $1.path }
      if reported.count != expected.count || zip(reported, expected).contains(where: { $0.path != $1.path || !close($0.frame, $1.frame) }) {
        mismatch(line, response, "layout frames")
      }
    }
  }

  func numbers(_ value: JSONValue?) -> [Double]? {
    guard case .array(let list)? = value else { return nil }
    return list.compactMap { if case .number(let n) = $0 { n } else { nil } }
  }

  mutating func compare(_ value: JSONValue?, _ expected: [LayoutAttributes], _ line: String, _ response: String) {
    guard case .array(let list)? = value else { return mismatch(line, response, "no elements") }
    var answer: [LayoutAttributes] = []
    for element in list {
      guard case .object(let keys) = element,
            case .number(let s)? = keys.first(where: { $0.key == "section" })?.value,
            case .string(let kind)? = keys.first(where: { $0.key == "kind" })?.value,
            let frame = numbers(keys.first(where: { $0.key == "frame" })?.value), frame.count == 4 else {
        return mismatch(line, response, "malformed element")
      }
      var item = 0
      if case .number(let i)? = keys.first(where: { $0.key == "item" })?.value { item = Int(i) }
      let k: ElementKind = kind == "header" ? .header : kind == "footer" ? .footer : .item
      answer.append(LayoutAttributes(path: ElementPath(kind: k, section: Int(s), item: item), frame: Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])))
    }
    if answer.count != expected.count || zip(answer, expected).contains(where: { $0.path != $1.path || !close($0.frame, $1.frame) }) {
      mismatch(line, response, "elements: \(answer.map(\.path)) vs reference \(expected.map(\.path))")
    }
  }
}

var soak = Soak(seed: seed)
let clock = ContinuousClock()
let start = clock.now
for _ in 0..<total { soak.step() }
let elapsed = clock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print("cascade-soak: seed \(seed), \(soak.requests) requests, \(soak.refused) refused, \(soak.mismatches) mismatches in \(String(format: "%.1f", seconds)) s (\(Int(Double(soak.requests) / max(seconds, 1e-9))) requests/s)")
for (op, count) in soak.counts.sorted(by: { $0.key < $1.key }) {
  print("  \(op.padding(toLength: 14, withPad: " ", startingAt: 0)) \(count.sent) sent, \(count.refused) refused")
}
exit(soak.mismatches == 0 ? 0 : 1)
