// See include/CDepthShading.h for why this kernel exists. It mirrors DepthRenderer.shadeReference
// (DepthShading+Reference.swift) operation for operation; keep the two in step.

// Products and sums must stay separately rounded, as in Swift, for bit-identical output.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CDepthShading.h"

// SIMDe's 256-bit types are passed between its inline functions in this file only: the warning that their
// calling convention differs without -mavx does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

#include <simde/x86/avx2.h>
#include "noise_hash.h"

/// Lane-wise |v| (clears the sign bits).
static inline simde__m256 absolute(simde__m256 v) {
    return simde_mm256_and_ps(v, simde_mm256_castsi256_ps(simde_mm256_set1_epi32(0x7FFFFFFF)));
}

/// Depth-edge test against one neighbour's inverse depth n: no return, or |inverse - n| > jump * n.
static inline simde__m256 is_edge(simde__m256 inverse, simde__m256 n, simde__m256 jump) {
    simde__m256 no_return = simde_mm256_cmp_ps(n, simde_mm256_setzero_ps(), SIMDE_CMP_LE_OQ);
    simde__m256 jumped = simde_mm256_cmp_ps(absolute(simde_mm256_sub_ps(inverse, n)), simde_mm256_mul_ps(jump, n),
                                            SIMDE_CMP_GT_OQ);
    return simde_mm256_or_ps(no_return, jumped);
}

