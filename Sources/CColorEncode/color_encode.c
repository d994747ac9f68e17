#include "color_encode.h"
#include <math.h>

// The same IEEE operations in the same order on every build: no fused multiply-adds.
#pragma STDC FP_CONTRACT OFF

static inline uint32_t hash32(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return x;
}

void ccolor_encode(const float *linear, size_t count, float scale, const uint8_t *table, const float *sigma,
                   uint32_t seed, uint8_t *out) {
    for (size_t i = 0; i < count; i++) {
        float v = linear[i] * scale;
        v = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
        int k = (int)(v * 4095.0f);
        float code = (float)table[k];
        if (sigma) {
            float u = (float)(hash32(seed ^ (uint32_t)i) & 1023u) * (1.0f / 1023.0f) - 0.5f;
            code += u * 3.4641016f * sigma[k];
        }
        code = floorf(code + 0.5f);
        out[i] = (uint8_t)(code < 0.0f ? 0.0f : (code > 255.0f ? 255.0f : code));
    }
}
