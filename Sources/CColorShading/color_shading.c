// See include/CColorShading.h for why this kernel exists. It mirrors ColorRenderer.FrameShading (shade and
// shadeBlock in ColorShading+Reference.swift; shadePixel, store, radiance, sunlight, sky) operation for operation; keep the two in step.

// Products and sums must stay separately rounded, as in Swift, for bit-identical output.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "CColorShading.h"

// SIMDe's 256-bit types are passed between its inline functions in this file only: the warning that their
// calling convention differs without -mavx does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

#include <simde/x86/avx2.h>
#include <math.h>
#include <stdlib.h>

/// One strip's lighting evaluations, structure of arrays: the ray (`rx`, `ry`, `rz`), the inverse depth
/// (`inverse`) and the patch in; the colour out; where it goes (`x`, `y` and the block size `kind`: 4, 2
/// or 1). Then the strip's sky pixels (`sky_*`): the ray in, the colour out, the pixel.
struct ccolor_scratch {
    intptr_t capacity;
    float *rx, *ry, *rz, *inverse, *r, *g, *b;
    int32_t *id, *x, *y, *kind;
    float *sky_rx, *sky_ry, *sky_rz, *sky_r, *sky_g, *sky_b;
    int32_t *sky_x, *sky_y;
    /// The strip's pixels behind a glass pane: the colour in and out, the pixel, the pane.
    float *pane_r, *pane_g, *pane_b;
    int32_t *pane_x, *pane_y, *pane;
    /// The strip's 4x4 blocks on a sun edge (`kind` -4 after `radiance8`), lit again pixel by pixel.
    int32_t *edge_x, *edge_y;
};

ccolor_scratch *ccolor_scratch_create(intptr_t width) {
    // At most one evaluation a pixel in a strip of four rows, plus a group of eight of padding; rounded up
    // to whole groups of eight, so that every array keeps the 32-byte alignment of the first one.
    const intptr_t capacity = (4 * (width > 0 ? width : 1) + 8 + 7) / 8 * 8;
    // The struct and its 27 arrays (16 of floats, 11 of int32_t, four bytes an element) in one allocation.
    ccolor_scratch *s = malloc(sizeof(ccolor_scratch) + 27 * sizeof(float) * (size_t)capacity);
    if (!s) return NULL;
    s->capacity = capacity;
    float *next = (float *)(s + 1);
    float **floats[] = { &s->rx, &s->ry, &s->rz, &s->inverse, &s->r, &s->g, &s->b,
                         &s->sky_rx, &s->sky_ry, &s->sky_rz, &s->sky_r, &s->sky_g, &s->sky_b, &s->pane_r, &s->pane_g, &s->pane_b };
    for (int i = 0; i < 16; i++, next += capacity) *floats[i] = next;
    int32_t **ints[] = { &s->id, &s->x, &s->y, &s->kind, &s->sky_x, &s->sky_y, &s->pane_x, &s->pane_y, &s->pane,
                         &s->edge_x, &s->edge_y };
    for (int i = 0; i < 11; i++, next += capacity) *ints[i] = (int32_t *)next;
    return s;
}

void ccolor_scratch_destroy(ccolor_scratch *s) { free(s); }

typedef struct { float x, y, z; } vec3;

/// The world ray of pixel coordinates (fx, fy): (ray_x * fx + ray_y * fy) + ray_origin.
static inline vec3 ray_at(const ccolor_frame *f, float fx, float fy) {
    vec3 r;
    r.x = f->ray_x[0] * fx + f->ray_y[0] * fy + f->ray_origin[0];
    r.y = f->ray_x[1] * fx + f->ray_y[1] * fy + f->ray_origin[1];
    r.z = f->ray_x[2] * fx + f->ray_y[2] * fy + f->ray_origin[2];
    return r;
}

/// Writes a pixel's colour times `weight` to the linear rows `out`: stored, or added (not `stores`).
static inline void write(vec3 colour, intptr_t x, intptr_t y, intptr_t width, float weight, int stores, float *out,
                         intptr_t out_first_row) {
    float *o = out + ((y - out_first_row) * width + x) * 3;
    if (stores) {
        o[0] = colour.x * weight; o[1] = colour.y * weight; o[2] = colour.z * weight;
    } else {
        o[0] += colour.x * weight; o[1] += colour.y * weight; o[2] += colour.z * weight;
    }
}

/// FrameShading.store: a pixel's colour times `weight`, stored or added; a pixel behind a glass pane is
/// queued for `pane8` (the pane's tint and reflection) instead.
static inline void store(ccolor_scratch *s, intptr_t *pane_count, vec3 colour, intptr_t x, intptr_t y, intptr_t width,
                         intptr_t stride, const int32_t *pane_ids, float weight, int stores, float *out,
                         intptr_t out_first_row) {
    const int32_t pane = pane_ids ? pane_ids[y * stride + x] : -1;
    if (pane >= 0) {
        const intptr_t k = (*pane_count)++;
        s->pane_r[k] = colour.x; s->pane_g[k] = colour.y; s->pane_b[k] = colour.z;
        s->pane_x[k] = (int32_t)x; s->pane_y[k] = (int32_t)y; s->pane[k] = pane;
        return;
    }
    write(colour, x, y, width, weight, stores, out, out_first_row);
}

/// Queues one lighting evaluation: the point at inverse depth `inverse` along `ray` on patch `id`.
static inline void push(ccolor_scratch *s, intptr_t *count, vec3 ray, float inverse, int32_t id, intptr_t x, intptr_t y,
                        int32_t kind) {
    const intptr_t j = (*count)++;
    s->rx[j] = ray.x; s->ry[j] = ray.y; s->rz[j] = ray.z;
    s->inverse[j] = inverse;
    s->id[j] = id;
    s->x[j] = (int32_t)x; s->y[j] = (int32_t)y; s->kind[j] = kind;
}

