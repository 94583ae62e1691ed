#!/usr/bin/env python3
"""A masonry feed served from Cascade layouts: one layout per window width, kept in memory.

    python3 Examples/feed-server/server.py            # 1,000,000 items on http://127.0.0.1:8000/
    python3 Examples/feed-server/server.py --items 50000 --port 0

Endpoints (JSON unless said otherwise):
    GET /                                   index.html: an endless masonry wall that fetches only
                                            what is visible
    GET /layout?width=W                     {"width", "items", "contentSize", "sections": [{"items"}]}
    GET /visible?width=W&top=Y&height=H     {"width", "top", "height", "contentSize", "elements": [...]}:
                                            the elements of the rect (0, Y, W, H), each the protocol's
                                            element plus the item's "color" and "image" size

The feed is `items` pictures of deterministic sizes (a seeded SplitMix64), in one section, laid
out with adaptive columns (minColumnWidth 236). The base layout is built once at start with typed
appends in chunks (loading a million items through one JSON line works too, but is slower); each
width gets a copy of it (cascade_session_copy shares the storage) laid out again for that width,
and the WIDTHS most recently asked for stay in memory (an LRU). Every layout is a
cascade.Session, whose own lock serialises the requests that share it; ctypes releases the GIL
in each call, so requests for different widths run in parallel.

Only loopback by default (--host 127.0.0.1).
"""

import argparse
import array
import collections
import json
import os
import pathlib
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "Bindings" / "python"))
import cascade  # noqa: E402

LAYOUT = {"minColumnWidth": 236, "columnSpacing": 12, "itemSpacing": 12,
          "insets": {"top": 12, "left": 12, "bottom": 12, "right": 12}}
MIN_WIDTH, MAX_WIDTH = 120, 8192
MAX_BAND = 20000  # the tallest band /visible answers, in points
CHUNK = 65536     # items per typed append


class SplitMix64:
    """The generator Cascade's tests and benchmarks use: the same feed on every machine."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)


def feed_sizes(items, seed):
    """The pictures' (width, height) pairs, flattened: widths 400...1200, aspect ratios from
    2:3 portrait to 16:9 landscape. An array('d'), ready for cascade_session_append_sizes."""
    rng = SplitMix64(seed)
    sizes = array.array("d", bytes(16 * items))
    ratios = (2 / 3, 3 / 4, 4 / 5, 1.0, 1.0, 5 / 4, 4 / 3, 3 / 2, 16 / 9)
    for i in range(items):
        r = rng.next()
        width = 400 + (r & 0x3FF) % 801
        sizes[2 * i] = width
        sizes[2 * i + 1] = round(width / ratios[(r >> 10) % len(ratios)])
    return sizes


def item_color(index):
    """A stable colour per item, for the page."""
    hue = (index * 137.508) % 360
    return "hsl(%d,55%%,%d%%)" % (hue, 58 + index % 3 * 6)


class Feed:
    """The feed's layouts: the base one, and an LRU of one per width."""

    def __init__(self, items=1_000_000, seed=7, widths=4):
        self.items = items
        self.seed = seed
        self.capacity = widths
        started = time.perf_counter()
        self.sizes = feed_sizes(items, seed)
        generated = time.perf_counter()
        self.base = cascade.Session()
        self.base_width = 1024
        self.base.load({"width": self.base_width, "layout": LAYOUT, "sections": [{}]})
        for start in range(0, items, CHUNK):
            end = min(items, start + CHUNK)
            self.base.append_sizes(0, self.sizes[2 * start:2 * end])
        self.load_seconds = (generated - started, time.perf_counter() - generated)
        self._layouts = collections.OrderedDict()
        self._lock = threading.Lock()
        self._building = {}
        self.built = 0

    def session(self, width):
        """The layout for `width`, laid out on first use; the least recently used one leaves
        when more than `capacity` widths are kept."""
        with self._lock:
            session = self._layouts.get(width)
            if session is not None:
                self._layouts.move_to_end(width)
                return session
            building = self._building.get(width)
            if building is None:
                building = self._building[width] = threading.Event()
                owner = True
            else:
                owner = False
        if not owner:
            building.wait()
            return self.session(width)
        try:
            session = self.base.copy()
            if width != self.base_width:
                session.set_width(width)
            with self._lock:
                self._layouts[width] = session
                self.built += 1
                while len(self._layouts) > self.capacity:
                    # Not closed here: a request may still hold it. The last reference frees it.
                    self._layouts.popitem(last=False)
            return session
        finally:
            with self._lock:
                del self._building[width]
            building.set()

    def widths(self):
        with self._lock:
            return list(self._layouts)

    def layout(self, width):
        session = self.session(width)
        return {"width": width, "items": self.items, "contentSize": list(session.content_size()),
                "sections": [{"items": session.item_count(s)} for s in range(session.section_count())]}

    def visible(self, width, top, height):
        session = self.session(width)
        elements = []
        for element in session.query((0, top, width, height)):
            answer = element.to_json()
            if element.item is not None:
                answer["color"] = item_color(element.item)
                answer["image"] = [self.sizes[2 * element.item], self.sizes[2 * element.item + 1]]
            elements.append(answer)
        return {"width": width, "top": top, "height": height,
                "contentSize": list(session.content_size()), "elements": elements}

    def close(self):
        with self._lock:
            for session in self._layouts.values():
                session.close()
            self._layouts.clear()
        self.base.close()


