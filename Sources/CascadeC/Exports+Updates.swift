// The typed updates of cascade.h: each builds the `SessionRequest` its JSON twin decodes to and
// runs it through the session, so effect and error messages are the JSON request's.

import Cascade
import CascadeCHeader
import CascadeJSON

// MARK: append

@c @implementation
public func cascade_session_append_heights(_ session: OpaquePointer?, _ section: Int64, _ heights: UnsafePointer<Double>?, _ count: Int) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.change(.heights(heights), count: count) { .append(section: Int(section), items: $0) }
}

@c @implementation
public func cascade_session_append_sizes(_ session: OpaquePointer?, _ section: Int64, _ sizes: UnsafePointer<Double>?, _ count: Int) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.change(.sizes(sizes), count: count) { .append(section: Int(section), items: $0) }
}

@c @implementation
public func cascade_session_append_items(_ session: OpaquePointer?, _ section: Int64, _ items: UnsafePointer<cascade_item>?, _ count: Int) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.change(.items(items), count: count) { .append(section: Int(section), items: $0) }
}

// MARK: insert

@c @implementation
public func cascade_session_insert_heights(_ session: OpaquePointer?, _ section: Int64, _ at: Int64, _ heights: UnsafePointer<Double>?, _ count: Int) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.change(.heights(heights), count: count) { .insert(section: Int(section), at: Int(at), items: $0) }
}

@c @implementation
public func cascade_session_insert_sizes(_ session: OpaquePointer?, _ section: Int64, _ at: Int64, _ sizes: UnsafePointer<Double>?, _ count: Int) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.change(.sizes(sizes), count: count) { .insert(section: Int(section), at: Int(at), items: $0) }
}

@c @implementation
public func cascade_session_insert_items(_ session: OpaquePointer?, _ section: Int64, _ at: Int64, _ items: UnsafePointer<cascade_item>?, _ count: Int) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.change(.items(items), count: count) { .insert(section: Int(section), at: Int(at), items: $0) }
}

// MARK: update

@c @implementation
public func cascade_session_update_heights(_ session: OpaquePointer?, _ section: Int64, _ at: Int64, _ heights: UnsafePointer<Double>?, _ count: Int) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.change(.heights(heights), count: count) { .update(section: Int(section), at: Int(at), items: $0) }
}

@c @implementation
public func cascade_session_update_sizes(_ session: OpaquePointer?, _ section: Int64, _ at: Int64, _ sizes: UnsafePointer<Double>?, _ count: Int) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.change(.sizes(sizes), count: count) { .update(section: Int(section), at: Int(at), items: $0) }
}

@c @implementation
public func cascade_session_update_items(_ session: OpaquePointer?, _ section: Int64, _ at: Int64, _ items: UnsafePointer<cascade_item>?, _ count: Int) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.change(.items(items), count: count) { .update(section: Int(section), at: Int(at), items: $0) }
}

// MARK: delete, sections, width

@c @implementation
public func cascade_session_delete_items(_ session: OpaquePointer?, _ section: Int64, _ at: Int64, _ count: Int64) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.run(.delete(section: Int(section), at: Int(at), count: Int(count)))
}

@c @implementation
public func cascade_session_insert_section(_ session: OpaquePointer?, _ at: Int64, _ items: UnsafePointer<cascade_item>?, _ count: Int) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.change(.items(items), count: count, root: .root.key("section").key("items")) {
    .insertSection(at: Int(at), section: WaterfallSection(parameters: WaterfallParameters(), items: $0))
  }
}

@c @implementation
public func cascade_session_delete_section(_ session: OpaquePointer?, _ at: Int64) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.run(.deleteSection(at: Int(at)))
}

@c @implementation
public func cascade_session_set_width(_ session: OpaquePointer?, _ width: Double) -> Int32 {
  guard let s = _CSession.from(session) else { return _Status.invalidArgument }
  return s.run(.width(width))
}
