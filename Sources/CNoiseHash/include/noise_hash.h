// The sensors' noise hash for the C kernels, in one place: lowbias32 (Chris Wellons' 32-bit integer hash),
// which the depth shade pass (CDepthShading) and the colour encoder (CColorEncode) both draw their
// per-sample noise from, and which must give the same bits as the Swift renderer's `DepthKernels.hash32`.
//
// Why this exists: the kernels had a copy each; one header keeps the C copies from drifting apart.
// `cnoise_hash32` (noise_hash.c) is the scalar hash as a linked function, so tests can compare it with
// the Swift one. The eight-lane form is defined only where SIMDe's AVX2 header was included first (the
// kernels), so importing this module into Swift does not pull SIMDe in.
#ifndef CNOISE_HASH_H
#define CNOISE_HASH_H
#include <stdint.h>

/// lowbias32 of one value.
static inline uint32_t cnoise_hash32_inline(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return x;
}

/// lowbias32 of one value (the same function, linked: for callers that cannot inline C).
uint32_t cnoise_hash32(uint32_t x);

#if defined(SIMDE_X86_AVX2_H)
/// lowbias32 on eight lanes (the same results lane by lane).
static inline simde__m256i cnoise_hash32x8(simde__m256i x) {
    x = simde_mm256_xor_si256(x, simde_mm256_srli_epi32(x, 16));
    x = simde_mm256_mullo_epi32(x, simde_mm256_set1_epi32(0x7FEB352D));
    x = simde_mm256_xor_si256(x, simde_mm256_srli_epi32(x, 15));
    x = simde_mm256_mullo_epi32(x, simde_mm256_set1_epi32((int32_t)0x846CA68BU));
    x = simde_mm256_xor_si256(x, simde_mm256_srli_epi32(x, 16));
    return x;
}
#endif

#endif
