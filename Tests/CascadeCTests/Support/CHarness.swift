// Calling libCascadeC through its C declarations (the CascadeCHeader module), as a C program
// would, plus random collections and element comparisons to the bit.

import Cascade
import CascadeCHeader
import CascadeJSON
import Testing

/// A C session, destroyed with the wrapper.
final class CSession {
  let handle: OpaquePointer

  init() {
    guard let handle = cascade_session_create() else { fatalError("cascade_session_create returned NULL") }
    self.handle = handle
  }

  init(adopting handle: OpaquePointer) { self.handle = handle }

  deinit { cascade_session_destroy(handle) }

  /// The response line to `line`, through `cascade_session_respond`.
  @discardableResult
  func respond(_ line: String) -> String {
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        String(cString: cascade_session_respond(handle, chars.baseAddress, chars.count))
      }
    }
  }

  /// The response to `line`, parsed.
  func json(_ line: String) throws -> JSONValue {
    try JSONParser.parse(Array(respond(line).utf8))
  }

  /// Every answer of the typed rect query (sized by a first call with capacity 0).
  func query(_ rect: cascade_rect) -> [cascade_element] {
    let count = cascade_session_query(handle, rect, nil, 0)
    var buffer = [cascade_element](repeating: cascade_element(), count: count)
    let again = buffer.withUnsafeMutableBufferPointer { cascade_session_query(handle, rect, $0.baseAddress, $0.count) }
    #expect(again == count)
    return buffer
  }

  /// The typed point query's answer, or `nil`.
  func point(_ x: Double, _ y: Double) -> cascade_element? {
    var out = cascade_element()
    return cascade_session_point(handle, x, y, &out) == 1 ? out : nil
  }

  var status: Int32 { cascade_session_last_error_code(handle) }
  var lastError: String { String(cString: cascade_session_last_error(handle)) }

  var contentSize: (Double, Double) {
    var w = -1.0, h = -1.0
    cascade_session_content_size(handle, &w, &h)
    return (w, h)
  }

  var generation: UInt64 { cascade_session_generation(handle) }
}

/// A C viewport over a session.
final class CViewport {
  let handle: OpaquePointer
  init(_ session: CSession) {
    guard let handle = cascade_viewport_create(session.handle) else { fatalError("cascade_viewport_create returned NULL") }
    self.handle = handle
  }
  deinit { cascade_viewport_destroy(handle) }

  @discardableResult
  func set(_ rect: cascade_rect) -> Int32 { cascade_viewport_set_rect(handle, rect) }

  private func read(_ reader: (OpaquePointer?, UnsafeMutablePointer<cascade_element>?, Int) -> Int) -> [cascade_element] {
    let count = reader(handle, nil, 0)
    var buffer = [cascade_element](repeating: cascade_element(), count: count)
    _ = buffer.withUnsafeMutableBufferPointer { reader(handle, $0.baseAddress, $0.count) }
    return buffer
  }

  var visible: [cascade_element] { read(cascade_viewport_visible) }
  var appeared: [cascade_element] { read(cascade_viewport_appeared) }
  var disappeared: [cascade_element] { read(cascade_viewport_disappeared) }
  var moved: [cascade_move] {
    let count = cascade_viewport_moved(handle, nil, 0)
    var buffer = [cascade_move](repeating: cascade_move(), count: count)
    _ = buffer.withUnsafeMutableBufferPointer { cascade_viewport_moved(handle, $0.baseAddress, $0.count) }
    return buffer
  }
}

/// An element compared to the bit: path, kind and the frame's bit patterns.
struct ElementKey: Hashable, CustomStringConvertible {
  var section: Int32, kind: Int32, item: Int64
  var x: UInt64, y: UInt64, width: UInt64, height: UInt64

  init(_ e: cascade_element) {
    section = e.section; kind = e.kind; item = e.item
    x = e.frame.x.bitPattern; y = e.frame.y.bitPattern
    width = e.frame.width.bitPattern; height = e.frame.height.bitPattern
  }

