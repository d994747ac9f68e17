// See include/CDepthShading.h ("cdepth_edge_levels") for why this kernel exists. It mirrors
// CorrelatedErrorModel.edgeLevelsReference (DepthEdges+Reference.swift); keep them in step.

#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include <math.h>
#include "CDepthShading.h"
#include "lane_operations.h"

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the kernels assume a little-endian host");

static inline uint64_t load_word(const uint8_t *p) { uint64_t v; __builtin_memcpy(&v, p, 8); return v; }
static inline void store_word(uint8_t *p, uint64_t v) { __builtin_memcpy(p, &v, 8); }

/// `DepthKernels.isEdge`: no return in the neighbour, or |inverse - n| > jump n.
static inline simde__m256 is_edge(simde__m256 inverse, simde__m256 n, simde__m256 jump) {
    const simde__m256 difference = absolute_v(simde_mm256_sub_ps(inverse, n));
    return simde_mm256_or_ps(simde_mm256_cmp_ps(n, simde_mm256_setzero_ps(), SIMDE_CMP_LE_OQ),
                             simde_mm256_cmp_ps(difference, simde_mm256_mul_ps(jump, n), SIMDE_CMP_GT_OQ));
}

/// Eight mask bits (lane i in bit i) as eight bytes of 0 or 1 (lane i in byte i).
static inline uint64_t bits_to_bytes(uint32_t bits) {
    uint64_t v = bits & 0xFF;
    v = (v | (v << 28)) & 0x0000000F0000000Full;
    v = (v | (v << 14)) & 0x0003000300030003ull;
    v = (v | (v << 7)) & 0x0101010101010101ull;
    return v;
}

/// One pixel's edge test, as the Swift one-pixel loop does it (neighbours outside the map are the pixel).
static inline int edge_pixel(const float *best, intptr_t stride, intptr_t w, intptr_t h, intptr_t x, intptr_t y, float jump) {
    const intptr_t i = y * stride + x;
    const float inv = best[i];
    if (!(inv > 0)) return 0;
    const float left = x > 0 ? best[i - 1] : inv, right = x + 1 < w ? best[i + 1] : inv;
    const float up = y > 0 ? best[i - stride] : inv, down = y + 1 < h ? best[i + stride] : inv;
    return left <= 0 || fabsf(inv - left) > jump * left || right <= 0 || fabsf(inv - right) > jump * right
        || up <= 0 || fabsf(inv - up) > jump * up || down <= 0 || fabsf(inv - down) > jump * down;
}

int cdepth_edge_levels(const float *best, intptr_t stride, intptr_t width, intptr_t height, float jump, uint8_t *masks,
                       uint8_t *level) {
    const intptr_t w = width, h = height;
    if (w <= 0 || h <= 0 || stride < w) return -1;
    const intptr_t pad = 8, row_bytes = (w + 7) / 8 * 8 + 2 * pad, plane_bytes = row_bytes * (h + 4);
    uint8_t *edge_mask = masks + 2 * row_bytes + pad, *within1 = edge_mask + plane_bytes, *within2 = within1 + plane_bytes;
    if (w % 8 == 0) {
        const simde__m256 jump_v = simde_mm256_set1_ps(jump), zero = simde_mm256_setzero_ps();
        for (intptr_t y = 0; y < h; y++) {
            for (intptr_t x = 0; x < w; x += 8) {
                const intptr_t i = y * stride + x;
                const simde__m256 inv = simde_mm256_loadu_ps(best + i);
                simde__m256 left = simde_mm256_loadu_ps(best + i - 1), right = simde_mm256_loadu_ps(best + i + 1);
                if (x == 0) left = simde_mm256_blend_ps(left, inv, 0x01);
                if (x + 8 == w) right = simde_mm256_blend_ps(right, inv, 0x80);
                const simde__m256 up = y > 0 ? simde_mm256_loadu_ps(best + i - stride) : inv;
                const simde__m256 down = y + 1 < h ? simde_mm256_loadu_ps(best + i + stride) : inv;
                const simde__m256 edge = simde_mm256_and_ps(
                    simde_mm256_cmp_ps(inv, zero, SIMDE_CMP_GT_OQ),
                    simde_mm256_or_ps(simde_mm256_or_ps(is_edge(inv, left, jump_v), is_edge(inv, right, jump_v)),
                                      simde_mm256_or_ps(is_edge(inv, up, jump_v), is_edge(inv, down, jump_v))));
                store_word(edge_mask + y * row_bytes + x, bits_to_bytes((uint32_t)simde_mm256_movemask_ps(edge)));
            }
        }
    } else {
        for (intptr_t y = 0; y < h; y++)
            for (intptr_t x = 0; x < w; x++) edge_mask[y * row_bytes + x] = (uint8_t)edge_pixel(best, stride, w, h, x, y, jump);
    }
    // Along rows (words past the width read and write only padding, which the column pass ignores).
    for (intptr_t y = 0; y < h; y++) {
        for (intptr_t x = 0; x < w; x += 8) {
            const uint8_t *p = edge_mask + y * row_bytes + x;
            const uint64_t one = load_word(p - 1) | load_word(p) | load_word(p + 1);
            store_word(within1 + y * row_bytes + x, one);
            store_word(within2 + y * row_bytes + x, one | load_word(p - 2) | load_word(p + 2));
        }
    }
    for (intptr_t y = 0; y < h; y++) {
        for (intptr_t x = 0; x < w; x += 8) {
            const intptr_t o = y * row_bytes + x;
            const uint64_t one = load_word(within1 + o - row_bytes) | load_word(within1 + o) | load_word(within1 + o + row_bytes);
            const uint64_t two = load_word(within2 + o - 2 * row_bytes) | load_word(within2 + o - row_bytes) | load_word(within2 + o)
                | load_word(within2 + o + row_bytes) | load_word(within2 + o + 2 * row_bytes);
            // Bytes of 0 or 1 each: the sum carries into no neighbouring byte.
            const uint64_t distances = 0x0303030303030303ull - (load_word(edge_mask + o) + one + two);
            if (x + 8 <= w) {
                store_word(level + y * w + x, distances);
            } else {
                for (intptr_t lane = 0; lane < w - x; lane++) level[y * w + x + lane] = (uint8_t)(distances >> (8 * lane));
            }
        }
    }
    return 0;
}
