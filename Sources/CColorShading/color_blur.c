// The colour camera's motion blur (CColorSurface.h): a gather along each block's motion. A 4x4 block's
// pixels share their samples' fractional positions and weights (row r of the block samples r rows below
// its first row's positions), so each sample blends a block row's twelve floats with the same four
// weights: one eight-float and one four-float vector (SIMDe's AVX and SSE APIs), the sums kept in
// registers, and the positions and weights are worked out once for the block's four rows. Every float is
// the same IEEE operations in the same order as the one-pixel-at-a-time arithmetic (no contraction into
// FMA), so the output does not depend on the vector width. The sums stay in registers because masked
// stores to a stack array stall the loads that follow them (store forwarding cannot follow a masked
// store), and the positions and weights are per block because per row they cost as much as the blur.
//
// The blocks' shifts that the blur follows (`ccolor_block_row_shifts`) are here too: four blocks at a time
// in doubles (SIMDe's AVX API), the same operations in the same order as `MotionBlur.shiftsReference` (ColorBlur+Reference.swift).
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CColorSurface.h"

// SIMDe's 256-bit types are passed between its inline functions in this file only: the warning that their
// calling convention differs without -mavx does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

#include <simde/x86/avx.h>
#include <math.h>
#include <string.h>

/// The bilinear sample at (px, py) (clamped to the image) of pixel channels c = 0, 1, 2, added to
/// `sum[c]`: the edge path, one pixel of a run at a time.
static inline void add_clamped_sample(const float *in, intptr_t width, intptr_t height, float px, float py, float *sum) {
    const float xmax = (float)(width - 1), ymax = (float)(height - 1);
    px = px < 0 ? 0 : (px > xmax ? xmax : px);
    py = py < 0 ? 0 : (py > ymax ? ymax : py);
    const float gx = floorf(px), gy = floorf(py);
    const float ax = px - gx, ay = py - gy;
    const intptr_t ix = (intptr_t)gx, iy = (intptr_t)gy;
    const intptr_t ix1 = ix + 1 < width ? ix + 1 : ix, iy1 = iy + 1 < height ? iy + 1 : iy;
    const float w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay;
    for (int c = 0; c < 3; c++)
        sum[c] += in[(iy * width + ix) * 3 + c] * w00 + in[(iy * width + ix1) * 3 + c] * w10
            + in[(iy1 * width + ix) * 3 + c] * w01 + in[(iy1 * width + ix1) * 3 + c] * w11;
}

/// 1 / k for k = 1 ... 32 (index k; 0 unused): a tap count's mean and its samples' spacing without a
/// division (the same floats as the division: constants rounded once).
#define INVERSES_8(k) 1.0f / (k), 1.0f / ((k) + 1), 1.0f / ((k) + 2), 1.0f / ((k) + 3), \
    1.0f / ((k) + 4), 1.0f / ((k) + 5), 1.0f / ((k) + 6), 1.0f / ((k) + 7)
static const float inverses[33] = { 0.0f, INVERSES_8(1), INVERSES_8(9), INVERSES_8(17), INVERSES_8(25) };

/// Where a block's tap `k` samples: the horizontal position `sx` and its floor `fx0`, the block's first
/// row's vertical position `sy` and its floor `fy0`, and the bilinear weights of the in-image path
/// (shared by the block's four rows: row r samples at sy + r).
typedef struct { float sx, sy, fx0, fy0, w00, w10, w01, w11; } tap_position;

static inline tap_position tap_at(int k, int taps, float cx, float cy, float mx, float my) {
    tap_position t;
    const float f = taps > 1 ? (float)k * inverses[taps - 1] - 0.5f : 0.0f;
    t.sx = cx + mx * f;
    t.sy = cy + my * f;
    t.fx0 = floorf(t.sx);
    t.fy0 = floorf(t.sy);
    const float ax = t.sx - t.fx0, ay = t.sy - t.fy0;
    t.w00 = (1 - ax) * (1 - ay);
    t.w10 = ax * (1 - ay);
    t.w01 = (1 - ax) * ay;
    t.w11 = ax * ay;
    return t;
}

