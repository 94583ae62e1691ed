// `--compare`: an injected slowdown is flagged, a change within the runs' spread is not, and the
// results file reads back (this version's and the format before latency, collection and trace).

import CascadeBenchKit
import Testing

@Suite struct CompareTests {
  /// A measurement whose samples lie in `value ± value * relativeSpread`, with a per-op
  /// distribution whose p99 spread is as tight.
  func figure(
    _ name: String, _ value: Double, spread relativeSpread: Double = 0.02, n: Int = 10_000, p99: Double? = nil
  ) -> Measurement {
    let p99 = p99 ?? value * 1.5
    return Measurement(
      benchmark: name, n: n, nsPerOp: value, spread: (value * (1 - relativeSpread), value * (1 + relativeSpread)),
      allocationsPerOp: 0, unit: .perQuery, samples: 11, opsPerSample: 1000,
      latency: Latency(p50: value, p90: value * 1.2, p99: p99, max: p99 * 3, count: 11_000, opsPerTiming: 4,
                       p99Spread: (p99 * (1 - relativeSpread), p99 * (1 + relativeSpread))),
      collection: "uniform")
  }

  @Test func aThreefoldSlowdownWithASmallSpreadIsFlagged() {
    let old = [figure("query.random", 600), figure("query.scroll", 400), figure("layout.full", 20)]
    let new = [figure("query.random", 1800), figure("query.scroll", 404), figure("layout.full", 20.2)]
    let c = compare(old: old, new: new)
    #expect(c.rows.count == 3)
    let random = c.rows.first { $0.new.benchmark == "query.random" }
    #expect(random?.verdict == .slower)
    #expect(random?.ratio == 3)
    #expect(random?.p99Verdict == .slower)
    // 1% changes inside 2% spreads: not flagged.
    #expect(c.rows.first { $0.new.benchmark == "query.scroll" }?.verdict == .withinSpread)
    #expect(c.rows.first { $0.new.benchmark == "layout.full" }?.verdict == .withinSpread)
    #expect(c.flagged.map(\.new.benchmark) == ["query.random"])
    let text = markdownComparison(c, oldName: "old.json", pairs: [])
    #expect(text.contains("| query.random | 10,000 | uniform | 600.0 ns/query |"))
    #expect(text.contains("| 3.00× | **slower** |"))
    #expect(text.contains("1 of 3 figures changed beyond both runs' spread (1 slower, 0 faster, median or p99)."))
  }

  @Test func aLargeChangeWithinAWideSpreadIsNotFlagged() {
    // Twice as slow, but each run's samples range over ±60%: the ranges overlap.
    let c = compare(old: [figure("query.random", 600, spread: 0.6)], new: [figure("query.random", 1200, spread: 0.6)])
    #expect(c.rows[0].ratio == 2)
    #expect(c.rows[0].verdict == .withinSpread)
  }

  @Test func aSmallChangeOutsideTightSpreadsNeedsFivePercent() {
    // Spreads of ±0.5% do not overlap, but the change is 3%: under the 5% floor.
    let c = compare(old: [figure("query.random", 600, spread: 0.005)], new: [figure("query.random", 618, spread: 0.005)])
    #expect(c.rows[0].verdict == .withinSpread)
    let d = compare(old: [figure("query.random", 600, spread: 0.005)], new: [figure("query.random", 640, spread: 0.005)])
    #expect(d.rows[0].verdict == .slower)
  }

  @Test func speedupsAndTailsAreJudgedAlike() {
    let c = compare(
      old: [figure("query.random", 900), figure("query.scroll", 400, p99: 800)],
      new: [figure("query.random", 300), figure("query.scroll", 400, p99: 2400)])
    #expect(c.rows[0].verdict == .faster)
    #expect(c.rows[1].verdict == .withinSpread)
    #expect(c.rows[1].p99Verdict == .slower)
    #expect(c.rows[1].p99Ratio == 3)
    #expect(c.flagged.count == 2)
  }

  @Test func figuresAreMatchedByBenchmarkNCollectionAndTrace() {
    var photos = figure("query.random", 700)
    photos.collection = "photos"
    var oldFormat = figure("query.random", 600)
    oldFormat.collection = nil  // a file from before the key: the uniform collection
    let c = compare(old: [oldFormat, figure("query.random", 600, n: 100_000)], new: [figure("query.random", 610), photos])
    #expect(c.rows.count == 1)
    #expect(c.rows[0].old.n == 10_000 && c.rows[0].new.collection == "uniform")
    #expect(c.onlyNew.map(\.collection) == ["photos"])
    #expect(c.onlyOld.map(\.n) == [100_000])
  }

  @Test func theResultsFileReadsBack() throws {
    var traced = figure("trace.query", 450)
    traced.unit = .perStep
    traced.latency?.quantiles = Latency.quantileFractions.map { 100 + $0 * 1000 }
    traced.trace = TraceReplayInfo(
      name: "fling.jsonl", steps: 1101, passes: 20, budgetNs: defaultFrameBudgetNs, overBudget: 3, overBudgetWorstPass: 2,
      overBudgetEveryTime: 0, slowestStep: 846, slowestStepT: 7.55, slowestStepNs: 43_700)
    traced.note = "a \"quoted\" note"
    let results = [figure("query.random", 600.5), traced]
    let back = try readResults(Array(jsonResults(results).utf8))
    #expect(back.count == 2)
    for (a, b) in zip(results, back) {
      #expect(a.key == b.key)
      #expect(a.nsPerOp == b.nsPerOp && a.spread == b.spread && a.unit == b.unit && a.note == b.note)
      #expect(a.latency == b.latency)
      #expect(a.trace == b.trace)
    }
  }

  @Test func aFileOfTheEarlierFormatStillReads() throws {
    let old = """
      [
        {"benchmark": "query.random", "n": 10000, "nsPerOp": 602.8, "spread": [592.1, 627.7], "allocationsPerOp": 0, "unit": "ns/query", "samples": 11, "opsPerSample": 33000, "note": "x"},
        {"benchmark": "memory.bytesPerItem", "n": 1000000, "nsPerOp": 41.2, "spread": [41.2, 41.2], "bytesPerItem": 45.6, "unit": "B/item", "samples": 1, "opsPerSample": 1}
      ]
      """
    let results = try readResults(Array(old.utf8))
    #expect(results.count == 2)
    #expect(results[0].latency == nil && results[0].collection == nil && results[0].trace == nil)
    #expect(results[1].bytesPerItem == 45.6)
    let c = compare(old: results, new: [figure("query.random", 2000)])
    #expect(c.rows.count == 1 && c.rows[0].verdict == .slower && c.rows[0].p99Verdict == nil)
  }

  @Test func aFileThatIsNotResultsIsRejected() {
    #expect(throws: ResultsFileError.self) { try readResults(Array("{\"a\": 1}".utf8)) }
    #expect(throws: ResultsFileError.self) { try readResults(Array("[1,".utf8)) }
  }
}
