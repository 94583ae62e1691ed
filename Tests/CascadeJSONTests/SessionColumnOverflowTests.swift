import Cascade
import CascadeJSON
import Testing

/// Found by Tests/Fuzz's FuzzSession target: a column spacing near `Double.greatestFiniteMagnitude`
/// keeps every height finite but pushes the x of the last columns (or the width of all of them)
/// past the largest `Double`. The session used to accept such a collection, then fail every
/// `layout` and every query that met such an item ("frame is not finite"). It now refuses the
/// collection, or the change, as it refuses an infinite content height: the last column's x and
/// the width of all columns bound every item's, used or not, so no later item change can produce
/// a frame without a JSON form.
@Suite struct SessionColumnOverflowTests {
  func respond(_ session: inout CascadeSession, _ line: String) -> String { session.respond(to: Array(line.utf8)) }

  static let huge = "1.7976931348623157e308"
  static let refusedLoad = #"{"ok":false,"error":"collection.sections[0]: the columns overflow (an x or a width is not finite)"}"#
  static let refusedChange = #"{"ok":false,"error":"the change makes the columns overflow (an x or a width is not finite)"}"#

  @Test func aLoadWhoseColumnsOverflowIsRefused() {
    var session = CascadeSession()
    // Three columns: the third starts at 2 × 1.8e308.
    #expect(respond(&session, #"{"op":"load","collection":{"width":390,"layout":{"columns":3,"columnSpacing":\#(Self.huge)},"sections":[{"items":[1,2,3]}]}}"#)
      == Self.refusedLoad)
    // Even with no item in the far columns yet: an append could put one there.
    #expect(respond(&session, #"{"op":"load","collection":{"width":390,"sections":[{"columns":3,"columnSpacing":\#(Self.huge)}]}}"#)
      == Self.refusedLoad)
    #expect(session.layout == nil)
    // Two columns of such a spacing still fit (the second starts at 1.8e308), and one column
    // never uses it.
    #expect(respond(&session, #"{"op":"load","collection":{"width":390,"layout":{"columnSpacing":\#(Self.huge)},"sections":[{"items":[1,2,3]},{"columns":1,"items":[4]}]}}"#)
      == #"{"ok":true,"contentSize":[390,18]}"#)
    #expect(respond(&session, #"{"op":"layout"}"#)
      == #"{"ok":true,"contentSize":[390,18],"sections":[{"header":null,"items":[[0,0,0,1],[1.7976931348623157e+308,0,0,2],[0,11,0,3]],"footer":null},{"header":null,"items":[[0,14,390,4]],"footer":null}]}"#)
  }

  @Test func changesThatMakeColumnsOverflowAreRefusedAndChangeNothing() {
    var session = CascadeSession()
    // Two columns 1e308 apart: 0 wide at width 390, the second starting at 1e308.
    #expect(respond(&session, #"{"op":"load","collection":{"width":390,"layout":{"columnSpacing":1e308},"sections":[{"items":[1,2,3]}]}}"#)
      == #"{"ok":true,"contentSize":[390,14]}"#)
    // A width can make columns wider but never push them out: together they fill the width.
    #expect(respond(&session, #"{"op":"width","width":\#(Self.huge)}"#) == #"{"ok":true,"contentSize":[1.7976931348623157e+308,14]}"#)
    #expect(respond(&session, #"{"op":"width","width":390}"#) == #"{"ok":true,"contentSize":[390,14]}"#)
    let before = respond(&session, #"{"op":"layout"}"#)
    // A third column would start at 2e308.
    #expect(respond(&session, #"{"op":"insertSection","at":1,"section":{"columns":3,"items":[5]}}"#) == Self.refusedChange)
    #expect(respond(&session, #"{"op":"insertSection","at":0,"section":{"columns":3}}"#) == Self.refusedChange)
    #expect(respond(&session, #"{"op":"layout"}"#) == before)
    // Item changes never change columns.
    #expect(respond(&session, #"{"op":"append","section":0,"items":[{"height":1,"span":2},1,1]}"#) == #"{"ok":true,"contentSize":[390,36]}"#)
    #expect(respond(&session, #"{"op":"query","rect":[0,0,390,100]}"#).hasPrefix(#"{"ok":true,"elements":[{"#))
  }
}