/// Adds block row r's sample of tap `t` to its run's twelve sums (`low`: channels 0-7, `high`: 8-11):
/// the four pixels' bilinear samples with the tap's shared weights when the run's footprint lies inside the
/// image (`inside`), otherwise each pixel's sample clamped to the image on its own. Channel c takes
/// p0[c] w00 + p0[c + 3] w10 + p1[c] w01 + p1[c + 3] w11, added in that order.
static inline void add_row_sample(const float *in, intptr_t width, intptr_t height, intptr_t n, const tap_position *t,
                                  int r, int inside, simde__m256 *low, simde__m128 *high) {
    if (inside) {
        const float *p0 = in + ((intptr_t)t->fy0 + r) * width * 3 + (intptr_t)t->fx0 * 3, *p1 = p0 + width * 3;
        const simde__m256 a00 = simde_mm256_set1_ps(t->w00), a10 = simde_mm256_set1_ps(t->w10);
        const simde__m256 a01 = simde_mm256_set1_ps(t->w01), a11 = simde_mm256_set1_ps(t->w11);
        simde__m256 s = simde_mm256_add_ps(simde_mm256_mul_ps(simde_mm256_loadu_ps(p0), a00),
                                           simde_mm256_mul_ps(simde_mm256_loadu_ps(p0 + 3), a10));
        s = simde_mm256_add_ps(s, simde_mm256_mul_ps(simde_mm256_loadu_ps(p1), a01));
        s = simde_mm256_add_ps(s, simde_mm256_mul_ps(simde_mm256_loadu_ps(p1 + 3), a11));
        *low = simde_mm256_add_ps(*low, s);
        const simde__m128 b00 = simde_mm256_castps256_ps128(a00), b10 = simde_mm256_castps256_ps128(a10);
        const simde__m128 b01 = simde_mm256_castps256_ps128(a01), b11 = simde_mm256_castps256_ps128(a11);
        simde__m128 u = simde_mm_add_ps(simde_mm_mul_ps(simde_mm_loadu_ps(p0 + 8), b00),
                                        simde_mm_mul_ps(simde_mm_loadu_ps(p0 + 11), b10));
        u = simde_mm_add_ps(u, simde_mm_mul_ps(simde_mm_loadu_ps(p1 + 8), b01));
        u = simde_mm_add_ps(u, simde_mm_mul_ps(simde_mm_loadu_ps(p1 + 11), b11));
        *high = simde_mm_add_ps(*high, u);
        return;
    }
    float sum[12];
    simde_mm256_storeu_ps(sum, *low);
    simde_mm_storeu_ps(sum + 8, *high);
    for (intptr_t j = 0; j < n; j++) add_clamped_sample(in, width, height, t->sx + (float)j, t->sy + (float)r, sum + 3 * j);
    *low = simde_mm256_loadu_ps(sum);
    *high = simde_mm_loadu_ps(sum + 8);
}

/// Whether row r's run of tap `t` lies inside the image (the shared-weight path).
static inline int row_inside(const tap_position *t, intptr_t n, float xmax, float ymax, int r) {
    const float fy = t->fy0 + (float)r;
    return n == 4 && t->fx0 >= 0 && t->fx0 + 4 < xmax && fy >= 0 && fy + 1 <= ymax;
}

/// Stores a run's sums times 1 / taps.
static inline void store_run(float *o, intptr_t n, simde__m256 low, simde__m128 high, int taps) {
    const float inv = inverses[taps];
    low = simde_mm256_mul_ps(low, simde_mm256_set1_ps(inv));
    high = simde_mm_mul_ps(high, simde_mm_set1_ps(inv));
    if (n == 4) {
        simde_mm256_storeu_ps(o, low);
        simde_mm_storeu_ps(o + 8, high);
    } else {
        float out[12];
        simde_mm256_storeu_ps(out, low);
        simde_mm_storeu_ps(out + 8, high);
        memcpy(o, out, (size_t)(3 * n) * sizeof(float));
    }
}

/// The blur of rows r0 ..< r1 (0...4) of the block whose first row is image row `yb`, pixels x0 ..< x0 + n,
/// along (mx, my) with `taps` samples (one: no blur), centred on the pixels moved back by (ox, oy); row r's
/// run goes to `o + r * width * 3`. Each tap's position and weights are worked out once for the block's
/// rows; a whole block's taps inside the image update its four rows' sums together.
static inline void blur_block(const float *in, float *o, intptr_t width, intptr_t height, intptr_t x0, intptr_t n,
                              intptr_t yb, int r0, int r1, float mx, float my, float ox, float oy, int taps) {
    const float xmax = (float)(width - 1), ymax = (float)(height - 1);
    const float cx = (float)x0 - ox, cy = (float)yb - oy;
    simde__m256 low[4];
    simde__m128 high[4];
    for (int r = 0; r < 4; r++) { low[r] = simde_mm256_setzero_ps(); high[r] = simde_mm_setzero_ps(); }
    // A whole block (the usual case) in loops of constant bounds, so that its sums can stay in registers;
    // the rows of a band that starts or ends inside a block row in the general loop.
    if (r0 == 0 && r1 == 4) {
        for (int k = 0; k < taps; k++) {
            const tap_position t = tap_at(k, taps, cx, cy, mx, my);
            if (row_inside(&t, n, xmax, ymax, 0) && row_inside(&t, n, xmax, ymax, 3)) {
                add_row_sample(in, width, height, n, &t, 0, 1, &low[0], &high[0]);
                add_row_sample(in, width, height, n, &t, 1, 1, &low[1], &high[1]);
                add_row_sample(in, width, height, n, &t, 2, 1, &low[2], &high[2]);
                add_row_sample(in, width, height, n, &t, 3, 1, &low[3], &high[3]);
            } else {
                for (int r = 0; r < 4; r++)
                    add_row_sample(in, width, height, n, &t, r, row_inside(&t, n, xmax, ymax, r), &low[r], &high[r]);
            }
        }
    } else {
        for (int k = 0; k < taps; k++) {
            const tap_position t = tap_at(k, taps, cx, cy, mx, my);
            for (int r = r0; r < r1; r++)
                add_row_sample(in, width, height, n, &t, r, row_inside(&t, n, xmax, ymax, r), &low[r], &high[r]);
        }
    }
    for (int r = r0; r < r1; r++) store_run(o + r * width * 3, n, low[r], high[r], taps);
}

