// Replays are deterministic (same trace, same collection, same answers, pass after pass), the
// core and the view see the same elements, and width changes re-lay the collection out.

import Cascade
import CascadeBenchKit
import CascadeGallery
import CascadeView
import Testing

@Suite struct ReplayTests {
  static let collection = Distribution.mixed.collection(items: 3000, seed: 5)

  func contentHeight(_ c: BenchCollection) throws -> Double { try c.makeLayout().contentSize.height }

  /// Every step's answer (element paths) through the core.
  func coreAnswers(_ collection: BenchCollection, _ trace: Trace) throws -> [[ElementPath]] {
    var replay = try CoreTraceReplay(collection: collection, trace: trace)
    var answers: [[ElementPath]] = []
    for i in 0..<replay.stepCount {
      let count = try replay.step(i)
      #expect(count == replay.answer.count)
      answers.append(replay.answer.map(\.path))
    }
    return answers
  }

  @Test(arguments: TraceKind.allCases)
  func theCoreReplayIsDeterministic(kind: TraceKind) throws {
    let c = Self.collection
    let trace = kind.synthesize(seed: 3, contentHeight: try contentHeight(c), bounds: Size(width: c.width, height: 844))
    let first = try coreAnswers(c, trace)
    let second = try coreAnswers(c, trace)
    #expect(first == second)
    #expect(first.count == trace.steps.count)
    #expect(first.allSatisfy { !$0.isEmpty })
    // Pass after pass on one replay (reset in between), as the bench runs it.
    var replay = try CoreTraceReplay(collection: c, trace: trace)
    for _ in 0..<2 {
      try replay.reset()
      for i in 0..<replay.stepCount {
        _ = try replay.step(i)
        #expect(replay.answer.map(\.path) == first[i])
      }
    }
  }

  @Test(arguments: [TraceKind.fling, .jump, .resize])
  func theViewSeesWhatTheCoreSees(kind: TraceKind) throws {
    let c = Self.collection
    let trace = kind.synthesize(seed: 4, contentHeight: try contentHeight(c), bounds: Size(width: c.width, height: 844))
    let core = try coreAnswers(c, trace)
    func viewAnswers() throws -> [[ElementPath]] {
      let replay = try ViewTraceReplay(collection: c, trace: trace)
      try replay.reset()
      var answers: [[ElementPath]] = []
      for i in 0..<replay.stepCount {
        let count = try replay.step(i)
        #expect(count == replay.view.numberOfDisplayedElements)
        answers.append(replay.view.displayedElements.map(\.attributes.path))
      }
      return answers
    }
    let first = try viewAnswers()
    #expect(first == (try viewAnswers()))
    // No overscan: the displayed elements are the rect query's answer.
    #expect(first == core)
  }

  @Test func widthChangesRelayTheCollectionOut() throws {
    let c = Distribution.photos.collection(items: 2000, seed: 2)
    let trace = TraceKind.resize.synthesize(seed: 9, contentHeight: try contentHeight(c), bounds: Size(width: c.width, height: 844))
    var replay = try CoreTraceReplay(collection: c, trace: trace)
    #expect(replay.viewports.widthChanges == 120)
    for i in 0..<replay.stepCount {
      _ = try replay.step(i)
      let rect = replay.viewports.rects[i]
      #expect(replay.layout.width == rect.width)
      if i % 20 == 0 {
        // The same answer as a layout made from scratch at that width.
        let fresh = try c.makeLayout(width: rect.width)
        #expect(replay.answer == fresh.elements(in: rect))
      }
    }
    try replay.reset()
    #expect(replay.layout.width == c.width)
  }

  @Test func aTraceAtAnotherWidthLaysTheCollectionOutAtIt() throws {
    let c = Distribution.uniform.collection(items: 1000)
    let trace = Trace(steps: [
      TraceStep(t: 0, offset: Point(x: 0, y: 0), bounds: Size(width: 390, height: 844)),
      TraceStep(t: 0.1, offset: Point(x: 0, y: 500)),
    ])
    var core = try CoreTraceReplay(collection: c, trace: trace)
    #expect(core.layout.width == 390)
    _ = try core.step(1)
    #expect(core.answer == (try c.makeLayout(width: 390)).elements(in: Rect(x: 0, y: 500, width: 390, height: 844)))
    let view = try ViewTraceReplay(collection: c, trace: trace)
    #expect(view.view.layout.width == 390)
    // A trace without bounds: the collection's width by 844.
    let bare = try CoreTraceReplay(collection: c, trace: Trace(steps: [TraceStep(t: 0, offset: Point(x: 0, y: 10))]))
    #expect(bare.viewports.rects == [Rect(x: 0, y: 10, width: 1024, height: 844)])
  }

  @Test func aRecordedGallerySessionReplays() throws {
    // The gallery's recorder, on a fake clock, as `cascade-gallery --record-trace` runs it.
    var time = 100.0
    var text = ""
    let gallery = try Gallery(columns: 80, rows: 24, seed: 1)
    let recorder = TraceRecorder(clock: { time }) { text += $0 }
    gallery.traceRecorder = recorder
    for key: GalleryKey in [.down, .down, .pageDown, .resize, .down, .end, .home, .up] {
      time += 0.125
      try gallery.handle(key)
    }
    time += 0.5
    try gallery.resizeTerminal(columns: 100, rows: 30)
    #expect(recorder.lineCount == 9)  // the first state, 7 moves (`up` at the top moves nothing), the resize
    let trace = try Trace.parse(Array(text.utf8))
    #expect(trace.steps.count == 9)
    #expect(trace.steps[0] == TraceStep(t: 0, offset: Point(x: 0, y: 0), bounds: Size(width: 640, height: 368)))
    #expect(trace.steps[1] == TraceStep(t: 0.125, offset: Point(x: 0, y: 16)))
    #expect(trace.steps[4].bounds == Size(width: 480, height: 368))  // `r`: three quarters of the width
    #expect(trace.steps.last?.bounds == Size(width: 600, height: 464))
    #expect(trace.steps.last?.t == 1.5)
    // It replays over any collection, deterministically.
    let c = Distribution.text.collection(items: 2000)
    #expect(try coreAnswers(c, trace) == coreAnswers(c, trace))
  }
}
