// See include/CDepthShading.h ("cdepth_correlated_row") for why this kernel exists. It mirrors
// CorrelatedErrorModel.shadeEight and flyingSurface operation for operation; keep them in step.

// Products and sums must stay separately rounded, as in Swift, for bit-identical output.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CDepthShading.h"

// SIMDe's 256-bit types are passed between its inline functions in this file only: the warning that their
// calling convention differs without -mavx does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

#include <simde/x86/avx2.h>
#include "noise_hash.h"

// The confidence bytes are taken from 32-bit lanes by their first byte in memory.
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the kernels assume a little-endian host");

/// Swift's `maxV(a, b)` (`b > a ? b : a`) and `minV(a, b)` (`b < a ? b : a`): MAXPS and MINPS return their
/// second operand unless the first wins, so the operands are swapped.
static inline simde__m256 max_v(simde__m256 a, simde__m256 b) { return simde_mm256_max_ps(b, a); }
static inline simde__m256 min_v(simde__m256 a, simde__m256 b) { return simde_mm256_min_ps(b, a); }

static inline simde__m256 absolute_v(simde__m256 v) {
    return simde_mm256_and_ps(v, simde_mm256_castsi256_ps(simde_mm256_set1_epi32(0x7FFFFFFF)));
}

static inline int min_int(int a, int b) { return a < b ? a : b; }
static inline int max_int(int a, int b) { return a > b ? a : b; }

/// `DepthKernels.roundedToHalf`, one value: a positive depth rounded to the nearest Float16 value (ties
/// to even) in the normal half-float range, as a float (what the eight-lane pass does on its lanes).
static inline float rounded_to_half(float value) {
    uint32_t bits;
    __builtin_memcpy(&bits, &value, 4);
    bits += 0x0FFFu + ((bits >> 13) & 1u);
    bits &= ~0x1FFFu;
    __builtin_memcpy(&value, &bits, 4);
    return value;
}

/// `CorrelatedErrorModel.flyingSurface`, one pixel.
static float flying_surface(const cdepth_correlated_settings *s, float z, int k, float g, uint32_t key,
                            intptr_t x, intptr_t y, intptr_t w, intptr_t h, const float *windows) {
    int near_extent, far_extent;
    if (g < s->ramp_clean) { near_extent = 0; far_extent = 0; }
    else if (g < s->ramp_near_side) { near_extent = 1; far_extent = 0; }
    else if (g < s->ramp_one) { near_extent = 0; far_extent = 1; }
    else if (g < s->ramp_two) { near_extent = 1; far_extent = 1; }
    else if (g < s->ramp_three) { near_extent = 1; far_extent = 2; }
    else { near_extent = 2; far_extent = 2; }
    if (!(k < max_int(near_extent, far_extent) || s->smoothed_step_below > 0)) return z;
    const intptr_t r = k + 1;
    float nearest = 0, farthest = __builtin_inff();
    const float *nearest_rows = windows + (k == 0 ? 0 : 2 * w * h), *farthest_rows = nearest_rows + w * h;
    const intptr_t y0 = y - r > 0 ? y - r : 0, y1 = y + r < h - 1 ? y + r : h - 1;
    for (intptr_t dy = y0; dy <= y1; dy++) {
        const float n = nearest_rows[dy * w + x], f = farthest_rows[dy * w + x];
        nearest = n > nearest ? n : nearest;
        farthest = f < farthest ? f : farthest;
    }
    const float z_near = 1 / nearest, z_far = 1 / farthest;
    const int on_near_side = z - z_near < z_far - z;
    if (z_far < z_near * (1 + s->smoothed_step_below)) {
        const int place = on_near_side ? 1 - k : 2 + k;
        return z_near + (float)(place + 1) * 0.2f * (z_far - z_near);
    }
    const int capped = z_far < z_near * (1 + 2 * s->smoothed_step_below);
    const int near = capped ? min_int(1, near_extent) : near_extent, far = capped ? min_int(1, far_extent) : far_extent;
    if (!(k < (on_near_side ? near : far))) return z;
    const int place = on_near_side ? near - 1 - k : near + k;
    const float jitter = ((float)(key >> 16) * (1.0f / 65536) - 0.5f) * 0.06f;
    const int beside = capped || (near + far == 1 && (float)(key & 0xFFFFu) * (1.0f / 65536) >= s->ramp_one_mixed_share);
    const float t = (beside ? s->ramp_profile[on_near_side ? 4 : 5] : s->ramp_profile[(near + far - 1) * 4 + place]) + jitter;
    return z_near + t * (z_far - z_near);
}

