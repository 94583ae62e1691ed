// The C interface of Cascade: libCascadeC.so and include/cascade.h (Docs/C.md).
//
// Map:
//   CascadeC.swift              status codes, the C string buffers the library hands out
//   _CSession.swift             the state behind `cascade_session *`: respond, typed queries, changes
//   _CSession+Items.swift       typed items (heights, sizes, cascade_item) checked as their JSON twins
//   _ChangeLog.swift            what recent changes did to element paths, for viewports
//   _CViewport.swift            the collection-view model behind `cascade_viewport *`
//   Exports.swift               the contract's functions and the typed readers
//   Exports+Updates.swift       the typed updates
//   Exports+Viewport.swift      the viewport's functions
//
// Every exported function is `@c @implementation`: the compiler checks its Swift signature
// against its declaration in cascade.h (imported through the CascadeCHeader module), so the
// header and the library cannot drift apart. No exported function traps on any argument value:
// handles and buffers are checked for NULL, counts for range, numbers for finiteness, and every
// integer conversion is a checked or truncating one.

import CascadeCHeader

/// The status codes of cascade.h, as the `Int32` the C functions return.
enum _Status {
  static let ok = Int32(CASCADE_OK)
  static let invalidArgument = Int32(CASCADE_ERROR_INVALID_ARGUMENT)
  static let noCollection = Int32(CASCADE_ERROR_NO_COLLECTION)
  static let rejected = Int32(CASCADE_ERROR_REJECTED)
  static let invalidRequest = Int32(CASCADE_ERROR_INVALID_REQUEST)
}

/// The largest count a typed function accepts, `CASCADE_MAX_COUNT`: the most elements a
/// collection may hold.
let _maximumCount = Int(Int32.max)

/// A NUL-terminated UTF-8 buffer the library owns and hands to C (a response line, an error
/// message). It is reused from call to call and grows, never shrinks, so a steady stream of
/// calls allocates nothing once it is large enough.
struct _CStringBuffer: ~Copyable {
  /// The text, NUL-terminated; valid until the next change to the buffer.
  private(set) var pointer: UnsafeMutablePointer<CChar>
  private var capacity: Int

  /// An empty string with room for `capacity - 1` bytes.
  ///
  /// - Complexity: O(1).
  init(capacity: Int = 256) {
    self.capacity = capacity
    pointer = .allocate(capacity: capacity)
    pointer[0] = 0
  }

  deinit { pointer.deallocate() }

  /// Makes the string empty.
  ///
  /// - Complexity: O(1).
  mutating func clear() { pointer[0] = 0 }

  /// Replaces the text with `bytes` and a NUL.
  ///
  /// - Complexity: O(b) for b bytes.
  mutating func assign(_ bytes: UnsafeRawBufferPointer) {
    if bytes.count >= capacity {
      pointer.deallocate()
      capacity = Swift.max(bytes.count + 1, capacity * 2)
      pointer = .allocate(capacity: capacity)
    }
    if let base = bytes.baseAddress, bytes.count > 0 {
      UnsafeMutableRawPointer(pointer).copyMemory(from: base, byteCount: bytes.count)
    }
    pointer[bytes.count] = 0
  }

  /// Replaces the text with `bytes` and a NUL.
  ///
  /// - Complexity: O(b) for b bytes.
  mutating func assign(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { assign($0) }
  }

  /// Replaces the text with `text`'s UTF-8 and a NUL.
  ///
  /// - Complexity: O(b) for b bytes.
  mutating func assign(_ text: String) {
    var text = text
    text.withUTF8 { assign(UnsafeRawBufferPointer($0)) }
  }
}
