// The containers of a JSON value: an array's elements and an object's members, as random-access
// collections over a buffer that a whole parsed document shares.
//
// The parser writes every container of a document into one buffer of small nodes, each
// container's children side by side, so that a document costs a few allocations in all (the
// buffer, the table of its strings) rather than one for each array and each object, and frees
// them as a few. A parsed `JSONArray` or `JSONObject` is a view of one run of that buffer: it keeps
// the whole buffer alive, as a `Substring` keeps its string. One built in code wraps a Swift array.

/// The elements of a JSON array: a random-access collection of ``JSONValue``s.
///
/// An array that ``JSONParser`` reads shares one buffer with the rest of its document; one built
/// in code (an array literal, or ``init(_:)`` from an array) wraps a Swift array of its elements,
/// with no copy. The two compare and hash alike when their elements do.
///
///     let value = try JSONParser.parse(Array("[1, [2, 3]]".utf8))
///     if case .array(let elements) = value {
///       elements.count        // 2
///       elements[1]           // .array([.number(2), .number(3)])
///     }
///     let built: JSONValue = .array([.number(1), .array([.number(2), .number(3)])])
///     value == built          // true
///
/// Keeping any part of a parsed document keeps the whole document's buffer; keep
/// ``JSONValue/detached()`` of the part to let the rest go.
public struct JSONArray: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
  @usableFromInline let _run: _JSONRun<JSONValue>

  @inlinable
  init(_storage: _JSONStorage, offset: UInt32, count: UInt32) {
    _run = _JSONRun(_storage, offset: offset, count: count)
  }

  /// An empty array.
  ///
  /// - Complexity: O(1); no allocation.
  @inlinable
  public init() { self.init([]) }

  /// An array of `elements`, in order, which it keeps as they are.
  ///
  /// - Complexity: O(1); no allocation.
  @inlinable
  public init(_ elements: [JSONValue]) { _run = _JSONRun(elements) }

  /// An array of `elements`, in order.
  ///
  /// - Complexity: O(n) for n elements.
  @inlinable
  public init(_ elements: some Sequence<JSONValue>) { self.init(Array(elements)) }

  /// An array of the literal's elements.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(arrayLiteral elements: JSONValue...) { self.init(elements) }

  /// 0. O(1).
  @inlinable public var startIndex: Int { 0 }
  /// The number of elements. O(1).
  @inlinable public var endIndex: Int { Int(_run.count) }
  /// The number of elements.
  ///
  /// - Complexity: O(1).
  @inlinable public var count: Int { Int(_run.count) }

  /// The element at `position`, which must be in `0..<count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> JSONValue {
    switch _run.storage {
    case .parsed(let storage):
      precondition(position >= 0 && position < count, "JSONArray index out of range")
      return storage.value(at: Int(_run.offset) &+ position)
    case .built(let elements):
      return elements[position]
    }
  }

  /// Whether both arrays have equal elements in the same order.
  ///
  /// - Complexity: O(n) for n elements (O(1) for two views of the same run).
  public static func == (lhs: JSONArray, rhs: JSONArray) -> Bool {
    lhs.count == rhs.count && (lhs._run.isSameRun(as: rhs._run) || lhs.elementsEqual(rhs))
  }

  /// Hashes the count and the elements, so that equal arrays hash alike however they were made.
  ///
  /// - Complexity: O(n) for the n values of the array and everything nested in it.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension JSONArray: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements as a Swift array of them prints them:
  /// `[CascadeJSON.JSONValue.number(1.0), CascadeJSON.JSONValue.string("a")]`.
  ///
  /// - Complexity: O(n) for the n values of the array and everything nested in it.
  public var description: String { Array(self).description }
  /// The same as ``description``.
  public var debugDescription: String { description }
}