class BadRequest(Exception):
    pass


def _number(query, name, low, high, integer=False):
    values = query.get(name)
    if not values:
        raise BadRequest("%s: required" % name)
    try:
        value = int(values[0]) if integer else float(values[0])
    except ValueError:
        raise BadRequest("%s: not a number: %r" % (name, values[0]))
    if not (low <= value <= high):
        raise BadRequest("%s: must be in %s...%s" % (name, low, high))
    return value


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: a scrolling page reuses its connection
    # Headers and body go out in separate writes; with Nagle's algorithm on, the body then waits
    # for the client's delayed ACK (~40 ms a response on a kept-alive connection).
    disable_nagle_algorithm = True
    server_version = "CascadeFeed/1"

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)

    def _send(self, status, body, content_type="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body, separators=(",", ":")).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        feed = self.server.feed
        try:
            if url.path in ("/", "/index.html"):
                self._send(200, (HERE / "index.html").read_bytes(), "text/html; charset=utf-8")
            elif url.path == "/layout":
                self._send(200, feed.layout(_number(query, "width", MIN_WIDTH, MAX_WIDTH, integer=True)))
            elif url.path == "/visible":
                width = _number(query, "width", MIN_WIDTH, MAX_WIDTH, integer=True)
                top = _number(query, "top", -1e12, 1e12)
                height = _number(query, "height", 0, MAX_BAND)
                self._send(200, feed.visible(width, top, height))
            else:
                self._send(404, {"error": "not found: %s" % url.path})
        except BadRequest as error:
            self._send(400, {"error": str(error)})
        except cascade.CascadeError as error:
            self._send(400, {"error": error.message})


class FeedServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address, feed, verbose=False):
        super().__init__(address, Handler)
        self.feed = feed
        self.verbose = verbose


def make_server(host="127.0.0.1", port=0, items=1_000_000, seed=7, widths=4, verbose=False):
    """A server with its feed loaded, not yet serving (call serve_forever, e.g. in a thread)."""
    return FeedServer((host, port), Feed(items, seed, widths), verbose)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--widths", type=int, default=4, help="how many widths' layouts to keep")
    parser.add_argument("--verbose", action="store_true")
    options = parser.parse_args()
    server = make_server(options.host, options.port, options.items, options.seed, options.widths, options.verbose)
    generate, load = server.feed.load_seconds
    print("%d items: generated in %.2f s, laid out in %.2f s; serving http://%s:%d/"
          % (options.items, generate, load, options.host, server.server_address[1]), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        server.feed.close()


if __name__ == "__main__":
    main()
