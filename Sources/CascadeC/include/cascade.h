/* cascade.h: the C interface of Cascade, libCascadeC.

   The first part is the contract of the C interface (Docs/Spec/C.md), exactly; the rest
   follows it: error codes, typed updates without JSON, a few typed readers, and a collection-view
   model (cascade_viewport) for a C toolkit's scroll loop. Docs/C.md shows how to build, link and
   use it, with a complete example.

   Threads: a session, and every viewport made over it, are used by one thread at a time;
   different sessions share nothing and may be used from different threads at once.
   Memory: every pointer the library returns is owned by the library (see each function);
   every buffer the caller passes is written, never kept.
   Nothing aborts the process on bad input: NULL pointers, counts past the limits, NaN and
   buffers that are too small are all answered (an error line, a status code, a count). */

#ifndef CASCADE_H
#define CASCADE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The contract ------------------------------------------------------------------------- */

/* One collection, exactly as `cascade session` holds it (Docs/Spec/Protocol.md). */
typedef struct cascade_session cascade_session;

/* A new session with no collection. NULL only when memory is exhausted. */
cascade_session *cascade_session_create(void);

/* Frees a session; NULL is allowed. */
void cascade_session_destroy(cascade_session *session);

/* One request of Docs/Spec/Protocol.md's session (the UTF-8 JSON text of one line, `length` bytes, no
   newline, need not be NUL-terminated) in; its response line out: NUL-terminated UTF-8, no
   newline, owned by the session and valid until the next call on it. Never NULL. */
const char *cascade_session_respond(cascade_session *session, const char *request, size_t length);

typedef struct { double x, y, width, height; } cascade_rect;

enum { CASCADE_HEADER = 0, CASCADE_ITEM = 1, CASCADE_FOOTER = 2 };

typedef struct {
  int32_t section;
  int32_t kind;       /* CASCADE_HEADER, CASCADE_ITEM or CASCADE_FOOTER */
  int64_t item;       /* the item's index; -1 for headers and footers */
  cascade_rect frame;
} cascade_element;

/* The rect query of the session's collection without JSON: writes the first `capacity` answers,
   in answer order, to `buffer` (which may be NULL when `capacity` is 0) and returns how many
   answers there are in all. With no collection loaded, 0. */
size_t cascade_session_query(cascade_session *session, cascade_rect rect,
                             cascade_element *buffer, size_t capacity);

/* The point query: 1 and the element in `*out`, or 0 when no element is there. */
int cascade_session_point(cascade_session *session, double x, double y, cascade_element *out);

/* The content size; 0 by 0 with no collection loaded. */
void cascade_session_content_size(cascade_session *session, double *width, double *height);

/* Rules of the contract:
   - A session is used by one thread at a time; different sessions share nothing and may be used
     from different threads at once.
   - Nothing aborts the process on bad input: a bad request gets the protocol's error line, a NULL
     `session` or a NULL `request` with a non-zero `length` gets an error line too (or 0 / no-op
     for the typed functions).
   - The typed functions return the same elements and frames, to the bit, as the session's
     `query` and `point` requests. */

/* ---- Errors -------------------------------------------------------------------------------- */

/* Status codes. Functions that return an `int` status return one of these. Every function that
   takes a session or a viewport records its outcome in the session (cascade_session_respond,
   query, point and content_size included; not the last-error readers, the destroy functions,
   cascade_session_generation or cascade_viewport_rect), readable with cascade_session_last_error_code and
   cascade_session_last_error until the next call on that session. */
enum {
  CASCADE_OK = 0,
  /* A C argument no JSON request could carry: a NULL session, buffer or request with a non-zero
     length or count, a count above CASCADE_MAX_COUNT, a non-finite rect or point in a query. */
  CASCADE_ERROR_INVALID_ARGUMENT = 1,
  /* No collection is loaded yet: send a `load` request first (cascade_session_respond). */
  CASCADE_ERROR_NO_COLLECTION = 2,
  /* The session refused the request as its JSON twin would (an index out of range, a height
     below 0 or not finite, a width not > 0, an overflowing layout); the collection is unchanged. */
  CASCADE_ERROR_REJECTED = 3,
  /* cascade_session_respond only: the line is not a well-formed request (not JSON, an unknown
     op, a missing or unknown key, a value of the wrong type or out of its range). */
  CASCADE_ERROR_INVALID_REQUEST = 4
};

/* The largest count the typed functions accept (2^31 - 1, the most elements a collection may
   hold); a larger count, such as a negative number converted to size_t, is
   CASCADE_ERROR_INVALID_ARGUMENT. */
#define CASCADE_MAX_COUNT ((size_t)2147483647)

/* The status of the last call on `session`: CASCADE_OK or a CASCADE_ERROR_ code;
   CASCADE_ERROR_INVALID_ARGUMENT for a NULL session. */
int cascade_session_last_error_code(cascade_session *session);

