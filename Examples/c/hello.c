/* The example of Docs/C.md: load a collection, add items without JSON, scroll a viewport.
   cc -I Sources/CascadeC/include Examples/c/hello.c -L .build/release -lCascadeC \
      -Wl,-rpath,$PWD/.build/release -o hello && ./hello */
#include "cascade.h"

#include <stdio.h>
#include <string.h>

int main(void) {
  cascade_session *session = cascade_session_create();

  /* Describe the collection once, in the protocol's JSON. */
  const char *load = "{\"op\":\"load\",\"collection\":{\"width\":390,"
                     "\"layout\":{\"columns\":2,\"columnSpacing\":10,\"itemSpacing\":10},"
                     "\"sections\":[{\"header\":44,\"items\":[120,80,200,60]}]}}";
  printf("%s\n", cascade_session_respond(session, load, strlen(load)));

  /* Then feed it without JSON: heights, and sizes that keep their aspect ratio. */
  double heights[] = {90, 140, 75};
  double sizes[] = {400, 300, 300, 400};  /* two items: 400 x 300 and 300 x 400 */
  if (cascade_session_append_heights(session, 0, heights, 3) != CASCADE_OK ||
      cascade_session_append_sizes(session, 0, sizes, 2) != CASCADE_OK) {
    fprintf(stderr, "append: %s\n", cascade_session_last_error(session));
    return 1;
  }
  double width, height;
  cascade_session_content_size(session, &width, &height);
  printf("content: %g x %g\n", width, height);

  /* A refused update says why, in the protocol's words, and changes nothing. */
  double bad[] = {-5};
  int status = cascade_session_insert_heights(session, 0, 2, bad, 1);
  printf("status %d: %s\n", status, cascade_session_last_error(session));

  /* Scroll: the viewport says which cells to create, drop and move. */
  cascade_viewport *viewport = cascade_viewport_create(session);
  cascade_element elements[64];
  for (double y = 0; y <= 300; y += 150) {
    cascade_viewport_set_rect(viewport, (cascade_rect){0, y, 390, 300});
    size_t gone = cascade_viewport_disappeared(viewport, elements, 64);
    for (size_t i = 0; i < gone && i < 64; i++)
      printf("y=%g  drop   %s %lld\n", y, elements[i].kind == CASCADE_ITEM ? "item" : "header", (long long)elements[i].item);
    size_t shown = cascade_viewport_appeared(viewport, elements, 64);
    for (size_t i = 0; i < shown && i < 64; i++)
      printf("y=%g  create %s %lld at (%g, %g) %g x %g\n", y, elements[i].kind == CASCADE_ITEM ? "item" : "header",
             (long long)elements[i].item, elements[i].frame.x, elements[i].frame.y, elements[i].frame.width,
             elements[i].frame.height);
  }

  /* An insertion above the viewport renumbers what it shows: `moved` says from what to what. */
  cascade_session_insert_heights(session, 0, 0, heights, 1);
  cascade_viewport_refresh(viewport);
  cascade_move moves[64];
  size_t moved = cascade_viewport_moved(viewport, moves, 64);
  for (size_t i = 0; i < moved && i < 64; i++)
    printf("moved item %lld -> %lld, y %g -> %g\n", (long long)moves[i].from.item, (long long)moves[i].to.item,
           moves[i].from.frame.y, moves[i].to.frame.y);

  /* The typed queries answer what {"op":"query"} and {"op":"point"} answer, without JSON. */
  size_t total = cascade_session_query(session, (cascade_rect){0, 0, 390, 200}, elements, 64);
  cascade_element hit;
  if (cascade_session_point(session, 300, 100, &hit))
    printf("%zu elements in the first 200 points; (300, 100) is item %lld\n", total, (long long)hit.item);

  cascade_viewport_destroy(viewport);
  cascade_session_destroy(session);
  return 0;
}
