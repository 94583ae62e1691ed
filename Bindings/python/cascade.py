"""Cascade from Python: a ctypes binding of libCascadeC (standard library only).

    import cascade

    with cascade.Session() as session:
        session.load({"width": 390, "sections": [{"header": 44, "items": [120, 80, 200, 60]}]})
        session.append_heights(0, [90, 140])
        for element in session.query((0, 0, 390, 844)):
            print(element.section, element.kind, element.item, element.frame)
        session.respond({"op": "point", "point": [300, 100]})     # the JSON session, as dicts
        with cascade.Viewport(session) as viewport:
            change = viewport.set_rect((0, 1200, 390, 844))         # appeared, disappeared, moved

A `Session` is one collection exactly as `cascade session` holds it (Docs/Spec/Protocol.md); requests go
in as dicts and come back as dicts, and a refused request raises `CascadeError` with the
session's message. The typed calls (`query`, `point`, `content_size`, the typed updates, the
`Viewport`) skip JSON and give the same answers, to the bit.

The library is found through the `CASCADE_LIB` environment variable (the .so itself, or the
folder holding it), else in the package's `.build/release` or `.build/debug` folder
(`swift build -c release --product CascadeC`).

Threads: each Session holds a lock that every call on it (and on its viewports) takes, so a
session may be shared between threads; ctypes releases the GIL during each C call, so different
sessions work in parallel.
"""

import array
import ctypes
import itertools
import json
import os
import pathlib
import struct
import threading
from collections import namedtuple

__all__ = [
    "CascadeError", "Session", "Viewport", "Element", "Move", "ViewportChange", "Item",
    "OK", "ERROR_INVALID_ARGUMENT", "ERROR_NO_COLLECTION", "ERROR_REJECTED", "ERROR_INVALID_REQUEST",
    "SPAN_FULL", "library_path",
]

# Status codes of cascade.h.
OK = 0
ERROR_INVALID_ARGUMENT = 1
ERROR_NO_COLLECTION = 2
ERROR_REJECTED = 3
ERROR_INVALID_REQUEST = 4
_CODE_NAMES = {
    OK: "CASCADE_OK", ERROR_INVALID_ARGUMENT: "CASCADE_ERROR_INVALID_ARGUMENT",
    ERROR_NO_COLLECTION: "CASCADE_ERROR_NO_COLLECTION", ERROR_REJECTED: "CASCADE_ERROR_REJECTED",
    ERROR_INVALID_REQUEST: "CASCADE_ERROR_INVALID_REQUEST",
}

# A cascade_item's span for the section's full width.
SPAN_FULL = -1

_KINDS = ("header", "item", "footer")


class CascadeError(Exception):
    """A request or a typed call the session refused: `message` is the session's words
    (`section: index 5 out of range (0..<2)`), `code` one of the status codes (0 for an
    error line that came without one)."""

    def __init__(self, message, code=ERROR_REJECTED):
        super().__init__(message)
        self.message = message
        self.code = code

    def __repr__(self):
        return "CascadeError(%r, %s)" % (self.message, _CODE_NAMES.get(self.code, self.code))


# ---- The C types ------------------------------------------------------------------------------

class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double),
                ("width", ctypes.c_double), ("height", ctypes.c_double)]


class _Element(ctypes.Structure):
    _fields_ = [("section", ctypes.c_int32), ("kind", ctypes.c_int32),
                ("item", ctypes.c_int64), ("frame", _Rect)]


class _Move(ctypes.Structure):
    _fields_ = [("from_", _Element), ("to", _Element)]


class Item(ctypes.Structure):
    """A cascade_item: a height item when `width` is 0, else a size whose aspect ratio is kept;
    `span` is a column count >= 1, 0 for one column, or SPAN_FULL."""
    _fields_ = [("width", ctypes.c_double), ("height", ctypes.c_double), ("span", ctypes.c_int32)]


assert ctypes.sizeof(_Rect) == 32 and ctypes.sizeof(_Element) == 48
assert ctypes.sizeof(_Move) == 96 and ctypes.sizeof(Item) == 24


