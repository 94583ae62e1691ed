// The writer's own number formatting (`JSONWriter+Digits.swift`) against the standard library's:
// the same bytes as `description` (without a trailing `.0`) for seeded random doubles of every
// kind, and the integers' eight-digit writes against `String(_:)`.

import Cascade
@testable import CascadeJSON
import Testing

@Suite struct ShortestDigitsTests {
  /// The text the writer must produce: `description`, integral values without `.0`; the
  /// reference writer of `FastWriterTests` (the code before any fast path).
  static func reference(_ value: Double) -> String { OldJSONWriter.format(value) }

  /// What `_writeShortest(_:to:)` writes for `value`, or `nil` when it leaves `value` to the
  /// standard library.
  static func shortest(_ value: Double) -> String? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONWriter._maximumNumberLength) { buffer in
      JSONWriter._writeShortest(value, to: buffer.baseAddress!).map {
        String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: $0), as: UTF8.self)
      }
    }
  }

  /// A double with the given sign, unbiased exponent and 52 fraction bits.
  static func double(negative: Bool, exponent: Int, fraction: UInt64) -> Double {
    Double(bitPattern: (negative ? 1 << 63 : 0) | UInt64(exponent + 1023) << 52 | fraction & 0x000F_FFFF_FFFF_FFFF)
  }

  /// Random doubles of every kind the writer meets or could: any bit pattern, the fast path's
  /// exponents and just outside them, significands near a power of two (the asymmetric
  /// interval) and with only low bits set, short binary fractions, short decimals, sums like
  /// a layout's y, and the extremes.
  static func values(seed: UInt64, count: Int) -> [Double] {
    var random = SplitMix64(seed: seed)
    var values: [Double] = [
      0, -0.0, 0x1p-5, -0x1p-5, 0x1p-5.nextDown, 0x1p-5.nextUp, 0x1p-6, 0x1p53.nextDown, -0x1p53.nextDown,
      0x1p51 + 0.5, 0x1p52.nextDown, 0x1p52 - 0.5, 0x1p53, 0x1p53.nextUp, 0.1, 0.2, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 0.5, 0.75,
      258.5, 248.5, 775.5, 0.999999999999999, 0.9999999999999999, 1.0.nextUp, 1.0.nextDown, 2.0.nextDown,
      123.33333333333333, 900719925474.0367, 9007199254740.993, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 2.2250738585072014e-308,
      Double.leastNormalMagnitude.nextDown, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e16, 1e22, 1e23,
      0.0001, 0.00001, 0.03125, 0.0312, 0.03124999999999999,
    ]
    for i in 0..<count {
      let x = random.next()
      let negative = x >> 63 == 1
      switch i % 10 {
      case 0: values.append(Double(bitPattern: x))
      case 1: values.append(double(negative: negative, exponent: Int(random.next() % 64) - 8, fraction: random.next()))
      case 2: values.append(double(negative: negative, exponent: Int(random.next() % 64) - 8, fraction: random.next() % 16))
      case 3: values.append(double(negative: negative, exponent: Int(random.next() % 64) - 8, fraction: ~(random.next() % 16)))
      case 4:
        // k / 2^j: exact binary fractions, short and long.
        let j = Int(random.next() % 30)
        values.append(Double(Int64(bitPattern: random.next()) >> Int(random.next() % 64)) / Double(UInt64(1) << j))
      case 5:
        // m / 10^d: short decimals.
        let d = Int(random.next() % 13)
        values.append(Double(Int64(random.next() % 1_000_000_000_000)) / Double(JSONWriter._powerOfTen(d)) * (negative ? -1 : 1))
      case 6:
        // A layout's numbers: heights in [50, 300), their running sums, a column's x.
        let h = random.uniform(50, 300)
        values.append(h)
        values.append(h * Double(random.next() % 4_000_000))
        values.append(Double(random.next() % 8) * (h + 10))
      case 7: values.append(random.uniform(0, 1) * (negative ? -1 : 1))
      case 8:
        // Subnormals and huge exponents.
        values.append(Double(bitPattern: x & 0x800F_FFFF_FFFF_FFFF))
        values.append(double(negative: negative, exponent: 1000 + Int(random.next() % 24), fraction: random.next()))
      default:
        values.append(double(negative: negative, exponent: Int(random.next() % 60) - 5, fraction: random.next() << (random.next() % 53)))
      }
    }
    return values.filter(\.isFinite)
  }

  /// Every value written as the standard library writes it, through `format(_:)` and the
  /// writer's buffer path; `_writeShortest` answers exactly the values from 2^-5 to 2^53
  /// (integers too) and +0.
  @Test func formatMatchesDescription() {
    let seed = UInt64.random(in: 0 ... .max)
    var fast = 0
    for value in Self.values(seed: seed, count: 200_000) {
      let expected = Self.reference(value)
      #expect(JSONWriter.format(value) == expected, "seed \(seed): \(value) (bits \(value.bitPattern))")
      let magnitude = Swift.abs(value)
      let inRange = magnitude >= 0x1p-5 && magnitude < 0x1p53 || value.bitPattern == 0
      let text = Self.shortest(value)
      #expect((text != nil) == inRange, "seed \(seed): \(value) (bits \(value.bitPattern)) in range: \(inRange)")
      if let text {
        fast += 1
        #expect(text == expected, "seed \(seed): \(value) (bits \(value.bitPattern))")
      }
    }
    // Most of the values are in the fast path's range: the comparison above is not vacuous.
    #expect(fast > 100_000, "seed \(seed): only \(fast) values took the fast path")
  }

  /// Hand-written bytes for the fast path's edges and both of its branches.
  @Test func goldenNumbers() {
    let cases: [(Double, String)] = [
      (0x1p-5, "0.03125"), (-0x1p-5, "-0.03125"), (0x1p-5.nextDown, "0.031249999999999997"),
      (0x1p-5.nextUp, "0.03125000000000001"), (0x1p53.nextDown, "9007199254740991"), (0x1p51 + 0.5, "2251799813685248.5"),
      (0.1 + 0.2, "0.30000000000000004"), (258.5, "258.5"), (-775.5, "-775.5"), (1.0 / 3, "0.3333333333333333"),
      (2.0 / 3, "0.6666666666666666"), (1.0.nextUp, "1.0000000000000002"), (2.0.nextDown, "1.9999999999999998"),
      (0.1, "0.1"), (123.456, "123.456"), (0.0312, "0.0312"), (9007199254740.993, "9007199254740.992"),
      (1e-5, "1e-05"), (1e16, "1e+16"),
    ]
    for (value, text) in cases { #expect(JSONWriter.format(value) == text, "\(value)") }
  }

  /// Integers of every length, both signs and the limits, as `String(_:)` writes them.
  @Test func integersAsString() {
    let seed = UInt64.random(in: 0 ... .max)
    var random = SplitMix64(seed: seed)
    var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, .max, .min, .max - 1, .min + 1]
    for digits in 1...19 {
      let low = digits == 1 ? 0 : Int64(JSONWriter._powerOfTen(digits - 1))
      values.append(low)
      if digits < 19 { values.append(Int64(JSONWriter._powerOfTen(digits)) - 1) }
      for _ in 0..<200 {
        let span = digits == 19 ? UInt64(Int64.max) - UInt64(low) : JSONWriter._powerOfTen(digits) - UInt64(low)
        let v = low + Int64(random.next() % span)
        values.append(v)
        values.append(-v)
      }
    }
    for value in values {
      let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONWriter._maximumNumberLength) { buffer in
        String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: JSONWriter._write(value, to: buffer.baseAddress!)), as: UTF8.self)
      }
      #expect(text == String(value), "seed \(seed): \(value)")
    }
    for value in [UInt64(0), 1, 9, 10, 12_345_678, 99_999_999, 100_000_000, .max] {
      #expect(JSONWriter._decimalDigitCount(value) == String(value).count, "\(value)")
    }
  }
}

