// New arrays for the build's many small buffers, allocated the cheap way.
//
// On Linux, `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:initializingWith:)`
// allocate through the standard library's `_allocateBufferUninitialized(minimumCapacity:)`, a
// function it keeps out of line and unspecialized. Unspecialized, it asks the runtime for the
// metadata of the array's storage class, `_ContiguousArrayStorage<Element>`, on every call: a
// lookup in the prespecialized-metadata table and then the generic metadata cache, about 550
// instructions (callgrind), more than the allocation itself. `reserveCapacity` on an empty array
// allocates through `_consumeAndCreateNew`, which is inlinable: specialized in this module, it
// reads the storage class's metadata from a cache the compiler keeps beside the code.
//
// A fresh build of many small sections allocated six arrays a section that way (records, the
// index's ids and lanes, the id blocks' two trees, the column state): a fifth of its
// instructions. These two functions give the same arrays through `reserveCapacity`. A new array
// of n elements then costs about 570 instructions instead of 830, malloc and free included, for
// n from 5 to 12 (callgrind; `Docs/PerformanceRounds.md`, round nineteen).
//
// `_uninitialized` writes a placeholder into every element first, for its caller to write over:
// the array's count can be set only by appending. The placeholders are appended in one call that
// is specialized for the element (`_Repetition`). Handing the caller the array's room unwritten,
// through a sequence whose `_copyContents(initializing:)` calls the caller's closure, cost more:
// the closure must then be escaping, and `withoutActuallyEscaping` allocated a context for it on
// every call. Writing the elements on the stack first and appending them in one copy cost more
// too (round forty-six).

extension Array {
  /// `Array(repeating: value, count: count)`, allocated through `reserveCapacity` (see the top
  /// of this file): the same array, without the metadata lookup of the standard library's
  /// unspecialized allocation. No allocation when `count` ≤ 0.
  ///
  /// - Complexity: O(count).
  @inlinable
  package static func _repeating(_ value: Element, count: Int) -> [Element] {
    var array: [Element] = []
    guard count > 0 else { return array }
    array.reserveCapacity(count)
    array.append(contentsOf: _Repetition(value: value, count: count))
    return array
  }

  /// `count` copies of `value`, as a sequence that `append(contentsOf:)` writes in one call: its
  /// `_copyContents(initializing:)` initializes as many as the array's room holds with
  /// `initialize(repeating:count:)`, specialized for the element, where the standard library's
  /// `Repeated` is appended by a generic loop through its indices (about 14 instructions an
  /// element for a 24-byte record; round forty-six). Appended to an array with room for every
  /// copy (`_repeating` reserves it), that call writes them all; any left over come one at a
  /// time from `next()`, as from any sequence.
  @usableFromInline
  internal struct _Repetition: Sequence, IteratorProtocol {
    @usableFromInline let value: Element
    /// The copies still to come.
    @usableFromInline var count: Int

    @inlinable
    init(value: Element, count: Int) {
      self.value = value
      self.count = Swift.max(count, 0)
    }

    /// The next copy, or `nil` when all `count` have come. O(1).
    @inlinable
    mutating func next() -> Element? {
      guard count > 0 else { return nil }
      count &-= 1
      return value
    }

    /// Initializes the first of `room`'s elements to `value`, as many as there are copies or as
    /// `room` holds, and returns the copies left and how many it wrote. O(copies written).
    @inlinable
    __consuming func _copyContents(
      initializing room: UnsafeMutableBufferPointer<Element>
    ) -> (Self, UnsafeMutableBufferPointer<Element>.Index) {
      let n = Swift.min(count, room.count)
      if n > 0 { room.baseAddress.unsafelyUnwrapped.initialize(repeating: value, count: n) }
      var rest = self
      rest.count = count &- n
      return (rest, n)
    }
  }
}

extension Array where Element: BitwiseCopyable {
  /// The largest count ``_uninitialized(count:placeholder:initializingWith:)`` allocates
  /// through `reserveCapacity`, writing `placeholder` first; above it, the standard library's
  /// `Array(unsafeUninitializedCapacity:)` writes nothing first. The placeholders cost about 7
  /// instructions an element for a 24-byte record (callgrind: 417 for a section's 60 records),
  /// so from some 80 elements on the lookup (~500) is the cheaper. (Appended by the standard
  /// library's `Repeated`, a generic loop, they cost about 14, and the limit was 32, until round
  /// forty-six.)
  @inlinable
  package static var _placeholderLimit: Int { 64 }

  /// `Array(unsafeUninitializedCapacity: count, initializingWith: body)` for plain elements,
  /// allocated through `reserveCapacity` when `count` ≤ ``_placeholderLimit`` (see the top of
  /// this file). As with the standard library's initializer, `body` gets a buffer of at least
  /// `count` elements (exactly `count` up to the limit; an empty one with no base address, and
  /// no allocation, when `count` ≤ 0) and sets `initialized` to how many of the first ones it
  /// wrote; the result has that many. (Up to the limit the buffer holds copies of `placeholder`
  /// before `body` writes it; the elements are plain values, so writing over them and dropping
  /// the ones after `initialized` need no deinitialization.)
  ///
  /// - Complexity: O(count), plus what `body` does.
  @inlinable
  package static func _uninitialized(
    count: Int, placeholder: Element,
    initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) -> Void
  ) -> [Element] {
    guard count > 0 else {
      // No array to write: `withUnsafeMutableBufferPointer` on the empty array would first make
      // its shared empty storage unique (`_consumeAndCreateNew`, about 75 instructions).
      var empty = UnsafeMutableBufferPointer<Element>(start: nil, count: 0)
      var initialized = 0
      body(&empty, &initialized)
      return []
    }
    guard count <= _placeholderLimit else { return Array(unsafeUninitializedCapacity: count, initializingWith: body) }
    var array = _repeating(placeholder, count: count)
    var initialized = 0
    array.withUnsafeMutableBufferPointer { buffer in body(&buffer, &initialized) }
    let kept = Swift.min(Swift.max(initialized, 0), array.count)
    if kept < array.count { array.removeSubrange(kept...) }
    return array
  }
}