class Element(namedtuple("Element", "section kind item frame")):
    """An element: `kind` is "header", "item" or "footer", `item` its index (None for headers
    and footers), `frame` the tuple (x, y, width, height)."""
    __slots__ = ()

    def to_json(self):
        """The element as the protocol writes it: {"section", "kind", ["item",] "frame"}."""
        result = {"section": self.section, "kind": self.kind}
        if self.item is not None:
            result["item"] = self.item
        result["frame"] = list(self.frame)
        return result

    @staticmethod
    def from_json(value):
        """An element of a JSON answer."""
        return Element(value["section"], value["kind"], value.get("item"), tuple(value["frame"]))


Move = namedtuple("Move", "from_ to")
Move.__doc__ = "An element that stayed in a viewport but moved or was renumbered: as reported before (the toolkit's key), and now."

ViewportChange = namedtuple("ViewportChange", "appeared disappeared moved")
ViewportChange.__doc__ = "What a viewport step changed: lists of Element, Element and Move."


_ELEMENT = struct.Struct("=iiqdddd")           # cascade_element, 48 bytes
_MOVE = struct.Struct("=iiqddddiiqdddd")        # cascade_move, 96 bytes
assert _ELEMENT.size == 48 and _MOVE.size == 96


def _elements(buffer, n):
    """The first n elements of a ctypes array, unpacked in one pass (about twice as fast as
    reading the structures' fields one by one)."""
    kinds = _KINDS
    return [Element(s, kinds[k], i if i >= 0 else None, (x, y, w, h))
            for s, k, i, x, y, w, h in _ELEMENT.iter_unpack(ctypes.string_at(buffer, n * 48))]


def _moves(buffer, n):
    kinds = _KINDS
    return [Move(Element(s, kinds[k], i if i >= 0 else None, (x, y, w, h)),
                 Element(s2, kinds[k2], i2 if i2 >= 0 else None, (x2, y2, w2, h2)))
            for s, k, i, x, y, w, h, s2, k2, i2, x2, y2, w2, h2 in _MOVE.iter_unpack(ctypes.string_at(buffer, n * 96))]


def _element(e):
    f = e.frame
    return Element(e.section, _KINDS[e.kind] if 0 <= e.kind < 3 else e.kind,
                   e.item if e.item >= 0 else None, (f.x, f.y, f.width, f.height))


def _rect(rect):
    x, y, width, height = rect
    return _Rect(float(x), float(y), float(width), float(height))


# ---- Loading the library ----------------------------------------------------------------------

def library_path():
    """Where libCascadeC.so is: $CASCADE_LIB (a file or a folder), else the package's
    .build/release or .build/debug folder."""
    configured = os.environ.get("CASCADE_LIB")
    if configured:
        path = pathlib.Path(configured)
        return path / "libCascadeC.so" if path.is_dir() else path
    root = pathlib.Path(__file__).resolve().parents[2]
    for configuration in ("release", "debug"):
        candidate = root / ".build" / configuration / "libCascadeC.so"
        if candidate.exists():
            return candidate
    raise CascadeError(
        "libCascadeC.so not found: set CASCADE_LIB, or run 'swift build -c release --product CascadeC' in %s" % root,
        ERROR_INVALID_ARGUMENT)


_library = None
_library_lock = threading.Lock()


def _lib():
    global _library
    with _library_lock:
        if _library is None:
            _library = _declare(ctypes.CDLL(str(library_path())))
        return _library


