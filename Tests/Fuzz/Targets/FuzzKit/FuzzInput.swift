// The bytes of one fuzz input, read as the choices of a generator: every target turns libFuzzer's
// bytes into values (indices, sizes, hostile numbers, requests) through this reader, so a small
// change of the bytes is a small change of the run and a crash's input replays it exactly.
//
// An exhausted input reads as zeros, so every generator terminates: loops stop on `isEmpty`.

#if canImport(Glibc)
import Glibc
#endif

/// A cursor over one fuzz input.
public struct FuzzInput {
  public let bytes: [UInt8]
  public private(set) var position = 0

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  }

  public var isEmpty: Bool { position >= bytes.count }
  public var remaining: Int { Swift.max(0, bytes.count - position) }

  /// The next byte, or 0 once the input is exhausted.
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  public mutating func bool() -> Bool { byte() & 1 == 1 }

  /// `true` with probability about `percent`/100.
  public mutating func chance(_ percent: Int) -> Bool { Int(byte()) * 100 < percent * 256 }

  /// A value read from as many bytes as `range` needs, reduced into it.
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
    if span == 0 { return range.lowerBound }
    var value: UInt64 = 0
    var needed = span
    while needed > 0 {
      value = value << 8 | UInt64(byte())
      needed >>= 8
    }
    let offset = span == UInt64.max ? value : value % (span + 1)
    return range.lowerBound &+ Int(truncatingIfNeeded: offset)
  }

  public mutating func pick<T>(_ options: [T]) -> T { options[int(0...(options.count - 1))] }

  /// Raw bytes, at most `limit`.
  public mutating func take(_ count: Int) -> [UInt8] {
    let n = Swift.min(count, remaining)
    defer { position += n }
    return Array(bytes[position..<(position + n)])
  }

  /// An index for a collection of `count` elements: mostly inside `0...count` (the end
  /// included, where insertions go), sometimes just outside, sometimes absurd.
  public mutating func index(_ count: Int) -> Int {
    switch byte() % 16 {
    case 0: return -1
    case 1: return count + 1
    case 2: return pick([Int.max, Int.min, Int.max - 1, Int(Int32.max), Int(Int32.max) + 1, -2, 1 << 53, (1 << 53) + 1])
    case 3: return count
    default: return count <= 0 ? 0 : int(0...(count - 1))
    }
  }

  /// A count of elements to insert or delete: mostly small, sometimes hostile.
  public mutating func count(max: Int = 8) -> Int {
    switch byte() % 32 {
    case 0: return -1
    case 1: return pick([Int.max, Int.min, Int.max - 1, 1 << 40])
    default: return int(0...max)
    }
  }

  /// A length (a height, a width, a spacing): mostly small round numbers with many ties, then
  /// fractions, then values every validator must reject or survive: NaN, infinities, negatives,
  /// -0, the largest and smallest doubles.
  public mutating func length(_ scale: Double = 300, hostile: Bool = true) -> Double {
    let kind = byte() % 32
    if hostile {
      switch kind {
      case 0: return .nan
      case 1: return .infinity
      case 2: return -.infinity
      case 3: return -Double(int(1...100))
      case 4: return -0.0
      case 5: return .greatestFiniteMagnitude
      case 6: return .leastNonzeroMagnitude
      case 7: return 1e300
      case 8: return 1e16 + 1
      default: break
      }
    }
    switch kind % 4 {
    case 0: return 0
    case 1: return Double(int(0...Int(scale) / 10) * 10)
    case 2: return Double(int(0...10_000)) / 10_000 * scale
    default: return Double(int(1...Int(scale)))
    }
  }
}

/// Stops the run with `message` when `condition` fails: libFuzzer reports it as a crash and
/// keeps the input.
@inline(__always)
public func check(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if !condition() { fatalError("check failed: \(message())", file: file, line: line) }
}

/// An environment variable, or nil.
public func getenvString(_ name: String) -> String? {
  guard let value = getenv(name) else { return nil }
  return String(cString: value)
}

/// Writes `text` and a newline to standard error at once (unbuffered, so it survives a crash).
public func traceLine(_ text: String) {
  var line = text + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
