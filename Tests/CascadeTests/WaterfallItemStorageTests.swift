// `WaterfallItem` keeps its four properties (two enums, two optionals) packed in five fields, 56
// bytes where the enums and optionals took 80. What it must keep: every property reads back what
// was written, through the initializer or the setters, in any order; `==` and `hash(into:)` say
// exactly what a struct of the four properties would say; and the test a layout makes for the
// items it checks in full (`_isRare`: an id or a column) holds exactly for them, as the test a
// document's reader makes of an item (`_isValid`) says what the whole validation says.
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("WaterfallItem storage")
struct WaterfallItemStorageTests {
  /// The item as the four properties, each its own enum or optional: the representation the
  /// packed one replaced, and the model its `==` and hash must follow.
  struct Model: Hashable {
    var measure: WaterfallItem.Measure
    var span: WaterfallItem.Span
    var id: ItemID?
    var column: Int?

    init(_ item: WaterfallItem) {
      self.init(measure: item.measure, span: item.span, id: item.id, column: item.column)
    }

    init(measure: WaterfallItem.Measure, span: WaterfallItem.Span, id: ItemID?, column: Int?) {
      self.measure = measure
      self.span = span
      self.id = id
      self.column = column
    }
  }

  /// Whether the packed fields are what the properties say: unused fields 0, each flag set
  /// exactly when its case is.
  static func violation(_ item: WaterfallItem) -> String? {
    switch item.measure {
    case .height:
      if item._flags & WaterfallItem._sizeFlag != 0 || item._second != 0 { return "a height item keeps a size's fields" }
    case .size:
      if item._flags & WaterfallItem._sizeFlag == 0 { return "a size item without its flag" }
    }
    if case .full = item.span, item._columns != 0 { return "a full span keeps a column count" }
    if (item._flags & WaterfallItem._columnFlag != 0) != (item.column != nil) { return "the column flag disagrees" }
    if item.column == nil && item._column != 0 { return "no column, but a column kept" }
    if item._isRare != (item.id != nil || item.column != nil) { return "the full check's test disagrees" }
    if item._flags & ~(WaterfallItem._sizeFlag | WaterfallItem._fullFlag | WaterfallItem._columnFlag) != 0 {
      return "unknown flags \(item._flags)"
    }
    return nil
  }

  @Test func fiftySixBytes() {
    #expect(MemoryLayout<WaterfallItem>.stride == 56)
  }

