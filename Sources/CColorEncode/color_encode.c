#include "color_encode.h"
#include <math.h>
#include <string.h>

// The same IEEE operations in the same order on every build: no fused multiply-adds.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

// SIMDe's 256-bit types are passed between its inline functions in this file only: the warning that their
// calling convention differs without -mavx does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

#include <simde/x86/avx2.h>
#include "noise_hash.h"

/// The noise variate's ten bits (0...1023) of sample `i` (interleaved RGB): bits 10c ..< 10c + 10 of the
/// hash of the seed and the sample's pixel i / 3, c = i % 3 its channel (one hash a pixel).
static inline uint32_t noise_bits(uint32_t seed, uint32_t i) {
    return (cnoise_hash32_inline(seed ^ (i / 3u)) >> (10u * (i % 3u))) & 1023u;
}

/// One sample from the interleaved table (the reference for the eight-lane loop below).
static inline uint8_t encode_one_pair(float linear, const float scale[3], const float *pairs, int noisy, uint32_t seed,
                                      uint32_t i) {
    float v = linear * scale[i % 3u];
    v = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
    int k = (int)(v * 8191.0f);
    float code = pairs[2 * k];
    if (noisy) {
        float u = (float)noise_bits(seed, i) * (1.0f / 1023.0f) - 0.5f;
        code += u * 3.4641016f * pairs[2 * k + 1];
    }
    code = floorf(code + 0.5f);
    return (uint8_t)(code < 0.0f ? 0.0f : (code > 255.0f ? 255.0f : code));
}

/// Eight samples from `linear` to `out`; `vscale` their channels' scales; `bits` their noise variates' ten
/// bits (noisy) or unused.
static inline void encode8(const float *linear, simde__m256 vscale, const float *pairs, int noisy, simde__m256i bits,
                           uint8_t *out) {
    const simde__m256 zero = simde_mm256_setzero_ps(), one = simde_mm256_set1_ps(1.0f);
    const simde__m256 steps = simde_mm256_set1_ps(8191.0f), half = simde_mm256_set1_ps(0.5f);
    const simde__m256 inv1023 = simde_mm256_set1_ps(1.0f / 1023.0f), sqrt12 = simde_mm256_set1_ps(3.4641016f);
    const simde__m256 top = simde_mm256_set1_ps(255.0f);
    simde__m256 v = simde_mm256_mul_ps(simde_mm256_loadu_ps(linear), vscale);
    v = simde_mm256_min_ps(simde_mm256_max_ps(v, zero), one);
    simde__m256i k = simde_mm256_cvttps_epi32(simde_mm256_mul_ps(v, steps));
    simde__m256 code;
    if (noisy) {
        // Four (code, sigma) pairs a gather, then the codes and the sigmas in lane order.
        const simde__m256 a = simde_mm256_castsi256_ps(simde_mm256_i32gather_epi64(
            (const void *)pairs, simde_mm256_castsi256_si128(k), 8));
        const simde__m256 b = simde_mm256_castsi256_ps(simde_mm256_i32gather_epi64(
            (const void *)pairs, simde_mm256_extracti128_si256(k, 1), 8));
        code = simde_mm256_castpd_ps(simde_mm256_permute4x64_pd(
            simde_mm256_castps_pd(simde_mm256_shuffle_ps(a, b, SIMDE_MM_SHUFFLE(2, 0, 2, 0))), SIMDE_MM_SHUFFLE(3, 1, 2, 0)));
        const simde__m256 s = simde_mm256_castpd_ps(simde_mm256_permute4x64_pd(
            simde_mm256_castps_pd(simde_mm256_shuffle_ps(a, b, SIMDE_MM_SHUFFLE(3, 1, 3, 1))), SIMDE_MM_SHUFFLE(3, 1, 2, 0)));
        simde__m256 u = simde_mm256_sub_ps(simde_mm256_mul_ps(simde_mm256_cvtepi32_ps(bits), inv1023), half);
        code = simde_mm256_add_ps(code, simde_mm256_mul_ps(simde_mm256_mul_ps(u, sqrt12), s));
    } else {
        code = simde_mm256_i32gather_ps(pairs, simde_mm256_add_epi32(k, k), 4);
    }
    code = simde_mm256_floor_ps(simde_mm256_add_ps(code, half));
    code = simde_mm256_min_ps(simde_mm256_max_ps(code, zero), top);
    simde__m256i c = simde_mm256_cvttps_epi32(code);
    simde__m128i words = simde_mm_packus_epi32(simde_mm256_castsi256_si128(c), simde_mm256_extracti128_si256(c, 1));
    simde_mm_storel_epi64((simde__m128i *)(out), simde_mm_packus_epi16(words, words));
}

