// See include/CColorSurface.h for why this kernel exists. `surface_pixel` is the reference: the eight-lane
// loop performs its operations in the same order; keep the two in step.

// Products and sums must stay separately rounded in both versions, for bit-identical output.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CColorSurface.h"

// SIMDe's 256-bit types are passed between its inline functions in this file only: the warning that their
// calling convention differs without -mavx does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

#include <simde/x86/avx2.h>
#include <math.h>
#include <string.h>

/// Each level's first texel: levels of side S take max(S x S, 16) texels (the 1x1 and 2x2 levels fill
/// one 4x4 tile).
static const int32_t level_starts[CCOLOR_TEXTURE_LEVELS] = { 0, 65536, 81920, 86016, 87040, 87296, 87360, 87376, 87392 };

int32_t ccolor_texture_level_start(int32_t level) { return level_starts[level]; }

/// Where texel (u, v) (0 <= u, v < S, S = 256 >> level) lies within its level: 4x4 tiles of 16 texels
/// (a 64-byte cache line: a bilinear footprint mostly in one line), row by row within 32x32 super-tiles of
/// 1024 texels (4 KB: a page), super-tiles row by row. The u and v parts add up.
static inline int32_t texel_index(int32_t level, int32_t u, int32_t v) {
    const int32_t row_shift = 10 - level < 4 ? 4 : (10 - level > 7 ? 7 : 10 - level);
    return ((u >> 5) << 10) + (((u >> 2) & 7) << 4) + (u & 3)
        + ((v >> 5) << (13 - level)) + (((v >> 2) & 7) << row_shift) + ((v & 3) << 2);
}

int32_t ccolor_texel_offset(int32_t level, int32_t u, int32_t v) { return level_starts[level] + texel_index(level, u, v); }

static inline float bits_float(int32_t bits) { float f; memcpy(&f, &bits, 4); return f; }
static inline int32_t float_bits(float f) { int32_t b; memcpy(&b, &f, 4); return b; }

/// The mip levels of a footprint of `texels` texels a pixel, trilinear: the level floor(log2 texels)
/// clamped to the levels, and the weight of the next level up, log2's fraction read piecewise linearly off
/// the float's mantissa (0 below level 0 and at the last level). A footprint between two levels blends
/// them, so a texture's blur grows smoothly with distance instead of doubling at a level's edge: with one
/// level a pixel, the finest grain that feature detectors latch on to came and went as the camera moved
/// (issue 47: matches faded with the view), as it does in no camera.
static inline int32_t mip_level(float texels, float *weight) {
    const int32_t bits = float_bits(texels);
    const int32_t e = ((bits >> 23) & 255) - 127;
    if (e < 0) { *weight = 0.0f; return 0; }
    if (e >= CCOLOR_TEXTURE_LEVELS - 1) { *weight = 0.0f; return CCOLOR_TEXTURE_LEVELS - 1; }
    *weight = bits_float((bits & 0x7FFFFF) | (127 << 23)) - 1.0f;
    return e;
}

/// Channel `shift` (0, 8, 16) of four texels blended bilinearly by (au, av).
static inline float blend(uint32_t t00, uint32_t t10, uint32_t t01, uint32_t t11, int shift, float au, float av) {
    const float v00 = (float)((t00 >> shift) & 255u), v10 = (float)((t10 >> shift) & 255u);
    const float v01 = (float)((t01 >> shift) & 255u), v11 = (float)((t11 >> shift) & 255u);
    const float top = v00 + (v10 - v00) * au, bottom = v01 + (v11 - v01) * au;
    return top + (bottom - top) * av;
}

/// The light factors `k` (tint x occlusion / 128) of patch record `rec` at patch coordinates (u, v): the
/// light map bilinear between cell centres, clamped to the map.
static inline void light_factors(const ccolor_surface *s, const float *rec, float u, float v, float k[3]) {
    const int32_t dims = float_bits(rec[23]);
    const float wmax = (float)((dims & 0xFFFF) - 1), hmax = (float)((dims >> 16) - 1);
    float lu = (u - rec[20]) * rec[22], lv = (v - rec[21]) * rec[22];
    lu = lu < 0.0f ? 0.0f : (lu > wmax ? wmax : lu);
    lv = lv < 0.0f ? 0.0f : (lv > hmax ? hmax : lv);
    float cu = floorf(lu), cv = floorf(lv);
    cu = cu > wmax - 1.0f ? wmax - 1.0f : cu;
    cv = cv > hmax - 1.0f ? hmax - 1.0f : cv;
    const float bu = lu - cu, bv = lv - cv;
    const float *cell = s->light_maps + float_bits(rec[19]) + (intptr_t)cv * (dims & 0xFFFF) + (intptr_t)cu;
    const float l00 = cell[0], l10 = cell[1], l01 = cell[dims & 0xFFFF], l11 = cell[(dims & 0xFFFF) + 1];
    const float ltop = l00 + (l10 - l00) * bu, lbottom = l01 + (l11 - l01) * bu;
    const float occlusion = ltop + (lbottom - ltop) * bv;
    for (int c = 0; c < 3; c++) k[c] = (rec[16 + c] * (1.0f / 128.0f)) * occlusion;
}

