// The document fast path (`CollectionDocument._fast`, which reads items straight from the bytes)
// against the general path (the parser's value tree, then `CollectionDocument(json:)`): a
// document the fast path accepts must decode to the same value by the general path; anything
// else goes to the general path, which words every error.

import Cascade
@testable import CascadeJSON
import Testing

@Suite struct DocumentFastPathTests {
  /// The document the general path decodes, or its error.
  static func general(_ bytes: [UInt8]) -> Result<CollectionDocument, JSONError> {
    Result { () throws(JSONError) in try CollectionDocument(json: JSONParser.parse(bytes)) }
  }

  /// What `CollectionDocument(parsing:)` gives: the fast path's document or the general path's.
  static func parsing(_ bytes: [UInt8]) -> Result<CollectionDocument, JSONError> {
    Result { () throws(JSONError) in try CollectionDocument(parsing: bytes) }
  }

  /// Fails unless the fast path gives up on `bytes` or agrees with the general path, and unless
  /// `CollectionDocument(parsing:)` gives the general path's result or error. Returns whether
  /// the fast path took it.
  @discardableResult
  static func checkAgrees(_ bytes: [UInt8], _ context: String) -> Bool {
    let general = general(bytes)
    #expect(parsing(bytes) == general, "\(context): \(String(decoding: bytes, as: UTF8.self))")
    guard let fast = CollectionDocument._fast(bytes) else { return false }
    switch general {
    case .success(let document): #expect(document == fast, "\(context): \(String(decoding: bytes, as: UTF8.self))")
    case .failure(let error): Issue.record("\(context): fast path accepted what the general path refuses (\(error)): \(String(decoding: bytes, as: UTF8.self))")
    }
    return true
  }

