// A strict RFC 8259 parser over UTF-8 bytes.
//
// Hand-written rather than `JSONSerialization` or `JSONDecoder`: it keeps booleans apart from
// numbers, keeps object members in order, rejects duplicate keys, says where malformed input
// breaks (line and column), and reads a million-number array without a Foundation object per
// number.

import Cascade

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses JSON text into a ``JSONValue``.
///
///     let value = try JSONParser.parse(Array(#"[120, {"height": 80}]"#.utf8))
///
/// Errors carry an empty path and a message such as
/// `invalid JSON at line 1, column 9: expected ',' or ']'`.
public enum JSONParser {
  /// The deepest nesting accepted; deeper input is rejected instead of exhausting the stack.
  /// O(1).
  public static var maximumDepth: Int { 512 }

  /// Parses one JSON value; only whitespace may surround it.
  ///
  /// - Throws: ``JSONError`` for malformed input or a duplicate key.
  /// - Complexity: O(n) for n bytes.
  public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
    let result: Result<JSONValue, JSONError> = _Reader.reading(bytes) { reader in
      do throws(JSONError) {
        return .success(try reader.document())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}

private let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
private let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")

/// The cursor over the bytes; every method leaves `position` after what it read. Internal so that
/// the session's request fast path (`SessionRequest+Fast.swift`) reads with the same rules.
struct _Reader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  var depth = 0
  /// The runs of the containers being read, innermost last: an array's elements, an object's
  /// key and value nodes in turn. A container gathers its run here, above those of the
  /// containers it is nested in, and at its closing bracket moves the run to the end of
  /// `nodes`, where its parent's node then points. Nodes are trivial: the moves are copies of
  /// bytes, and the slots from `top` on are left as they are.
  var stack: [_JSONNode] = []
  var top = 0
  /// The runs of the containers read so far, each container's children side by side, and the
  /// strings their nodes hold: the buffer that ``value()`` hands over with the value it read,
  /// an allocation each for a whole document instead of one for each array and object.
  var nodes: [_JSONNode] = []
  var strings: [String] = []
  /// The plain keys read into `strings` so far, by a hash of their length and first and last
  /// bytes: where in the input each was read, and its index in `strings`. A feed repeats a few
  /// keys in every object, and each repeat is compared with its first reading instead of made
  /// into a string again; a key that misses (escaped, or its slot taken) is kept anew.
  var keyCache: [(start: Int, count: Int, index: UInt32)] = []
  /// The items of the section being read by the document fast path
  /// (`CollectionDocument+Fast.swift`), gathered as the runs are and moved out at the `]` by
  /// ``pop(from:top:to:leaving:)``; the slots from `itemTop` on hold `.height(0)`.
  var itemStack: [WaterfallItem] = []
  var itemTop = 0

  /// From this many members on, an object's duplicate keys are looked up in a set.
  static let keySetThreshold = 16

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// What `body` returns, given a reader at the start of `bytes`: the parser's and the fast
  /// paths' way in.
  ///
  /// - Complexity: that of `body`.
  @inline(__always)
  static func reading<R>(_ bytes: [UInt8], _ body: (inout _Reader) -> R) -> R {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = _Reader(buffer)
      return body(&reader)
    }
  }

  mutating func document() throws(JSONError) -> JSONValue {
    // A UTF-8 byte order mark is tolerated, as most tools write one on request.
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
    skipWhitespace()
    let value = try self.value()
    skipWhitespace()
    if position < bytes.count { throw error("unexpected \(describeCurrent()) after the JSON value") }
    return value
  }

  var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  /// Moves past spaces, tabs, carriage returns and line feeds. Inline: called before and after
  /// every token, and usually with none to skip, a call cost more than the test (about 19
  /// instructions a call, eight calls a `{"size": [w, h]}` item, callgrind).
  @inline(__always)
  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  /// The next value, handed over with the buffer of the containers in it; the reader then reads
  /// its next value into a new buffer.
  ///
  /// - Complexity: O(n) for the n bytes of the value.
  mutating func value() throws(JSONError) -> JSONValue {
    let node = try self.node()
    switch node {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .number(let value): return .number(value)
    case .string(let index):
      let value = strings[Int(index)]
      strings.removeAll(keepingCapacity: true)
      forgetKeys()
      return .string(value)
    case .array, .object:
      let storage = _JSONStorage(nodes: nodes, strings: strings)
      nodes = []
      strings = []
      forgetKeys()
      return storage.value(of: node)
    }
  }

