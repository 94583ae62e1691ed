import Cascade
import CascadeJSON
import Testing

@Suite struct PageCursorTests {
  let rect = Rect(x: 0, y: 10, width: 390, height: 844)

  @Test func roundTrip() throws {
    for path in [ElementPath.header(0), .item(17, section: 3), .footer(12)] {
      let cursor = PageCursor(rect: rect, after: path)
      #expect(try PageCursor(token: cursor.token, rect: rect, at: .root.key("cursor")) == cursor)
    }
  }

  @Test func belongsToItsRect() {
    let token = PageCursor(rect: rect, after: .item(2, section: 0)).token
    var other = rect
    other.size.height += 1
    #expect(throws: JSONError(.root.key("cursor"), "not a cursor of this query (it was made for another rect)")) {
      try PageCursor(token: token, rect: other, at: .root.key("cursor"))
    }
  }

  @Test func garbageIsRejected() {
    let good = PageCursor(rect: rect, after: .item(2, section: 0)).token
    for token in ["", "x", "0.i2", "0.i2.zz", "0.q2." + good.suffix(16), "-1.i2." + good.suffix(16), "0.i-2." + good.suffix(16), good + "0"] {
      #expect(throws: JSONError(.root.key("cursor"), "not a cursor of this query (malformed)"), "\(token)") {
        try PageCursor(token: token, rect: rect, at: .root.key("cursor"))
      }
    }
  }
}