/// The members of a JSON object, in document order: a random-access collection of
/// ``JSONMember``s.
///
/// An object that ``JSONParser`` reads has unique keys (the parser rejects duplicates) and shares
/// one buffer with the rest of its document; one built in code (an array literal of members, or
/// ``init(_:)`` from an array) wraps a Swift array of its members, in the order given, and checks
/// nothing. Look a key up with `object[key]` or ``index(forKey:)``; a ``JSONObjectReader`` also
/// refuses the keys nobody asked for.
///
///     let value: JSONValue = .object([JSONMember(key: "width", value: .number(390))])
///     value["width"]   // .number(390)
public struct JSONObject: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
  /// The members; a parsed object's run holds member `i`'s key at node `2i` and its value at
  /// node `2i + 1`, and counts members, not nodes.
  @usableFromInline let _run: _JSONRun<JSONMember>

  @inlinable
  init(_storage: _JSONStorage, offset: UInt32, count: UInt32) {
    _run = _JSONRun(_storage, offset: offset, count: count)
  }

  /// An empty object.
  ///
  /// - Complexity: O(1); no allocation.
  @inlinable
  public init() { self.init([]) }

  /// An object of `members`, in order, which it keeps as they are.
  ///
  /// - Complexity: O(1); no allocation.
  @inlinable
  public init(_ members: [JSONMember]) { _run = _JSONRun(members) }

  /// An object of `members`, in order.
  ///
  /// - Complexity: O(m) for m members.
  @inlinable
  public init(_ members: some Sequence<JSONMember>) { self.init(Array(members)) }

  /// An object of the literal's members, in order.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(arrayLiteral members: JSONMember...) { self.init(members) }

  /// 0. O(1).
  @inlinable public var startIndex: Int { 0 }
  /// The number of members. O(1).
  @inlinable public var endIndex: Int { Int(_run.count) }
  /// The number of members.
  ///
  /// - Complexity: O(1).
  @inlinable public var count: Int { Int(_run.count) }

  /// The member at `position`, which must be in `0..<count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> JSONMember {
    switch _run.storage {
    case .parsed: JSONMember(key: key(at: position), value: value(at: position))
    case .built(let members): members[position]
    }
  }

  /// The key of the member at `position`, which must be in `0..<count`, without its value.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func key(at position: Int) -> String {
    switch _run.storage {
    case .parsed(let storage):
      precondition(position >= 0 && position < count, "JSONObject index out of range")
      return storage.key(at: Int(_run.offset) &+ 2 &* position)
    case .built(let members):
      return members[position].key
    }
  }

  /// The value of `key`, or `nil` when no member has it (the first, if several do).
  ///
  /// - Complexity: O(m) for m members.
  public subscript(key: String) -> JSONValue? {
    guard let position = index(forKey: key) else { return nil }
    return value(at: position)
  }

  /// The position of the first member whose key is `key`, or `nil` when none has it.
  ///
  /// - Complexity: O(m) for m members.
  public func index(forKey key: String) -> Int? {
    switch _run.storage {
    case .parsed(let storage):
      return storage.nodes.withUnsafeBufferPointer { nodes in
        storage.strings.withUnsafeBufferPointer { strings in
          var node = Int(_run.offset)
          for position in 0..<count {
            if case .string(let index) = nodes[node], strings[Int(index)] == key { return position }
            node &+= 2
          }
          return nil
        }
      }
    case .built(let members):
      return members.firstIndex { $0.key == key }
    }
  }

  /// The value of the member at `position`, which must be in `0..<count`, without its key.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func value(at position: Int) -> JSONValue {
    switch _run.storage {
    case .parsed(let storage):
      precondition(position >= 0 && position < count, "JSONObject index out of range")
      return storage.value(at: Int(_run.offset) &+ 2 &* position &+ 1)
    case .built(let members):
      return members[position].value
    }
  }

  /// Whether both objects have equal members in the same order.
  ///
  /// - Complexity: O(m) for m members (O(1) for two views of the same run).
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.count == rhs.count && (lhs._run.isSameRun(as: rhs._run) || lhs.elementsEqual(rhs))
  }

  /// Hashes the count and the members, so that equal objects hash alike however they were made.
  ///
  /// - Complexity: O(n) for the n values of the object and everything nested in it.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for member in self { hasher.combine(member) }
  }
}