int cdepth_correlated_row(const cdepth_correlated_settings *s, intptr_t width, intptr_t height, intptr_t y,
                          const float *best_row, const int32_t *ids_row, const float *plane_distance,
                          const float *material_constant, const float *material_grazing, int32_t last_material,
                          const float *inverse_ray_length_row, const float *border_row, const uint8_t *level_row,
                          const float *coarse_row, const float *fine_row, const float *reliability_row,
                          const float *ramp_row, const float *warp_row, const float *windows, uint32_t frame_seed,
                          float *depth_row, uint8_t *confidence_row) {
    if (width <= 0 || width % 8 != 0 || y < 0 || y >= height) return -1;
    const simde__m256 zero = simde_mm256_setzero_ps(), one = simde_mm256_set1_ps(1), big = simde_mm256_set1_ps(1e30f);
    const simde__m256i lane_offsets = simde_mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14);
    const simde__m256i seed = simde_mm256_set1_epi32((int32_t)frame_seed);
    const float white_scale = s->white_per_square_meter * 2.4494898f;
    for (intptr_t x = 0; x < width; x += 8) {
        const intptr_t o = y * width + x;
        const simde__m256 inv = simde_mm256_loadu_ps(best_row + x);
        const simde__m256 valid = min_v(one, max_v(zero, simde_mm256_mul_ps(inv, big)));
        const simde__m256 z = simde_mm256_div_ps(one, max_v(inv, simde_mm256_set1_ps(1e-6f)));
        float distance_lanes[8], constant_lanes[8], glossy_lanes[8];
        for (int lane = 0; lane < 8; lane++) {
            const int32_t id = ids_row[x + lane];
            distance_lanes[lane] = plane_distance[id > 0 ? id : 0];
            int32_t patch = id > 0 ? id : 0;
            patch = patch < last_material ? patch : last_material;
            constant_lanes[lane] = material_constant[patch];
            glossy_lanes[lane] = material_grazing[patch];
        }
        const simde__m256 distance = simde_mm256_loadu_ps(distance_lanes);
        const simde__m256 constant = simde_mm256_loadu_ps(constant_lanes), glossy = simde_mm256_loadu_ps(glossy_lanes);
        const simde__m256 ray_cosine = simde_mm256_loadu_ps(inverse_ray_length_row + x);
        const simde__m256 cosine = max_v(simde_mm256_set1_ps(0.05f),
                                         min_v(one, simde_mm256_mul_ps(absolute_v(simde_mm256_mul_ps(inv, distance)), ray_cosine)));
        const simde__m256 grazing_term = simde_mm256_add_ps(
            simde_mm256_mul_ps(simde_mm256_add_ps(simde_mm256_set1_ps(s->grazing), glossy),
                               simde_mm256_sub_ps(simde_mm256_div_ps(one, cosine), one)), constant);
        const simde__m256 reliability_term = simde_mm256_add_ps(simde_mm256_set1_ps(s->reliability_mean),
            simde_mm256_mul_ps(simde_mm256_set1_ps(s->reliability_spread), simde_mm256_loadu_ps(reliability_row + x)));
        const simde__m256 span = min_v(simde_mm256_set1_ps(s->distance_span_meters),
                                       max_v(zero, simde_mm256_sub_ps(z, simde_mm256_set1_ps(s->distance_start_meters))));
        const simde__m256 distance_term = simde_mm256_add_ps(
            simde_mm256_mul_ps(simde_mm256_set1_ps(s->distance_per_meter), span),
            simde_mm256_mul_ps(simde_mm256_set1_ps(s->far_per_meter),
                               max_v(zero, simde_mm256_sub_ps(z, simde_mm256_set1_ps(s->far_start_meters)))));
        uint8_t level_bytes[8];
        for (int lane = 0; lane < 8; lane++) level_bytes[lane] = level_row[x + lane];
        const simde__m256 l = simde_mm256_cvtepi32_ps(simde_mm256_cvtepu8_epi32(simde_mm_loadl_epi64((const simde__m128i *)level_bytes)));
        const simde__m256 on_edge = max_v(zero, simde_mm256_sub_ps(one, l));
        const simde__m256 one_away = max_v(zero, simde_mm256_sub_ps(one, absolute_v(simde_mm256_sub_ps(l, one))));
        const simde__m256 two_away = max_v(zero, simde_mm256_sub_ps(one, absolute_v(simde_mm256_sub_ps(l, simde_mm256_set1_ps(2)))));
        const simde__m256 edge_term = simde_mm256_add_ps(
            simde_mm256_add_ps(simde_mm256_mul_ps(simde_mm256_set1_ps(s->edge_on), on_edge),
                               simde_mm256_mul_ps(simde_mm256_set1_ps(s->edge_one_away), one_away)),
            simde_mm256_mul_ps(simde_mm256_set1_ps(s->edge_two_away), two_away));
        const simde__m256 border_term = simde_mm256_loadu_ps(border_row + x);
        const simde__m256 uncertainty = simde_mm256_add_ps(simde_mm256_add_ps(simde_mm256_add_ps(simde_mm256_add_ps(
            grazing_term, edge_term), border_term), reliability_term), distance_term);
        const simde__m256 below_one = min_v(one, max_v(zero, simde_mm256_mul_ps(simde_mm256_sub_ps(one, uncertainty), big)));
        const simde__m256 below_two = min_v(one, max_v(zero, simde_mm256_mul_ps(simde_mm256_sub_ps(simde_mm256_set1_ps(2), uncertainty), big)));
        const simde__m256 level_value = simde_mm256_mul_ps(simde_mm256_add_ps(below_one, below_two), valid);
        const simde__m256i level_bits = simde_mm256_and_si256(
            simde_mm256_castps_si256(simde_mm256_add_ps(level_value, simde_mm256_set1_ps(8388608.0f))), simde_mm256_set1_epi32(0xFF));
        // The low byte of each lane, four from each 128-bit half, stored as eight bytes.
        const simde__m256i low_bytes = simde_mm256_shuffle_epi8(level_bits, simde_mm256_setr_epi8(
            0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
        const uint64_t confidence_bytes = (uint64_t)(uint32_t)simde_mm_cvtsi128_si32(simde_mm256_castsi256_si128(low_bytes))
            | (uint64_t)(uint32_t)simde_mm_cvtsi128_si32(simde_mm256_extracti128_si256(low_bytes, 1)) << 32;
        __builtin_memcpy(confidence_row + x, &confidence_bytes, 8);
        const simde__m256i index = simde_mm256_add_epi32(simde_mm256_set1_epi32((int32_t)((uint32_t)o * 2u + 1u)), lane_offsets);
        const simde__m256i key = cnoise_hash32x8(simde_mm256_xor_si256(seed, index));
        const simde__m256i white = cnoise_hash32x8(simde_mm256_xor_si256(key, simde_mm256_set1_epi32(0x68E31DA4)));
        const simde__m256 white_low = simde_mm256_cvtepi32_ps(simde_mm256_and_si256(white, simde_mm256_set1_epi32(0xFFFF)));
        const simde__m256 white_high = simde_mm256_cvtepi32_ps(simde_mm256_srli_epi32(white, 16));
        const simde__m256 white_value = simde_mm256_sub_ps(simde_mm256_mul_ps(simde_mm256_add_ps(white_low, white_high),
                                                                              simde_mm256_set1_ps(1.0f / 65536)), one);
        const simde__m256 m = min_v(simde_mm256_set1_ps(s->maximum_noise_factor),
                                    max_v(simde_mm256_set1_ps(s->minimum_noise_factor),
                                          simde_mm256_add_ps(one, simde_mm256_mul_ps(simde_mm256_set1_ps(s->noise_gain_per_uncertainty),
                                                                                     simde_mm256_sub_ps(uncertainty, one)))));
        simde__m256 surface = z;
        // Flying pixels: lanes with a return at edge distance 0 or 1.
        int any = 0;
        for (int lane = 0; lane < 8; lane++) any |= level_bytes[lane] <= 1;
        if (any) {
            float z_lanes[8], inv_lanes[8];
            uint32_t key_lanes[8];
            simde_mm256_storeu_ps(z_lanes, z);
            simde_mm256_storeu_ps(inv_lanes, inv);
            simde_mm256_storeu_si256((simde__m256i *)key_lanes, key);
            for (int lane = 0; lane < 8; lane++) {
                if (level_bytes[lane] <= 1 && inv_lanes[lane] > 0) {
                    z_lanes[lane] = flying_surface(s, z_lanes[lane], level_bytes[lane], ramp_row[x + lane], key_lanes[lane],
                                                   x + lane, y, width, height, windows);
                }
            }
            surface = simde_mm256_loadu_ps(z_lanes);
        }
        const simde__m256 root = simde_mm256_sqrt_ps(surface);
        const simde__m256 coarse_error = simde_mm256_mul_ps(simde_mm256_mul_ps(simde_mm256_set1_ps(s->coarse_per_meter_to_one_and_a_half),
                                                                               simde_mm256_loadu_ps(coarse_row + x)), root);
        const simde__m256 fine_error = simde_mm256_mul_ps(simde_mm256_add_ps(
            simde_mm256_mul_ps(simde_mm256_set1_ps(s->fine_per_square_meter), simde_mm256_loadu_ps(fine_row + x)),
            simde_mm256_mul_ps(simde_mm256_set1_ps(white_scale), white_value)), surface);
        const simde__m256 error = simde_mm256_mul_ps(simde_mm256_mul_ps(m, surface), simde_mm256_add_ps(coarse_error, fine_error));
        // The warp: (k w) m (linear + quadratic m) + (scale z + offset), m = min(z, end).
        const simde__m256 reach = min_v(surface, simde_mm256_set1_ps(s->warp_growth_end_meters));
        const simde__m256 growth = simde_mm256_mul_ps(reach, simde_mm256_add_ps(simde_mm256_set1_ps(s->warp_linear),
                                                                                 simde_mm256_mul_ps(simde_mm256_set1_ps(s->warp_quadratic), reach)));
        const simde__m256 warp_term = simde_mm256_add_ps(
            simde_mm256_mul_ps(simde_mm256_mul_ps(simde_mm256_set1_ps(s->warp_per_meter), simde_mm256_loadu_ps(warp_row + x)), growth),
            simde_mm256_add_ps(simde_mm256_mul_ps(simde_mm256_set1_ps(s->frame_scale), surface), simde_mm256_set1_ps(s->frame_offset)));
        const simde__m256 value = min_v(simde_mm256_set1_ps(s->range_meters),
                                        max_v(simde_mm256_set1_ps(0.001f), simde_mm256_add_ps(simde_mm256_add_ps(surface, error), warp_term)));
        simde__m256i bits = simde_mm256_castps_si256(value);
        bits = simde_mm256_add_epi32(bits, simde_mm256_add_epi32(simde_mm256_set1_epi32(0x0FFF),
                                                                 simde_mm256_and_si256(simde_mm256_srli_epi32(bits, 13), simde_mm256_set1_epi32(1))));
        bits = simde_mm256_and_si256(bits, simde_mm256_set1_epi32(~0x1FFF));
        simde_mm256_storeu_ps(depth_row + x, simde_mm256_mul_ps(simde_mm256_castsi256_ps(bits), valid));
        if (s->fills_no_return) {
            // CorrelatedErrorModel.noReturnDepth, rounded to Float16, where there is no return.
            float valid_lanes[8];
            simde_mm256_storeu_ps(valid_lanes, valid);
            for (int lane = 0; lane < 8; lane++) {
                if (!(valid_lanes[lane] < 1)) continue;
                const float c = coarse_row[x + lane], a = c < 0 ? -c : c;
                depth_row[x + lane] = rounded_to_half(s->range_meters - 0.1f * (a < 2 ? a : 2));
            }
        }
    }
    return 0;
}

void cdepth_field_row(const float *nodes, intptr_t columns, intptr_t cell, intptr_t y, intptr_t width,
                      float *scratch, float *out) {
    const intptr_t gy = y / cell;
    const float fy = (float)(y % cell) / (float)cell;
    const float *top = nodes + gy * columns, *bottom = top + columns;
    for (intptr_t c = 0; c < columns; c++) scratch[c] = top[c] + (bottom[c] - top[c]) * fy;
    // The fractions (x % cell) / cell, eight a vector, divided once per call rather than per pixel (the
    // divisions were most of this function's time): the same quotients, so the same values.
    enum { largest_tabled_cell = 512 };
    if (width % 8 == 0 && (cell % 8 == 0 || cell == 4) && cell <= largest_tabled_cell) {
        const simde__m256 cell_v = simde_mm256_set1_ps((float)cell);
        const simde__m256i lanes = simde_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        if (cell == 4) {
            const simde__m256 fractions = simde_mm256_div_ps(simde_mm256_cvtepi32_ps(simde_mm256_setr_epi32(0, 1, 2, 3, 0, 1, 2, 3)), cell_v);
            for (intptr_t x = 0; x < width; x += 8) {
                // Lanes 0-3 in cell x / 4, lanes 4-7 in the next.
                const intptr_t c = x / 4;
                const float l0 = scratch[c], l1 = scratch[c + 1], l2 = scratch[c + 2];
                const simde__m256 left = simde_mm256_setr_ps(l0, l0, l0, l0, l1, l1, l1, l1);
                const simde__m256 difference = simde_mm256_setr_ps(l1 - l0, l1 - l0, l1 - l0, l1 - l0, l2 - l1, l2 - l1, l2 - l1, l2 - l1);
                simde_mm256_storeu_ps(out + x, simde_mm256_add_ps(left, simde_mm256_mul_ps(difference, fractions)));
            }
            return;
        }
        simde__m256 fractions[largest_tabled_cell / 8];
        const intptr_t groups = cell / 8 < (width + 7) / 8 ? cell / 8 : (width + 7) / 8;
        for (intptr_t g = 0; g < groups; g++)
            fractions[g] = simde_mm256_div_ps(simde_mm256_cvtepi32_ps(simde_mm256_add_epi32(simde_mm256_set1_epi32((int32_t)(8 * g)), lanes)), cell_v);
        for (intptr_t x = 0, c = 0, g = 0; x < width; x += 8) {
            const float l = scratch[c];
            const simde__m256 left = simde_mm256_set1_ps(l), difference = simde_mm256_set1_ps(scratch[c + 1] - l);
            simde_mm256_storeu_ps(out + x, simde_mm256_add_ps(left, simde_mm256_mul_ps(difference, fractions[g])));
            if (++g == cell / 8) { g = 0; c++; }
        }
        return;
    }
    for (intptr_t x = 0, c = 0; x < width; x += cell, c++) {
        const float left = scratch[c], difference = scratch[c + 1] - left;
        const intptr_t end = x + cell < width ? x + cell : width;
        for (intptr_t i = x; i < end; i++) out[i] = left + difference * ((float)(i - x) / (float)cell);
    }
}
