// The state behind a `cascade_session *`: a `CascadeSession`, the buffers the C interface hands
// out and reuses, the last call's status, and the change counter and log the viewports read.

import Cascade
import CascadeCHeader
import CascadeJSON

/// One C session: the `CascadeSession` that `cascade session` holds, plus what the C interface
/// needs around it. Used by one thread at a time (the header's rule); a handle is a retained
/// reference (`Unmanaged`), released by `cascade_session_destroy`, and every viewport over the
/// session holds another.
///
/// Run-time exclusivity. Every access to a class's stored property is checked for overlap at run
/// time unless the compiler proves it safe (`swift_beginAccess`, `AccessSet::insert`, a thread
/// local read through `__tls_get_addr` in a shared library): about 28% of the C bench's run, and
/// most of a viewport step's time. The stored properties of this class and of `_CViewport` are
/// `@exclusivity(unchecked)`, and this is what makes that safe:
/// - no code outside the library runs during a call: the C interface takes no callbacks, and
///   nothing it calls reaches user code;
/// - a session and its viewports are used by one thread at a time (the header's rule), so two
///   calls never overlap;
/// - inside a call, no access is held across code that reaches the same property: `withLayout`
///   holds `session` while its body runs, and the bodies touch only the caller's own buffers
///   (`answers`, a viewport's `fresh`) and the layout they are given; `run` and `respond` hold
///   `session` for its `handle`, which cannot reach this class; the buffers are swapped out and
///   back in at once (`borrowWriter`, `returnWriter`).
/// Every test and fuzzer ran with the checks on before they were lifted (round fifty-two in
/// Docs/PerformanceRounds.md), and none found an overlap.
final class _CSession {
  /// The JSON Lines session itself: every request and every typed update goes through its
  /// `handle(_:into:)`, so both have exactly the session's effect and errors.
  @exclusivity(unchecked) private(set) var session: CascadeSession

  /// How many changes the collection has seen (`cascade_session_generation`).
  @exclusivity(unchecked) private(set) var generation: UInt64

  /// What recent changes did to element paths, for the viewports.
  @exclusivity(unchecked) private(set) var changes: _ChangeLog

  /// The last call's status code.
  @exclusivity(unchecked) private(set) var status: Int32 = _Status.ok

  /// The last call's error message, or "".
  @exclusivity(unchecked) private(set) var message = _CStringBuffer()

  /// The last response line of `cascade_session_respond`.
  @exclusivity(unchecked) private var response = _CStringBuffer(capacity: 4096)

  /// The request line's bytes, a buffer reused from request to request.
  @exclusivity(unchecked) private var line: [UInt8] = []

  /// The JSON writer's bytes, a buffer reused from request to request.
  @exclusivity(unchecked) private var output: [UInt8] = []

  /// The typed query's answers, a buffer reused from query to query.
  @exclusivity(unchecked) private var answers: [LayoutAttributes] = []

  /// The message of every request made before the first `load`, as the session words it.
  static let noCollectionMessage = "op: no collection loaded yet; send a 'load' request first"

  /// A session with no collection.
  ///
  /// - Complexity: O(1).
  init() {
    session = CascadeSession()
    generation = 0
    changes = _ChangeLog(startingAt: 0)
  }

  /// A session holding `other`'s collection (shared storage until either changes).
  ///
  /// - Complexity: O(1).
  init(copying other: _CSession) {
    session = other.session
    generation = other.generation
    changes = _ChangeLog(startingAt: other.generation)
  }

  /// Calls `body` with the collection's layout where it is and returns its result, or returns
  /// `nil` before the first `load`. Not a `layout` property: read through this class's stored
  /// session, the layout would be copied first, a retain and a release of each of its buffers
  /// at every call (``CascadeSession/_withLayout(_:)``). `body` must leave the layout as it is.
  ///
  /// - Complexity: O(1) plus `body`'s.
  func withLayout<R>(_ body: (inout WaterfallLayout) -> R) -> R? {
    session._withLayout(body)
  }

  // MARK: Handles

