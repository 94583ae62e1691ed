import Cascade
import CascadeJSON
import CascadeTestSupport
import Testing

/// `cascade session`: every request of Docs/Spec/Protocol.md's table, run through the built executable.
///
/// The collection: W = 100, 2 columns, no spacing, so columnWidth = 50; items 10, 20, 30 go to
/// columns 0, 1, 0: (0,0,50,10), (50,0,50,20), (0,10,50,30); content height 40.
@Suite struct SessionCommandTests {
  static let load = #"{"op":"load","collection":{"width":100,"layout":{"columnSpacing":0,"itemSpacing":0},"sections":[{"items":[10,20,30]}]}}"#

  /// Runs a session on `requests` and checks its whole output against `responses`.
  func expectSession(_ requests: [String], _ responses: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try CommandRunner.run(["session"], input: requests.joined(separator: "\n") + "\n")
    #expect(result == success(responses.map { $0 + "\n" }.joined()), sourceLocation: sourceLocation)
  }

  @Test func everyChangingRequest() throws {
    try expectSession([
      Self.load,
      // 5 → column 1 at 20.
      #"{"op":"append","section":0,"items":[5]}"#,
      // [40,10,20,30,5]: 40 → c0; 10 → c1 (0); 20 → c1 (10); 30 → c1 (30); 5 → c0 (40): height 60.
      #"{"op":"insert","section":0,"at":0,"items":[40]}"#,
      #"{"op":"delete","section":0,"at":0,"count":1}"#,
      // [10,50,30,5]: 10 → c0; 50 → c1; 30 → c0 (10); 5 → c0 (40): height 50.
      #"{"op":"update","section":0,"at":1,"items":[{"height":50}]}"#,
      // Section 1 at 50: header 10, one column item 15: height 75.
      #"{"op":"insertSection","at":1,"section":{"header":10,"columns":1,"items":[15]}}"#,
      #"{"op":"frame","section":1,"item":0}"#,
      // Width 200: columnWidth 100, same columns; section 1 unchanged in height.
      #"{"op":"width","width":200}"#,
      #"{"op":"frame","section":0,"item":3}"#,
      #"{"op":"deleteSection","at":1}"#,
      #"{"op":"layout"}"#,
    ], [
      #"{"ok":true,"contentSize":[100,40]}"#,
      #"{"ok":true,"contentSize":[100,40]}"#,
      #"{"ok":true,"contentSize":[100,60]}"#,
      #"{"ok":true,"contentSize":[100,40]}"#,
      #"{"ok":true,"contentSize":[100,50]}"#,
      #"{"ok":true,"contentSize":[100,75]}"#,
      #"{"ok":true,"frame":[0,60,100,15]}"#,
      #"{"ok":true,"contentSize":[200,75]}"#,
      #"{"ok":true,"frame":[0,40,100,5]}"#,
      #"{"ok":true,"contentSize":[200,50]}"#,
      #"{"ok":true,"contentSize":[200,50],"sections":[{"header":null,"items":[[0,0,100,10],[100,0,100,50],[0,10,100,30],[0,40,100,5]],"footer":null}]}"#,
    ])
  }

  @Test func anEmptySectionStillHasItsHeaderAndFooter() throws {
    // Section 0: header 44, no items, footer at 44: height 50; the old section 0 moves to 50, so
    // 40..52 meets the header, the footer and the old items 0 (50..60) and 1 (50..70).
    try expectSession([
      Self.load,
      #"{"op":"insertSection","at":0,"section":{"header":44,"footer":6}}"#,
      #"{"op":"frame","section":1,"item":0}"#,
      #"{"op":"query","rect":[0,40,100,12]}"#,
    ], [
      #"{"ok":true,"contentSize":[100,40]}"#,
      #"{"ok":true,"contentSize":[100,90]}"#,
      #"{"ok":true,"frame":[0,50,50,10]}"#,
      #"{"ok":true,"elements":[{"section":0,"kind":"header","frame":[0,0,100,44]},{"section":0,"kind":"footer","frame":[0,44,100,6]},{"section":1,"kind":"item","item":0,"frame":[0,50,50,10]},{"section":1,"kind":"item","item":1,"frame":[50,50,50,20]}]}"#,
    ])
  }

