// Fuzz target 2: request lines, generated and mutated, against `CascadeSession`.
//
// Every response is checked against `SessionModel`, a plain model of the protocol: a request the
// model refuses must get `{"ok":false,"error":"..."}`, an accepted one exactly the model's line
// (frames from a from-scratch layout of the model's document, queries from scans). After every
// request the session's whole layout (`{"op":"layout"}`) must equal the model's to the bit: so
// a refused request changed nothing, and an accepted change left the frames of a fresh load.

import CascadeJSON
import FuzzKit
import FuzzSupport

let layoutLine = Array(#"{"op":"layout"}"#.utf8)

/// Documents most runs start from, so that the fuzzer spends its bytes on changes.
let startingDocuments = [
  #"{"width":390,"layout":{"columns":2,"columnSpacing":10,"itemSpacing":10},"sections":[{"header":44,"items":[120,80,{"size":[400,300]},{"height":50,"span":"full"}]},{"columns":3,"footer":20,"items":[90,60,75,30]}]}"#,
  #"{"width":100,"layout":{"columnSpacing":0,"itemSpacing":0},"sections":[{"items":[10,20,30]}]}"#,
  #"{"width":600,"layout":{"minColumnWidth":120,"order":"leftToRight","tolerance":5,"insets":{"top":8,"left":12,"bottom":8,"right":12}},"sections":[{"items":[100,{"height":40,"span":2},70,0,55]},{},{"header":30,"order":"rightToLeft","items":[20,20,{"size":[3,4],"span":"full"}]}]}"#,
]

struct Harness {
  var session = CascadeSession()
  var model = SessionModel()
  var generator = RequestGenerator()

  mutating func step(_ line: [UInt8]) {
    if trace { traceLine("> " + String(decoding: line, as: UTF8.self)) }
    let (expected, next) = model.respond(to: line)
    if expected == .unmodelled {
      Stats.count("unmodelled, not sent")
      return
    }
    let response = session.respond(to: line)
    let request = String(decoding: line, as: UTF8.self)
    switch expected {
    case .rejected:
      check(isErrorResponse(response), "\(request)\n  expected a refusal, got \(response)")
    case .accepted(let text):
      check(response == text, "\(request)\n  expected \(text)\n  got      \(response)")
    case .unmodelled:
      break
    }
    let op = (try? SessionRequest(json: JSONParser.parse(line))).map { "\($0)".prefix { $0.isLetter } } ?? "undecodable"
    Stats.count("\(op) \(expected == .rejected ? "refused" : "accepted")")
    model = next
    generator.observe(response)
    check((session.layout == nil) == (model.document == nil), "\(request): loaded \(session.layout != nil)")
    guard model.document != nil else { return }
    let (whole, _) = model.respond(to: layoutLine)
    let actual = session.respond(to: layoutLine)
    check(whole == .accepted(actual), "\(request)\n  layout after it: \(actual)\n  expected         \(whole)")
  }
}

/// CASCADE_FUZZ_TRACE=1 prints each request line before it is answered.
let trace = getenvString("CASCADE_FUZZ_TRACE") == "1"

cascade_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
  var input = FuzzInput(data, size)
  var harness = Harness()
  if input.chance(80) {
    harness.step(Array(#"{"op":"load","collection":\#(input.pick(startingDocuments))}"#.utf8))
  }
  var steps = 0
  while !input.isEmpty && steps < 48 {
    steps += 1
    let line = harness.generator.line(&input, counts: harness.model.counts, contentSize: harness.model.contentSize)
    harness.step(line)
  }
  return 0
}
