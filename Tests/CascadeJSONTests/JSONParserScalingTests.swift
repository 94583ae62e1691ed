// Big inputs parse in time linear in their size: objects with many keys (duplicates found by
// hashing), long arrays, strings full of escapes, very long numbers, and nesting far past the
// depth limit, which is an error rather than a stack overflow.

import CascadeJSON
import Testing

@Suite struct JSONParserScalingTests {
  /// Far above what these inputs take in a debug build (under 1 s each on the 2-core build
  /// machine), far below what a quadratic parse would (200,000 keys took about 25 minutes).
  static let bound = Duration.seconds(5)

  /// Parses `bytes`, checks that it took less than ``bound``, and returns the value or the
  /// error's description.
  func timedParse(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Result<JSONValue, JSONError> {
    var result: Result<JSONValue, JSONError> = .failure(JSONError(.root, "not run"))
    let elapsed = ContinuousClock().measure {
      do throws(JSONError) {
        result = .success(try JSONParser.parse(bytes))
      } catch {
        result = .failure(error)
      }
    }
    #expect(elapsed < Self.bound, "parsing \(bytes.count) bytes took \(elapsed)", sourceLocation: sourceLocation)
    return result
  }

  /// `{"k0":0,"k1":1,...}` with `count` keys, without the closing brace.
  func object(keys count: Int) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "{")]
    bytes.reserveCapacity(count * 16)
    for i in 0..<count {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes += Array("\"k\(i)\":\(i)".utf8)
    }
    return bytes
  }

  @Test func objectWithManyKeys() throws {
    let bytes = object(keys: 200_000) + [UInt8(ascii: "}")]
    let value = try timedParse(bytes).get()
    guard case .object(let members) = value else { Issue.record("not an object: \(value.kindDescription)"); return }
    #expect(members.count == 200_000)
    #expect(members.first == JSONMember(key: "k0", value: .number(0)))
    #expect(members.last == JSONMember(key: "k199999", value: .number(199_999)))
  }

  @Test func duplicateKeyAtTheEndOfABigObject() {
    let prefix = object(keys: 200_000) + Array(",".utf8)
    let bytes = prefix + Array(#""k123456":1}"#.utf8)
    let result = timedParse(bytes)
    // The error points at the duplicate key's opening quote.
    #expect(result.failureDescription == "invalid JSON at line 1, column \(prefix.count + 1): duplicate key 'k123456'")
  }

  @Test func duplicateKeysAroundTheSetThreshold() {
    // Objects of 1...40 keys ending with a duplicate of each earlier key: the scan and the set
    // find the same duplicates, at the same place.
    for count in 1...40 {
      for duplicate in 0..<count {
        let prefix = object(keys: count) + Array(",".utf8)
        let bytes = prefix + Array("\"k\(duplicate)\":0}".utf8)
        let expected = "invalid JSON at line 1, column \(prefix.count + 1): duplicate key 'k\(duplicate)'"
        #expect(timedParse(bytes).failureDescription == expected, "\(count) keys, duplicate k\(duplicate)")
      }
      #expect((try? timedParse(object(keys: count) + [UInt8(ascii: "}")]).get()) != nil, "\(count) keys")
    }
  }

  @Test func longArray() throws {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    bytes.reserveCapacity(7_000_000)
    for i in 0..<1_000_000 {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes += Array("\(i % 1000).5".utf8)
    }
    bytes.append(UInt8(ascii: "]"))
    let value = try timedParse(bytes).get()
    guard case .array(let elements) = value else { Issue.record("not an array: \(value.kindDescription)"); return }
    #expect(elements.count == 1_000_000)
    #expect(elements[999_999] == .number(999.5))
  }

  @Test func longStringsFullOfEscapes() throws {
    let escapes = #"\n\"\\\/\u00e9\ud83d\ude00"#
    let unescaped = "\n\"\\/é😀"
    let count = 200_000  // 1.2 million escapes, 6.2 MB
    let bytes = Array(("\"" + String(repeating: escapes, count: count) + "\"").utf8)
    let value = try timedParse(bytes).get()
    #expect(value == .string(String(repeating: unescaped, count: count)))
    // An unterminated one fails at its end.
    let open = Array(("\"" + String(repeating: #"\t"#, count: 500_000)).utf8)
    #expect(timedParse(open).failureDescription
      == "invalid JSON at line 1, column \(open.count + 1): unexpected end of input inside a string")
  }

  @Test func longNumbers() throws {
    let digits = String(repeating: "1234567890", count: 100_000)
    #expect(try timedParse(Array(digits.utf8)).get() == .number(.infinity))
    #expect(try timedParse(Array(("0." + digits).utf8)).get() == .number(0.123456789012345678))
    #expect(try timedParse(Array(("1e-" + digits).utf8)).get() == .number(0))
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let arrays = Array(String(repeating: "[", count: 100_000).utf8)
    #expect(timedParse(arrays).failureDescription == "invalid JSON at line 1, column 513: nesting deeper than 512")
    let closed = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
    #expect(timedParse(closed).failureDescription == "invalid JSON at line 1, column 513: nesting deeper than 512")
    let objects = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
    #expect(timedParse(objects).failureDescription == "invalid JSON at line 1, column 2561: nesting deeper than 512")
  }

  @Test func anErrorAtTheEndOfABigInputIsPlacedQuickly() {
    let bytes = Array((String(repeating: "\n", count: 3_000_000) + String(repeating: " ", count: 5_000_000) + "x").utf8)
    #expect(timedParse(bytes).failureDescription
      == "invalid JSON at line 3000001, column 5000001: unexpected character 'x', expected a value")
  }
}

extension Result<JSONValue, JSONError> {
  /// The error's description, or `nil` on success.
  fileprivate var failureDescription: String? {
    if case .failure(let error) = self { return error.description }
    return nil
  }
}