// Eight-lane helpers.
typedef simde__m256 v8;
static inline v8 splat(float v) { return simde_mm256_set1_ps(v); }
static inline v8 add(v8 a, v8 b) { return simde_mm256_add_ps(a, b); }
static inline v8 sub(v8 a, v8 b) { return simde_mm256_sub_ps(a, b); }
static inline v8 mul(v8 a, v8 b) { return simde_mm256_mul_ps(a, b); }
static inline v8 dv(v8 a, v8 b) { return simde_mm256_div_ps(a, b); }
/// -a (flips the sign bits, as Swift's prefix minus does).
static inline v8 neg(v8 a) { return simde_mm256_xor_ps(a, simde_mm256_set1_ps(-0.0f)); }
static inline v8 select8(v8 mask, v8 yes, v8 no) { return simde_mm256_blendv_ps(no, yes, mask); }
static inline v8 gt(v8 a, v8 b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_GT_OQ); }
static inline v8 ge(v8 a, v8 b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_GE_OQ); }
static inline v8 le(v8 a, v8 b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_LE_OQ); }
static inline v8 gather(const float *base, simde__m256i index) { return simde_mm256_i32gather_ps(base, index, 4); }
static inline v8 dot8(v8 ax, v8 ay, v8 az, v8 bx, v8 by, v8 bz) { return add(add(mul(ax, bx), mul(ay, by)), mul(az, bz)); }

#include "transpose8.h"

/// FrameShading.radiance's `blinn`: max(0, n.(l + view) / |l + view|) squared `squarings` times (0 when
/// |l + view| <= 1e-6).
static inline v8 blinn8(v8 lx, v8 ly, v8 lz, v8 vx, v8 vy, v8 vz, v8 nx, v8 ny, v8 nz, simde__m256i squarings, int most) {
    const v8 hx = add(lx, vx), hy = add(ly, vy), hz = add(lz, vz);
    const v8 hl = simde_mm256_sqrt_ps(dot8(hx, hy, hz, hx, hy, hz));
    const v8 zero = simde_mm256_setzero_ps();
    v8 c = dv(dot8(nx, ny, nz, hx, hy, hz), hl);
    c = select8(ge(c, zero), c, zero);
    for (int k = 0; k < most; k++) {
        const v8 more = simde_mm256_castsi256_ps(simde_mm256_cmpgt_epi32(squarings, simde_mm256_set1_epi32(k)));
        c = select8(more, mul(c, c), c);
    }
    return select8(gt(hl, splat(1e-6f)), c, zero);
}

/// The largest of eight lanes' squaring counts (how many times `blinn8` squares).
static int most_squarings(simde__m256i squarings) {
    int32_t sq[8];
    simde_mm256_storeu_si256((simde__m256i *)(void *)sq, squarings);
    int most = 0;
    for (int k = 0; k < 8; k++) if (sq[k] > most) most = sq[k];
    return most;
}

/// The share of the sun's disc a window lets through at window-plane coordinates (a, b) of a window
/// `width` x `height`, its edges ramping over `half` either side (FrameShading.sunlight's across * up).
static inline v8 window_share(v8 a, v8 b, v8 width, v8 height, v8 half) {
    const v8 zero = simde_mm256_setzero_ps(), one = splat(1.0f), twice = add(half, half);
    const v8 across = simde_mm256_max_ps(zero, simde_mm256_min_ps(one, dv(add(simde_mm256_min_ps(a, sub(width, a)), half), twice)));
    const v8 up = simde_mm256_max_ps(zero, simde_mm256_min_ps(one, dv(add(simde_mm256_min_ps(b, sub(height, b)), half), twice)));
    return mul(across, up);
}