  /// The session a C handle names, or `nil` for NULL.
  ///
  /// - Complexity: O(1).
  static func from(_ handle: OpaquePointer?) -> _CSession? {
    guard let handle else { return nil }
    return Unmanaged<_CSession>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
  }

  /// A new C handle: a +1 reference that `release(_:)` gives back.
  ///
  /// - Complexity: O(1).
  func retainedHandle() -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(self).toOpaque())
  }

  /// Gives back the reference a handle holds; NULL is allowed.
  ///
  /// - Complexity: O(1), or the collection's size when this was the last reference.
  static func release(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<_CSession>.fromOpaque(UnsafeRawPointer(handle)).release()
  }

  // MARK: Status

  /// Records a success: status `CASCADE_OK`, message "".
  ///
  /// - Complexity: O(1).
  func succeed() {
    status = _Status.ok
    message.clear()
  }

  /// Records a failure and returns its status, for `return session.fail(...)`.
  ///
  /// - Complexity: O(m) for an m-byte message.
  @discardableResult
  func fail(_ status: Int32, _ text: String) -> Int32 {
    self.status = status
    message.assign(text)
    return status
  }

  /// Checks a C array argument: a count in `0...CASCADE_MAX_COUNT` (a negative `Int` is a
  /// `size_t` above `SIZE_MAX / 2`) and a pointer that is not NULL when the count is not 0.
  ///
  /// - Complexity: O(1).
  func checkArray(_ pointer: UnsafeRawPointer?, count: Int, _ name: String) -> Bool {
    guard count >= 0, count <= _maximumCount else {
      fail(_Status.invalidArgument, "\(name): count \(UInt(bitPattern: count)) is more than \(_maximumCount)")
      return false
    }
    guard pointer != nil || count == 0 else {
      fail(_Status.invalidArgument, "\(name): NULL with a count of \(count)")
      return false
    }
    return true
  }

  // MARK: Requests

  /// Carries out a decoded request exactly as `CascadeSession.respond(to:)` does, writing the
  /// response's keys after `"ok":true`, and counts the change and logs what it did to paths.
  ///
  /// - Throws: the session's ``JSONError``; the collection is then unchanged.
  /// - Complexity: that of the request (Docs/CLI.md), plus O(1).
  private func perform(_ request: SessionRequest, into writer: inout JSONWriter) throws(JSONError) {
    try session.handle(request, into: &writer)
    switch request {
    case .load:
      generation &+= 1
      changes.forgetAll(at: generation)
    case .insert(let s, let at, let items):
      generation &+= 1
      changes.record(.insertItems(section: s, at: at, count: items.count), at: generation)
    case .delete(let s, let at, let count):
      generation &+= 1
      changes.record(.deleteItems(section: s, at: at, count: count), at: generation)
    case .insertSection(let at, _):
      generation &+= 1
      changes.record(.insertSection(at), at: generation)
    case .deleteSection(let at):
      generation &+= 1
      changes.record(.deleteSection(at), at: generation)
    case .append, .update, .width:
      // Paths stay; frames may move, which a viewport finds by comparing them.
      generation &+= 1
    default:
      // Reading requests change nothing; a changing request this file does not know yet
      // (Docs/Spec/Protocol.md has more than the session implements today) makes viewports start over.
      if request.changesCollection {
        generation &+= 1
        changes.forgetAll(at: generation)
      }
    }
  }

  /// The status of a failed request: no collection yet, or refused by the session.
  ///
  /// - Complexity: O(1).
  private func failure(of request: SessionRequest, loaded: Bool) -> Int32 {
    if case .load = request { return _Status.rejected }
    return loaded ? _Status.rejected : _Status.noCollection
  }

  /// A JSON writer over the reused output buffer, emptied.
  ///
  /// - Complexity: O(1).
  private func borrowWriter() -> JSONWriter {
    var writer = JSONWriter()
    swap(&writer.bytes, &output)
    writer.bytes.removeAll(keepingCapacity: true)
    return writer
  }

  /// Gives the writer's buffer back for the next request.
  ///
  /// - Complexity: O(1).
  private func returnWriter(_ writer: inout JSONWriter) {
    swap(&writer.bytes, &output)
  }

  /// Writes `{"ok":false,"error":"..."}` over whatever `writer` held, as `respond(to:)` does.
  ///
  /// - Complexity: O(m) for an m-byte message.
  private static func writeError(_ message: String, into writer: inout JSONWriter) {
    var fresh = JSONWriter()
    swap(&fresh.bytes, &writer.bytes)
    fresh.bytes.removeAll(keepingCapacity: true)
    writer = fresh
    writer.beginObject()
    writer.key("ok"); writer.bool(false)
    writer.key("error"); writer.string(message)
    writer.endObject()
  }

  /// `cascade_session_respond`: one request line in, its response line out (owned here, valid
  /// until the next call). The line is decoded and handled as `CascadeSession.respond(to:)`
  /// does it, to the byte; doing the two steps here is what tells the status and the change.
  ///
  /// - Complexity: that of the request, plus O(b) to copy the b-byte request and response.
  func respond(_ request: UnsafePointer<CChar>?, length: Int) -> UnsafePointer<CChar> {
    var writer = borrowWriter()
    defer { returnWriter(&writer) }
    if length < 0 || (request == nil && length != 0) {
      let problem = length < 0
        ? "request: a length of \(UInt(bitPattern: length)) bytes is not a length"
        : "request: NULL with a length of \(length)"
      fail(_Status.invalidArgument, problem)
      Self.writeError(problem, into: &writer)
      response.assign(writer.bytes)
      return UnsafePointer(response.pointer)
    }
    line.removeAll(keepingCapacity: true)
    if let request, length > 0 { line.append(contentsOf: UnsafeRawBufferPointer(start: request, count: length)) }

    let decoded: SessionRequest
    do throws(JSONError) {
      decoded = try SessionRequest(parsing: line)
    } catch {
      fail(_Status.invalidRequest, error.description)
      Self.writeError(error.description, into: &writer)
      response.assign(writer.bytes)
      return UnsafePointer(response.pointer)
    }
    let loaded = session.layout != nil
    do throws(JSONError) {
      writer.beginObject()
      writer.key("ok"); writer.bool(true)
      try perform(decoded, into: &writer)
      writer.endObject()
      succeed()
    } catch {
      fail(failure(of: decoded, loaded: loaded), error.description)
      Self.writeError(error.description, into: &writer)
    }
    response.assign(writer.bytes)
    return UnsafePointer(response.pointer)
  }

  /// Carries out a request built by a typed function (its response is not needed) and returns
  /// its status.
  ///
  /// - Complexity: that of the request.
  func run(_ request: SessionRequest) -> Int32 {
    let loaded = session.layout != nil
    var writer = borrowWriter()
    defer { returnWriter(&writer) }
    do throws(JSONError) {
      try perform(request, into: &writer)
      succeed()
      return _Status.ok
    } catch {
      return fail(failure(of: request, loaded: loaded), error.description)
    }
  }

  // MARK: Typed queries

  /// Fails unless `a`, `b`, `c` and `d` are finite, naming the first that is not as the JSON
  /// request would (`rect[2]: must be finite`); a point passes 0 for `c` and `d`. Fixed
  /// arguments rather than a variadic list, which would allocate an array per query.
  ///
  /// - Complexity: O(1).
  func checkFinite(key: String, _ a: Double, _ b: Double, _ c: Double = 0, _ d: Double = 0) -> Bool {
    let bad = !a.isFinite ? 0 : !b.isFinite ? 1 : !c.isFinite ? 2 : !d.isFinite ? 3 : -1
    guard bad >= 0 else { return true }
    fail(_Status.invalidArgument, "\(key)[\(bad)]: must be finite")
    return false
  }

  /// Fills `answers` with the rect query's answer for `rect` (`elements(in:into:)`, the layout
  /// read in place) and returns `true`; before the first `load`, records the failure and
  /// returns `false`. What the typed query and point share.
  ///
  /// - Complexity: O(log n + k) for k answers; allocates nothing once `answers` has grown.
  private func fillAnswers(_ rect: Rect) -> Bool {
    answers.removeAll(keepingCapacity: true)
    guard withLayout({ $0.elements(in: rect, into: &answers) }) != nil else {
      fail(_Status.noCollection, Self.noCollectionMessage)
      return false
    }
    return true
  }

  /// `cascade_session_query`: the rect query of `{"op":"query"}` through the same core call
  /// (`elements(in:into:)`), into a buffer kept here, then copied out.
  ///
  /// - Complexity: O(log n + k) for k answers; allocates nothing once the buffer has grown to
  ///   the largest answer.
  func query(_ rect: cascade_rect, into buffer: UnsafeMutablePointer<cascade_element>?, capacity: Int) -> Int {
    guard checkFinite(key: "rect", rect.x, rect.y, rect.width, rect.height),
          fillAnswers(Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)) else { return 0 }
    _copy(answers, to: buffer, capacity: capacity, in: self)
    return answers.count
  }

  /// `cascade_session_point`: the element of `{"op":"point"}`.
  ///
  /// - Complexity: O(log s + c·log n); allocates nothing.
  func point(x: Double, y: Double, into out: UnsafeMutablePointer<cascade_element>?) -> Int32 {
    guard checkFinite(key: "point", x, y),
          fillAnswers(Rect(x: x, y: y, width: x.nextUp - x, height: y.nextUp - y)) else { return 0 }
    succeed()
    // The first element in answer order whose half-open frame holds the point, which is what
    // `element(at:)` (the JSON request's call) returns, found through the rect query of the
    // one-ulp rect at the point: every frame that holds the point overlaps that rect. Not
    // `element(at:)` itself: it makes one malloc per call (a boxed capture in the core), and a
    // scroll loop's hit test should make none. The tests check the two agree to the bit.
    let point = Point(x: x, y: y)
    for element in answers where element.frame.contains(point) {
      out?.pointee = cascade_element(element)
      return 1
    }
    return 0
  }
}

