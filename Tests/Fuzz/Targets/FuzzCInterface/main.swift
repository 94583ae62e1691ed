// Fuzz target 5: the C interface (cascade.h, libCascadeC), called as C calls it, next to a Swift
// `CascadeSession` fed the same requests.
//
// Checks: `cascade_session_respond` answers any bytes, NULL with a length of 0 or more, and a
// length of 2^63 or more (a negative `ssize_t`) with one NUL-terminated line, byte for byte the
// Swift session's line where the Swift session can take the request; the status code and the
// last error agree with the line; typed queries equal the JSON session's answers to the bit;
// typed updates are accepted exactly when their JSON twin is, and a refused one changes nothing;
// a viewport's lists add up; copies and viewports outlive or predecease their session freely.
// ASan watches every buffer the library hands out or writes.

import Cascade
import CascadeCFuzzHeader
import CascadeJSON
import FuzzKit
import FuzzSupport

let layoutLine = #"{"op":"layout"}"#

struct Harness {
  var input: FuzzInput
  let c: OpaquePointer
  var swift = CascadeSession()
  var generator = RequestGenerator()
  var viewport: OpaquePointer?
  var shown = 0

  init(_ input: FuzzInput) {
    self.input = input
    c = cascade_session_create()!
  }

  /// `cascade_session_respond` on `bytes` (exactly `bytes.count` of them, no NUL after).
  func respond(_ bytes: [UInt8]) -> String {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: Swift.max(1, bytes.count))
    defer { pointer.deallocate() }
    for (i, byte) in bytes.enumerated() { pointer[i] = CChar(bitPattern: byte) }
    return String(cString: cascade_session_respond(c, pointer, bytes.count)!)
  }

  func cLayout() -> String { respond(Array(layoutLine.utf8)) }

  mutating func swiftRespond(_ line: String) -> String { swift.respond(to: Array(line.utf8)) }

  /// The status and last error agree with a response line.
  func checkStatus(_ response: String, _ what: String) {
    let code = cascade_session_last_error_code(c)
    let message = String(cString: cascade_session_last_error(c)!)
    if response.hasPrefix(#"{"ok":true"#) {
      check(code == CASCADE_OK && message.isEmpty, "\(what): ok, but status \(code) '\(message)'")
    } else {
      check(code != CASCADE_OK && !message.isEmpty, "\(what): \(response), but status \(code) '\(message)'")
    }
  }

  mutating func checkSameCollection(_ what: String) {
    let expected = swiftRespond(layoutLine)
    let actual = cLayout()
    check(actual == expected, "\(what): C layout \(actual)\n  Swift layout \(expected)")
  }

  mutating func step() {
    switch input.byte() % 14 {
    case 0, 1, 2, 3, 4:
      let layout = swift.layout
      let counts = layout.map { l in (0..<l.numberOfSections).map { l.numberOfItems(inSection: $0) } } ?? []
      let line = generator.line(&input, counts: counts, contentSize: layout?.contentSize ?? .zero)
      let response = respond(line)
      let expected = swift.respond(to: line)
      check(response == expected, "\(String(decoding: line, as: UTF8.self))\n  C     \(response)\n  Swift \(expected)")
      checkStatus(response, "respond")
      generator.observe(response)
    case 5:
      // Raw bytes, NULs included.
      let line = input.take(input.int(0...48))
      let response = respond(line)
      check(response == swift.respond(to: line), "raw bytes: \(response)")
      checkStatus(response, "raw bytes")
    case 6:
      let before = cLayout()
      let response: String
      switch input.byte() % 3 {
      case 0:
        response = String(cString: cascade_session_respond(c, nil, 0)!)
        check(response == swift.respond(to: []), "NULL, 0: \(response)")
      case 1:
        let n = input.int(1...Int.max)
        response = String(cString: cascade_session_respond(c, nil, n)!)
        check(isErrorResponse(response), "NULL, \(n): \(response)")
      default:
        // A length past SSIZE_MAX (a negative count cast to size_t) is refused before any read.
        var byte: CChar = 0x7B
        response = String(cString: cascade_session_respond(c, &byte, Int.min + input.int(0...1000))!)
        check(isErrorResponse(response), "huge length: \(response)")
      }
      checkStatus(response, "NULL request")
      check(cLayout() == before, "a refused request changed the collection")
    case 7:
      let r = rect()
      let capacity = input.pick([0, 1, 3, 64, 10_000])
      let buffer: UnsafeMutablePointer<cascade_element>? = capacity == 0 && input.bool() ? nil : .allocate(capacity: capacity)
      defer { buffer?.deallocate() }
      let n = cascade_session_query(c, r, buffer, capacity)
      guard let layout = swift.layout, r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else {
        check(n == 0 && cascade_session_last_error_code(c) != CASCADE_OK, "query \(r) without a collection or finite rect: \(n)")
        return
      }
      let expected = layout.elements(in: Rect(x: r.x, y: r.y, width: r.width, height: r.height))
      check(n == expected.count, "query \(r): \(n) vs \(expected.count)")
      if let buffer {
        for k in 0..<Swift.min(n, capacity) { check(same(buffer[k], expected[k]), "query \(r) answer \(k)") }
      }
    case 8:
      let x = input.chance(10) ? input.length() : Double(input.int(-10...1300))
      let y = input.chance(10) ? input.length() : Double(input.int(-10...3000))
      var out = cascade_element()
      let found = input.bool() ? cascade_session_point(c, x, y, &out) : cascade_session_point(c, x, y, nil)
      let expected = x.isFinite && y.isFinite ? swift.layout?.element(at: Point(x: x, y: y)) : nil
      check((found == 1) == (expected != nil), "point (\(x), \(y)): \(found) vs \(String(describing: expected))")
    case 9:
      var w = -1.0, h = -1.0
      cascade_session_content_size(c, &w, &h)
      let size = swift.layout?.contentSize ?? .zero
      check(w.bitPattern == size.width.bitPattern && h.bitPattern == size.height.bitPattern, "content size \(w)×\(h) vs \(size)")
      cascade_session_content_size(c, nil, nil)
      let sections = swift.layout?.numberOfSections ?? 0
      check(cascade_session_section_count(c) == Int64(sections), "section count")
      let s = Int64(input.index(sections))
      check(cascade_session_item_count(c, s) == Int64(swift.layout?.numberOfItems(inSection: Int(s)) ?? 0), "item count of \(s)")
      let i = Int64(input.index(Int(cascade_session_item_count(c, s))))
      var frame = cascade_rect()
      let status = input.bool() ? cascade_session_frame(c, s, i, &frame) : cascade_session_frame(c, s, i, nil)
      let expected = swiftRespond(#"{"op":"frame","section":\#(s),"item":\#(i)}"#)
      check((status == CASCADE_OK) == expected.hasPrefix(#"{"ok":true"#) || s.magnitude > 1 << 53 || i.magnitude > 1 << 53,
            "frame \(s), \(i): \(status) vs \(expected)")
    case 10:
      typedUpdate()
    case 11:
      viewportStep()
    case 12:
      let copy = cascade_session_copy(c)
      check(copy != nil, "copy")
      let response = String(cString: cascade_session_respond(copy, layoutLine, layoutLine.utf8.count)!)
      check(response == cLayout(), "a copy differs")
      if input.bool() {
        let line = #"{"op":"append","section":0,"items":[10]}"#
        _ = cascade_session_respond(copy, line, line.utf8.count)
        check(cLayout() == swiftRespond(layoutLine), "a change to a copy changed the original")
      }
      cascade_session_destroy(copy)
    default:
      cascade_session_destroy(nil)
      cascade_viewport_destroy(nil)
      check(String(cString: cascade_session_respond(nil, "{}", 2)!).hasPrefix(#"{"ok":false"#), "NULL session")
      check(cascade_session_last_error_code(nil) == CASCADE_ERROR_INVALID_ARGUMENT, "NULL session status")
      check(cascade_session_query(nil, cascade_rect(), nil, 0) == 0, "NULL session query")
      check(cascade_viewport_create(nil) == nil, "a viewport over NULL")
      check(cascade_viewport_set_rect(nil, cascade_rect()) == CASCADE_ERROR_INVALID_ARGUMENT, "NULL viewport")
    }
  }

  mutating func rect() -> cascade_rect {
    if input.chance(10) { return cascade_rect(x: input.length(), y: input.length(), width: input.length(), height: input.length()) }
    return cascade_rect(x: Double(input.int(-20...400)), y: Double(input.int(-50...2000)),
                        width: Double(input.int(0...1300)), height: Double(input.int(0...900)))
  }

  func same(_ element: cascade_element, _ attributes: LayoutAttributes) -> Bool {
    let f = attributes.frame
    return Int(element.section) == attributes.path.section && element.kind == Int32(attributes.path.kind.rawValue)
      && element.item == (attributes.path.kind == .item ? Int64(attributes.path.item) : -1)
      && element.frame.x.bitPattern == f.minX.bitPattern && element.frame.y.bitPattern == f.minY.bitPattern
      && element.frame.width.bitPattern == f.width.bitPattern && element.frame.height.bitPattern == f.height.bitPattern
  }

  /// A typed update and its JSON twin on the Swift session: accepted alike; a refused one
  /// changes nothing.
  mutating func typedUpdate() {
    let sections = swift.layout?.numberOfSections ?? 0
    let s = Int64(input.index(sections))
    let n = swift.layout?.numberOfItems(inSection: Int(s)) ?? 0
    let at = Int64(input.index(n))
    let heights = (0..<input.int(0...4)).map { _ in input.length() }
    let count = input.chance(5) ? input.pick([Int.max, Int(Int32.max) + 1, -1]) : heights.count
    let status: Int32
    var twin: String?
    // The JSON twin exists when the C arguments this update uses can be written as JSON:
    // finite numbers, the count matching the array, integers within 2^53.
    var usesAt = true, usesArray = true, usesSection = true
    let json = heights.allSatisfy(\.isFinite) ? "[" + heights.map(JSONWriter.format).joined(separator: ",") + "]" : nil
    switch input.byte() % 5 {
    case 0:
      status = heights.withUnsafeBufferPointer { cascade_session_append_heights(c, s, $0.baseAddress, count) }
      usesAt = false
      twin = json.map { #"{"op":"append","section":\#(s),"items":\#($0)}"# }
    case 1:
      status = heights.withUnsafeBufferPointer { cascade_session_insert_heights(c, s, at, $0.baseAddress, count) }
      twin = json.map { #"{"op":"insert","section":\#(s),"at":\#(at),"items":\#($0)}"# }
    case 2:
      status = heights.withUnsafeBufferPointer { cascade_session_update_heights(c, s, at, $0.baseAddress, count) }
      twin = json.map { #"{"op":"update","section":\#(s),"at":\#(at),"items":\#($0)}"# }
    case 3:
      let k = Int64(input.count(max: 3))
      status = cascade_session_delete_items(c, s, at, k)
      twin = #"{"op":"delete","section":\#(s),"at":\#(at),"count":\#(k)}"#
      usesArray = false
    default:
      let w = input.chance(80) ? Double(input.int(1...1200)) : input.length()
      status = cascade_session_set_width(c, w)
      (usesAt, usesArray, usesSection) = (false, false, false)
      twin = w.isFinite ? #"{"op":"width","width":\#(JSONWriter.format(w))}"# : nil
    }
    let representable = (!usesArray || count == heights.count) && (!usesSection || s.magnitude <= 1 << 53)
      && (!usesAt || at.magnitude <= 1 << 53)
    if let twin, representable {
      let expected = swiftRespond(twin)
      check((status == CASCADE_OK) == expected.hasPrefix(#"{"ok":true"#), "\(twin): C status \(status), Swift \(expected)")
    } else {
      check(status != CASCADE_OK, "a typed update without a valid JSON twin was accepted: section \(s), at \(at), heights \(heights), count \(count), twin \(twin ?? "-")")
    }
    checkSameCollection("typed update")
  }

  mutating func viewportStep() {
    if viewport == nil {
      viewport = cascade_viewport_create(c)
      shown = 0
      check(viewport != nil, "viewport")
    }
    guard let v = viewport else { return }
    switch input.byte() % 5 {
    case 0:
      cascade_viewport_destroy(v)
      viewport = nil
      return
    case 1:
      cascade_viewport_reset(v)
      shown = 0
      return
    case 2:
      _ = cascade_viewport_refresh(v)
    default:
      let r = rect()
      let status = cascade_viewport_set_rect(v, r)
      if status == CASCADE_ERROR_INVALID_ARGUMENT { return }
    }
    let visible = cascade_viewport_visible(v, nil, 0)
    let appeared = cascade_viewport_appeared(v, nil, 0)
    let disappeared = cascade_viewport_disappeared(v, nil, 0)
    let moved = cascade_viewport_moved(v, nil, 0)
    check(visible == shown - disappeared + appeared, "viewport: \(shown) shown − \(disappeared) + \(appeared) ≠ \(visible)")
    check(moved <= visible, "viewport: \(moved) moved of \(visible)")
    let r = cascade_viewport_rect(v)
    if let layout = swift.layout {
      let expected = layout.elements(in: Rect(x: r.x, y: r.y, width: r.width, height: r.height))
      check(visible == expected.count, "viewport \(r): \(visible) visible vs \(expected.count) in the query")
      let capacity = input.int(0...visible)
      let buffer = UnsafeMutablePointer<cascade_element>.allocate(capacity: Swift.max(1, capacity))
      defer { buffer.deallocate() }
      _ = cascade_viewport_visible(v, buffer, capacity)
      for k in 0..<capacity { check(same(buffer[k], expected[k]), "viewport element \(k)") }
    } else {
      check(visible == 0, "a viewport without a collection shows \(visible)")
    }
    shown = visible
  }

  mutating func finish() {
    if let viewport, input.bool() {
      cascade_viewport_destroy(viewport)
      cascade_session_destroy(c)
    } else {
      cascade_session_destroy(c)
      if let viewport {
        _ = cascade_viewport_set_rect(viewport, cascade_rect(x: 0, y: 0, width: 100, height: 100))
        cascade_viewport_destroy(viewport)
      }
    }
  }
}

cascade_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
  var harness = Harness(FuzzInput(data, size))
  if harness.input.chance(75) {
    let load = #"{"op":"load","collection":{"width":390,"layout":{"columns":2},"sections":[{"header":44,"items":[120,80,{"size":[4,3]},{"height":50,"span":"full"},60,90]},{"footer":12,"items":[30,40]}]}}"#
    check(harness.respond(Array(load.utf8)) == harness.swiftRespond(load), "load")
  }
  var steps = 0
  while !harness.input.isEmpty && steps < 40 {
    steps += 1
    harness.step()
  }
  harness.finish()
  return 0
}