/// The mip level of patch record `rec` seen along ray (rx, ry, rz) at distance factor `t` (the ray's
/// camera z is -1: t is the z-depth), and the next level's weight (`mip_level`).
static inline int32_t level_at(const ccolor_surface *s, const float *rec, float rx, float ry, float rz, float t,
                               float *weight) {
    const float along = rx * rec[12] + ry * rec[13] + rz * rec[14];
    const float length = sqrtf(rx * rx + ry * ry + rz * rz);
    float cosine = fabsf(along) / length;
    cosine = cosine < 0.2f ? 0.2f : cosine;
    return mip_level(((rec[3] * t) * length) / (s->fx * cosine), weight);
}

/// The surface point that pixel (px, py) at inverse depth `inverse` sees on patch `rec`: its view ray
/// (rx, ry, rz; world units per unit of depth), depth `t` and patch coordinates (u, v).
typedef struct { float rx, ry, rz, t, u, v; } surface_point;

static inline surface_point point_at(const ccolor_surface *s, const float *rec, float px, float py, float inverse) {
    surface_point p;
    p.rx = s->ray_x[0] * px + s->ray_y[0] * py + s->ray_origin[0];
    p.ry = s->ray_x[1] * px + s->ray_y[1] * py + s->ray_origin[1];
    p.rz = s->ray_x[2] * px + s->ray_y[2] * py + s->ray_origin[2];
    p.t = 1.0f / inverse;
    const float wx = (s->camera[0] + p.rx * p.t) - rec[0], wy = (s->camera[1] + p.ry * p.t) - rec[1];
    const float wz = (s->camera[2] + p.rz * p.t) - rec[2];
    p.u = wx * rec[4] + wy * rec[5] + wz * rec[6];
    p.v = wx * rec[8] + wy * rec[9] + wz * rec[10];
    return p;
}

/// The first texel of level `level` of the texture that texel (iu, iv) (before wrapping) reads: the
/// texture's own, or for a tiled texture its tile's variant (CColorSurface.h).
static inline int32_t tile_variant(int32_t texture, int32_t tu, int32_t tv) {
    return ((tu + (tv + tv + tv) + ((texture >> 24) & 7)) & 7) & -((texture >> 16) & 1);
}

int32_t ccolor_tile_variant(int32_t texture, int32_t tu, int32_t tv) { return tile_variant(texture, tu, tv); }

static inline const uint32_t *tile_base(const ccolor_surface *s, int32_t texture, int32_t level, int32_t iu, int32_t iv) {
    const int32_t shift = CCOLOR_TEXTURE_LOG2 - level;
    const int32_t variant = tile_variant(texture, iu >> shift, iv >> shift);
    return s->texels + (intptr_t)((texture & CCOLOR_TEXTURE_INDEX_MASK) + variant) * CCOLOR_TEXTURE_TEXELS + level_starts[level];
}

/// Texture channels r, g, b (0-255 scale) of patch record `rec` at patch coordinates (u, v), bilinear
/// within mip level `level`.
static inline void sample_level(const ccolor_surface *s, const float *rec, int32_t level, float u, float v, float c[3]) {
    const float scale = bits_float((127 - level) << 23);
    const float su = (u * rec[3] + rec[7]) * scale - 0.5f, sv = (v * rec[3] + rec[11]) * scale - 0.5f;
    const float fu = floorf(su), fv = floorf(sv);
    const float au = su - fu, av = sv - fv;
    const int32_t mask = ((1 << CCOLOR_TEXTURE_LOG2) >> level) - 1;
    const int32_t iu = (int32_t)fu, iv = (int32_t)fv;
    const int32_t u0 = iu & mask, u1 = (iu + 1) & mask, v0 = iv & mask, v1 = (iv + 1) & mask;
    const int32_t texture = float_bits(rec[15]);
    const uint32_t *b00 = tile_base(s, texture, level, iu, iv), *b10 = tile_base(s, texture, level, iu + 1, iv);
    const uint32_t *b01 = tile_base(s, texture, level, iu, iv + 1), *b11 = tile_base(s, texture, level, iu + 1, iv + 1);
    const uint32_t t00 = b00[texel_index(level, u0, v0)], t10 = b10[texel_index(level, u1, v0)];
    const uint32_t t01 = b01[texel_index(level, u0, v1)], t11 = b11[texel_index(level, u1, v1)];
    c[0] = blend(t00, t10, t01, t11, 0, au, av);
    c[1] = blend(t00, t10, t01, t11, 8, au, av);
    c[2] = blend(t00, t10, t01, t11, 16, au, av);
}

