import Cascade
import CascadeC
import CascadeCHeader
import Glibc
import Testing

/// The number of mallocs this thread has made, when `Tests/Support/malloc_count.c` is preloaded
/// (`.ci/run` runs every suite whose name ends in `AllocationTests` that way, in release).
private func cMallocCount() -> UInt? {
  guard let symbol = dlsym(nil, "cascade_malloc_count") else {
    if getenv("CASCADE_REQUIRE_MALLOC_COUNT") != nil { Issue.record("the malloc counter is not preloaded") }
    return nil
  }
  typealias Count = @convention(c) () -> UInt
  return unsafeBitCast(symbol, to: Count.self)()
}

/// Steady scrolling through the C interface allocates nothing: the typed query and point, the
/// viewport's step and its four readers all reuse buffers the session and viewport keep.
@Suite struct CAllocationTests {
  @Test func steadyScrollingThroughTheCInterfaceAllocatesNothing() {
    let c = CSession()
    c.respond(#"{"op":"load","collection":{"width":1024,"layout":{"columns":4},"sections":[{}]}}"#)
    var rng = SplitMix64(seed: 41)
    let heights = (0..<50_000).map { _ in Double(rng.int(50...300)) }
    #expect(cascade_session_append_heights(c.handle, 0, heights, heights.count) == CASCADE_OK)
    let v = CViewport(c)
    var elements = [cascade_element](repeating: cascade_element(), count: 512)
    var moves = [cascade_move](repeating: cascade_move(), count: 512)
    let offsets = Array(stride(from: 0.0, through: 200_000, by: 97)) + Array(stride(from: 200_000.0, through: 0, by: -89))
    /// The total of the query and point answers, and of the viewport's lists.
    func scroll() -> (queries: Int, viewport: Int) {
      var total = 0, listed = 0
      elements.withUnsafeMutableBufferPointer { e in
        moves.withUnsafeMutableBufferPointer { m in
          for y in offsets {
            let rect = cascade_rect(x: 0, y: y, width: 1024, height: 844)
            total += cascade_session_query(c.handle, rect, e.baseAddress, e.count)
            var hit = cascade_element()
            total += Int(cascade_session_point(c.handle, 500, y + 400, &hit))
            _ = cascade_viewport_set_rect(v.handle, rect)
            listed += cascade_viewport_appeared(v.handle, e.baseAddress, e.count)
            listed += cascade_viewport_disappeared(v.handle, e.baseAddress, e.count)
            listed += cascade_viewport_moved(v.handle, m.baseAddress, m.count)
            listed += cascade_viewport_visible(v.handle, e.baseAddress, e.count)
          }
        }
      }
      return (total, listed)
    }
    let warm = scroll()
    let before = cMallocCount()
    let total = scroll()
    let after = cMallocCount()
    #expect(total.queries == warm.queries && total.queries > 0 && total.viewport > 0)
    #expect(c.status == CASCADE_OK)
    // The viewport's steps went by the window's cursors, the path a steady scroll takes.
    #expect(_CViewport._pathCounts(v.handle).cursors > offsets.count)
    // Only optimized code is worth counting: a debug build boxes and copies where -O does not.
    #if !DEBUG
    if let before, let after {
      #expect(after - before == 0, "\(after - before) mallocs in \(offsets.count) steps")
    }
    #endif
  }
}
