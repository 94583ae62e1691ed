// JSONArray and JSONObject: the containers of a parsed value (views of one buffer) and of a value
// built in code (Swift arrays) must read, compare and hash alike.

import Testing
@testable import CascadeJSON
import Cascade

@Suite struct JSONArrayTests {
  static func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

  static func text(_ value: JSONValue) -> [UInt8] {
    var writer = JSONWriter()
    JSONParserTests.write(value, into: &writer)
    return writer.bytes
  }

  /// Walks a parsed value and the value it was written from side by side, through every reading
  /// the containers offer (count, subscript by index, iteration, `key(at:)`, lookup by key), and
  /// returns the first difference. It descends through iteration and compares the other
  /// readings' values whole, so that it stays linear in the value's size.
  static func difference(_ parsed: JSONValue, _ model: JSONValue, at path: String = "$") -> String? {
    switch (parsed, model) {
    case (.array(let elements), .array(let expected)):
      guard elements.count == expected.count, elements.endIndex == expected.count, elements.startIndex == 0 else {
        return "\(path): count \(elements.count), expected \(expected.count)"
      }
      var iterated = 0
      for (i, element) in elements.enumerated() {
        if let difference = difference(element, expected[i], at: "\(path)[\(i)]") { return difference }
        guard elements[i] == expected[i] else { return "\(path)[\(i)] by index" }
        iterated += 1
      }
      return iterated == expected.count ? nil : "\(path): iterated \(iterated)"
    case (.object(let members), .object(let expected)):
      guard members.count == expected.count else { return "\(path): \(members.count) members, expected \(expected.count)" }
      for i in 0..<expected.count {
        let key = expected[i].key
        guard members.key(at: i) == key, members[i].key == key else { return "\(path): key \(i) is \(members.key(at: i))" }
        if let difference = difference(members[i].value, expected[i].value, at: "\(path).\(key)") { return difference }
        guard members[key] == expected[i].value, parsed[key] == expected[i].value else { return "\(path)[\"\(key)\"]" }
      }
      return members["no such key"] == nil ? nil : "\(path): found a key it does not have"
    default:
      return parsed == model ? nil : "\(path): \(parsed), expected \(model)"
    }
  }

  /// Random trees (the parser tests' generator: up to 40 elements a container, five levels),
  /// written out and parsed: the parsed containers read as the built ones do, equal them both
  /// ways, hash alike, and collapse with them in a set.
  @Test(arguments: 1...24 as ClosedRange<UInt64>) func parsedContainersReadAsBuiltOnes(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let model = JSONParserTests.randomValue(depth: 0, using: &random)
    let parsed = try JSONParser.parse(Self.text(model))
    #expect(Self.difference(parsed, model) == nil, "seed \(seed): \(Self.difference(parsed, model) ?? "")")
    #expect(parsed == model && model == parsed, "seed \(seed)")
    #expect(parsed.hashValue == model.hashValue, "seed \(seed)")
    #expect(Set([parsed, model]).count == 1, "seed \(seed)")
  }

