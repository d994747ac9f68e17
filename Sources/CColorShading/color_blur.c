// The colour camera's motion blur (CColorSurface.h): a gather along each block's motion. The four pixels of
// a block row share their samples' fractional positions and weights, so each sample blends four pixels'
// twelve floats with the same four weights: one eight-float and one four-float vector (SIMDe's AVX and
// SSE APIs), the sums kept in registers. Every float is the same IEEE operations in the same order as the
// one-pixel-at-a-time arithmetic (no contraction into FMA), so the output does not depend on the vector
// width. (Sums in a stack array that the compiler updated with masked stores stalled each run's final
// loads: store forwarding cannot follow a masked store; about a quarter of the pass's time.)
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

/// The blur of pixels x0 ..< x0 + n of row y (one block's row) along (mx, my) with `taps` samples (one:
/// no blur), centred on the pixels moved back by (ox, oy).
static inline void blur_run(const float *in, float *o, intptr_t width, intptr_t height, intptr_t x0, intptr_t n,
                            intptr_t y, float mx, float my, float ox, float oy, int taps) {
    const float xmax = (float)(width - 1), ymax = (float)(height - 1);
    const float step = taps > 1 ? 1.0f / (float)(taps - 1) : 0.0f;
    const float cx = (float)x0 - ox, cy = (float)y - oy;
    // Channels 0-7 and 8-11 of the run's four pixels.
    simde__m256 low = simde_mm256_setzero_ps();
    simde__m128 high = simde_mm_setzero_ps();
    for (int k = 0; k < taps; k++) {
        const float f = taps > 1 ? (float)k * step - 0.5f : 0.0f;
        const float sx = cx + mx * f, sy = cy + my * f;
        const float fx0 = floorf(sx), fy0 = floorf(sy);
        if (n == 4 && fx0 >= 0 && fx0 + 4 < xmax && fy0 >= 0 && fy0 + 1 <= ymax) {
            // The whole run's samples inside the image: one set of weights. Channel c takes
            // p0[c] w00 + p0[c + 3] w10 + p1[c] w01 + p1[c + 3] w11, added in that order.
            const float ax = sx - fx0, ay = sy - fy0;
            const float w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay;
            const float *p0 = in + ((intptr_t)fy0 * width + (intptr_t)fx0) * 3, *p1 = p0 + width * 3;
            const simde__m256 a00 = simde_mm256_set1_ps(w00), a10 = simde_mm256_set1_ps(w10);
            const simde__m256 a01 = simde_mm256_set1_ps(w01), a11 = simde_mm256_set1_ps(w11);
            simde__m256 t = simde_mm256_add_ps(simde_mm256_mul_ps(simde_mm256_loadu_ps(p0), a00),
                                               simde_mm256_mul_ps(simde_mm256_loadu_ps(p0 + 3), a10));
            t = simde_mm256_add_ps(t, simde_mm256_mul_ps(simde_mm256_loadu_ps(p1), a01));
            t = simde_mm256_add_ps(t, simde_mm256_mul_ps(simde_mm256_loadu_ps(p1 + 3), a11));
            low = simde_mm256_add_ps(low, t);
            const simde__m128 b00 = simde_mm_set1_ps(w00), b10 = simde_mm_set1_ps(w10);
            const simde__m128 b01 = simde_mm_set1_ps(w01), b11 = simde_mm_set1_ps(w11);
            simde__m128 u = simde_mm_add_ps(simde_mm_mul_ps(simde_mm_loadu_ps(p0 + 8), b00),
                                            simde_mm_mul_ps(simde_mm_loadu_ps(p0 + 11), b10));
            u = simde_mm_add_ps(u, simde_mm_mul_ps(simde_mm_loadu_ps(p1 + 8), b01));
            u = simde_mm_add_ps(u, simde_mm_mul_ps(simde_mm_loadu_ps(p1 + 11), b11));
            high = simde_mm_add_ps(high, u);
            continue;
        }
        // Near the image's edges: each pixel's sample clamped to the image on its own.
        float sum[12];
        simde_mm256_storeu_ps(sum, low);
        simde_mm_storeu_ps(sum + 8, high);
        for (intptr_t j = 0; j < n; j++) add_clamped_sample(in, width, height, sx + (float)j, sy, sum + 3 * j);
        low = simde_mm256_loadu_ps(sum);
        high = simde_mm_loadu_ps(sum + 8);
    }
    const float inv = 1.0f / (float)taps;
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

void ccolor_motion_blur_rows(const float *in, float *out, intptr_t width, intptr_t height, const float *motion,
                             const float *offsets, intptr_t blocks_x, intptr_t row_begin, intptr_t row_end,
                             intptr_t out_first_row) {
    for (intptr_t y = row_begin; y < row_end; y++) {
        float *row = out + (y - out_first_row) * width * 3;
        for (intptr_t x0 = 0; x0 < width; x0 += 4) {
            const intptr_t n = width - x0 < 4 ? width - x0 : 4;
            const intptr_t block = 2 * ((y >> 2) * blocks_x + (x0 >> 2));
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
                memcpy(row + x0 * 3, in + (y * width + x0) * 3, (size_t)(3 * n) * sizeof(float));
                continue;
            }
            blur_run(in, row + x0 * 3, width, height, x0, n, y, mx, my, ox, oy, taps);
        }
    }
}