/// FrameShading.radiance (with sunlight) for jobs j ..< j + 8; a 4x4 block's job on a sun edge
/// (FrameShading.sunEdge) gets `kind` -4.
static void radiance8(const ccolor_frame *f, ccolor_scratch *s, intptr_t j) {
    const v8 zero = simde_mm256_setzero_ps();
    // view = -ray / |ray|; point = camera + ray * (1 / inverse).
    const v8 rx = simde_mm256_loadu_ps(s->rx + j), ry = simde_mm256_loadu_ps(s->ry + j), rz = simde_mm256_loadu_ps(s->rz + j);
    const v8 length = simde_mm256_sqrt_ps(dot8(rx, ry, rz, rx, ry, rz));
    const v8 vx = dv(neg(rx), length), vy = dv(neg(ry), length), vz = dv(neg(rz), length);
    const v8 t = dv(splat(1.0f), simde_mm256_loadu_ps(s->inverse + j));
    const v8 px = add(splat(f->camera[0]), mul(rx, t)), py = add(splat(f->camera[1]), mul(ry, t));
    const v8 pz = add(splat(f->camera[2]), mul(rz, t));
    const simde__m256i id = simde_mm256_loadu_si256((const simde__m256i *)(const void *)(s->id + j));
    const simde__m256i id4 = simde_mm256_slli_epi32(id, 2);
    const v8 nx = gather(f->normals, id4), ny = gather(f->normals + 1, id4), nz = gather(f->normals + 2, id4);
    // Each lane's patch record, eight rows of eight floats transposed into eight vectors.
    int32_t lane_id[8];
    simde_mm256_storeu_si256((simde__m256i *)(void *)lane_id, id);
    v8 rows[8];
    for (int k = 0; k < 8; k++) rows[k] = simde_mm256_loadu_ps(f->records + 8 * (intptr_t)lane_id[k]);
    transpose8(rows);
    const v8 albedo_r = rows[0], albedo_g = rows[1], albedo_b = rows[2], ks = rows[3];
    const v8 light_x = rows[4], light_y = rows[5], light_z = rows[6];
    const simde__m256i bits = simde_mm256_castps_si256(rows[7]);
    const simde__m256i room = simde_mm256_sub_epi32(simde_mm256_srli_epi32(bits, 16), simde_mm256_set1_epi32(1));
    const simde__m256i flags = simde_mm256_and_si256(simde_mm256_srli_epi32(bits, 8), simde_mm256_set1_epi32(0xFF));
    const simde__m256i squarings = simde_mm256_and_si256(bits, simde_mm256_set1_epi32(0xFF));
    const v8 shiny = simde_mm256_castsi256_ps(simde_mm256_cmpeq_epi32(
        simde_mm256_and_si256(flags, simde_mm256_set1_epi32(CCOLOR_SHINY)), simde_mm256_set1_epi32(CCOLOR_SHINY)));
    const v8 in_room = simde_mm256_castsi256_ps(simde_mm256_cmpgt_epi32(room, simde_mm256_set1_epi32(-1)));
    const simde__m256i safe_room = simde_mm256_max_epi32(room, simde_mm256_setzero_si256());
    v8 diffuse = splat(f->ambient), specular = zero;
    if (f->ceiling_light > 0) {
        const v8 tx = sub(light_x, px), ty = sub(light_y, py), tz = sub(light_z, pz);
        const v8 squared = dot8(tx, ty, tz, tx, ty, tz), quarter = splat(0.25f);
        const v8 d2 = select8(ge(squared, quarter), squared, quarter);
        const v8 d = simde_mm256_sqrt_ps(d2);
        const v8 lx = dv(tx, d), ly = dv(ty, d), lz = dv(tz, d);
        const v8 ndl = dot8(nx, ny, nz, lx, ly, lz);
        const v8 lit = simde_mm256_and_ps(in_room, gt(ndl, zero));
        const v8 light = splat(f->ceiling_light);
        diffuse = select8(lit, add(diffuse, dv(mul(light, ndl), d2)), diffuse);
        const v8 shiny_lit = simde_mm256_and_ps(lit, shiny);
        if (simde_mm256_movemask_ps(shiny_lit)) {
            const v8 b = blinn8(lx, ly, lz, vx, vy, vz, nx, ny, nz, squarings, most_squarings(squarings));
            specular = select8(shiny_lit, add(specular, dv(mul(light, b), d2)), specular);
        }
    }
    const v8 sx = splat(f->sun[0]), sy = splat(f->sun[1]), sz = splat(f->sun[2]);
    const v8 nds = dot8(nx, ny, nz, sx, sy, sz);
    v8 candidates = simde_mm256_and_ps(in_room, gt(nds, zero));
    if (f->sun_strength > 0 && simde_mm256_movemask_ps(candidates)) {
        // The 4x4 blocks among the candidates: their share of the sun with a ramp widened by
        // sun_edge_widen / inverse tells whether they lie on a sun edge (FrameShading.sunEdge).
        const simde__m256i kind = simde_mm256_loadu_si256((const simde__m256i *)(const void *)(s->kind + j));
        const v8 blocks = simde_mm256_and_ps(candidates, simde_mm256_castsi256_ps(simde_mm256_cmpeq_epi32(kind, simde_mm256_set1_epi32(4))));
        const int any_block = simde_mm256_movemask_ps(blocks);
        const v8 widen = mul(splat(f->sun_edge_widen), t);
        v8 wide = zero;
        // sunlit: whether the ray towards the sun leaves the room through one of its windows.
        const simde__m256i first = simde_mm256_i32gather_epi32(f->window_start, safe_room, 4);
        const simde__m256i end = simde_mm256_i32gather_epi32(f->window_start + 1, safe_room, 4);
        // How much of the sun's disc the point sees: the most any window lets through, each window's
        // edges ramping over their penumbra (FrameShading.sunlight).
        v8 sunlight = zero;
        const v8 tiny = splat(1e-6f), radius = splat(f->sun_angular_radius), least_half = splat(1e-4f), one = splat(1.0f);
        const v8 sign = simde_mm256_castsi256_ps(simde_mm256_set1_epi32(0x7FFFFFFF));
        for (int k = 0;; k++) {
            const simde__m256i w = simde_mm256_add_epi32(first, simde_mm256_set1_epi32(k));
            const v8 valid = simde_mm256_and_ps(candidates, simde_mm256_castsi256_ps(simde_mm256_cmpgt_epi32(end, w)));
            if (!simde_mm256_movemask_ps(valid)) break;
            // Lanes without a window here read window 0 (present: some lane has one).
            const simde__m256i w16 = simde_mm256_slli_epi32(
                simde_mm256_castps_si256(simde_mm256_and_ps(valid, simde_mm256_castsi256_ps(w))), 4);
            const float *base = f->windows;
            const v8 ox = gather(base, w16), oy = gather(base + 1, w16), oz = gather(base + 2, w16), width = gather(base + 3, w16);
            const v8 ux = gather(base + 4, w16), uy = gather(base + 5, w16), uz = gather(base + 6, w16), height = gather(base + 7, w16);
            const v8 wvx = gather(base + 8, w16), wvy = gather(base + 9, w16), wvz = gather(base + 10, w16);
            const v8 wnx = gather(base + 12, w16), wny = gather(base + 13, w16), wnz = gather(base + 14, w16);
            const v8 denominator = dot8(wnx, wny, wnz, sx, sy, sz);
            const v8 t = dv(dot8(wnx, wny, wnz, sub(ox, px), sub(oy, py), sub(oz, pz)), denominator);
            const v8 qx = sub(add(px, mul(sx, t)), ox), qy = sub(add(py, mul(sy, t)), oy), qz = sub(add(pz, mul(sz, t)), oz);
            const v8 a = dot8(qx, qy, qz, ux, uy, uz), b = dot8(qx, qy, qz, wvx, wvy, wvz);
            const v8 hit = simde_mm256_and_ps(valid, simde_mm256_and_ps(gt(simde_mm256_and_ps(denominator, sign), tiny), gt(t, zero)));
            const v8 half = add(mul(t, radius), least_half);
            sunlight = select8(hit, simde_mm256_max_ps(sunlight, window_share(a, b, width, height, half)), sunlight);
            if (any_block) wide = select8(hit, simde_mm256_max_ps(wide, window_share(a, b, width, height, add(half, widen))), wide);
        }
        if (any_block) {
            const v8 edge = simde_mm256_and_ps(blocks, simde_mm256_and_ps(gt(wide, zero), gt(one, wide)));
            const simde__m256i marked = simde_mm256_blendv_epi8(kind, simde_mm256_set1_epi32(-4), simde_mm256_castps_si256(edge));
            simde_mm256_storeu_si256((simde__m256i *)(void *)(s->kind + j), marked);
        }
        const v8 lit = simde_mm256_and_ps(candidates, gt(sunlight, zero));
        const v8 strength = splat(f->sun_strength);
        diffuse = select8(lit, add(diffuse, mul(mul(strength, nds), sunlight)), diffuse);
        const v8 shiny_lit = simde_mm256_and_ps(lit, shiny);
        if (simde_mm256_movemask_ps(shiny_lit)) {
            const v8 b = blinn8(sx, sy, sz, vx, vy, vz, nx, ny, nz, squarings, most_squarings(squarings));
            specular = select8(shiny_lit, add(specular, mul(mul(strength, b), sunlight)), specular);
        }
    }
    const v8 highlight = mul(ks, specular);
    simde_mm256_storeu_ps(s->r + j, add(mul(albedo_r, diffuse), highlight));
    simde_mm256_storeu_ps(s->g + j, add(mul(albedo_g, diffuse), highlight));
    simde_mm256_storeu_ps(s->b + j, add(mul(albedo_b, diffuse), highlight));
}

