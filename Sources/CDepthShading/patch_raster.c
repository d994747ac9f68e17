// The renderers' raster pass (nearest hit per pixel of one surface patch) written with SIMDe's AVX2 API.
//
// Why this exists: the Swift SIMD raster loop (DepthKernels.rasterSIMD) reduces its eight-lane masks
// with shuffles and converts them between widths at every step; the same loop here tests a mask with one
// movemask and blends in place. It is the raster pass of `RenderPath.simde` for the depth map and the
// colour camera. It performs the same IEEE operations in the same order as DepthKernels.rasterScalar and
// rasterSIMD (no contraction into FMA, no reciprocal approximations), so its output is bit-identical.

// Products and sums must stay separately rounded, as in Swift, for bit-identical output.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CDepthShading.h"

// SIMDe's 256-bit types are passed between its inline functions in this file only: the warning that their
// calling convention differs without -mavx does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

#include <simde/x86/avx2.h>

void cdepth_raster_rows(const cdepth_patch_raster *r, intptr_t row_begin, intptr_t row_end, float *best, int32_t *ids,
                        intptr_t stride, float minimum_inverse_depth, float tolerance) {
    const intptr_t y0 = row_begin > r->y0 ? row_begin : r->y0, y1 = row_end < r->y1 ? row_end : r->y1;
    if (y0 >= y1) return;
    const simde__m256 lanes = simde_mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const simde__m256 a = simde_mm256_set1_ps(r->a), ua = simde_mm256_set1_ps(r->ua), va = simde_mm256_set1_ps(r->va);
    const simde__m256 u_offset = simde_mm256_set1_ps(r->u_offset), v_offset = simde_mm256_set1_ps(r->v_offset);
    const simde__m256 minimum = simde_mm256_set1_ps(minimum_inverse_depth), one = simde_mm256_set1_ps(1.0f);
    const simde__m256 low = simde_mm256_set1_ps(-tolerance);
    const simde__m256 u_high = simde_mm256_set1_ps(r->u_max + tolerance), v_high = simde_mm256_set1_ps(r->v_max + tolerance);
    const simde__m256i id = simde_mm256_set1_epi32(r->patch_index);
    const int triangle = r->edge_count > 0;
    for (intptr_t y = y0; y < y1; y++) {
        const float fy = (float)y;
        const simde__m256 row_inverse = simde_mm256_set1_ps(r->b * fy + r->c);
        const simde__m256 row_u = simde_mm256_set1_ps(r->ub * fy + r->uc), row_v = simde_mm256_set1_ps(r->vb * fy + r->vc);
        for (intptr_t x = r->x0; x < r->x1; x += 8) {
            const simde__m256 px = simde_mm256_add_ps(simde_mm256_set1_ps((float)x), lanes);
            const simde__m256 inverse = simde_mm256_add_ps(simde_mm256_mul_ps(a, px), row_inverse);
            float *slot = best + y * stride + x;
            const simde__m256 current = simde_mm256_loadu_ps(slot);
            simde__m256 mask = simde_mm256_and_ps(simde_mm256_cmp_ps(inverse, minimum, SIMDE_CMP_GT_OQ),
                                                  simde_mm256_cmp_ps(inverse, current, SIMDE_CMP_GT_OQ));
            if (simde_mm256_movemask_ps(mask) == 0) continue;
            const simde__m256 z = simde_mm256_div_ps(one, inverse);
            const simde__m256 u = simde_mm256_sub_ps(simde_mm256_mul_ps(simde_mm256_add_ps(simde_mm256_mul_ps(ua, px), row_u), z), u_offset);
            const simde__m256 v = simde_mm256_sub_ps(simde_mm256_mul_ps(simde_mm256_add_ps(simde_mm256_mul_ps(va, px), row_v), z), v_offset);
            if (triangle) {
                for (intptr_t e = 0; e < r->edge_count; e++) {
                    const float *edge = r->edges + 4 * e;
                    // (e.x * u + e.y * v) + e.z >= -tol
                    const simde__m256 f = simde_mm256_add_ps(simde_mm256_add_ps(simde_mm256_mul_ps(simde_mm256_set1_ps(edge[0]), u),
                                                                                simde_mm256_mul_ps(simde_mm256_set1_ps(edge[1]), v)),
                                                             simde_mm256_set1_ps(edge[2]));
                    mask = simde_mm256_and_ps(mask, simde_mm256_cmp_ps(f, low, SIMDE_CMP_GE_OQ));
                }
            } else {
                mask = simde_mm256_and_ps(mask, simde_mm256_and_ps(
                    simde_mm256_and_ps(simde_mm256_cmp_ps(u, low, SIMDE_CMP_GE_OQ), simde_mm256_cmp_ps(u, u_high, SIMDE_CMP_LE_OQ)),
                    simde_mm256_and_ps(simde_mm256_cmp_ps(v, low, SIMDE_CMP_GE_OQ), simde_mm256_cmp_ps(v, v_high, SIMDE_CMP_LE_OQ))));
                for (intptr_t h = 0; h < r->hole_count; h++) {
                    const float *hole = r->holes + 4 * h;
                    const simde__m256 inside = simde_mm256_and_ps(
                        simde_mm256_and_ps(simde_mm256_cmp_ps(u, simde_mm256_set1_ps(hole[0]), SIMDE_CMP_GT_OQ),
                                           simde_mm256_cmp_ps(u, simde_mm256_set1_ps(hole[1]), SIMDE_CMP_LT_OQ)),
                        simde_mm256_and_ps(simde_mm256_cmp_ps(v, simde_mm256_set1_ps(hole[2]), SIMDE_CMP_GT_OQ),
                                           simde_mm256_cmp_ps(v, simde_mm256_set1_ps(hole[3]), SIMDE_CMP_LT_OQ)));
                    mask = simde_mm256_andnot_ps(inside, mask);
                }
            }
            if (simde_mm256_movemask_ps(mask) == 0) continue;
            simde_mm256_storeu_ps(slot, simde_mm256_blendv_ps(current, inverse, mask));
            int32_t *id_slot = ids + y * stride + x;
            const simde__m256i current_ids = simde_mm256_loadu_si256((const simde__m256i *)(const void *)id_slot);
            simde_mm256_storeu_si256((simde__m256i *)(void *)id_slot,
                                     simde_mm256_castps_si256(simde_mm256_blendv_ps(simde_mm256_castsi256_ps(current_ids),
                                                                                    simde_mm256_castsi256_ps(id), mask)));
        }
    }
}