/// The parser's fast paths against `Double(String)`: Clinger's (digits that are an integer of at
/// most 2^53, a power of ten up to 10^22) at and around its bounds, and the checked division of
/// 16- to 18-digit literals next to powers of two, where the values that round to the power
/// span only a quarter ulp below it.
@Suite struct ParserFastPathTests {
  @Test func shortDecimalsAsDoubleString() throws {
    let seed = UInt64.random(in: 0 ... .max)
    var random = SplitMix64(seed: seed)
    var texts = ["9007199254740992", "9007199254740993", "900719925474099.2", "900719925474099.3", "0.9007199254740992",
                 "0.0000009007199254740992", "9007199254740991e0", "1234567890123456.7", "-0", "-0.0", "0.0000000000000000000001"]
    for _ in 0..<20_000 {
      // 1 to 19 digits, a mantissa below 2^53 or just above, the point anywhere.
      var mantissa = random.next() % (random.next() % 2 == 0 ? (1 << 53) + 1 : 1 << 54)
      if random.next() % 4 == 0 { mantissa %= JSONWriter._powerOfTen(Int(random.next() % 16) + 1) }
      var digits = String(mantissa)
      // The point after `point` digits, or before them with up to three zeros after it.
      let point = Int(random.next() % UInt64(digits.count + 1))
      if point == 0 {
        digits = "0." + String(repeating: "0", count: Int(random.next() % 4)) + digits
      } else if point < digits.count {
        digits.insert(".", at: digits.index(digits.startIndex, offsetBy: point))
      }
      texts.append(random.next() % 3 == 0 ? "-" + digits : digits)
    }
    for text in texts {
      guard case .number(let value) = try JSONParser.parse(Array(text.utf8)) else { Issue.record("seed \(seed): \(text)"); continue }
      #expect(value.bitPattern == Double(text)!.bitPattern, "seed \(seed): \(text)")
    }
  }