  /// Empties the key cache, whose entries point into a table of strings that is gone.
  mutating func forgetKeys() {
    for i in keyCache.indices { keyCache[i].count = -1 }
  }

  /// The next value's node, its containers' runs moved to `nodes` and its strings to `strings`.
  mutating func node() throws(JSONError) -> _JSONNode {
    guard let byte = current else { throw error("unexpected end of input, expected a value") }
    switch byte {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case quote: return .string(try keep(try string()))
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    case UInt8(ascii: "-"), zero...nine: return .number(try number())
    default: throw error("unexpected \(describeCurrent()), expected a value")
    }
  }

  /// The index in `strings` of the key at the reader (its opening quote), the reader then past it.
  ///
  /// - Complexity: O(k) for a key of k bytes.
  mutating func key() throws(JSONError) -> UInt32 {
    let start = position
    guard let plain = plainString() else {
      position = start
      return try keep(try string())
    }
    let count = plain.count
    if keyCache.isEmpty { keyCache = Array(repeating: (start: 0, count: -1, index: 0), count: 64) }
    let slot = (count &* 31 &+ Int(plain.first ?? 0) &* 7 &+ Int(plain.last ?? 0)) & 63
    let entry = keyCache[slot]
    if entry.count == count && (count == 0 || memcmp(bytes.baseAddress! + entry.start, plain.baseAddress!, count) == 0) {
      return entry.index
    }
    let index = try keep(String(decoding: plain, as: UTF8.self))
    keyCache[slot] = (start: start + 1, count: count, index: index)
    return index
  }

  /// The index of `string`, which goes to the end of `strings`.
  mutating func keep(_ string: String) throws(JSONError) -> UInt32 {
    guard strings.count < Int(UInt32.max) else { throw error("more than \(UInt32.max) strings in one value") }
    strings.append(string)
    return UInt32(truncatingIfNeeded: strings.count - 1)
  }

  /// Puts `node` on top of the stack of runs, growing it as ``grow(_:elements:bytes:left:)``
  /// says: the innermost container's run started at `base` and its text at `start`. The item
  /// stack's push in `items()` is the same three lines; one helper taking the reader's position
  /// and length for both cost 1.2% of a parse's instructions and 0.4–1.3% of a load's.
  @inline(__always)
  mutating func push(_ node: _JSONNode, base: Int, start: Int) {
    if top == stack.capacity {
      Self.grow(&stack, elements: top - base, bytes: position - start, left: bytes.count - position)
    }
    Self.push(node, onto: &stack, top: &top)
  }

  /// Moves the run `stack[base...]` to the end of `nodes` and leaves the container: the node of
  /// an array of that run, or of an object of its pairs.
  ///
  /// - Complexity: O(k) for the run's k nodes, copied as bytes.
  @inline(__always)
  mutating func close(_ base: Int, object: Bool) throws(JSONError) -> _JSONNode {
    let count = top - base, offset = nodes.count
    guard count <= Int(UInt32.max) - offset else { throw error("more than \(UInt32.max) values in one value") }
    let handOver = count >= Self.handOverCount && count > offset
    if !handOver && offset + count > nodes.capacity { growNodes(toHold: offset + count) }
    if count <= 8 {
      // One by one: the bulk append's call and `memcpy` cost more than a short run's copies.
      for i in base..<top { nodes.append(stack[i]) }
    } else if handOver {
      // A big run outweighs the nodes before it: the stack's storage becomes `nodes`, the run
      // moved down behind a copy of the earlier nodes, and the stack starts again with a copy
      // of the runs below `base`. Copied into `nodes`, a million numbers were copied twice and
      // page-faulted twice.
      var buffer: [_JSONNode] = []
      swap(&buffer, &stack)
      stack = Array(buffer[..<base])
      let end = offset + count
      if buffer.count < end { buffer.append(contentsOf: repeatElement(.null, count: end - buffer.count)) }
      buffer.withUnsafeMutableBufferPointer { slots in
        let first = slots.baseAddress!
        (first + offset).moveInitialize(from: first + base, count: count)
        nodes.withUnsafeBufferPointer { earlier in
          if offset > 0 { first.update(from: earlier.baseAddress!, count: offset) }
        }
      }
      buffer.removeSubrange(end...)
      nodes = buffer
    } else {
      stack.withUnsafeBufferPointer { run in
        nodes.append(contentsOf: UnsafeBufferPointer(rebasing: run[base..<top]))
      }
    }
    top = base
    depth -= 1
    let start = UInt32(truncatingIfNeeded: offset)
    return object
      ? .object(offset: start, count: UInt32(truncatingIfNeeded: count / 2))
      : .array(offset: start, count: UInt32(truncatingIfNeeded: count))
  }