  @Test func queryPointAndFrame() throws {
    try expectSession([
      Self.load,
      #"{"op":"insertSection","at":1,"section":{"header":10,"columns":1,"items":[15]}}"#,
      // 35..55: items 1 (0..20)? no; 2 (10..40) yes; section 1's header (40..50) and item (50..65).
      #"{"op":"query","rect":[0,35,100,20]}"#,
      #"{"op":"point","point":[75,19.5]}"#,
      #"{"op":"point","point":[75,20]}"#,
      #"{"op":"point","point":[0,40]}"#,
      #"{"op":"frame","section":0,"item":2}"#,
    ], [
      #"{"ok":true,"contentSize":[100,40]}"#,
      #"{"ok":true,"contentSize":[100,65]}"#,
      #"{"ok":true,"elements":[{"section":0,"kind":"item","item":2,"frame":[0,10,50,30]},{"section":1,"kind":"header","frame":[0,40,100,10]},{"section":1,"kind":"item","item":0,"frame":[0,50,100,15]}]}"#,
      #"{"ok":true,"element":{"section":0,"kind":"item","item":1,"frame":[50,0,50,20]}}"#,
      #"{"ok":true,"element":null}"#,
      #"{"ok":true,"element":{"section":1,"kind":"header","frame":[0,40,100,10]}}"#,
      #"{"ok":true,"frame":[0,10,50,30]}"#,
    ])
  }

  @Test func pagesFollowTheQueryAndEndWithNull() throws {
    let rect = Rect(x: 0, y: 0, width: 100, height: 100)
    let first = PageCursor(rect: rect, after: .item(1, section: 0)).token
    let second = PageCursor(rect: rect, after: .header(1)).token
    try expectSession([
      Self.load,
      #"{"op":"insertSection","at":1,"section":{"header":10,"columns":1,"items":[15]}}"#,
      #"{"op":"page","rect":[0,0,100,100],"limit":2}"#,
      #"{"op":"page","rect":[0,0,100,100],"limit":2,"cursor":"\#(first)"}"#,
      #"{"op":"page","rect":[0,0,100,100],"limit":5,"cursor":"\#(second)"}"#,
      #"{"op":"page","rect":[0,0,100,100],"limit":6,"cursor":null}"#,
    ], [
      #"{"ok":true,"contentSize":[100,40]}"#,
      #"{"ok":true,"contentSize":[100,65]}"#,
      #"{"ok":true,"elements":[{"section":0,"kind":"item","item":0,"frame":[0,0,50,10]},{"section":0,"kind":"item","item":1,"frame":[50,0,50,20]}],"next":"\#(first)"}"#,
      #"{"ok":true,"elements":[{"section":0,"kind":"item","item":2,"frame":[0,10,50,30]},{"section":1,"kind":"header","frame":[0,40,100,10]}],"next":"\#(second)"}"#,
      #"{"ok":true,"elements":[{"section":1,"kind":"item","item":0,"frame":[0,50,100,15]}],"next":null}"#,
      #"{"ok":true,"elements":[{"section":0,"kind":"item","item":0,"frame":[0,0,50,10]},{"section":0,"kind":"item","item":1,"frame":[50,0,50,20]},{"section":0,"kind":"item","item":2,"frame":[0,10,50,30]},{"section":1,"kind":"header","frame":[0,40,100,10]},{"section":1,"kind":"item","item":0,"frame":[0,50,100,15]}],"next":null}"#,
    ])
  }