/// `radiance8` over the `count` queued evaluations, padded to a whole group of eight with copies of the
/// last one.
static void radiance_all(const ccolor_frame *f, ccolor_scratch *s, intptr_t count) {
    if (count == 0) return;
    for (intptr_t j = count; j % 8 != 0; j++) {
        s->rx[j] = s->rx[count - 1]; s->ry[j] = s->ry[count - 1]; s->rz[j] = s->rz[count - 1];
        s->inverse[j] = s->inverse[count - 1]; s->id[j] = s->id[count - 1]; s->kind[j] = s->kind[count - 1];
    }
    for (intptr_t j = 0; j < count; j += 8) radiance8(f, s, j);
}

/// ColorRenderer.mix (MurmurHash3's finaliser) of eight words.
static inline simde__m256i mix8(simde__m256i h) {
    h = simde_mm256_xor_si256(h, simde_mm256_srli_epi32(h, 15));
    h = simde_mm256_mullo_epi32(h, simde_mm256_set1_epi32((int32_t)0x85EBCA6Bu));
    h = simde_mm256_xor_si256(h, simde_mm256_srli_epi32(h, 13));
    h = simde_mm256_mullo_epi32(h, simde_mm256_set1_epi32((int32_t)0xC2B2AE35u));
    return simde_mm256_xor_si256(h, simde_mm256_srli_epi32(h, 16));
}

/// ColorRenderer.skylineBrightness for eight directions (x, up, z): the distant buildings' brightness, 0
/// where the sky shows (the same operations, in the same order).
static inline v8 skyline8(v8 x, v8 up, v8 z) {
    const v8 sign = splat(-0.0f);
    const v8 t = dv(x, add(add(simde_mm256_andnot_ps(sign, x), simde_mm256_andnot_ps(sign, z)), splat(1e-6f)));
    const v8 toward = simde_mm256_cmp_ps(z, simde_mm256_setzero_ps(), SIMDE_CMP_GE_OQ);
    const v8 a = select8(toward, add(splat(1.0f), t), sub(splat(3.0f), t));
    const simde__m256i h = mix8(simde_mm256_mullo_epi32(simde_mm256_cvttps_epi32(simde_mm256_floor_ps(mul(a, splat(16.0f)))),
                                                        simde_mm256_set1_epi32((int32_t)0x9E3779B1u)));
    const v8 height = add(splat(0.015f), mul(splat(0.09f), mul(simde_mm256_cvtepi32_ps(simde_mm256_srli_epi32(h, 8)), splat(1.0f / 16777216.0f))));
    const v8 building = simde_mm256_cmp_ps(up, height, SIMDE_CMP_LT_OQ);
    const v8 low = simde_mm256_cvtepi32_ps(simde_mm256_and_si256(h, simde_mm256_set1_epi32(0xFF)));
    const v8 tone = add(splat(0.32f), mul(splat(0.2f), mul(low, splat(1.0f / 256.0f))));
    const v8 columns = mul(a, splat(96.0f)), rows = mul(up, splat(120.0f));
    const v8 across = sub(columns, simde_mm256_floor_ps(columns)), along = sub(rows, simde_mm256_floor_ps(rows));
    const v8 window = simde_mm256_and_ps(
        simde_mm256_and_ps(simde_mm256_cmp_ps(across, splat(0.3f), SIMDE_CMP_GE_OQ), simde_mm256_cmp_ps(across, splat(0.7f), SIMDE_CMP_LT_OQ)),
        simde_mm256_and_ps(simde_mm256_cmp_ps(along, splat(0.3f), SIMDE_CMP_GE_OQ), simde_mm256_cmp_ps(along, splat(0.7f), SIMDE_CMP_LT_OQ)));
    return simde_mm256_and_ps(building, select8(window, mul(tone, splat(0.55f)), tone));
}

/// ColorRenderer.outsideGround's hash of a cell (ix, iz) with `salt`.
static inline simde__m256i ground_hash8(simde__m256i ix, simde__m256i iz, uint32_t salt) {
    return mix8(simde_mm256_xor_si256(
        simde_mm256_xor_si256(simde_mm256_mullo_epi32(ix, simde_mm256_set1_epi32((int32_t)0x9E3779B1u)),
                              simde_mm256_mullo_epi32(iz, simde_mm256_set1_epi32((int32_t)0x85EBCA6Bu))),
        simde_mm256_set1_epi32((int32_t)salt)));
}

/// A hash's top 24 bits as a fraction 0..<1.
static inline v8 ground_unit8(simde__m256i h) {
    return mul(simde_mm256_cvtepi32_ps(simde_mm256_srli_epi32(h, 8)), splat(1.0f / 16777216.0f));
}

/// The cell of v at `per_meter` cells a metre.
static inline simde__m256i ground_cell8(v8 v, float per_meter) {
    return simde_mm256_cvttps_epi32(simde_mm256_floor_ps(mul(v, splat(per_meter))));
}

