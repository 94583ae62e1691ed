#!/usr/bin/env python3
"""The C interface's costs, each beside the others, measured in the same run.

    python3 Examples/bench_bindings.py [--items 1000000] [--queries 20000]

The collection: one section of `items` heights 50...300 (SplitMix64, seed 42), width 1024,
4 columns. The queries: 1024 x 844 rects at random offsets (SplitMix64, seed 7), the same ones
everywhere. Measured:

  1. C, typed:             Examples/c/query_bench (cascade_session_query into a caller buffer)
  2. Python, typed:        cascade.Session.query (ctypes call + one namedtuple per element),
                           and Session.count (the ctypes call alone)
  3. Python, JSON in-process: Session.respond_line('{"op":"query",...}') + json.loads
  4. `cascade session` over a pipe: the same JSON lines through `swift run -c release cascade
     session`, one request written and its response line read at a time (then also parsed)
  5. The feed server: GET /visible pages (1024 x 844 at random offsets) of its own 1M-item feed,
     server in a subprocess, one keep-alive client

Needs the release builds: swift build -c release --product CascadeC, Examples/c/build.sh.
Prints a Markdown table; the machine's load average is printed with it (the build machine is
shared, so each timed loop is split in 20 batches and the median batch is reported, with the
fastest beside it).
"""

import argparse
import http.client
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Bindings" / "python"))
import cascade  # noqa: E402

MASK = 0xFFFFFFFFFFFFFFFF


def splitmix(seed):
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def heights(items):
    numbers = splitmix(42)
    return [float(50 + next(numbers) % 251) for _ in range(items)]


def offsets(count, content_height):
    numbers = splitmix(7)
    return [(next(numbers) >> 11) * 2.0 ** -53 * (content_height - 844) for _ in range(count)]


def batched(run, count, batches=20):
    """Runs run(i) for i in 0 ..< count in `batches` batches; returns (median, fastest) in µs per call."""
    per = count // batches
    times = []
    for b in range(batches):
        started = time.perf_counter()
        for i in range(b * per, (b + 1) * per):
            run(i)
        times.append((time.perf_counter() - started) * 1e6 / per)
    return statistics.median(times), min(times)


def rect_line(y):
    return '{"op":"query","rect":[0,%r,1024,844]}' % y


