// Depth in metres to allDepthFrames.bin's little-endian half floats, for the values that integer bit
// operations convert exactly, in C so that the compiler vectorises the loop (the same operations in
// Swift ran about 2.6 ns per value, one lane at a time). Kept beside the millimetre conversion: the
// two sample encodings of the bundles.
#include "CDepthSamples.h"

#include <string.h>

int cdepth_samples_half_floats_exact(const float *metres, unsigned char *out, size_t n) {
    uint32_t inexact = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t bits;
        memcpy(&bits, metres + i, 4);
        const uint32_t exponent = (bits >> 23) & 0xFF;
        const uint32_t normal_half = ((bits & 0x1FFF) == 0) & ((exponent - 113) <= 29);
        inexact |= (normal_half | (bits == 0)) ^ 1;
        uint32_t half = ((bits >> 16) & 0x8000) | (((exponent - 112) << 10) & 0x7C00) | ((bits >> 13) & 0x3FF);
        half = bits == 0 ? 0 : half;
        out[2 * i] = (unsigned char)half;
        out[2 * i + 1] = (unsigned char)(half >> 8);
    }
    return inexact == 0;
}
