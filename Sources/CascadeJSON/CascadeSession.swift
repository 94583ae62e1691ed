// The state machine behind `cascade session`: one collection, one response per request.
//
// Map:
//   CascadeSession.swift           the state, `respond(to:)` and the read-only requests
//   CascadeSession+Changes.swift   the requests that change the collection, index checks, undo

import Cascade

/// A JSON Lines session on one collection, as `Docs/Spec/Protocol.md` describes it; the
/// `cascade session` command feeds it standard input line by line. A Swift server can hold one
/// per client.
///
///     var session = CascadeSession()
///     session.respond(to: Array(#"{"op":"load","collection":{"width":390,"sections":[{"items":[120,80]}]}}"#.utf8))
///     // {"ok":true,"contentSize":[390,120]}
///     session.respond(to: Array(#"{"op":"frame","section":0,"item":1}"#.utf8))
///     // {"ok":true,"frame":[200,0,190,80]}
///
/// A failed request answers `{"ok":false,"error":"place: message"}` and leaves the collection
/// exactly as it was. Requests other than `load` fail until a collection is loaded.
public struct CascadeSession: Sendable {
  /// The collection's layout, `nil` before the first successful `load`.
  public internal(set) var layout: WaterfallLayout?

  /// Creates a session with no collection.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Answers one request line with one response line (without its newline).
  ///
  /// - Complexity: that of the request; see Docs/CLI.md, "What each request costs".
  public mutating func respond(to line: [UInt8]) -> String {
    var output: [UInt8] = []
    respond(to: line, appendingTo: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Answers one request line, appending the response line (without its newline) to `output`:
  /// the same bytes as ``respond(to:)``, with no `String` made, into a buffer the caller reuses.
  ///
  /// - Complexity: that of the request; see Docs/CLI.md, "What each request costs".
  public mutating func respond(to line: [UInt8], appendingTo output: inout [UInt8]) {
    var writer = JSONWriter()
    swap(&writer.bytes, &output)
    defer { swap(&writer.bytes, &output) }
    let start = writer.bytes.count
    do throws(JSONError) {
      let request = try SessionRequest(json: JSONParser.parse(line))
      writer.beginObject()
      writer.key("ok"); writer.bool(true)
      try handle(request, into: &writer)
      writer.endObject()
    } catch {
      var fresh = JSONWriter()
      swap(&fresh.bytes, &writer.bytes)
      fresh.bytes.removeSubrange(start...)
      writer = fresh
      writer.beginObject()
      writer.key("ok"); writer.bool(false)
      writer.key("error"); writer.string(error.description)
      writer.endObject()
    }
  }

  /// Carries out `request`, writing the response's keys after `"ok":true`.
  ///
  /// - Throws: ``JSONError``; the collection is then unchanged.
  /// - Complexity: that of the request.
  public mutating func handle(_ request: SessionRequest, into writer: inout JSONWriter) throws(JSONError) {
    if case .load(let document) = request {
      let layout = try document.makeLayout(at: .root.key("collection"))
      guard layout.contentSize.height.isFinite else {
        throw JSONError(.root.key("collection"), "the layout overflows (the content height is not finite)")
      }
      self.layout = layout
      writer.key("contentSize"); try writer.contentSize(layout.contentSize)
      return
    }
    guard self.layout != nil else {
      throw JSONError(.root.key("op"), "no collection loaded yet; send a 'load' request first")
    }
    if request.changesCollection {
      // No other reference to the layout may be alive here, or the core would copy its storage.
      try change(request)
      writer.key("contentSize"); try writer.contentSize(self.layout?.contentSize ?? .zero)
      return
    }
    guard let layout else { return }
    switch request {
    case .load, .append, .insert, .delete, .update, .insertSection, .deleteSection, .width:
      break
    case .query(let rect):
      try writer.elements(layout.elements(in: rect))
    case .page(let rect, let limit, let token):
      var after: ElementPath?
      if let token { after = try PageCursor(token: token, rect: rect, at: .root.key("cursor")).after }
      var page: [LayoutAttributes] = []
      page.reserveCapacity(Swift.min(limit, 1024))
      let more = layout.page(in: rect, after: after, limit: limit, into: &page)
      try writer.elements(page)
      writer.key("next")
      if more, let last = page.last { writer.string(PageCursor(rect: rect, after: last.path).token) } else { writer.null() }
    case .point(let point):
      writer.key("element")
      if let element = layout.element(at: point) { try writer.element(element) } else { writer.null() }
    case .frame(let s, let i):
      try Self.check(s, in: 0..<layout.numberOfSections, "section")
      try Self.check(i, in: 0..<layout.numberOfItems(inSection: s), "item")
      let path = ElementPath.item(i, section: s)
      writer.key("frame")
      if let attributes = layout.layoutAttributes(for: path) { try writer.frame(attributes.frame, of: path) } else { writer.null() }
    case .layout:
      try writer.layoutKeys(layout)
    }
  }

  /// Fails unless `index` lies in `range`: `section: index 5 out of range (0..<2)`.
  ///
  /// - Complexity: O(1).
  static func check(_ index: Int, in range: Range<Int>, _ key: String) throws(JSONError) {
    guard range.contains(index) else {
      throw JSONError(.root.key(key), "index \(index) out of range (\(range.lowerBound)..<\(range.upperBound))")
    }
  }
}
