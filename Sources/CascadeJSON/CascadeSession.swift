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
  /// The most elements (items, headers, footers) the collection may hold: 2^31 − 1. A test hook
  /// may lower it.
  package var elementLimit = Int(Int32.max)
  /// The `page` request's buffer of elements, kept between requests so that a page allocates
  /// nothing once the first has grown it.
  var pageBuffer: [LayoutAttributes] = []

  /// Creates a session with no collection.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Calls `body` with the layout where it is and returns its result, or returns `nil` before
  /// the first successful `load`. For a session kept in a class's stored property, as the C
  /// interface keeps it: a read of `layout` through such a property copies the whole layout
  /// first (a retain and a release of each of its buffers, some 50 ns), and a mutating call
  /// reaches it in place (Docs/PerformanceRounds.md, round fifty-two). `body` must leave the
  /// layout as it found it.
  ///
  /// - Complexity: O(1) plus `body`'s.
  package mutating func _withLayout<R>(_ body: (inout WaterfallLayout) -> R) -> R? {
    guard layout != nil else { return nil }
    return body(&layout!)
  }

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
      // `page` and `load` requests decoded straight from the bytes; anything else, and every
      // error, by the general path.
      let request = try SessionRequest(parsing: line)
      writer.beginObject()
      writer._key("ok"); writer.bool(true)
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
      let count = document.sections.reduce(0) { n, section in
        let p = section.parameters, l = document.parameters
        return n + section.items.count + ((p.header ?? l.header ?? 0) > 0 ? 1 : 0) + ((p.footer ?? l.footer ?? 0) > 0 ? 1 : 0)
      }
      guard count <= elementLimit else {
        throw JSONError(.root.key("collection"), "the collection would hold more than \(elementLimit) elements (headers and footers included)")
      }
      let layout = try document.makeLayout(at: .root.key("collection"))
      guard layout.contentSize.height.isFinite, layout.contentSize.width.isFinite else {
        throw JSONError(.root.key("collection"), "the layout overflows (the content height is not finite)")
      }
      if let s = Self.firstSectionWithInfiniteColumns(layout, 0..<layout.numberOfSections) {
        throw JSONError(.root.key("collection").key("sections").index(s), Self.infiniteColumnsMessage)
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
    guard layout != nil else { return }
    // The layout passed where it is: bound to a local (`guard let layout`), it was copied, a
    // retain and a release of each of its buffers a request.
    try Self._answer(request, &layout!, pageBuffer: &pageBuffer, into: &writer)
  }

  /// Answers a request that reads the collection (`layout`), writing its keys after
  /// `"ok":true`; `pageBuffer` is the session's buffer of page elements. The layout is left as
  /// it is.
  ///
  /// - Throws: ``JSONError``.
  /// - Complexity: that of the request.
  static func _answer(
    _ request: SessionRequest, _ layout: inout WaterfallLayout, pageBuffer: inout [LayoutAttributes],
    into writer: inout JSONWriter
  ) throws(JSONError) {
    switch request {
    case .load, .append, .insert, .delete, .update, .insertSection, .deleteSection, .width, .height,
         .move, .moveSection, .sectionParameters:
      break
    case .viewport(let rect, let pin):
      try writer.elements(layout.elements(inViewport: rect, pinningHeaders: pin))
    case .neighbor(let s, let i, let direction):
      try Self.check(s, in: 0..<layout.numberOfSections, "section")
      try Self.check(i, in: 0..<layout.numberOfItems(inSection: s), "item")
      writer.key("element")
      if let next = layout.neighbor(of: ItemPath(item: i, section: s), direction: direction),
         let element = layout.layoutAttributesForItem(at: next) {
        try writer.element(element)
      } else {
        writer.null()
      }
    case .query(let rect):
      try writer.elements(layout.elements(in: rect), of: layout)
    case .page(let rect, let limit, let token):
      var after: ElementPath?
      if let token {
        let cursor = try PageCursor(token: token, rect: rect, at: .root.key("cursor"))
        after = cursor.after
        if let id = cursor.id {
          // The cursor follows its item wherever it is now.
          guard let path = layout.path(forID: id) else {
            throw JSONError(.root.key("cursor"), "the cursor's item (id \(id)) was removed")
          }
          after = .item(path.item, section: path.section)
        }
      }
      // The page's buffer is the session's, reused from request to request.
      var page: [LayoutAttributes] = []
      swap(&page, &pageBuffer)
      defer { page.removeAll(keepingCapacity: true); swap(&page, &pageBuffer) }
      page.reserveCapacity(Swift.min(limit, 1024))
      let more = layout.page(in: rect, after: after, limit: limit, into: &page)
      try writer.elements(page, of: layout)
      writer._key("next")
      if more, let last = page.last {
        // The token is digits, letters and dots: nothing to escape, so it goes straight in.
        writer.separate()
        writer.bytes.append(UInt8(ascii: "\""))
        PageCursor(rect: rect, after: last.path, id: layout.id(of: last.path)).writeToken(into: &writer.bytes)
        writer.bytes.append(UInt8(ascii: "\""))
      } else { writer.null() }
    case .point(let point):
      writer.key("element")
      if let element = layout.element(at: point) { try writer.element(element, id: layout.id(of: element.path)) } else { writer.null() }
    case .frameOfID(let id):
      guard let path = layout.path(forID: id) else { throw JSONError(.root.key("id"), "no item has the id \(id)") }
      let element = ElementPath.item(path.item, section: path.section)
      writer.key("frame")
      if let attributes = layout.layoutAttributes(for: element) { try writer.frame(attributes.frame, of: element) } else { writer.null() }
      writer.key("section"); writer.integer(path.section)
      writer.key("item"); writer.integer(path.item)
    case .export:
      writer.key("collection")
      try writer.document(layout)
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

  /// Why a collection whose columns reach past the largest `Double` is refused.
  static let infiniteColumnsMessage = "the columns overflow (an x or a width is not finite)"

  /// The first of `sections` whose columns end past the largest finite `Double`, or `nil`.
  ///
  /// Every frame of a section with a finite content height is finite but for its x and width:
  /// column j starts at `insets.left + j·(columnWidth + columnSpacing)` and k columns are
  /// `k·columnWidth + (k − 1)·columnSpacing` wide (Docs/Spec/Waterfall.md), which overflow for
  /// spacings near `Double.greatestFiniteMagnitude`. Such frames have no JSON form, so the
  /// session refuses the collection, as it refuses an infinite content height, rather than hold
  /// one whose `layout` and queries it could never answer. Both expressions grow with j and k,
  /// so the last column's x and the width of all columns bound every item's.
  ///
  /// - Complexity: O(s) for s sections.
  static func firstSectionWithInfiniteColumns(_ layout: WaterfallLayout, _ sections: Range<Int>) -> Int? {
    let defaults = layout.parameters
    for s in sections {
      guard let parameters = layout.parameters(ofSection: s), let c = layout.numberOfColumns(inSection: s) else { continue }
      let spacing = parameters.columnSpacing ?? defaults.columnSpacing ?? 10
      let insets = parameters.insets ?? defaults.insets ?? .zero
      let available = layout.width - insets.left - insets.right
      let columns = Double(c)
      let columnWidth = Swift.max(0, (available - (columns - 1) * spacing) / columns)
      let lastX = insets.left + (columns - 1) * (columnWidth + spacing)
      let allColumns = columns * columnWidth + (columns - 1) * spacing
      if !lastX.isFinite || !allColumns.isFinite { return s }
    }
    return nil
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
