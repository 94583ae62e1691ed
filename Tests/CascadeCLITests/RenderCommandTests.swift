import Foundation
import CascadeTestSupport
import Testing

/// `cascade render`: the SVG holds what the layout holds.
@Suite struct RenderCommandTests {
  static let document = """
    {"width": 200, "layout": {"columnSpacing": 10, "itemSpacing": 10, "header": 20, "footer": 10},
     "sections": [{"items": [50, 30, {"height": 10, "span": "full"}]}, {"columns": 3, "items": [40]}]}
    """

  @Test func drawsEveryElement() throws {
    let result = try CommandRunner.run(["render", "--svg", "-"], input: Self.document)
    #expect(result.status == 0 && result.stderr.isEmpty)
    let svg = result.stdout
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"248\" height=\"246\""))
    #expect(svg.hasSuffix("</g>\n</svg>\n"))
    // Section 0: header (0,0,200,20); items (0,20,95,50) column 0, (105,20,95,30) column 1,
    // full-width (0,80,200,10); footer (0,90,200,10). Section 1 starts at 100: header 20,
    // item 40, footer 10, so 70 high. The drawing adds 24 around and a 28-point title.
    #expect(svg.contains("<rect class=\"band\" x=\"0\" y=\"0\" width=\"200\" height=\"100\" fill=\"#f1f5f9\"/>"))
    #expect(svg.contains("<rect class=\"band\" x=\"0\" y=\"100\" width=\"200\" height=\"70\" fill=\"#e2e8f0\"/>"))
    #expect(svg.contains("<rect class=\"header\" x=\"1\" y=\"1\" width=\"198\" height=\"18\" rx=\"4\" fill=\"#334155\"/>"))
    #expect(svg.contains("<rect class=\"item\" x=\"1\" y=\"21\" width=\"93\" height=\"48\" rx=\"4\" fill=\"#8ecae6\"/>"))
    #expect(svg.contains("<rect class=\"item\" x=\"106\" y=\"21\" width=\"93\" height=\"28\" rx=\"4\" fill=\"#ffb703\"/>"))
    #expect(svg.contains("<rect class=\"item\" x=\"1\" y=\"81\" width=\"198\" height=\"8\" rx=\"4\" fill=\"#cbd5e1\"/>"))
    #expect(svg.contains("<rect class=\"footer\" x=\"1\" y=\"91\" width=\"198\" height=\"8\" rx=\"4\" fill=\"#475569\"/>"))
    #expect(svg.contains(">header 1</text>") && svg.contains(">footer 0</text>"))
    #expect(svg.components(separatedBy: "<rect class=\"item\"").count - 1 == 4)
    #expect(!svg.contains("class=\"viewport\""))
  }

  @Test func drawsTheViewportAndHighlightsWhatItShows() throws {
    let path = NSTemporaryDirectory() + "cascade-render-\(UInt32.random(in: 0...UInt32.max)).svg"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try CommandRunner.run(["render", "--svg", path, "--rect", "0,60,200,30"], input: Self.document)
    #expect(result == success(""))
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(svg.contains("<rect class=\"viewport\" x=\"0\" y=\"60\" width=\"200\" height=\"30\""))
    // 60..90 shows item 0 (20..70) and the full-width item (80..90), not item 1 (20..50).
    #expect(svg.contains("<rect class=\"item\" x=\"1\" y=\"21\" width=\"93\" height=\"48\" rx=\"4\" fill=\"#8ecae6\" stroke=\"#dc2626\" stroke-width=\"2\"/>"))
    #expect(svg.contains("<rect class=\"item\" x=\"106\" y=\"21\" width=\"93\" height=\"28\" rx=\"4\" fill=\"#ffb703\" fill-opacity=\"0.35\"/>"))
    // And header 0, pinned at min(60, 90 - 20) = 60: three elements seen.
    #expect(svg.contains("viewport (0, 60, 200, 30): 3 elements"))
    #expect(svg.contains("<rect class=\"pinned-header\" x=\"1\" y=\"61\" width=\"198\" height=\"18\""))
  }

  @Test func drawsHorizontalRightToLeftCollectionsAndPinnedHeaders() throws {
    let document = """
      {"height": 100, "layout": {"orientation": "horizontal", "direction": "rtl"},
       "sections": [{"header": 20, "items": [30, 40, {"size": [2, 1]}]}]}
      """
    let result = try CommandRunner.run(["render", "--svg", "-", "--rect", "40,0,60,100"], input: document)
    #expect(result.status == 0 && result.stderr.isEmpty)
    let svg = result.stdout
    // Content 150 × 100; the band spans it; frames mirrored: header at x 130, item 2 at x 0.
    #expect(svg.contains("<rect class=\"band\" x=\"0\" y=\"0\" width=\"150\" height=\"100\""))
    #expect(svg.contains("<rect class=\"header\" x=\"131\" y=\"1\" width=\"18\" height=\"98\""))
    #expect(svg.contains("<rect class=\"item\" x=\"1\" y=\"1\" width=\"88\" height=\"43\""))
    // Pinned to the viewport's right edge: 100 - 20 = 80.
    #expect(svg.contains("<rect class=\"pinned-header\" x=\"81\" y=\"1\" width=\"18\" height=\"98\""))
  }

  /// One column, no spacing: section 0 is a header (0..<20), items 20..<120 and 120..<220, a
  /// footer 220..<230; section 1 starts at 230.
  static let pinnedDocument = """
    {"width": 200, "layout": {"columns": 1, "itemSpacing": 0, "header": 20, "footer": 10},
     "sections": [{"items": [100, 100]}, {"items": [100, 100, 100]}]}
    """

  @Test func countsAndOutlinesWhatAViewerSeesWithPinnedHeaders() throws {
    // Viewport 100..<200: items 0 and 1, and header 0 pinned at min(100, 220 - 20) = 100.
    let result = try CommandRunner.run(["render", "--svg", "-", "--rect", "0,100,200,100"], input: Self.pinnedDocument)
    #expect(result.status == 0 && result.stderr.isEmpty)
    let svg = result.stdout
    #expect(svg.contains("viewport (0, 100, 200, 100): 3 elements"))
    #expect(svg.contains("<rect class=\"pinned-header\" x=\"1\" y=\"101\" width=\"198\" height=\"18\" rx=\"4\" fill=\"#334155\" stroke=\"#dc2626\" stroke-width=\"2\"/>"))
    // The header at its own place is not where the viewer sees it: faded, not outlined.
    #expect(svg.contains("<rect class=\"header\" x=\"1\" y=\"1\" width=\"198\" height=\"18\" rx=\"4\" fill=\"#334155\" fill-opacity=\"0.35\"/>"))
    #expect(svg.contains("<rect class=\"item\" x=\"1\" y=\"121\" width=\"198\" height=\"98\" rx=\"4\" fill=\"#8ecae6\" stroke=\"#dc2626\" stroke-width=\"2\"/>"))
    // Drawn above the items: after the sections.
    let pinned = try #require(svg.range(of: "class=\"pinned-header\""))
    let lastItem = try #require(svg.range(of: "class=\"item\"", options: .backwards))
    #expect(pinned.lowerBound > lastItem.lowerBound)
    // Viewport 0..<100: header 0 at its own place, outlined there, and no pinned copy.
    let top = try CommandRunner.run(["render", "--svg", "-", "--rect", "0,0,200,100"], input: Self.pinnedDocument).stdout
    #expect(top.contains("viewport (0, 0, 200, 100): 2 elements"))
    #expect(top.contains("<rect class=\"header\" x=\"1\" y=\"1\" width=\"198\" height=\"18\" rx=\"4\" fill=\"#334155\" stroke=\"#dc2626\" stroke-width=\"2\"/>"))
    #expect(!top.contains("pinned-header"))
    // Viewport 215..<315: header 0 pushed up to 200..<220 by its footer, still seen over item 1;
    // header 1 at its own place, 230..<250.
    let between = try CommandRunner.run(["render", "--svg", "-", "--rect", "0,215,200,100"], input: Self.pinnedDocument).stdout
    #expect(between.contains("<rect class=\"pinned-header\" x=\"1\" y=\"201\" width=\"198\" height=\"18\""))
    #expect(between.contains("<rect class=\"header\" x=\"1\" y=\"231\" width=\"198\" height=\"18\" rx=\"4\" fill=\"#334155\" stroke=\"#dc2626\""))
    #expect(between.contains("viewport (0, 215, 200, 100): 5 elements"))
  }

  @Test func drawsRightToLeftVerticalCollectionsMirrored() throws {
    let document = """
      {"width": 200, "layout": {"direction": "rtl", "columnSpacing": 10, "itemSpacing": 10}, "sections": [{"items": [50, 30]}]}
      """
    let svg = try CommandRunner.run(["render", "--svg", "-"], input: document).stdout
    // Two columns of 95: column 0 mirrored to x 105, column 1 to x 0; colours stay by column.
    #expect(svg.contains("<rect class=\"item\" x=\"106\" y=\"1\" width=\"93\" height=\"48\" rx=\"4\" fill=\"#8ecae6\"/>"))
    #expect(svg.contains("<rect class=\"item\" x=\"1\" y=\"1\" width=\"93\" height=\"28\" rx=\"4\" fill=\"#ffb703\"/>"))
  }

  @Test func drawsHorizontalCollectionsWithHeadersPinnedAlongX() throws {
    // Rows of 45 (100 high, 2 rows, 10 apart); section 0: header 0..<20, item 0 in row 0 at
    // 20..<50, item 1 in row 1 at 20..<60, item 2 in row 0 at 50..<100; section 1 from 100.
    let document = """
      {"height": 100, "layout": {"orientation": "horizontal", "header": 20, "itemSpacing": 0},
       "sections": [{"items": [30, 40, 50]}, {"items": [60]}]}
      """
    let result = try CommandRunner.run(["render", "--svg", "-", "--rect", "30,0,40,100"], input: document)
    #expect(result.status == 0 && result.stderr.isEmpty)
    let svg = result.stdout
    #expect(svg.contains("180 × 100 · 2 sections · 4 items"))
    #expect(svg.contains("<rect class=\"band\" x=\"100\" y=\"0\" width=\"80\" height=\"100\""))
    #expect(svg.contains("<rect class=\"item\" x=\"21\" y=\"1\" width=\"28\" height=\"43\" rx=\"4\" fill=\"#8ecae6\" stroke=\"#dc2626\""))
    #expect(svg.contains("<rect class=\"item\" x=\"21\" y=\"56\" width=\"38\" height=\"43\" rx=\"4\" fill=\"#ffb703\" stroke=\"#dc2626\""))
    // Header 0 pinned at the viewport's left edge, min(30, 100 - 20) = 30; four elements seen.
    #expect(svg.contains("<rect class=\"pinned-header\" x=\"31\" y=\"1\" width=\"18\" height=\"98\""))
    #expect(svg.contains("viewport (30, 0, 40, 100): 4 elements"))
  }

  @Test func refusesAHorizontalCollectionWhoseWidthOverflows() throws {
    let document = #"{"height": 100, "layout": {"orientation": "horizontal", "columns": 1}, "sections": [{"items": [1e308, 1e308]}]}"#
    #expect(try CommandRunner.run(["render", "--svg", "-"], input: document)
      == failure("the content size is not finite (the sizes overflow)"))
  }
}