/// One pixel: the reference for the eight-lane passes. Each pixel takes its own mip level and light-map
/// factors: values shared by a 4x4 block step on the image's fixed grid, and sharpening turns the steps
/// into faint edges fixed to the image that feature trackers follow.
static inline void surface_pixel(const ccolor_surface *s, intptr_t x, intptr_t y, intptr_t stride, const float *best,
                                 const int32_t *ids, float *o) {
    const float px = (float)x, py = (float)y;
    const float dx = px - s->cx, dy = py - s->cy;
    const float r2 = (dx * dx + dy * dy) * s->inverse_half_diagonal_squared;
    const float vignette = 1.0f - s->vignette * r2;
    float fr = vignette, fg = vignette, fb = vignette;
    const intptr_t i = y * stride + x;
    const int32_t id = ids[i];
    const float inverse = best[i];
    if (id >= 0 && inverse > 0) {
        const float *rec = s->records + (intptr_t)id * CCOLOR_SURFACE_RECORD;
        const surface_point p = point_at(s, rec, px, py, inverse);
        const float u = p.u, v = p.v;
        float weight;
        const int32_t level = level_at(s, rec, p.rx, p.ry, p.rz, p.t, &weight);
        const int32_t next = level + 1 < CCOLOR_TEXTURE_LEVELS ? level + 1 : level;
        float k[3], near[3], far[3];
        light_factors(s, rec, u, v, k);
        sample_level(s, rec, level, u, v, near);
        sample_level(s, rec, next, u, v, far);
        fr = fr * ((near[0] + (far[0] - near[0]) * weight) * k[0]);
        fg = fg * ((near[1] + (far[1] - near[1]) * weight) * k[1]);
        fb = fb * ((near[2] + (far[2] - near[2]) * weight) * k[2]);
    }
    o[0] = o[0] * fr;
    o[1] = o[1] * fg;
    o[2] = o[2] * fb;
}

// Eight-lane helpers.
typedef simde__m256 v8;
typedef simde__m256i i8;
static inline v8 splat(float v) { return simde_mm256_set1_ps(v); }
static inline i8 isplat(int32_t v) { return simde_mm256_set1_epi32(v); }
static inline v8 add(v8 a, v8 b) { return simde_mm256_add_ps(a, b); }
static inline v8 sub(v8 a, v8 b) { return simde_mm256_sub_ps(a, b); }
static inline v8 mul(v8 a, v8 b) { return simde_mm256_mul_ps(a, b); }
static inline v8 dv(v8 a, v8 b) { return simde_mm256_div_ps(a, b); }
static inline v8 lt(v8 a, v8 b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_LT_OQ); }
static inline v8 gt(v8 a, v8 b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_GT_OQ); }
static inline v8 select8(v8 mask, v8 yes, v8 no) { return simde_mm256_blendv_ps(no, yes, mask); }
static inline i8 iselect(i8 mask, i8 yes, i8 no) { return simde_mm256_blendv_epi8(no, yes, mask); }
static inline v8 as_float(i8 a) { return simde_mm256_castsi256_ps(a); }
static inline i8 as_int(v8 a) { return simde_mm256_castps_si256(a); }

#include "transpose8.h"

/// `texel_index`'s u part for eight lanes.
static inline i8 u_part(i8 u) {
    return simde_mm256_add_epi32(simde_mm256_add_epi32(simde_mm256_slli_epi32(simde_mm256_srli_epi32(u, 5), 10),
                                                       simde_mm256_slli_epi32(simde_mm256_and_si256(simde_mm256_srli_epi32(u, 2), isplat(7)), 4)),
                                 simde_mm256_and_si256(u, isplat(3)));
}