/* The message of the last call's error in Docs/Spec/Protocol.md's words ("section: index 5 out of range
   (0..<2)", "items[3]: must be >= 0"), or "" when it succeeded. NUL-terminated UTF-8, owned by
   the session, valid until the next call on it; a static string for a NULL session. Never NULL. */
const char *cascade_session_last_error(cascade_session *session);

/* ---- Typed updates --------------------------------------------------------------------------

   Each one has the effect and the error message of its JSON request (Docs/Spec/Protocol.md), without
   writing or parsing JSON: the same validation first, then one atomic change, so a refused
   update leaves the collection exactly as it was. It returns CASCADE_OK, or
   CASCADE_ERROR_REJECTED for what the JSON request would refuse (a bad item included, which
   cascade_session_respond reports as CASCADE_ERROR_INVALID_REQUEST since it is found while
   decoding), CASCADE_ERROR_NO_COLLECTION, or CASCADE_ERROR_INVALID_ARGUMENT. Sections, indices and counts are
   int64_t so that a negative one reaches the session and gets the session's message; array
   lengths are size_t (at most CASCADE_MAX_COUNT). An array may be NULL when its count is 0.

   Heights are the JSON requests' bare numbers (`120`); sizes are `{"size":[w,h]}` items whose
   height keeps the aspect ratio at the width the item gets, given as `count` pairs
   w0, h0, w1, h1, ... (2 * count doubles). */

/* How many columns an item spans: a cascade_item's `span` is a count >= 1, 0 for one column
   (so that a zeroed item is a plain one), or CASCADE_SPAN_FULL for the section's full width. */
enum { CASCADE_SPAN_FULL = -1 };

/* One item of any form: `{"height":h,"span":k}` when `width` is 0, else
   `{"size":[width,height],"span":k}` (a negative or NaN width is refused, as in JSON). */
typedef struct {
  double width;
  double height;
  int32_t span;
} cascade_item;

/* {"op":"append","section":s,"items":[...]}: adds `count` items at the end of `section`. */
int cascade_session_append_heights(cascade_session *session, int64_t section,
                                   const double *heights, size_t count);
int cascade_session_append_sizes(cascade_session *session, int64_t section,
                                 const double *sizes, size_t count);
int cascade_session_append_items(cascade_session *session, int64_t section,
                                 const cascade_item *items, size_t count);

/* {"op":"insert","section":s,"at":i,"items":[...]}: inserts before index `at` (which may equal
   the section's item count). */
int cascade_session_insert_heights(cascade_session *session, int64_t section, int64_t at,
                                   const double *heights, size_t count);
int cascade_session_insert_sizes(cascade_session *session, int64_t section, int64_t at,
                                 const double *sizes, size_t count);
int cascade_session_insert_items(cascade_session *session, int64_t section, int64_t at,
                                 const cascade_item *items, size_t count);

/* {"op":"update","section":s,"at":i,"items":[...]}: replaces items at ..< at + count. */
int cascade_session_update_heights(cascade_session *session, int64_t section, int64_t at,
                                   const double *heights, size_t count);
int cascade_session_update_sizes(cascade_session *session, int64_t section, int64_t at,
                                 const double *sizes, size_t count);
int cascade_session_update_items(cascade_session *session, int64_t section, int64_t at,
                                 const cascade_item *items, size_t count);

/* {"op":"delete","section":s,"at":i,"count":n}: removes items at ..< at + count. */
int cascade_session_delete_items(cascade_session *session, int64_t section, int64_t at,
                                 int64_t count);

/* {"op":"insertSection","at":s,"section":{"items":[...]}}: a section with the layout's own
   parameters (no overrides) and these items; `at` may equal the section count. A section with
   overrides (columns, header, ...) goes through cascade_session_respond. */
int cascade_session_insert_section(cascade_session *session, int64_t at,
                                   const cascade_item *items, size_t count);

/* {"op":"deleteSection","at":s}. */
int cascade_session_delete_section(cascade_session *session, int64_t at);

/* {"op":"width","width":w}: every frame is computed again for the new width. */
int cascade_session_set_width(cascade_session *session, double width);

/* ---- Typed readers ------------------------------------------------------------------------- */

/* {"op":"frame","section":s,"item":i}: writes the item's frame to `*out` (which may be NULL) and
   returns CASCADE_OK, or the request's error (CASCADE_ERROR_REJECTED for an index out of range). */
int cascade_session_frame(cascade_session *session, int64_t section, int64_t item,
                          cascade_rect *out);

/* The number of sections; 0 with no collection loaded (or a NULL session). */
int64_t cascade_session_section_count(cascade_session *session);

/* The number of items in `section`; 0 when the section is outside the collection. */
int64_t cascade_session_item_count(cascade_session *session, int64_t section);

/* How many times the collection has changed: every successful load, typed update or changing
   JSON request adds 1. A toolkit or a server can key its caches on it. 0 for a NULL session. */
uint64_t cascade_session_generation(cascade_session *session);

/* A new session holding the same collection, sharing its storage until either changes (the
   first change to one of them then copies what it changes, O(n)): O(1). The copy has its own
   response buffer, errors and generation counter (it starts at the original's). It is a
   different session for the thread rules. NULL for a NULL session. */