/// Whether v's fractional part is below `below`.
static inline v8 ground_frac_below8(v8 v, float below) {
    return simde_mm256_cmp_ps(sub(v, simde_mm256_floor_ps(v)), splat(below), SIMDE_CMP_LT_OQ);
}

/// v faded towards 0.5 by `detail` (0...1).
static inline v8 ground_faded8(v8 v, v8 detail) { return add(v, mul(sub(splat(0.5f), v), detail)); }

/// ColorRenderer.outsideGround of directions (x, up, z) from the camera, for the lanes that look down (the
/// others' values are not used): the same operations, in the same order.
static inline void ground_rgb8(const ccolor_frame *f, v8 dx, v8 up, v8 dz, v8 *r, v8 *g, v8 *b) {
    const v8 t = simde_mm256_max_ps(simde_mm256_min_ps(dv(splat(f->camera[1] - f->ground_y), neg(up)), splat(200.0f)),
                                    simde_mm256_setzero_ps());
    const v8 x = add(splat(f->camera[0]), mul(t, dx)), z = add(splat(f->camera[2]), mul(t, dz));
    const v8 detail = simde_mm256_min_ps(simde_mm256_max_ps(mul(sub(t, splat(30.0f)), splat(1.0f / 32.0f)), simde_mm256_setzero_ps()), splat(1.0f));
    const v8 near = simde_mm256_cmp_ps(t, splat(60.0f), SIMDE_CMP_LT_OQ);
    const v8 region = ground_unit8(ground_hash8(ground_cell8(x, 0.125f), ground_cell8(z, 0.125f), 0x1B873593u));
    const v8 fine = ground_faded8(ground_unit8(ground_hash8(ground_cell8(x, 4.0f), ground_cell8(z, 4.0f), 0x2C1B3C6Du)), detail);
    const v8 mid = ground_faded8(ground_unit8(ground_hash8(ground_cell8(x, 1.0f), ground_cell8(z, 1.0f), 0x297A2D39u)), detail);
    const v8 slab = ground_faded8(ground_unit8(ground_hash8(ground_cell8(x, 2.0f), ground_cell8(z, 2.0f), 0x3C6EF372u)), detail);
    const v8 joint = simde_mm256_and_ps(
        simde_mm256_or_ps(ground_frac_below8(mul(x, splat(2.0f)), 0.06f), ground_frac_below8(mul(z, splat(2.0f)), 0.06f)), near);
    const v8 line = simde_mm256_and_ps(ground_frac_below8(mul(x, splat(0.5f)), 0.05f), near);
    const v8 lawn = add(add(splat(0.7f), mul(splat(0.35f), fine)), mul(splat(0.25f), mid));
    const v8 paving = select8(joint, splat(0.6f), add(splat(0.8f), mul(splat(0.3f), slab)));
    const v8 asphalt = add(splat(0.9f), mul(splat(0.2f), fine));
    const v8 is_lawn = simde_mm256_cmp_ps(region, splat(0.45f), SIMDE_CMP_LT_OQ);
    const v8 is_paving = simde_mm256_cmp_ps(region, splat(0.8f), SIMDE_CMP_LT_OQ);
    v8 cr = select8(is_lawn, mul(splat(0.22f), lawn), select8(is_paving, mul(splat(0.5f), paving), select8(line, splat(0.8f), mul(splat(0.22f), asphalt))));
    v8 cg = select8(is_lawn, mul(splat(0.34f), lawn), select8(is_paving, mul(splat(0.48f), paving), select8(line, splat(0.8f), mul(splat(0.22f), asphalt))));
    v8 cb = select8(is_lawn, mul(splat(0.14f), lawn), select8(is_paving, mul(splat(0.44f), paving), select8(line, splat(0.78f), mul(splat(0.24f), asphalt))));
    // Tree crowns on a 4 m grid.
    const simde__m256i tx = ground_cell8(x, 0.25f), tz = ground_cell8(z, 0.25f);
    const v8 has_tree = simde_mm256_cmp_ps(ground_unit8(ground_hash8(tx, tz, 0x61C88647u)), splat(0.4f), SIMDE_CMP_LT_OQ);
    const v8 cx = add(add(mul(simde_mm256_cvtepi32_ps(tx), splat(4.0f)), splat(1.8f)), mul(splat(0.4f), ground_unit8(ground_hash8(tx, tz, 0x7F4A7C15u))));
    const v8 cz = add(add(mul(simde_mm256_cvtepi32_ps(tz), splat(4.0f)), splat(1.8f)), mul(splat(0.4f), ground_unit8(ground_hash8(tx, tz, 0x5851F42Du))));
    const v8 radius = add(splat(0.9f), mul(splat(0.9f), ground_unit8(ground_hash8(tx, tz, 0x14057B7Eu))));
    const v8 ox = sub(x, cx), oz = sub(z, cz);
    const v8 crown = simde_mm256_and_ps(has_tree, simde_mm256_cmp_ps(add(mul(ox, ox), mul(oz, oz)), mul(radius, radius), SIMDE_CMP_LT_OQ));
    const v8 leaves = add(add(splat(0.6f), mul(splat(0.5f), fine)), mul(splat(0.3f), mid));
    cr = select8(crown, mul(splat(0.1f), leaves), cr);
    cg = select8(crown, mul(splat(0.17f), leaves), cg);
    cb = select8(crown, mul(splat(0.07f), leaves), cb);
    const v8 fade = simde_mm256_min_ps(simde_mm256_max_ps(mul(sub(t, splat(136.0f)), splat(1.0f / 64.0f)), simde_mm256_setzero_ps()), splat(1.0f));
    *r = add(cr, mul(sub(splat(0.3f), cr), fade));
    *g = add(cg, mul(sub(splat(0.32f), cg), fade));
    *b = add(cb, mul(sub(splat(0.25f), cb), fade));
}