  /// Makes room in `nodes` for `needed` nodes. Up to ``handOverCount`` nodes it doubles; past
  /// that, it reserves what the bytes left would hold at the nodes per byte read so far, a
  /// quarter more, so that a big document is copied once or twice rather than at each doubling.
  /// No document holds more than a node for every two of its bytes (`1,` is the shortest), which
  /// bounds the guess; pages reserved and never written cost address space, not memory.
  ///
  /// - Complexity: O(n) for the n nodes so far, which it copies.
  @inline(never)
  mutating func growNodes(toHold needed: Int) {
    var capacity = Swift.max(2 * nodes.capacity, needed, 16)
    if nodes.count >= Self.handOverCount && position > 0 {
      let guess = needed + (bytes.count - position) * nodes.count / position
      capacity = Swift.max(capacity, Swift.min(guess + guess / 4, bytes.count / 2 + 2))
    }
    nodes.reserveCapacity(capacity)
  }

  /// The key of the member whose key node is `stack[index]`.
  func key(at index: Int) -> String { _JSONStorage.key(of: stack[index], in: strings) }

  /// Whether `byte` starts a number: `-` or a digit. O(1).
  @inline(__always)
  static func startsNumber(_ byte: UInt8) -> Bool { byte &- zero < 10 || byte == UInt8(ascii: "-") }

  /// Goes one level deeper, or fails past ``JSONParser/maximumDepth``. Inline, with the error
  /// built out of line: a call cost 24 instructions a container.
  @inline(__always)
  mutating func enter() throws(JSONError) {
    depth += 1
    if depth > JSONParser.maximumDepth { throw tooDeep() }
  }

  @inline(never)
  func tooDeep() -> JSONError { error("nesting deeper than \(JSONParser.maximumDepth)") }

