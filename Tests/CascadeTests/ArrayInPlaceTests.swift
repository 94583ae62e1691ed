// The in-place array edits of the scroll step's hot paths (`_insertMoving(_:at:)`,
// `_removeMoving(at:)`, `_removeAllKeepingCapacity()`, Sources/Cascade/Internal/Array+InPlace.swift)
// against the standard library's `insert(_:at:)`, `remove(at:)` and `removeAll()`, the count set
// in place (`_setCount(_:filler:)`) against `removeLast(_:)` and `append(contentsOf:)`, and the
// in-place read (`_unsafeElements`) against the array's own elements: golden cases
// by hand, then seeded random sequences of edits on an array of class instances, where after
// every edit the order must match the model's and the number of live instances must be the
// array's count (a move that copied or lost an element would leak or free one). The seed and the
// edit are printed on failure.
import Testing
@testable import Cascade
import CascadeTestSupport

@Suite("In-place array edits")
struct ArrayInPlaceTests {
  /// Counts the live instances of `Tracked`.
  final class Census {
    var live = 0
  }

  /// An element whose copies are references: the census counts instances, not copies.
  final class Tracked {
    let id: Int
    let census: Census
    init(_ id: Int, _ census: Census) {
      self.id = id
      self.census = census
      census.live += 1
    }
    deinit { census.live -= 1 }
  }

  @Test func goldenEdits() {
    var a = [10, 20, 30]
    a._insertMoving(5, at: 0)
    #expect(a == [5, 10, 20, 30])
    a._insertMoving(25, at: 3)
    #expect(a == [5, 10, 20, 25, 30])
    a._insertMoving(40, at: 5)
    #expect(a == [5, 10, 20, 25, 30, 40])
    a._removeMoving(at: 0)
    #expect(a == [10, 20, 25, 30, 40])
    a._removeMoving(at: 2)
    #expect(a == [10, 20, 30, 40])
    a._removeMoving(at: 3)
    #expect(a == [10, 20, 30])
    let capacity = a.capacity
    a._removeAllKeepingCapacity()
    #expect(a.isEmpty && a.capacity == capacity)
    var one = [7]
    one._removeAllKeepingCapacity()
    #expect(one.isEmpty)
    var empty: [Int] = []
    empty._removeAllKeepingCapacity()
    #expect(empty.isEmpty)
    var single: [Int] = []
    single._insertMoving(1, at: 0)
    #expect(single == [1])
  }

  @Test func goldenReadsInPlace() {
    let empty: [Int] = []
    #expect(empty._unsafeElements.count == 0)
    let a = [3, 1, 4, 1, 5]
    #expect(Array(a._unsafeElements) == [3, 1, 4, 1, 5])
    // The array's own buffer, not a copy.
    a.withUnsafeBufferPointer { #expect($0.baseAddress == a._unsafeElements.baseAddress) }
    var b = a
    b._removeMoving(at: 0)
    #expect(Array(b._unsafeElements) == [1, 4, 1, 5])
    #expect(Array(a._unsafeElements) == [3, 1, 4, 1, 5])
  }

  /// `_setCount(_:filler:)` by hand: each of its four paths (up or down, by at most eight or by
  /// more), none when the count is the same, all in the buffer the array had.
  @Test func goldenSetCount() {
    var a: [Double] = [1, 2, 3]
    a.reserveCapacity(40)
    let buffer = a.withUnsafeBufferPointer { $0.baseAddress }
    a._setCount(5, filler: 0)
    #expect(a == [1, 2, 3, 0, 0])
    a._setCount(30, filler: 9)
    #expect(a == [1, 2, 3, 0, 0] + Array(repeating: 9, count: 25))
    a._setCount(28, filler: 0)
    #expect(a == [1, 2, 3, 0, 0] + Array(repeating: 9, count: 23))
    a._setCount(2, filler: 0)
    #expect(a == [1, 2])
    a._setCount(2, filler: 7)
    #expect(a == [1, 2])
    #expect(a.withUnsafeBufferPointer { $0.baseAddress } == buffer)
    a._setCount(0, filler: 0)
    #expect(a.isEmpty && a.capacity >= 40)
    var empty: [Double] = []
    empty._setCount(3, filler: 4)
    #expect(empty == [4, 4, 4])
  }

  /// `_setCount(_:filler:)` against the model's `removeLast(_:)` and `append(contentsOf:)`,
  /// over seeded random counts, near the current one and far from it; the buffer is kept
  /// whenever it has the room.
  @Test(arguments: [7, 8, 9] as [UInt64])
  func randomSetCountsMatchTheStandardLibrary(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var fast: [Int] = [], model: [Int] = []
    for step in 0..<2000 {
      let near = Bool.random(using: &rng)
      let count = near
        ? Swift.max(0, model.count + Int.random(in: -9...9, using: &rng))
        : Int.random(in: 0...200, using: &rng)
      let filler = step
      let capacity = fast.capacity
      let buffer = fast.withUnsafeBufferPointer { $0.baseAddress }
      fast._setCount(count, filler: filler)
      if count < model.count {
        model.removeLast(model.count - count)
      } else {
        model.append(contentsOf: repeatElement(filler, count: count - model.count))
      }
      #expect(fast == model, "seed \(seed), step \(step): to \(count)")
      if count <= capacity && capacity > 0 {
        #expect(fast.withUnsafeBufferPointer { $0.baseAddress } == buffer,
                "seed \(seed), step \(step): to \(count) within a capacity of \(capacity) moved the buffer")
      }
      if fast != model { return }
    }
  }

