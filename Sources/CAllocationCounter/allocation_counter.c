// See CAllocationCounter.h: interposes the allocator of the capture-sim executable to count allocations.
#include "CAllocationCounter.h"
#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *p);

static uint64_t allocation_count;
static uint64_t allocated_bytes;

static inline void count(size_t size) {
    __atomic_fetch_add(&allocation_count, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&allocated_bytes, size, __ATOMIC_RELAXED);
}

void *malloc(size_t size) { count(size); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(n * size); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count(size); return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    count(size);
    void *p = __libc_memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) { count(size); return __libc_memalign(alignment, size); }
void *memalign(size_t alignment, size_t size) { count(size); return __libc_memalign(alignment, size); }

uint64_t capture_sim_allocation_count(void) { return __atomic_load_n(&allocation_count, __ATOMIC_RELAXED); }
uint64_t capture_sim_allocated_bytes(void) { return __atomic_load_n(&allocated_bytes, __ATOMIC_RELAXED); }
