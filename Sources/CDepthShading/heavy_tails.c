// See include/CDepthShading.h ("cdepth_tails_row") for why this kernel exists. It mirrors
// CorrelatedErrorModel.tailsRowReference (HeavyTails+Reference.swift) pixel for pixel; keep them in step.

// Products and sums must stay separately rounded, as in Swift, for bit-identical output.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include <math.h>
#include "CDepthShading.h"
#include "lane_operations.h"

/// The range `exp_pd` takes: beyond it 2^n leaves the normal doubles, and those lanes take libm's `exp`.
#define EXP_PD_LIMIT 700.0

/// e^x of four doubles within +-`EXP_PD_LIMIT`: x = n ln 2 + r with n = round(x / ln 2) and r taken off
/// in two parts (fdlibm's split of ln 2, whose high part has 32 trailing zero bits, so n times it is
/// exact), e^r by its degree-13 Taylor polynomial on |r| <= 0.347 in Horner form (the first term left
/// out is below 5e-18), then times 2^n through the exponent bits. Every float x in [-104, 89] gives,
/// rounded to float, the same value as `(float)exp((double)x)` with glibc's libm: checked for all
/// 2,239,889,410 of them (docs/benchmarks-history.md, 2026-12-04); the tests sample them.
static inline simde__m256d exp_pd(simde__m256d x) {
    const simde__m256d n = simde_mm256_round_pd(simde_mm256_mul_pd(x, simde_mm256_set1_pd(1.4426950408889634)),
                                                SIMDE_MM_FROUND_TO_NEAREST_INT | SIMDE_MM_FROUND_NO_EXC);
    simde__m256d r = simde_mm256_sub_pd(x, simde_mm256_mul_pd(n, simde_mm256_set1_pd(6.93147180369123816490e-01)));
    r = simde_mm256_sub_pd(r, simde_mm256_mul_pd(n, simde_mm256_set1_pd(1.90821492927058770002e-10)));
    static const double inverse_factorials[14] = {
        1.0, 1.0, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720, 1.0 / 5040, 1.0 / 40320, 1.0 / 362880,
        1.0 / 3628800, 1.0 / 39916800, 1.0 / 479001600, 1.0 / 6227020800.0};
    simde__m256d p = simde_mm256_set1_pd(inverse_factorials[13]);
    for (int k = 12; k >= 0; k--) p = simde_mm256_add_pd(simde_mm256_mul_pd(p, r), simde_mm256_set1_pd(inverse_factorials[k]));
    const simde__m256i exponent = simde_mm256_add_epi64(simde_mm256_cvtepi32_epi64(simde_mm256_cvtpd_epi32(n)),
                                                        simde_mm256_set1_epi64x(1023));
    return simde_mm256_mul_pd(p, simde_mm256_castsi256_pd(simde_mm256_slli_epi64(exponent, 52)));
}

/// `(float)exp((double)x)` for eight floats: `exp_pd` on both halves, libm's `exp` lane by lane when a
/// lane lies outside +-`EXP_PD_LIMIT` or is NaN.
static inline simde__m256 exp_to_float(simde__m256 x) {
    const simde__m256 limit = simde_mm256_set1_ps((float)EXP_PD_LIMIT);
    const simde__m256 inside = simde_mm256_and_ps(simde_mm256_cmp_ps(x, limit, SIMDE_CMP_LE_OQ),
                                                  simde_mm256_cmp_ps(x, simde_mm256_sub_ps(simde_mm256_setzero_ps(), limit), SIMDE_CMP_GE_OQ));
    if (simde_mm256_movemask_ps(inside) != 0xFF) {
        float lanes[8];
        simde_mm256_storeu_ps(lanes, x);
        for (int lane = 0; lane < 8; lane++) lanes[lane] = (float)exp((double)lanes[lane]);
        return simde_mm256_loadu_ps(lanes);
    }
    const simde__m128 low = simde_mm256_cvtpd_ps(exp_pd(simde_mm256_cvtps_pd(simde_mm256_castps256_ps128(x))));
    const simde__m128 high = simde_mm256_cvtpd_ps(exp_pd(simde_mm256_cvtps_pd(simde_mm256_extractf128_ps(x, 1))));
    return simde_mm256_insertf128_ps(simde_mm256_castps128_ps256(low), high, 1);
}