void ccolor_motion_blur_rows(const float *in, float *out, intptr_t width, intptr_t height, const float *motion,
                             const float *offsets, intptr_t blocks_x, intptr_t row_begin, intptr_t row_end,
                             intptr_t out_first_row) {
    // A block row at a time: the rows of [row_begin, row_end) in one row of 4x4 blocks.
    for (intptr_t y = row_begin; y < row_end;) {
        const intptr_t yb = y & ~(intptr_t)3;
        const intptr_t y_end = yb + 4 < row_end ? yb + 4 : row_end;
        const int r0 = (int)(y - yb), r1 = (int)(y_end - yb);
        // Row r of the block row goes to `rows + r * width * 3` (rows before r0 are not written).
        float *rows = out + (yb - out_first_row) * width * 3;
        for (intptr_t x0 = 0; x0 < width; x0 += 4) {
            const intptr_t n = width - x0 < 4 ? width - x0 : 4;
            const intptr_t block = 2 * ((yb >> 2) * blocks_x + (x0 >> 2));
            const float mx = motion[block], my = motion[block + 1];
            const float ox = offsets ? offsets[block] : 0.0f, oy = offsets ? offsets[block + 1] : 0.0f;
            const float length = sqrtf(mx * mx + my * my);
            int taps = 1;
            if (length >= 0.5f) {
                // Samples at most 1.5 pixels apart (bilinear: no gaps); a block moving half a pixel or
                // more is blurred, as its neighbours moving a little more are (no sharp block among them).
                taps = (int)ceilf(length * (1.0f / 1.5f)) + 1;
                if (taps > 32) taps = 32;
            } else if (ox == 0.0f && oy == 0.0f) {
                for (int r = r0; r < r1; r++)
                    memcpy(rows + r * width * 3 + x0 * 3, in + ((yb + r) * width + x0) * 3, (size_t)(3 * n) * sizeof(float));
                continue;
            }
            blur_block(in, rows + x0 * 3, width, height, x0, n, yb, r0, r1, mx, my, ox, oy, taps);
        }
        y = y_end;
    }
}

/// The Swift `RowRays.project` for four lanes: the pixels that show pixel columns `px`' points at depths
/// `depth` (their directions, in lanes whose `direction` has all bits set) in the camera whose block-row
/// rays are `rays` (step, row, origin: three doubles each; a point at depth t along column px's ray is
/// origin + (row + step px) t), with intrinsics `k` (cx, cy, fx, fy); NaN behind the camera. The same
/// double operations in the same order as the Swift.
static inline void project4(const double *rays, const double *k, simde__m256d px, simde__m256d depth,
                            simde__m256d direction, simde__m256d *x_out, simde__m256d *y_out) {
    // ray = row + step px; c = direction ? ray : origin + ray depth (per coordinate).
    simde__m256d c[3];
    for (int i = 0; i < 3; i++) {
        const simde__m256d step = simde_mm256_mul_pd(simde_mm256_set1_pd(rays[i]), px);
        const simde__m256d ray = simde_mm256_add_pd(simde_mm256_set1_pd(rays[3 + i]), step);
        const simde__m256d point = simde_mm256_add_pd(simde_mm256_set1_pd(rays[6 + i]), simde_mm256_mul_pd(ray, depth));
        c[i] = simde_mm256_blendv_pd(point, ray, direction);
    }
    const simde__m256d z = simde_mm256_xor_pd(c[2], simde_mm256_set1_pd(-0.0));
    const simde__m256d in_front = simde_mm256_cmp_pd(z, simde_mm256_set1_pd(1e-6), SIMDE_CMP_GT_OQ);
    const simde__m256d per_z = simde_mm256_div_pd(simde_mm256_set1_pd(1.0), z);
    // cx + fx c.x / z and cy - fy c.y / z, as (fx c.x) per_z.
    const simde__m256d x = simde_mm256_mul_pd(simde_mm256_mul_pd(simde_mm256_set1_pd(k[2]), c[0]), per_z);
    const simde__m256d y = simde_mm256_mul_pd(simde_mm256_mul_pd(simde_mm256_set1_pd(k[3]), c[1]), per_z);
    const simde__m256d nan = simde_mm256_set1_pd(NAN);
    *x_out = simde_mm256_blendv_pd(nan, simde_mm256_add_pd(simde_mm256_set1_pd(k[0]), x), in_front);
    *y_out = simde_mm256_blendv_pd(nan, simde_mm256_sub_pd(simde_mm256_set1_pd(k[1]), y), in_front);
}

