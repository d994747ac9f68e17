// Shared by the colour camera's SIMDe kernels of this target (color_shading.c, color_surface.c): an 8x8
// transpose of AVX2 registers, for loading eight lanes' patch records. Include after <simde/x86/avx2.h>.
#ifndef CCOLOR_TRANSPOSE8_H
#define CCOLOR_TRANSPOSE8_H

/// Transposes eight rows of eight floats in place (row k, lane i becomes row i, lane k).
static inline void transpose8(simde__m256 r[8]) {
    const simde__m256 t0 = simde_mm256_unpacklo_ps(r[0], r[1]), t1 = simde_mm256_unpackhi_ps(r[0], r[1]);
    const simde__m256 t2 = simde_mm256_unpacklo_ps(r[2], r[3]), t3 = simde_mm256_unpackhi_ps(r[2], r[3]);
    const simde__m256 t4 = simde_mm256_unpacklo_ps(r[4], r[5]), t5 = simde_mm256_unpackhi_ps(r[4], r[5]);
    const simde__m256 t6 = simde_mm256_unpacklo_ps(r[6], r[7]), t7 = simde_mm256_unpackhi_ps(r[6], r[7]);
    const simde__m256 u0 = simde_mm256_shuffle_ps(t0, t2, SIMDE_MM_SHUFFLE(1, 0, 1, 0));
    const simde__m256 u1 = simde_mm256_shuffle_ps(t0, t2, SIMDE_MM_SHUFFLE(3, 2, 3, 2));
    const simde__m256 u2 = simde_mm256_shuffle_ps(t1, t3, SIMDE_MM_SHUFFLE(1, 0, 1, 0));
    const simde__m256 u3 = simde_mm256_shuffle_ps(t1, t3, SIMDE_MM_SHUFFLE(3, 2, 3, 2));
    const simde__m256 u4 = simde_mm256_shuffle_ps(t4, t6, SIMDE_MM_SHUFFLE(1, 0, 1, 0));
    const simde__m256 u5 = simde_mm256_shuffle_ps(t4, t6, SIMDE_MM_SHUFFLE(3, 2, 3, 2));
    const simde__m256 u6 = simde_mm256_shuffle_ps(t5, t7, SIMDE_MM_SHUFFLE(1, 0, 1, 0));
    const simde__m256 u7 = simde_mm256_shuffle_ps(t5, t7, SIMDE_MM_SHUFFLE(3, 2, 3, 2));
    r[0] = simde_mm256_permute2f128_ps(u0, u4, 0x20); r[1] = simde_mm256_permute2f128_ps(u1, u5, 0x20);
    r[2] = simde_mm256_permute2f128_ps(u2, u6, 0x20); r[3] = simde_mm256_permute2f128_ps(u3, u7, 0x20);
    r[4] = simde_mm256_permute2f128_ps(u0, u4, 0x31); r[5] = simde_mm256_permute2f128_ps(u1, u5, 0x31);
    r[6] = simde_mm256_permute2f128_ps(u2, u6, 0x31); r[7] = simde_mm256_permute2f128_ps(u3, u7, 0x31);
}

#endif
