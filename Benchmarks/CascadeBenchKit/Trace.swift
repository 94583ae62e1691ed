// Scroll traces: JSON Lines of `{"t": seconds, "offset": [x, y]}`, with `"bounds": [w, h]` on the
// lines where the window's size is given (the first line, and each resize).
//
// Rules (every violation is an error naming the line and the key):
// - each non-blank line is one JSON object; a `\r` before the `\n` is dropped; blank lines are
//   skipped;
// - `t` (required): a finite number >= 0, in seconds, never less than the previous line's
//   (a monotonic clock; equal times are allowed);
// - `offset` (required): `[x, y]`, two finite numbers: the viewport's top-left corner in content
//   coordinates;
// - `bounds` (optional): `[w, h]`, two finite numbers > 0: the viewport's size from this line on;
//   a trace whose first line has none is replayed with the collection's width and a height of
//   844;
// - no other key; a trace has at least one line.

import Cascade
import CascadeJSON

/// One step of a trace: where the viewport is at time `t`, and its size when the line gives it.
package struct TraceStep: Equatable, Sendable {
  /// Seconds since the trace's clock started (any origin: only differences matter).
  package var t: Double
  /// The viewport's top-left corner, in content coordinates.
  package var offset: Point
  /// The viewport's size from this step on, when the line gives one.
  package var bounds: Size?

  package init(t: Double, offset: Point, bounds: Size? = nil) {
    self.t = t
    self.offset = offset
    self.bounds = bounds
  }
}

/// A problem in a trace file: the line (1-based) and the key it is about.
package struct TraceError: Error, Equatable, CustomStringConvertible {
  /// The line, 1-based; `nil` for a problem with the whole file (an empty trace).
  package var line: Int?
  /// The key at fault, when there is one.
  package var key: String?
  package var message: String

  package init(line: Int?, key: String?, _ message: String) {
    self.line = line
    self.key = key
    self.message = message
  }

  /// `line 3: offset: expected [x, y], two finite numbers, got [0]`.
  package var description: String {
    var parts: [String] = []
    if let line { parts.append("line \(line)") }
    if let key { parts.append(key) }
    parts.append(message)
    return parts.joined(separator: ": ")
  }
}

/// A scroll trace.
package struct Trace: Equatable, Sendable {
  /// The steps, in order.
  package var steps: [TraceStep]
  /// The file line of each step (1-based), for messages; `1, 2, 3...` for a made trace.
  package var lines: [Int]

  /// The viewport height a trace without bounds is replayed with.
  package static let defaultViewportHeight = 844.0

  package init(steps: [TraceStep]) {
    self.steps = steps
    self.lines = steps.indices.map { $0 + 1 }
  }

  /// Parses JSON Lines text.
  ///
  /// - Throws: ``TraceError`` naming the first bad line and key.
  /// - Complexity: O(b) for b bytes.
  package static func parse(_ bytes: [UInt8]) throws(TraceError) -> Trace {
    var steps: [TraceStep] = []
    var lines: [Int] = []
    var lineNumber = 0
    var start = 0
    var previousT: Double?
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      lineNumber += 1
      var line = bytes[start..<end]
      start = end + 1
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      let step = try parseLine(Array(line), number: lineNumber, previousT: previousT)
      previousT = step.t
      steps.append(step)
      lines.append(lineNumber)
    }
    guard !steps.isEmpty else { throw TraceError(line: nil, key: nil, "the trace has no steps (no non-blank line)") }
    var trace = Trace(steps: steps)
    trace.lines = lines
    return trace
  }

  private static func parseLine(_ bytes: [UInt8], number: Int, previousT: Double?) throws(TraceError) -> TraceStep {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw TraceError(line: number, key: error.path.isEmpty ? nil : error.path, "not JSON: \(error.message)")
    }
    guard case .object(let members) = value else {
      throw TraceError(line: number, key: nil, "expected an object {\"t\": seconds, \"offset\": [x, y]}, got \(value.kindDescription)")
    }
    if let unknown = members.first(where: { !["t", "offset", "bounds"].contains($0.key) }) {
      throw TraceError(line: number, key: unknown.key, "unknown key (a line has t, offset and optionally bounds)")
    }
    guard let tValue = value["t"] else { throw TraceError(line: number, key: "t", "required key is missing") }
    guard case .number(let t) = tValue else {
      throw TraceError(line: number, key: "t", "expected a number of seconds, got \(tValue.kindDescription)")
    }
    guard t.isFinite, t >= 0 else { throw TraceError(line: number, key: "t", "must be finite and >= 0") }
    if let previousT, t < previousT {
      throw TraceError(
        line: number, key: "t",
        "\(JSONWriter.format(t)) is before the previous line's \(JSONWriter.format(previousT)) (times must not decrease)")
    }
    guard let offsetValue = value["offset"] else { throw TraceError(line: number, key: "offset", "required key is missing") }
    let offset = try pair(offsetValue, key: "offset", shape: "[x, y]", line: number)
    var bounds: Size?
    if let boundsValue = value["bounds"] {
      let (w, h) = try pair(boundsValue, key: "bounds", shape: "[w, h]", line: number)
      guard w > 0, h > 0 else { throw TraceError(line: number, key: "bounds", "width and height must be > 0") }
      bounds = Size(width: w, height: h)
    }
    return TraceStep(t: t, offset: Point(x: offset.0, y: offset.1), bounds: bounds)
  }

  private static func pair(_ value: JSONValue, key: String, shape: String, line: Int) throws(TraceError) -> (Double, Double) {
    guard case .array(let elements) = value, elements.count == 2,
          case .number(let a) = elements[0], case .number(let b) = elements[1], a.isFinite, b.isFinite
    else {
      throw TraceError(line: line, key: key, "expected \(shape), two finite numbers, got \(describe(value))")
    }
    return (a, b)
  }

  private static func describe(_ value: JSONValue) -> String {
    guard case .array(let elements) = value else { return value.kindDescription }
    if elements.count != 2 { return "an array of \(elements.count)" }
    return "[" + elements.map { e in
      if case .number(let x) = e { return x.isFinite ? JSONWriter.format(x) : "a non-finite number" }
      return e.kindDescription
    }.joined(separator: ", ") + "]"
  }

  /// The trace as JSON Lines, one step per line, numbers that read back to the same `Double`s.
  ///
  /// - Complexity: O(s) for s steps.
  package var jsonLines: String {
    var out = ""
    for step in steps {
      out += "{\"t\": \(JSONWriter.format(step.t)), \"offset\": [\(JSONWriter.format(step.offset.x)), \(JSONWriter.format(step.offset.y))]"
      if let b = step.bounds { out += ", \"bounds\": [\(JSONWriter.format(b.width)), \(JSONWriter.format(b.height))]" }
      out += "}\n"
    }
    return out
  }

  /// The viewport size in force at each step: the step's own bounds, else the last one given,
  /// starting from `initial` (used until the first line that gives bounds).
  ///
  /// - Complexity: O(s) for s steps.
  package func resolvedBounds(initial: Size) -> [Size] {
    var current = initial
    return steps.map { step in
      if let b = step.bounds { current = b }
      return current
    }
  }

  /// The first bounds the trace gives, if any.
  package var firstBounds: Size? { steps.first(where: { $0.bounds != nil })?.bounds }

  /// The time from the first step to the last, in seconds.
  package var duration: Double { (steps.last?.t ?? 0) - (steps.first?.t ?? 0) }
}
