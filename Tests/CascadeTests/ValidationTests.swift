// Every value Docs/Spec/Waterfall.md calls invalid is rejected with an error that names it, and
// nothing a caller passes traps.
import Testing
@testable import Cascade

@Suite("Validation")
struct ValidationTests {
  func message(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch { return "\(error)" }
  }

  @Test func invalidDocumentsNameTheirPlace() {
    let cases: [(String, () throws -> Void)] = [
      ("collection: width must be > 0", { _ = try WaterfallLayout(width: 0) }),
      ("collection: width must be finite", { _ = try WaterfallLayout(width: .infinity) }),
      ("layout: columns must be an integer >= 1", { _ = try WaterfallLayout(width: 10, parameters: .init(columns: 0)) }),
      ("layout: columns cannot be set together with minColumnWidth",
       { _ = try WaterfallLayout(width: 10, parameters: .init(columns: 2, minColumnWidth: 5)) }),
      ("layout: minColumnWidth must be > 0", { _ = try WaterfallLayout(width: 10, parameters: .init(minColumnWidth: 0)) }),
      ("layout: columnSpacing must be >= 0", { _ = try WaterfallLayout(width: 10, parameters: .init(columnSpacing: -1)) }),
      ("layout: itemSpacing must be finite", { _ = try WaterfallLayout(width: 10, parameters: .init(itemSpacing: .nan)) }),
      ("layout: insets.left must be >= 0",
       { _ = try WaterfallLayout(width: 10, parameters: .init(insets: EdgeInsets(top: 0, left: -2, bottom: 0, right: 0))) }),
      ("layout: tolerance must be >= 0", { _ = try WaterfallLayout(width: 10, parameters: .init(tolerance: -0.5)) }),
      ("section 1: header must be >= 0",
       { _ = try WaterfallLayout(width: 10, sections: [.init(), .init(header: -1)]) }),
      ("section 0, item 2: height must be >= 0",
       { _ = try WaterfallLayout(width: 10, sections: [.init(items: [1, 2, .height(-3)])]) }),
      ("section 2, item 17: size width must be > 0",
       { _ = try WaterfallLayout(width: 10, sections: [.init(), .init(), .init(items: Array(repeating: 1, count: 17) + [.size(width: 0, height: 1)])]) }),
      ("section 0, item 0: size height must be finite",
       { _ = try WaterfallLayout(width: 10, sections: [.init(items: [.size(width: 1, height: .infinity)])]) }),
      ("section 0, item 0: span must be an integer >= 1 or full",
       { _ = try WaterfallLayout(width: 10, sections: [.init(items: [.height(1, span: .columns(0))])]) }),
      ("section 0: minColumnWidth gives more than 65536 columns at width 1e+300",
       { _ = try WaterfallLayout(width: 1e300, sections: [WaterfallSection(parameters: .init(minColumnWidth: 1), items: [])]) }),
      ("layout: columns must be <= 65536", { _ = try WaterfallLayout(width: 10, parameters: .init(columns: Int.max)) }),
      ("layout: minColumnWidth gives more than 65536 columns at width 1e+300",
       { _ = try WaterfallLayout(width: 1e300, parameters: .init(minColumnWidth: 1), sections: [.init()]) }),
    ]
    for (expected, body) in cases { #expect(message(body) == expected) }
  }

  @Test func invalidChangesNameTheChange() throws {
    var layout = try WaterfallLayout(width: 100, sections: [.init(items: [1, 2, 3])])
    #expect(message { try layout.apply([.appendItems([1], section: 0), .appendItems([1], section: 1)]) }
      == "change 1: section 1: section index out of range (0..<1)")
    #expect(message { try layout.apply(.insertItems([1], at: 5, section: 0)) }
      == "change 0: section 0, item 5: item index out of range (0..<4)")
    #expect(message { try layout.apply(.deleteItems(2..<4, section: 0)) }
      == "change 0: section 0, item 2: 2 items from 2 out of range (0..<3)")
    #expect(message { try layout.apply(.replaceItems([1, 2], at: Int.max, section: 0)) }
      == "change 0: section 0, item \(Int.max): 2 items from \(Int.max) out of range (0..<3)")
    #expect(message { try layout.apply(.moveItem(from: ItemPath(item: 3, section: 0), to: ItemPath(item: 0, section: 0))) }
      == "change 0: section 0, item 3: item index out of range (0..<3)")
    #expect(message { try layout.apply(.setWidth(-4)) } == "change 0: collection: width must be > 0")
    #expect(message { try layout.apply([.deleteSection(at: 0), .appendItems([1], section: 0)]) }
      == "change 1: section 0: section index out of range (0..<0)")
    #expect(layout.numberOfItems(inSection: 0) == 3 && layout.numberOfSections == 1)
  }

  /// Front ends relabel errors from their structured reason instead of checking indices again.
  @Test func reasonsAreStructured() throws {
    var layout = try WaterfallLayout(width: 100, sections: [.init(items: [1, 2, 3])])
    func error(_ changes: [WaterfallLayout.Change]) -> LayoutError? {
      do throws(LayoutError) { try layout.apply(changes) } catch { return error }
      return nil
    }
    #expect(error([.insertItems([1], at: 5, section: 0)])
      == LayoutError(.item(section: 0, item: 5), reason: .indexOutOfRange(valid: 0..<4), changeIndex: 0))
    #expect(error([.appendItems([1], section: 0), .deleteSection(at: 1)])
      == LayoutError(.section(1), reason: .indexOutOfRange(valid: 0..<1), changeIndex: 1))
    #expect(error([.appendItems([1], section: 0), .deleteItems(3..<6, section: 0)])
      == LayoutError(.item(section: 0, item: 3), reason: .itemsOutOfRange(from: 3, count: 3, valid: 0..<4), changeIndex: 1))
    #expect(error([.replaceItems([.height(-1)], at: 0, section: 0)])
      == LayoutError(.item(section: 0, item: 0), field: "height", reason: .invalidValue("must be >= 0"), changeIndex: 0))
    #expect(layout.numberOfItems(inSection: 0) == 3)
  }

  @Test func hostileQueriesAnswerWithoutTrapping() throws {
    let layout = try WaterfallLayout(width: 100, sections: [.init(header: 5, items: [10, 20, 30])])
    #expect(layout.elements(in: Rect(x: .nan, y: 0, width: 10, height: 10)).isEmpty)
    #expect(layout.elements(in: Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity)).isEmpty)
    #expect(layout.elements(in: Rect(x: -.greatestFiniteMagnitude, y: -.greatestFiniteMagnitude,
                                     width: .infinity, height: .infinity)).count == 4)
    #expect(layout.elements(in: Rect(x: 0, y: 50, width: 100, height: -100)).isEmpty)
    #expect(layout.element(at: Point(x: .nan, y: 1)) == nil)
    #expect(layout.layoutAttributes(for: .item(-1, section: 0)) == nil)
    #expect(layout.layoutAttributes(for: .item(0, section: Int.min)) == nil)
    #expect(layout.item(at: ItemPath(item: 3, section: 0)) == nil)
    #expect(layout.columns(ofItem: ItemPath(item: 2, section: 0)) == 0..<1)
  }

  @Test func hugeValuesDoNotTrap() throws {
    let layout = try WaterfallLayout(width: .greatestFiniteMagnitude, parameters: .init(columns: 3), sections: [
      .init(items: [.height(.greatestFiniteMagnitude), .height(.greatestFiniteMagnitude), .size(width: .leastNonzeroMagnitude, height: 1)]),
      .init(items: [.height(1, span: .columns(Int.max))]),
    ])
    #expect(layout.numberOfItems == 4)
    _ = layout.elements(in: Rect(x: 0, y: 0, width: 10, height: 10))
    _ = layout.element(at: Point(x: 1, y: 1))
  }

  /// A repeated id names the first item that has it, in an earlier section past sections without
  /// ids; the ids of a valid collection, sections with and without them mixed, are all found.
  @Test func idsAreUniqueAcrossSectionsAndIndexed() throws {
    func item(_ height: Double, _ id: ItemID?) -> WaterfallItem {
      var item = WaterfallItem.height(height)
      item.id = id
      return item
    }
    var sections = [
      WaterfallSection(parameters: WaterfallParameters(), items: [item(10, nil), item(20, nil)]),
      WaterfallSection(parameters: WaterfallParameters(), items: [item(10, .int(7)), item(20, nil), item(30, "a"), item(40, .int(-7))]),
      WaterfallSection(parameters: WaterfallParameters(), items: [item(10, nil)]),
      WaterfallSection(parameters: WaterfallParameters(), items: []),
      WaterfallSection(parameters: WaterfallParameters(), items: [item(10, "b"), item(20, "7")]),
    ]
    let layout = try WaterfallLayout(width: 300, parameters: WaterfallParameters(columns: 2), sections: sections)
    let expected: [(ItemID, ItemPath)] = [
      (.int(7), ItemPath(item: 0, section: 1)), ("a", ItemPath(item: 2, section: 1)), (.int(-7), ItemPath(item: 3, section: 1)),
      ("b", ItemPath(item: 0, section: 4)), ("7", ItemPath(item: 1, section: 4)),
    ]
    for (id, path) in expected { #expect(layout.path(forID: id) == path, "\(id)") }
    #expect(layout.path(forID: .int(8)) == nil && layout.path(forID: "c") == nil)

    sections[4].items.append(item(30, "a"))
    #expect(throws: LayoutError(.item(section: 4, item: 2), field: "id", reason: .duplicateID("a", first: ItemPath(item: 2, section: 1)))) {
      try WaterfallLayout(width: 300, parameters: WaterfallParameters(columns: 2), sections: sections)
    }
    // The first repeat in collection order is the one named.
    sections[2].items.append(item(20, .int(-7)))
    #expect(throws: LayoutError(.item(section: 2, item: 1), field: "id", reason: .duplicateID(.int(-7), first: ItemPath(item: 3, section: 1)))) {
      try WaterfallLayout(width: 300, parameters: WaterfallParameters(columns: 2), sections: sections)
    }
  }
}
