// A model of the JSON Lines session of Docs/Spec/Protocol.md: the collection as a plain document,
// and for each request line the response the session must give, or that it must refuse it.
//
// The model decodes a line with the library's own decoder (`SessionRequest`), so it does not
// check the decoding of requests; it checks everything after it: which requests are accepted
// (indices against the current collection, values laid out from scratch, overflow), that a
// refused request changes nothing, and every accepted answer, computed from a layout of the
// document built from scratch and from scans of its elements.

import Cascade
import CascadeJSON

/// What the session must answer to one line.
public enum ExpectedResponse: Equatable {
  /// `{"ok":false,...}`, the collection unchanged.
  case rejected
  /// This exact line.
  case accepted(String)
  /// A request the model does not model yet (ids, moves, export, orientation, viewport,
  /// neighbours): the harness does not send it, so the session and the model stay in step.
  case unmodelled
}

public struct SessionModel {
  /// The collection, `nil` before the first successful load.
  public private(set) var document: CollectionDocument?
  /// Its layout from scratch, kept with it.
  public private(set) var layout: WaterfallLayout?

  public init() {}

  /// The sections' item counts, for generators that aim at valid indices.
  public var counts: [Int] { document?.sections.map(\.items.count) ?? [] }

  public var contentSize: Size { layout?.contentSize ?? .zero }

  /// The expected response to `line`, and the model after it.
  public func respond(to line: [UInt8]) -> (ExpectedResponse, SessionModel) {
    let request: SessionRequest
    do throws(JSONError) {
      request = try SessionRequest(json: JSONParser.parse(line))
    } catch {
      return (.rejected, self)
    }
    return respond(to: request)
  }

  /// The expected response to a decoded request, and the model after it.
  public func respond(to request: SessionRequest) -> (ExpectedResponse, SessionModel) {
    // Items with ids are not modelled (the session writes their ids in answers and refuses
    // duplicates): a request that brings one is not sent.
    if Self.bringsIDs(request) { return (.unmodelled, self) }
    if case .load(let new) = request { return changed(to: new) }
    guard var document, let layout else { return (.rejected, self) }
    func valid(_ i: Int, _ count: Int) -> Bool { i >= 0 && i < count }
    let n = document.sections.count
    // With keepColumns the session's items keep the columns they were placed in through later
    // changes (Docs/DynamicContent.md), where a layout of the changed document from scratch
    // places them afresh: the model applies the same change to its own layout instead, and a
    // change the session refuses (an overflow) must leave the session's layout as the model's,
    // every remembered column included (the session undoes it with the core's inverse).
    let keepsColumns = document.parameters.keepColumns == true
    switch request {
    case .load:
      return (.rejected, self)
    case .append(let s, let items):
      guard valid(s, n) else { return (.rejected, self) }
      document.sections[s].items += items
    case .insert(let s, let at, let items):
      guard valid(s, n), at >= 0 && at <= document.sections[s].items.count else { return (.rejected, self) }
      document.sections[s].items.insert(contentsOf: items, at: at)
    case .delete(let s, let at, let count):
      guard valid(s, n), count >= 0, at >= 0, at <= document.sections[s].items.count - count else { return (.rejected, self) }
      document.sections[s].items.removeSubrange(at..<(at + count))
    case .update(let s, let at, let items):
      guard valid(s, n), at >= 0, at <= document.sections[s].items.count - items.count else { return (.rejected, self) }
      document.sections[s].items.replaceSubrange(at..<(at + items.count), with: items)
    case .insertSection(let at, let section):
      guard at >= 0 && at <= n else { return (.rejected, self) }
      document.sections.insert(section, at: at)
    case .deleteSection(let at):
      guard valid(at, n) else { return (.rejected, self) }
      document.sections.remove(at: at)
    case .width(let width):
      document.width = width
      if keepsColumns { return changed(to: document, by: .setWidth(width)) }
    case .query(let rect):
      return (Self.answer { writer throws(JSONError) in
        try writer.elements(scanQuery(allElements(layout), rect))
      }, self)
    case .page(let rect, let limit, let token):
      var after: ElementPath?
      if let token {
        guard let cursor = try? PageCursor(token: token, rect: rect, at: .root) else { return (.rejected, self) }
        after = cursor.after
      }
      let rest = scanQuery(allElements(layout), rect).filter { after == nil || after! < $0.path }
      let page = Array(rest.prefix(limit))
      return (Self.answer { writer throws(JSONError) in
        try writer.elements(page)
        writer.key("next")
        if rest.count > limit, let last = page.last { writer.string(PageCursor(rect: rect, after: last.path).token) } else { writer.null() }
      }, self)
    case .point(let point):
      return (Self.answer { writer throws(JSONError) in
        writer.key("element")
        if let element = scanPoint(allElements(layout), point) { try writer.element(element) } else { writer.null() }
      }, self)
    case .frame(let s, let i):
      guard valid(s, n), valid(i, layout.numberOfItems(inSection: s)),
            let frame = layout.layoutAttributes(for: .item(i, section: s))?.frame else { return (.rejected, self) }
      return (Self.answer { writer throws(JSONError) in
        writer.key("frame"); try writer.frame(frame, of: .item(i, section: s))
      }, self)
    case .layout:
      return (Self.answer { writer throws(JSONError) in try writer.layoutKeys(layout) }, self)
    case .height, .viewport, .neighbor, .move, .moveSection, .sectionParameters, .export, .frameOfID:
      return (.unmodelled, self)
    }
    if keepsColumns, let change = Self.change(request) { return changed(to: document, by: change) }
    return changed(to: document)
  }

