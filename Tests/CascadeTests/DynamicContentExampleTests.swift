// The example of Docs/DynamicContent.md, verbatim.
import Testing
import Cascade

@Test func dynamicContentExample() throws {
  var layout = try WaterfallLayout(
    width: 210, parameters: WaterfallParameters(columns: 2, keepColumns: true),
    sections: [WaterfallSection(items: [.height(100, id: "a"), .height(50, id: "b"), .height(30, id: "c")])])
  try layout.apply(.replaceItems([200], at: 1, section: 0))
  let c = layout.path(forID: "c")!
  #expect(c == ItemPath(item: 2, section: 0))
  #expect(layout.layoutAttributesForItem(at: c)!.frame == Rect(x: 110, y: 210, width: 100, height: 30))
  #expect(layout.id(at: ItemPath(item: 1, section: 0)) == "b")
}