/// `texel_index`'s v part for eight lanes, with each lane's row and super-tile shifts.
static inline i8 v_part(i8 v, i8 row_shift, i8 super_shift) {
    return simde_mm256_add_epi32(simde_mm256_add_epi32(simde_mm256_sllv_epi32(simde_mm256_srli_epi32(v, 5), super_shift),
                                                       simde_mm256_sllv_epi32(simde_mm256_and_si256(simde_mm256_srli_epi32(v, 2), isplat(7)), row_shift)),
                                 simde_mm256_slli_epi32(simde_mm256_and_si256(v, isplat(3)), 2));
}

/// `point_at` for eight lanes: depth `t` and patch coordinates (u, v) from the rays, the inverse depths
/// and the lanes' transposed records (`a`: floats 0-7, `bb`: 8-15).
static inline void point8(const ccolor_surface *s, v8 rx, v8 ry, v8 rz, v8 inverse, const v8 *a, const v8 *bb,
                          v8 *t_out, v8 *u_out, v8 *v_out) {
    const v8 t = dv(splat(1.0f), inverse);
    const v8 wx = sub(add(splat(s->camera[0]), mul(rx, t)), a[0]);
    const v8 wy = sub(add(splat(s->camera[1]), mul(ry, t)), a[1]);
    const v8 wz = sub(add(splat(s->camera[2]), mul(rz, t)), a[2]);
    *t_out = t;
    *u_out = add(add(mul(wx, a[4]), mul(wy, a[5])), mul(wz, a[6]));
    *v_out = add(add(mul(wx, bb[0]), mul(wy, bb[1])), mul(wz, bb[2]));
}

/// `blend` for eight lanes.
static inline v8 blend8(i8 t00, i8 t10, i8 t01, i8 t11, int shift, v8 au, v8 av) {
    const i8 m = isplat(255);
    const v8 v00 = simde_mm256_cvtepi32_ps(simde_mm256_and_si256(simde_mm256_srli_epi32(t00, shift), m));
    const v8 v10 = simde_mm256_cvtepi32_ps(simde_mm256_and_si256(simde_mm256_srli_epi32(t10, shift), m));
    const v8 v01 = simde_mm256_cvtepi32_ps(simde_mm256_and_si256(simde_mm256_srli_epi32(t01, shift), m));
    const v8 v11 = simde_mm256_cvtepi32_ps(simde_mm256_and_si256(simde_mm256_srli_epi32(t11, shift), m));
    const v8 top = add(v00, mul(sub(v10, v00), au)), bottom = add(v01, mul(sub(v11, v01), au));
    return add(top, mul(sub(bottom, top), av));
}

