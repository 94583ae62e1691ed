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
  ///
  /// The number writer is inlined into each of the four: no call per number (a loop over the
  /// four with one inlined copy took 3% more instructions).
  static func _write(_ frame: Rect, to p: UnsafeMutablePointer<UInt8>) -> Int {
    p[0] = UInt8(ascii: "[")
    var n = 1
    n &+= _writeInline(frame.minX, to: p + n); p[n] = UInt8(ascii: ","); n &+= 1
    n &+= _writeInline(frame.minY, to: p + n); p[n] = UInt8(ascii: ","); n &+= 1
    n &+= _writeInline(frame.width, to: p + n); p[n] = UInt8(ascii: ","); n &+= 1
    n &+= _writeInline(frame.height, to: p + n); p[n] = UInt8(ascii: "]")
    return n &+ 1
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
    // The whole element in one buffer, then one copy.
    _append(maximum: Self._maximumElementLength) { Self._write(element: path, frame: frame, to: $0) }
    needsComma = true
  }

  /// `{"section":s,"kind":"item","item":i,"frame":[x,y,w,h]}`: two integers, a frame, the keys.
  static var _maximumElementLength: Int { 2 * _maximumNumberLength + _maximumFrameLength + 64 }

  /// Writes an element without an id at `p` (room for ``_maximumElementLength`` bytes): the
  /// bytes of `key`, `integer`, `string` and `frame` called in turn. Returns the length.
  static func _write(element path: ElementPath, frame: Rect, to p: UnsafeMutablePointer<UInt8>) -> Int {
    var n = _copy(#"{"section":"#, to: p)
    n += _write(index: path.section, to: p + n)
    switch path.kind {
    case .header: n += _copy(#","kind":"header""#, to: p + n)
    case .footer: n += _copy(#","kind":"footer""#, to: p + n)
    case .item:
      n += _copy(#","kind":"item","item":"#, to: p + n)
      n += _write(index: path.item, to: p + n)
    }
    n += _copy(#","frame":"#, to: p + n)
    n += _write(frame, to: p + n)
    p[n] = UInt8(ascii: "}")
    return n + 1
  }

  /// Writes `elements[start...]`'s elements, each with a comma before it when one is due, into
  /// a stack buffer copied into `bytes` each time it fills, up to the first element that has an
  /// id or a frame that is not finite (which the caller writes, or fails on, by the general
  /// path). Returns that element's index, or `elements.count`.
  ///
  /// - Complexity: O(k) for the k elements written.
  mutating func _writeElements(_ elements: [LayoutAttributes], from start: Int, of layout: WaterfallLayout?) -> Int {
    var comma = needsComma
    // Whether the section of the last item seen may have ids: most sections have none, and
    // their items need no id look-up.
    var idSection = -1, idsPossible = false
    let end = _staged { stage, bytes in
      var i = start
      while i < elements.count {
        let attributes = elements[i]
        guard attributes.frame.isFinite else { break }
        if attributes.path.kind == .item {
          if attributes.path.section != idSection {
            idSection = attributes.path.section
            idsPossible = layout?.mayHaveItemIDs(inSection: idSection) ?? false
          }
          if idsPossible && layout?.id(of: attributes.path) != nil { break }
        }
        stage.element(Self._maximumElementLength, comma: &comma, flushingInto: &bytes) {
          Self._write(element: attributes.path, frame: attributes.frame, to: $0)
        }
        i += 1
      }
      return i
    }
    needsComma = comma
    return end
  }

  /// Writes the `elements` key and its array.
  ///
  /// - Complexity: O(k) for k elements.
  public mutating func elements(_ elements: [LayoutAttributes]) throws(JSONError) {
    try _elements(elements, of: nil)
  }

  /// Writes the `elements` key and its array, each item with its `id` when it has one.
  ///
  /// - Complexity: O(k) for k elements.
  public mutating func elements(_ elements: [LayoutAttributes], of layout: WaterfallLayout) throws(JSONError) {
    try _elements(elements, of: layout)
  }

  /// The `elements` key and array: runs of elements without ids staged in bulk, the others
  /// (and the failure on a frame that is not finite) one by one.
  private mutating func _elements(_ elements: [LayoutAttributes], of layout: WaterfallLayout?) throws(JSONError) {
    _key("elements")
    beginArray()
    var i = 0
    while true {
      i = _writeElements(elements, from: i, of: layout)
      guard i < elements.count else { break }
      try element(elements[i], id: layout?.id(of: elements[i].path))
      i += 1
    }
    endArray()
  }

  /// Writes the keys of `cascade layout`'s object, without its braces:
  /// `"contentSize":[w,h],"sections":[{"header":frame|null,"items":[frame,...],"footer":frame|null}]`.
  ///
  /// - Complexity: O(n + s) for n items and s sections.
  public mutating func layoutKeys(_ layout: WaterfallLayout) throws(JSONError) {
    // Room for the whole answer at once (a frame is ~50 bytes), rather than doubling through it.
    bytes.reserveCapacity(bytes.count + 56 * layout.numberOfItems + 128 * layout.numberOfSections + 64)
    key("contentSize"); try contentSize(layout.contentSize)
    key("sections")
    beginArray()
    for s in 0..<layout.numberOfSections {
      beginObject()
      key("header"); try optionalFrame(layout, .header(s))
      key("items")
      beginArray()
      let n = layout.numberOfItems(inSection: s)
      var i = 0
      while true {
        i = _writeFrames(layout, section: s, from: i, to: n)
        guard i < n else { break }
        try optionalFrame(layout, .item(i, section: s))
        i += 1
      }
      endArray()
      // The items' ids, when any item of the section has one (`null` for those without).
      if layout.mayHaveItemIDs(inSection: s), (0..<n).contains(where: { layout.id(at: ItemPath(item: $0, section: s)) != nil }) {
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

  /// Writes the frames of items `start ..< end` of section `section`, as ``frame(_:of:)`` would,
  /// into a stack buffer copied into `bytes` each time it fills, up to the first frame that is
  /// not finite. Returns its index, or `end`. The frames come from the core in bulk
  /// (`WaterfallLayout.forEachItemFrame(inSection:from:_:)`): no attributes built and no copy of
  /// the section's storage per item.
  ///
  /// - Complexity: O(log s + end − start) for s sections.
  mutating func _writeFrames(_ layout: WaterfallLayout, section: Int, from start: Int, to end: Int) -> Int {
    var comma = needsComma
    let stop = _staged { stage, bytes in
      layout.forEachItemFrame(inSection: section, from: start) { i, frame in
        guard i < end, frame.isFinite else { return false }
        stage.element(Self._maximumFrameLength, comma: &comma, flushingInto: &bytes) { Self._write(frame, to: $0) }
        return true
      }
    }
    needsComma = comma
    return Swift.min(stop, end)
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