/// FrameShading.sky of directions (x, up, z) from the camera: the skyline's buildings and the blend of the
/// horizon and the zenith colour above the horizon, the ground below (`ground_rgb8`), scaled by the frame's
/// sky level.
static inline void sky_rgb8(const ccolor_frame *f, v8 x, v8 up, v8 z, v8 *r, v8 *g, v8 *b) {
    const v8 below = simde_mm256_cmp_ps(up, simde_mm256_setzero_ps(), SIMDE_CMP_LT_OQ);
    const v8 down = sub(splat(1.0f), up), sky = splat(f->sky);
    // The ground only when a lane looks down (most sky pixels do not).
    v8 ground_r = simde_mm256_setzero_ps(), ground_g = ground_r, ground_b = ground_r;
    if (simde_mm256_movemask_ps(below)) ground_rgb8(f, x, up, z, &ground_r, &ground_g, &ground_b);
    const v8 half = splat(0.5f);
    const v8 building = skyline8(x, up, z);
    const v8 standing = simde_mm256_cmp_ps(building, simde_mm256_setzero_ps(), SIMDE_CMP_GT_OQ);
    const v8 gr = mul(add(mul(splat(0.75f), down), mul(splat(0.35f), up)), sky);
    const v8 gg = mul(add(mul(splat(0.85f), down), mul(splat(0.55f), up)), sky);
    const v8 gb = mul(add(mul(splat(1.0f), down), mul(splat(0.95f), up)), sky);
    *r = select8(below, mul(mul(ground_r, sky), half), select8(standing, mul(mul(splat(0.9f), building), sky), gr));
    *g = select8(below, mul(mul(ground_g, sky), half), select8(standing, mul(mul(splat(0.88f), building), sky), gg));
    *b = select8(below, mul(mul(ground_b, sky), half), select8(standing, mul(mul(splat(0.85f), building), sky), gb));
}

/// FrameShading.sky(-view) for the sky pixels j ..< j + 8.
static void sky8(const ccolor_frame *f, ccolor_scratch *s, intptr_t j) {
    const v8 rx = simde_mm256_loadu_ps(s->sky_rx + j), ry = simde_mm256_loadu_ps(s->sky_ry + j), rz = simde_mm256_loadu_ps(s->sky_rz + j);
    const v8 length = simde_mm256_sqrt_ps(dot8(rx, ry, rz, rx, ry, rz));
    // The direction -view, view = -ray / |ray|.
    const v8 x = neg(dv(neg(rx), length)), up = neg(dv(neg(ry), length)), z = neg(dv(neg(rz), length));
    v8 r, g, b;
    sky_rgb8(f, x, up, z, &r, &g, &b);
    simde_mm256_storeu_ps(s->sky_r + j, r);
    simde_mm256_storeu_ps(s->sky_g + j, g);
    simde_mm256_storeu_ps(s->sky_b + j, b);
}

/// FrameShading.store's glass pane for the queued pixels j ..< j + 8: the colour tinted by the glass plus
/// 6 % of the sky reflected about the pane.
static void pane8(const ccolor_frame *f, ccolor_scratch *s, intptr_t j) {
    const v8 fx = simde_mm256_cvtepi32_ps(simde_mm256_loadu_si256((const simde__m256i *)(const void *)(s->pane_x + j)));
    const v8 fy = simde_mm256_cvtepi32_ps(simde_mm256_loadu_si256((const simde__m256i *)(const void *)(s->pane_y + j)));
    const v8 rx = add(add(mul(splat(f->ray_x[0]), fx), mul(splat(f->ray_y[0]), fy)), splat(f->ray_origin[0]));
    const v8 ry = add(add(mul(splat(f->ray_x[1]), fx), mul(splat(f->ray_y[1]), fy)), splat(f->ray_origin[1]));
    const v8 rz = add(add(mul(splat(f->ray_x[2]), fx), mul(splat(f->ray_y[2]), fy)), splat(f->ray_origin[2]));
    const v8 length = simde_mm256_sqrt_ps(dot8(rx, ry, rz, rx, ry, rz));
    const v8 dx = dv(rx, length), dy = dv(ry, length), dz = dv(rz, length);
    const simde__m256i pane4 = simde_mm256_slli_epi32(simde_mm256_loadu_si256((const simde__m256i *)(const void *)(s->pane + j)), 2);
    const v8 nx = gather(f->pane_normals, pane4), ny = gather(f->pane_normals + 1, pane4), nz = gather(f->pane_normals + 2, pane4);
    const v8 twice = mul(splat(2.0f), dot8(dx, dy, dz, nx, ny, nz));
    // sky(d - n * twice).
    const v8 up = sub(dy, mul(ny, twice));
    v8 sr, sg, sb;
    sky_rgb8(f, sub(dx, mul(nx, twice)), up, sub(dz, mul(nz, twice)), &sr, &sg, &sb);
    const v8 tint = splat(0.94f), reflection = splat(0.06f);
    const v8 cr = simde_mm256_loadu_ps(s->pane_r + j), cg = simde_mm256_loadu_ps(s->pane_g + j), cb = simde_mm256_loadu_ps(s->pane_b + j);
    simde_mm256_storeu_ps(s->pane_r + j, add(mul(mul(cr, gather(f->pane_albedo, pane4)), tint), mul(sr, reflection)));
    simde_mm256_storeu_ps(s->pane_g + j, add(mul(mul(cg, gather(f->pane_albedo + 1, pane4)), tint), mul(sg, reflection)));
    simde_mm256_storeu_ps(s->pane_b + j, add(mul(mul(cb, gather(f->pane_albedo + 2, pane4)), tint), mul(sb, reflection)));
}

/// Whether the 4x4 entries from `p` (rows `stride` apart) all equal `id`.
static inline int same_id(int32_t id, const int32_t *p, intptr_t stride) {
    const simde__m128i want = simde_mm_set1_epi32(id);
    simde__m128i all = simde_mm_cmpeq_epi32(simde_mm_loadu_si128((const simde__m128i *)(const void *)p), want);
    for (int r = 1; r < 4; r++)
        all = simde_mm_and_si128(all, simde_mm_cmpeq_epi32(simde_mm_loadu_si128((const simde__m128i *)(const void *)(p + r * stride)), want));
    return simde_mm_movemask_ps(simde_mm_castsi128_ps(all)) == 0xF;
}