  /// The core change of an item or section request, as the session applies it.
  static func change(_ request: SessionRequest) -> WaterfallLayout.Change? {
    switch request {
    case .append(let s, let items): .appendItems(items, section: s)
    case .insert(let s, let at, let items): .insertItems(items, at: at, section: s)
    case .delete(let s, let at, let count): .deleteItems(at..<(at + count), section: s)
    case .update(let s, let at, let items): .replaceItems(items, at: at, section: s)
    case .insertSection(let at, let section): .insertSection(section, at: at)
    case .deleteSection(let at): .deleteSection(at: at)
    default: nil
    }
  }

  /// With keepColumns: the collection becomes `document` by `change` applied to the model's own
  /// layout, on the terms of ``changed(to:)``.
  private func changed(to document: CollectionDocument, by change: WaterfallLayout.Change) -> (ExpectedResponse, SessionModel) {
    guard var layout = self.layout, (try? layout.apply([change])) != nil else { return (.rejected, self) }
    return changed(to: document, laidOut: layout)
  }

  /// Whether `request` adds items that have an id.
  static func bringsIDs(_ request: SessionRequest) -> Bool {
    func any(_ items: [WaterfallItem]) -> Bool { items.contains { $0.id != nil } }
    switch request {
    case .load(let document): return document.sections.contains { any($0.items) }
    case .append(_, let items), .insert(_, _, let items), .update(_, _, let items): return any(items)
    case .insertSection(_, let section): return any(section.items)
    default: return false
    }
  }

  /// The collection becomes `document`, if it lays out with every frame finite, and with every
  /// column of every section finite, used or not (a frame that is not has no JSON form, so the
  /// session refuses such a collection rather than hold one it could not print: Docs/CLI.md).
  private func changed(to document: CollectionDocument) -> (ExpectedResponse, SessionModel) {
    guard let layout = try? document.makeLayout() else { return (.rejected, self) }
    return changed(to: document, laidOut: layout)
  }

  /// The collection becomes `document`, laid out as `layout`, if every frame and column of it is
  /// finite (``changed(to:)``).
  private func changed(to document: CollectionDocument, laidOut layout: WaterfallLayout) -> (ExpectedResponse, SessionModel) {
    guard layout.contentSize.height.isFinite,
          allElements(layout).allSatisfy({ $0.frame.isFinite }),
          (0..<layout.numberOfSections).allSatisfy({ Self.columnsAreFinite(layout, $0) }) else { return (.rejected, self) }
    var next = self
    next.document = document
    next.layout = layout
    return (Self.answer { writer throws(JSONError) in
      writer.key("contentSize"); try writer.contentSize(layout.contentSize)
    }, next)
  }

  /// Whether section `s`'s last column starts, and its columns together end, at finite
  /// coordinates (Docs/Spec/Waterfall.md: column j at `left + j·(columnWidth + columnSpacing)`).
  static func columnsAreFinite(_ layout: WaterfallLayout, _ s: Int) -> Bool {
    guard let p = layout.parameters(ofSection: s), let c = layout.numberOfColumns(inSection: s).map(Double.init) else { return true }
    let spacing = p.columnSpacing ?? layout.parameters.columnSpacing ?? 10
    let insets = p.insets ?? layout.parameters.insets ?? .zero
    let columnWidth = Swift.max(0, (layout.width - insets.left - insets.right - (c - 1) * spacing) / c)
    return (insets.left + (c - 1) * (columnWidth + spacing)).isFinite && (c * columnWidth + (c - 1) * spacing).isFinite
  }

  /// `{"ok":true,...}` with the keys `body` writes.
  private static func answer(_ body: (inout JSONWriter) throws(JSONError) -> Void) -> ExpectedResponse {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("ok"); writer.bool(true)
    do throws(JSONError) {
      try body(&writer)
    } catch {
      fatalError("the model's answer failed: \(error)")
    }
    writer.endObject()
    return .accepted(writer.text)
  }
}

/// Whether `response` is one JSON object `{"ok":false,"error":"<non-empty>"}`.
public func isErrorResponse(_ response: String) -> Bool {
  guard case .object(let members)? = try? JSONParser.parse(Array(response.utf8)),
        members.count == 2, members[0] == JSONMember(key: "ok", value: .bool(false)),
        members[1].key == "error", case .string(let message) = members[1].value, !message.isEmpty else { return false }
  return true
}