extension JSONObject: CustomStringConvertible, CustomDebugStringConvertible {
  /// The members as a Swift array of them prints them.
  ///
  /// - Complexity: O(n) for the n values of the object and everything nested in it.
  public var description: String { Array(self).description }
  /// The same as ``description``.
  public var debugDescription: String { description }
}

/// What a ``JSONArray`` or ``JSONObject`` reads: a run of a parsed value's buffer, or the Swift
/// array of elements it was built from.
@usableFromInline
struct _JSONRun<Element: Sendable>: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case parsed(_JSONStorage)
    case built([Element])
  }

  @usableFromInline let storage: Storage
  /// Where the run starts in the buffer's nodes; 0 when built.
  @usableFromInline let offset: UInt32
  /// The number of elements.
  @usableFromInline let count: UInt32

  @inlinable
  init(_ storage: _JSONStorage, offset: UInt32, count: UInt32) {
    self.storage = .parsed(storage)
    self.offset = offset
    self.count = count
  }

  @inlinable
  init(_ elements: [Element]) {
    precondition(elements.count <= Int(UInt32.max), "a JSON container holds at most 4,294,967,295 elements")
    storage = .built(elements)
    offset = 0
    count = UInt32(truncatingIfNeeded: elements.count)
  }

  /// Whether both are the same run of one buffer, and so equal without a look at their elements.
  ///
  /// - Complexity: O(1).
  @inlinable
  func isSameRun(as other: _JSONRun) -> Bool {
    guard case .parsed(let buffer) = storage, case .parsed(let otherBuffer) = other.storage else { return false }
    return buffer === otherBuffer && offset == other.offset
  }
}

/// One value in a container's run: a scalar held in place, a string held in the buffer's
/// `strings`, or a container's run elsewhere in the same buffer. Trivial, so that the parser moves
/// runs as bytes and the buffer frees without visiting its nodes.
@usableFromInline
enum _JSONNode: Sendable {
  case null
  case bool(Bool)
  case number(Double)
  /// `strings[index]`.
  case string(UInt32)
  /// The run of `count` elements at `offset`.
  case array(offset: UInt32, count: UInt32)
  /// The run of `count` members (`2 × count` nodes) at `offset`.
  case object(offset: UInt32, count: UInt32)
}

/// The buffer of a parsed value: the nodes of every container's run, and the strings (keys
/// among them) the nodes hold.
@usableFromInline
final class _JSONStorage: Sendable {
  @usableFromInline let nodes: [_JSONNode]
  @usableFromInline let strings: [String]

  init(nodes: [_JSONNode], strings: [String]) {
    self.nodes = nodes
    self.strings = strings
  }

  /// The value node `index` stands for.
  ///
  /// - Complexity: O(1).
  @inlinable
  func value(at index: Int) -> JSONValue { value(of: nodes[index]) }

  /// The value `node` of this buffer stands for.
  ///
  /// - Complexity: O(1).
  @inlinable
  func value(of node: _JSONNode) -> JSONValue {
    switch node {
    case .null: .null
    case .bool(let value): .bool(value)
    case .number(let value): .number(value)
    case .string(let index): .string(strings[Int(index)])
    case .array(let offset, let count): .array(JSONArray(_storage: self, offset: offset, count: count))
    case .object(let offset, let count): .object(JSONObject(_storage: self, offset: offset, count: count))
    }
  }

  /// The key node `index` holds.
  ///
  /// - Complexity: O(1).
  @inlinable
  func key(at index: Int) -> String { Self.key(of: nodes[index], in: strings) }

  /// The key a member's key `node` holds, one of `strings`: the parser writes every key as a
  /// string node.
  ///
  /// - Complexity: O(1).
  @inlinable
  static func key(of node: _JSONNode, in strings: [String]) -> String {
    guard case .string(let key) = node else { preconditionFailure("a JSON member's key node that is not a string") }
    return strings[Int(key)]
  }
}
