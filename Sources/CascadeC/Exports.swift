// The contract's functions (Docs/Spec/C.md), the error readers and the typed readers of cascade.h.
// Each one checks its handle and pointers, then calls the `_CSession` method that does the work.

import Cascade
import CascadeCHeader
import CascadeJSON

/// The response line for a NULL session: a constant, so that it needs no session to live in.
nonisolated(unsafe) private let _nullSessionResponse: UnsafePointer<CChar> =
  _immortalCString(#"{"ok":false,"error":"session: NULL"}"#)

/// The error message for a NULL session.
nonisolated(unsafe) private let _nullSessionMessage: UnsafePointer<CChar> = _immortalCString("session: NULL")

/// A NUL-terminated copy of `text` that is never freed.
private func _immortalCString(_ text: String) -> UnsafePointer<CChar> {
  let bytes = Array(text.utf8) + [0]
  let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
  for (i, byte) in bytes.enumerated() { pointer[i] = CChar(bitPattern: byte) }
  return UnsafePointer(pointer)
}

// MARK: The contract

@c @implementation
public func cascade_session_create() -> OpaquePointer? {
  _CSession().retainedHandle()
}

@c @implementation
public func cascade_session_destroy(_ session: OpaquePointer?) {
  _CSession.release(session)
}

@c @implementation
public func cascade_session_respond(_ session: OpaquePointer?, _ request: UnsafePointer<CChar>?, _ length: Int) -> UnsafePointer<CChar>? {
  guard let s = _CSession.from(session) else { return _nullSessionResponse }
  return s.respond(request, length: length)
}

@c @implementation
public func cascade_session_query(
  _ session: OpaquePointer?, _ rect: cascade_rect, _ buffer: UnsafeMutablePointer<cascade_element>?, _ capacity: Int
) -> Int {
  guard let s = _CSession.from(session) else { return 0 }
  return s.query(rect, into: buffer, capacity: capacity)
}

@c @implementation
public func cascade_session_point(_ session: OpaquePointer?, _ x: Double, _ y: Double, _ out: UnsafeMutablePointer<cascade_element>?) -> Int32 {
  guard let s = _CSession.from(session) else { return 0 }
  return s.point(x: x, y: y, into: out)
}

@c @implementation
public func cascade_session_content_size(_ session: OpaquePointer?, _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?) {
  var size = Size.zero
  if let s = _CSession.from(session) {
    if let contentSize = s.withLayout({ $0.contentSize }) {
      size = contentSize
      s.succeed()
    } else {
      s.fail(_Status.noCollection, _CSession.noCollectionMessage)
    }
  }
  width?.pointee = size.width
  height?.pointee = size.height
}

// MARK: Errors

@c @implementation
public func cascade_session_last_error_code(_ session: OpaquePointer?) -> Int32 {
  _CSession.from(session)?.status ?? _Status.invalidArgument
}

@c @implementation
public func cascade_session_last_error(_ session: OpaquePointer?) -> UnsafePointer<CChar>? {
  guard let s = _CSession.from(session) else { return _nullSessionMessage }
  return UnsafePointer(s.message.pointer)
}

// MARK: Typed readers

@c @implementation
public func cascade_session_frame(_ session: OpaquePointer?, _ section: Int64, _ item: Int64, _ out: UnsafeMutablePointer<cascade_rect>?) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  // The request checks the indices and words the errors as {"op":"frame"} does.
  let (section, item) = (Int(section), Int(item))
  let status = s.run(.frame(section: section, item: item))
  guard status == _Status.ok,
        let frame = s.withLayout({ $0.layoutAttributes(for: .item(item, section: section))?.frame }) ?? nil else {
    return status
  }
  out?.pointee = cascade_rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
  return status
}

@c @implementation
public func cascade_session_section_count(_ session: OpaquePointer?) -> Int64 {
  guard let s = _CSession.from(session) else { return 0 }
  s.succeed()
  return Int64(s.withLayout { $0.numberOfSections } ?? 0)
}

@c @implementation
public func cascade_session_item_count(_ session: OpaquePointer?, _ section: Int64) -> Int64 {
  guard let s = _CSession.from(session) else { return 0 }
  s.succeed()
  return Int64(s.withLayout { $0.numberOfItems(inSection: Int(section)) } ?? 0)
}

@c @implementation
public func cascade_session_generation(_ session: OpaquePointer?) -> UInt64 {
  _CSession.from(session)?.generation ?? 0
}

@c @implementation
public func cascade_session_copy(_ session: OpaquePointer?) -> OpaquePointer? {
  guard let s = _CSession.from(session) else { return nil }
  s.succeed()
  return _CSession(copying: s).retainedHandle()
}
