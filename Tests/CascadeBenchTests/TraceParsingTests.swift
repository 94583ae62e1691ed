// Trace files: what parses, and every rejection naming its line and key.

import Cascade
import CascadeBenchKit
import Testing

@Suite struct TraceParsingTests {
  func parse(_ text: String) throws(TraceError) -> Trace { try Trace.parse(Array(text.utf8)) }

  func rejection(_ text: String) -> TraceError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func aGoodTrace() throws {
    let trace = try parse("""
      {"t": 0, "offset": [0, 0], "bounds": [390, 844]}
      {"t": 0.0083, "offset": [0, 12.5]}

      {"offset": [0, 30], "t": 0.0083}\r
      {"t": 1, "offset": [-4, 1e3], "bounds": [500, 700]}
      """)
    #expect(trace.steps.count == 4)
    #expect(trace.lines == [1, 2, 4, 5])
    #expect(trace.steps[0] == TraceStep(t: 0, offset: Point(x: 0, y: 0), bounds: Size(width: 390, height: 844)))
    #expect(trace.steps[1] == TraceStep(t: 0.0083, offset: Point(x: 0, y: 12.5)))
    #expect(trace.steps[2].t == 0.0083)  // equal times are fine
    #expect(trace.steps[3].offset == Point(x: -4, y: 1000))
    #expect(trace.firstBounds == Size(width: 390, height: 844))
    #expect(trace.duration == 1)
    let bounds = trace.resolvedBounds(initial: Size(width: 1, height: 1))
    #expect(bounds == [Size(width: 390, height: 844), Size(width: 390, height: 844), Size(width: 390, height: 844), Size(width: 500, height: 700)])
  }

  @Test func writtenTracesReadBack() throws {
    let steps = [
      TraceStep(t: 0, offset: Point(x: 0, y: 0.1), bounds: Size(width: 1024, height: 844)),
      TraceStep(t: 0.008333, offset: Point(x: 0, y: 1.0 / 3)),
      TraceStep(t: 0.016667, offset: Point(x: 2, y: 123_456.78), bounds: Size(width: 700.5, height: 844)),
    ]
    let trace = Trace(steps: steps)
    #expect(try Trace.parse(Array(trace.jsonLines.utf8)) == trace)
  }

  @Test(arguments: [
    // (text, line, key, message)
    ("{\"t\": 0, \"offset\": [0, 0]}\n{\"t\": 0.1, \"offset\": [0, 1]\n", 2, nil as String?, "not JSON"),
    ("{\"t\": 0, \"offset\": [0, 0]}\n[1, 2]\n", 2, nil, "expected an object"),
    ("{\"offset\": [0, 0]}\n", 1, "t", "required key is missing"),
    ("{\"t\": \"0\", \"offset\": [0, 0]}\n", 1, "t", "expected a number of seconds, got a string"),
    ("{\"t\": -1, \"offset\": [0, 0]}\n", 1, "t", "must be finite and >= 0"),
    ("{\"t\": 1e400, \"offset\": [0, 0]}\n", 1, "t", "must be finite and >= 0"),
    ("{\"t\": 0.5, \"offset\": [0, 0]}\n\n{\"t\": 0.25, \"offset\": [0, 1]}\n", 3, "t", "0.25 is before the previous line's 0.5"),
    ("{\"t\": 0}\n", 1, "offset", "required key is missing"),
    ("{\"t\": 0, \"offset\": [0]}\n", 1, "offset", "expected [x, y], two finite numbers, got an array of 1"),
    ("{\"t\": 0, \"offset\": [0, \"1\"]}\n", 1, "offset", "expected [x, y], two finite numbers, got [0, a string]"),
    ("{\"t\": 0, \"offset\": {\"x\": 0}}\n", 1, "offset", "got an object"),
    ("{\"t\": 0, \"offset\": [0, 0], \"bounds\": [390, 0]}\n", 1, "bounds", "width and height must be > 0"),
    ("{\"t\": 0, \"offset\": [0, 0], \"bounds\": 390}\n", 1, "bounds", "expected [w, h], two finite numbers, got a number"),
    ("{\"t\": 0, \"offset\": [0, 0], \"scale\": 2}\n", 1, "scale", "unknown key"),
  ])
  func badLinesNameTheLineAndTheKey(text: String, line: Int, key: String?, message: String) {
    let error = rejection(text)
    #expect(error?.line == line)
    #expect(error?.key == key)
    #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    let prefix = "line \(line): " + (key.map { "\($0): " } ?? "")
    #expect(error?.description.hasPrefix(prefix) == true, "\(String(describing: error))")
  }

  @Test func anEmptyTraceIsRejected() {
    #expect(rejection("") == TraceError(line: nil, key: nil, "the trace has no steps (no non-blank line)"))
    #expect(rejection("\n  \n\t\n")?.line == nil)
  }

  @Test func theExactMessage() {
    #expect(rejection("{\"t\": 0, \"offset\": [0, 0]}\n{\"t\": 1, \"offset\": [0]}\n")?.description
            == "line 2: offset: expected [x, y], two finite numbers, got an array of 1")
  }
}
