"""The Python binding against the session's own JSON answers.

Run from Bindings/python:  python3 -m unittest -v
(CASCADE_LIB may name libCascadeC.so; else the package's .build folder is searched.)
"""

import array
import json
import math
import random
import struct
import threading
import unittest

import cascade


def bits(values):
    """Doubles as their bit patterns, so that comparisons are to the bit."""
    return tuple(struct.unpack("<Q", struct.pack("<d", v))[0] for v in values)


def key(element):
    """An element (typed or from JSON) compared to the bit."""
    if isinstance(element, dict):
        element = cascade.Element.from_json(element)
    return (element.section, element.kind, element.item, bits(element.frame))


def random_item(rng):
    kind = rng.randrange(5)
    if kind == 0:
        return rng.randrange(121) + rng.random()
    if kind == 1:
        return {"height": rng.randrange(401) / 4}
    if kind == 2:
        return {"size": [rng.randint(1, 9), rng.randint(0, 9)]}
    if kind == 3:
        return {"height": rng.randint(1, 60), "span": rng.randint(1, 4)}
    return {"height": rng.randint(1, 60), "span": "full"}


def random_document(rng, max_items=50):
    sections = []
    for _ in range(rng.randint(1, 4)):
        sections.append({
            "columns": rng.randint(1, 4), "header": rng.choice([0, 0, 30]), "footer": rng.choice([0, 12]),
            "items": [random_item(rng) for _ in range(rng.randint(0, max_items))],
        })
    spacing = rng.choice([0, 8, 10.5])
    return {"width": rng.randint(100, 400) + rng.choice([0, 0.5]),
            "layout": {"columnSpacing": spacing, "itemSpacing": spacing}, "sections": sections}


class TypedAnswersTests(unittest.TestCase):
    """Typed query, point, content size and frame give the JSON answers to the bit."""

    def test_query_equals_json_query(self):
        rng = random.Random(1)
        compared = 0
        for _ in range(60):
            with cascade.Session() as session:
                session.load(random_document(rng))
                width, height = session.content_size()
                for _ in range(15):
                    rect = (rng.choice([0, rng.uniform(-20, width)]), rng.uniform(-50, height + 50),
                            rng.choice([width, rng.uniform(-5, width)]), rng.uniform(-5, 600))
                    typed = [key(e) for e in session.query(rect)]
                    answer = session.respond({"op": "query", "rect": list(rect)})
                    self.assertEqual(typed, [key(e) for e in answer["elements"]], rect)
                    self.assertEqual(session.count(rect), len(typed))
                    compared += len(typed)
        self.assertGreater(compared, 2000)

    def test_point_equals_json_point(self):
        rng = random.Random(2)
        hits = 0
        for _ in range(40):
            with cascade.Session() as session:
                session.load(random_document(rng))
                width, height = session.content_size()
                for _ in range(30):
                    x, y = rng.uniform(-5, width + 5), rng.uniform(-5, height + 5)
                    if rng.random() < 0.3:
                        x, y = float(int(x)), float(int(y))
                    typed = session.point(x, y)
                    answer = session.respond({"op": "point", "point": [x, y]})["element"]
                    self.assertEqual(typed and key(typed), answer and key(answer))
                    hits += typed is not None
        self.assertGreater(hits, 300)

    def test_content_size_and_frames_equal_json(self):
        rng = random.Random(3)
        with cascade.Session() as session:
            self.assertEqual(session.content_size(), (0.0, 0.0))
            size = session.load(random_document(rng))
            self.assertEqual(bits(session.content_size()), bits(size))
            layout = session.respond({"op": "layout"})
            self.assertEqual(session.section_count(), len(layout["sections"]))
            for s, section in enumerate(layout["sections"]):
                self.assertEqual(session.item_count(s), len(section["items"]))
                for i, frame in enumerate(section["items"]):
                    self.assertEqual(bits(session.frame(s, i)), bits(frame))

    def test_viewport_is_the_diff_of_two_queries(self):
        rng = random.Random(4)
        with cascade.Session() as session:
            session.load(random_document(rng, max_items=300))
            width, height = session.content_size()
            with cascade.Viewport(session) as viewport:
                before = []
                for _ in range(100):
                    rect = (0, rng.uniform(-100, height), width, rng.uniform(50, 500))
                    change = viewport.set_rect(rect)
                    now = session.query(rect)
                    old = {(e.section, e.kind, e.item) for e in before}
                    new = {(e.section, e.kind, e.item) for e in now}
                    self.assertEqual([key(e) for e in viewport.visible], [key(e) for e in now])
                    self.assertEqual(change.appeared, [e for e in now if (e.section, e.kind, e.item) not in old])
                    self.assertEqual(change.disappeared, [e for e in before if (e.section, e.kind, e.item) not in new])
                    self.assertEqual(change.moved, [])
                    self.assertEqual(viewport.rect, tuple(float(v) for v in rect))
                    before = now

    def test_viewport_follows_an_insertion(self):
        with cascade.Session() as session:
            session.load({"width": 300, "layout": {"columns": 1, "itemSpacing": 0}, "sections": [{"items": [100] * 5}]})
            with cascade.Viewport(session) as viewport:
                self.assertEqual(len(viewport.set_rect((0, 0, 300, 250)).appeared), 3)
                session.insert_heights(0, 0, [50])
                change = viewport.refresh()
                self.assertEqual([(m.from_.item, m.to.item) for m in change.moved], [(0, 1), (1, 2)])
                self.assertEqual([e.item for e in change.appeared], [0])
                self.assertEqual([e.item for e in change.disappeared], [2])
                session.delete_items(0, 0, 2)
                change = viewport.refresh()
                self.assertEqual([e.item for e in change.disappeared], [0, 1])
                self.assertEqual([(m.from_.item, m.to.item) for m in change.moved], [(2, 0)])