/// The four texels around (u, v) at mip level `level` for eight lanes: their indices in the atlas and the
/// bilinear weights (`sample_level`), from the lanes' transposed records (`a`: floats 0-7, `bb`: 8-15).
static inline void texels8(i8 level, v8 u, v8 v, const v8 *a, const v8 *bb, v8 *au, v8 *av, i8 *t00, i8 *t10,
                           i8 *t01, i8 *t11) {
    const v8 scale = as_float(simde_mm256_slli_epi32(simde_mm256_sub_epi32(isplat(127), level), 23));
    const v8 su = sub(mul(add(mul(u, a[3]), a[7]), scale), splat(0.5f));
    const v8 sv = sub(mul(add(mul(v, a[3]), bb[3]), scale), splat(0.5f));
    const v8 fu = simde_mm256_floor_ps(su), fv = simde_mm256_floor_ps(sv);
    *au = sub(su, fu);
    *av = sub(sv, fv);
    const i8 one = isplat(1);
    const i8 mask = simde_mm256_sub_epi32(simde_mm256_srlv_epi32(isplat(1 << CCOLOR_TEXTURE_LOG2), level), one);
    const i8 iu = simde_mm256_cvttps_epi32(fu), iv = simde_mm256_cvttps_epi32(fv);
    const i8 row_shift = simde_mm256_max_epi32(simde_mm256_min_epi32(simde_mm256_sub_epi32(isplat(10), level), isplat(7)), isplat(4));
    const i8 super_shift = simde_mm256_sub_epi32(isplat(13), level);
    const i8 u0 = u_part(simde_mm256_and_si256(iu, mask)), u1 = u_part(simde_mm256_and_si256(simde_mm256_add_epi32(iu, one), mask));
    const i8 v0 = v_part(simde_mm256_and_si256(iv, mask), row_shift, super_shift);
    const i8 v1 = v_part(simde_mm256_and_si256(simde_mm256_add_epi32(iv, one), mask), row_shift, super_shift);
    // The level's first texel: levels 0-7 by a permute of the table's first eight, level 8 on its own.
    const i8 starts = simde_mm256_loadu_si256((const simde__m256i *)(const void *)level_starts);
    const i8 level_start = iselect(simde_mm256_cmpeq_epi32(level, isplat(CCOLOR_TEXTURE_LEVELS - 1)),
                                   isplat(level_starts[CCOLOR_TEXTURE_LEVELS - 1]), simde_mm256_permutevar8x32_epi32(starts, level));
    // The texture of each of the four texels: its own, or its tile's variant (`tile_base`).
    const i8 texture = as_int(bb[7]);
    const i8 index = simde_mm256_and_si256(texture, isplat(CCOLOR_TEXTURE_INDEX_MASK));
    const i8 tiled = simde_mm256_sub_epi32(simde_mm256_setzero_si256(), simde_mm256_and_si256(simde_mm256_srli_epi32(texture, 16), one));
    const i8 phase = simde_mm256_and_si256(simde_mm256_srli_epi32(texture, 24), isplat(7));
    const i8 tile_shift = simde_mm256_sub_epi32(isplat(CCOLOR_TEXTURE_LOG2), level);
    const i8 tu0 = simde_mm256_srav_epi32(iu, tile_shift), tu1 = simde_mm256_srav_epi32(simde_mm256_add_epi32(iu, one), tile_shift);
    const i8 tv0 = simde_mm256_srav_epi32(iv, tile_shift), tv1 = simde_mm256_srav_epi32(simde_mm256_add_epi32(iv, one), tile_shift);
    const i8 row0 = simde_mm256_add_epi32(simde_mm256_add_epi32(simde_mm256_add_epi32(tv0, tv0), tv0), phase);
    const i8 row1 = simde_mm256_add_epi32(simde_mm256_add_epi32(simde_mm256_add_epi32(tv1, tv1), tv1), phase);
#define TILE_BASE(tu, row) simde_mm256_add_epi32(simde_mm256_mullo_epi32(simde_mm256_add_epi32(index, simde_mm256_and_si256( \
        simde_mm256_and_si256(simde_mm256_add_epi32(tu, row), isplat(7)), tiled)), isplat(CCOLOR_TEXTURE_TEXELS)), level_start)
    *t00 = simde_mm256_add_epi32(TILE_BASE(tu0, row0), simde_mm256_add_epi32(v0, u0));
    *t10 = simde_mm256_add_epi32(TILE_BASE(tu1, row0), simde_mm256_add_epi32(v0, u1));
    *t01 = simde_mm256_add_epi32(TILE_BASE(tu0, row1), simde_mm256_add_epi32(v1, u0));
    *t11 = simde_mm256_add_epi32(TILE_BASE(tu1, row1), simde_mm256_add_epi32(v1, u1));
#undef TILE_BASE
}

/// What the first pass leaves the second for a group of eight pixels: everything up to the light-map and
/// texel reads. The reads come in a pass of their own so that those of several groups are in flight at
/// once (within one group each waited on its texture's cache misses: about a fifth of the pass's time on
/// the first texel read alone).
typedef struct {
    /// The vignetting factor.
    v8 vignette;
    /// The lanes on a surface (all bits set), and the rest of the group's fields only when any is.
    v8 surface;
    /// The tint over 128 (a texel's factor 128 is 1), per channel: times the occlusion, the light factors.
    v8 kr, kg, kb;
    /// The light map's bilinear weights, the texture's at the level and at the next, and the next level's
    /// weight (`mip_level`).
    v8 bu, bv, au, av, next_au, next_av, weight;
    /// The light map's first cell and its row length, the four texels' indices in the atlas at the level
    /// and at the next.
    i8 cell, width, t00, t10, t01, t11, next_t00, next_t10, next_t01, next_t11;
    /// Whether any lane is on a surface, and whether any blends in the next level (its fields only then).
    int32_t any, blend;
} group_work;

/// Groups of eight pixels prepared before their reads (16: 128 pixels, 12 KB of `group_work`).
enum { GROUPS_IN_FLIGHT = 16 };

