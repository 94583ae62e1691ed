// The session's ids, keepColumns, move/moveSection/sectionParameters/export, frame by id, cursors
// that follow their item, and the element limit (`Docs/Spec/Protocol.md`).
import Cascade
import CascadeJSON
import CascadeTestSupport
import Testing

@Suite struct DynamicSessionTests {
  func respond(_ session: inout CascadeSession, _ line: String) -> String {
    session.respond(to: Array(line.utf8))
  }

  @Test func idsInDocumentsAndAnswers() {
    var session = CascadeSession()
    #expect(respond(&session, #"{"op":"load","collection":{"width":210,"sections":[{"items":[{"height":100,"id":"a"},{"height":50,"id":1},30]}]}}"#)
            == #"{"ok":true,"contentSize":[210,100]}"#)
    #expect(respond(&session, #"{"op":"query","rect":[0,0,210,20]}"#)
            == #"{"ok":true,"elements":[{"section":0,"kind":"item","item":0,"id":"a","frame":[0,0,100,100]},{"section":0,"kind":"item","item":1,"id":1,"frame":[110,0,100,50]}]}"#)
    #expect(respond(&session, #"{"op":"frame","id":1}"#) == #"{"ok":true,"frame":[110,0,100,50],"section":0,"item":1}"#)
    #expect(respond(&session, #"{"op":"frame","id":"1"}"#) == #"{"ok":false,"error":"id: no item has the id \"1\""}"#)
    #expect(respond(&session, #"{"op":"append","section":0,"items":[{"height":5,"id":"a"}]}"#)
            == #"{"ok":false,"error":"collection.sections[0].items[3].id: duplicate id \"a\", already used by section 0, item 0"}"#)
    #expect(respond(&session, #"{"op":"append","section":0,"items":[{"height":5,"id":1.5}]}"#)
            == #"{"ok":false,"error":"items[0].id: must be a string or an integer of magnitude < 2^53"}"#)
    #expect(respond(&session, #"{"op":"point","point":[1,1]}"#) == #"{"ok":true,"element":{"section":0,"kind":"item","item":0,"id":"a","frame":[0,0,100,100]}}"#)
  }

