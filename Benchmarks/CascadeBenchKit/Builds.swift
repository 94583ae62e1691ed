// The loop that times builds and operations one at a time (`cascade-bench`'s `Bench.measureBuild`
// and `Bench.measurePrepared`): here so that the tests can hold what it promises, each build
// timed alone, after its untimed preparation, and freed before the next is made.

/// What ``timeBuilds(samples:k:clock:allocations:prepare:_:consume:sink:)`` measured: for each
/// sample, the clock's time of each of its k builds, and the allocations counted across every
/// build.
@usableFromInline package struct BuildTimings {
  /// `ticks[s][i]`: the clock's reading after build i of sample s less its reading before it.
  @usableFromInline package var ticks: [[UInt64]]
  /// The allocations counted while builds ran (the clock's reads included, none outside).
  @usableFromInline package var allocations: Int

  /// The timings `ticks` and the count `allocations`. O(1).
  @inlinable package init(ticks: [[UInt64]], allocations: Int) {
    self.ticks = ticks
    self.allocations = allocations
  }
}

/// Takes `samples` samples of `k` builds each. Each build runs `prepare()` untimed first (the
/// bench's operations that need their state put back; nothing for a build from scratch), then
/// is timed alone by two reads of `clock`, with `allocations()` read around it; after the second
/// read it is handed to `consume` and freed, before the next build is made. Freeing each build
/// before the next, rather than a sample's k builds together at its end, keeps the allocator
/// from giving the freed top of its heap back to the system in one go, which made the next
/// sample fault its memory in again (Docs/PerformanceRounds.md, round fifty-one). `consume`'s
/// results are passed to `sink`, which keeps them from being optimized away.
///
/// Inlinable, so that the bench's loop is specialized for each kind of build.
///
/// - Complexity: `samples · k` preparations and builds, plus O(samples · k) for the timings.
@inlinable
package func timeBuilds<T>(
  samples: Int, k: Int, clock: () -> UInt64, allocations: () -> Int,
  prepare: () -> Void = {}, _ body: () -> T, consume: (T) -> Int, sink: (Int) -> Void
) -> BuildTimings {
  var ticks = (0..<samples).map { _ in [UInt64](repeating: 0, count: k) }
  var allocated = 0
  for s in 0..<samples {
    for i in 0..<k {
      prepare()
      let allocationsBefore = allocations()
      let start = clock()
      let value = body()
      let elapsed = clock() &- start
      allocated += allocations() - allocationsBefore
      ticks[s][i] = elapsed
      sink(consume(value))
    }
  }
  return BuildTimings(ticks: ticks, allocations: allocated)
}