  /// An array shared with a copy is not written through: the copy keeps its elements.
  @Test func copiesAreNotChanged() {
    var a = [1, 2, 3, 4]
    let copy = a
    a._insertMoving(0, at: 0)
    a._removeMoving(at: 2)
    #expect(a == [0, 1, 3, 4])
    #expect(copy == [1, 2, 3, 4])
    let copy2 = a
    a._removeAllKeepingCapacity()
    #expect(a.isEmpty && copy2 == [0, 1, 3, 4])
    var b = copy2
    b._setCount(2, filler: 0)
    b._setCount(12, filler: 5)
    #expect(b == [0, 1] + Array(repeating: 5, count: 10))
    #expect(copy2 == [0, 1, 3, 4])
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func randomEditsMatchTheStandardLibrary(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let census = Census()
    do {
      var fast: [Tracked] = []
      var model: [Int] = []
      var next = 0
      for step in 0..<3000 {
        let roll = Int.random(in: 0..<100, using: &rng)
        let what: String
        if roll < 50 || model.isEmpty {
          // Mostly at the ends, as a scroll edits; anywhere otherwise.
          let i = Bool.random(using: &rng) ? model.count : Int.random(in: 0...model.count, using: &rng)
          what = "insert \(next) at \(i) of \(model.count)"
          fast._insertMoving(Tracked(next, census), at: i)
          model.insert(next, at: i)
          next += 1
        } else if roll < 97 {
          let i = Bool.random(using: &rng) ? 0 : Int.random(in: 0..<model.count, using: &rng)
          what = "remove at \(i) of \(model.count)"
          fast._removeMoving(at: i)
          model.remove(at: i)
        } else {
          what = "remove all \(model.count)"
          let capacity = fast.capacity
          fast._removeAllKeepingCapacity()
          model.removeAll()
          #expect(fast.capacity == capacity, "seed \(seed), step \(step): \(what): the capacity went")
        }
        #expect(fast.map(\.id) == model, "seed \(seed), step \(step): \(what)")
        #expect(fast._unsafeElements.map(\.id) == model, "seed \(seed), step \(step): \(what): the read in place")
        #expect(census.live == model.count, "seed \(seed), step \(step): \(what): \(census.live) live for \(model.count)")
        if fast.map(\.id) != model || fast._unsafeElements.map(\.id) != model || census.live != model.count { return }
      }
    }
    // Every instance freed with the array.
    #expect(census.live == 0, "seed \(seed)")
  }
}