class TypedUpdateTests(unittest.TestCase):
    """A typed update has its JSON twin's effect and message."""

    def twin(self, typed, json_session, call, request):
        try:
            call()
            typed_error = None
        except cascade.CascadeError as error:
            typed_error = error.message
        try:
            json_session.respond(request)
            json_error = None
        except cascade.CascadeError as error:
            json_error = error.message
        self.assertEqual(typed_error, json_error, request)
        self.assertEqual(typed.respond_line('{"op":"layout"}'), json_session.respond_line('{"op":"layout"}'), request)
        return typed_error is None

    def test_typed_updates_equal_json_requests(self):
        rng = random.Random(5)
        applied = refused = 0
        for _ in range(20):
            document = random_document(rng)
            with cascade.Session() as typed, cascade.Session() as viaJSON:
                typed.load(document)
                viaJSON.load(document)
                for _ in range(30):
                    sections = typed.section_count()
                    s = rng.randrange(sections + 1) if rng.random() < 0.9 else -1
                    n = typed.item_count(s)
                    at = rng.randint(0, n + (1 if rng.random() < 0.1 else 0))
                    heights = [rng.randrange(300) + rng.choice([0, 0.5]) for _ in range(rng.randint(0, 3))]
                    if rng.random() < 0.05:
                        heights.append(-1)
                    sizes = [(rng.randint(1, 900) / 3, rng.randint(0, 300)) for _ in range(rng.randint(0, 3))]
                    items = [random_item(rng) for _ in range(rng.randint(0, 3))]
                    op = rng.randrange(10)
                    if op == 0:
                        ok = self.twin(typed, viaJSON, lambda: typed.append_heights(s, heights), {"op": "append", "section": s, "items": heights})
                    elif op == 1:
                        ok = self.twin(typed, viaJSON, lambda: typed.append_sizes(s, sizes), {"op": "append", "section": s, "items": [{"size": list(p)} for p in sizes]})
                    elif op == 2:
                        ok = self.twin(typed, viaJSON, lambda: typed.append_items(s, items), {"op": "append", "section": s, "items": items})
                    elif op == 3:
                        ok = self.twin(typed, viaJSON, lambda: typed.insert_heights(s, at, heights), {"op": "insert", "section": s, "at": at, "items": heights})
                    elif op == 4:
                        ok = self.twin(typed, viaJSON, lambda: typed.insert_items(s, at, items), {"op": "insert", "section": s, "at": at, "items": items})
                    elif op == 5:
                        ok = self.twin(typed, viaJSON, lambda: typed.update_sizes(s, at, sizes), {"op": "update", "section": s, "at": at, "items": [{"size": list(p)} for p in sizes]})
                    elif op == 6:
                        count = rng.randint(-1, 3)
                        ok = self.twin(typed, viaJSON, lambda: typed.delete_items(s, at, count), {"op": "delete", "section": s, "at": at, "count": count})
                    elif op == 7:
                        ok = self.twin(typed, viaJSON, lambda: typed.insert_section(s, items), {"op": "insertSection", "at": s, "section": {"items": items}})
                    elif op == 8:
                        ok = self.twin(typed, viaJSON, lambda: typed.delete_section(s), {"op": "deleteSection", "at": s})
                    else:
                        w = rng.choice([rng.randint(50, 600), -3])
                        ok = self.twin(typed, viaJSON, lambda: typed.set_width(w), {"op": "width", "width": w})
                    applied += ok
                    refused += not ok
        self.assertGreater(applied, 300)
        self.assertGreater(refused, 40)

    def test_array_inputs_are_taken_as_they_are(self):
        with cascade.Session() as a, cascade.Session() as b:
            for s in (a, b):
                s.load({"width": 500, "sections": [{}]})
            a.append_heights(0, array.array("d", [10, 20, 30]))
            a.append_sizes(0, array.array("d", [4, 3, 2, 1]))
            b.append_heights(0, [10, 20, 30])
            b.append_sizes(0, [(4, 3), (2, 1)])
            self.assertEqual(a.respond({"op": "layout"}), b.respond({"op": "layout"}))