extension cascade_element {
  /// The C form of an element: `item` is -1 for headers and footers.
  ///
  /// - Complexity: O(1).
  init(_ attributes: LayoutAttributes) {
    let path = attributes.path
    let frame = attributes.frame
    self.init(
      section: Int32(truncatingIfNeeded: path.section),
      kind: Int32(path.kind.rawValue),
      item: path.kind == .item ? Int64(path.item) : -1,
      frame: cascade_rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height))
  }
}

/// Copies the first `capacity` of `elements` to a caller's buffer. A NULL buffer with a non-zero
/// capacity takes nothing and is recorded as `CASCADE_ERROR_INVALID_ARGUMENT`; the caller still
/// returns the full count. A negative capacity is a `size_t` above `SIZE_MAX / 2`: no limit.
///
/// - Complexity: O(min(k, capacity)).
func _copy<Source: RandomAccessCollection, Target>(
  _ elements: Source, to buffer: UnsafeMutablePointer<Target>?, capacity: Int, in session: _CSession,
  _ convert: (Source.Element) -> Target
) where Source.Index == Int {
  let room = capacity < 0 ? Int.max : capacity
  guard let buffer else {
    if room > 0 { session.fail(_Status.invalidArgument, "buffer: NULL with a capacity of \(UInt(bitPattern: capacity))") } else { session.succeed() }
    return
  }
  let n = Swift.min(room, elements.count)
  var i = 0
  while i < n {
    buffer[i] = convert(elements[elements.startIndex + i])
    i += 1
  }
  session.succeed()
}

/// ``_copy(_:to:capacity:in:_:)`` for elements.
///
/// - Complexity: O(min(k, capacity)).
func _copy(_ elements: [LayoutAttributes], to buffer: UnsafeMutablePointer<cascade_element>?, capacity: Int, in session: _CSession) {
  _copy(elements, to: buffer, capacity: capacity, in: session) { cascade_element($0) }
}
