// See include/CDepthShading.h ("cdepth_correlated_row") for why this kernel exists. Its Swift reference,
// CorrelatedErrorModel.correlatedRowReference (CorrelatedShading+Reference.swift), and flyingSurface do
// the same operations pixel by pixel; keep them in step.

// Products and sums must stay separately rounded, as in Swift, for bit-identical output.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CDepthShading.h"
#include "lane_operations.h"
#include "noise_hash.h"

// The confidence bytes are taken from 32-bit lanes by their first byte in memory.
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the kernels assume a little-endian host");


/// `CorrelatedErrorModel.flyingSurface` on eight lanes at once: lanes where `flying` is set (a return at
/// edge distance `k` 0 or 1) get their surface, the others keep `z`. Each lane goes through the Swift's
/// operations in its order; its branches become selects (the lanes of a branch not taken are computed
/// and dropped).
static simde__m256 flying_surfaces(const cdepth_correlated_settings *s, simde__m256 z, simde__m256i k, simde__m256 flying,
                                   simde__m256 g, simde__m256i key, intptr_t x, intptr_t y, intptr_t w, intptr_t h,
                                   const float *windows) {
    const simde__m256i zero_i = simde_mm256_setzero_si256(), one_i = simde_mm256_set1_epi32(1), two_i = simde_mm256_set1_epi32(2);
    // The ramp's extents on the near and far side, by the first threshold g lies below.
    simde__m256i near_extent = two_i, far_extent = two_i;
#define BELOW(t) simde_mm256_castps_si256(simde_mm256_cmp_ps(g, simde_mm256_set1_ps(t), SIMDE_CMP_LT_OQ))
    simde__m256i below = BELOW(s->ramp_three);
    near_extent = simde_mm256_blendv_epi8(near_extent, one_i, below);
    below = BELOW(s->ramp_two);
    far_extent = simde_mm256_blendv_epi8(far_extent, one_i, below);
    below = BELOW(s->ramp_one);
    near_extent = simde_mm256_blendv_epi8(near_extent, zero_i, below);
    below = BELOW(s->ramp_near_side);
    near_extent = simde_mm256_blendv_epi8(near_extent, one_i, below);
    far_extent = simde_mm256_blendv_epi8(far_extent, zero_i, below);
    below = BELOW(s->ramp_clean);
    near_extent = simde_mm256_blendv_epi8(near_extent, zero_i, below);
#undef BELOW
    simde__m256i active = simde_mm256_cmpgt_epi32(simde_mm256_max_epi32(near_extent, far_extent), k);
    if (s->smoothed_step_below > 0) active = simde_mm256_set1_epi32(-1);
    active = simde_mm256_and_si256(active, simde_mm256_castps_si256(flying));
    if (simde_mm256_movemask_ps(simde_mm256_castsi256_ps(active)) == 0) return z;
    // The nearest and farthest return of the (2k + 3)-pixel square, from the row windows: within one
    // pixel for k = 0, within two for k = 1.
    const intptr_t plane = w * h;
    simde__m256 nearest1 = simde_mm256_setzero_ps(), farthest1 = simde_mm256_set1_ps(__builtin_inff());
    simde__m256 nearest2 = nearest1, farthest2 = farthest1;
    for (intptr_t dy = (y - 1 > 0 ? y - 1 : 0); dy <= (y + 1 < h - 1 ? y + 1 : h - 1); dy++) {
        nearest1 = max_v(nearest1, simde_mm256_loadu_ps(windows + dy * w + x));
        farthest1 = min_v(farthest1, simde_mm256_loadu_ps(windows + plane + dy * w + x));
    }
    for (intptr_t dy = (y - 2 > 0 ? y - 2 : 0); dy <= (y + 2 < h - 1 ? y + 2 : h - 1); dy++) {
        nearest2 = max_v(nearest2, simde_mm256_loadu_ps(windows + 2 * plane + dy * w + x));
        farthest2 = min_v(farthest2, simde_mm256_loadu_ps(windows + 3 * plane + dy * w + x));
    }
    const simde__m256 second = simde_mm256_castsi256_ps(simde_mm256_cmpeq_epi32(k, one_i));
    const simde__m256 one = simde_mm256_set1_ps(1);
    const simde__m256 z_near = simde_mm256_div_ps(one, simde_mm256_blendv_ps(nearest1, nearest2, second));
    const simde__m256 z_far = simde_mm256_div_ps(one, simde_mm256_blendv_ps(farthest1, farthest2, second));
    const simde__m256 span = simde_mm256_sub_ps(z_far, z_near);
    const simde__m256 on_near_side = simde_mm256_cmp_ps(simde_mm256_sub_ps(z, z_near), simde_mm256_sub_ps(z_far, z), SIMDE_CMP_LT_OQ);
    const simde__m256i near_side_i = simde_mm256_castps_si256(on_near_side);
    // A small step, smoothed into a slope: place 1 - k on the near side, 2 + k on the far side.
    const simde__m256 smoothed = simde_mm256_cmp_ps(z_far, simde_mm256_mul_ps(z_near, simde_mm256_set1_ps(1 + s->smoothed_step_below)),
                                                    SIMDE_CMP_LT_OQ);
    const simde__m256i slope_place = simde_mm256_blendv_epi8(simde_mm256_add_epi32(two_i, k), simde_mm256_sub_epi32(one_i, k), near_side_i);
    const simde__m256 slope = simde_mm256_add_ps(z_near, simde_mm256_mul_ps(
        simde_mm256_mul_ps(simde_mm256_cvtepi32_ps(simde_mm256_add_epi32(slope_place, one_i)), simde_mm256_set1_ps(0.2f)), span));
    // A ramp: capped at one pixel a side below twice the smoothing step.
    const simde__m256 capped = simde_mm256_cmp_ps(z_far, simde_mm256_mul_ps(z_near, simde_mm256_set1_ps(1 + 2 * s->smoothed_step_below)),
                                                  SIMDE_CMP_LT_OQ);
    const simde__m256i capped_i = simde_mm256_castps_si256(capped);
    const simde__m256i near = simde_mm256_blendv_epi8(near_extent, simde_mm256_min_epi32(one_i, near_extent), capped_i);
    const simde__m256i far = simde_mm256_blendv_epi8(far_extent, simde_mm256_min_epi32(one_i, far_extent), capped_i);
    const simde__m256i on_ramp = simde_mm256_cmpgt_epi32(simde_mm256_blendv_epi8(far, near, near_side_i), k);
    const simde__m256i place = simde_mm256_blendv_epi8(simde_mm256_add_epi32(near, k),
                                                       simde_mm256_sub_epi32(simde_mm256_sub_epi32(near, one_i), k), near_side_i);
    const simde__m256 jitter = simde_mm256_mul_ps(
        simde_mm256_sub_ps(simde_mm256_mul_ps(simde_mm256_cvtepi32_ps(simde_mm256_srli_epi32(key, 16)), simde_mm256_set1_ps(1.0f / 65536)),
                           simde_mm256_set1_ps(0.5f)),
        simde_mm256_set1_ps(0.06f));
    const simde__m256 mixed = simde_mm256_cmp_ps(
        simde_mm256_mul_ps(simde_mm256_cvtepi32_ps(simde_mm256_and_si256(key, simde_mm256_set1_epi32(0xFFFF))), simde_mm256_set1_ps(1.0f / 65536)),
        simde_mm256_set1_ps(s->ramp_one_mixed_share), SIMDE_CMP_GE_OQ);
    const simde__m256i sum = simde_mm256_add_epi32(near, far);
    const simde__m256 beside = simde_mm256_or_ps(capped, simde_mm256_and_ps(
        simde_mm256_castsi256_ps(simde_mm256_cmpeq_epi32(sum, one_i)), mixed));
    // The profile's entry: (near + far - 1) * 4 + place, or 4 (near side) and 5 (far side) beside; lanes off
    // the ramp may hold any index, which only picks among the sixteen.
    const simde__m256i entry = simde_mm256_blendv_epi8(
        simde_mm256_add_epi32(simde_mm256_slli_epi32(simde_mm256_sub_epi32(sum, one_i), 2), place),
        simde_mm256_blendv_epi8(simde_mm256_set1_epi32(5), simde_mm256_set1_epi32(4), near_side_i),
        simde_mm256_castps_si256(beside));
    const simde__m256 low_profile = simde_mm256_loadu_ps(s->ramp_profile), high_profile = simde_mm256_loadu_ps(s->ramp_profile + 8);
    const simde__m256 profile = simde_mm256_blendv_ps(simde_mm256_permutevar8x32_ps(low_profile, entry),
                                                      simde_mm256_permutevar8x32_ps(high_profile, entry),
                                                      simde_mm256_castsi256_ps(simde_mm256_cmpgt_epi32(entry, simde_mm256_set1_epi32(7))));
    const simde__m256 t = simde_mm256_add_ps(profile, jitter);
    const simde__m256 ramp = simde_mm256_add_ps(z_near, simde_mm256_mul_ps(t, span));
    // Per lane: not active, z; a smoothed step, the slope; on the ramp, the ramp; else z.
    simde__m256 result = simde_mm256_blendv_ps(z, ramp, simde_mm256_castsi256_ps(on_ramp));
    result = simde_mm256_blendv_ps(result, slope, smoothed);
    return simde_mm256_blendv_ps(z, result, simde_mm256_castsi256_ps(active));
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
        const simde__m256 flying = simde_mm256_and_ps(simde_mm256_cmp_ps(l, one, SIMDE_CMP_LE_OQ),
                                                      simde_mm256_cmp_ps(inv, zero, SIMDE_CMP_GT_OQ));
        if (simde_mm256_movemask_ps(flying) != 0) {
            surface = flying_surfaces(s, z, simde_mm256_cvttps_epi32(l), flying, simde_mm256_loadu_ps(ramp_row + x), key, x, y,
                                      width, height, windows);
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
        simde_mm256_storeu_ps(depth_row + x, simde_mm256_mul_ps(rounded_to_half_v(value), valid));
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
    // The fractions (x % cell) / cell, eight a vector, divided once per call rather than per eight
    // pixels: the same quotients, so the same values.
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
