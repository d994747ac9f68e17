// See include/CDepthShading.h ("cdepth_fill_no_return") for why this exists and what it computes.

// The interpolation's products and sums stay separately rounded, so the fill is the same on every compiler.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CDepthShading.h"

#pragma clang diagnostic ignored "-Wpsabi"

#include <simde/x86/avx2.h>
#include <stdlib.h>

/// Bit i set when pixel i of the eight has no value (not > 0, NaN included).
static inline unsigned empty_lanes(const float *p) {
    const simde__m256 v = simde_mm256_loadu_ps(p);
    return (unsigned)simde_mm256_movemask_ps(simde_mm256_cmp_ps(v, simde_mm256_setzero_ps(), SIMDE_CMP_NGT_UQ));
}

/// Fills the gap [from, to) of a line whose pixels lie `step` apart with values `before` at from - 1 and
/// `after` at `to`: `before + (after - before) * ((k - from + 1) / (to - from + 1))`.
static void interpolate(float *line, int32_t *ids, intptr_t step, intptr_t from, intptr_t to, float before, float after,
                        int32_t fill_id) {
    const float steps = (float)(to - from + 1);
    for (intptr_t k = from; k < to; k++) {
        line[k * step] = before + (after - before) * ((float)(k - from + 1) / steps);
        ids[k * step] = fill_id;
    }
}

static void extend(float *line, int32_t *ids, intptr_t step, intptr_t from, intptr_t to, float value, int32_t fill_id) {
    for (intptr_t k = from; k < to; k++) {
        line[k * step] = value;
        ids[k * step] = fill_id;
    }
}

typedef struct { intptr_t first, last; } span;  // last < first: none

/// One pass along rows `rows` (first..last): fills each gap between two values and, when `one_sided`, each
/// gap reaching a side with a value at its other end. Returns the columns where gaps are left.
static span row_pass(float *best, int32_t *ids, intptr_t stride, intptr_t width, span rows, int one_sided, int32_t fill_id,
                     intptr_t *filled) {
    span left = {width, -1};
    for (intptr_t y = rows.first; y <= rows.last; y++) {
        float *row = best + y * stride;
        int32_t *row_ids = ids + y * stride;
        intptr_t x = 0;
        while (x < width) {
            if (x + 8 <= width) {
                const unsigned empty = empty_lanes(row + x);
                if (empty == 0) { x += 8; continue; }
                x += __builtin_ctz(empty);
            } else if (row[x] > 0) {
                x++;
                continue;
            }
            intptr_t end = x + 1;
            while (end < width && !(row[end] > 0)) end++;
            const int before = x > 0, after = end < width;
            if (before && after) {
                interpolate(row, row_ids, 1, x, end, row[x - 1], row[end], fill_id);
                *filled += end - x;
            } else if (one_sided && (before || after)) {
                extend(row, row_ids, 1, x, end, before ? row[x - 1] : row[end], fill_id);
                *filled += end - x;
            } else {
                if (x < left.first) left.first = x;
                if (end - 1 > left.last) left.last = end - 1;
            }
            x = end;
        }
    }
    return left;
}

/// The same along columns `columns`, visited row by row (each column's gap opens at its first empty pixel
/// and closes at the next value). Returns the rows where gaps are left.
static span column_pass(float *best, int32_t *ids, intptr_t stride, intptr_t height, span columns, int one_sided,
                        int32_t fill_id, intptr_t *filled, int32_t *open) {
    span left = {height, -1};
    for (intptr_t x = columns.first; x <= columns.last; x++) open[x] = -1;
    for (intptr_t y = 0; y < height; y++) {
        float *row = best + y * stride;
        for (intptr_t x = columns.first; x <= columns.last; x++) {
            // Eight columns at a time while none is empty here and none has a gap open.
            if (x + 8 <= columns.last + 1 && empty_lanes(row + x) == 0
                && simde_mm256_movemask_ps(simde_mm256_castsi256_ps(simde_mm256_cmpgt_epi32(
                       simde_mm256_loadu_si256((const simde__m256i *)(open + x)), simde_mm256_set1_epi32(-1)))) == 0) {
                x += 7;
                continue;
            }
            const int empty = !(row[x] > 0);
            if (empty) {
                if (open[x] < 0) open[x] = (int32_t)y;
                continue;
            }
            if (open[x] < 0) continue;
            const intptr_t from = open[x];
            open[x] = -1;
            if (from > 0) {
                interpolate(best + x, ids + x, stride, from, y, best[(from - 1) * stride + x], row[x], fill_id);
                *filled += y - from;
            } else if (one_sided) {
                extend(best + x, ids + x, stride, 0, y, row[x], fill_id);
                *filled += y;
            } else {
                if (from < left.first) left.first = from;
                if (y - 1 > left.last) left.last = y - 1;
            }
        }
    }
    for (intptr_t x = columns.first; x <= columns.last; x++) {
        const intptr_t from = open[x];
        if (from < 0) continue;
        if (one_sided && from > 0) {
            extend(best + x, ids + x, stride, from, height, best[(from - 1) * stride + x], fill_id);
            *filled += height - from;
        } else {
            if (from < left.first) left.first = from;
            left.last = height - 1;
        }
    }
    return left;
}

intptr_t cdepth_fill_no_return(float *best, int32_t *ids, intptr_t stride, intptr_t width, intptr_t height, int32_t fill_id) {
    if (width <= 0 || height <= 0 || height > INT32_MAX || stride < width) return -1;
    intptr_t filled = 0;
    span left = row_pass(best, ids, stride, width, (span){0, height - 1}, 0, fill_id, &filled);
    if (left.last < left.first) return filled;
    int32_t *open = malloc((size_t)width * sizeof *open);
    if (open == NULL) return -2;
    left = column_pass(best, ids, stride, height, left, 0, fill_id, &filled, open);
    if (left.last >= left.first) left = row_pass(best, ids, stride, width, left, 1, fill_id, &filled);
    if (left.last >= left.first) column_pass(best, ids, stride, height, left, 1, fill_id, &filled, open);
    free(open);
    return filled;
}