/// FrameShading.shadePixel up to the radiance: sky now, mirrors deferred, surfaces queued.
static inline void pixel(const ccolor_frame *f, ccolor_scratch *s, intptr_t *count, intptr_t *sky_count, intptr_t x,
                         intptr_t y, intptr_t stride, const float *best, const int32_t *ids, int32_t *deferred,
                         intptr_t *deferred_count) {
    const intptr_t i = y * stride + x;
    const int32_t id = ids[i];
    const float inverse = best[i];
    if (id >= 0 && inverse > 0 && (f->flags[id] & CCOLOR_MIRROR)) {
        deferred[(*deferred_count)++] = (int32_t)i;
        return;
    }
    const vec3 ray = ray_at(f, (float)x, (float)y);
    if (id >= 0 && inverse > 0) {
        push(s, count, ray, inverse, id, x, y, 1);
        return;
    }
    const intptr_t k = (*sky_count)++;
    s->sky_rx[k] = ray.x; s->sky_ry[k] = ray.y; s->sky_rz[k] = ray.z;
    s->sky_x[k] = (int32_t)x; s->sky_y[k] = (int32_t)y;
}

/// Whether the 4x4 pixels from index `i` (rows `stride` apart) all show the sky (no patch, or nothing
/// within range): `pixel`'s sky test for each.
static inline int all_sky(const int32_t *ids, const float *best, intptr_t i, intptr_t stride) {
    simde__m128i surface = simde_mm_setzero_si128();
    for (int r = 0; r < 4; r++) {
        const simde__m128i id = simde_mm_loadu_si128((const simde__m128i *)(const void *)(ids + i + r * stride));
        const simde__m128 inverse = simde_mm_loadu_ps(best + i + r * stride);
        const simde__m128i has_patch = simde_mm_cmpgt_epi32(id, simde_mm_set1_epi32(-1));
        const simde__m128i in_range = simde_mm_castps_si128(simde_mm_cmpgt_ps(inverse, simde_mm_setzero_ps()));
        surface = simde_mm_or_si128(surface, simde_mm_and_si128(has_patch, in_range));
    }
    return simde_mm_movemask_ps(simde_mm_castsi128_ps(surface)) == 0;
}

/// The sky pixels queued (`sky_count` of them), coloured eight at a time and stored (FrameShading.sky, store).
static void flush_sky(const ccolor_frame *f, ccolor_scratch *s, intptr_t sky_count, intptr_t *pane_count, intptr_t width,
                      intptr_t stride, const int32_t *pane_ids, float weight, int stores, float *out, intptr_t out_first_row) {
    if (sky_count == 0) return;
    // Padded to a whole group of eight with copies of the last ray.
    for (intptr_t j = sky_count; j % 8 != 0; j++) {
        s->sky_rx[j] = s->sky_rx[sky_count - 1]; s->sky_ry[j] = s->sky_ry[sky_count - 1]; s->sky_rz[j] = s->sky_rz[sky_count - 1];
    }
    for (intptr_t j = 0; j < sky_count; j += 8) sky8(f, s, j);
    for (intptr_t j = 0; j < sky_count; j++) {
        const vec3 colour = { s->sky_r[j], s->sky_g[j], s->sky_b[j] };
        store(s, pane_count, colour, s->sky_x[j], s->sky_y[j], width, stride, pane_ids, weight, stores, out, out_first_row);
    }
}

/// Queues the sixteen sky pixels of the 4x4 block at (x, y): `pixel`'s rays (`ray_at`'s operations, eight
/// lanes: rows y + 2h and y + 2h + 1, four columns each) and coordinates.
static inline void push_sky_block(const ccolor_frame *f, ccolor_scratch *s, intptr_t *sky_count, intptr_t x, intptr_t y) {
    const v8 columns = simde_mm256_setr_ps(0, 1, 2, 3, 0, 1, 2, 3), rows = simde_mm256_setr_ps(0, 0, 0, 0, 1, 1, 1, 1);
    const simde__m256i column_offsets = simde_mm256_setr_epi32(0, 1, 2, 3, 0, 1, 2, 3);
    const simde__m256i row_offsets = simde_mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
    for (int h = 0; h < 2; h++) {
        const intptr_t k = *sky_count;
        const v8 px = add(splat((float)x), columns), py = add(splat((float)(y + 2 * h)), rows);
        simde_mm256_storeu_ps(s->sky_rx + k, add(add(mul(splat(f->ray_x[0]), px), mul(splat(f->ray_y[0]), py)), splat(f->ray_origin[0])));
        simde_mm256_storeu_ps(s->sky_ry + k, add(add(mul(splat(f->ray_x[1]), px), mul(splat(f->ray_y[1]), py)), splat(f->ray_origin[1])));
        simde_mm256_storeu_ps(s->sky_rz + k, add(add(mul(splat(f->ray_x[2]), px), mul(splat(f->ray_y[2]), py)), splat(f->ray_origin[2])));
        simde_mm256_storeu_si256((simde__m256i *)(void *)(s->sky_x + k),
                                 simde_mm256_add_epi32(simde_mm256_set1_epi32((int32_t)x), column_offsets));
        simde_mm256_storeu_si256((simde__m256i *)(void *)(s->sky_y + k),
                                 simde_mm256_add_epi32(simde_mm256_set1_epi32((int32_t)(y + 2 * h)), row_offsets));
        *sky_count = k + 8;
    }
}

