/* A C toolkit's view of libCascadeC, and the proof that its typed answers are the session's
   JSON answers.

   1. Loads a collection through cascade_session_respond (JSON), like any client of the protocol.
   2. Scrolls a cascade_viewport through it, keeping a widget pool the way a toolkit would: drop
      what disappeared, re-key and re-place what moved, create what appeared. After every step
      the pool must hold exactly the typed query's answer, which must be the JSON query's answer
      to the bit (frames parsed from the JSON text with strtod, which reads the protocol's
      shortest round-trip digits back to the same double).
   3. Applies typed updates (insert, delete, update, append, sections, width) to the session and
      each update's JSON twin to a second session: both layouts must print the same bytes, a
      refused update must fail with the JSON error's message, and the viewport must tell the pool
      how to follow every change.
   4. Compares typed point queries with the JSON ones.

   Exits 0 when everything agrees, 1 at the first mismatch (printed). Build: ./build.sh. */

#define _POSIX_C_SOURCE 200809L /* strdup, clock_gettime */
#include "cascade.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Small helpers ----------------------------------------------------------------------- */

static int failures = 0;

static void fail(const char *format, ...) {
  va_list args;
  va_start(args, format);
  fprintf(stderr, "MISMATCH: ");
  vfprintf(stderr, format, args);
  fprintf(stderr, "\n");
  va_end(args);
  failures++;
}

