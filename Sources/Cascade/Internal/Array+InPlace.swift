// Small in-place edits of arrays, for the scroll step's hot paths (the visible window here, the
// collection view's displayed set and buffers in CascadeView): an insertion or a removal that
// moves the elements after it in one memory move, and an emptying that keeps the capacity. The
// standard library's `insert(_:at:)`, `remove(at:)` and `removeAll(keepingCapacity:)` go through
// the general `replaceSubrange`, about 100 to 230 instructions a call even for one element
// (callgrind, round five); these are a uniqueness check, an append or a removal at the end, and
// the move. And the elements as a buffer pointer without a closure (`_unsafeElements`), for reads
// of an array that the caller borrows. `package`: shared by the package's modules, not part of
// the library's API.

extension Array {
  /// `insert(element, at: i)`, for `i` in `0 ... count`: appended, then moved down to `i` while
  /// the elements from `i` on move up by one (moved, not copied: no retain or release).
  ///
  /// - Complexity: O(count - i), amortized.
  @inlinable @inline(__always)
  package mutating func _insertMoving(_ element: consuming Element, at i: Int) {
    precondition(i >= 0 && i <= count, "index out of range")
    append(element)
    let last = count - 1
    if i == last { return }
    withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      let moved = (base + last).move()
      (base + i + 1).moveInitialize(from: base + i, count: last - i)
      (base + i).initialize(to: moved)
    }
  }

  /// `remove(at: i)`, the result dropped, for `i` in `0 ..< count`: the elements after `i` move
  /// down by one (moved, not copied), and the removed one is destroyed from the end.
  ///
  /// - Complexity: O(count - i).
  @inlinable @inline(__always)
  package mutating func _removeMoving(at i: Int) {
    precondition(i >= 0 && i < count, "index out of range")
    let last = count - 1
    if i != last {
      withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress!
        let removed = (base + i).move()
        (base + i).moveInitialize(from: base + i + 1, count: last - i)
        (base + last).initialize(to: removed)
      }
    }
    removeLast()
  }

  /// `removeAll(keepingCapacity: true)`, skipped when the array is empty already (the call
  /// costs about a hundred instructions even then), and with one or two elements (a scroll
  /// step's lists) done by `removeLast()`. `count`, not `isEmpty`: `Array` takes `isEmpty` from
  /// `Collection`, which unspecialized code reaches through witness tables.
  ///
  /// - Complexity: O(count).
  @inlinable @inline(__always)
  package mutating func _removeAllKeepingCapacity() {
    let n = count
    if n == 0 { return }
    if n <= 2 {
      removeLast()
      if n == 2 { removeLast() }
    } else {
      removeAll(keepingCapacity: true)
    }
  }

  /// Makes the array `newCount` elements long, in the buffer it has when it holds that alone
  /// and has the room (otherwise in one new buffer of the size the standard library's
  /// `append(contentsOf:)` makes): elements removed from the end, or copies of `filler` appended. The
  /// elements it keeps are left as they are. For an array about to be rewritten whole, such as
  /// an index's samples in a relayout: `removeAll(keepingCapacity:)` and then
  /// `append(contentsOf:)`, each through the general `replaceSubrange` or a sequence, cost
  /// about a hundred instructions a call (callgrind), and a width change of a feed made eight
  /// of them a section.
  ///
  /// - Complexity: O(|`newCount` − `count`|), amortized.
  @inlinable @inline(__always)
  package mutating func _setCount(_ newCount: Int, filler: Element) {
    precondition(newCount >= 0, "negative count")
    var n = count
    if newCount < n {
      if n - newCount > 8 {
        removeSubrange(newCount...)
      } else {
        while n > newCount {
          removeLast()
          n -= 1
        }
      }
    } else if newCount > n {
      // Past the capacity, in one allocation of the size needed, not doubled one append at a time.
      if newCount - n > 8 || newCount > capacity {
        append(contentsOf: repeatElement(filler, count: newCount - n))
      } else {
        while n < newCount {
          append(filler)
          n += 1
        }
      }
    }
  }

  /// The elements as a buffer pointer, read in place: what `withUnsafeBufferPointer` lends its
  /// closure, without the closure, and without the retain and release of the array's buffer
  /// that the compiler puts around that closure when the array is an element of another array
  /// or a class's stored property (about 45 instructions a call: callgrind, round six).
  ///
  /// The pointer is valid only while the array is neither mutated nor released: the caller
  /// reads through it only while it borrows the array (a parameter, a `let`, or a stored
  /// property that nothing writes meanwhile). (An array is always contiguous on Linux, so the
  /// address is never `nil` but for an empty array's.)
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package var _unsafeElements: UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: _baseAddressIfContiguous, count: count)
  }
}
