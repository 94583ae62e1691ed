// The bench's loop of builds (`timeBuilds`): each build timed alone by its own two clock reads,
// after its untimed preparation, consumed, and freed before the next build is made.

import CascadeBenchKit
import Testing

/// A build that writes down when it is made and when it is freed.
private final class Build {
  let number: Int
  let log: Log
  init(_ number: Int, log: Log) {
    self.number = number
    self.log = log
    log.events.append("make \(number)")
  }
  deinit { log.events.append("free \(number)") }
}

private final class Log {
  var events: [String] = []
}

@Suite struct BuildsTests {
  @Test func eachBuildIsFreedBeforeTheNextIsMade() {
    let log = Log()
    var made = 0
    var consumed: [Int] = []
    do {
      _ = timeBuilds(
        samples: 3, k: 4, clock: { 0 }, allocations: { 0 },
        { made += 1; return Build(made, log: log) },
        consume: { $0.number * 10 }, sink: { consumed.append($0) })
    }
    let expected = (1...12).flatMap { ["make \($0)", "free \($0)"] }
    #expect(log.events == expected)
    #expect(consumed == (1...12).map { $0 * 10 })
  }

  @Test func eachBuildIsTimedByTheClockReadsAroundIt() {
    // The clock's r-th read advances it by r, so build j's two reads (the (2j + 1)-th and the
    // (2j + 2)-th, j from 0) are 2j + 2 ticks apart; each build counts 5 allocations.
    var reads: [UInt64] = []
    var t: UInt64 = 0
    var step: UInt64 = 0
    var allocated = 0
    let measured = timeBuilds(
      samples: 2, k: 3,
      clock: { step += 1; t += step; reads.append(t); return t },
      allocations: { allocated },
      { allocated += 5; return 0 },
      consume: { $0 }, sink: { _ in })
    #expect(reads.count == 12)
    let pairs = stride(from: 0, to: reads.count, by: 2).map { reads[$0 + 1] - reads[$0] }
    #expect(measured.ticks.count == 2)
    #expect(measured.ticks.flatMap { $0 } == pairs)
    #expect(pairs == [2, 4, 6, 8, 10, 12])
    #expect(measured.allocations == 30)
  }

  @Test func eachPreparationRunsBeforeItsBuildAndIsNeitherTimedNorCounted() {
    // A preparation advances the clock by 1,000 and counts 7 allocations; a build advances the
    // clock by its number and counts 1. Only the builds may show in the timings and the count.
    let log = Log()
    var t: UInt64 = 0
    var allocated = 0
    var made = 0
    var prepared = 0
    let measured = timeBuilds(
      samples: 2, k: 2, clock: { t }, allocations: { allocated },
      prepare: { prepared += 1; log.events.append("prepare \(prepared)"); t += 1_000; allocated += 7 },
      { made += 1; t += UInt64(made); allocated += 1; return Build(made, log: log) },
      consume: { $0.number }, sink: { _ in })
    let expected = (1...4).flatMap { ["prepare \($0)", "make \($0)", "free \($0)"] }
    #expect(log.events == expected)
    #expect(measured.ticks == [[1, 2], [3, 4]])
    #expect(measured.allocations == 4)
  }
}