  @Test func badCursorsAreRejected() throws {
    let other = PageCursor(rect: Rect(x: 0, y: 0, width: 100, height: 99), after: .item(1, section: 0)).token
    let tampered = PageCursor(rect: Rect(x: 0, y: 0, width: 100, height: 100), after: .item(1, section: 0)).token
      .replacingOccurrences(of: "0.i1.", with: "0.i2.")
    try expectSession([
      Self.load,
      #"{"op":"page","rect":[0,0,100,100],"limit":2,"cursor":"\#(other)"}"#,
      #"{"op":"page","rect":[0,0,100,100],"limit":2,"cursor":"\#(tampered)"}"#,
      #"{"op":"page","rect":[0,0,100,100],"limit":2,"cursor":"garbage"}"#,
      #"{"op":"page","rect":[0,0,100,100],"limit":2,"cursor":7}"#,
      #"{"op":"page","rect":[0,0,100,100],"limit":0}"#,
      #"{"op":"page","rect":[0,0,100],"limit":1}"#,
    ], [
      #"{"ok":true,"contentSize":[100,40]}"#,
      #"{"ok":false,"error":"cursor: not a cursor of this query (it was made for another rect)"}"#,
      #"{"ok":false,"error":"cursor: not a cursor of this query (it was made for another rect)"}"#,
      #"{"ok":false,"error":"cursor: not a cursor of this query (malformed)"}"#,
      #"{"ok":false,"error":"cursor: expected a string, got a number"}"#,
      #"{"ok":false,"error":"limit: must be an integer >= 1"}"#,
      #"{"ok":false,"error":"rect: expected [x, y, width, height], an array of 4 numbers, got an array of 3 values"}"#,
    ])
  }