cascade_session *cascade_session_copy(cascade_session *session);

/* ---- The collection-view model --------------------------------------------------------------

   A viewport over a session tells a toolkit which widgets to create, drop and move as it
   scrolls, while the toolkit keeps its own widget pool:

     cascade_viewport *v = cascade_viewport_create(session);
     for each frame:
       cascade_viewport_set_rect(v, (cascade_rect){0, scrollY, width, height});
       n = cascade_viewport_disappeared(v, gone, GONE_CAP);   -> recycle these widgets
       n = cascade_viewport_moved(v, moves, MOVES_CAP);       -> re-key / re-place these
       n = cascade_viewport_appeared(v, fresh, FRESH_CAP);    -> dequeue and place these

   Each set_rect (or refresh) compares the elements the rect now holds with those the previous
   call reported, element by element in answer order:
   - appeared: elements in the rect now that were not shown, with their path and frame;
   - disappeared: elements shown before that are no longer in the rect or no longer exist, with
     the path and frame they were reported with (the key the toolkit knows them by);
   - moved: elements shown before and still in the rect whose frame or path changed, as
     `from` (the path and frame reported before) and `to` (now).
   Elements neither moved nor changed are in none of the three lists; cascade_viewport_visible
   gives all of them. The readers return the list's full length and write at most `capacity`
   entries: call them with 0 to size a buffer.

   Updates: a change to the session (a typed update, or a changing request through
   cascade_session_respond) is seen by the viewport's next set_rect or refresh, which first
   carries what it showed through the change: an insertion before an item shifts its index
   (reported in `moved`, from the old path to the new one), a deleted item or section is reported
   in `disappeared` under its old path, a width change or a resize moves frames. A toolkit that
   changes the session calls cascade_viewport_refresh to learn at once what to redraw. The
   session remembers the last 64 path-shifting changes (insert, delete, insertSection,
   deleteSection); a viewport further behind than that, or behind a `load` (which replaces the
   collection), starts over: everything it showed disappears and everything in the rect appears,
   which is always correct, only less economical.

   A viewport keeps its session alive: either may be destroyed first. It counts as part of its
   session for the thread rules, and records its status in the session's last error. In steady
   scrolling it allocates nothing: its lists are buffers it keeps and reuses. */
typedef struct cascade_viewport cascade_viewport;

/* An element that stayed in the viewport but moved or was renumbered. */
typedef struct {
  cascade_element from;   /* as reported before: the toolkit's key */
  cascade_element to;     /* now */
} cascade_move;

/* A viewport over `session`, showing nothing yet. NULL for a NULL session (or when memory is
   exhausted). */
cascade_viewport *cascade_viewport_create(cascade_session *session);

/* Frees a viewport; NULL is allowed. */
void cascade_viewport_destroy(cascade_viewport *viewport);

/* Moves the viewport to `rect` and computes appeared, disappeared and moved since the previous
   set_rect or refresh. CASCADE_OK, CASCADE_ERROR_INVALID_ARGUMENT for a NULL viewport or a
   non-finite rect (then nothing changes), CASCADE_ERROR_NO_COLLECTION when no collection is
   loaded (then the viewport shows nothing: what it showed disappears). */
int cascade_viewport_set_rect(cascade_viewport *viewport, cascade_rect rect);

/* set_rect with the current rect: what the session's changes since the last call did to it. */
int cascade_viewport_refresh(cascade_viewport *viewport);

/* Forgets what was shown, as if the viewport had just been created: the next set_rect reports
   everything in its rect as appeared (for a toolkit that dropped all its widgets). */
void cascade_viewport_reset(cascade_viewport *viewport);

/* The current rect (0, 0, 0, 0 before the first set_rect or for a NULL viewport). */
cascade_rect cascade_viewport_rect(cascade_viewport *viewport);

/* The lists of the last set_rect or refresh; each returns its full length and writes the first
   `capacity` entries to `buffer` (NULL allowed when `capacity` is 0); 0 for a NULL viewport. */
size_t cascade_viewport_visible(cascade_viewport *viewport, cascade_element *buffer, size_t capacity);
size_t cascade_viewport_appeared(cascade_viewport *viewport, cascade_element *buffer, size_t capacity);
size_t cascade_viewport_disappeared(cascade_viewport *viewport, cascade_element *buffer, size_t capacity);
size_t cascade_viewport_moved(cascade_viewport *viewport, cascade_move *buffer, size_t capacity);

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus)
_Static_assert(sizeof(cascade_rect) == 32, "cascade_rect is four doubles");
_Static_assert(sizeof(cascade_element) == 48, "cascade_element is 48 bytes");
_Static_assert(sizeof(cascade_item) == 24, "cascade_item is 24 bytes");
_Static_assert(sizeof(cascade_move) == 96, "cascade_move is two elements");
#endif

#ifdef __cplusplus
}
#endif

#endif /* CASCADE_H */
