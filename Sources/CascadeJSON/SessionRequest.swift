// One line of the `cascade session` protocol, decoded.

import Cascade

/// A request of the session protocol (`Docs/Spec/Protocol.md`, "The session: JSON Lines").
///
/// Decoding checks the request's shape: its `op`, that every key it needs is there with the
/// right type, no unknown key, valid items and numbers. Whether an index is inside the
/// collection depends on the collection, so ``CascadeSession`` checks that.
///
///     let request = try SessionRequest(json: JSONParser.parse(Array(#"{"op":"frame","section":0,"item":2}"#.utf8)))
///     // .frame(section: 0, item: 2)
public enum SessionRequest: Equatable, Sendable {
  /// `{"op":"load","collection":DOC}`: replace the collection.
  case load(CollectionDocument)
  /// `{"op":"append","section":s,"items":[...]}`.
  case append(section: Int, items: [WaterfallItem])
  /// `{"op":"insert","section":s,"at":i,"items":[...]}`.
  case insert(section: Int, at: Int, items: [WaterfallItem])
  /// `{"op":"delete","section":s,"at":i,"count":n}`.
  case delete(section: Int, at: Int, count: Int)
  /// `{"op":"update","section":s,"at":i,"items":[...]}`: replace items `i ..< i + k`.
  case update(section: Int, at: Int, items: [WaterfallItem])
  /// `{"op":"insertSection","at":s,"section":SECTION}`.
  case insertSection(at: Int, section: WaterfallSection)
  /// `{"op":"deleteSection","at":s}`.
  case deleteSection(at: Int)
  /// `{"op":"width","width":w}`.
  case width(Double)
  /// `{"op":"query","rect":[x,y,w,h]}`.
  case query(Rect)
  /// `{"op":"page","rect":[x,y,w,h],"limit":n,"cursor":C}`; `cursor` is the raw token.
  case page(Rect, limit: Int, cursor: String?)
  /// `{"op":"point","point":[x,y]}`.
  case point(Point)
  /// `{"op":"frame","section":s,"item":i}`.
  case frame(section: Int, item: Int)
  /// `{"op":"layout"}`.
  case layout
  /// `{"op":"height","height":h}`: the height of a horizontal collection.
  case height(Double)
  /// `{"op":"viewport","rect":[x,y,w,h],"pinHeaders":true}`; `pinHeaders` defaults to `false`.
  case viewport(Rect, pinHeaders: Bool)
  /// `{"op":"neighbor","section":s,"item":i,"direction":"up"|"down"|"left"|"right"}`.
  case neighbor(section: Int, item: Int, direction: NeighborDirection)
  /// `{"op":"move","from":[s,i],"to":[t,j]}`: moves one item.
  case move(from: ItemPath, to: ItemPath)
  /// `{"op":"moveSection","from":s,"to":t}`.
  case moveSection(from: Int, to: Int)
  /// `{"op":"sectionParameters","section":s,"parameters":P}`: replaces section `s`'s overrides.
  case sectionParameters(section: Int, parameters: WaterfallParameters)
  /// `{"op":"export"}`: the collection as a document.
  case export
  /// `{"op":"frame","id":ID}`: the frame of the item with that id.
  case frameOfID(ItemID)

  /// Whether the request changes the collection (and answers with its `contentSize`); `load`
  /// replaces it instead.
  ///
  /// - Complexity: O(1).
  public var changesCollection: Bool {
    switch self {
    case .append, .insert, .delete, .update, .insertSection, .deleteSection, .width, .height: true
    case .move, .moveSection, .sectionParameters: true
    case .load, .query, .page, .point, .frame, .layout, .viewport, .neighbor, .export, .frameOfID: false
    }
  }

  /// The request names, in `Docs/Spec/Protocol.md`'s order.
  public static let operations = [
    "load", "append", "insert", "delete", "update", "insertSection", "deleteSection",
    "width", "height", "move", "moveSection", "sectionParameters", "export", "query", "page", "point", "viewport",
    "neighbor", "frame", "layout",
  ]