  /// With keepColumns a deletion leaves the other items in the columns they were placed in,
  /// where a load of the changed collection would place them afresh (found by FuzzSession, whose
  /// model now leaves changes to such collections unsent).
  @Test func keepColumnsSurvivesADeletion() {
    var session = CascadeSession()
    #expect(respond(&session, #"{"op":"load","collection":{"width":1042,"layout":{"order":"leftToRight","keepColumns":true},"sections":[{"items":[0,0]}]}}"#)
            == #"{"ok":true,"contentSize":[1042,0]}"#)
    #expect(respond(&session, #"{"op":"delete","section":0,"at":0,"count":1}"#) == #"{"ok":true,"contentSize":[1042,0]}"#)
    #expect(respond(&session, #"{"op":"frame","section":0,"item":0}"#) == #"{"ok":true,"frame":[526,0,516,0]}"#)
    var fresh = CascadeSession()
    _ = respond(&fresh, #"{"op":"load","collection":{"width":1042,"layout":{"order":"leftToRight","keepColumns":true},"sections":[{"items":[0]}]}}"#)
    #expect(respond(&fresh, #"{"op":"frame","section":0,"item":0}"#) == #"{"ok":true,"frame":[0,0,516,0]}"#)
  }

  @Test func keepColumnsAndColumn() {
    var session = CascadeSession()
    #expect(respond(&session, #"{"op":"load","collection":{"width":210,"layout":{"keepColumns":true},"sections":[{"items":[100,50,30]}]}}"#)
            == #"{"ok":true,"contentSize":[210,100]}"#)
    #expect(respond(&session, #"{"op":"update","section":0,"at":1,"items":[200]}"#) == #"{"ok":true,"contentSize":[210,240]}"#)
    #expect(respond(&session, #"{"op":"frame","section":0,"item":2}"#) == #"{"ok":true,"frame":[110,210,100,30]}"#)
    #expect(respond(&session, #"{"op":"export"}"#)
            == #"{"ok":true,"collection":{"width":210,"layout":{"keepColumns":true},"sections":[{"items":[{"height":100,"column":0},{"height":200,"column":1},{"height":30,"column":1}]}]}}"#)
    #expect(respond(&session, #"{"op":"append","section":0,"items":[{"height":5,"column":2}]}"#)
            == #"{"ok":false,"error":"collection.sections[0].items[3].column: must be in 0...1"}"#)
    #expect(respond(&session, #"{"op":"append","section":0,"items":[{"height":5,"span":"full","column":0}]}"#)
            == #"{"ok":false,"error":"collection.sections[0].items[3].column: is not allowed on a full-width item"}"#)
    var plain = CascadeSession()
    #expect(respond(&plain, #"{"op":"load","collection":{"width":210,"sections":[{"items":[{"height":1,"column":0}]}]}}"#)
            == #"{"ok":false,"error":"collection.sections[0].items[0].column: is allowed only with keepColumns"}"#)
    #expect(respond(&plain, #"{"op":"load","collection":{"width":210,"sections":[{"keepColumns":true}]}}"#)
            == #"{"ok":false,"error":"collection.sections[0].keepColumns: is a layout-only parameter"}"#)
  }

  /// A width the session refuses after the core took it (the content height overflows) is
  /// undone with the inverse the core recorded: with `keepColumns`, every item gets back the
  /// column it remembered, though the width changed the column count and made them forget it.
  @Test func aRefusedWidthGivesBackRememberedColumns() {
    var session = CascadeSession()
    // Three columns about 1.17e306 wide: six items of 60 times that, two a column, and a
    // small one.
    let big = #"{"size":[1,60]}"#
    let items = Array(repeating: big, count: 6).joined(separator: ",") + #",{"size":[1,1]}"#
    #expect(respond(&session, #"{"op":"load","collection":{"width":3.5e306,"layout":{"minColumnWidth":1e306,"keepColumns":true},"sections":[{"items":[\#(items)]}]}}"#)
      .hasPrefix(#"{"ok":true"#))
    // Item 1 shrinks and keeps column 1, where a fresh placement would now put item 4.
    #expect(respond(&session, #"{"op":"update","section":0,"at":1,"items":[{"size":[1,1]}]}"#).hasPrefix(#"{"ok":true"#))
    let before = respond(&session, #"{"op":"layout"}"#)
    let answers = respond(&session, #"{"op":"query","rect":[0,0,3.5e306,1e308]}"#)
    // Two columns 1.45e306 wide: three of the five big items in one column overflow.
    #expect(respond(&session, #"{"op":"width","width":2.9e306}"#)
      == #"{"ok":false,"error":"the change makes the layout overflow (the content height is not finite)"}"#)
    #expect(respond(&session, #"{"op":"layout"}"#) == before)
    #expect(respond(&session, #"{"op":"query","rect":[0,0,3.5e306,1e308]}"#) == answers)
    // Each item as the session exports it, its remembered column included.
    #expect(session.layout.map { layout in (0..<7).map { layout.item(at: ItemPath(item: $0, section: 0))?.column } }
      == [0, 1, 2, 0, 1, 2, 0])
  }

  @Test func moveMoveSectionAndSectionParameters() {
    var session = CascadeSession()
    _ = respond(&session, #"{"op":"load","collection":{"width":100,"layout":{"columns":1,"itemSpacing":0},"sections":[{"items":[10,20]},{"header":5,"items":[30]}]}}"#)
    #expect(respond(&session, #"{"op":"move","from":[0,0],"to":[1,1]}"#) == #"{"ok":true,"contentSize":[100,65]}"#)
    #expect(respond(&session, #"{"op":"frame","section":1,"item":1}"#) == #"{"ok":true,"frame":[0,55,100,10]}"#)
    #expect(respond(&session, #"{"op":"moveSection","from":1,"to":0}"#) == #"{"ok":true,"contentSize":[100,65]}"#)
    #expect(respond(&session, #"{"op":"frame","section":0,"item":0}"#) == #"{"ok":true,"frame":[0,5,100,30]}"#)
    #expect(respond(&session, #"{"op":"sectionParameters","section":0,"parameters":{}}"#) == #"{"ok":true,"contentSize":[100,60]}"#)
    #expect(respond(&session, #"{"op":"sectionParameters","section":0,"parameters":{"columns":0}}"#)
            == #"{"ok":false,"error":"parameters.columns: must be an integer >= 1"}"#)
    #expect(respond(&session, #"{"op":"moveSection","from":0,"to":2}"#) == #"{"ok":false,"error":"to: index 2 out of range (0..<2)"}"#)
    #expect(respond(&session, #"{"op":"move","from":[0,5],"to":[0,0]}"#).hasPrefix(#"{"ok":false,"error":"from[1]: index 5"#))
    #expect(respond(&session, #"{"op":"move","from":[0,0],"to":[3,0]}"#).hasPrefix(#"{"ok":false,"error":"to[0]: index 3"#))
  }

  @Test func cursorsFollowTheirItemByID() throws {
    var session = CascadeSession()
    _ = respond(&session, #"{"op":"load","collection":{"width":100,"layout":{"columns":1,"itemSpacing":0},"sections":[{"items":[{"height":10,"id":"a"},{"height":10,"id":"b"},{"height":10,"id":"c"},10]}]}}"#)
    let first = try JSONParser.parse(Array(respond(&session, #"{"op":"page","rect":[0,0,100,100],"limit":2}"#).utf8))
    guard case .object(let members) = first, case .string(let cursor)? = members.first(where: { $0.key == "next" })?.value else {
      Issue.record("no cursor"); return
    }
    // Two items inserted before the cursor's item: the next page still starts after "b".
    _ = respond(&session, #"{"op":"insert","section":0,"at":0,"items":[1,2]}"#)
    #expect(respond(&session, #"{"op":"page","rect":[0,0,100,100],"limit":5,"cursor":"\#(cursor)"}"#)
            == #"{"ok":true,"elements":[{"section":0,"kind":"item","item":4,"id":"c","frame":[0,23,100,10]},{"section":0,"kind":"item","item":5,"frame":[0,33,100,10]}],"next":null}"#)
    _ = respond(&session, #"{"op":"delete","section":0,"at":3,"count":1}"#)
    #expect(respond(&session, #"{"op":"page","rect":[0,0,100,100],"limit":5,"cursor":"\#(cursor)"}"#)
            == #"{"ok":false,"error":"cursor: the cursor's item (id \"b\") was removed"}"#)
    // Another rect still rejects the cursor.
    #expect(respond(&session, #"{"op":"page","rect":[0,0,100,99],"limit":5,"cursor":"\#(cursor)"}"#).contains("another rect"))
  }

  @Test func theElementLimit() {
    var session = CascadeSession()
    session.elementLimit = 5
    #expect(respond(&session, #"{"op":"load","collection":{"width":100,"layout":{"header":1},"sections":[{"items":[1,2,3,4,5]}]}}"#)
            == #"{"ok":false,"error":"collection: the collection would hold more than 5 elements (headers and footers included)"}"#)
    #expect(respond(&session, #"{"op":"load","collection":{"width":100,"layout":{"header":1},"sections":[{"items":[1,2,3]}]}}"#).hasPrefix(#"{"ok":true"#))
    #expect(respond(&session, #"{"op":"append","section":0,"items":[1,2]}"#).hasPrefix(#"{"ok":false,"error":"the collection would hold more than 5"#))
    #expect(respond(&session, #"{"op":"sectionParameters","section":0,"parameters":{"footer":3}}"#).hasPrefix(#"{"ok":true"#))
    #expect(respond(&session, #"{"op":"append","section":0,"items":[1]}"#).hasPrefix(#"{"ok":false"#))
    #expect(respond(&session, #"{"op":"insertSection","at":0,"section":{"header":0}}"#).hasPrefix(#"{"ok":true"#))
    #expect(respond(&session, #"{"op":"insertSection","at":0,"section":{}}"#).hasPrefix(#"{"ok":false"#))
    #expect(session.layout?.numberOfItems(inSection: 1) == 3)
  }

  /// Export, then load the export: every frame and id comes back, after random changes, with
  /// and without keepColumns.
  @Test(arguments: [301, 302, 303, 304] as [UInt64])
  func exportRoundTrips(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var parameters = rng.parameters(section: false)
    parameters.keepColumns = seed % 2 == 1
    var model = DynamicWaterfall(width: rng.double(100...900), parameters: parameters)
    var layout = try WaterfallLayout(width: model.width, parameters: parameters)
    for step in 0..<120 {
      let change = rng.dynamicChange(for: model, ids: true)
      var next = model
      guard (try? next.apply(batch: [change])) != nil else { continue }
      try layout.apply([change])
      model = next
      _ = model.layOut()
      var writer = JSONWriter()
      try writer.document(layout)
      let document = try CollectionDocument(parsing: Array(writer.text.utf8))
      let loaded = try document.makeLayout()
      let same = allElements(loaded) == allElements(layout) && loaded.contentSize == layout.contentSize
        && (0..<layout.numberOfSections).allSatisfy { s in
          (0..<layout.numberOfItems(inSection: s)).allSatisfy { i in
            loaded.id(at: ItemPath(item: i, section: s)) == layout.id(at: ItemPath(item: i, section: s))
          }
        }
      #expect(same, "seed \(seed), step \(step): the export of \(writer.text) does not load back the same layout")
      if !same { return }
    }
  }
}