/// The first pass of pixels x ..< x + 8 of row y: their rays, patch records, footprints' mip levels,
/// light-map cells and texel indices.
static inline void surface8_prepare(const ccolor_surface *s, intptr_t x, intptr_t y, intptr_t stride, const float *best,
                                    const int32_t *ids, group_work *g) {
    const v8 px = add(splat((float)x), simde_mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7)), py = splat((float)y);
    const v8 dx = sub(px, splat(s->cx)), dy = sub(py, splat(s->cy));
    const v8 r2 = mul(add(mul(dx, dx), mul(dy, dy)), splat(s->inverse_half_diagonal_squared));
    g->vignette = sub(splat(1.0f), mul(splat(s->vignette), r2));
    const intptr_t i = y * stride + x;
    const i8 id = simde_mm256_loadu_si256((const simde__m256i *)(const void *)(ids + i));
    const v8 inverse_raw = simde_mm256_loadu_ps(best + i);
    const v8 surface = simde_mm256_and_ps(as_float(simde_mm256_cmpgt_epi32(id, isplat(-1))), gt(inverse_raw, simde_mm256_setzero_ps()));
    g->any = simde_mm256_movemask_ps(surface) != 0;
    if (!g->any) return;
    g->surface = surface;
    const v8 rx = add(add(mul(splat(s->ray_x[0]), px), mul(splat(s->ray_y[0]), py)), splat(s->ray_origin[0]));
    const v8 ry = add(add(mul(splat(s->ray_x[1]), px), mul(splat(s->ray_y[1]), py)), splat(s->ray_origin[1]));
    const v8 rz = add(add(mul(splat(s->ray_x[2]), px), mul(splat(s->ray_y[2]), py)), splat(s->ray_origin[2]));
    // Lanes without a surface read patch 0 at inverse depth 1: computed, then not used.
    const i8 safe_id = iselect(as_int(surface), id, isplat(0));
    const v8 inverse = select8(surface, inverse_raw, splat(1.0f));
    int32_t lane_id[8];
    simde_mm256_storeu_si256((simde__m256i *)(void *)lane_id, safe_id);
    v8 a[8], bb[8], c[8];
    if (simde_mm256_movemask_ps(as_float(simde_mm256_cmpeq_epi32(safe_id, isplat(lane_id[0])))) == 0xFF) {
        const float *rec = s->records + (intptr_t)lane_id[0] * CCOLOR_SURFACE_RECORD;
        for (int k = 0; k < 8; k++) { a[k] = splat(rec[k]); bb[k] = splat(rec[8 + k]); c[k] = splat(rec[16 + k]); }
    } else {
        for (int k = 0; k < 8; k++) {
            const float *rec = s->records + (intptr_t)lane_id[k] * CCOLOR_SURFACE_RECORD;
            a[k] = simde_mm256_loadu_ps(rec);
            bb[k] = simde_mm256_loadu_ps(rec + 8);
            c[k] = simde_mm256_loadu_ps(rec + 16);
        }
        transpose8(a);
        transpose8(bb);
        transpose8(c);
    }
    // The level from the footprint.
    v8 t, u, v;
    point8(s, rx, ry, rz, inverse, a, bb, &t, &u, &v);
    const v8 along = add(add(mul(rx, bb[4]), mul(ry, bb[5])), mul(rz, bb[6]));
    const v8 length = simde_mm256_sqrt_ps(add(add(mul(rx, rx), mul(ry, ry)), mul(rz, rz)));
    v8 cosine = dv(simde_mm256_andnot_ps(splat(-0.0f), along), length);
    cosine = select8(lt(cosine, splat(0.2f)), splat(0.2f), cosine);
    const v8 texels = dv(mul(mul(a[3], t), length), mul(splat(s->fx), cosine));
    const i8 bits = as_int(texels);
    const i8 exponent = simde_mm256_sub_epi32(simde_mm256_and_si256(simde_mm256_srli_epi32(bits, 23), isplat(255)), isplat(127));
    const i8 outside = simde_mm256_or_si256(simde_mm256_cmpgt_epi32(isplat(0), exponent),
                                            simde_mm256_cmpgt_epi32(exponent, isplat(CCOLOR_TEXTURE_LEVELS - 2)));
    const v8 fraction = sub(as_float(simde_mm256_or_si256(simde_mm256_and_si256(bits, isplat(0x7FFFFF)), isplat(127 << 23))),
                            splat(1.0f));
    g->weight = select8(as_float(outside), simde_mm256_setzero_ps(), fraction);
    const i8 level = simde_mm256_max_epi32(simde_mm256_min_epi32(exponent, isplat(CCOLOR_TEXTURE_LEVELS - 1)), isplat(0));
    const i8 next = simde_mm256_min_epi32(simde_mm256_add_epi32(level, isplat(1)), isplat(CCOLOR_TEXTURE_LEVELS - 1));
    // The light map's cell at (u, v).
    const i8 one = isplat(1);
    const i8 dims = as_int(c[7]);
    const i8 width = simde_mm256_and_si256(dims, isplat(0xFFFF));
    const v8 wmax = simde_mm256_cvtepi32_ps(simde_mm256_sub_epi32(width, one));
    const v8 hmax = simde_mm256_cvtepi32_ps(simde_mm256_sub_epi32(simde_mm256_srli_epi32(dims, 16), one));
    const v8 zero = simde_mm256_setzero_ps(), onef = splat(1.0f);
    v8 lu = mul(sub(u, c[4]), c[6]), lv = mul(sub(v, c[5]), c[6]);
    lu = select8(lt(lu, zero), zero, select8(gt(lu, wmax), wmax, lu));
    lv = select8(lt(lv, zero), zero, select8(gt(lv, hmax), hmax, lv));
    v8 cu = simde_mm256_floor_ps(lu), cv = simde_mm256_floor_ps(lv);
    const v8 wlast = sub(wmax, onef), hlast = sub(hmax, onef);
    cu = select8(gt(cu, wlast), wlast, cu);
    cv = select8(gt(cv, hlast), hlast, cv);
    g->bu = sub(lu, cu);
    g->bv = sub(lv, cv);
    g->cell = simde_mm256_add_epi32(as_int(c[3]), simde_mm256_add_epi32(
        simde_mm256_mullo_epi32(simde_mm256_cvttps_epi32(cv), width), simde_mm256_cvttps_epi32(cu)));
    g->width = width;
    const v8 inv128 = splat(1.0f / 128.0f);
    g->kr = mul(c[0], inv128);
    g->kg = mul(c[1], inv128);
    g->kb = mul(c[2], inv128);
    texels8(level, u, v, a, bb, &g->au, &g->av, &g->t00, &g->t10, &g->t01, &g->t11);
    // The next level only where a lane blends it in (a group that magnifies its texture reads one level).
    g->blend = simde_mm256_movemask_ps(simde_mm256_and_ps(surface, gt(g->weight, simde_mm256_setzero_ps()))) != 0;
    if (g->blend)
        texels8(next, u, v, a, bb, &g->next_au, &g->next_av, &g->next_t00, &g->next_t10, &g->next_t01, &g->next_t11);
    // The texels' cache lines asked for now (a 4x4 tile is one line: the footprint's first texel mostly
    // shares it with the other three), so that the second pass finds them near.
    int32_t first[8];
    simde_mm256_storeu_si256((simde__m256i *)(void *)first, g->t00);
    for (int k = 0; k < 8; k++) __builtin_prefetch(s->texels + first[k]);
    if (g->blend) {
        simde_mm256_storeu_si256((simde__m256i *)(void *)first, g->next_t00);
        for (int k = 0; k < 8; k++) __builtin_prefetch(s->texels + first[k]);
    }
}