  mutating func object() throws(JSONError) -> _JSONNode {
    try enter()
    let start = position
    position += 1
    let base = top
    // Duplicates are found by a scan while the object is small (no hashing, no allocation for
    // the common few-key object) and by a set of keys once it grows, so that a big object
    // costs O(m) rather than O(m²).
    var keys: Set<String>?
    skipWhitespace()
    if current == UInt8(ascii: "}") { position += 1; depth -= 1; return .object(offset: 0, count: 0) }
    while true {
      skipWhitespace()
      guard current == quote else { throw error("unexpected \(describeCurrent()), expected a key string") }
      let keyStart = position
      let keyIndex = try self.key()
      let key = strings[Int(keyIndex)]
      let duplicate: Bool
      if keys != nil {
        duplicate = keys?.insert(key).inserted == false
      } else if top - base < 2 * _Reader.keySetThreshold {
        var i = base
        while i < top && self.key(at: i) != key { i += 2 }
        duplicate = i < top
      } else {
        var set = Set<String>(minimumCapacity: top - base)
        for i in stride(from: base, to: top, by: 2) { set.insert(self.key(at: i)) }
        duplicate = !set.insert(key).inserted
        keys = set
      }
      if duplicate {
        position = keyStart
        throw error("duplicate key '\(key)'")
      }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()), expected ':'") }
      position += 1
      skipWhitespace()
      push(.string(keyIndex), base: base, start: start)
      let value = try node()
      push(value, base: base, start: start)
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return try close(base, object: true)
      default: throw error("unexpected \(describeCurrent()), expected ',' or '}'")
      }
    }
  }

  mutating func array() throws(JSONError) -> _JSONNode {
    try enter()
    let start = position
    position += 1
    let base = top
    skipWhitespace()
    if current == UInt8(ascii: "]") { position += 1; depth -= 1; return .array(offset: 0, count: 0) }
    while true {
      skipWhitespace()
      // A number, the common element, is read without `node()`'s dispatch.
      let element: _JSONNode
      if let integer = plainInteger() {
        element = .number(integer)
      } else if let byte = current, Self.startsNumber(byte) {
        element = .number(try generalNumber())
      } else {
        element = try node()
      }
      push(element, base: base, start: start)
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        position += 1
        // The common `, ` between elements, stepped over without the whitespace loop.
        if position < bytes.count && bytes[position] == 0x20 { position += 1 }
      case UInt8(ascii: "]"):
        position += 1
        return try close(base, object: false)
      default: throw error("unexpected \(describeCurrent()), expected ',' or ']'")
      }
    }
  }

  /// Puts `element` in the slot `top` of `stack` (appending when every slot is taken) and moves
  /// `top` past it.
  ///
  /// - Complexity: O(1) amortized.
  @inline(__always)
  static func push<Element>(_ element: consuming Element, onto stack: inout [Element], top: inout Int) {
    if top == stack.count { stack.append(element) } else { stack[top] = element }
    top += 1
  }

  /// The elements `stack[base..<top]`, moved into an array of their exact count; their slots
  /// then hold `placeholder`, which must own nothing, and `top` becomes `base`.
  ///
  /// How the array is allocated matters more than the moves (callgrind, perf). The standard
  /// library's `Array(unsafeUninitializedCapacity:)` and `Array(_:)` allocate through an
  /// unspecialized path that looks up the storage class's metadata on every call (about a sixth
  /// of a parse of a document of small objects, when the value tree was made of arrays). So one
  /// to four elements are an array literal (allocated with the metadata the compiler caches
  /// beside the code); up to 32 are appended to a reserved array;
  /// up to ``handOverCount`` the lookup is small beside the copy. From ``handOverCount`` on, the
  /// array takes the stack's storage itself and the stack starts again with the elements below
  /// `base`: copied into a fresh array, a million numbers cost twice the parse (page faults on
  /// the new memory). Inlined, so that it runs specialized.
  ///
  /// - Complexity: O(top − base); one allocation, none when the range is empty. From
  ///   ``handOverCount`` elements on, no allocation when `base` is 0; otherwise O(top): the
  ///   `base` elements below are copied into a new stack and the range moved down over them.
  @inline(__always)
  static func pop<Element>(
    from stack: inout [Element], top: inout Int, to base: Int, leaving placeholder: Element
  ) -> [Element] {
    let count = top - base
    top = base
    guard count > 0 else { return [] }
    if count >= handOverCount {
      var elements: [Element] = []
      swap(&elements, &stack)
      // The slots past the range hold placeholders, which own nothing.
      elements.removeSubrange((base + count)...)
      if base > 0 {
        stack = Array(elements[..<base])
        elements.removeSubrange(..<base)
      }
      return elements
    }
    return stack.withUnsafeMutableBufferPointer { slots in
      let first = slots.baseAddress! + base
      let elements: [Element]
      switch count {
      case 1: elements = [first.move()]
      case 2: elements = [first.move(), (first + 1).move()]
      case 3: elements = [first.move(), (first + 1).move(), (first + 2).move()]
      case 4: elements = [first.move(), (first + 1).move(), (first + 2).move(), (first + 3).move()]
      case ...32:
        var array: [Element] = []
        array.reserveCapacity(count)
        for i in 0..<count { array.append((first + i).move()) }
        elements = array
      default:
        elements = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
          buffer.baseAddress!.moveInitialize(from: first, count: count)
          initialized = count
        }
      }
      // The placeholder owns nothing, so its bits are a whole copy of it: copied as bytes, not
      // through the element's value witness, which `initialize(repeating:)` called for each slot
      // of an item stack (an item's id makes its copy a call).
      withUnsafeBytes(of: placeholder) { bits in
        let raw = UnsafeMutableRawPointer(first), stride = MemoryLayout<Element>.stride
        for i in 0..<count {
          (raw + i &* stride).copyMemory(from: bits.baseAddress!, byteCount: MemoryLayout<Element>.size)
        }
      }
      return elements
    }
  }

  /// Makes room on a full stack whose innermost container has `elements` elements, read from
  /// `bytes` bytes, with `left` bytes of input after them. Below ``handOverCount`` elements it
  /// doubles; above, it reserves what the bytes left would hold at the container's bytes per
  /// element so far, at least twice and at most eight times the stack's size. Doubling a big
  /// container copied it into fresh memory at each step, twice its own size in all: a million
  /// items (80 bytes each then) copied 160 MB and made the document fast path slower than the
  /// general one, and an array of 100,000 short integers page-faulted 5.3 MB a parse. The
  /// guess may be too big (the bytes after the container count too), which costs address space,
  /// not memory: pages never written are never mapped.
  ///
  /// - Complexity: O(n) for the n elements on the stack, which it copies.
  static func grow<Element>(_ stack: inout [Element], elements: Int, bytes used: Int, left: Int) {
    let size = Swift.max(stack.capacity, 1)
    var capacity = 2 * size
    if elements >= handOverCount && used > 0 {
      let guess = stack.count + left / Swift.max(used / elements, 1) + 1
      capacity = Swift.min(Swift.max(guess, capacity), 8 * size)
    }
    stack.reserveCapacity(capacity)
  }

  /// From this many elements on, ``pop(from:top:to:leaving:)`` hands the stack's storage over
  /// instead of copying the elements out, and so does ``close(_:object:)`` when the run outweighs
  /// the nodes read before it.
  static var handOverCount: Int { 4_096 }

  mutating func literal(_ word: StaticString) throws(JSONError) {
    let start = position
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard current == expected else { position = start; throw error("unexpected \(describeCurrent()), expected a value") }
      position += 1
    }
  }

  /// The bytes of a string without escapes or control characters (the reader then past its
  /// closing quote); `nil` for any other string, the reader then at the first byte that is
  /// neither plain nor the closing quote.
  mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
    position += 1
    let start = position
    while let byte = current, byte != quote, byte != backslash, byte >= 0x20 { position += 1 }
    guard current == quote else { return nil }
    position += 1
    return UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
  }

  mutating func string() throws(JSONError) -> String {
    let start = position + 1
    // Fast path: no escapes, the common case for keys and names. Otherwise the reader stops at
    // the first byte the fast path does not take, and the bytes before it are kept.
    if let plain = plainString() { return String(decoding: plain, as: UTF8.self) }
    var scalars = Array(bytes[start..<position])
    while true {
      guard let byte = current else { throw error("unexpected end of input inside a string") }
      if byte == quote { position += 1; return String(decoding: scalars, as: UTF8.self) }
      if byte < 0x20 { throw error("unescaped control character in a string") }
      if byte != backslash { scalars.append(byte); position += 1; continue }
      position += 1
      guard let escape = current else { throw error("unexpected end of input inside a string") }
      position += 1
      switch escape {
      case quote, backslash, UInt8(ascii: "/"): scalars.append(escape)
      case UInt8(ascii: "b"): scalars.append(0x08)
      case UInt8(ascii: "f"): scalars.append(0x0C)
      case UInt8(ascii: "n"): scalars.append(0x0A)
      case UInt8(ascii: "r"): scalars.append(0x0D)
      case UInt8(ascii: "t"): scalars.append(0x09)
      case UInt8(ascii: "u"):
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code), current == backslash,
           position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") {
          let save = position
          position += 2
          let low = try hex4()
          if (0xDC00..<0xE000).contains(low) {
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else {
            position = save
          }
        }
        // A lone surrogate becomes U+FFFD, as `String(decoding:)` does for bad UTF-8.
        Unicode.UTF8.encode(Unicode.Scalar(code) ?? "\u{FFFD}") { scalars.append($0) }
      default:
        position -= 1
        throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
      }
    }
  }

  mutating func hex4() throws(JSONError) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current else { throw error("unexpected end of input in a \\u escape") }
      let digit: UInt8
      switch byte {
      case zero...nine: digit = byte - zero
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("invalid \\u escape")
      }
      code = code << 4 | UInt32(digit)
      position += 1
    }
    return code
  }

  mutating func digits() throws(JSONError) {
    guard let byte = current, (zero...nine).contains(byte) else {
      throw error("unexpected \(describeCurrent()) in a number, expected a digit")
    }
    while let byte = current, (zero...nine).contains(byte) { position += 1 }
  }

  /// Digits of the integer or fraction part, each also folded into `mantissa` (the literal's
  /// digits as one integer, exact while `count` ≤ 19) so that no second pass reads them.
  ///
  /// Eight bytes are read at a time while eight remain: the run of digits at their start is
  /// found with one mask and converted with three multiplications (the mantissa then wraps
  /// exactly as digit by digit would, `m·10^n + v` mod 2^64); the last bytes one by one.
  ///
  /// The mantissa, the count and the position are kept in locals while the digits are read
  /// (not in memory through `inout` and `self`), and written back once.
  @inline(__always)
  mutating func digits(into mantissa: inout UInt64, count: inout Int) throws(JSONError) {
    let start = position
    let base = bytes.baseAddress!, end = bytes.count
    var m = mantissa, n = count, at = position
    defer { mantissa = m; count = n; position = at }
    while at &+ 8 <= end {
      let x = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self).littleEndian ^ 0x3030_3030_3030_3030
      // Bit 7 of each byte that is not a digit (its value after the xor is 10 or more); no carry
      // crosses a byte.
      let nonDigits = (((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080
      let run = nonDigits == 0 ? 8 : nonDigits.trailingZeroBitCount >> 3
      if run == 0 { break }
      // The run's digits moved to the low end of the number (the first byte is the most
      // significant digit), zeros before them.
      m = m &* Self.powerOfTen(run) &+ Self.eightDigits(x << UInt64(64 - 8 * run))
      n &+= run
      at &+= run
      if run < 8 { return }
    }
    guard at < end, base[at] &- zero < 10 else {
      if at > start { return }
      position = at
      throw error("unexpected \(describeCurrent()) in a number, expected a digit")
    }
    repeat {
      m = m &* 10 &+ UInt64(base[at] &- zero)
      n &+= 1
      at &+= 1
    } while at < end && base[at] &- zero < 10
  }

  /// The number whose eight decimal digits are the bytes of `x` (values 0 to 9, the first
  /// byte the most significant digit).
  @inline(__always)
  static func eightDigits(_ x: UInt64) -> UInt64 {
    let pairs = x &* 10 &+ (x >> 8)
    let mask: UInt64 = 0x0000_00FF_0000_00FF
    return ((pairs & mask) &* 0x000F_4240_0000_0064 &+ ((pairs >> 16) & mask) &* 0x0000_2710_0000_0001) >> 32
  }

  /// 10^n for n in 1...8.
  @inline(__always)
  static func powerOfTen(_ n: Int) -> UInt64 {
    switch n {
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    default: 100_000_000
    }
  }

  /// The number at `position`: a plain integer by ``plainInteger()``, any other literal by
  /// ``generalNumber()``.
  ///
  /// - Complexity: O(d) for a literal of d bytes.
  mutating func number() throws(JSONError) -> Double {
    if let value = plainInteger() { return value }
    return try generalNumber()
  }

  /// The number at `position`, any literal of RFC 8259's grammar: Clinger's fast path, then a
  /// check for 16 to 18 digits, then `strtod`.
  ///
  /// - Complexity: O(d) for a literal of d bytes.
  mutating func generalNumber() throws(JSONError) -> Double {
    let start = position
    let negative = current == UInt8(ascii: "-")
    if negative { position += 1 }
    var mantissa: UInt64 = 0
    var count = 0
    if current == zero {
      position += 1
      count = 1
    } else {
      try digits(into: &mantissa, count: &count)
    }
    var fractionDigits = 0
    if current == UInt8(ascii: ".") {
      position += 1
      let fractionStart = position
      try digits(into: &mantissa, count: &count)
      fractionDigits = position - fractionStart
    }
    var plain = true
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      plain = false
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      try digits()
    }
    if plain && fractionDigits <= 22 {
      // Clinger's fast path: digits that are an integer of at most 2^53 (exact in a `UInt64`
      // while there are at most 19 of them) and a power of ten up to 10^22 are both exact
      // doubles, so one division rounds correctly. This takes every literal of up to 15
      // digits, and 16- or 17-digit ones below 2^53.
      if count <= 19 && mantissa <= 1 << 53 {
        let value = Double(mantissa) / _powersOfTen[fractionDigits]
        return negative ? -value : value
      }
      if count <= 18, let value = checkedDouble(mantissa, fractionDigits) { return negative ? -value : value }
    }
    if let value = cDouble(start) { return value }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(text) else { throw error("number \(text) cannot be read") }
    return value
  }

  /// The value of a plain integer literal at `position`, an optional `-` then 1 to 19 digits
  /// without a leading zero, followed by neither a digit nor `.`, `e` or `E`, with `position`
  /// moved past it; otherwise `nil`, and `position` unchanged for ``generalNumber()``. Such a
  /// literal is exact in a `UInt64` (below 10¹⁹ < 2⁶⁴), and an integer's conversion to `Double`
  /// rounds once, to nearest: the correctly rounded value ``generalNumber()`` and `strtod` give,
  /// bit for bit (`-0` has a leading zero and is not taken). Heights, sizes and ids are mostly
  /// such literals, and a digit at a time costs less than the general path's eight-byte reads
  /// and its checks for a fraction and an exponent for the usual two to four digits: a parse of
  /// 100,000 three-digit heights takes 37% fewer instructions (callgrind).
  ///
  /// - Complexity: O(d) for d ≤ 21 bytes read.
  @inline(__always)
  mutating func plainInteger() -> Double? {
    let base = bytes.baseAddress!, end = bytes.count
    var at = position
    guard at < end else { return nil }
    let negative = base[at] == UInt8(ascii: "-")
    if negative { at &+= 1 }
    guard at < end, base[at] &- zero &- 1 < 9 else { return nil }
    let first = at
    var m = UInt64(base[at] &- zero)
    at &+= 1
    while at < end {
      let byte = base[at]
      let digit = byte &- zero
      if digit >= 10 {
        if byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") { return nil }
        break
      }
      // A twentieth digit, which could wrap the `UInt64`: the general path decides.
      if at &- first == 19 { return nil }
      m = m &* 10 &+ UInt64(digit)
      at &+= 1
    }
    position = at
    return negative ? -Double(m) : Double(m)
  }

  /// The correctly rounded value of a literal of 16 to 18 digits and at most 22 fraction
  /// digits, or `nil` when this cannot be sure (then `strtod` decides). The digits m (exact in
  /// a `UInt64`) are m = mh + ml with mh = Double(m) and ml a small integer; q = mh / 10^f
  /// rounded. For a candidate q, r = m − q·10^f is computed with one fused multiply-add (exact
  /// for the correctly rounded quotient of mh, one rounding otherwise) and one addition. The
  /// true quotient is q + r / 10^f, so q is the correctly rounded answer when |r| is below half
  /// the gap to q's neighbour on r's side, times 10^f: half an ulp, or a quarter below a power
  /// of two, where the gap is half as wide. A margin covers the roundings in r, and anything
  /// near a halfway point goes to `strtod`. Since mh and then the quotient are rounded, q can
  /// be one ulp off: then its neighbour on r's side is checked the same way.
  func checkedDouble(_ m: UInt64, _ fractionDigits: Int) -> Double? {
    guard fractionDigits <= 22, m != 0 else { return nil }
    let mh = Double(m)
    let ml = Double(Int64(bitPattern: m &- UInt64(mh)))
    let p = _powersOfTen[fractionDigits]
    var q = mh / p
    for _ in 0..<2 {
      let r = mh.addingProduct(-q, p) + ml
      let gap = r < 0 && q.significandBitPattern == 0 ? q.ulp / 2 : q.ulp
      if Swift.abs(r) < p * gap / 2 * (1 - 0x1p-40) { return q }
      q = r > 0 ? q.nextUp : q.nextDown
    }
    return nil
  }

  /// The literal `bytes[start..<position]` read by C's `strtod` (correctly rounded, as
  /// `Double(String)`, which calls `strtod_l` in the C locale), from a copy on the stack instead
  /// of a heap-allocated `String`; `nil` for a literal over 63 bytes, or when `strtod` stops
  /// early (a locale whose decimal point is not `.`), where the caller falls back to
  /// `Double(String)`.
  func cDouble(_ start: Int) -> Double? {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    let length = position - start
    guard length < 64 else { return nil }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
      let text = buffer.baseAddress!
      UnsafeMutableRawPointer(text).copyMemory(from: bytes.baseAddress! + start, byteCount: length)
      text[length] = 0
      var end: UnsafeMutablePointer<CChar>?
      let value = strtod(text, &end)
      return end == text + length ? value : nil
    }
    #else
    return nil
    #endif
  }

  func describeCurrent() -> String {
    guard let byte = current else { return "end of input" }
    if byte >= 0x20 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  func error(_ message: String) -> JSONError {
    // One pass over the bytes before the error, indexing the buffer directly: a slice's
    // iterator costs several times more per byte in a debug build.
    var line = 1, column = 1
    let end = Swift.min(position, bytes.count)
    var i = 0
    while i < end {
      let byte = bytes[i]
      if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
      i += 1
    }
    return JSONError(.root, "invalid JSON at line \(line), column \(column): \(message)")
  }
}

private let _powersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