  /// Decodes a request; errors name the request's own keys (`items[2].height: must be >= 0`,
  /// `limit: must be an integer >= 1`, `op: unknown op 'fly' (...)`).
  ///
  /// - Complexity: O(k) for k items (O(n) for a `load` of n items).
  public init(json value: JSONValue) throws(JSONError) {
    var reader = try JSONObjectReader(value, at: .root)
    let op = try reader.require("op", at: .root).string(at: .root.key("op"))
    func int(_ key: String) throws(JSONError) -> Int {
      try reader.require(key, at: .root).integer(at: .root.key(key))
    }
    func items() throws(JSONError) -> [WaterfallItem] {
      try WaterfallItem.items(json: reader.require("items", at: .root), at: .root.key("items"))
    }
    func rect() throws(JSONError) -> Rect {
      let v = try reader.require("rect", at: .root).finiteNumbers(4, shape: "[x, y, width, height]", at: .root.key("rect"))
      return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
    switch op {
    case "load":
      self = .load(try CollectionDocument(json: reader.require("collection", at: .root), at: .root.key("collection")))
    case "append":
      self = .append(section: try int("section"), items: try items())
    case "insert":
      self = .insert(section: try int("section"), at: try int("at"), items: try items())
    case "delete":
      self = .delete(section: try int("section"), at: try int("at"), count: try int("count"))
    case "update":
      self = .update(section: try int("section"), at: try int("at"), items: try items())
    case "insertSection":
      let at = try int("at")
      self = .insertSection(at: at, section: try WaterfallSection(json: reader.require("section", at: .root), at: .root.key("section")))
    case "deleteSection":
      self = .deleteSection(at: try int("at"))
    case "width":
      self = .width(try reader.require("width", at: .root).number(at: .root.key("width")))
    case "query":
      self = .query(try rect())
    case "page":
      let rect = try rect()
      let limit = try int("limit")
      guard limit >= 1 else { throw JSONError(.root.key("limit"), "must be an integer >= 1") }
      var cursor: String?
      if let value = reader.take("cursor"), value != .null { cursor = try value.string(at: .root.key("cursor")) }
      self = .page(rect, limit: limit, cursor: cursor)
    case "point":
      let v = try reader.require("point", at: .root).finiteNumbers(2, shape: "[x, y]", at: .root.key("point"))
      self = .point(Point(x: v[0], y: v[1]))
    case "frame":
      if let id = reader.take("id") {
        self = .frameOfID(try ItemID(json: id, at: .root.key("id")))
      } else {
        self = .frame(section: try int("section"), item: try int("item"))
      }
    case "move":
      func pair(_ key: String) throws(JSONError) -> ItemPath {
        let v = try reader.require(key, at: .root)
        guard case .array(let e) = v, e.count == 2 else { throw JSONError(.root.key(key), "expected [section, item]") }
        return ItemPath(item: try e[1].integer(at: .root.key(key).index(1)), section: try e[0].integer(at: .root.key(key).index(0)))
      }
      self = .move(from: try pair("from"), to: try pair("to"))
    case "moveSection":
      self = .moveSection(from: try int("from"), to: try int("to"))
    case "sectionParameters":
      let s = try int("section")
      var params = try JSONObjectReader(reader.require("parameters", at: .root), at: .root.key("parameters"))
      let p = try WaterfallParameters(reading: &params, at: .root.key("parameters"))
      try params.finish(at: .root.key("parameters"))
      self = .sectionParameters(section: s, parameters: p)
    case "export":
      self = .export
    case "layout":
      self = .layout
    case "height":
      self = .height(try reader.require("height", at: .root).number(at: .root.key("height")))
    case "viewport":
      let rect = try rect()
      var pin = false
      if let value = reader.take("pinHeaders") {
        guard case .bool(let b) = value else { throw JSONError(.root.key("pinHeaders"), "must be true or false") }
        pin = b
      }
      self = .viewport(rect, pinHeaders: pin)
    case "neighbor":
      let s = try int("section"), i = try int("item")
      let name = try reader.require("direction", at: .root).string(at: .root.key("direction"))
      guard let direction = NeighborDirection(rawValue: name) else {
        throw JSONError(.root.key("direction"), "unknown direction '\(name)' (expected one of up, down, left, right)")
      }
      self = .neighbor(section: s, item: i, direction: direction)
    default:
      throw JSONError(.root.key("op"), "unknown op '\(op)' (expected one of \(Self.operations.joined(separator: ", ")))")
    }
    try reader.finish(at: .root)
  }
}