/// The floats at `cells` and `cells + 1` of `map` for eight lanes: two gathers of four eight-byte pairs,
/// split into the first and the second float of each pair in lane order.
static inline void light_pairs(const float *map, i8 cells, v8 *first, v8 *second) {
    const v8 a = simde_mm256_castsi256_ps(simde_mm256_i32gather_epi64((const void *)map, simde_mm256_castsi256_si128(cells), 4));
    const v8 b = simde_mm256_castsi256_ps(simde_mm256_i32gather_epi64((const void *)map, simde_mm256_extracti128_si256(cells, 1), 4));
    *first = simde_mm256_castpd_ps(simde_mm256_permute4x64_pd(
        simde_mm256_castps_pd(simde_mm256_shuffle_ps(a, b, SIMDE_MM_SHUFFLE(2, 0, 2, 0))), SIMDE_MM_SHUFFLE(3, 1, 2, 0)));
    *second = simde_mm256_castpd_ps(simde_mm256_permute4x64_pd(
        simde_mm256_castps_pd(simde_mm256_shuffle_ps(a, b, SIMDE_MM_SHUFFLE(3, 1, 3, 1))), SIMDE_MM_SHUFFLE(3, 1, 2, 0)));
}

/// The second pass of a group: its light-map and texel reads, the factors, multiplied into `o` (the
/// group's 24 floats).
static inline void surface8_finish(const ccolor_surface *s, const group_work *g, float *o) {
    v8 fr = g->vignette, fg = g->vignette, fb = g->vignette;
    if (g->any) {
        // The light map's cells in pairs, eight bytes a lane: (l00, l10) from the cell, (l01, l11) from the
        // cell below; four lanes a gather (half the elements of a gather a cell).
        const i8 below = simde_mm256_add_epi32(g->cell, g->width);
        v8 l00, l10, l01, l11;
        light_pairs(s->light_maps, g->cell, &l00, &l10);
        light_pairs(s->light_maps, below, &l01, &l11);
        const int *atlas = (const int *)(const void *)s->texels;
        const i8 t00 = simde_mm256_i32gather_epi32(atlas, g->t00, 4);
        const i8 t10 = simde_mm256_i32gather_epi32(atlas, g->t10, 4);
        const i8 t01 = simde_mm256_i32gather_epi32(atlas, g->t01, 4);
        const i8 t11 = simde_mm256_i32gather_epi32(atlas, g->t11, 4);
        const v8 ltop = add(l00, mul(sub(l10, l00), g->bu)), lbottom = add(l01, mul(sub(l11, l01), g->bu));
        const v8 occlusion = add(ltop, mul(sub(lbottom, ltop), g->bv));
        const v8 kr = mul(g->kr, occlusion), kg = mul(g->kg, occlusion), kb = mul(g->kb, occlusion);
        v8 tr = blend8(t00, t10, t01, t11, 0, g->au, g->av), tg = blend8(t00, t10, t01, t11, 8, g->au, g->av);
        v8 tb = blend8(t00, t10, t01, t11, 16, g->au, g->av);
        if (g->blend) {
            // The next level's texels, blended in by the lanes' weights (0 where a lane magnifies: its own).
            const i8 n00 = simde_mm256_i32gather_epi32(atlas, g->next_t00, 4);
            const i8 n10 = simde_mm256_i32gather_epi32(atlas, g->next_t10, 4);
            const i8 n01 = simde_mm256_i32gather_epi32(atlas, g->next_t01, 4);
            const i8 n11 = simde_mm256_i32gather_epi32(atlas, g->next_t11, 4);
            tr = add(tr, mul(sub(blend8(n00, n10, n01, n11, 0, g->next_au, g->next_av), tr), g->weight));
            tg = add(tg, mul(sub(blend8(n00, n10, n01, n11, 8, g->next_au, g->next_av), tg), g->weight));
            tb = add(tb, mul(sub(blend8(n00, n10, n01, n11, 16, g->next_au, g->next_av), tb), g->weight));
        }
        fr = select8(g->surface, mul(fr, mul(tr, kr)), fr);
        fg = select8(g->surface, mul(fg, mul(tg, kg)), fg);
        fb = select8(g->surface, mul(fb, mul(tb, kb)), fb);
    }
    // Interleave the factors r g b r g b ... for the 24 floats of the eight pixels.
    float r[8], gr[8], bl[8];
    simde_mm256_storeu_ps(r, fr);
    simde_mm256_storeu_ps(gr, fg);
    simde_mm256_storeu_ps(bl, fb);
    float f[24];
    for (int k = 0; k < 8; k++) { f[3 * k] = r[k]; f[3 * k + 1] = gr[k]; f[3 * k + 2] = bl[k]; }
    for (int k = 0; k < 24; k += 8)
        simde_mm256_storeu_ps(o + k, mul(simde_mm256_loadu_ps(o + k), simde_mm256_loadu_ps(f + k)));
}