void ccolor_block_row_shifts(const double *from, const double *to, const double *k, const float *inverse_depth,
                             intptr_t width, intptr_t height, intptr_t block_row, float *shifts) {
    const intptr_t blocks_x = (width + 3) / 4;
    const intptr_t y = height - 1 < block_row * 4 + 1 ? height - 1 : block_row * 4 + 1;
    const intptr_t y2 = height - 1 < y + 1 ? height - 1 : y + 1;
    const float *row = inverse_depth + y * width, *row2 = inverse_depth + y2 * width;
    const simde__m256d zero = simde_mm256_setzero_pd();
    for (intptr_t bx = 0; bx < blocks_x; bx += 4) {
        // Four blocks a vector (in the row's last group, lanes past its end repeat its last block and are
        // not stored): each one's centre column and inverse depths at its pixels (1, 1) and (2, 2),
        // clamped to the image.
        const intptr_t lanes = blocks_x - bx < 4 ? blocks_x - bx : 4;
        double centre[4];
        float a[4], b[4];
        for (intptr_t lane = 0; lane < 4; lane++) {
            const intptr_t block = bx + (lane < lanes ? lane : lanes - 1);
            const intptr_t x = width - 1 < block * 4 + 1 ? width - 1 : block * 4 + 1;
            const intptr_t x2 = width - 1 < x + 1 ? width - 1 : x + 1;
            const intptr_t right = width < block * 4 + 4 ? width : block * 4 + 4;
            centre[lane] = (double)(right + block * 4) / 2 - 0.5;
            a[lane] = row[x];
            b[lane] = row2[x2];
        }
        const simde__m256d px = simde_mm256_loadu_pd(centre);
        // Swift's max(a, b), b >= a ? b : a, then the inverse depth as a double.
        const simde__m128 first = simde_mm_loadu_ps(a), second = simde_mm_loadu_ps(b);
        const simde__m128 larger = simde_mm_blendv_ps(first, second, simde_mm_cmpge_ps(second, first));
        const simde__m256d inverse = simde_mm256_cvtps_pd(larger);
        // Nothing within range (not > 0): the ray's direction, at depth 0.
        const simde__m256d direction = simde_mm256_cmp_pd(inverse, zero, SIMDE_CMP_NGT_UQ);
        const simde__m256d reciprocal = simde_mm256_div_pd(simde_mm256_set1_pd(1.0), inverse);
        const simde__m256d depth = simde_mm256_blendv_pd(reciprocal, zero, direction);
        simde__m256d tx, ty, fx, fy;
        project4(to, k, px, depth, direction, &tx, &ty);
        project4(from, k, px, depth, direction, &fx, &fy);
        const simde__m256d mx = simde_mm256_sub_pd(tx, fx), my = simde_mm256_sub_pd(ty, fy);
        // Finite: m - m is 0 (NaN for infinities and NaN).
        const simde__m256d finite_x = simde_mm256_cmp_pd(simde_mm256_sub_pd(mx, mx), zero, SIMDE_CMP_EQ_OQ);
        const simde__m256d finite_y = simde_mm256_cmp_pd(simde_mm256_sub_pd(my, my), zero, SIMDE_CMP_EQ_OQ);
        const int stored = simde_mm256_movemask_pd(simde_mm256_and_pd(finite_x, finite_y)) & ((1 << lanes) - 1);
        const simde__m128 sx = simde_mm256_cvtpd_ps(mx), sy = simde_mm256_cvtpd_ps(my);
        if (stored == 0xF) {
            simde_mm_storeu_ps(shifts + 2 * bx, simde_mm_unpacklo_ps(sx, sy));
            simde_mm_storeu_ps(shifts + 2 * bx + 4, simde_mm_unpackhi_ps(sx, sy));
        } else {
            float lx[4], ly[4];
            simde_mm_storeu_ps(lx, sx);
            simde_mm_storeu_ps(ly, sy);
            for (int lane = 0; lane < 4; lane++)
                if (stored & (1 << lane)) { shifts[2 * (bx + lane)] = lx[lane]; shifts[2 * (bx + lane) + 1] = ly[lane]; }
        }
    }
}
