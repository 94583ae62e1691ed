/* How long a typed query takes from C: a 1024 x 844 viewport at random offsets on a 1M-item
   waterfall (width 1024, 4 columns, heights 50...300). Examples/bench_bindings.py runs the same
   queries from Python, through the feed server and through `cascade session` over a pipe.

   Usage: query_bench [items] [queries]      (defaults 1000000 and 200000)
   Prints one line of JSON: the load time, and for the rect query, the point query, a viewport
   step to a random offset and a viewport step scrolling 7 points, the median and the fastest of
   20 batches in ns per call (`query_ns`, `query_ns_best`, ...). */

#define _POSIX_C_SOURCE 200809L /* strdup, clock_gettime */
#include "cascade.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* SplitMix64, as in Examples/bench_bindings.py: the same heights and offsets there and here. */
static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static cascade_session *s;
static cascade_viewport *v;
static double *offsets;
static cascade_element buffer[256];
static cascade_move moves[256];
static size_t answers = 0;
static double checksum = 0;

/* A 1024 x 844 rect query at offset i. */
static void run_query(size_t i) {
  size_t n = cascade_session_query(s, (cascade_rect){0, offsets[i], 1024, 844}, buffer, 256);
  answers += n;
  checksum += buffer[n - 1].frame.y;
}

/* A point query in the middle of that rect. */
static void run_point(size_t i) {
  cascade_element hit;
  checksum += cascade_session_point(s, 300, offsets[i] + 400, &hit);
}

/* A viewport step to offset i (a jump): the query, the diff with the previous rect, the lists. */
static void run_viewport(size_t i) {
  cascade_viewport_set_rect(v, (cascade_rect){0, offsets[i], 1024, 844});
  checksum += (double)cascade_viewport_appeared(v, buffer, 256);
  checksum += (double)cascade_viewport_disappeared(v, buffer, 256);
  checksum += (double)cascade_viewport_moved(v, moves, 256);
}

/* A viewport step while scrolling 7 points a frame, as a toolkit does. */
static void run_scroll(size_t i) {
  cascade_viewport_set_rect(v, (cascade_rect){0, 7.0 * (double)i, 1024, 844});
  checksum += (double)cascade_viewport_appeared(v, buffer, 256);
  checksum += (double)cascade_viewport_disappeared(v, buffer, 256);
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Runs body(0 ..< count) in 20 batches; out[0] is the median batch's ns per call, out[1] the
   fastest batch's. */
static void measure(void (*body)(size_t), size_t count, double out[2]) {
  enum { BATCHES = 20 };
  double ns[BATCHES];
  size_t per = count / BATCHES;
  for (int b = 0; b < BATCHES; b++) {
    double start = now();
    for (size_t i = (size_t)b * per; i < (size_t)(b + 1) * per; i++) body(i);
    ns[b] = (now() - start) * 1e9 / (double)per;
  }
  qsort(ns, BATCHES, sizeof ns[0], compare);
  out[0] = (ns[BATCHES / 2 - 1] + ns[BATCHES / 2]) / 2;
  out[1] = ns[0];
}

int main(int argc, char **argv) {
  size_t items = argc > 1 ? strtoull(argv[1], NULL, 10) : 1000000;
  size_t queries = argc > 2 ? strtoull(argv[2], NULL, 10) : 200000;
  s = cascade_session_create();
  const char *load = "{\"op\":\"load\",\"collection\":{\"width\":1024,\"layout\":{\"columns\":4},\"sections\":[{}]}}";
  cascade_session_respond(s, load, strlen(load));

  double start = now();
  uint64_t state = 42;
  double chunk[65536];
  for (size_t done = 0; done < items;) {
    size_t n = items - done < 65536 ? items - done : 65536;
    for (size_t i = 0; i < n; i++) chunk[i] = (double)(50 + next_random(&state) % 251);
    if (cascade_session_append_heights(s, 0, chunk, n) != CASCADE_OK) {
      fprintf(stderr, "append: %s\n", cascade_session_last_error(s));
      return 1;
    }
    done += n;
  }
  double load_s = now() - start;
  double width, height;
  cascade_session_content_size(s, &width, &height);

  offsets = malloc(queries * sizeof *offsets);
  if (!offsets) return 1;
  state = 7;
  for (size_t i = 0; i < queries; i++) offsets[i] = (double)(next_random(&state) >> 11) * 0x1p-53 * (height - 844);

  /* Each measurement runs its loop in 20 batches and keeps the median and the fastest batch:
     the build machine is shared, and a batch that another process interrupted says nothing
     about the library. */
  v = cascade_viewport_create(s);
  double query[2], point[2], viewport[2], scroll[2];
  measure(run_query, queries, query);
  double answers_per_query = (double)answers / (double)queries;
  measure(run_point, queries, point);
  measure(run_viewport, queries, viewport);
  measure(run_scroll, queries, scroll);

  printf("{\"items\":%zu,\"queries\":%zu,\"content_height\":%.17g,\"load_s\":%.4f,"
         "\"query_ns\":%.1f,\"query_ns_best\":%.1f,\"answers\":%.2f,\"point_ns\":%.1f,\"point_ns_best\":%.1f,"
         "\"viewport_ns\":%.1f,\"viewport_ns_best\":%.1f,\"scroll_step_ns\":%.1f,\"scroll_step_ns_best\":%.1f,"
         "\"checksum\":%.17g}\n",
         items, queries, height, load_s, query[0], query[1], answers_per_query, point[0], point[1],
         viewport[0], viewport[1], scroll[0], scroll[1], checksum);
  cascade_viewport_destroy(v);
  cascade_session_destroy(s);
  free(offsets);
  return 0;
}
