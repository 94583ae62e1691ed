// Numbers as text without the standard library's general algorithm: the shortest round-trip
// digits of a Double in [2^-5, 2^53), computed exactly in fixed point, and integers up to four
// digits from a table of digit pairs, longer ones eight digits at a time. The standard library
// formats every other Double.

extension JSONWriter {
  /// Writes the standard library's text for `value` (`description`: the shortest digits that
  /// read back to `value`, of those the closest to it, an exact tie to the even last digit;
  /// integral values without `.0`) at `p` (room for ``_maximumNumberLength`` bytes) when
  /// |value| is in [2^-5, 2^53) or `value` is +0, and returns its length; `nil` for any other
  /// value (the caller then uses the standard library).
  ///
  /// The bits are decoded once: an integer (no fraction bits below the point) is written as
  /// one, a short binary fraction as its exact decimal, and the rest by the search below.
  ///
  /// In that range `value = m / 2^k` with a 53-bit m and 0 ≤ k ≤ 57, so for a non-integer the
  /// value and both ends of the interval of reals that read back to it (half an ulp either
  /// side, a quarter below a power of two; the ends included when m is even, since a correctly
  /// rounding reader rounds a tie to the even significand) are multiples of 2^-(k+2): scaled by
  /// 10^n (n fraction digits, enough for 17 significant digits) they are exact 128-bit
  /// integers. The
  /// candidates with n fraction digits are the integers between the scaled ends; the shortest
  /// are the multiples of the largest power of ten among them, and the answer is the one the
  /// exact value rounds to (half to even), held inside the interval. No integer lies in the
  /// interval (the value is at least an ulp from one), so the text is always
  /// `integer.fraction`, with the integer part of `value` and no exponent, as the standard
  /// library prints values in this range.
  ///
  /// - Complexity: O(1): two 64×64-bit multiplications, a few divisions by constants.
  @inlinable
  static func _writeShortest(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int? {
    _writeShortestInline(value, to: p)
  }

  /// ``_writeShortest(_:to:)``, always inlined (see ``_writeInline(_:to:)``).
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  static func _writeShortestInline(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int? {
    let bits = value.bitPattern
    let exponent = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF) &- 1023
    // value in [2^exponent, 2^(exponent + 1)); from 2^53 up the standard library writes an
    // exponent for some integers, so it keeps them.
    guard exponent >= -5, exponent <= 52 else {
      if bits == 0 { p[0] = UInt8(ascii: "0"); return 1 }
      return nil
    }
    // The sign is written whether or not it is due, and kept only when it is: no branch.
    p[0] = UInt8(ascii: "-")
    let sign = Int(truncatingIfNeeded: bits >> 63)
    let p = p + sign
    let fractionBits = bits & 0x000F_FFFF_FFFF_FFFF
    let m = fractionBits | 0x0010_0000_0000_0000
    let k = UInt64(truncatingIfNeeded: 52 &- exponent)  // value = m / 2^k, 0 ≤ k ≤ 57
    let integer = m &>> k
    let integerDigits = _decimalDigitCount(integer)
    let fraction = m & ((1 &<< k) &- 1)
    if fraction == 0 { return sign &+ _writeDigits(integer, count: integerDigits, to: p) }
    // A value with j ≤ 19 binary fraction digits is exactly a decimal of j fraction digits,
    // (F / 2^j = F·5^j / 10^j); when half an ulp is below 10^-j, it is also the shortest (a
    // decimal of fewer digits differs from it by an odd multiple of 10^-j) and the closest.
    // Such values (`258.5`, `0.125`) skip the general search, which would drop many digits.
    let j = k &- UInt64(truncatingIfNeeded: fraction.trailingZeroBitCount)
    if j <= 19 && _powerOfTen(Int(truncatingIfNeeded: j)) < (1 as UInt64) &<< UInt64(truncatingIfNeeded: 53 &- exponent) {
      let digits = Int(truncatingIfNeeded: j)
      var count = _writeDigits(integer, count: integerDigits, to: p)
      p[count] = UInt8(ascii: ".")
      count &+= 1
      let decimal = (fraction &>> (k &- j)) &* (_powerOfTen(digits) &>> j)
      return sign &+ count &+ _writeDigits(decimal, count: digits, to: p + count)
    }
    // n fraction digits: 17 significant digits for a value of 1 or more; 19 below 1 (at most
    // one zero after the point from 2^-5 up).
    let n = integer == 0 ? 19 : 17 &- integerDigits
    let scale = _powerOfTen(n)
    // The value and the interval's ends, times 10^n, in units of 2^-(k+2): 128-bit integers
    // (high, low).
    let shift = k &+ 2
    let exact = (m << 2).multipliedFullWidth(by: scale)
    let below = (fractionBits == 0 ? 1 : 2 as UInt64).multipliedFullWidth(by: scale)
    let above = (2 as UInt64).multipliedFullWidth(by: scale)
    let (lowerLow, borrow) = exact.low.subtractingReportingOverflow(below.low)
    let lowerHigh = exact.high &- below.high &- (borrow ? 1 : 0)
    let (upperLow, carry) = exact.low.addingReportingOverflow(above.low)
    let upperHigh = exact.high &+ above.high &+ (carry ? 1 : 0)
    let fractionMask = (1 &<< shift) &- 1  // the bits below the unit
    let even = m & 1 == 0
    // The integers lo ... hi lie in the interval (its ends only when `even`); the scaled
    // values fit 64 bits (below 10^19).
    var lo = lowerLow &>> shift | lowerHigh &<< (64 &- shift)
    if !(even && lowerLow & fractionMask == 0) { lo &+= 1 }
    var hi = upperLow &>> shift | upperHigh &<< (64 &- shift)
    if !even && upperLow & fractionMask == 0 { hi &-= 1 }
    var rounded = exact.low &>> shift | exact.high &<< (64 &- shift)
    let rest = exact.low & fractionMask
    guard lo <= hi else { return nil }
    // Drop digits while a multiple of the next power of ten lies in the interval, keeping
    // what the exact value rounds by: the first digit below `rounded` and whether anything
    // below that is not zero (`rest` is the fraction below the first digit, of `shift` bits).
    var digit = (rest &* 10) &>> shift
    var sticky = (rest &* 10) & fractionMask != 0
    // Random doubles need 16 or 17 digits: the first drop is taken by selects, not a branch;
    // more drops (shorter values) by the loop.
    var hq = hi / 10, lq = (lo &+ 9) / 10
    let first = hq >= lq
    let q = rounded / 10
    sticky = first ? (sticky || digit != 0) : sticky
    digit = first ? rounded &- q &* 10 : digit
    rounded = first ? q : rounded
    hi = first ? hq : hi
    lo = first ? lq : lo
    var dropped = first ? 1 : 0
    if first {
      while true {
        hq = hi / 10
        lq = (lo &+ 9) / 10
        guard hq >= lq else { break }
        sticky = sticky || digit != 0
        digit = rounded % 10
        rounded /= 10
        hi = hq
        lo = lq
        dropped &+= 1
      }
    }
    // Round half to even, then hold the answer inside the interval.
    let tie = digit == 5 && !sticky
    let up = digit > 5 || (digit == 5 && sticky) || (tie && rounded & 1 == 1)
    rounded &+= up ? 1 : 0
    rounded = Swift.min(Swift.max(rounded, lo), hi)
    let fractionDigits = n &- dropped
    // The answer lies strictly between `integer` and `integer + 1` (scaled), so its fraction
    // is `rounded − integer·10^f`, with exactly f digits.
    guard fractionDigits >= 1 else { return nil }
    let (integerPart, overflow) = integer.multipliedReportingOverflow(by: _powerOfTen(fractionDigits))
    guard !overflow, rounded > integerPart, rounded &- integerPart < _powerOfTen(fractionDigits) else { return nil }
    var count = _writeDigits(integer, count: integerDigits, to: p)
    p[count] = UInt8(ascii: ".")
    count &+= 1
    return sign &+ count &+ _writeDigits(rounded &- integerPart, count: fractionDigits, to: p + count)
  }

  /// Writes the `count` decimal digits of `value` (zeros first when it has fewer; `value` below
  /// 10^`count`) at `p`: up to four from the table of digit pairs, more eight at a time. Each
  /// store writes four or eight bytes, so up to 7 bytes past the digits are overwritten too
  /// (room for `max(count, 8)` bytes). `count` is 1 to 20.
  ///
  /// - Complexity: O(1): at most three stores.
  @inlinable @inline(__always)
  static func _writeDigits(_ value: UInt64, count: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
    let raw = UnsafeMutableRawPointer(p)
    if count <= 4 {
      raw.storeBytes(of: (_fourDigits(value) >> UInt32(truncatingIfNeeded: (4 &- count) &* 8)).littleEndian, as: UInt32.self)
    } else if count <= 8 {
      raw.storeBytes(of: (_eightDigits(value) >> UInt64(truncatingIfNeeded: (8 &- count) &* 8)).littleEndian, as: UInt64.self)
    } else if count <= 16 {
      let high = value / 100_000_000, low = value &- high &* 100_000_000
      let highCount = count &- 8
      if highCount <= 4 {
        raw.storeBytes(of: (_fourDigits(high) >> UInt32(truncatingIfNeeded: (4 &- highCount) &* 8)).littleEndian, as: UInt32.self)
      } else {
        raw.storeBytes(of: (_eightDigits(high) >> UInt64(truncatingIfNeeded: (8 &- highCount) &* 8)).littleEndian, as: UInt64.self)
      }
      raw.storeBytes(of: _eightDigits(low).littleEndian, toByteOffset: highCount, as: UInt64.self)
    } else {
      let top = value / 10_000_000_000_000_000, rest = value % 10_000_000_000_000_000
      let high = rest / 100_000_000, low = rest % 100_000_000
      raw.storeBytes(of: (_fourDigits(top) >> UInt32(truncatingIfNeeded: (20 &- count) &* 8)).littleEndian, as: UInt32.self)
      raw.storeBytes(of: _eightDigits(high).littleEndian, toByteOffset: count &- 16, as: UInt64.self)
      raw.storeBytes(of: _eightDigits(low).littleEndian, toByteOffset: count &- 8, as: UInt64.self)
    }
    return count
  }

  /// The four ASCII digits of `value` (below 10^4, zeros first), the first digit in the low
  /// byte: two reads of the table of digit pairs.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  static func _fourDigits(_ value: UInt64) -> UInt32 {
    let v = UInt32(truncatingIfNeeded: value)
    // v·5243 >> 19 is v / 100 for v < 10^4.
    let high = (v &* 5243) >> 19
    let low = v &- high &* 100
    let pairs = UnsafeRawPointer(_digitPairs.utf8Start)
    let first = UInt16(littleEndian: pairs.loadUnaligned(fromByteOffset: Int(high) &* 2, as: UInt16.self))
    let second = UInt16(littleEndian: pairs.loadUnaligned(fromByteOffset: Int(low) &* 2, as: UInt16.self))
    return UInt32(first) | UInt32(second) << 16
  }

