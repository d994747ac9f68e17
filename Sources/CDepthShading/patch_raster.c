// The renderers' raster pass (nearest hit per pixel of one surface patch) written with SIMDe's AVX2 API.
//
// Why this exists: Swift's SIMD8 types reduce eight-lane masks with shuffles and convert them between
// widths at every step; the same loop here tests a mask with one movemask and blends in place. It is the raster pass of `RenderPath.simde` for the depth map and the
// colour camera. It performs the same IEEE operations in the same order as DepthKernels.rasterScalar
// in PatchRaster+Reference.swift (no contraction into FMA, no reciprocal approximations), so its output
// is bit-identical.

// Products and sums must stay separately rounded, as in Swift, for bit-identical output.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CDepthShading.h"

// SIMDe's 256-bit types are passed between its inline functions in this file only: the warning that their
// calling convention differs without -mavx does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

#include <simde/x86/avx2.h>
#include <math.h>
#include <stdlib.h>

/// Where on each row a pixel can pass the tests: up to eight lines in x whose coefficients are linear in y.
///
/// Multiplied by the inverse depth (positive wherever a pixel can pass), each test is linear in x: the
/// inverse depth above the minimum, each triangle edge's `a u + b v + c >= -tol` and a rectangle's four
/// bounds become `alpha x + beta(y) >= 0`. Each is solved in double precision with a slack of 1e-4 of the
/// magnitude of its terms (the single-precision rounding of the per-pixel tests is below 1e-6 of it); the
/// interval is widened by two pixels and rounded out to whole groups of eight. A test nearly constant
/// across the patch's columns limits nothing. The span only skips groups with no pixel inside, so the
/// per-pixel tests, and the output, are unchanged.
typedef struct {
    int count;
    /// Per constraint: the root at y = 0 and its change per row; `lower` when the inside is above the root.
    double root_at_zero[8], root_per_row[8];
    int lower[8];
} row_spans;

static void spans_add(row_spans *s, double alpha, double beta0, double beta1, double magnitude, double reach) {
    const double slack = 1e-4 * magnitude;
    if (fabs(alpha) * reach <= slack || s->count == 8) return;
    s->root_at_zero[s->count] = (-slack - beta0) / alpha;
    s->root_per_row[s->count] = -beta1 / alpha;
    s->lower[s->count] = alpha > 0;
    s->count++;
}

static void spans_make(row_spans *s, const cdepth_patch_raster *r, float minimum_inverse_depth, float tolerance) {
    s->count = 0;
    const double reach = (double)(labs(r->x0) > labs(r->x1) ? labs(r->x0) : labs(r->x1));
    const double rows = (double)(labs(r->y0) > labs(r->y1) ? labs(r->y0) : labs(r->y1));
    // inverse = ia x + ib0 + ib1 y; u * inverse = ua x + ub0 + ub1 y (and v); with each one's magnitude.
    const double ia = r->a, ib0 = r->c, ib1 = r->b;
    const double i_mag = fabs(ia) * reach + fabs(ib1) * rows + fabs(ib0);
    const double uo = r->u_offset, vo = r->v_offset;
    const double ua = r->ua - uo * ia, ub0 = r->uc - uo * ib0, ub1 = r->ub - uo * ib1;
    const double u_mag = fabs((double)r->ua) * reach + fabs((double)r->ub) * rows + fabs((double)r->uc) + fabs(uo) * i_mag;
    const double va = r->va - vo * ia, vb0 = r->vc - vo * ib0, vb1 = r->vb - vo * ib1;
    const double v_mag = fabs((double)r->va) * reach + fabs((double)r->vb) * rows + fabs((double)r->vc) + fabs(vo) * i_mag;
    const double minimum = minimum_inverse_depth, tol = tolerance;
    spans_add(s, ia, ib0 - minimum, ib1, i_mag + minimum, reach);
    if (r->edge_count > 0) {
        for (intptr_t e = 0; e < r->edge_count; e++) {
            const double ex = r->edges[4 * e], ey = r->edges[4 * e + 1], ez = (double)r->edges[4 * e + 2] + tol;
            spans_add(s, ex * ua + ey * va + ez * ia, ex * ub0 + ey * vb0 + ez * ib0, ex * ub1 + ey * vb1 + ez * ib1,
                      fabs(ex) * u_mag + fabs(ey) * v_mag + fabs(ez) * i_mag, reach);
        }
    } else {
        const double u_max = (double)r->u_max + tol, v_max = (double)r->v_max + tol;
        spans_add(s, ua + tol * ia, ub0 + tol * ib0, ub1 + tol * ib1, u_mag + tol * i_mag, reach);
        spans_add(s, u_max * ia - ua, u_max * ib0 - ub0, u_max * ib1 - ub1, u_mag + u_max * i_mag, reach);
        spans_add(s, va + tol * ia, vb0 + tol * ib0, vb1 + tol * ib1, v_mag + tol * i_mag, reach);
        spans_add(s, v_max * ia - va, v_max * ib0 - vb0, v_max * ib1 - vb1, v_mag + v_max * i_mag, reach);
    }
}

/// Row y's columns within x0..<x1 (8-aligned ends) in *first, *last; 0 when none can pass.
static inline int spans_columns(const row_spans *s, const cdepth_patch_raster *r, intptr_t y, intptr_t *first, intptr_t *last) {
    double lo = (double)r->x0, hi = (double)r->x1;
    for (int i = 0; i < s->count; i++) {
        const double root = s->root_at_zero[i] + s->root_per_row[i] * (double)y;
        if (s->lower[i]) { if (root > lo) lo = root; } else { if (root < hi) hi = root; }
    }
    if (!(lo <= hi) || lo >= (double)r->x1 || hi <= (double)r->x0) return 0;
    intptr_t f = ((intptr_t)floor(lo) - 2) / 8 * 8, l = ((intptr_t)ceil(hi) + 2 + 8) / 8 * 8;
    *first = f > r->x0 ? f : r->x0;
    *last = l < r->x1 ? l : r->x1;
    return *first < *last;
}

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
    // Row spans pay off from three groups of eight a row.
    row_spans spans;
    const int spanned = r->x1 - r->x0 >= 24;
    if (spanned) spans_make(&spans, r, minimum_inverse_depth, tolerance);
    for (intptr_t y = y0; y < y1; y++) {
        intptr_t x_begin = r->x0, x_end = r->x1;
        if (spanned && !spans_columns(&spans, r, y, &x_begin, &x_end)) continue;
        const float fy = (float)y;
        const simde__m256 row_inverse = simde_mm256_set1_ps(r->b * fy + r->c);
        const simde__m256 row_u = simde_mm256_set1_ps(r->ub * fy + r->uc), row_v = simde_mm256_set1_ps(r->vb * fy + r->vc);
        for (intptr_t x = x_begin; x < x_end; x += 8) {
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
