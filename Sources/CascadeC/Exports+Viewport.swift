// The viewport's functions in cascade.h: the collection-view model for a C toolkit.

import Cascade
import CascadeCHeader

@c @implementation
public func cascade_viewport_create(_ session: OpaquePointer?) -> OpaquePointer? {
  guard let s = _CSession.from(session) else { return nil }
  s.succeed()
  return _CViewport(over: s).retainedHandle()
}

@c @implementation
public func cascade_viewport_destroy(_ viewport: OpaquePointer?) {
  _CViewport.release(viewport)
}

@c @implementation
public func cascade_viewport_set_rect(_ viewport: OpaquePointer?, _ rect: cascade_rect) -> Int32 {
  _CViewport.with(viewport) { $0.move(to: Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)) }
    ?? _Status.invalidArgument
}

@c @implementation
public func cascade_viewport_refresh(_ viewport: OpaquePointer?) -> Int32 {
  guard let v = _CViewport.from(viewport) else { return _Status.invalidArgument }
  return v.move(to: v.rect)
}

@c @implementation
public func cascade_viewport_reset(_ viewport: OpaquePointer?) {
  guard let v = _CViewport.from(viewport) else { return }
  v.reset()
  v.owner.succeed()
}

@c @implementation
public func cascade_viewport_rect(_ viewport: OpaquePointer?) -> cascade_rect {
  guard let v = _CViewport.from(viewport) else { return cascade_rect(x: 0, y: 0, width: 0, height: 0) }
  let r = v.rect
  return cascade_rect(x: r.minX, y: r.minY, width: r.width, height: r.height)
}

@c @implementation
public func cascade_viewport_visible(_ viewport: OpaquePointer?, _ buffer: UnsafeMutablePointer<cascade_element>?, _ capacity: Int) -> Int {
  _CViewport.with(viewport) { $0.copy(.visible, to: buffer, capacity: capacity) } ?? 0
}

@c @implementation
public func cascade_viewport_appeared(_ viewport: OpaquePointer?, _ buffer: UnsafeMutablePointer<cascade_element>?, _ capacity: Int) -> Int {
  _CViewport.with(viewport) { $0.copy(.appeared, to: buffer, capacity: capacity) } ?? 0
}

@c @implementation
public func cascade_viewport_disappeared(_ viewport: OpaquePointer?, _ buffer: UnsafeMutablePointer<cascade_element>?, _ capacity: Int) -> Int {
  _CViewport.with(viewport) { $0.copy(.disappeared, to: buffer, capacity: capacity) } ?? 0
}

@c @implementation
public func cascade_viewport_moved(_ viewport: OpaquePointer?, _ buffer: UnsafeMutablePointer<cascade_move>?, _ capacity: Int) -> Int {
  _CViewport.with(viewport) { $0.copyMoved(to: buffer, capacity: capacity) } ?? 0
}
