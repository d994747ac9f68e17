// The colour camera's motion blur (CColorSurface.h): a gather along each block's motion. Plain C: the
// compiler's code is the only version, so there is nothing to keep bit-identical. The four pixels of a
// block row share their samples' fractional positions and weights, so each sample blends four pixels'
// twelve floats with the same four weights (a loop the compiler vectorises).
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CColorSurface.h"
#include <math.h>
#include <string.h>

/// The blur of pixels x0 ..< x0 + n of row y (one block's row) along (mx, my) with `taps` samples (one:
/// no blur), centred on the pixels moved back by (ox, oy).
static inline void blur_run(const float *in, float *o, intptr_t width, intptr_t height, intptr_t x0, intptr_t n,
                            intptr_t y, float mx, float my, float ox, float oy, int taps) {
    const float xmax = (float)(width - 1), ymax = (float)(height - 1);
    const float step = taps > 1 ? 1.0f / (float)(taps - 1) : 0.0f;
    const float cx = (float)x0 - ox, cy = (float)y - oy;
    float sum[12] = { 0 };
    for (int k = 0; k < taps; k++) {
        const float f = taps > 1 ? (float)k * step - 0.5f : 0.0f;
        const float sx = cx + mx * f, sy = cy + my * f;
        const float fx0 = floorf(sx), fy0 = floorf(sy);
        if (n == 4 && fx0 >= 0 && fx0 + 4 < xmax && fy0 >= 0 && fy0 + 1 <= ymax) {
            // The whole run's samples inside the image: one set of weights.
            const float ax = sx - fx0, ay = sy - fy0;
            const float w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay;
            const float *p0 = in + ((intptr_t)fy0 * width + (intptr_t)fx0) * 3, *p1 = p0 + width * 3;
            for (int c = 0; c < 12; c++) sum[c] += p0[c] * w00 + p0[c + 3] * w10 + p1[c] * w01 + p1[c + 3] * w11;
            continue;
        }
        for (intptr_t j = 0; j < n; j++) {
            float px = sx + (float)j, py = sy;
            px = px < 0 ? 0 : (px > xmax ? xmax : px);
            py = py < 0 ? 0 : (py > ymax ? ymax : py);
            const float gx = floorf(px), gy = floorf(py);
            const float ax = px - gx, ay = py - gy;
            const intptr_t ix = (intptr_t)gx, iy = (intptr_t)gy;
            const intptr_t ix1 = ix + 1 < width ? ix + 1 : ix, iy1 = iy + 1 < height ? iy + 1 : iy;
            const float w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay;
            for (int c = 0; c < 3; c++)
                sum[3 * j + c] += in[(iy * width + ix) * 3 + c] * w00 + in[(iy * width + ix1) * 3 + c] * w10
                    + in[(iy1 * width + ix) * 3 + c] * w01 + in[(iy1 * width + ix1) * 3 + c] * w11;
        }
    }
    const float inv = 1.0f / (float)taps;
    for (intptr_t c = 0; c < 3 * n; c++) o[c] = sum[c] * inv;
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
