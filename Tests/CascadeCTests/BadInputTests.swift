import Cascade
import CascadeCHeader
import CascadeJSON
import Testing

/// Nothing aborts on bad input: NULL handles and buffers, counts past the limits (a negative
/// number converted to size_t), NaN and infinities, requests before a collection is loaded.
@Suite struct BadInputTests {
  /// Every function takes a NULL session: an error line, 0, a no-op or NULL.
  @Test func aNullSessionIsAnsweredEverywhere() {
    #expect(String(cString: cascade_session_respond(nil, nil, 0)) == #"{"ok":false,"error":"session: NULL"}"#)
    #expect(String(cString: cascade_session_respond(nil, "{}", 2)) == #"{"ok":false,"error":"session: NULL"}"#)
    cascade_session_destroy(nil)
    var e = cascade_element()
    #expect(cascade_session_query(nil, cascade_rect(x: 0, y: 0, width: 10, height: 10), &e, 1) == 0)
    #expect(cascade_session_point(nil, 1, 1, &e) == 0)
    var w = 5.0, h = 5.0
    cascade_session_content_size(nil, &w, &h)
    #expect(w == 0 && h == 0)
    cascade_session_content_size(nil, nil, nil)
    #expect(cascade_session_last_error_code(nil) == CASCADE_ERROR_INVALID_ARGUMENT)
    #expect(String(cString: cascade_session_last_error(nil)) == "session: NULL")
    let heights = [1.0]
    var item = cascade_item()
    for status in [
      cascade_session_append_heights(nil, 0, heights, 1), cascade_session_append_sizes(nil, 0, heights, 0),
      cascade_session_append_items(nil, 0, &item, 1), cascade_session_insert_heights(nil, 0, 0, heights, 1),
      cascade_session_insert_sizes(nil, 0, 0, nil, 0), cascade_session_insert_items(nil, 0, 0, &item, 1),
      cascade_session_update_heights(nil, 0, 0, heights, 1), cascade_session_update_sizes(nil, 0, 0, nil, 0),
      cascade_session_update_items(nil, 0, 0, &item, 1), cascade_session_delete_items(nil, 0, 0, 1),
      cascade_session_insert_section(nil, 0, nil, 0), cascade_session_delete_section(nil, 0),
      cascade_session_set_width(nil, 100), cascade_session_frame(nil, 0, 0, nil),
    ] {
      #expect(status == CASCADE_ERROR_INVALID_ARGUMENT)
    }
    #expect(cascade_session_section_count(nil) == 0)
    #expect(cascade_session_item_count(nil, 0) == 0)
    #expect(cascade_session_generation(nil) == 0)
    #expect(cascade_session_copy(nil) == nil)
    #expect(cascade_viewport_create(nil) == nil)
    cascade_viewport_destroy(nil)
    cascade_viewport_reset(nil)
    #expect(cascade_viewport_set_rect(nil, cascade_rect()) == CASCADE_ERROR_INVALID_ARGUMENT)
    #expect(cascade_viewport_refresh(nil) == CASCADE_ERROR_INVALID_ARGUMENT)
    #expect(cascade_viewport_visible(nil, &e, 1) == 0)
    #expect(cascade_viewport_appeared(nil, nil, 0) == 0)
    #expect(cascade_viewport_disappeared(nil, nil, 0) == 0)
    #expect(cascade_viewport_moved(nil, nil, 0) == 0)
    #expect(cascade_viewport_rect(nil).width == 0)
  }

