// The built-in distributions and the synthesized traces: deterministic per seed, and what their
// documentation promises.

import Cascade
import CascadeBenchKit
import CascadeJSON
import Foundation
import Testing

@Suite struct SynthesisTests {
  static let bounds = Size(width: 1024, height: 844)

  @Test(arguments: TraceKind.allCases)
  func tracesAreDeterministicPerSeed(kind: TraceKind) throws {
    let a = kind.synthesize(seed: 7, contentHeight: 200_000, bounds: Self.bounds)
    let b = kind.synthesize(seed: 7, contentHeight: 200_000, bounds: Self.bounds)
    let c = kind.synthesize(seed: 8, contentHeight: 200_000, bounds: Self.bounds)
    #expect(a == b)
    #expect(a.jsonLines == b.jsonLines)
    #expect(a != c)
    // What the file format promises, and what replays need.
    #expect(a.steps.count > 100)
    #expect(a.steps[0].bounds == Self.bounds)
    #expect(a.steps[0].t == 0)
    #expect(zip(a.steps, a.steps.dropFirst()).allSatisfy { $0.t < $1.t })
    let maxY = 200_000 - Self.bounds.height
    #expect(a.steps.allSatisfy { $0.offset.y >= 0 && $0.offset.y <= maxY && $0.offset.x == 0 })
    // Every t is a frame of 120 Hz, to the microsecond.
    #expect(a.steps.allSatisfy { abs($0.t * 120 - ($0.t * 120).rounded()) < 1e-3 })
    #expect(try Trace.parse(Array(a.jsonLines.utf8)) == a)
  }

  @Test func whatEachKindDoes() {
    let height = 500_000.0
    func trace(_ kind: TraceKind) -> Trace { kind.synthesize(seed: 1, contentHeight: height, bounds: Self.bounds) }
    func moves(_ t: Trace) -> [Double] { zip(t.steps, t.steps.dropFirst()).map { $1.offset.y - $0.offset.y } }

    let slow = trace(.slowRead)
    #expect(slow.steps.count == 961)
    #expect(moves(slow).allSatisfy { $0 >= 0 && $0 < 5 })

    let fling = trace(.fling)
    let flingMoves = moves(fling)
    #expect(flingMoves.max()! > 25)   // > 3,000 pt/s at some frame
    #expect(flingMoves.min()! < -25)  // the third fling goes up
    #expect(fling.steps.allSatisfy { $0.bounds == nil || $0.t == 0 })
    // The deceleration: after the peak of the first fling, each move is 0.998^(1000/120) of the one before.
    let peak = flingMoves.firstIndex(of: flingMoves.prefix(200).max()!)!
    let decay = flingMoves[peak + 2] / flingMoves[peak + 1]
    #expect(abs(decay - pow(0.998, 1000.0 / 120)) < 0.01)

    let jump = trace(.jump)
    let big = moves(jump).filter { abs($0) > 10_000 }
    #expect(big.count == 6)  // three jumps out and three back
    #expect(zip(big, big.dropFirst()).allSatisfy { ($0 > 0) != ($1 > 0) })

    let resize = trace(.resize)
    let widths = resize.resolvedBounds(initial: Self.bounds).map(\.width)
    #expect(widths.first == 1024 && widths.last == 1024)
    #expect(widths.min()! >= 512 && widths.min()! <= 820)
    #expect(resize.steps.filter { $0.bounds != nil }.count == 121)  // the first line and 2 × 60 frames
    #expect(widths.allSatisfy { $0 == $0.rounded() })
  }

  @Test(arguments: Distribution.allCases)
  func distributionsAreDeterministicPerSeed(distribution: Distribution) throws {
    let a = distribution.collection(items: 3000, seed: 11)
    let b = distribution.collection(items: 3000, seed: 11)
    let c = distribution.collection(items: 3000, seed: 12)
    #expect(a.itemCount == 3000)
    #expect(a.sections == b.sections && a.parameters == b.parameters)
    #expect(a.sections != c.sections)
    #expect(a.name == distribution.rawValue)
    // The document written for it reads back as the same collection.
    let document = try CollectionDocument(parsing: Array(a.documentJSON.utf8))
    #expect(document.width == a.width && document.parameters == a.parameters && document.sections == a.sections)
    _ = try a.makeLayout()
  }

  @Test func uniformIsTheCollectionTheBenchAlwaysMeasured() {
    var random = SplitMix64(seed: 0xCA5_CADE)
    let legacy = (0..<1000).map { _ in WaterfallItem.height(random.uniform(50, 300)) }
    let uniform = Distribution.uniform.collection(items: 1000)
    #expect(uniform.sections.count == 1 && uniform.sections[0].items == legacy)
    #expect(uniform.width == 1024 && uniform.parameters == WaterfallParameters(columns: 4))
  }

  @Test func theShapesOfTheDistributions() throws {
    let photos = Distribution.photos.collection(items: 20_000)
    var ratios: [Double] = []
    for item in photos.sections[0].items {
      guard case .size(let w, let h) = item.measure else { Issue.record("not a size item"); return }
      ratios.append(w / h)
    }
    // Around 4:3: a quarter of portraits below pulls the median a little under it (~1.26).
    #expect(median(ratios) > 1.2 && median(ratios) < 4.0 / 3)
    let portrait = Double(ratios.filter { $0 < 1 }.count) / Double(ratios.count)
    let panoramas = Double(ratios.filter { $0 > 2 }.count) / Double(ratios.count)
    #expect(portrait > 0.2 && portrait < 0.3)
    #expect(panoramas > 0.03 && panoramas < 0.07)

    let text = Distribution.text.collection(items: 5000)
    let heights = text.sections[0].items.compactMap { item -> Double? in
      if case .height(let h) = item.measure { return h }
      return nil
    }
    #expect(heights.count == 5000)
    // 24 pt of padding plus whole 18 pt lines.
    #expect(heights.allSatisfy { h in h >= 42 && (h - 24).truncatingRemainder(dividingBy: 18) == 0 })

    let mixed = Distribution.mixed.collection(items: 10_000)
    #expect(mixed.sections.count == 40)
    #expect(mixed.parameters.header == 44)
    #expect(mixed.sections.enumerated().allSatisfy { s, section in (section.parameters.footer != nil) == (s % 3 == 2) })
    let items = mixed.sections.flatMap(\.items)
    #expect(items.contains { $0.span == .full })
    #expect(items.contains { $0.span == .columns(2) })
    #expect(Set(mixed.sections.compactMap(\.parameters.columns)).isSubset(of: [2, 3, 4, 5]))
    let layout = try mixed.makeLayout()
    #expect(layout.layoutAttributes(for: .header(0)) != nil && layout.layoutAttributes(for: .footer(2)) != nil)
  }

  @Test func theSeedRecipeShape() {
    #expect(Distribution.uniform.collection(items: 1000).seedRecipeShape?.columns == 4)
    #expect(Distribution.text.collection(items: 1000).seedRecipeShape != nil)
    let photos = Distribution.photos.collection(items: 1000)
    let shape = photos.seedRecipeShape
    // Size items become heights at the column width, (1024 - 3 * 10) / 4.
    if case .size(let w, let h) = photos.sections[0].items[0].measure {
      #expect(shape?.heights[0] == h * 248.5 / w)
    }
    #expect(Distribution.mixed.collection(items: 1000).seedRecipeShape == nil)
  }
}