  /// Literals just below and above powers of two (the shortest texts of the power and its
  /// neighbours, each last digit changed), read as `Double(String)` reads them. Before the
  /// quarter-ulp rule, `1.9999999999999998` (the text of `2.0.nextDown`) read as 2.
  @Test func nextToPowersOfTwo() throws {
    let seed = UInt64.random(in: 0 ... .max)
    var random = SplitMix64(seed: seed)
    var texts = ["1.9999999999999998", "0.99999999999999994", "0.24999999999999998", "65535.999999999996", "4194303.9999999996"]
    for k in -20...62 {
      var y = Double(sign: .plus, exponent: k, significand: 1).nextDown.nextDown.nextDown
      for _ in 0..<6 {
        let text = y.description
        y = y.nextUp
        guard !text.contains("e"), text.contains(".") else { continue }
        texts.append(text)
        for _ in 0..<6 {
          var bytes = Array(text.utf8)
          let last = bytes.count - 1
          if bytes[last] != UInt8(ascii: ".") { bytes[last] = UInt8(ascii: "0") + UInt8(random.next() % 10) }
          texts.append(String(decoding: bytes, as: UTF8.self) + (random.next() % 3 == 0 ? String(random.next() % 10) : ""))
        }
      }
    }
    for text in texts {
      guard case .number(let value) = try JSONParser.parse(Array(text.utf8)) else { Issue.record("seed \(seed): \(text)"); continue }
      #expect(value.bitPattern == Double(text)!.bitPattern, "seed \(seed): \(text) read as \(value), not \(Double(text)!)")
    }
    #expect(try JSONParser.parse(Array("1.9999999999999998".utf8)) == .number(2.0.nextDown))
  }
}