  @Test func rejectedRequestsChangeNothing() throws {
    let layout = #"{"ok":true,"contentSize":[100,40],"sections":[{"header":null,"items":[[0,0,50,10],[50,0,50,20],[0,10,50,30]],"footer":null}]}"#
    try expectSession([
      #"{"op":"layout"}"#,
      #"{"op":"frame","section":0,"item":0}"#,
      Self.load,
      #"{"op":"layout"}"#,
      "not json",
      #"{"op":"append","section":0,"items":[1,2,"#,
      #"{"op":"fly"}"#,
      #"{"items":[1]}"#,
      #"{"op":"append","items":[1]}"#,
      #"{"op":"append","section":0,"items":[1],"extra":true}"#,
      #"{"op":"append","section":"0","items":[1]}"#,
      #"{"op":"append","section":0.5,"items":[1]}"#,
      #"{"op":"append","section":true,"items":[1]}"#,
      #"{"op":"append","section":2,"items":[1]}"#,
      #"{"op":"append","section":0,"items":[5,{"height":-1}]}"#,
      #"{"op":"append","section":0,"items":[5,{"size":[0,1]}]}"#,
      #"{"op":"append","section":0,"items":[5,{"height":1,"span":0}]}"#,
      #"{"op":"insert","section":0,"at":4,"items":[1]}"#,
      #"{"op":"delete","section":0,"at":1,"count":3}"#,
      #"{"op":"delete","section":-1,"at":0,"count":1}"#,
      #"{"op":"update","section":0,"at":2,"items":[1,2]}"#,
      #"{"op":"insertSection","at":2,"section":{"items":[]}}"#,
      #"{"op":"insertSection","at":1,"section":{"columns":0}}"#,
      #"{"op":"insertSection","at":1,"section":{"items":[1,true]}}"#,
      #"{"op":"deleteSection","at":1}"#,
      #"{"op":"width","width":0}"#,
      #"{"op":"width","width":1e400}"#,
      #"{"op":"width","width":false}"#,
      #"{"op":"frame","section":0,"item":3}"#,
      #"{"op":"point","point":[1,"2"]}"#,
      #"{"op":"load","collection":{"width":100,"sections":[{"items":[1,-2]}]}}"#,
      #"{"op":"load","collection":{"width":100,"layout":{"columns":1},"sections":[{"items":[1e308,1e308]}]}}"#,
      #"{"op":"append","section":0,"items":[1e308,1e308,1e308]}"#,
      #"{"op":"layout"}"#,
    ], [
      #"{"ok":false,"error":"op: no collection loaded yet; send a 'load' request first"}"#,
      #"{"ok":false,"error":"op: no collection loaded yet; send a 'load' request first"}"#,
      #"{"ok":true,"contentSize":[100,40]}"#,
      layout,
      #"{"ok":false,"error":"invalid JSON at line 1, column 1: unexpected character 'n', expected a value"}"#,
      #"{"ok":false,"error":"invalid JSON at line 1, column 41: unexpected end of input, expected a value"}"#,
      #"{"ok":false,"error":"op: unknown op 'fly' (expected one of load, append, insert, delete, update, insertSection, deleteSection, width, height, move, moveSection, sectionParameters, export, query, page, point, viewport, neighbor, frame, layout)"}"#,
      #"{"ok":false,"error":"op: required key is missing"}"#,
      #"{"ok":false,"error":"section: required key is missing"}"#,
      #"{"ok":false,"error":"extra: unknown key"}"#,
      #"{"ok":false,"error":"section: expected an integer, got a string"}"#,
      #"{"ok":false,"error":"section: expected an integer, got 0.5"}"#,
      #"{"ok":false,"error":"section: expected an integer, got a boolean"}"#,
      #"{"ok":false,"error":"section: index 2 out of range (0..<1)"}"#,
      #"{"ok":false,"error":"items[1].height: must be >= 0"}"#,
      #"{"ok":false,"error":"items[1].size: width must be > 0"}"#,
      #"{"ok":false,"error":"items[1].span: must be an integer >= 1 or full"}"#,
      #"{"ok":false,"error":"at: index 4 out of range (0..<4)"}"#,
      #"{"ok":false,"error":"count: must be in 0...2 (items 1..<3 follow 'at')"}"#,
      #"{"ok":false,"error":"section: index -1 out of range (0..<1)"}"#,
      #"{"ok":false,"error":"items: 2 items from 2 go past the section's end (3 items)"}"#,
      #"{"ok":false,"error":"at: index 2 out of range (0..<2)"}"#,
      #"{"ok":false,"error":"section.columns: must be an integer >= 1"}"#,
      #"{"ok":false,"error":"section.items[1]: expected a number or an object, got a boolean"}"#,
      #"{"ok":false,"error":"at: index 1 out of range (0..<1)"}"#,
      #"{"ok":false,"error":"width: must be > 0"}"#,
      #"{"ok":false,"error":"width: must be finite"}"#,
      #"{"ok":false,"error":"width: expected a number, got a boolean"}"#,
      #"{"ok":false,"error":"item: index 3 out of range (0..<3)"}"#,
      #"{"ok":false,"error":"point[1]: expected a number, got a string"}"#,
      #"{"ok":false,"error":"collection.sections[0].items[1]: must be >= 0"}"#,
      #"{"ok":false,"error":"collection: the layout overflows (the content height is not finite)"}"#,
      #"{"ok":false,"error":"the change makes the layout overflow (the content height is not finite)"}"#,
      layout,
    ])
  }

  @Test func blankLinesAndCarriageReturnsAndEndOfInput() throws {
    let result = try CommandRunner.run(["session"], input: "\n   \n" + Self.load + "\r\n\n" + #"{"op":"frame","section":0,"item":1}"#)
    #expect(result == success(#"{"ok":true,"contentSize":[100,40]}"# + "\n" + #"{"ok":true,"frame":[50,0,50,20]}"# + "\n"))
  }

  @Test func emptyInputEndsCleanly() throws {
    #expect(try CommandRunner.run(["session"], input: "") == success(""))
  }
}
