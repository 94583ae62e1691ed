// Request lines for the session and the C interface: every op of the protocol with values aimed
// at the current collection (valid indices, plausible sizes), hostile values (indices past the
// end or near Int.max, 1e400, -0, 2.5 for an integer, 2^53 + 1, strings for numbers), broken
// shapes (missing, unknown and duplicate keys), and byte-level mutations of all of these.

import Cascade
import CascadeJSON

public struct RequestGenerator {
  /// The cursor of the last page answered, to continue it.
  public var lastCursor: String?
  public var lastRect: String?

  public init() {}

  /// One request line for a collection with these item counts and content size.
  public mutating func line(_ input: inout FuzzInput, counts: [Int], contentSize: Size) -> [UInt8] {
    if input.chance(3) { return input.take(input.int(0...64)) }  // raw bytes
    var text = request(&input, counts: counts, contentSize: contentSize)
    if input.chance(8) { text = mutate(Array(text.utf8), &input) }
    return Array(text.utf8)
  }

  private func mutate(_ bytes: [UInt8], _ input: inout FuzzInput) -> String {
    var bytes = bytes
    for _ in 0..<input.int(1...3) where !bytes.isEmpty {
      let i = input.int(0...(bytes.count - 1))
      switch input.byte() % 5 {
      case 0: bytes[i] = input.byte()
      case 1: bytes.remove(at: i)
      case 2: bytes.insert(input.pick(Array("{}[],:\"\\0123456789-.eE tnf".utf8)), at: i)
      case 3: bytes.removeSubrange(i...)
      default:
        let j = input.int(i...(bytes.count - 1))
        bytes.insert(contentsOf: bytes[i...j], at: j + 1)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  // MARK: Values

  /// An integer aimed at `0..<count` (or `0...count`), sometimes hostile, in JSON.
  func index(_ input: inout FuzzInput, _ count: Int) -> String {
    if input.chance(4) { return hostileNumber(&input) }
    let i = input.index(count)
    return input.chance(5) ? "\(i).0" : "\(i)"
  }

  func hostileNumber(_ input: inout FuzzInput) -> String {
    input.pick([
      "1e400", "-1e400", "-0", "2.5", "9007199254740993", "9007199254740992", "-9007199254740992", "1e-400",
      "0.1e1", "1E2", "true", "null", "\"3\"", "[]", "{}", "1.7976931348623157e308", "5e-324", "-1",
      "00", "1.", "+1", "0x10", "NaN", "Infinity",
    ])
  }

  /// A length in JSON, mostly a plausible one.
  func length(_ input: inout FuzzInput, _ scale: Double = 300) -> String {
    if input.chance(6) { return hostileNumber(&input) }
    let value = input.length(scale)
    return value.isFinite ? JSONWriter.format(value) : (value > 0 ? "1e400" : "-1e400")
  }

  func item(_ input: inout FuzzInput) -> String {
    var members: [String]
    switch input.byte() % 8 {
    case 0, 1, 2, 3: return length(&input)
    case 4, 5: members = ["\"height\":\(length(&input))"]
    default: members = ["\"size\":[\(length(&input, 400)),\(length(&input, 400))]"]
    }
    if input.chance(25) {
      members.append("\"span\":" + (input.chance(30) ? "\"full\"" : input.chance(70) ? "\(input.int(1...5))" : hostileNumber(&input)))
    }
    if input.chance(3) { members.append(input.pick(["\"height\":1", "\"id\":1", "\"size\":[1,1]", "\"spam\":2"])) }
    return "{" + members.joined(separator: ",") + "}"
  }

  func items(_ input: inout FuzzInput) -> String {
    if input.chance(3) { return input.pick(["[]", "{}", "12", "null", "[[1]]", "\"a\""]) }
    return "[" + (0..<input.int(0...8)).map { _ in item(&input) }.joined(separator: ",") + "]"
  }

  /// Layout keys, for `layout` objects and sections.
  func parameterMembers(_ input: inout FuzzInput) -> [String] {
    var members: [String] = []
    let flags = input.int(0...0x3FF)
    if flags & 1 != 0 {
      members.append("\"columns\":" + (input.chance(85) ? "\(input.int(1...6))" : input.pick(["0", "-1", "65537", "2.5", "1e400"])))
    }
    if flags & 2 != 0 { members.append("\"minColumnWidth\":" + (input.chance(80) ? "\(input.int(20...300))" : length(&input))) }
    if flags & 4 != 0 { members.append("\"columnSpacing\":\(length(&input, 20))") }
    if flags & 8 != 0 { members.append("\"itemSpacing\":\(length(&input, 20))") }
    if flags & 16 != 0 {
      let edges = ["top", "left", "bottom", "right"].filter { _ in input.bool() }
      members.append("\"insets\":{" + edges.map { "\"\($0)\":\(length(&input, 30))" }.joined(separator: ",") + "}")
    }
    if flags & 32 != 0 { members.append("\"header\":\(length(&input, 60))") }
    if flags & 64 != 0 { members.append("\"footer\":\(length(&input, 60))") }
    if flags & 128 != 0 {
      members.append("\"order\":\"" + input.pick(["shortestFirst", "leftToRight", "rightToLeft", "zigzag", "ShortestFirst"]) + "\"")
    }
    if flags & 256 != 0 { members.append("\"tolerance\":\(length(&input, 40))") }
    if flags & 512 != 0 && input.chance(20) { members.append(input.pick(["\"orientation\":\"vertical\"", "\"colums\":2", "\"keepColumns\":true"])) }
    return members
  }

  func section(_ input: inout FuzzInput) -> String {
    var members = input.chance(50) ? [] : parameterMembers(&input)
    if input.chance(80) { members.append("\"items\":" + items(&input)) }
    return "{" + members.joined(separator: ",") + "}"
  }

  func document(_ input: inout FuzzInput) -> String {
    var members: [String] = []
    if !input.chance(3) { members.append("\"width\":" + (input.chance(85) ? "\(input.int(1...1200))" : length(&input, 1200))) }
    if input.chance(50) { members.append("\"layout\":{" + parameterMembers(&input).joined(separator: ",") + "}") }
    if input.chance(90) {
      members.append("\"sections\":[" + (0..<input.int(0...4)).map { _ in section(&input) }.joined(separator: ",") + "]")
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  mutating func rect(_ input: inout FuzzInput, _ content: Size) -> String {
    if input.chance(10), let lastRect { return lastRect }
    if input.chance(5) { return "[" + (0..<input.int(0...5)).map { _ in length(&input) }.joined(separator: ",") + "]" }
    let h = content.height.isFinite ? Swift.min(Swift.max(1, content.height), 1e9) : 1e6
    let w = content.width.isFinite ? Swift.min(Swift.max(1, content.width), 1e9) : 1e3
    let y = input.int(-50...Int(h) + 50)
    let x = input.chance(50) ? -10 : input.int(-50...Int(w) + 50)
    let width = input.chance(50) ? Int(w) + 100 : input.int(0...Int(w))
    let height = input.chance(10) ? 0 : input.int(0...Int(h) / 2 + 1)
    let text = "[\(x),\(y),\(width),\(height)]"
    lastRect = text
    return text
  }

  func cursor(_ input: inout FuzzInput) -> String? {
    switch input.byte() % 8 {
    case 0: return nil
    case 1: return "\"" + input.pick(["", "0.i1", "x.y.z", "0.q1.0000000000000000", "-1.i1.0000000000000000", "0.i9999999999999999999.0000000000000000"]) + "\""
    case 2:
      // A well-formed cursor for a hostile path of the last rect.
      guard let lastRect, case .array(let v)? = try? JSONParser.parse(Array(lastRect.utf8)), v.count == 4,
            let numbers = try? v.map({ value throws(JSONError) in try value.finiteNumber(at: .root) }) else { return nil }
      let rect = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
      let path = ElementPath(kind: input.pick(ElementKind.allCases), section: input.index(4), item: input.index(8))
      return "\"" + PageCursor(rect: rect, after: path).token + "\""
    default: return lastCursor.map { "\"\($0)\"" }
    }
  }

  // MARK: Requests

  mutating func request(_ input: inout FuzzInput, counts: [Int], contentSize: Size) -> String {
    let sections = counts.count
    var members: [(String, String)] = []
    func section() -> (s: String, count: Int) {
      let s = input.index(sections)
      let text = input.chance(4) ? hostileNumber(&input) : "\(s)"
      return (text, s >= 0 && s < sections ? counts[s] : 0)
    }
    let op = input.byte() % 17
    switch op {
    case 0:
      members = [("op", "\"load\""), ("collection", document(&input))]
    case 1, 2:
      let (s, _) = section()
      members = [("op", "\"append\""), ("section", s), ("items", items(&input))]
    case 3:
      let (s, n) = section()
      members = [("op", "\"insert\""), ("section", s), ("at", index(&input, n)), ("items", items(&input))]
    case 4:
      let (s, n) = section()
      let count = input.chance(5) ? hostileNumber(&input) : "\(input.count(max: Swift.max(1, n)))"
      members = [("op", "\"delete\""), ("section", s), ("at", index(&input, n)), ("count", count)]
    case 5:
      let (s, n) = section()
      members = [("op", "\"update\""), ("section", s), ("at", index(&input, n)), ("items", items(&input))]
    case 6:
      members = [("op", "\"insertSection\""), ("at", index(&input, sections + 1)), ("section", self.section(&input))]
    case 7:
      members = [("op", "\"deleteSection\""), ("at", index(&input, sections))]
    case 8:
      members = [("op", "\"width\""), ("width", input.chance(85) ? "\(input.int(1...1200))" : length(&input, 1200))]
    case 9, 10:
      members = [("op", "\"query\""), ("rect", rect(&input, contentSize))]
    case 11, 12:
      members = [("op", "\"page\""), ("rect", rect(&input, contentSize)),
                 ("limit", input.chance(90) ? "\(input.int(1...6))" : input.pick(["0", "-1", "9007199254740992", "1e400", "2.5"]))]
      if let cursor = cursor(&input) { members.append(("cursor", cursor)) }
    case 13:
      let h = contentSize.height.isFinite ? Swift.min(contentSize.height, 1e9) : 1e6
      members = [("op", "\"point\""), ("point", input.chance(90) ? "[\(input.int(-10...1210)),\(input.int(-10...Int(h) + 10))]" : "[\(length(&input)),\(length(&input))]")]
    case 14:
      let (s, n) = section()
      members = [("op", "\"frame\""), ("section", s), ("item", index(&input, n))]
    case 15:
      members = [("op", "\"layout\"")]
    default:
      members = [("op", input.pick(["\"move\"", "\"export\"", "\"fly\"", "1", "null", "\"LOAD\"", "\"\""]))]
    }
    // Broken shapes: a key missing, an unknown or duplicate key, another order.
    if input.chance(4), !members.isEmpty { members.remove(at: input.int(0...(members.count - 1))) }
    if input.chance(4) { members.append((input.pick(["extra", "op", "section", "ok", "\u{0}"]), "1")) }
    if input.chance(10) { members.reverse() }
    return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  /// Notes what a response carried that a later request may reuse (a page's cursor).
  public mutating func observe(_ response: String) {
    guard case .object(let members)? = try? JSONParser.parse(Array(response.utf8)),
          let next = members.first(where: { $0.key == "next" }), case .string(let token) = next.value else { return }
    lastCursor = token
  }
}