def main():
    parser = argparse.ArgumentParser(description="C interface benchmarks")
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=20_000)
    parser.add_argument("--pages", type=int, default=4_000)
    options = parser.parse_args()
    n, q = options.items, options.queries
    rows = []

    # 1. C
    bench = ROOT / ".build" / "examples-c" / "query_bench"
    c = json.loads(subprocess.run([str(bench), str(n), str(q)], check=True, capture_output=True, text=True).stdout)
    rows.append(("C, typed `cascade_session_query`", c["query_ns"] / 1000, c["query_ns_best"] / 1000, "%.1f answers" % c["answers"]))
    rows.append(("C, viewport step (random jump: query + diff + lists)", c["viewport_ns"] / 1000, c["viewport_ns_best"] / 1000, ""))
    rows.append(("C, viewport step (scrolling 7 pt a frame)", c["scroll_step_ns"] / 1000, c["scroll_step_ns_best"] / 1000, ""))

    # 2, 3. Python, the same collection built with typed appends in chunks.
    values = heights(n)
    session = cascade.Session()
    session.load({"width": 1024, "layout": {"columns": 4}, "sections": [{}]})
    started = time.perf_counter()
    for start in range(0, n, 65536):
        session.append_heights(0, values[start:start + 65536])
    python_load = time.perf_counter() - started
    width, height = session.content_size()
    assert height == c["content_height"], (height, c["content_height"])
    ys = offsets(q, height)
    rects = [(0.0, y, 1024.0, 844.0) for y in ys]
    answers = sum(session.count(r) for r in rects[:1000]) / 1000
    typed = batched(lambda i: session.query(rects[i]), q)
    counted = batched(lambda i: session.count(rects[i]), q)
    lines = [rect_line(y) for y in ys]
    in_process = batched(lambda i: json.loads(session.respond_line(lines[i])), q)
    rows.append(("Python, typed `Session.query` (list of namedtuples)", typed[0], typed[1], "%.1f answers" % answers))
    rows.append(("Python, typed `Session.count` (the ctypes call alone)", counted[0], counted[1], ""))
    rows.append(("Python, JSON through `cascade_session_respond` + `json.loads`", in_process[0], in_process[1], ""))

    # 4. `cascade session` over a pipe: the same lines.
    command = os.environ.get("CASCADE_SESSION_COMMAND", "swift run -c release cascade session").split()
    # Buffered pipes (an unbuffered readline reads a byte per system call), flushed per request.
    process = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1 << 16)
    load = json.dumps({"op": "load", "collection": {"width": 1024, "layout": {"columns": 4}, "sections": [{"items": values}]}},
                      separators=(",", ":")).encode() + b"\n"
    started = time.perf_counter()
    process.stdin.write(load)
    process.stdin.flush()
    loaded = json.loads(process.stdout.readline())
    pipe_load = time.perf_counter() - started
    assert loaded["contentSize"][1] == height, loaded
    encoded = [line.encode() + b"\n" for line in lines]
    check = {}

    def round_trip(i):
        process.stdin.write(encoded[i])
        process.stdin.flush()
        response = process.stdout.readline()
        if i < 200:
            check[i] = response

    piped = batched(round_trip, q)

    def round_trip_parsed(i):
        process.stdin.write(encoded[i])
        process.stdin.flush()
        json.loads(process.stdout.readline())

    piped_parsed = batched(round_trip_parsed, q)
    for i, response in check.items():
        assert json.loads(response) == json.loads(session.respond_line(lines[i])), i
    process.stdin.close()
    process.wait()
    rows.append(("`cascade session` over a pipe (write a line, read its response line)", piped[0], piped[1], ""))
    rows.append(("`cascade session` over a pipe, response parsed with `json.loads`", piped_parsed[0], piped_parsed[1], ""))

    # 5. The feed server.
    server = subprocess.Popen([sys.executable, str(ROOT / "Examples" / "feed-server" / "server.py"), "--port", "0", "--items", str(n)],
                              stdout=subprocess.PIPE, text=True)
    try:
        banner = server.stdout.readline()
        port = int(banner.rsplit(":", 1)[1].strip("/\n "))
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/layout?width=1024")
        feed_height = json.loads(connection.getresponse().read())["contentSize"][1]
        page_offsets = offsets(options.pages, feed_height)

        def page(i):
            connection.request("GET", "/visible?width=1024&top=%r&height=844" % page_offsets[i])
            response = connection.getresponse()
            body = response.read()
            assert response.status == 200 and body.startswith(b'{"width"')

        served = batched(page, options.pages)
        connection.close()
    finally:
        server.terminate()
        server.wait()
    rows.append(("Feed server, GET /visible (1024 x 844 page, keep-alive client)", served[0], served[1],
                 "%.0f pages/s" % (1e6 / served[0])))

    pipe = piped[0]
    print("\n%d items, %d queries of a 1024 x 844 viewport at random offsets; load average %s\n"
          % (n, q, " ".join("%.2f" % v for v in os.getloadavg())))
    print("| path | µs per query (median batch) | fastest batch | vs. the pipe | |")
    print("| --- | ---: | ---: | ---: | --- |")
    for name, median, best, note in rows:
        print("| %s | %.2f | %.2f | %.1f× | %s |" % (name, median, best, pipe / median, note))
    print("\nloading %d items: C typed appends %.2f s, Python typed appends %.2f s, one JSON load line over the pipe %.2f s"
          % (n, c["load_s"], python_load, pipe_load))


if __name__ == "__main__":
    main()
