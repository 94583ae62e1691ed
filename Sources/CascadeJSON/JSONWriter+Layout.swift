// Frames, elements and whole layouts in the shapes of `Docs/Spec/Protocol.md`.

import Cascade

extension JSONWriter {
  /// Writes `[x, y, width, height]`, or fails when a component is not finite (inputs so large
  /// that the layout overflowed), since such a number has no JSON form.
  ///
  /// - Complexity: O(1).
  public mutating func frame(_ frame: Rect, of path: ElementPath) throws(JSONError) {
    guard frame.isFinite else { throw JSONError(Self.path(of: path), "frame is not finite (the sizes overflow)") }
    separate()
    _append(maximum: Self._maximumFrameLength) { Self._write(frame, to: $0) }
    needsComma = true
  }

  /// `[x,y,w,h]`: four numbers of at most 32 bytes, three commas, two brackets.
  static var _maximumFrameLength: Int { 4 * _maximumNumberLength + 5 }

  /// Writes `[x,y,w,h]` at `p` (room for ``_maximumFrameLength`` bytes); returns its length.
  static func _write(_ frame: Rect, to p: UnsafeMutablePointer<UInt8>) -> Int {
    p[0] = UInt8(ascii: "[")
    var n = 1
    n += _write(frame.minX, to: p + n); p[n] = UInt8(ascii: ","); n += 1
    n += _write(frame.minY, to: p + n); p[n] = UInt8(ascii: ","); n += 1
    n += _write(frame.width, to: p + n); p[n] = UInt8(ascii: ","); n += 1
    n += _write(frame.height, to: p + n); p[n] = UInt8(ascii: "]")
    return n + 1
  }

  /// Writes `[width, height]`, or fails when it is not finite.
  ///
  /// - Complexity: O(1).
  public mutating func contentSize(_ size: Size) throws(JSONError) {
    guard size.width.isFinite, size.height.isFinite else {
      throw JSONError(.root, "the content size is not finite (the sizes overflow)")
    }
    numbers([size.width, size.height])
  }

  /// Writes an element: `{"section":s,"kind":"item","item":i,"frame":[x,y,w,h]}`, with `item`
  /// only on items.
  ///
  /// - Complexity: O(1).
  public mutating func element(_ attributes: LayoutAttributes, id: ItemID? = nil) throws(JSONError) {
    if let id {
      // An element with an id: the general path (ids are rare in scroll-heavy answers).
      beginObject()
      key("section"); integer(attributes.path.section)
      key("kind"); string(attributes.path.kind.description)
      if attributes.path.kind == .item { key("item"); integer(attributes.path.item) }
      key("id"); self.id(id)
      key("frame"); try frame(attributes.frame, of: attributes.path)
      endObject()
      return
    }
    let path = attributes.path, frame = attributes.frame
    guard frame.isFinite else { throw JSONError(Self.path(of: path), "frame is not finite (the sizes overflow)") }
    separate()
    // The whole element in one buffer, then one copy: the bytes of `key`, `integer`, `string`
    // and `frame` called in turn.
    _append(maximum: 2 * Self._maximumNumberLength + Self._maximumFrameLength + 64) { p in
      var n = Self._copy(#"{"section":"#, to: p)
      n += Self._write(Int64(path.section), to: p + n)
      switch path.kind {
      case .header: n += Self._copy(#","kind":"header""#, to: p + n)
      case .footer: n += Self._copy(#","kind":"footer""#, to: p + n)
      case .item:
        n += Self._copy(#","kind":"item","item":"#, to: p + n)
        n += Self._write(Int64(path.item), to: p + n)
      }
      n += Self._copy(#","frame":"#, to: p + n)
      n += Self._write(frame, to: p + n)
      p[n] = UInt8(ascii: "}")
      return n + 1
    }
    needsComma = true
  }

  /// Writes the `elements` key and its array.
  ///
  /// - Complexity: O(k) for k elements.
  public mutating func elements(_ elements: [LayoutAttributes]) throws(JSONError) {
    key("elements")
    beginArray()
    for attributes in elements { try element(attributes) }
    endArray()
  }

  /// Writes the `elements` key and its array, each item with its `id` when it has one.
  ///
  /// - Complexity: O(k) for k elements.
  public mutating func elements(_ elements: [LayoutAttributes], of layout: WaterfallLayout) throws(JSONError) {
    key("elements")
    beginArray()
    for attributes in elements { try element(attributes, id: layout.id(of: attributes.path)) }
    endArray()
  }

  /// Writes the keys of `cascade layout`'s object, without its braces:
  /// `"contentSize":[w,h],"sections":[{"header":frame|null,"items":[frame,...],"footer":frame|null}]`.
  ///
  /// - Complexity: O(n + s) for n items and s sections.
  public mutating func layoutKeys(_ layout: WaterfallLayout) throws(JSONError) {
    key("contentSize"); try contentSize(layout.contentSize)
    key("sections")
    beginArray()
    for s in 0..<layout.numberOfSections {
      beginObject()
      key("header"); try optionalFrame(layout, .header(s))
      key("items")
      beginArray()
      for i in 0..<layout.numberOfItems(inSection: s) { try optionalFrame(layout, .item(i, section: s)) }
      endArray()
      // The items' ids, when any item of the section has one (`null` for those without).
      let n = layout.numberOfItems(inSection: s)
      if (0..<n).contains(where: { layout.id(at: ItemPath(item: $0, section: s)) != nil }) {
        key("ids")
        beginArray()
        for i in 0..<n {
          if let id = layout.id(at: ItemPath(item: i, section: s)) { self.id(id) } else { null() }
        }
        endArray()
      }
      key("footer"); try optionalFrame(layout, .footer(s))
      endObject()
    }
    endArray()
  }

  private mutating func optionalFrame(_ layout: WaterfallLayout, _ path: ElementPath) throws(JSONError) {
    if let attributes = layout.layoutAttributes(for: path) { try frame(attributes.frame, of: path) } else { null() }
  }

  /// An element's place in a document: `sections[0].items[3]`, `sections[1].header`.
  ///
  /// - Complexity: O(1).
  public static func path(of element: ElementPath) -> JSONPath {
    let section = JSONPath.root.key("sections").index(element.section)
    switch element.kind {
    case .header: return section.key("header")
    case .item: return section.key("items").index(element.item)
    case .footer: return section.key("footer")
    }
  }
}

extension WaterfallLayout {
  /// The id of an element: an item's id, `nil` for headers, footers and items without one.
  ///
  /// - Complexity: O(1).
  public func id(of path: ElementPath) -> ItemID? {
    guard let item = path.itemPath else { return nil }
    return id(at: item)
  }
}
