import Cascade
import CascadeJSON
import Testing

/// The session's orientation, direction, `height`, `viewport` and `neighbor` requests.
@Suite struct PresentationSessionTests {
  func respond(_ session: inout CascadeSession, _ line: String) -> String {
    session.respond(to: Array(line.utf8))
  }

  let horizontal = #"{"op":"load","collection":{"height":100,"layout":{"orientation":"horizontal","direction":"rtl"},"sections":[{"header":20,"items":[30,40,{"size":[2,1]}]}]}}"#

  @Test func horizontalDocumentAndHeight() {
    var session = CascadeSession()
    #expect(respond(&session, horizontal) == #"{"ok":true,"contentSize":[150,100]}"#)
    #expect(respond(&session, #"{"op":"frame","section":0,"item":2}"#) == #"{"ok":true,"frame":[0,0,90,45]}"#)
    #expect(respond(&session, #"{"op":"height","height":210}"#) == #"{"ok":true,"contentSize":[260,210]}"#)
    #expect(respond(&session, #"{"op":"width","width":210}"#)
      == #"{"ok":false,"error":"width: cannot be set on a horizontal collection (it has a height)"}"#)
    var vertical = CascadeSession()
    _ = respond(&vertical, #"{"op":"load","collection":{"width":100}}"#)
    #expect(respond(&vertical, #"{"op":"height","height":210}"#)
      == #"{"ok":false,"error":"height: cannot be set on a vertical collection (it has a width)"}"#)
  }

  /// An export keeps the orientation, the direction and the height, so loading it gives every
  /// frame back, remembered columns and ids included.
  @Test func exportOfAHorizontalRightToLeftCollectionLoadsBack() throws {
    var session = CascadeSession()
    let load = #"{"op":"load","collection":{"height":300,"layout":{"orientation":"horizontal","direction":"rtl","keepColumns":true,"columns":3},"sections":[{"header":20,"items":[{"height":50,"id":"a"},{"size":[4,3],"id":7,"column":1},30,{"height":40,"span":2}]},{"footer":9,"columns":2,"items":[12,{"height":8,"span":"full"}]}]}}"#
    #expect(respond(&session, load).hasPrefix(#"{"ok":true"#))
    _ = respond(&session, #"{"op":"update","section":0,"at":0,"items":[{"height":90}]}"#)
    let layout = respond(&session, #"{"op":"layout"}"#)
    let export = respond(&session, #"{"op":"export"}"#)
    #expect(export.contains(#""height":300,"layout":{"columns":3,"keepColumns":true,"orientation":"horizontal","direction":"rtl"}"#), "\(export)")
    guard let start = export.range(of: #""collection":"#)?.upperBound else { Issue.record("\(export)"); return }
    let document = String(export[start...].dropLast())
    var reloaded = CascadeSession()
    #expect(respond(&reloaded, #"{"op":"load","collection":\#(document)}"#).hasPrefix(#"{"ok":true"#))
    #expect(respond(&reloaded, #"{"op":"layout"}"#) == layout)
  }

  @Test func documentErrors() {
    var session = CascadeSession()
    #expect(respond(&session, #"{"op":"load","collection":{"width":100,"layout":{"orientation":"horizontal"}}}"#)
      == #"{"ok":false,"error":"collection.width: a horizontal collection has a height, not a width"}"#)
    #expect(respond(&session, #"{"op":"load","collection":{"width":100,"height":100}}"#)
      == #"{"ok":false,"error":"collection.height: a vertical collection has a width, not a height (set layout.orientation to \"horizontal\")"}"#)
    #expect(respond(&session, #"{"op":"load","collection":{"width":100,"layout":{"direction":"RTL"}}}"#)
      == #"{"ok":false,"error":"collection.layout.direction: unknown direction 'RTL' (expected one of ltr, rtl)"}"#)
    #expect(respond(&session, #"{"op":"load","collection":{"width":100,"layout":{"orientation":"Horizontal"}}}"#)
      == #"{"ok":false,"error":"collection.layout.orientation: unknown orientation 'Horizontal' (expected one of vertical, horizontal)"}"#)
    #expect(respond(&session, #"{"op":"load","collection":{"width":100,"sections":[{"direction":"rtl"}]}}"#)
      == #"{"ok":false,"error":"collection.sections[0].direction: belongs to the layout only, not to a section"}"#)
    #expect(respond(&session, #"{"op":"load","collection":{"height":100,"layout":{"orientation":"horizontal"},"sections":[{"items":[{"size":[2,0]}]}]}}"#)
      == #"{"ok":false,"error":"collection.sections[0].items[0].size: height must be > 0 in a horizontal collection"}"#)
  }

  @Test func viewportPinsHeaders() {
    var session = CascadeSession()
    _ = respond(&session, #"{"op":"load","collection":{"width":100,"layout":{"columns":1},"sections":[{"header":20,"footer":10,"items":[100]},{"header":20,"items":[100]}]}}"#)
    #expect(respond(&session, #"{"op":"viewport","rect":[0,110,100,50],"pinHeaders":true}"#) == #"{"ok":true,"elements":[{"section":0,"kind":"header","frame":[0,100,100,20]},{"section":0,"kind":"item","item":0,"frame":[0,20,100,100]},{"section":0,"kind":"footer","frame":[0,120,100,10]},{"section":1,"kind":"header","frame":[0,130,100,20]},{"section":1,"kind":"item","item":0,"frame":[0,150,100,100]}]}"#)
    #expect(respond(&session, #"{"op":"viewport","rect":[0,110,100,50]}"#) == respond(&session, #"{"op":"query","rect":[0,110,100,50]}"#))
    #expect(respond(&session, #"{"op":"viewport","rect":[0,110,100,50],"pinHeaders":1}"#)
      == #"{"ok":false,"error":"pinHeaders: must be true or false"}"#)
  }

  @Test func neighbor() {
    var session = CascadeSession()
    _ = respond(&session, horizontal)
    // rtl horizontal: item 0 at x 100, item 1 below it at x 90, item 2 at x 0 (the left).
    #expect(respond(&session, #"{"op":"neighbor","section":0,"item":0,"direction":"left"}"#)
      == #"{"ok":true,"element":{"section":0,"kind":"item","item":2,"frame":[0,0,90,45]}}"#)
    #expect(respond(&session, #"{"op":"neighbor","section":0,"item":0,"direction":"right"}"#) == #"{"ok":true,"element":null}"#)
    #expect(respond(&session, #"{"op":"neighbor","section":0,"item":0,"direction":"Up"}"#)
      == #"{"ok":false,"error":"direction: unknown direction 'Up' (expected one of up, down, left, right)"}"#)
    #expect(respond(&session, #"{"op":"neighbor","section":0,"item":9,"direction":"up"}"#)
      == #"{"ok":false,"error":"item: index 9 out of range (0..<3)"}"#)
  }

  @Test func unknownOpListsTheNewRequests() {
    var session = CascadeSession()
    #expect(respond(&session, #"{"op":"fly"}"#).contains("width, height, move, moveSection, sectionParameters, export, query, page, point, viewport, neighbor, frame, layout"))
  }
}
