// The buffer forms of the rect query (`elements(in:into:)`) and of the viewport query with pinned
// headers write their answers straight into the buffer's spare capacity, and answer again on a
// larger buffer when the answers do not fit. Whatever the capacity, whatever the buffer held
// before, and when another array shares the buffer's storage, they must give what the closure
// form gives, after what the buffer held, and leave the other array as it was.
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("Query buffers")
struct QueryBufferTests {
  /// What a buffer holds before a query: elements no query gives (negative sections).
  static func held(_ n: Int) -> [LayoutAttributes] {
    (0..<n).map { LayoutAttributes(path: .header(-1 - $0), frame: Rect(x: Double($0), y: 0, width: 1, height: 1), zIndex: 7) }
  }

  /// The answers of `query` into buffers holding `before`, with every spare capacity from none
  /// to a little more than `expected` needs, and shared with another array or not; each
  /// difference from `before + expected`, or a change to the other array, is an issue.
  static func checkCapacities(
    _ expected: [LayoutAttributes], before: [LayoutAttributes], _ note: String,
    _ query: (inout [LayoutAttributes]) -> Void
  ) {
    let spares = Set([0, 1, expected.count - 1, expected.count, expected.count + 1, expected.count + 5]).filter { $0 >= 0 }
    for spare in spares.sorted() {
      for sharing in [false, true] {
        var buffer = before
        buffer.reserveCapacity(before.count + spare)
        let other = sharing ? buffer : []
        query(&buffer)
        #expect(buffer == before + expected, "\(note), spare \(spare), sharing \(sharing)")
        if sharing { #expect(other == before, "\(note): the array sharing the buffer changed") }
      }
    }
  }

  @Test(arguments: [41, 42, 43] as [UInt64])
  func everyCapacityGivesTheClosuresAnswers(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<6 {
      let model = rng.reference(sections: 1...4, items: 0...120)
      let sections = model.sections.map { WaterfallSection(parameters: $0.parameters, items: $0.items) }
      var layouts = [
        try model.layout(),
        try WaterfallLayout(width: model.width, parameters: model.parameters, sections: sections, direction: .rightToLeft),
      ]
      // Horizontal when the items allow it (a size item needs a height > 0 there).
      if let horizontal = try? WaterfallLayout(height: model.width, parameters: model.parameters, sections: sections) {
        layouts.append(horizontal)
      }
      for (l, layout) in layouts.enumerated() {
        for q in 0..<12 {
          let rect = rng.rect(in: layout.contentSize)
          let note = "seed \(seed), round \(round), layout \(l), query \(q), rect \(rect)"
          var expected: [LayoutAttributes] = []
          layout.forEachElement(in: rect, after: nil) { expected.append($0); return true }
          let before = Self.held(rng.int(0...3))
          Self.checkCapacities(expected, before: before, note) { layout.elements(in: rect, into: &$0) }
          // The pinned viewport against the same query into a fresh array, which grows it.
          let pinned = layout.elements(inViewport: rect, pinningHeaders: true)
          Self.checkCapacities(pinned, before: before, note + ", pinned") {
            layout.elements(inViewport: rect, pinningHeaders: true, into: &$0)
          }
        }
      }
    }
  }

  /// The answers as a sequence of their own (`_Answers`), iterated rather than appended, give
  /// the buffer form's answers, and leave the flag that says a run did not fit unset.
  @Test func answersIteratedOnTheirOwn() throws {
    var rng = SplitMix64(seed: 44)
    let layout = try rng.reference(sections: 2...4, items: 10...200).layout()
    let storage = layout._storage
    for _ in 0..<20 {
      let rect = rng.rect(in: layout.contentSize)
      var expected: [LayoutAttributes] = []
      layout.elements(in: rect, into: &expected)
      var full = false
      // The views read `storage`, a constant alive for the whole loop, as the layout's queries do.
      let iterated = withUnsafeMutablePointer(to: &full) { full in
        let query = _SectionedLayout<_Section>._RectQuery(
          storage.sections._unsafeElements, storage.origins._view, rect, _Presentation(.vertical, .leftToRight),
          contentWidth: 0)
        var answers: [LayoutAttributes] = []
        for answer in _Answers(query, full: full) { answers.append(answer) }
        return answers
      }
      #expect(iterated == expected, "rect \(rect)")
      #expect(!full)
    }
  }

  @Test func thousandsOfAnswersGrowAnEmptyBuffer() throws {
    // 5,000 items of height 10 in two columns, all in the rect: the buffer grows from nothing,
    // the query answering again at each doubling.
    let layout = try WaterfallLayout(
      width: 100, parameters: WaterfallParameters(columns: 2),
      sections: [WaterfallSection(header: 5, footer: 5, items: Array(repeating: 10, count: 5_000))])
    let all = Rect(x: 0, y: 0, width: 100, height: layout.contentSize.height)
    var buffer: [LayoutAttributes] = []
    layout.elements(in: all, into: &buffer)
    #expect(buffer.count == 5_002)
    #expect(buffer.first?.path == .header(0) && buffer.last?.path == .footer(0))
    #expect(buffer.dropFirst().dropLast().map(\.path) == (0..<5_000).map { .item($0, section: 0) })
  }

  /// A sink that counts the answers it takes while a copy of it shares its storage: a query
  /// that copies the sink it visits with (rather than moving it) makes a sink holding a buffer
  /// copy that buffer on its next answer, once a section, quadratic over a query's sections.
  struct CopyCountingSink: _ElementSink {
    final class Storage { var answers: [LayoutAttributes] = [] }
    var storage = Storage()
    var takenShared = 0
    mutating func take(_ attributes: LayoutAttributes) -> Bool {
      if !isKnownUniquelyReferenced(&storage) { takenShared += 1 }
      storage.answers.append(attributes)
      return true
    }
  }

  /// The sink is moved through the query, never copied: through the id blocks' scan (small
  /// sections) and the interval index (sections too tall for the scan: one lane, three lanes
  /// answered densely, and, under a narrow rect, four lanes merged by scanning their heads and
  /// ten by a heap), from the start and after a cursor. Every answer is taken by a sink no copy
  /// shares, and the answers are the closure form's.
  @Test func theSinkIsMovedNotCopied() throws {
    var sections = (0..<300).map { s in
      WaterfallSection(items: (0..<(s % 7 + 1)).map { .height(Double(10 + ($0 * 7 + s) % 23)) })
    }
    for columns in [1, 3, 4, 10] {
      sections.append(WaterfallSection(
        parameters: WaterfallParameters(columns: columns), items: (0..<(columns == 1 ? 600 : 3000)).map { .height(Double(5 + $0 % 17)) }))
    }
    let layout = try WaterfallLayout(width: 390, parameters: WaterfallParameters(columns: 3), sections: sections)
    for (rect, after) in [
      (Rect(x: 0, y: 0, width: 390, height: layout.contentSize.height), nil),
      (Rect(x: 100, y: 50, width: 40, height: layout.contentSize.height), ElementPath.item(2, section: 5)),
    ] as [(Rect, ElementPath?)] {
      var sink = CopyCountingSink()
      _SectionedLayout<_Section>._query(
        layout._storage.sections._unsafeElements, layout._storage.origins._view, rect, after: after, into: &sink)
      var expected: [LayoutAttributes] = []
      layout.forEachElement(in: rect, after: after) { expected.append($0); return true }
      #expect(sink.storage.answers == expected && expected.count > 1000, "\(rect): \(expected.count) answers")
      #expect(sink.takenShared == 0, "\(rect): \(sink.takenShared) answers taken by a sink a copy shared")
    }
  }
}