/* SplitMix64: the same deterministic numbers on every machine. */
static uint64_t rng_state = 2024;
static uint64_t next_random(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static int random_int(int low, int high) { return low + (int)(next_random() % (uint64_t)(high - low + 1)); }

/* A growable string for building JSON requests. */
typedef struct { char *text; size_t length, capacity; } buffer;
static void append(buffer *b, const char *format, ...) {
  for (;;) {
    va_list args;
    va_start(args, format);
    int n = vsnprintf(b->text + b->length, b->capacity - b->length, format, args);
    va_end(args);
    if (n < 0) abort();
    if (b->length + (size_t)n < b->capacity) { b->length += (size_t)n; return; }
    b->capacity = 2 * (b->capacity + (size_t)n);
    b->text = realloc(b->text, b->capacity);
    if (!b->text) abort();
  }
}
static void clear(buffer *b) { b->length = 0; if (b->text) b->text[0] = 0; }

static const char *respond(cascade_session *s, const buffer *request) {
  return cascade_session_respond(s, request->text, request->length);
}
static const char *respond_text(cascade_session *s, const char *request) {
  return cascade_session_respond(s, request, strlen(request));
}

/* The same element, to the bit. */
static int same_element(const cascade_element *a, const cascade_element *b) {
  return a->section == b->section && a->kind == b->kind && a->item == b->item &&
         memcmp(&a->frame, &b->frame, sizeof a->frame) == 0;
}
static void print_element(const char *label, const cascade_element *e) {
  fprintf(stderr, "  %s: section %" PRId32 " kind %" PRId32 " item %" PRId64 " frame [%.17g, %.17g, %.17g, %.17g]\n",
          label, e->section, e->kind, e->item, e->frame.x, e->frame.y, e->frame.width, e->frame.height);
}

/* ---- Reading the JSON answers, minimally ------------------------------------------------- */

/* Parses one element object starting at `p` ({"section":..,"kind":"..",["item":..,]"frame":[..]})
   into `out`; returns the position after it, or NULL. */
static const char *parse_element(const char *p, cascade_element *out) {
  const char *q = strstr(p, "\"section\":");
  if (!q) return NULL;
  out->section = (int32_t)strtol(q + 10, (char **)&q, 10);
  if (strncmp(q, ",\"kind\":\"", 9) != 0) return NULL;
  q += 9;
  if (strncmp(q, "header\"", 7) == 0) { out->kind = CASCADE_HEADER; q += 7; }
  else if (strncmp(q, "item\"", 5) == 0) { out->kind = CASCADE_ITEM; q += 5; }
  else if (strncmp(q, "footer\"", 7) == 0) { out->kind = CASCADE_FOOTER; q += 7; }
  else return NULL;
  out->item = -1;
  if (strncmp(q, ",\"item\":", 8) == 0) out->item = strtoll(q + 8, (char **)&q, 10);
  if (strncmp(q, ",\"frame\":[", 10) != 0) return NULL;
  q += 10;
  double *f[4] = {&out->frame.x, &out->frame.y, &out->frame.width, &out->frame.height};
  for (int i = 0; i < 4; i++) {
    *f[i] = strtod(q, (char **)&q);
    if (*q != (i < 3 ? ',' : ']')) return NULL;
    q++;
  }
  return *q == '}' ? q + 1 : NULL;
}

/* The elements of a JSON response's "elements" array; returns their count (at most `capacity`
   stored), or -1 when the response is not an ok answer. */
static long parse_elements(const char *response, cascade_element *out, size_t capacity) {
  if (strncmp(response, "{\"ok\":true", 10) != 0) return -1;
  const char *p = strstr(response, "\"elements\":[");
  if (!p) return -1;
  p += 12;
  long n = 0;
  while (*p == '{') {
    cascade_element e;
    p = parse_element(p, &e);
    if (!p) return -1;
    if ((size_t)n < capacity) out[n] = e;
    n++;
    if (*p == ',') p++;
  }
  return n;
}

/* The message of an error line, copied to `out`. */
static void error_message(const char *response, char *out, size_t size) {
  const char *p = strstr(response, "\"error\":\"");
  out[0] = 0;
  if (!p) return;
  p += 9;
  size_t n = 0;
  while (p[n] && !(p[n] == '"' && p[n - 1] != '\\') && n + 1 < size) n++;
  memcpy(out, p, n);
  out[n] = 0;
}

/* ---- The toolkit's widget pool ----------------------------------------------------------- */

#define MAX_WIDGETS 4096
typedef struct { cascade_element element; int live; } widget;
static widget pool[MAX_WIDGETS];
static size_t pool_live = 0, pool_high = 0; /* live widgets; slots ever used */
static long created = 0, recycled = 0, rekeyed = 0;

static widget *find_widget(const cascade_element *key) {
  for (size_t i = 0; i < pool_high; i++)
    if (pool[i].live && pool[i].element.section == key->section && pool[i].element.kind == key->kind &&
        pool[i].element.item == key->item)
      return &pool[i];
  return NULL;
}

/* Follows one viewport step: what disappeared is recycled, what moved is re-keyed and placed,
   what appeared is dequeued and placed. */
static void follow(cascade_viewport *v) {
  static cascade_element list[MAX_WIDGETS];
  static cascade_move moves[MAX_WIDGETS];
  size_t n = cascade_viewport_disappeared(v, list, MAX_WIDGETS);
  if (n > MAX_WIDGETS) { fail("more than %d disappeared", MAX_WIDGETS); return; }
  for (size_t i = 0; i < n; i++) {
    widget *w = find_widget(&list[i]);
    if (!w || !same_element(&w->element, &list[i])) { fail("disappeared element was not shown as reported"); print_element("gone", &list[i]); continue; }
    w->live = 0; pool_live--; recycled++;
  }
  /* Moves are re-keyed in two passes, so that a widget taking another's old key finds it free. */
  n = cascade_viewport_moved(v, moves, MAX_WIDGETS);
  static widget *moving[MAX_WIDGETS];
  for (size_t i = 0; i < n; i++) {
    moving[i] = find_widget(&moves[i].from);
    if (!moving[i] || !same_element(&moving[i]->element, &moves[i].from)) { fail("moved element was not shown as reported"); moving[i] = NULL; continue; }
    moving[i]->live = 0;
  }
  for (size_t i = 0; i < n; i++) {
    if (!moving[i]) continue;
    moving[i]->element = moves[i].to; moving[i]->live = 1; rekeyed++;
  }
  n = cascade_viewport_appeared(v, list, MAX_WIDGETS);
  for (size_t i = 0; i < n; i++) {
    if (find_widget(&list[i])) { fail("appeared element is already shown"); continue; }
    size_t slot = 0;
    while (slot < MAX_WIDGETS && pool[slot].live) slot++;
    if (slot == MAX_WIDGETS) { fail("pool full"); return; }
    pool[slot].element = list[i]; pool[slot].live = 1; pool_live++; created++;
    if (slot + 1 > pool_high) pool_high = slot + 1;
  }
}

/* The pool holds exactly the typed query's answer, which is the JSON query's answer. */
static void check_rect(cascade_session *s, cascade_viewport *v, const char *when) {
  static cascade_element typed[MAX_WIDGETS], json[MAX_WIDGETS];
  cascade_rect r = cascade_viewport_rect(v);
  size_t n = cascade_session_query(s, r, typed, MAX_WIDGETS);
  static buffer request;
  clear(&request);
  append(&request, "{\"op\":\"query\",\"rect\":[%.17g,%.17g,%.17g,%.17g]}", r.x, r.y, r.width, r.height);
  long m = parse_elements(respond(s, &request), json, MAX_WIDGETS);
  if (m < 0 || (size_t)m != n) { fail("%s: typed query has %zu answers, JSON %ld", when, n, m); return; }
  for (size_t i = 0; i < n; i++)
    if (!same_element(&typed[i], &json[i])) {
      fail("%s: answer %zu differs", when, i);
      print_element("typed", &typed[i]);
      print_element("json ", &json[i]);
      return;
    }
  if (pool_live != n) { fail("%s: the pool holds %zu widgets, the rect %zu elements", when, pool_live, n); return; }
  for (size_t i = 0; i < n; i++) {
    widget *w = find_widget(&typed[i]);
    if (!w || !same_element(&w->element, &typed[i])) { fail("%s: the pool's widget for answer %zu is wrong", when, i); print_element("want", &typed[i]); return; }
  }
}

/* ---- Typed updates and their JSON twins -------------------------------------------------- */

/* Runs a typed update on `typed` and its JSON twin on `twin`; both must agree on the outcome,
   the message and the resulting layout. Returns the typed status. */
static int twin(cascade_session *typed, cascade_session *json_session, int status, const buffer *request) {
  char *twin_response = strdup(respond(json_session, request));
  int ok = strncmp(twin_response, "{\"ok\":true", 10) == 0;
  if ((status == CASCADE_OK) != ok) {
    fail("typed status %d, JSON answer %s for %s", status, twin_response, request->text);
  } else if (!ok) {
    char message[512];
    error_message(twin_response, message, sizeof message);
    if (strcmp(message, cascade_session_last_error(typed)) != 0)
      fail("typed error '%s', JSON error '%s'", cascade_session_last_error(typed), message);
  }
  free(twin_response);
  char *a = strdup(respond_text(typed, "{\"op\":\"layout\"}"));
  const char *b = respond_text(json_session, "{\"op\":\"layout\"}");
  if (strcmp(a, b) != 0) fail("layouts differ after %s", request->text);
  free(a);
  return status;
}

int main(void) {
  cascade_session *s = cascade_session_create();
  cascade_session *json_twin = cascade_session_create();
  if (!s || !json_twin) { fprintf(stderr, "out of memory\n"); return 1; }

  /* 1. Load through JSON: two sections, every item form. */
  buffer request = {0};
  append(&request, "{\"op\":\"load\",\"collection\":{\"width\":1024,"
                   "\"layout\":{\"columns\":4,\"columnSpacing\":8,\"itemSpacing\":8,\"header\":40},"
                   "\"sections\":[");
  for (int section = 0; section < 2; section++) {
    append(&request, "%s{\"columns\":%d,\"footer\":%d,\"items\":[", section ? "," : "", section ? 3 : 4, section ? 24 : 0);
    for (int i = 0; i < 3000; i++) {
      int kind = random_int(0, 9);
      if (i) append(&request, ",");
      if (kind < 6) append(&request, "%d", random_int(50, 300));
      else if (kind < 9) append(&request, "{\"size\":[%d,%d]}", random_int(200, 900), random_int(200, 1200));
      else append(&request, "{\"height\":%d,\"span\":\"full\"}", random_int(40, 90));
    }
    append(&request, "]}");
  }
  append(&request, "]}}");
  const char *loaded = respond(s, &request);
  if (strncmp(loaded, "{\"ok\":true,\"contentSize\":[", 26) != 0) { fprintf(stderr, "load failed: %s\n", loaded); return 1; }
  double json_width = strtod(loaded + 26, NULL), json_height = strtod(strchr(loaded + 26, ',') + 1, NULL);
  respond(json_twin, &request);
  double width, height;
  cascade_session_content_size(s, &width, &height);
  if (width != json_width || height != json_height) fail("content size %.17g x %.17g, JSON %.17g x %.17g", width, height, json_width, json_height);
  printf("loaded %" PRId64 " + %" PRId64 " items through JSON (%zu bytes): content %.17g x %.17g\n",
         cascade_session_item_count(s, 0), cascade_session_item_count(s, 1), request.length, width, height);

  /* 2. Scroll down and back up, a screen at a time and in small steps. */
  cascade_viewport *v = cascade_viewport_create(s);
  long steps = 0;
  for (double y = 0; y < height; y += 311) {
    if (cascade_viewport_set_rect(v, (cascade_rect){0, y, 1024, 844}) != CASCADE_OK) fail("set_rect: %s", cascade_session_last_error(s));
    follow(v);
    check_rect(s, v, "scrolling down");
    steps++;
  }
  for (double y = height - 844; y > 0; y -= 1777) {
    cascade_viewport_set_rect(v, (cascade_rect){0, y, 1024, 844});
    follow(v);
    check_rect(s, v, "scrolling up");
    steps++;
  }
  printf("scrolled %ld steps: %ld widgets created, %ld recycled\n", steps, created, recycled);

  /* 3. Typed updates beside their JSON twins, the viewport following each one. */
  cascade_viewport_set_rect(v, (cascade_rect){0, 2000, 1024, 844});
  follow(v);
  long updates = 0, refused = 0;
  for (int round = 0; round < 300; round++) {
    int64_t sections = cascade_session_section_count(s);
    int64_t section = random_int(0, (int)sections - 1);
    int64_t n = cascade_session_item_count(s, section);
    int64_t at = random_int(0, (int)(n > 0 ? n - 1 : 0));
    if (random_int(0, 19) == 0) section = sections + 2; /* out of range: refused */
    double values[6];
    cascade_item items[3];
    int status;
    clear(&request);
    switch (random_int(0, 7)) {
    case 0: case 1: /* insert heights near the viewport: renumbers what is shown */
      values[0] = random_int(50, 300); values[1] = random_int(50, 300);
      if (random_int(0, 9) == 0) values[1] = -4; /* refused */
      status = cascade_session_insert_heights(s, section, at, values, 2);
      append(&request, "{\"op\":\"insert\",\"section\":%" PRId64 ",\"at\":%" PRId64 ",\"items\":[%.17g,%.17g]}", section, at, values[0], values[1]);
      break;
    case 2: case 3: { /* delete */
      int64_t count = random_int(0, 3);
      status = cascade_session_delete_items(s, section, at, count);
      append(&request, "{\"op\":\"delete\",\"section\":%" PRId64 ",\"at\":%" PRId64 ",\"count\":%" PRId64 "}", section, at, count);
      break;
    }
    case 4: /* update sizes */
      values[0] = random_int(100, 900); values[1] = random_int(100, 900);
      status = cascade_session_update_sizes(s, section, at, values, 1);
      append(&request, "{\"op\":\"update\",\"section\":%" PRId64 ",\"at\":%" PRId64 ",\"items\":[{\"size\":[%.17g,%.17g]}]}", section, at, values[0], values[1]);
      break;
    case 5: /* append items of every form */
      items[0] = (cascade_item){.height = 120};
      items[1] = (cascade_item){.width = 4, .height = 3, .span = 2};
      items[2] = (cascade_item){.height = 60, .span = CASCADE_SPAN_FULL};
      status = cascade_session_append_items(s, section, items, 3);
      append(&request, "{\"op\":\"append\",\"section\":%" PRId64 ",\"items\":[{\"height\":120},{\"size\":[4,3],\"span\":2},{\"height\":60,\"span\":\"full\"}]}", section);
      break;
    case 6: /* a section in, or one out */
      if (sections < 4 || random_int(0, 1)) {
        items[0] = (cascade_item){.height = 200};
        items[1] = (cascade_item){.width = 3, .height = 2};
        status = cascade_session_insert_section(s, section, items, 2);
        append(&request, "{\"op\":\"insertSection\",\"at\":%" PRId64 ",\"section\":{\"items\":[{\"height\":200},{\"size\":[3,2]}]}}", section);
      } else {
        status = cascade_session_delete_section(s, section);
        append(&request, "{\"op\":\"deleteSection\",\"at\":%" PRId64 "}", section);
      }
      break;
    default: { /* width */
      double w = random_int(0, 9) == 0 ? -1 : random_int(600, 1400);
      status = cascade_session_set_width(s, w);
      append(&request, "{\"op\":\"width\",\"width\":%.17g}", w);
      break;
    }
    }
    twin(s, json_twin, status, &request);
    if (status == CASCADE_OK) updates++; else refused++;
    cascade_session_content_size(s, &width, &height);
    cascade_rect r = cascade_viewport_rect(v);
    r.width = width;
    if (random_int(0, 2) == 0) r.y = (double)random_int(0, (int)(height > 844 ? height - 844 : 0));
    if (cascade_viewport_set_rect(v, r) != CASCADE_OK) fail("set_rect after an update: %s", cascade_session_last_error(s));
    follow(v);
    check_rect(s, v, "after an update");
    if (failures) break;
  }
  printf("applied %ld typed updates (%ld refused as their JSON twins were); widgets re-keyed %ld times\n", updates, refused, rekeyed);

  /* 4. Point queries. */
  long hits = 0;
  cascade_session_content_size(s, &width, &height);
  for (int i = 0; i < 2000; i++) {
    double x = random_int(-10, (int)width + 10) + (random_int(0, 1) ? 0.5 : 0);
    double y = random_int(-10, (int)height + 10);
    cascade_element typed, json;
    int hit = cascade_session_point(s, x, y, &typed);
    clear(&request);
    append(&request, "{\"op\":\"point\",\"point\":[%.17g,%.17g]}", x, y);
    const char *answer = respond(s, &request);
    const char *element = strstr(answer, "\"element\":");
    int json_hit = element && strncmp(element + 10, "null", 4) != 0;
    if (hit != json_hit) { fail("point (%g, %g): typed %d, JSON %s", x, y, hit, answer); continue; }
    if (hit && (!parse_element(element + 10, &json) || !same_element(&typed, &json))) { fail("point (%g, %g) differs: %s", x, y, answer); print_element("typed", &typed); }
    hits += hit;
  }
  printf("compared 2000 point queries (%ld hits)\n", hits);

  /* Errors: codes and messages. */
  if (cascade_session_append_heights(s, 0, NULL, 3) != CASCADE_ERROR_INVALID_ARGUMENT) fail("NULL heights accepted");
  if (cascade_session_query(NULL, (cascade_rect){0, 0, 1, 1}, NULL, 0) != 0) fail("NULL session answered");
  if (strcmp(cascade_session_respond(s, "{\"op\":", 6), "{\"ok\":false,\"error\":\"invalid JSON at line 1, column 7: unexpected end of input, expected a value\"}") != 0)
    fail("bad JSON: %s", cascade_session_respond(s, "{\"op\":", 6));
  if (cascade_session_last_error_code(s) != CASCADE_ERROR_INVALID_REQUEST) fail("bad JSON's code");

  cascade_viewport_destroy(v);
  cascade_session_destroy(s);
  cascade_session_destroy(json_twin);
  free(request.text);
  if (failures) { fprintf(stderr, "%d mismatches\n", failures); return 1; }
  printf("OK: typed answers equal the JSON answers to the bit\n");
  return 0;
}