  /// A NULL request with a non-zero length, or a length no buffer has, gets an error line; a
  /// NULL request of length 0 is an empty line.
  @Test func aNullOrImpossibleRequestGetsAnErrorLine() {
    let c = CSession()
    #expect(String(cString: cascade_session_respond(c.handle, nil, 3)) == #"{"ok":false,"error":"request: NULL with a length of 3"}"#)
    #expect(c.status == CASCADE_ERROR_INVALID_ARGUMENT)
    #expect(c.lastError == "request: NULL with a length of 3")
    let huge = Int(bitPattern: UInt.max)
    #expect(String(cString: cascade_session_respond(c.handle, "{}", huge)).hasPrefix(#"{"ok":false,"error":"request: a length of 18446744073709551615"#))
    #expect(String(cString: cascade_session_respond(c.handle, nil, 0)).hasPrefix(#"{"ok":false,"error":"invalid JSON"#))
    #expect(c.status == CASCADE_ERROR_INVALID_REQUEST)
    // The request need not be NUL-terminated: only `length` bytes are read.
    let bytes: [CChar] = Array(#"{"op":"layout"}XXXX"#.utf8).map { CChar(bitPattern: $0) }
    let line = bytes.withUnsafeBufferPointer { String(cString: cascade_session_respond(c.handle, $0.baseAddress, 15)) }
    #expect(line == #"{"ok":false,"error":"op: no collection loaded yet; send a 'load' request first"}"#)
    #expect(c.status == CASCADE_ERROR_NO_COLLECTION)
  }

  /// Before a load, typed queries answer nothing and typed updates say why, as JSON would.
  @Test func beforeALoadEverythingSaysNoCollection() {
    let c = CSession()
    var e = cascade_element()
    #expect(cascade_session_query(c.handle, cascade_rect(x: 0, y: 0, width: 10, height: 10), &e, 1) == 0)
    #expect(c.status == CASCADE_ERROR_NO_COLLECTION)
    #expect(c.lastError == "op: no collection loaded yet; send a 'load' request first")
    #expect(cascade_session_point(c.handle, 1, 1, &e) == 0)
    #expect(c.status == CASCADE_ERROR_NO_COLLECTION)
    #expect(c.contentSize == (0, 0))
    let heights = [10.0]
    #expect(cascade_session_append_heights(c.handle, 0, heights, 1) == CASCADE_ERROR_NO_COLLECTION)
    #expect(c.lastError == "op: no collection loaded yet; send a 'load' request first")
    #expect(cascade_session_set_width(c.handle, 100) == CASCADE_ERROR_NO_COLLECTION)
    #expect(cascade_session_section_count(c.handle) == 0)
    let v = CViewport(c)
    #expect(v.set(cascade_rect(x: 0, y: 0, width: 10, height: 10)) == CASCADE_ERROR_NO_COLLECTION)
    #expect(v.visible.isEmpty)
  }

  /// NULL arrays with counts, counts above CASCADE_MAX_COUNT (negative numbers as size_t),
  /// NaN and infinities, NULL buffers with a capacity.
  @Test func badArgumentsAreRefusedAndChangeNothing() throws {
    let c = CSession()
    _ = c.respond(#"{"op":"load","collection":{"width":300,"sections":[{"items":[10,20,30]}]}}"#)
    let layout = c.respond(#"{"op":"layout"}"#)
    let generation = c.generation
    let minusOne = Int(bitPattern: UInt.max)
    let heights = [1.0, 2.0]

    #expect(cascade_session_append_heights(c.handle, 0, nil, 2) == CASCADE_ERROR_INVALID_ARGUMENT)
    #expect(c.lastError == "heights: NULL with a count of 2")
    #expect(cascade_session_append_sizes(c.handle, 0, heights, minusOne) == CASCADE_ERROR_INVALID_ARGUMENT)
    #expect(c.lastError == "sizes: count 18446744073709551615 is more than 2147483647")
    #expect(cascade_session_insert_items(c.handle, 0, 0, nil, Int(CASCADE_MAX_COUNT) + 1) == CASCADE_ERROR_INVALID_ARGUMENT)
    #expect(cascade_session_append_heights(c.handle, 0, [.nan], 1) == CASCADE_ERROR_REJECTED)
    #expect(c.lastError == "items[0]: must be finite")
    #expect(cascade_session_append_sizes(c.handle, 0, [.infinity, 2], 1) == CASCADE_ERROR_REJECTED)
    #expect(c.lastError == "items[0].size: width must be finite")
    #expect(cascade_session_update_items(c.handle, 0, 0, [cascade_item(width: 0, height: 5, span: -7)], 1) == CASCADE_ERROR_REJECTED)
    #expect(c.lastError == "items[0].span: must be an integer >= 1 or full")
    #expect(cascade_session_set_width(c.handle, .nan) == CASCADE_ERROR_REJECTED)
    #expect(cascade_session_set_width(c.handle, -.infinity) == CASCADE_ERROR_REJECTED)
    #expect(cascade_session_delete_items(c.handle, 0, .max, .max) == CASCADE_ERROR_REJECTED)
    #expect(cascade_session_delete_items(c.handle, .min, .min, .min) == CASCADE_ERROR_REJECTED)
    #expect(cascade_session_insert_heights(c.handle, .max, .min, heights, 2) == CASCADE_ERROR_REJECTED)
    #expect(cascade_session_delete_section(c.handle, .min) == CASCADE_ERROR_REJECTED)
    #expect(cascade_session_frame(c.handle, .max, .min, nil) == CASCADE_ERROR_REJECTED)
    #expect(cascade_session_append_heights(c.handle, 0, [1e308, 1e308, 1e308], 3) == CASCADE_ERROR_REJECTED)
    #expect(c.respond(#"{"op":"layout"}"#) == layout)
    #expect(c.generation == generation)

    var e = cascade_element()
    for rect in [
      cascade_rect(x: .nan, y: 0, width: 10, height: 10), cascade_rect(x: 0, y: .infinity, width: 10, height: 10),
      cascade_rect(x: 0, y: 0, width: -.infinity, height: 10), cascade_rect(x: 0, y: 0, width: 10, height: .nan),
    ] {
      #expect(cascade_session_query(c.handle, rect, &e, 1) == 0)
      #expect(c.status == CASCADE_ERROR_INVALID_ARGUMENT)
    }
    #expect(c.lastError == "rect[3]: must be finite")
    #expect(cascade_session_point(c.handle, .nan, 0, &e) == 0)
    #expect(c.lastError == "point[0]: must be finite")
    // A NULL buffer with a capacity writes nothing, says so, and still counts.
    let all = cascade_session_query(c.handle, cascade_rect(x: 0, y: 0, width: 300, height: 100), nil, 5)
    #expect(all == 3)
    #expect(c.status == CASCADE_ERROR_INVALID_ARGUMENT)
    // A capacity above SIZE_MAX / 2 is no limit.
    var three = [cascade_element](repeating: cascade_element(), count: 3)
    #expect(three.withUnsafeMutableBufferPointer { cascade_session_query(c.handle, cascade_rect(x: 0, y: 0, width: 300, height: 100), $0.baseAddress, minusOne) } == 3)
    // A point query may leave `out` NULL.
    #expect(cascade_session_point(c.handle, 1, 1, nil) == 1)
    // A viewport refuses a non-finite rect and keeps its state.
    let v = CViewport(c)
    v.set(cascade_rect(x: 0, y: 0, width: 300, height: 100))
    #expect(v.set(cascade_rect(x: 0, y: .nan, width: 300, height: 100)) == CASCADE_ERROR_INVALID_ARGUMENT)
    #expect(v.visible.count == 3)
    #expect(cascade_viewport_rect(v.handle).height == 100)
  }

  /// A viewport keeps its session alive after `cascade_session_destroy`.
  @Test func aViewportOutlivesItsSessionHandle() {
    guard let session = cascade_session_create() else { Issue.record("create"); return }
    let line = #"{"op":"load","collection":{"width":300,"sections":[{"items":[10,20,30]}]}}"#
    _ = Array(line.utf8).withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { cascade_session_respond(session, $0.baseAddress, $0.count) }
    }
    let viewport = cascade_viewport_create(session)
    cascade_session_destroy(session)
    #expect(cascade_viewport_set_rect(viewport, cascade_rect(x: 0, y: 0, width: 300, height: 100)) == CASCADE_OK)
    #expect(cascade_viewport_visible(viewport, nil, 0) == 3)
    cascade_viewport_destroy(viewport)
  }
}
