// A malloc counter to LD_PRELOAD under the tests, so that they can check that a steady scroll
// step allocates nothing. Not part of any target; build it by hand:
//
//   cc -shared -fPIC -O2 -o /tmp/libmalloc_count.so Tests/Support/malloc_count.c
//   LD_PRELOAD=/tmp/libmalloc_count.so swift test --filter AllocationTests
//
// Without it the allocation test only checks the view's buffers (see AllocationTests.swift).
#define _GNU_SOURCE
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

// Per thread: a test counts its own allocations while others run beside it.
static __thread unsigned long count;

unsigned long cascade_malloc_count(void) { return count; }

void *malloc(size_t n) { count++; return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { count++; return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { count++; return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { count++; return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { count++; return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
  count++;
  void *p = __libc_memalign(a, n);
  if (!p) return 12;
  *out = p;
  return 0;
}
void free(void *p) { __libc_free(p); }
