// The SIMDe header and the lane helpers (Float16 rounding among them) that the correlated model's kernels share (correlated_shading.c,
// depth_edges.c, heavy_tails.c). Private to CDepthShading; each kernel includes it after its own
// FP-contraction pragmas.
#ifndef CDEPTHSHADING_LANE_OPERATIONS_H
#define CDEPTHSHADING_LANE_OPERATIONS_H

// SIMDe's 256-bit types are passed between its inline functions in these files only: the warning that
// their calling convention differs without -mavx does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

#include <stdint.h>
#include <simde/x86/avx2.h>

/// Swift's `maxV(a, b)` (`b > a ? b : a`) and `minV(a, b)` (`b < a ? b : a`): MAXPS and MINPS return their
/// second operand unless the first wins, so the operands are swapped.
static inline simde__m256 max_v(simde__m256 a, simde__m256 b) { return simde_mm256_max_ps(b, a); }
static inline simde__m256 min_v(simde__m256 a, simde__m256 b) { return simde_mm256_min_ps(b, a); }

/// Lane-wise absolute value (the sign bits cleared).
static inline simde__m256 absolute_v(simde__m256 v) {
    return simde_mm256_and_ps(v, simde_mm256_castsi256_ps(simde_mm256_set1_epi32(0x7FFFFFFF)));
}

/// `DepthKernels.roundedToHalf`, one value: a positive depth rounded to the nearest Float16 value (ties
/// to even) in the normal half-float range, as a float.
static inline float rounded_to_half(float value) {
    uint32_t bits;
    __builtin_memcpy(&bits, &value, 4);
    bits += 0x0FFFu + ((bits >> 13) & 1u);
    bits &= ~0x1FFFu;
    __builtin_memcpy(&value, &bits, 4);
    return value;
}

/// `rounded_to_half` on eight lanes.
static inline simde__m256 rounded_to_half_v(simde__m256 value) {
    simde__m256i bits = simde_mm256_castps_si256(value);
    bits = simde_mm256_add_epi32(bits, simde_mm256_add_epi32(simde_mm256_set1_epi32(0x0FFF),
                                                             simde_mm256_and_si256(simde_mm256_srli_epi32(bits, 13), simde_mm256_set1_epi32(1))));
    return simde_mm256_castsi256_ps(simde_mm256_and_si256(bits, simde_mm256_set1_epi32(~0x1FFF)));
}

#endif