  @Test func takesValidDocumentsInEveryShape() {
    let documents: [(String, CollectionDocument)] = [
      (#"{"width": 390}"#, CollectionDocument(width: 390)),
      (#"{"width": 390, "sections": []}"#, CollectionDocument(width: 390)),
      (#"{"sections": [{}], "width": 390}"#, CollectionDocument(width: 390, sections: [WaterfallSection(parameters: WaterfallParameters(), items: [])])),
      ("\u{FEFF}" + #"{"width":1,"sections":[{"items":[]}]}"#, CollectionDocument(width: 1, sections: [WaterfallSection(parameters: WaterfallParameters(), items: [])])),
      (#"""
       {"width": 390, "layout": {"columns": 2, "header": 44},
        "sections": [
          {"columns": 3, "items": [120, 0, 1e2, {"height": 80}, {"size": [400, 300]}, {"span": "full", "height": 50},
                                   {"size": [1, 2], "span": 2}, {"height": 5, "span": 2.0}, {"height": 1, "id": "a\u00e9"},
                                   {"id": -0, "height": 1}, {"height": 1, "id": 9007199254740991, "column": 1},
                                   -0, -0.0, 5e-324, {"size": [5e-324, -0]}]},
          {"items": [{"size":[16,9],"span":"\u0066ull"}, {"\u0068eight": 2}], "footer": 10}
        ]}
       """#,
       CollectionDocument(
        width: 390, parameters: WaterfallParameters(columns: 2, header: 44),
        sections: [
          WaterfallSection(parameters: WaterfallParameters(columns: 3), items: [
            120, 0, 100, .height(80), .size(width: 400, height: 300), .height(50, span: .full),
            .size(width: 1, height: 2, span: .columns(2)), .height(5, span: .columns(2)),
            Self.item(.height(1), id: .string("aé")), Self.item(.height(1), id: .int(0)),
            Self.item(.height(1), id: .int(9_007_199_254_740_991), column: 1),
            .height(-0.0), .height(-0.0), .height(.leastNonzeroMagnitude), .size(width: .leastNonzeroMagnitude, height: -0.0),
          ]),
          WaterfallSection(parameters: WaterfallParameters(footer: 10), items: [.size(width: 16, height: 9, span: .full), .height(2)]),
        ])),
      (" \t{\r\n\"layout\":{\"orientation\":\"horizontal\"},\"height\":300,\"sections\":[{\"items\":[ 1 , { \"height\" : 2 } ]}]}\n ",
       {
         var document = CollectionDocument(width: 300, sections: [WaterfallSection(parameters: WaterfallParameters(), items: [1, .height(2)])])
         document.orientation = .horizontal
         return document
       }()),
    ]
    for (text, expected) in documents {
      let bytes = Array(text.utf8)
      #expect(CollectionDocument._fast(bytes) == expected, "\(text)")
      #expect(Self.general(bytes) == .success(expected), "\(text)")
      #expect(Self.parsing(bytes) == .success(expected), "\(text)")
    }
  }

  static func item(_ item: WaterfallItem, id: ItemID? = nil, column: Int? = nil) -> WaterfallItem {
    var item = item
    item.id = id
    item.column = column
    return item
  }

  /// Item objects of a measure, `size` or `height`, and maybe a `span` after it, which a byte
  /// matcher reads before the general object reader: in every spacing, with every kind of
  /// number, and near misses (other keys, escaped ones, another order, more members, malformed or
  /// invalid values, the document cut short inside one). Each agrees with the general path, and
  /// every valid one is taken by the fast path.
  @Test func measureAndSpanItemObjectsInEverySpacing() {
    let spaced = [
      #"{"size":[3,4]}"#, #"{ "size" : [ 3 , 4 ] }"#, "{\n\t\"size\"\r\n:\n[\n3\n,\n4\n]\n}",
      #"{"size": [2.5, -0]}"#, #"{"size": [1e2, 5E-1]}"#, #"{"size": [1, -0.0e0]}"#,
      #"{"height":7}"#, #"{ "height" : 0 }"#, #"{"height": -0}"#, #"{"height": 1.5e1}"#,
      #"{"size": [3, 4], "span": 2}"#, #"{"height": 5 , "span" : "full" }"#, #"{"size":[3,4],"span":"full"}"#,
      #"{"height": 5, "span": 2.0}"#, #"{"height": 5, "span": 1}"#, #"{"height": 5, "span": 70000}"#,
    ]
    for text in spaced {
      let bytes = Array(#"{"width": 100, "sections": [{"items": [1, \#(text), 2]}]}"#.utf8)
      #expect(Self.checkAgrees(bytes, "measure and span"), "\(text)")
      // The matcher itself takes it (not the general object reader after it), the reader then
      // past the object, and reads what the general path decodes.
      let alone = Array(text.utf8)
      let (item, position) = _Reader.reading(alone) { reader in (reader.plainItemObject(), reader.position) }
      #expect(item != nil && item == (try? WaterfallItem(json: JSONParser.parse(alone), at: .root)), "\(text)")
      #expect(position == alone.count, "\(text)")
    }
    let nearMisses = [
      // Valid, read by the general object reader.
      #"{"height": 5, "id": "a"}"#, #"{"span": 2, "size": [3, 4]}"#, #"{"\u0073ize": [3, 4]}"#,
      #"{"height": 5, "span": "\u0066ull"}"#, #"{"height": 5, "span": 2, "id": 1}"#, #"{"size": [3, 4], "column": 1}"#,
      // Refused by both paths: spans.
      #"{"height": 5, "span": 0}"#, #"{"height": 5, "span": -1}"#, #"{"height": 5, "span": 2.5}"#,
      #"{"height": 5, "span": "half"}"#, #"{"height": 5, "span": "fulll"}"#, #"{"height": 5, "span": 9007199254740994}"#,
      #"{"height": 5, "span": null}"#, #"{"height": 5, "span": 2, "span": 2}"#, #"{"height": 5, "span": }"#,
      #"{"height": 5, "span" 2}"#, #"{"height": 5, "spans": 2}"#, #"{"height": -5, "span": 2}"#,
      // Refused by both paths.
      #"{"sizes": [3, 4]}"#, #"{"size ": [3, 4]}"#, #"{"heigh": 3}"#, #"{"height": 5, }"#,
      #"{"size": [3, 4, 5]}"#, #"{"size": [3]}"#, #"{"size": []}"#, #"{"size": [3, 4]"#,
      #"{"size": [0, 4]}"#, #"{"size": [3, -4]}"#, #"{"size": [1e400, 4]}"#, #"{"height": -1}"#,
      #"{"height": 1e400}"#, #"{"height": 2e}"#, #"{"height": "5"}"#, #"{"size": [3, 4]]}"#,
      #"{"size" [3, 4]}"#, #"{"height": 5"#,
    ]
    for text in nearMisses {
      let bytes = Array(#"{"width": 100, "sections": [{"items": [1, \#(text), 2]}]}"#.utf8)
      Self.checkAgrees(bytes, "near miss")
      // The matcher leaves it, the reader back at its `{`, its depth as it was.
      let (item, position, depth) = _Reader.reading(Array(text.utf8)) { reader in
        (reader.plainItemObject(), reader.position, reader.depth)
      }
      #expect(item == nil && position == 0 && depth == 0, "\(text)")
      let cut = Array(#"{"width": 100, "sections": [{"items": [\#(text)"#.utf8)
      Self.checkAgrees(cut, "cut short")
    }
  }

  /// Sections big enough to take the item stack's storage, between small ones that copy their
  /// items out of it, and items with string ids: each section gets exactly its own items.
  @Test func bigAndSmallSectionsGetTheirOwnItems() {
    let limit = _Reader.handOverCount
    let counts = [3, limit + 5, 40, 0, limit - 1, limit, 2 * limit + 1, 1]
    var next = 0
    let sections = counts.map { count in
      let items = (0..<count).map { _ in
        next += 1
        return next % 3 == 0 ? #"{"height":\#(next % 500),"id":"item \#(next)"}"# : next % 3 == 1 ? "\(next % 500)" : #"{"size":[\#(next % 97 + 1),\#(next % 89)]}"#
      }
      return #"{"items":[\#(items.joined(separator: ","))]}"#
    }
    let bytes = Array(#"{"width":640,"layout":{"columns":4},"sections":[\#(sections.joined(separator: ","))]}"#.utf8)
    guard let fast = CollectionDocument._fast(bytes) else { Issue.record("the fast path left a valid document"); return }
    #expect(fast.sections.map(\.items.count) == counts)
    #expect(Self.general(bytes) == .success(fast))
    #expect(fast.sections.reduce(0) { $0 + $1.items.count { $0.id != nil } } == next / 3)
  }

  /// Documents the general path refuses, and valid ones the fast path does not take: it leaves
  /// them all to the general path, so their answers and error messages are its.
  @Test func leavesEverythingElseToTheGeneralPath() {
    let documents = [
      // Refused by the general path.
      #"{"width": 1, "width": 2}"#,
      #"{"width": 1, "sections": [], "sections": []}"#,
      #"{"width": 1, "sections": [{"items": [], "items": []}]}"#,
      #"{"width": 1, "sections": [{"columns": 2, "columns": 2}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "height": 1}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "span": 1, "span": 1}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "extra": 1}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"span": 2}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "size": [1, 1]}]}]}"#,
      #"{"width": 1, "sections": [{"items": [-1]}]}"#,
      #"{"width": 1, "sections": [{"items": [1e400]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": -1}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": true}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"size": [0, 1]}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"size": [-0, 1]}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"size": [1e400, 1]}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"size": [1, -1e-320]}]}]}"#,
      #"{"width": 1, "sections": [{"items": [-5e-324]}]}"#,
      #"{"width": 1, "sections": [{"items": [-1.0]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"size": [1]}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"size": [1, 2, 3]}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"size": [1, "2"]}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "span": 0}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "span": 2.5}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "span": "half"}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "span": 9007199254740994}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "id": 1.5}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "id": null}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "column": -1}]}]}"#,
      #"{"width": 1, "sections": [{"items": [{"height": 1, "column": "1"}]}]}"#,
      #"{"width": 1, "sections": [{"items": ["1"]}]}"#,
      #"{"width": 1, "sections": [{"items": [null]}]}"#,
      #"{"width": 1, "sections": [{"items": [[1]]}]}"#,
      #"{"width": 1, "sections": [{"items": {}}]}"#,
      #"{"width": 1, "sections": [{"items": [1,]}]}"#,
      #"{"width": 1, "sections": [{"items": [1 2]}]}"#,
      // A malformed number whose read stops before an object: the object is not an item.
      #"{"width": 1, "sections": [{"items": [2e{"height": 2}]}]}"#,
      #"{"width": 1, "sections": [{"items": [1, 2E+{"height": 2}]}]}"#,
      #"{"width": 1, "sections": [{"items": [-{"height": 2}]}]}"#,
      #"{"width": 1, "sections": [{"items": [3.{"size": [1, 2]}]}]}"#,
      #"{"width": 1, "sections": [{"items": [-.5]}]}"#,
      #"{"width": 1, "sections": [{"orientation": "vertical"}]}"#,
      #"{"width": 1, "sections": [{"colums": 2}]}"#,
      #"{"width": 1, "sections": {}}"#,
      #"{"width": 1, "sections": [1]}"#,
      #"{"width": 1, "colums": 2}"#,
      #"{"width": "1"}"#,
      #"{"height": 1}"#,
      #"{}"#,
      #"{"width": 1}x"#,
      #"{"width": 1"#,
      #"{"width": 1, "sections": [{"items": [1"#,
      #"[{"width": 1}]"#,
      "", " ",
    ]
    for text in documents {
      let bytes = Array(text.utf8)
      #expect(CollectionDocument._fast(bytes) == nil, "\(text)")
      #expect(Self.general(bytes).failureDescription != nil, "\(text)")
      Self.checkAgrees(bytes, "refused")
    }
  }

  @Test func nestingBeyondTheLimitIsTheGeneralPathsError() {
    // Both paths count the same levels: the document, `layout` and then 510 arrays are 512,
    // the limit; one more is too deep.
    func document(arrays: Int) -> [UInt8] {
      Array((#"{"width": 1, "layout": {"insets": "# + String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays) + "}}").utf8)
    }
    #expect(Self.general(document(arrays: 510)).failureDescription == "layout.insets: expected an object, got an array")
    #expect(Self.parsing(document(arrays: 510)) == Self.general(document(arrays: 510)))
    #expect(Self.parsing(document(arrays: 511)).failureDescription?.hasSuffix("nesting deeper than 512") == true)
    Self.checkAgrees(document(arrays: 511), "too deep")
    // The document, `sections`, a section, `items`, an item: an item's `size` nested to the
    // limit and past it.
    for arrays in [507, 508] {
      let bytes = Array(#"{"width": 1, "sections": [{"items": [{"size": "#.utf8)
        + Array((String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays) + "}]}]}").utf8)
      Self.checkAgrees(bytes, "\(arrays) arrays in a size")
      #expect(Self.parsing(bytes).failureDescription?.hasSuffix(arrays == 507 ? "expected [width, height], got an array of 1 value" : "nesting deeper than 512") == true,
              "\(arrays): \(Self.parsing(bytes))")
    }
  }

  /// A document or a section with 200,000 keys is read in linear time: the fast path leaves it
  /// to the general path (which hashes keys) instead of scanning for duplicates, and the error is
  /// the general path's. A quadratic scan took minutes.
  @Test func manyKeysTakeLinearTime() {
    let keys = (0..<200_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
    for text in [#"{"width":1,\#(keys)}"#, #"{"width":1,"sections":[{\#(keys)}]}"#] {
      let bytes = Array(text.utf8)
      var result: Result<CollectionDocument, JSONError>?
      let elapsed = ContinuousClock().measure { result = Self.parsing(bytes) }
      #expect(elapsed < .seconds(5), "\(elapsed)")
      #expect(result?.failureDescription?.hasSuffix("k0: unknown key") == true, "\(String(describing: result))")
      #expect(result == Self.general(bytes))
    }
  }

  /// Seeded random documents, two thirds valid, the others mostly with a fault (a duplicate or unknown key, a
  /// value of another type, an invalid item, a syntax error), in random key order and spacing:
  /// the fast path agrees with the general path on each, and takes every valid one.
  @Test(arguments: 1...200 as ClosedRange<UInt64>) func randomDocumentsAgree(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let (text, faulty) = Self.randomDocument(using: &random)
    let bytes = Array(text.utf8)
    let took = Self.checkAgrees(bytes, "seed \(seed)")
    if !faulty {
      #expect(took, "seed \(seed): the fast path left a valid document to the general path: \(text)")
    }
  }

  /// The random documents are of both kinds: some the general path decodes, some it refuses.
  @Test func randomDocumentsAreOfBothKinds() {
    var decoded = 0, refused = 0
    for seed: UInt64 in 1...200 {
      var random = SplitMix64(seed: seed)
      switch Self.general(Array(Self.randomDocument(using: &random).0.utf8)) {
      case .success: decoded += 1
      case .failure: refused += 1
      }
    }
    #expect(decoded >= 100 && refused >= 15, "\(decoded) decoded, \(refused) refused")
  }

  /// A random document's text, and whether a fault was put in it.
  static func randomDocument(using random: inout SplitMix64) -> (String, Bool) {
    // A third of the documents get faults, each place one in 40; the others none.
    let faultRate: UInt64 = random.next() % 3 == 0 ? 40 : 0
    var faulty = false
    func fault(_ random: inout SplitMix64) -> Bool {
      let hit = faultRate > 0 && random.next() % faultRate == 0
      faulty = faulty || hit
      return hit
    }
    func space(_ random: inout SplitMix64) -> String { ["", " ", "\n  ", "\t"][Int(random.next() % 4)] }
    func object(_ pairs: [(String, String)], _ random: inout SplitMix64) -> String {
      var pairs = pairs
      pairs.shuffle(using: &random)
      return "{" + pairs.map { "\(space(&random))\"\($0.0)\"\(space(&random)):\(space(&random))\($0.1)" }.joined(separator: ",") + space(&random) + "}"
    }
    func number(_ random: inout SplitMix64) -> String {
      switch random.next() % 4 {
      case 0: "\(random.next() % 400)"
      case 1: "\(Double(random.next() % 40_000) / 8)"
      case 2: "\(random.next() % 40)e1"
      default: "\(random.next() % 4000 + 1).25"
      }
    }
    func item(_ random: inout SplitMix64) -> String {
      if random.next() % 3 == 0 {
        guard fault(&random) else { return number(&random) }
        // An invalid height, or a malformed number run into an object.
        return random.next() % 2 == 0 ? "-1" : ["2e", "-", "3.", "4E+"][Int(random.next() % 4)] + object([("height", "2")], &random)
      }
      var pairs: [(String, String)] = []
      if random.next() % 2 == 0 {
        pairs.append(("height", fault(&random) ? "\"1\"" : number(&random)))
      } else {
        pairs.append(("size", fault(&random) ? "[0, 1]" : "[\(random.next() % 4000 + 1), \(number(&random))]"))
      }
      if random.next() % 3 == 0 { pairs.append(("span", ["\"full\"", "2", "1.0", "3"][Int(random.next() % 4)])) }
      if random.next() % 4 == 0 { pairs.append(("id", random.next() % 2 == 0 ? "\(random.next() % 1000)" : "\"p\(random.next() % 1000)\"")) }
      if random.next() % 8 == 0 { pairs.append(("column", "\(random.next() % 2)")) }
      if fault(&random) { pairs.append(pairs[0]) }
      if fault(&random) { pairs.append(("colour", "1")) }
      return object(pairs, &random)
    }
    var sections: [String] = []
    for _ in 0..<Int(random.next() % 4) {
      var pairs: [(String, String)] = []
      if random.next() % 2 == 0 { pairs.append(("columns", "\(random.next() % 4 + 1)")) }
      if random.next() % 3 == 0 { pairs.append(("header", number(&random))) }
      let items = (0..<Int(random.next() % 30)).map { _ in item(&random) }
      if random.next() % 5 != 0 { pairs.append(("items", "[" + items.joined(separator: ",\(space(&random))") + "]")) }
      if fault(&random) { pairs.append(("items", "[]")) }
      sections.append(object(pairs, &random))
    }
    var pairs: [(String, String)] = [("width", fault(&random) ? "true" : "\(random.next() % 1000 + 100)")]
    if random.next() % 2 == 0 { pairs.append(("layout", object([("columns", "\(random.next() % 5 + 1)"), ("itemSpacing", "4")], &random))) }
    if random.next() % 4 != 0 { pairs.append(("sections", "[" + sections.joined(separator: ",") + "]")) }
    var text = object(pairs, &random)
    if fault(&random) { text.removeLast() }
    return (text, faulty)
  }
}

/// The session's `load` fast path (`SessionRequest.fastLoad`, whose collection is read by the
/// document fast path) and `SessionRequest(parsing:)` against the general path.
@Suite struct LoadFastPathTests {
  static func general(_ line: [UInt8]) -> Result<SessionRequest, JSONError> {
    Result { () throws(JSONError) in try SessionRequest(json: JSONParser.parse(line)) }
  }

  static func parsing(_ line: [UInt8]) -> Result<SessionRequest, JSONError> {
    Result { () throws(JSONError) in try SessionRequest(parsing: line) }
  }

  /// Fails unless `fastLoad` gives up on `line` or agrees with the general path, and unless
  /// `SessionRequest(parsing:)` gives the general path's result or error; returns whether
  /// `fastLoad` took it.
  @discardableResult
  static func checkAgrees(_ line: [UInt8], _ context: String) -> Bool {
    let general = general(line)
    #expect(parsing(line) == general, "\(context): \(String(decoding: line, as: UTF8.self))")
    guard let fast = SessionRequest.fastLoad(line) else { return false }
    #expect(general == .success(fast), "\(context): \(String(decoding: line, as: UTF8.self))")
    return true
  }

  @Test func takesLoadRequestsInEveryShape() {
    let document = CollectionDocument(
      width: 390, sections: [WaterfallSection(parameters: WaterfallParameters(columns: 2), items: [120, .size(width: 4, height: 3, span: .full)])])
    let collection = #"{"width":390,"sections":[{"columns":2,"items":[120,{"size":[4,3],"span":"full"}]}]}"#
    for text in [
      #"{"op":"load","collection":\#(collection)}"#,
      #"{"collection":\#(collection),"op":"load"}"#,
      " {\n \"op\" : \"lo\\u0061d\" ,\t\"collection\" : \(collection) } \r\n",
    ] {
      let line = Array(text.utf8)
      #expect(SessionRequest.fastLoad(line) == .load(document), "\(text)")
      #expect(Self.general(line) == .success(.load(document)), "\(text)")
      #expect(Self.parsing(line) == .success(.load(document)), "\(text)")
    }
  }

  @Test func leavesEverythingElseToTheGeneralPath() {
    let collection = #"{"width":390,"sections":[{"items":[120]}]}"#
    let lines = [
      #"{"op":"load","op":"load","collection":\#(collection)}"#,
      #"{"op":"load","collection":\#(collection),"collection":\#(collection)}"#,
      #"{"op":"load","collection":\#(collection),"extra":1}"#,
      #"{"op":"load"}"#,
      #"{"collection":\#(collection)}"#,
      #"{"op":"loads","collection":\#(collection)}"#,
      #"{"op":"append","section":0,"items":[1]}"#,
      #"{"op":"page","rect":[0,0,1,1],"limit":5}"#,
      #"{"op":"load","collection":{"width":390,"sections":[{"items":[-1]}]}}"#,
      #"{"op":"load","collection":{"sections":[]}}"#,
      #"{"op":"load","collection":[]}"#,
      #"{"op":"load","collection":\#(collection)}x"#,
      #"{"op":"load","collection":\#(collection)"#,
      "\u{FEFF}" + #"{"op":"load","collection":\#(collection)}"#,
      "", "{}", "[]",
    ]
    for text in lines {
      let line = Array(text.utf8)
      #expect(SessionRequest.fastLoad(line) == nil, "\(text)")
      Self.checkAgrees(line, "refused")
    }
    // The page request and the line with a BOM are valid: the general path and the page fast
    // path read them.
    #expect(Self.parsing(Array(lines[7].utf8)) == .success(.page(Rect(x: 0, y: 0, width: 1, height: 1), limit: 5, cursor: nil)))
    #expect(Self.parsing(Array(lines[13].utf8)) == .success(.load(CollectionDocument(
      width: 390, sections: [WaterfallSection(parameters: WaterfallParameters(), items: [120])]))))
  }

  /// The random documents of ``DocumentFastPathTests``, loaded: the same agreement, and every
  /// valid one taken.
  @Test(arguments: 1...100 as ClosedRange<UInt64>) func randomLoadsAgree(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let (document, faulty) = DocumentFastPathTests.randomDocument(using: &random)
    let text = random.next() % 2 == 0 ? #"{"op":"load","collection":\#(document)}"# : #"{ "collection" : \#(document) , "op" : "load" }"#
    let took = Self.checkAgrees(Array(text.utf8), "seed \(seed)")
    if !faulty { #expect(took, "seed \(seed): \(text)") }
  }
}

extension Result where Failure == JSONError {
  /// The error's description, or `nil` for a success.
  fileprivate var failureDescription: String? {
    if case .failure(let error) = self { return error.description }
    return nil
  }
}