class ErrorTests(unittest.TestCase):
    """Errors raise CascadeError with the session's message and code."""

    def test_json_errors_raise_with_the_message(self):
        with cascade.Session() as session:
            with self.assertRaises(cascade.CascadeError) as caught:
                session.respond({"op": "query", "rect": [0, 0, 10, 10]})
            self.assertEqual(caught.exception.message, "op: no collection loaded yet; send a 'load' request first")
            self.assertEqual(caught.exception.code, cascade.ERROR_NO_COLLECTION)
            with self.assertRaises(cascade.CascadeError) as caught:
                session.respond({"op": "fly"})
            self.assertTrue(caught.exception.message.startswith("op: unknown op 'fly'"))
            self.assertEqual(caught.exception.code, cascade.ERROR_INVALID_REQUEST)
            self.assertIn('"ok":false', session.respond_line("not json"))
            session.load({"width": 300, "sections": [{"items": [10, 20]}]})
            with self.assertRaises(cascade.CascadeError) as caught:
                session.respond({"op": "frame", "section": 0, "item": 9})
            self.assertEqual(str(caught.exception), "item: index 9 out of range (0..<2)")
            self.assertEqual(caught.exception.code, cascade.ERROR_REJECTED)

    def test_typed_errors_raise_with_the_message(self):
        with cascade.Session() as session:
            with self.assertRaises(cascade.CascadeError) as caught:
                session.query((0, 0, 10, 10))
            self.assertEqual(caught.exception.code, cascade.ERROR_NO_COLLECTION)
            session.load({"width": 300, "sections": [{"items": [10, 20]}]})
            cases = [
                (lambda: session.append_heights(0, [5, -1]), "items[1]: must be >= 0"),
                (lambda: session.append_heights(3, [5]), "section: index 3 out of range (0..<1)"),
                (lambda: session.append_sizes(0, [(0, 5)]), "items[0].size: width must be > 0"),
                (lambda: session.append_items(0, [{"height": 5, "span": -2}]), "items[0].span: must be an integer >= 1 or full"),
                (lambda: session.delete_items(0, 1, 5), "count: must be in 0...1 (items 1..<2 follow 'at')"),
                (lambda: session.set_width(math.nan), "width: must be finite"),
                (lambda: session.query((0, math.inf, 10, 10)), "rect[1]: must be finite"),
                (lambda: session.point(math.nan, 0), "point[0]: must be finite"),
                (lambda: session.frame(0, 2), "item: index 2 out of range (0..<2)"),
            ]
            for call, message in cases:
                with self.assertRaises(cascade.CascadeError) as caught:
                    call()
                self.assertEqual(caught.exception.message, message)
            self.assertEqual(session.item_count(0), 2)

    def test_closed_sessions_raise(self):
        session = cascade.Session()
        session.close()
        session.close()
        with self.assertRaises(cascade.CascadeError):
            session.query((0, 0, 1, 1))

    def test_sessions_work_from_threads(self):
        # Different sessions in parallel, and one session shared under its lock.
        shared = cascade.Session()
        shared.load({"width": 400, "sections": [{"items": [50] * 1000}]})
        expected = [key(e) for e in shared.query((0, 1000, 400, 800))]
        problems = []

        def work(seed):
            own = cascade.Session()
            own.load({"width": 400, "sections": [{"items": [50] * 1000}]})
            for _ in range(200):
                if [key(e) for e in own.query((0, 1000, 400, 800))] != expected:
                    problems.append("own")
                if [key(e) for e in shared.query((0, 1000, 400, 800))] != expected:
                    problems.append("shared")
            own.close()

        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        shared.close()
        self.assertEqual(problems, [])


if __name__ == "__main__":
    unittest.main()