  /// A parsed value's parts stay readable after the value itself is gone: each keeps the buffer.
  @Test func partsOutliveTheirDocument() throws {
    var inner: JSONArray?
    var object: JSONObject?
    do {
      let value = try Self.parse(#"{"a": [1, [2, "three"], {"k": null}], "b": {"c": true}}"#)
      guard case .array(let a)? = value["a"], case .object(let b)? = value["b"] else { Issue.record("\(value)"); return }
      inner = a
      object = b
    }
    #expect(inner == [.number(1), .array([.number(2), .string("three")]), .object([JSONMember(key: "k", value: .null)])])
    #expect(object?["c"] == .bool(true))
    #expect(object.map(Array.init) == [JSONMember(key: "c", value: .bool(true))])
  }

  /// Keys that share a slot of the parser's key cache (the same length and first and last bytes),
  /// escaped spellings of plain keys, and the empty key, repeated across objects in changing
  /// orders: each object reads back exactly its own keys, and a repeat within one object, in any
  /// spelling, is a duplicate.
  @Test func repeatedKeysReadBackAsTheyAre() throws {
    let letters = Array("bcdefghijklmnopqrstu")
    var random = SplitMix64(seed: 7)
    var objects: [JSONValue] = []
    var texts: [String] = []
    for round in 0..<40 {
      let keys = (round % 2 == 0 ? letters : letters.reversed()).prefix(1 + round % letters.count).map { "a\($0)z" }
      let order = keys.shuffled(using: &random)
      var members = order.enumerated().map { JSONMember(key: $1, value: .number(Double($0))) }
      var spelled = order.enumerated().map { i, key in
        // Every third key escaped: `\u0061` is `a`, so the bytes differ and the key does not.
        (i % 3 == 0 ? "\"\\u0061" + key.dropFirst() + "\"" : "\"\(key)\"") + ": \(i)"
      }
      if round % 5 == 0 {
        members.append(JSONMember(key: "", value: .null))
        spelled.append(#""": null"#)
      }
      objects.append(.object(JSONObject(members)))
      texts.append("{" + spelled.joined(separator: ", ") + "}")
    }
    let value = try Self.parse("[" + texts.joined(separator: ", ") + "]")
    #expect(value == .array(JSONArray(objects)))
    #expect(Self.difference(value, .array(JSONArray(objects))) == nil)
    for duplicated in [#"{"abz": 1, "acz": 2, "abz": 3}"#, #"{"a": 1, "\u0061": 2}"#, #"{"\u0061": 1, "a": 2}"#, #"{"": 1, "": 2}"#] {
      #expect(throws: JSONError.self, "\(duplicated)") { try Self.parse("[{\"abz\": 0, \"a\": 0}, " + duplicated + "]") }
    }
  }

  /// The examples of `Docs/CLI.md` and of `JSONArray`'s documentation, as written there.
  @Test func theDocumentedExamplesHold() throws {
    let value = try JSONParser.parse(Array(#"{"size": [3, 4], "tags": ["a"]}"#.utf8))
    guard case .array(let size)? = value["size"] else { Issue.record("\(value)"); return }
    #expect(size.count == 2)
    #expect(size[1] == .number(4))
    let built: JSONValue = .object([
      JSONMember(key: "size", value: .array([.number(3), .number(4)])),
      JSONMember(key: "tags", value: .array(JSONArray(["a"].map(JSONValue.string)))),
    ])
    #expect(value == built)

    let nested = try JSONParser.parse(Array("[1, [2, 3]]".utf8))
    guard case .array(let elements) = nested else { Issue.record("\(nested)"); return }
    #expect(elements.count == 2)
    #expect(elements[1] == .array([.number(2), .number(3)]))
    #expect(nested == .array([.number(1), .array([.number(2), .number(3)])]))
  }

  /// `detached()` gives the same value with every container a Swift array of its own.
  @Test func detachedValuesShareNoBuffer() throws {
    let value = try Self.parse(#"{"a": [1, [2, "three"], {"k": null}], "b": {}}"#)
    let detached = value.detached()
    #expect(detached == value)
    func parsedContainers(_ value: JSONValue) -> Int {
      switch value {
      case .array(let elements):
        if case .parsed = elements._run.storage { return 1 + elements.reduce(0) { $0 + parsedContainers($1) } }
        return elements.reduce(0) { $0 + parsedContainers($1) }
      case .object(let members):
        if case .parsed = members._run.storage { return 1 + members.reduce(0) { $0 + parsedContainers($1.value) } }
        return members.reduce(0) { $0 + parsedContainers($1.value) }
      default: return 0
      }
    }
    #expect(parsedContainers(value) == 5)   // the root, `a`, its two containers and the empty `b`
    #expect(parsedContainers(detached) == 0)
  }

  /// Equality looks at every element and key: one that differs anywhere, a missing or extra one,
  /// or the same members in another order make values unequal, parsed or built.
  @Test func oneDifferenceAnywhereMakesValuesUnequal() throws {
    let base = #"{"a": [1, 2, {"x": "s", "y": [true, null]}], "b": 3}"#
    let variants = [
      #"{"a": [1, 2, {"x": "s", "y": [true, false]}], "b": 3}"#,
      #"{"a": [1, 2, {"x": "t", "y": [true, null]}], "b": 3}"#,
      #"{"a": [1, 2, {"x": "s", "z": [true, null]}], "b": 3}"#,
      #"{"a": [1, 2, {"x": "s", "y": [true, null, 1]}], "b": 3}"#,
      #"{"a": [1, 2, {"x": "s", "y": [true]}], "b": 3}"#,
      #"{"a": [2, 1, {"x": "s", "y": [true, null]}], "b": 3}"#,
      #"{"b": 3, "a": [1, 2, {"x": "s", "y": [true, null]}]}"#,
      #"{"a": [1, 2, {"x": "s", "y": [true, null]}], "b": 3, "c": 4}"#,
      #"{"a": [1, 2, {"x": "s", "y": [true, null]}]}"#,
      #"{"a": [1, 2, {"x": "s", "y": {"0": true}}], "b": 3}"#,
    ]
    let value = try Self.parse(base)
    #expect(value == (try Self.parse(base)))
    for variant in variants {
      let other = try Self.parse(variant)
      #expect(value != other, "\(variant)")
      // Built in code from the parsed one's elements (`detached()`), the same answers.
      #expect(value.detached() != other.detached(), "built: \(variant)")
      #expect(other.detached() == other, "built: \(variant)")
    }
  }

  /// Two views of one run are equal at once; two runs of the same document with equal elements
  /// are equal by their elements; empty containers, parsed or built, are all alike.
  @Test func viewsRunsAndEmptyContainers() throws {
    let value = try Self.parse(#"[[1, 2], [1, 2], [1, 3], [], {}, {"k": []}]"#)
    guard case .array(let elements) = value else { Issue.record("\(value)"); return }
    #expect(elements[0] == elements[0])
    #expect(elements[0] == elements[1])
    #expect(elements[0] != elements[2])
    #expect(elements[3] == .array(JSONArray()) && elements[3] == .array([]))
    #expect(elements[4] == .object(JSONObject()) && elements[4] == .object([]))
    #expect(elements[3] != elements[4])
    #expect(elements[5]["k"] == .array([]))
    guard case .array(let empty) = elements[3], case .object(let none) = elements[4] else { Issue.record("\(value)"); return }
    #expect(empty.isEmpty && empty.count == 0 && Array(empty).isEmpty)
    #expect(none.isEmpty && none["k"] == nil)
    #expect(Set([elements[0], elements[1], elements[2]]).count == 2)
  }

  /// A container built in code keeps its members as given: lookup by key finds the first of
  /// repeated keys (the parser would refuse them), and the descriptions read as arrays do.
  @Test func builtContainersKeepWhatTheyAreGiven() {
    let object: JSONObject = [JSONMember(key: "k", value: .number(1)), JSONMember(key: "k", value: .number(2))]
    #expect(object.count == 2)
    #expect(object["k"] == .number(1))
    #expect(object.key(at: 1) == "k" && object[1].value == .number(2))
    let array = JSONArray((1...3).lazy.map { JSONValue.number(Double($0)) })
    #expect(Array(array) == [.number(1), .number(2), .number(3)])
    #expect(array.description == "[CascadeJSON.JSONValue.number(1.0), CascadeJSON.JSONValue.number(2.0), CascadeJSON.JSONValue.number(3.0)]")
  }

  /// The same text parsed describes itself as the built value does, so a failed expectation
  /// prints the elements rather than the buffer.
  @Test func parsedAndBuiltDescribeAlike() throws {
    let parsed = try Self.parse(#"{"a": [1, "b", null]}"#)
    let built: JSONValue = .object([JSONMember(key: "a", value: .array([.number(1), .string("b"), .null]))])
    #expect(String(describing: parsed) == String(describing: built))
    #expect(String(describing: parsed).contains("\"b\""))
  }
}