def _declare(lib):
    P, I32, I64, U64, D, SZ = ctypes.c_void_p, ctypes.c_int32, ctypes.c_int64, ctypes.c_uint64, ctypes.c_double, ctypes.c_size_t
    PD, PE, PM, PI = ctypes.POINTER(D), ctypes.POINTER(_Element), ctypes.POINTER(_Move), ctypes.POINTER(Item)
    signatures = {
        "cascade_session_create": (P, []),
        "cascade_session_destroy": (None, [P]),
        "cascade_session_respond": (ctypes.c_char_p, [P, ctypes.c_char_p, SZ]),
        "cascade_session_query": (SZ, [P, _Rect, PE, SZ]),
        "cascade_session_point": (ctypes.c_int, [P, D, D, PE]),
        "cascade_session_content_size": (None, [P, PD, PD]),
        "cascade_session_last_error_code": (ctypes.c_int, [P]),
        "cascade_session_last_error": (ctypes.c_char_p, [P]),
        "cascade_session_append_heights": (ctypes.c_int, [P, I64, PD, SZ]),
        "cascade_session_append_sizes": (ctypes.c_int, [P, I64, PD, SZ]),
        "cascade_session_append_items": (ctypes.c_int, [P, I64, PI, SZ]),
        "cascade_session_insert_heights": (ctypes.c_int, [P, I64, I64, PD, SZ]),
        "cascade_session_insert_sizes": (ctypes.c_int, [P, I64, I64, PD, SZ]),
        "cascade_session_insert_items": (ctypes.c_int, [P, I64, I64, PI, SZ]),
        "cascade_session_update_heights": (ctypes.c_int, [P, I64, I64, PD, SZ]),
        "cascade_session_update_sizes": (ctypes.c_int, [P, I64, I64, PD, SZ]),
        "cascade_session_update_items": (ctypes.c_int, [P, I64, I64, PI, SZ]),
        "cascade_session_delete_items": (ctypes.c_int, [P, I64, I64, I64]),
        "cascade_session_insert_section": (ctypes.c_int, [P, I64, PI, SZ]),
        "cascade_session_delete_section": (ctypes.c_int, [P, I64]),
        "cascade_session_set_width": (ctypes.c_int, [P, D]),
        "cascade_session_frame": (ctypes.c_int, [P, I64, I64, ctypes.POINTER(_Rect)]),
        "cascade_session_section_count": (I64, [P]),
        "cascade_session_item_count": (I64, [P, I64]),
        "cascade_session_generation": (U64, [P]),
        "cascade_session_copy": (P, [P]),
        "cascade_viewport_create": (P, [P]),
        "cascade_viewport_destroy": (None, [P]),
        "cascade_viewport_set_rect": (ctypes.c_int, [P, _Rect]),
        "cascade_viewport_refresh": (ctypes.c_int, [P]),
        "cascade_viewport_reset": (None, [P]),
        "cascade_viewport_rect": (_Rect, [P]),
        "cascade_viewport_visible": (SZ, [P, PE, SZ]),
        "cascade_viewport_appeared": (SZ, [P, PE, SZ]),
        "cascade_viewport_disappeared": (SZ, [P, PE, SZ]),
        "cascade_viewport_moved": (SZ, [P, PM, SZ]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments
    return lib


# ---- Arrays for typed updates -----------------------------------------------------------------

def _doubles(values):
    """An array('d') of `values` (used as is when it already is one) and a pointer to it."""
    if not (isinstance(values, array.array) and values.typecode == "d"):
        values = array.array("d", values)
    if len(values) == 0:
        return values, None
    return values, ctypes.cast((ctypes.c_double * len(values)).from_buffer(values), ctypes.POINTER(ctypes.c_double))


def _pairs(sizes):
    """(width, height) pairs flattened into an array('d'); an array('d') is taken as flat."""
    if isinstance(sizes, array.array):
        return _doubles(sizes)
    return _doubles(itertools.chain.from_iterable(sizes))


def _items(items):
    """A ctypes array of Item from Item values or JSON-form dicts ({"height": h} or
    {"size": [w, h]}, either with an optional "span": k or "full") or bare numbers (heights)."""
    converted = (Item * len(items))()
    for i, value in enumerate(items):
        if isinstance(value, Item):
            converted[i] = value
            continue
        if isinstance(value, (int, float)):
            converted[i] = Item(0.0, float(value), 0)
            continue
        span = value.get("span", 0)
        span = SPAN_FULL if span == "full" else int(span)
        if "size" in value:
            width, height = value["size"]
            converted[i] = Item(float(width), float(height), span)
        else:
            converted[i] = Item(0.0, float(value["height"]), span)
    return converted


# ---- The session ------------------------------------------------------------------------------

class Session:
    """One collection as `cascade session` holds it; see the module's documentation."""

    def __init__(self, _handle=None):
        self._lib = _lib()
        self._handle = _handle or self._lib.cascade_session_create()
        if not self._handle:
            raise MemoryError("cascade_session_create returned NULL")
        self._lock = threading.RLock()
        self._buffer = (_Element * 256)()

    # Lifetime

    def close(self):
        """Frees the session (its viewports keep what they need); calling it again does nothing."""
        with self._lock:
            if self._handle:
                self._lib.cascade_session_destroy(self._handle)
                self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def _live(self):
        if not self._handle:
            raise CascadeError("session: closed", ERROR_INVALID_ARGUMENT)
        return self._handle

    def _check(self, status):
        if status != OK:
            raise CascadeError(self._lib.cascade_session_last_error(self._handle).decode("utf-8", "replace"), status)

    # The JSON session

    def respond_line(self, line):
        """One request line (str or bytes, no newline) in, its response line (str) out; never raises
        for a refused request."""
        data = line.encode("utf-8") if isinstance(line, str) else bytes(line)
        with self._lock:
            return self._lib.cascade_session_respond(self._live(), data, len(data)).decode("utf-8")

    def respond(self, request):
        """One request as a dict in, its response as a dict out; raises CascadeError with the
        session's message when the response is an error."""
        line = json.dumps(request, separators=(",", ":"), allow_nan=False)
        with self._lock:
            response = json.loads(self.respond_line(line))
            if not response.get("ok"):
                raise CascadeError(response.get("error", ""), self._lib.cascade_session_last_error_code(self._handle))
        return response

    def load(self, collection):
        """{"op":"load"}: replaces the collection; returns the content size (width, height)."""
        return tuple(self.respond({"op": "load", "collection": collection})["contentSize"])

    # Typed queries

    def query(self, rect):
        """The rect query of (x, y, width, height): a list of Element, as {"op":"query"} answers."""
        r = _rect(rect)
        with self._lock:
            handle = self._live()
            n = self._lib.cascade_session_query(handle, r, self._buffer, len(self._buffer))
            if n > len(self._buffer):
                self._buffer = (_Element * (2 * n))()
                n = self._lib.cascade_session_query(handle, r, self._buffer, len(self._buffer))
            self._check(self._lib.cascade_session_last_error_code(handle))
            return _elements(self._buffer, n)

    def count(self, rect):
        """How many elements the rect query of `rect` has (nothing is converted to Python)."""
        with self._lock:
            n = self._lib.cascade_session_query(self._live(), _rect(rect), None, 0)
            self._check(self._lib.cascade_session_last_error_code(self._handle))
            return n

    def point(self, x, y):
        """The element at (x, y), or None, as {"op":"point"} answers."""
        out = _Element()
        with self._lock:
            hit = self._lib.cascade_session_point(self._live(), float(x), float(y), ctypes.byref(out))
            self._check(self._lib.cascade_session_last_error_code(self._handle))
        return _element(out) if hit else None

    def content_size(self):
        """(width, height); (0, 0) with no collection loaded."""
        width, height = ctypes.c_double(), ctypes.c_double()
        with self._lock:
            self._lib.cascade_session_content_size(self._live(), ctypes.byref(width), ctypes.byref(height))
        return (width.value, height.value)

    def frame(self, section, item):
        """The frame of one item, as {"op":"frame"} answers; raises for an index out of range."""
        out = _Rect()
        with self._lock:
            self._check(self._lib.cascade_session_frame(self._live(), section, item, ctypes.byref(out)))
        return (out.x, out.y, out.width, out.height)

    def section_count(self):
        with self._lock:
            return self._lib.cascade_session_section_count(self._live())

    def item_count(self, section):
        with self._lock:
            return self._lib.cascade_session_item_count(self._live(), section)

    def generation(self):
        """How many times the collection has changed."""
        with self._lock:
            return self._lib.cascade_session_generation(self._live())

    def copy(self):
        """A new Session with the same collection (storage shared until either changes)."""
        with self._lock:
            handle = self._lib.cascade_session_copy(self._live())
        return Session(_handle=handle)

    # Typed updates: each raises CascadeError as its JSON request would.

    def _update(self, function, *arguments):
        with self._lock:
            self._check(function(self._live(), *arguments))

    def append_heights(self, section, heights):
        values, pointer = _doubles(heights)
        self._update(self._lib.cascade_session_append_heights, section, pointer, len(values))

    def append_sizes(self, section, sizes):
        values, pointer = _pairs(sizes)
        self._update(self._lib.cascade_session_append_sizes, section, pointer, len(values) // 2)

    def append_items(self, section, items):
        converted = _items(items)
        self._update(self._lib.cascade_session_append_items, section, converted, len(converted))

    def insert_heights(self, section, at, heights):
        values, pointer = _doubles(heights)
        self._update(self._lib.cascade_session_insert_heights, section, at, pointer, len(values))

    def insert_sizes(self, section, at, sizes):
        values, pointer = _pairs(sizes)
        self._update(self._lib.cascade_session_insert_sizes, section, at, pointer, len(values) // 2)

    def insert_items(self, section, at, items):
        converted = _items(items)
        self._update(self._lib.cascade_session_insert_items, section, at, converted, len(converted))

    def update_heights(self, section, at, heights):
        values, pointer = _doubles(heights)
        self._update(self._lib.cascade_session_update_heights, section, at, pointer, len(values))

    def update_sizes(self, section, at, sizes):
        values, pointer = _pairs(sizes)
        self._update(self._lib.cascade_session_update_sizes, section, at, pointer, len(values) // 2)

    def update_items(self, section, at, items):
        converted = _items(items)
        self._update(self._lib.cascade_session_update_items, section, at, converted, len(converted))

    def delete_items(self, section, at, count):
        self._update(self._lib.cascade_session_delete_items, section, at, count)

    def insert_section(self, at, items=()):
        converted = _items(items)
        self._update(self._lib.cascade_session_insert_section, at, converted, len(converted))

    def delete_section(self, at):
        self._update(self._lib.cascade_session_delete_section, at)

    def set_width(self, width):
        self._update(self._lib.cascade_session_set_width, float(width))


# ---- The viewport -----------------------------------------------------------------------------

class Viewport:
    """The collection-view model over a session (cascade_viewport): set a rect, learn what
    appeared, disappeared and moved since the last one, including through the session's changes
    (see cascade.h). Shares its session's lock."""

    def __init__(self, session):
        self._session = session
        self._lib = session._lib
        with session._lock:
            self._handle = self._lib.cascade_viewport_create(session._live())
        self._buffer = (_Element * 256)()
        self._moves = (_Move * 64)()

    def close(self):
        with self._session._lock:
            if self._handle:
                self._lib.cascade_viewport_destroy(self._handle)
                self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def _live(self):
        if not self._handle:
            raise CascadeError("viewport: closed", ERROR_INVALID_ARGUMENT)
        return self._handle

    def _read(self, reader):
        n = reader(self._handle, self._buffer, len(self._buffer))
        if n > len(self._buffer):
            self._buffer = (_Element * (2 * n))()
            n = reader(self._handle, self._buffer, len(self._buffer))
        return _elements(self._buffer, n)

    def _moved(self):
        n = self._lib.cascade_viewport_moved(self._handle, self._moves, len(self._moves))
        if n > len(self._moves):
            self._moves = (_Move * (2 * n))()
            n = self._lib.cascade_viewport_moved(self._handle, self._moves, len(self._moves))
        return _moves(self._moves, n)

    def _change(self):
        return ViewportChange(self._read(self._lib.cascade_viewport_appeared),
                              self._read(self._lib.cascade_viewport_disappeared), self._moved())

    def set_rect(self, rect):
        """Moves the viewport to (x, y, width, height); returns a ViewportChange."""
        r = _rect(rect)
        with self._session._lock:
            status = self._lib.cascade_viewport_set_rect(self._live(), r)
            if status not in (OK, ERROR_NO_COLLECTION):
                self._session._check(status)
            return self._change()

    def refresh(self):
        """The current rect again: what the session's changes since the last call did to it."""
        with self._session._lock:
            self._lib.cascade_viewport_refresh(self._live())
            return self._change()

    def reset(self):
        """Forgets what was shown: the next step reports everything in its rect as appeared."""
        with self._session._lock:
            self._lib.cascade_viewport_reset(self._live())

    @property
    def rect(self):
        with self._session._lock:
            r = self._lib.cascade_viewport_rect(self._live())
        return (r.x, r.y, r.width, r.height)

    @property
    def visible(self):
        with self._session._lock:
            self._live()
            return self._read(self._lib.cascade_viewport_visible)
