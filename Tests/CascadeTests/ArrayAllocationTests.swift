// The build's allocation helpers (`_repeating(_:count:)` and
// `_uninitialized(count:placeholder:initializingWith:)`, Sources/Cascade/Internal/Array+Allocation.swift)
// against the standard library's `Array(repeating:count:)` and
// `Array(unsafeUninitializedCapacity:initializingWith:)`: every count on both sides of the
// placeholder limit, every number of elements initialized, and the references an array of class
// instances holds. What they cost is measured by the bench (`layout.full.smallSections`), not here.
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("Array allocation helpers")
struct ArrayAllocationTests {
  final class Tracked {}

  @Test func repeatingMatchesTheStandardLibrary() {
    for count in [-3, -1, 0, 1, 2, 7, 8, 31, 32, 33, 1000] {
      let fast = [Double]._repeating(2.5, count: count)
      let model = [Double](repeating: 2.5, count: Swift.max(0, count))
      #expect(fast == model, "count \(count)")
      #expect(fast.capacity >= fast.count, "count \(count)")
    }
    // A lane of the interval index, an element that holds arrays: each copy shares them.
    let lane = IntervalIndex._Lane(start: 0, count: 0, capacity: 0)
    let lanes = [IntervalIndex._Lane]._repeating(lane, count: 5)
    #expect(lanes.count == 5 && lanes.allSatisfy { $0 == lane })
  }

  /// `_repeating`'s sequence on its own: appended to an array whatever its room (written in
  /// place up to the room, the rest one at a time from `next()`), and iterated.
  @Test func repetitionGivesEveryCopy() {
    for count in [-2, 0, 1, 3, 17, 100] {
      let copies = Swift.max(count, 0)
      #expect(Array(Array<Double>._Repetition(value: 1.5, count: count)) == [Double](repeating: 1.5, count: copies))
      for prefix in [0, 1, 5] {
        var array = [Double](repeating: -1, count: prefix)
        for extra in [0, count / 2, count] {
          var grown = array
          grown.reserveCapacity(prefix + Swift.max(extra, 0))
          grown.append(contentsOf: Array<Double>._Repetition(value: 1.5, count: count))
          #expect(grown == array + [Double](repeating: 1.5, count: copies), "count \(count), prefix \(prefix), room for \(extra)")
        }
        array.append(contentsOf: Array<Double>._Repetition(value: 1.5, count: count))
        #expect(array.count == prefix + copies && array.dropFirst(prefix).allSatisfy { $0 == 1.5 })
      }
    }
  }

  /// Every element is a reference to the one instance, which lives exactly as long as the array.
  @Test func repeatingHoldsEachReferenceOnce() {
    weak var watched: Tracked?
    do {
      let instance = Tracked()
      watched = instance
      var array = [Tracked]._repeating(instance, count: 40)
      #expect(array.count == 40 && array.allSatisfy { $0 === instance })
      array.removeLast(39)
      #expect(watched != nil)
      withExtendedLifetime(array) {}
    }
    #expect(watched == nil, "the instance outlived its array")
  }

  /// Each count from 0 to 300 (across the limit at 64), each initialized a random number of its
  /// elements, against the standard library's initializer given the same body.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func uninitializedMatchesTheStandardLibrary(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for count in 0...300 {
      let written = [0, count, Int.random(in: 0...count, using: &rng)][Int.random(in: 0..<3, using: &rng)]
      let salt = Double(Int.random(in: 0..<1000, using: &rng))
      var room = -1
      let body = { (buffer: inout UnsafeMutableBufferPointer<Double>, initialized: inout Int) in
        room = buffer.count
        for i in 0..<written { buffer.initializeElement(at: i, to: salt + Double(i)) }
        initialized = written
      }
      let fast = [Double]._uninitialized(count: count, placeholder: -1, initializingWith: body)
      #expect(room >= count, "seed \(seed), count \(count): a buffer of \(room)")
      if count <= [Double]._placeholderLimit { #expect(room == count, "seed \(seed), count \(count): a buffer of \(room)") }
      let model = [Double](unsafeUninitializedCapacity: count, initializingWith: body)
      #expect(fast == model, "seed \(seed), count \(count), \(written) written")
      #expect(fast.count == written, "seed \(seed), count \(count)")
      // No count, no storage: the body gets an empty buffer, and the array allocated nothing.
      if count == 0 { #expect(room == 0 && fast.capacity == 0, "seed \(seed): a buffer of \(room), capacity \(fast.capacity)") }
      if fast != model { return }
    }
  }

  /// The records of a section, the elements the build allocates this way, written and read back.
  @Test func recordsKeepWhatTheBodyWrote() {
    for count in [1, 20, 32, 33, 500] {
      let records = [_ItemRecord]._uninitialized(count: count, placeholder: _ItemRecord(spanBits: 0)) { buffer, initialized in
        for i in 0..<count {
          var record = _ItemRecord(spanBits: Int32(i % 3))
          record.y = Double(i) * 10
          record.height = 5
          record.column = Int32(i % 4)
          buffer.initializeElement(at: i, to: record)
        }
        initialized = count
      }
      #expect(records.count == count)
      #expect(records.indices.allSatisfy { records[$0].y == Double($0) * 10 && records[$0].span == Int32($0 % 3) && records[$0].column == Int32($0 % 4) })
    }
  }
}
