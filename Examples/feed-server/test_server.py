#!/usr/bin/env python3
"""The feed server against the session's own answers, on loopback, with a smaller feed.

    python3 Examples/feed-server/test_server.py            # or: python3 -m unittest test_server
    FEED_ITEMS=100000 python3 Examples/feed-server/test_server.py

Starts the server on 127.0.0.1 with an ephemeral port, asks it for pages with urllib, checks
every answer against `{"op":"query"}` of an independent cascade.Session laid out with the same
feed at the same width, and prints the pages served per second.
"""

import http.client
import json
import os
import pathlib
import random
import sys
import threading
import time
import unittest
import urllib.error
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent / "Bindings" / "python"))
import cascade  # noqa: E402
import server  # noqa: E402

ITEMS = int(os.environ.get("FEED_ITEMS", "20000"))
SEED = 11


def reference(width):
    """A session holding the feed at `width`, loaded through one JSON load line: independent of
    the server's typed appends, copies and width changes."""
    sizes = server.feed_sizes(ITEMS, SEED)
    items = [{"size": [sizes[2 * i], sizes[2 * i + 1]]} for i in range(ITEMS)]
    session = cascade.Session()
    session.load({"width": width, "layout": server.LAYOUT, "sections": [{"items": items}]})
    return session


class FeedServerTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        started = time.perf_counter()
        cls.server = server.make_server("127.0.0.1", 0, items=ITEMS, seed=SEED, widths=3)
        cls.port = cls.server.server_address[1]
        cls.thread = threading.Thread(target=cls.server.serve_forever, daemon=True)
        cls.thread.start()
        cls.startup = time.perf_counter() - started

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()
        cls.server.feed.close()

    def get(self, path):
        with urllib.request.urlopen("http://127.0.0.1:%d%s" % (self.port, path), timeout=30) as response:
            self.assertEqual(response.status, 200)
            return json.loads(response.read())

    def error(self, path):
        with self.assertRaises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen("http://127.0.0.1:%d%s" % (self.port, path), timeout=30)
        body = json.loads(caught.exception.read())
        return caught.exception.code, body["error"]

    def test_pages_are_the_sessions_query(self):
        rng = random.Random(3)
        for width in (1024, 390, 1600):
            with reference(width) as session:
                layout = self.get("/layout?width=%d" % width)
                self.assertEqual(layout["contentSize"], list(session.content_size()))
                self.assertEqual(layout["sections"], [{"items": ITEMS}])
                height = layout["contentSize"][1]
                for _ in range(40):
                    top = rng.choice([0, rng.uniform(-500, height), height - 844])
                    band = rng.choice([844, 2044, rng.uniform(0, 3000)])
                    page = self.get("/visible?width=%d&top=%r&height=%r" % (width, top, band))
                    expected = session.respond({"op": "query", "rect": [0, top, width, band]})["elements"]
                    got = [{k: v for k, v in e.items() if k not in ("color", "image")} for e in page["elements"]]
                    self.assertEqual(got, expected, (width, top, band))
                    for e in page["elements"]:
                        if e["kind"] == "item":
                            i = e["item"]
                            self.assertEqual(e["image"], [self.server.feed.sizes[2 * i], self.server.feed.sizes[2 * i + 1]])
                    self.assertEqual(page["contentSize"], layout["contentSize"])

    def test_the_page_and_bad_requests(self):
        with urllib.request.urlopen("http://127.0.0.1:%d/" % self.port, timeout=30) as response:
            self.assertIn(b"/visible?width=", response.read())
        self.assertEqual(self.error("/visible?width=1024&top=0"), (400, "height: required"))
        self.assertEqual(self.error("/visible?width=abc&top=0&height=10")[0], 400)
        self.assertEqual(self.error("/layout?width=50"), (400, "width: must be in 120...8192"))
        self.assertEqual(self.error("/visible?width=1024&top=nan&height=10"), (400, "top: must be in -1000000000000.0...1000000000000.0"))
        self.assertEqual(self.error("/nothing")[0], 404)

    def test_widths_stay_in_an_lru(self):
        for width in (700, 701, 702, 703, 701):
            self.get("/layout?width=%d" % width)
        widths = self.server.feed.widths()
        self.assertEqual(len(widths), 3)
        self.assertEqual(widths[-1], 701)
        self.assertNotIn(700, widths)

    def test_pages_per_second(self):
        """Not a check: how many /visible pages a second the server answers, one keep-alive
        client and four at once, for 1024 x 844 bands at random offsets."""
        width = 1024
        height = self.get("/layout?width=%d" % width)["contentSize"][1]
        rng = random.Random(9)
        tops = [rng.uniform(0, height - 844) for _ in range(1500)]

        def client(tops, counts):
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            for top in tops:
                connection.request("GET", "/visible?width=%d&top=%r&height=844" % (width, top))
                response = connection.getresponse()
                body = response.read()
                if response.status != 200 or not body.startswith(b'{"width"'):
                    counts.append(-1)
                counts.append(1)
            connection.close()

        counts = []
        started = time.perf_counter()
        client(tops, counts)
        one = len(tops) / (time.perf_counter() - started)
        counts4 = []
        threads = [threading.Thread(target=client, args=(tops[i::4], counts4)) for i in range(4)]
        started = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        four = len(tops) / (time.perf_counter() - started)
        self.assertNotIn(-1, counts + counts4)
        print("\nfeed server, %d items (started in %.2f s): %.0f pages/s with one keep-alive client, %.0f with four"
              % (ITEMS, self.startup, one, four), file=sys.stderr)


if __name__ == "__main__":
    unittest.main()