void cdepth_exp_to_float(const float *x, intptr_t count, float *out) {
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) simde_mm256_storeu_ps(out + i, exp_to_float(simde_mm256_loadu_ps(x + i)));
    for (; i < count; i++) out[i] = (float)exp((double)x[i]);
}

/// `CorrelatedErrorModel.tailsRowReference` for one pixel (and the lanes past the last multiple of 8).
static void tail_pixel(const cdepth_tail_settings *s, float patch, float size, float *depth, uint8_t *confidence) {
    const float z = *depth;
    if (!(patch > s->threshold) || !(z > 0)) return;
    float amount = 1;
    if (s->ramp > 0) { const float a = (patch - s->threshold) / s->ramp; amount = a < 1 ? a : 1; }
    const float log_factor = -amount * (s->minimum + s->log_spread * fabsf(size));
    const float product = z * (float)exp((double)log_factor);
    const float above = product > 0.001f ? product : 0.001f;
    *depth = rounded_to_half(above < s->range_meters ? above : s->range_meters);
    *confidence = amount > s->low_amount ? 0 : (*confidence < 1 ? *confidence : 1);
}

int cdepth_tails_row(const cdepth_tail_settings *s, intptr_t width, const float *patch_row, const float *size_row,
                     float *depth_row, uint8_t *confidence_row) {
    if (width < 0) return -1;
    const simde__m256 threshold = simde_mm256_set1_ps(s->threshold), zero = simde_mm256_setzero_ps();
    const simde__m256 one = simde_mm256_set1_ps(1), ramp = simde_mm256_set1_ps(s->ramp);
    const simde__m256 minimum = simde_mm256_set1_ps(s->minimum), log_spread = simde_mm256_set1_ps(s->log_spread);
    const simde__m256 sign = simde_mm256_castsi256_ps(simde_mm256_set1_epi32((int32_t)0x80000000u));
    intptr_t x = 0;
    for (; x + 8 <= width; x += 8) {
        const simde__m256 patch = simde_mm256_loadu_ps(patch_row + x), z = simde_mm256_loadu_ps(depth_row + x);
        const simde__m256 selected = simde_mm256_and_ps(simde_mm256_cmp_ps(patch, threshold, SIMDE_CMP_GT_OQ),
                                                        simde_mm256_cmp_ps(z, zero, SIMDE_CMP_GT_OQ));
        const int mask = simde_mm256_movemask_ps(selected);
        if (mask == 0) continue;
        simde__m256 amount = one;
        if (s->ramp > 0) amount = min_v(one, simde_mm256_div_ps(simde_mm256_sub_ps(patch, threshold), ramp));
        const simde__m256 size = absolute_v(simde_mm256_loadu_ps(size_row + x));
        // -amount (minimum + spread |g|): the negation is exact, so it may come last.
        const simde__m256 log_factor = simde_mm256_xor_ps(
            simde_mm256_mul_ps(amount, simde_mm256_add_ps(minimum, simde_mm256_mul_ps(log_spread, size))), sign);
        // Unselected lanes may hold anything; exp of zero keeps them in exp_pd's range.
        const simde__m256 factor = exp_to_float(simde_mm256_and_ps(log_factor, selected));
        const simde__m256 value = min_v(simde_mm256_set1_ps(s->range_meters),
                                        max_v(simde_mm256_set1_ps(0.001f), simde_mm256_mul_ps(z, factor)));
        simde_mm256_storeu_ps(depth_row + x, simde_mm256_blendv_ps(z, rounded_to_half_v(value), selected));
        float amounts[8];
        simde_mm256_storeu_ps(amounts, amount);
        for (int lanes = mask; lanes != 0; lanes &= lanes - 1) {
            const int lane = __builtin_ctz((unsigned)lanes);
            uint8_t *c = confidence_row + x + lane;
            *c = amounts[lane] > s->low_amount ? 0 : (*c < 1 ? *c : 1);
        }
    }
    for (; x < width; x++) tail_pixel(s, patch_row[x], size_row[x], depth_row + x, confidence_row + x);
    return 0;
}
