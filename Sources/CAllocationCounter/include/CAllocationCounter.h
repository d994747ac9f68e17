// Counts heap allocations of the whole process so `capture-sim bench` can report bytes allocated per
// frame. It exists because glibc has no malloc hooks any more (removed in 2.34): the executable defines
// malloc/calloc/realloc/free itself and forwards them to glibc's __libc_* entry points.
#include <stddef.h>
#include <stdint.h>

/// Number of allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc) since start.
uint64_t capture_sim_allocation_count(void);
/// Bytes requested by those calls since start.
uint64_t capture_sim_allocated_bytes(void);

/// Sets glibc's M_MMAP_THRESHOLD, M_TRIM_THRESHOLD and M_TOP_PAD (`mallopt`, which Swift's Glibc module
/// does not export) for the tool's streaming work; returns how many of the three glibc accepted.
int capture_sim_tune_allocator(int mmap_threshold, int trim_threshold, int top_pad);