  /// `00`, `01`, ..., `99`: the two digits of every number below 100, in order.
  @usableFromInline static var _digitPairs: StaticString {
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
  }

  /// The eight ASCII digits of `value` (below 10^8, zeros first), the first digit in the low
  /// byte: split into halves of four digits, each into pairs, each pair into digits, all
  /// halves (then pairs) at once in the lanes of one 64-bit integer.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  static func _eightDigits(_ value: UInt64) -> UInt64 {
    let high = value / 10_000
    var x = high | (value &- high &* 10_000) << 32  // two 32-bit lanes below 10^4
    // n·10486 >> 20 is n / 100 for n < 10^4 (and stays in its lane; the mask drops what the
    // upper lane shifts in).
    let hundreds = ((x &* 10_486) >> 20) & 0x0000_007F_0000_007F
    x = hundreds | (x &- hundreds &* 100) << 16  // four 16-bit lanes below 100
    // n·103 >> 10 is n / 10 for n < 100.
    let tens = ((x &* 103) >> 10) & 0x000F_000F_000F_000F
    x = tens | (x &- tens &* 10) << 8  // eight bytes below 10
    return x | 0x3030_3030_3030_3030
  }

  /// The number of decimal digits of `value` (1 for 0).
  ///
  /// - Complexity: O(1): the bit length gives the count or one less, and one comparison decides.
  @inlinable
  static func _decimalDigitCount(_ value: UInt64) -> Int {
    // (bits · 1233) >> 12 is floor(bits · log10 2), the digits of 2^bits less one or none.
    // With the last bit set, 0 counts as 1 and no other value changes its count (10^d − 1,
    // the last value of d digits, is odd).
    let v = value | 1
    let bits = 64 &- v.leadingZeroBitCount
    let guess = (bits &* 1233) >> 12  // at most 19
    return guess &+ (v >= _powerOfTen(guess) ? 1 : 0)
  }

  /// 10^n for n in 0...19.
  ///
  /// - Complexity: O(1): a read of a constant table.
  @inlinable @inline(__always)
  static func _powerOfTen(_ n: Int) -> UInt64 { _decimalPowers[n] }
}

/// 10^0 ... 10^19, every power of ten a `UInt64` holds.
@usableFromInline
let _decimalPowers: [UInt64] = [
  1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
  10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
  1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
  1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]
