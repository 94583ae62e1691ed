// The item limit: a section holds at most 2³¹ − 1 items, since its items are the 32-bit ids of
// its interval index. An init or a batch that would pass it is rejected before anything changes,
// with an error naming the change and the section. The tests lower the limit through the layouts'
// package initializers instead of allocating 2³¹ items.
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("Item limit")
struct ItemLimitTests {
  /// The layout error `body` throws, or `nil`.
  func error(_ body: () throws -> Void) -> LayoutError? {
    do { try body() } catch { return error as? LayoutError }
    return nil
  }

  @Test func theRealLimitIsTheIndexsIdLimit() throws {
    #expect(_maximumItemsPerSection == 2_147_483_647)
    #expect(_maximumItemsPerSection <= IntervalIndex.maximumID)
    let layout = try WaterfallLayout(width: 100, sections: [WaterfallSection(items: [1])])
    #expect(layout._storage.itemLimit == _maximumItemsPerSection)
    #expect(try ListLayout(width: 100)._storage.itemLimit == _maximumItemsPerSection)
  }

  @Test func anInitWithTooManyItemsInASectionNamesTheSection() {
    let e = error {
      _ = try WaterfallLayout(width: 100, sections: [WaterfallSection(items: [1, 2]), WaterfallSection(items: [1, 2, 3, 4])],
                              _itemLimit: 3)
    }
    #expect(e == LayoutError(.section(1), reason: .tooManyElements(limit: 3)))
    #expect(e?.description == "section 1: more than 3 items")
    let l = error {
      _ = try ListLayout(width: 100, sections: [ListSection(parameters: ListParameters(), items: [1, 2, 3, 4])], _itemLimit: 3)
    }
    #expect(l == LayoutError(.section(0), reason: .tooManyElements(limit: 3)))
    // At the limit is fine.
    #expect(error { _ = try WaterfallLayout(width: 100, sections: [WaterfallSection(items: [1, 2, 3])], _itemLimit: 3) } == nil)
  }

  @Test func everyChangeThatAddsItemsIsChecked() throws {
    var layout = try WaterfallLayout(
      width: 100, sections: [WaterfallSection(items: [1, 2]), WaterfallSection(items: [1, 2, 3])], _itemLimit: 3)
    let before = allElements(layout)
    let cases: [(WaterfallLayout.Change, LayoutError)] = [
      (.appendItems([9, 9], section: 0), LayoutError(.section(0), reason: .tooManyElements(limit: 3), changeIndex: 1)),
      (.insertItems([9], at: 0, section: 1), LayoutError(.section(1), reason: .tooManyElements(limit: 3), changeIndex: 1)),
      (.moveItem(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 1)),
       LayoutError(.section(1), reason: .tooManyElements(limit: 3), changeIndex: 1)),
      (.insertSection(WaterfallSection(items: [1, 2, 3, 4]), at: 2),
       LayoutError(.section(2), reason: .tooManyElements(limit: 3), changeIndex: 1)),
    ]
    for (change, expected) in cases {
      // A valid change first: the error names the second one, and nothing is applied.
      let e = error { try layout.apply([.setWidth(90), change]) }
      #expect(e == expected, "\(change)")
      #expect(allElements(layout) == before && layout.width == 100, "\(change) changed the layout")
    }
    #expect(error { try layout.apply(.appendItems([9], section: 0)) } == nil)  // 3 items: at the limit
  }

  @Test func theBatchIsCheckedInSequence() throws {
    var list = try ListLayout(width: 100, sections: [ListSection(parameters: ListParameters(), items: [1, 2, 3])], _itemLimit: 3)
    // Delete then append stays within the limit at every step; append then delete does not.
    #expect(error { try list.apply([.deleteItems(0..<2, section: 0), .appendItems([4, 5], section: 0)]) } == nil)
    #expect(list.numberOfItems(inSection: 0) == 3)
    let e = error { try list.apply([.appendItems([6], section: 0), .deleteItems(0..<2, section: 0)]) }
    #expect(e == LayoutError(.section(0), reason: .tooManyElements(limit: 3), changeIndex: 0))
    // A move inside a full section is fine: it never holds more than it did.
    #expect(error { try list.apply(.moveItem(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))) } == nil)
  }

  /// The check cannot overflow however many items a change claims to add.
  @Test func hugeCountsDoNotOverflowTheCheck() throws {
    let limit = _maximumItemsPerSection
    var layout = try WaterfallLayout(width: 100, sections: [WaterfallSection(items: [1])], _itemLimit: limit)
    // A limit of Int32.max with one item: adding Int32.max more passes it.
    #expect(throws: Never.self) { try layout.apply(.appendItems([], section: 0)) }
    var validator = _BatchValidator(layout._storage)
    validator.setCount(0, limit)
    #expect(throws: LayoutError.self) { try validator.grow(0, by: 1) }
    #expect(throws: LayoutError.self) { try validator.grow(0, by: Int.max) }
    #expect(throws: Never.self) { try validator.grow(0, by: 0) }
  }

  @Test func aLimitAboveTheIndexsTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = try? WaterfallLayout(width: 100, _itemLimit: IntervalIndex.maximumID + 1)
    }
  }
}
