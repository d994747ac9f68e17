// glibc's mallopt for the tool (see CAllocationCounter.h and Sources/capture-sim/MemoryTuning.swift).
#include "CAllocationCounter.h"

#include <malloc.h>

int capture_sim_tune_allocator(int mmap_threshold, int trim_threshold, int top_pad) {
    int accepted = 0;
    accepted += mallopt(M_MMAP_THRESHOLD, mmap_threshold) == 1;
    accepted += mallopt(M_TRIM_THRESHOLD, trim_threshold) == 1;
    accepted += mallopt(M_TOP_PAD, top_pad) == 1;
    return accepted;
}