  @Test func everyPropertyReadsBackWhatWasWritten() {
    let item = WaterfallItem(.size(width: 4, height: 3), span: .full, id: "a", column: 2)
    #expect(item.measure == .size(width: 4, height: 3))
    #expect(item.span == .full)
    #expect(item.id == "a")
    #expect(item.column == 2)
    #expect(Self.violation(item) == nil)

    var other = item
    other.measure = .height(7)
    other.span = .columns(3)
    other.id = nil
    other.column = nil
    #expect(other.measure == .height(7))
    #expect(other.span == .columns(3))
    #expect(other.id == nil)
    #expect(other.column == nil)
    #expect(Self.violation(other) == nil)
    // Written back to the plain case, it is the item made plainly.
    #expect(other == WaterfallItem(.height(7), span: .columns(3)))
    #expect(other.hashValue == WaterfallItem(.height(7), span: .columns(3)).hashValue)

    let defaults = WaterfallItem.height(5)
    #expect(defaults.span == .columns(1) && defaults.id == nil && defaults.column == nil)
    #expect(WaterfallItem(integerLiteral: 5) == defaults)
    #expect(WaterfallItem(floatLiteral: 5) == defaults)
    #expect(WaterfallItem.size(width: 2, height: 1, span: .columns(2), id: 9, column: 0)
      == WaterfallItem(.size(width: 2, height: 1), span: .columns(2), id: .int(9), column: 0))
  }

  /// Values a layout rejects are still kept as written (it names them in its errors), and the
  /// edges of each field's range survive: no value is taken for a sentinel.
  @Test func edgeValuesAreKept() {
    let cases: [(WaterfallItem.Measure, WaterfallItem.Span, ItemID?, Int?)] = [
      (.height(0), .columns(0), .int(0), 0),
      (.height(-0.0), .columns(Int.min), .string(""), Int.min),
      (.height(-1), .columns(Int.max), .int(Int64.min), Int.max),
      (.size(width: 0, height: 0), .columns(-1), .int(Int64.max), -1),
      (.size(width: .infinity, height: -.infinity), .full, nil, nil),
      (.height(.greatestFiniteMagnitude), .columns(1), .string("a long id, past the fifteen bytes of a small string"), 0),
    ]
    for (measure, span, id, column) in cases {
      let item = WaterfallItem(measure, span: span, id: id, column: column)
      #expect(Model(item) == Model(measure: measure, span: span, id: id, column: column), "\(measure) \(span) \(String(describing: id)) \(String(describing: column))")
      #expect(Self.violation(item) == nil)
    }
    // -0 and +0 are equal and hash alike, as `Double`'s are; a NaN is equal to nothing.
    #expect(WaterfallItem.height(-0.0) == WaterfallItem.height(0))
    #expect(WaterfallItem.height(-0.0).hashValue == WaterfallItem.height(0).hashValue)
    #expect(WaterfallItem.height(.nan) != WaterfallItem.height(.nan))
    #expect(WaterfallItem.size(width: 1, height: .nan) != WaterfallItem.size(width: 1, height: .nan))
    // A height item is never a size item of the same numbers, nor `.full` a span of 0.
    #expect(WaterfallItem.height(0) != WaterfallItem.size(width: 0, height: 0))
    #expect(WaterfallItem(.height(1), span: .full) != WaterfallItem(.height(1), span: .columns(0)))
    #expect(WaterfallItem(.height(1), column: 0) != WaterfallItem(.height(1)))
  }

  /// `_isValid`, which tests a one-column item with no id and no column on its fields' bits, says
  /// what ``WaterfallItem/validate(at:)`` says for every item of a grid of edge values: every
  /// measure of them, every kind of span, id and column, valid or not.
  @Test func isValidAgreesWithValidation() {
    let numbers: [Double] = [
      0, -0.0, 1, 2.5, -3, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
      -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, .signalingNaN,
    ]
    let measures = numbers.map(WaterfallItem.Measure.height)
      + numbers.flatMap { w in numbers.map { h in WaterfallItem.Measure.size(width: w, height: h) } }
    let spans: [WaterfallItem.Span] = [.columns(1), .columns(2), .columns(0), .columns(-1), .columns(Int.max), .full]
    let ids: [ItemID?] = [nil, .int(0), .int(Int64.min), .string(""), .string("a")]
    let columns: [Int?] = [nil, 0, 3, -1]
    var fast = 0
    for measure in measures {
      for span in spans {
        for id in ids {
          for column in columns {
            let item = WaterfallItem(measure, span: span, id: id, column: column)
            let validates = (try? item.validate(at: .collection)) != nil
            #expect(item._isValid == validates, "\(measure) \(span) \(String(describing: id)) \(String(describing: column))")
            if item._oneColumnMeasure != nil { fast += 1 }
          }
        }
      }
    }
    // The fast test took every one-column item with no id and no column: a measure of each.
    #expect(fast == measures.count)
  }

  /// Random items, changed a property at a time, each compared after every change with the
  /// model: the properties, `==` and hash against another item and its model, and the fields.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomChangesAgreeWithTheModel(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    func measure() -> WaterfallItem.Measure {
      let values: [Double] = [0, -0.0, 1, 2.5, -3, .infinity]
      let a = values[rng.int(0...values.count - 1)], b = values[rng.int(0...values.count - 1)]
      return rng.chance(0.5) ? .height(a) : .size(width: a, height: b)
    }
    func span() -> WaterfallItem.Span { rng.chance(0.3) ? .full : .columns(rng.int(-1...3)) }
    func id() -> ItemID? {
      switch rng.int(0...3) {
      case 0: nil
      case 1: .int(Int64(rng.int(-2...2)))
      case 2: .string(rng.chance(0.5) ? "a" : "b")
      default: .string("")
      }
    }
    func column() -> Int? { rng.chance(0.5) ? nil : rng.int(-1...2) }
    var items = (0..<2).map { _ in WaterfallItem(measure(), span: span(), id: id(), column: column()) }
    var models = items.map(Model.init)
    for step in 0..<2_000 {
      let k = rng.int(0...1)
      switch rng.int(0...4) {
      case 0: let m = measure(); items[k].measure = m; models[k].measure = m
      case 1: let s = span(); items[k].span = s; models[k].span = s
      case 2: let i = id(); items[k].id = i; models[k].id = i
      case 3: let c = column(); items[k].column = c; models[k].column = c
      default:
        let (m, s, i, c) = (measure(), span(), id(), column())
        items[k] = WaterfallItem(m, span: s, id: i, column: c)
        models[k] = Model(measure: m, span: s, id: i, column: c)
      }
      let context = "seed \(seed), step \(step)"
      #expect(Model(items[k]) == models[k], "\(context)")
      #expect(Self.violation(items[k]) == nil, "\(context): \(Self.violation(items[k]) ?? "")")
      #expect((items[0] == items[1]) == (models[0] == models[1]), "\(context)")
      if models[0] == models[1] {
        #expect(items[0].hashValue == items[1].hashValue, "\(context)")
      }
    }
  }
}