intptr_t ccolor_shade_rows(const ccolor_frame *f, ccolor_scratch *s, intptr_t row_begin, intptr_t row_end,
                           intptr_t width, intptr_t stride, const float *best, const int32_t *ids,
                           const int32_t *pane_ids, float weight, int stores, float *out, intptr_t out_first_row,
                           int32_t *deferred) {
    intptr_t deferred_count = 0;
    for (intptr_t y = row_begin; y < row_end; y += 4) {
        const intptr_t rows_here = row_end - y < 4 ? row_end - y : 4;
        intptr_t count = 0, sky_count = 0, pane_count = 0;
        for (intptr_t x = 0; x < width; x += 4) {
            const intptr_t columns_here = width - x < 4 ? width - x : 4;
            const intptr_t i = y * stride + x;
            const int32_t id = ids[i];
            if (rows_here == 4 && columns_here == 4 && id >= 0 && (f->flags[id] & CCOLOR_LIT_PER_BLOCK) &&
                same_id(id, ids + i, stride)) {
                const intptr_t c = i + stride + 1;
                const float inverse = (best[c] + best[c + 1] + best[c + stride] + best[c + stride + 1]) * 0.25f;
                push(s, &count, ray_at(f, (float)x + 1.5f, (float)y + 1.5f), inverse, id, x, y, 4);
                continue;
            }
            if (rows_here == 4 && columns_here == 4 && id < 0 && all_sky(ids, best, i, stride)) {
                // A whole block of sky (a window's view): its sixteen rays queued at once.
                push_sky_block(f, s, &sky_count, x, y);
                continue;
            }
            for (intptr_t by = 0; by < rows_here; by += 2) {
                const int pair = by + 1 < rows_here;
                for (intptr_t bx = 0; bx < columns_here; bx += 2) {
                    const intptr_t px = x + bx, py = y + by, k = py * stride + px;
                    const int32_t bid = ids[k];
                    if (pair && px + 1 < width && bid >= 0 && ids[k + 1] == bid && ids[k + stride] == bid &&
                        ids[k + stride + 1] == bid && !(f->flags[bid] & CCOLOR_MIRROR)) {
                        const float inverse = (best[k] + best[k + 1] + best[k + stride] + best[k + stride + 1]) * 0.25f;
                        push(s, &count, ray_at(f, (float)px + 0.5f, (float)py + 0.5f), inverse, bid, px, py, 2);
                    } else {
                        const intptr_t columns = width - px < 2 ? width - px : 2;
                        for (intptr_t dy = 0; dy < (pair ? 2 : 1); dy++)
                            for (intptr_t dx = 0; dx < columns; dx++)
                                pixel(f, s, &count, &sky_count, px + dx, py + dy, stride, best, ids, deferred, &deferred_count);
                    }
                }
            }
        }
        flush_sky(f, s, sky_count, &pane_count, width, stride, pane_ids, weight, stores, out, out_first_row);
        intptr_t edge_count = 0;
        if (count > 0) {
            radiance_all(f, s, count);
            for (intptr_t j = 0; j < count; j++) {
                const vec3 colour = { s->r[j], s->g[j], s->b[j] };
                const intptr_t x = s->x[j], y0 = s->y[j], size = s->kind[j];
                if (size == -4) {
                    // On a sun edge: lit again below, pixel by pixel.
                    s->edge_x[edge_count] = (int32_t)x; s->edge_y[edge_count] = (int32_t)y0; edge_count++;
                    continue;
                }
                if (size == 4 && stores && (!pane_ids || same_id(-1, pane_ids + y0 * stride + x, stride))) {
                    // The block's twelve samples a row as three four-lane stores.
                    const float r = colour.x * weight, g = colour.y * weight, b = colour.z * weight;
                    const simde__m128 a = simde_mm_setr_ps(r, g, b, r), c = simde_mm_setr_ps(g, b, r, g), d = simde_mm_setr_ps(b, r, g, b);
                    for (intptr_t dy = 0; dy < 4; dy++) {
                        float *o = out + ((y0 + dy - out_first_row) * width + x) * 3;
                        simde_mm_storeu_ps(o, a); simde_mm_storeu_ps(o + 4, c); simde_mm_storeu_ps(o + 8, d);
                    }
                    continue;
                }
                for (intptr_t dy = 0; dy < size; dy++)
                    for (intptr_t dx = 0; dx < size; dx++)
                        store(s, &pane_count, colour, x + dx, y0 + dy, width, stride, pane_ids, weight, stores, out, out_first_row);
            }
        }
        if (edge_count > 0) {
            // The sun-edge blocks' pixels, each lit on its own (FrameShading.shadePixel).
            intptr_t pixels = 0, edge_sky = 0;
            for (intptr_t e = 0; e < edge_count; e++)
                for (intptr_t dy = 0; dy < 4; dy++)
                    for (intptr_t dx = 0; dx < 4; dx++)
                        pixel(f, s, &pixels, &edge_sky, s->edge_x[e] + dx, s->edge_y[e] + dy, stride, best, ids, deferred,
                              &deferred_count);
            flush_sky(f, s, edge_sky, &pane_count, width, stride, pane_ids, weight, stores, out, out_first_row);
            radiance_all(f, s, pixels);
            for (intptr_t j = 0; j < pixels; j++) {
                const vec3 colour = { s->r[j], s->g[j], s->b[j] };
                store(s, &pane_count, colour, s->x[j], s->y[j], width, stride, pane_ids, weight, stores, out, out_first_row);
            }
        }
        if (pane_count > 0) {
            // Padded to a whole group of eight with copies of the last pixel.
            for (intptr_t j = pane_count; j % 8 != 0; j++) {
                s->pane_r[j] = s->pane_r[pane_count - 1]; s->pane_g[j] = s->pane_g[pane_count - 1];
                s->pane_b[j] = s->pane_b[pane_count - 1]; s->pane_x[j] = s->pane_x[pane_count - 1];
                s->pane_y[j] = s->pane_y[pane_count - 1]; s->pane[j] = s->pane[pane_count - 1];
            }
            for (intptr_t j = 0; j < pane_count; j += 8) pane8(f, s, j);
            for (intptr_t j = 0; j < pane_count; j++) {
                const vec3 colour = { s->pane_r[j], s->pane_g[j], s->pane_b[j] };
                write(colour, s->pane_x[j], s->pane_y[j], width, weight, stores, out, out_first_row);
            }
        }
    }
    return deferred_count;
}