  /// The key of an element of a JSON response, `nil` when it is malformed.
  init?(json value: JSONValue) {
    guard case .number(let s)? = value["section"], case .string(let kind)? = value["kind"],
      case .array(let frame)? = value["frame"], frame.count == 4
    else { return nil }
    var numbers: [Double] = []
    for v in frame { guard case .number(let n) = v else { return nil }; numbers.append(n) }
    section = Int32(s)
    switch kind {
    case "header": self.kind = Int32(CASCADE_HEADER); item = -1
    case "footer": self.kind = Int32(CASCADE_FOOTER); item = -1
    default:
      self.kind = Int32(CASCADE_ITEM)
      guard case .number(let i)? = value["item"] else { return nil }
      item = Int64(i)
    }
    x = numbers[0].bitPattern; y = numbers[1].bitPattern
    width = numbers[2].bitPattern; height = numbers[3].bitPattern
  }

  /// The path alone.
  var path: PathKey { PathKey(section: section, kind: kind, item: item) }

  var description: String {
    "(\(section), \(kind), \(item)) [\(Double(bitPattern: x)), \(Double(bitPattern: y)), \(Double(bitPattern: width)), \(Double(bitPattern: height))]"
  }
}

/// An element's path.
struct PathKey: Hashable { var section: Int32, kind: Int32, item: Int64 }

/// The elements of a JSON response's `elements` key.
func elementKeys(_ response: JSONValue) -> [ElementKey]? {
  guard case .array(let elements)? = response["elements"] else { return nil }
  var keys: [ElementKey] = []
  for element in elements {
    guard let key = ElementKey(json: element) else { return nil }
    keys.append(key)
  }
  return keys
}

/// A number as the protocol writes it, which reads back to the same `Double`.
func json(_ value: Double) -> String { JSONWriter.format(value) }

/// A JSON rect.
func json(_ rect: cascade_rect) -> String { "[\(json(rect.x)),\(json(rect.y)),\(json(rect.width)),\(json(rect.height))]" }

extension SplitMix64 {
  /// Uniform in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool { unit() < p }
}

/// A random collection document: 1...4 sections with random overrides and 0...`maxItems` items
/// of every form (heights, sizes, spans, full width).
func randomDocument(_ rng: inout SplitMix64, maxItems: Int = 40) -> String {
  let sections = (0..<rng.int(1...4)).map { _ -> String in
    let items = (0..<rng.int(0...maxItems)).map { _ in randomItemJSON(&rng) }
    return #"{"columns":\#(rng.int(1...4)),"header":\#([0, 0, 30][rng.int(0...2)]),"# +
      #""footer":\#([0, 12][rng.int(0...1)]),"tolerance":\#([0, 5][rng.int(0...1)]),"items":[\#(items.joined(separator: ","))]}"#
  }
  let spacing = [0, 8, 10.5][rng.int(0...2)]
  return #"{"width":\#(json(Double(rng.int(100...400)) + [0, 0.5, 0.25][rng.int(0...2)])),"layout":{"columnSpacing":\#(json(spacing)),"itemSpacing":\#(json(spacing))},"sections":[\#(sections.joined(separator: ","))]}"#
}

/// One random valid item as JSON.
func randomItemJSON(_ rng: inout SplitMix64) -> String {
  switch rng.int(0...4) {
  case 0: return json(Double(rng.int(0...120)) + rng.unit())
  case 1: return #"{"height":\#(json(Double(rng.int(0...400)) / 4))}"#
  case 2: return #"{"size":[\#(rng.int(1...9)),\#(rng.int(0...9))]}"#
  case 3: return #"{"height":\#(rng.int(1...60)),"span":\#(rng.int(1...4))}"#
  default: return #"{"height":\#(rng.int(1...60)),"span":"full"}"#
  }
}

/// A random rect around the content, sometimes empty or inverted, sometimes far away.
func randomRect(_ rng: inout SplitMix64, content: (Double, Double)) -> cascade_rect {
  let (w, h) = content
  let y = rng.uniform(-50, h + 50).rounded(rng.chance(0.5) ? .down : .toNearestOrEven)
  let x = rng.chance(0.7) ? 0 : rng.uniform(-20, w)
  let width = rng.chance(0.8) ? w : rng.uniform(-5, w)
  let height = rng.chance(0.1) ? 0 : rng.uniform(-5, 600)
  return cascade_rect(x: x, y: y, width: width, height: height)
}