int cdepth_shade_rows(const float *best_inverse_depth, const int32_t *patch_ids, intptr_t stride,
                      const float *plane_distance, const float *inverse_ray_length,
                      intptr_t width, intptr_t height, const cdepth_shading_settings *settings,
                      uint32_t noise_seed, intptr_t row_begin, intptr_t row_end,
                      float *depth, uint8_t *confidence) {
    if (width <= 0 || width % 8 != 0 || stride < width) return -1;
    if (row_begin < 0 || row_end > height || row_begin > row_end) return -1;

    const simde__m256 zero = simde_mm256_setzero_ps();
    const simde__m256 one_f = simde_mm256_set1_ps(1.0f);
    const simde__m256 noise_base = simde_mm256_set1_ps(settings->noise_base_meters);
    const simde__m256 noise_quadratic = simde_mm256_set1_ps(settings->noise_per_square_meter);
    const simde__m256 high = simde_mm256_set1_ps(settings->high_confidence_max_meters);
    const simde__m256 medium = simde_mm256_set1_ps(settings->medium_confidence_max_meters);
    const simde__m256 cos_low = simde_mm256_set1_ps(settings->cos_grazing_low);
    const simde__m256 cos_medium = simde_mm256_set1_ps(settings->cos_grazing_medium);
    const simde__m256 jump = simde_mm256_set1_ps(settings->edge_relative_jump);
    const simde__m256 inverse_65536 = simde_mm256_set1_ps(1.0f / 65536.0f);
    const simde__m256 two_f = simde_mm256_set1_ps(2.0f);
    const simde__m256 sqrt3 = simde_mm256_set1_ps(1.7320508f);
    const simde__m256 minimum_depth = simde_mm256_set1_ps(0.001f);
    const simde__m256i lane_offsets = simde_mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14);
    const simde__m256i mask16 = simde_mm256_set1_epi32(0xFFFF);
    const simde__m256i seed = simde_mm256_set1_epi32((int32_t)noise_seed);
    const simde__m256i one = simde_mm256_set1_epi32(1);
    const simde__m256i two = simde_mm256_set1_epi32(2);
    const simde__m256i round_bias = simde_mm256_set1_epi32(0x0FFF);
    const simde__m256i keep_half = simde_mm256_set1_epi32(~0x1FFF);
    const simde__m256i izero = simde_mm256_setzero_si256();
    // Neighbour lanes at the image's left and right columns: the pixel itself (never an edge).
    const simde__m256i shift_right = simde_mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6);
    const simde__m256i shift_left = simde_mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 7);

    for (intptr_t y = row_begin; y < row_end; y++) {
        for (intptr_t x = 0; x < width; x += 8) {
            const intptr_t i = y * stride + x, o = y * width + x;
            const simde__m256 inv = simde_mm256_loadu_ps(best_inverse_depth + i);
            const simde__m256 valid = simde_mm256_cmp_ps(inv, zero, SIMDE_CMP_GT_OQ);
            if (simde_mm256_movemask_ps(valid) == 0) {
                simde_mm256_storeu_ps(depth + o, zero);
                simde_mm_storel_epi64((simde__m128i *)(void *)(confidence + o), simde_mm_setzero_si128());
                continue;
            }
            const simde__m256 z = simde_mm256_div_ps(one_f, inv);

            // Noise: Irwin-Hall sum of four 16-bit uniforms from two hashes of seed and pixel index.
            const simde__m256i index = simde_mm256_add_epi32(simde_mm256_set1_epi32((int32_t)(uint32_t)(2 * o)), lane_offsets);
            const simde__m256i first = cnoise_hash32x8(simde_mm256_xor_si256(seed, index));
            const simde__m256i second = cnoise_hash32x8(simde_mm256_xor_si256(seed, simde_mm256_add_epi32(index, one)));
            const simde__m256 a = simde_mm256_cvtepi32_ps(simde_mm256_and_si256(first, mask16));
            const simde__m256 b = simde_mm256_cvtepi32_ps(simde_mm256_srli_epi32(first, 16));
            const simde__m256 c = simde_mm256_cvtepi32_ps(simde_mm256_and_si256(second, mask16));
            const simde__m256 d = simde_mm256_cvtepi32_ps(simde_mm256_srli_epi32(second, 16));
            const simde__m256 sum = simde_mm256_add_ps(simde_mm256_add_ps(simde_mm256_add_ps(a, b), c), d);
            const simde__m256 gaussian = simde_mm256_mul_ps(simde_mm256_sub_ps(simde_mm256_mul_ps(sum, inverse_65536), two_f), sqrt3);
            const simde__m256 spread = simde_mm256_add_ps(noise_base, simde_mm256_mul_ps(simde_mm256_mul_ps(noise_quadratic, z), z));
            simde__m256 noisy = simde_mm256_add_ps(z, simde_mm256_mul_ps(spread, gaussian));
            // noisy < 0.001 ? 0.001 : noisy (max_ps(a, b) is a > b ? a : b).
            noisy = simde_mm256_max_ps(minimum_depth, noisy);

            // Nearest Float16 value (ties to even) by bit operations.
            simde__m256i bits = simde_mm256_castps_si256(noisy);
            bits = simde_mm256_add_epi32(bits, simde_mm256_add_epi32(round_bias, simde_mm256_and_si256(simde_mm256_srli_epi32(bits, 13), one)));
            bits = simde_mm256_and_si256(bits, keep_half);
            simde_mm256_storeu_ps(depth + o, simde_mm256_and_ps(simde_mm256_castsi256_ps(bits), valid));

            // Confidence: range level, minus the grazing-angle penalty, 0 on depth edges.
            const simde__m256i within_medium = simde_mm256_castps_si256(simde_mm256_cmp_ps(z, medium, SIMDE_CMP_LE_OQ));
            const simde__m256i within_high = simde_mm256_castps_si256(simde_mm256_cmp_ps(z, high, SIMDE_CMP_LE_OQ));
            simde__m256i level = simde_mm256_or_si256(simde_mm256_andnot_si256(within_high, simde_mm256_and_si256(within_medium, one)),
                                                      simde_mm256_and_si256(within_high, two));
            const simde__m256i ids = simde_mm256_max_epi32(simde_mm256_loadu_si256((const simde__m256i *)(const void *)(patch_ids + i)), izero);
            const simde__m256 distance = simde_mm256_i32gather_ps(plane_distance, ids, 4);
            const simde__m256 ray_cosine = simde_mm256_loadu_ps(inverse_ray_length + o);
            const simde__m256 cosine = simde_mm256_mul_ps(absolute(simde_mm256_mul_ps(inv, distance)), ray_cosine);
            const simde__m256i below_low = simde_mm256_castps_si256(simde_mm256_cmp_ps(cosine, cos_low, SIMDE_CMP_LT_OQ));
            const simde__m256i below_medium = simde_mm256_castps_si256(simde_mm256_cmp_ps(cosine, cos_medium, SIMDE_CMP_LT_OQ));
            level = simde_mm256_sub_epi32(level, simde_mm256_and_si256(below_low, two));
            level = simde_mm256_sub_epi32(level, simde_mm256_and_si256(simde_mm256_andnot_si256(below_low, below_medium), one));

            const simde__m256 left = x == 0 ? simde_mm256_permutevar8x32_ps(inv, shift_right)
                                            : simde_mm256_loadu_ps(best_inverse_depth + i - 1);
            const simde__m256 right = x + 8 == width ? simde_mm256_permutevar8x32_ps(inv, shift_left)
                                                     : simde_mm256_loadu_ps(best_inverse_depth + i + 1);
            const simde__m256 up = y > 0 ? simde_mm256_loadu_ps(best_inverse_depth + i - stride) : inv;
            const simde__m256 down = y + 1 < height ? simde_mm256_loadu_ps(best_inverse_depth + i + stride) : inv;
            const simde__m256 edge = simde_mm256_or_ps(simde_mm256_or_ps(is_edge(inv, left, jump), is_edge(inv, right, jump)),
                                                       simde_mm256_or_ps(is_edge(inv, up, jump), is_edge(inv, down, jump)));
            const simde__m256i zeroed = simde_mm256_castps_si256(simde_mm256_or_ps(edge, simde_mm256_xor_ps(valid, simde_mm256_castsi256_ps(simde_mm256_set1_epi32(-1)))));
            level = simde_mm256_andnot_si256(zeroed, level);
            level = simde_mm256_max_epi32(level, izero);

            // Levels are 0...2: narrow the eight 32-bit lanes to bytes.
            const simde__m128i narrow = simde_mm_packs_epi32(simde_mm256_castsi256_si128(level), simde_mm256_extracti128_si256(level, 1));
            simde_mm_storel_epi64((simde__m128i *)(void *)(confidence + o), simde_mm_packus_epi16(narrow, narrow));
        }
    }
    return 0;
}
