import CascadeTestSupport
import Testing

/// `cascade layout` and `cascade query` on documents whose frames were worked out by hand from
/// Docs/Spec/Waterfall.md.
@Suite struct LayoutCommandTests {
  /// Two sections. Section 0: W = 200, insets 5/10/5/10, header 30, footer 20, 2 columns,
  /// spacing 10: A = 180, columnWidth = 85, x = 10 and 105, top = 35.
  /// 50 → col 0 (35); 30 → col 1 (35); size 90×45 → 42.5 high, col 1 (75); full 10 at
  /// max(95, 127.5) = 127.5; 40 → col 0 (147.5). bottom 187.5, end 192.5, footer to 212.5.
  /// Section 1 (one column, no header or footer, no insets) starts at 212.5.
  static let document = """
    {"width": 200,
     "layout": {"columns": 2, "columnSpacing": 10, "itemSpacing": 10,
                "insets": {"top": 5, "left": 10, "bottom": 5, "right": 10}, "header": 30, "footer": 20},
     "sections": [
       {"items": [50, {"height": 30}, {"size": [90, 45]}, {"height": 10, "span": "full"}, 40]},
       {"columns": 1, "header": 0, "footer": 0, "insets": {}, "items": [25]}
     ]}
    """

  @Test func layoutPrintsEveryFrame() throws {
    let result = try CommandRunner.run(["layout"], input: Self.document)
    #expect(result == success("""
      {"contentSize":[200,237.5],"sections":[{"header":[0,0,200,30],"items":[[10,35,85,50],[105,35,85,30],\
      [105,75,85,42.5],[10,127.5,180,10],[10,147.5,85,40]],"footer":[0,192.5,200,20]},\
      {"header":null,"items":[[0,212.5,200,25]],"footer":null}]}

      """))
  }

  @Test func layoutReadsAFile() throws {
    let path = NSTemporaryDirectoryPath() + "/cascade-layout-\(UInt32.random(in: 0...UInt32.max)).json"
    try Self.document.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fromFile = try CommandRunner.run(["layout", path])
    let fromInput = try CommandRunner.run(["layout"], input: Self.document)
    #expect(fromFile == fromInput)
    #expect(fromFile.status == 0)
  }

  @Test func theProtocolExample() throws {
    // columnWidth = (390 - 20) / 3; the size item is 300 * columnWidth / 400 = 92.5 high.
    let document = """
      {"width": 390,
       "layout": {"columns": 2, "columnSpacing": 10, "itemSpacing": 10,
                  "insets": {"top": 0, "left": 0, "bottom": 0, "right": 0},
                  "header": 0, "footer": 0, "order": "shortestFirst", "tolerance": 0},
       "sections": [{"header": 44, "columns": 3,
                     "items": [120, {"height": 80}, {"size": [400, 300]}, {"height": 50, "span": "full"}]}]}
      """
    let cw = (390.0 - 20) / 3
    let result = try CommandRunner.run(["layout"], input: document)
    #expect(result == success("""
      {"contentSize":[390,224],"sections":[{"header":[0,0,390,44],"items":[[0,44,\(cw),120],\
      [\(cw + 10),44,\(cw),80],[\(2 * (cw + 10)),44,\(cw),92.5],[0,174,390,50]],"footer":null}]}

      """))
  }

  @Test func queryAnswersInSpecOrder() throws {
    let result = try CommandRunner.run(["query", "--rect", "0,100,200,50"], input: Self.document)
    #expect(result == success("""
      {"elements":[{"section":0,"kind":"item","item":2,"frame":[105,75,85,42.5]},\
      {"section":0,"kind":"item","item":3,"frame":[10,127.5,180,10]},\
      {"section":0,"kind":"item","item":4,"frame":[10,147.5,85,40]}]}

      """))
  }

  @Test func queryAcrossASectionBoundary() throws {
    // 190..220 holds section 0's footer (192.5..212.5) and section 1's item (212.5..237.5).
    let result = try CommandRunner.run(["query", "--rect=0,190,200,30"], input: Self.document)
    #expect(result == success("""
      {"elements":[{"section":0,"kind":"footer","frame":[0,192.5,200,20]},\
      {"section":1,"kind":"item","item":0,"frame":[0,212.5,200,25]}]}

      """))
  }

  @Test func queryWithNothingInside() throws {
    let result = try CommandRunner.run(["query", "--rect", "0,500,200,50"], input: Self.document)
    #expect(result == success("{\"elements\":[]}\n"))
  }

  @Test func adaptiveColumnsAndOrders() throws {
    // A = 300, minColumnWidth 90, spacing 10: floor(310 / 100) = 3 columns of (300 - 20) / 3.
    // rightToLeft: items go to columns 2, 1, 0, 2.
    let document = """
      {"width": 300, "layout": {"minColumnWidth": 90, "itemSpacing": 0, "order": "rightToLeft"},
       "sections": [{"items": [10, 20, 30, 40]}]}
      """
    let cw = 280.0 / 3
    let result = try CommandRunner.run(["layout"], input: document)
    #expect(result == success("""
      {"contentSize":[300,50],"sections":[{"header":null,"items":[[\(2 * (cw + 10)),0,\(cw),10],\
      [\(cw + 10),0,\(cw),20],[0,0,\(cw),30],[\(2 * (cw + 10)),10,\(cw),40]],"footer":null}]}

      """))
  }
}

import Foundation

private func NSTemporaryDirectoryPath() -> String { NSTemporaryDirectory() }
