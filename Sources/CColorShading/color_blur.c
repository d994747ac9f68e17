// The colour camera's motion blur (CColorSurface.h): a gather along each block's motion. Plain C: the
// compiler's code is the only version, so there is nothing to keep bit-identical.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CColorSurface.h"
#include <math.h>
#include <string.h>

void ccolor_motion_blur_rows(const float *in, float *out, intptr_t width, intptr_t height, const float *motion,
                             intptr_t blocks_x, intptr_t row_begin, intptr_t row_end) {
    const float xmax = (float)(width - 1), ymax = (float)(height - 1);
    for (intptr_t y = row_begin; y < row_end; y++) {
        for (intptr_t x = 0; x < width; x++) {
            const float *m = motion + 2 * ((y >> 2) * blocks_x + (x >> 2));
            const float mx = m[0], my = m[1];
            const float length = sqrtf(mx * mx + my * my);
            float *o = out + (y * width + x) * 3;
            if (!(length >= 0.25f)) {
                memcpy(o, in + (y * width + x) * 3, 3 * sizeof(float));
                continue;
            }
            int taps = (int)ceilf(length) + 1;
            if (taps > 32) taps = 32;
            const float step = 1.0f / (float)(taps - 1);
            float r = 0, g = 0, b = 0;
            for (int k = 0; k < taps; k++) {
                const float f = (float)k * step - 0.5f;
                float sx = (float)x + mx * f, sy = (float)y + my * f;
                sx = sx < 0 ? 0 : (sx > xmax ? xmax : sx);
                sy = sy < 0 ? 0 : (sy > ymax ? ymax : sy);
                const float fx0 = floorf(sx), fy0 = floorf(sy);
                const float ax = sx - fx0, ay = sy - fy0;
                const intptr_t x0 = (intptr_t)fx0, y0 = (intptr_t)fy0;
                const intptr_t x1 = x0 + 1 < width ? x0 + 1 : x0, y1 = y0 + 1 < height ? y0 + 1 : y0;
                const float *p00 = in + (y0 * width + x0) * 3, *p10 = in + (y0 * width + x1) * 3;
                const float *p01 = in + (y1 * width + x0) * 3, *p11 = in + (y1 * width + x1) * 3;
                const float w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay;
                r += p00[0] * w00 + p10[0] * w10 + p01[0] * w01 + p11[0] * w11;
                g += p00[1] * w00 + p10[1] * w10 + p01[1] * w01 + p11[1] * w11;
                b += p00[2] * w00 + p10[2] * w10 + p01[2] * w01 + p11[2] * w11;
            }
            const float inv = 1.0f / (float)taps;
            o[0] = r * inv; o[1] = g * inv; o[2] = b * inv;
        }
    }
}