void ccolor_surface_rows(const ccolor_surface *s, intptr_t row_begin, intptr_t row_end, intptr_t width,
                         intptr_t stride, const float *best, const int32_t *ids, float *out, intptr_t out_first_row) {
    group_work groups[GROUPS_IN_FLIGHT];
    for (intptr_t y = row_begin; y < row_end; y++) {
        float *row = out + (y - out_first_row) * width * 3;
        intptr_t x = 0;
        while (x + 8 <= width) {
            const intptr_t left = (width - x) / 8;
            const intptr_t n = left < GROUPS_IN_FLIGHT ? left : GROUPS_IN_FLIGHT;
            for (intptr_t k = 0; k < n; k++) surface8_prepare(s, x + 8 * k, y, stride, best, ids, groups + k);
            for (intptr_t k = 0; k < n; k++) surface8_finish(s, groups + k, row + (x + 8 * k) * 3);
            x += 8 * n;
        }
        for (; x < width; x++) surface_pixel(s, x, y, stride, best, ids, row + x * 3);
    }
}

void ccolor_surface_rows_scalar(const ccolor_surface *s, intptr_t row_begin, intptr_t row_end, intptr_t width,
                                intptr_t stride, const float *best, const int32_t *ids, float *out,
                                intptr_t out_first_row) {
    for (intptr_t y = row_begin; y < row_end; y++) {
        float *row = out + (y - out_first_row) * width * 3;
        for (intptr_t x = 0; x < width; x++) surface_pixel(s, x, y, stride, best, ids, row + x * 3);
    }
}