void ccolor_encode_pairs_at(const float *linear, size_t count, uint32_t first_index, const float scale[3], const float *pairs,
                            int noisy, uint32_t seed, uint8_t *out) {
    size_t i = 0;
    // Up to the first whole pixel one sample at a time, then eight pixels (24 samples) at a time: eight
    // hashes, each pixel's three channels' bits spread over the three groups of eight samples.
    for (; i < count && (first_index + (uint32_t)i) % 3u != 0; i++)
        out[i] = encode_one_pair(linear[i], scale, pairs, noisy, seed, first_index + (uint32_t)i);
    const simde__m256i lanes = simde_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), mask = simde_mm256_set1_epi32(1023);
    const simde__m256i vseed = simde_mm256_set1_epi32((int32_t)seed);
    const simde__m256i pixel0 = simde_mm256_setr_epi32(0, 0, 0, 1, 1, 1, 2, 2), shift0 = simde_mm256_setr_epi32(0, 10, 20, 0, 10, 20, 0, 10);
    const simde__m256i pixel1 = simde_mm256_setr_epi32(2, 3, 3, 3, 4, 4, 4, 5), shift1 = simde_mm256_setr_epi32(20, 0, 10, 20, 0, 10, 20, 0);
    const simde__m256i pixel2 = simde_mm256_setr_epi32(5, 5, 6, 6, 6, 7, 7, 7), shift2 = simde_mm256_setr_epi32(10, 20, 0, 10, 20, 0, 10, 20);
    // The channels' scales of the three groups of eight samples (r g b r g b r g, b r g ..., g b r ...).
    const float r = scale[0], g = scale[1], b = scale[2];
    const simde__m256 scale0 = simde_mm256_setr_ps(r, g, b, r, g, b, r, g), scale1 = simde_mm256_setr_ps(b, r, g, b, r, g, b, r);
    const simde__m256 scale2 = simde_mm256_setr_ps(g, b, r, g, b, r, g, b);
    for (; i + 24 <= count; i += 24) {
        simde__m256i b0 = mask, b1 = mask, b2 = mask;
        if (noisy) {
            const simde__m256i pixel = simde_mm256_add_epi32(simde_mm256_set1_epi32((int32_t)((first_index + (uint32_t)i) / 3u)), lanes);
            const simde__m256i h = cnoise_hash32x8(simde_mm256_xor_si256(vseed, pixel));
            b0 = simde_mm256_and_si256(simde_mm256_srlv_epi32(simde_mm256_permutevar8x32_epi32(h, pixel0), shift0), mask);
            b1 = simde_mm256_and_si256(simde_mm256_srlv_epi32(simde_mm256_permutevar8x32_epi32(h, pixel1), shift1), mask);
            b2 = simde_mm256_and_si256(simde_mm256_srlv_epi32(simde_mm256_permutevar8x32_epi32(h, pixel2), shift2), mask);
        }
        encode8(linear + i, scale0, pairs, noisy, b0, out + i);
        encode8(linear + i + 8, scale1, pairs, noisy, b1, out + i + 8);
        encode8(linear + i + 16, scale2, pairs, noisy, b2, out + i + 16);
    }
    for (; i < count; i++) out[i] = encode_one_pair(linear[i], scale, pairs, noisy, seed, first_index + (uint32_t)i);
}

void ccolor_sharpen_rgb(uint8_t *rgb, intptr_t width, intptr_t height, int32_t amount, uint8_t *scratch) {
    if (width < 3 || height < 3 || amount <= 0) return;
    const intptr_t row = width * 3;
    // scratch holds the original rows y - 1, y and y + 1 as they were before sharpening.
    uint8_t *above = scratch, *here = scratch + row, *below = scratch + 2 * row;
    memcpy(above, rgb, (size_t)row);
    memcpy(here, rgb + row, (size_t)row);
    for (intptr_t y = 1; y + 1 < height; y++) {
        memcpy(below, rgb + (y + 1) * row, (size_t)row);
        uint8_t *out = rgb + y * row;
        for (intptr_t i = 3; i < row - 3; i++) {
            const int32_t c = here[i];
            const int32_t detail = 4 * c - above[i] - below[i] - here[i - 3] - here[i + 3];
            int32_t v = c + ((detail * amount + 512) >> 10);
            out[i] = (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v));
        }
        uint8_t *t = above; above = here; here = below; below = t;
    }
}
