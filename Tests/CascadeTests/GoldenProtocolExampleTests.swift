import Testing
@testable import Cascade

@Suite struct GoldenProtocolExampleTests {
  /// The document of `Docs/Spec/Protocol.md`: width 390, one section, header 44, 3 columns.
  @Test func protocolExample() throws {
    let layout = try WaterfallLayout(width: 390, sections: [
      WaterfallSection(header: 44, columns: 3, items: [
        120, .height(80), .size(width: 400, height: 300), .height(50, span: .full),
      ]),
    ])
    let cw = (390.0 - 20) / 3
    #expect(layout.contentSize == Size(width: 390, height: 224))
    #expect(layout.layoutAttributes(for: .header(0))?.frame == Rect(x: 0, y: 0, width: 390, height: 44))
    #expect(layout.layoutAttributes(for: .item(0, section: 0))?.frame == Rect(x: 0, y: 44, width: cw, height: 120))
    #expect(layout.layoutAttributes(for: .item(1, section: 0))?.frame == Rect(x: cw + 10, y: 44, width: cw, height: 80))
    #expect(layout.layoutAttributes(for: .item(2, section: 0))?.frame
      == Rect(x: 2 * (cw + 10), y: 44, width: cw, height: 300 * cw / 400))
    #expect(layout.layoutAttributes(for: .item(3, section: 0))?.frame == Rect(x: 0, y: 174, width: 390, height: 50))
    #expect(layout.layoutAttributes(for: .footer(0)) == nil)
    let all = layout.elements(in: Rect(x: 0, y: 0, width: 390, height: 1000)).map(\.path)
    #expect(all == [.header(0), .item(0, section: 0), .item(1, section: 0), .item(2, section: 0), .item(3, section: 0)])
  }
}
