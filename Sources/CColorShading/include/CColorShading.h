// The colour camera's shading pass (ColorRenderer's lighting of the visible surfaces) in C with SIMDe's
// AVX2 API.
//
// Why this exists: shading in Swift took about 44 % of a 640x480 colour frame's CPU time (`perf record` of
// `capture-sim bench render`): one lighting evaluation at a time, each a chain of square roots and
// divisions with bounds-checked table reads, calls that were not inlined and the Blinn-Phong term as a
// closure; the sky (about 22,000 pixels a frame of the apartment's walk) and the glass panes one pixel at
// a time. This kernel collects a strip's lighting evaluations (one per 4x4 block, 2x2 block or pixel,
// chosen exactly as the Swift code chooses them), its sky pixels and its pixels behind glass, and
// evaluates each kind eight at a time (each lane's patch record loaded and transposed, windows and panes
// gathered). It performs the same IEEE operations in the same order as the Swift shading
// (`RenderPath.scalar`; no contraction into FMA, no reciprocal approximations), so the images are
// bit-identical. Mirror pixels (a ray cast against the scene) are left to Swift: their positions are
// returned.
#ifndef CCOLOR_SHADING_H
#define CCOLOR_SHADING_H

#include <stdint.h>

/// What shading one camera pose needs. Vectors are four floats apart (x, y, z, unused), as Swift lays out
/// `SIMD3<Float>` in arrays.
typedef struct {
    /// Camera position (world) and the world ray of pixel (x, y): ray_x * x + ray_y * y + ray_origin.
    float camera[3], ray_x[3], ray_y[3], ray_origin[3];
    /// Unit direction towards the sun (world).
    float sun[3];
    /// Ambient light, ceiling light strength, sun strength, sky brightness.
    float ambient, ceiling_light, sun_strength, sky;
    /// The height of the ground outside (world y, metres; ColorRenderer.groundY).
    float ground_y;
    /// The sun disc's angular radius, radians: a window edge's penumbra is 2 t r wide at distance t.
    float sun_angular_radius;
    /// How far past its penumbra a sun edge makes a 4x4 block lit per pixel, metres per metre of depth:
    /// a block whose centre is within penumbra + sun_edge_widen / inverse depth of a window's sun edge is
    /// lit pixel by pixel, so the edge's ramp is not stepped by the blocks.
    float sun_edge_widen;
    /// Per patch: its normal facing the camera (4 floats); its record of 8 floats: albedo r, g, b, specular
    /// weight 0.02 + 0.5 g g, its room's ceiling light x, y, z (0 without a room) and an int32 (its bits in
    /// the float) squarings | flags << 8 | (room + 1) << 16, with 2 + (int)(6 g) Blinn-Phong squarings and
    /// the room an index into `window_start` or -1; its flags (bit 0: lit per 4x4 block, bit 1: mirror,
    /// bit 2: specular term, gloss >= 0.15).
    const float *normals, *records;
    const int32_t *flags;
    /// Per room: its windows are `window_start[room] ..< window_start[room + 1]` in `windows`, 16 floats
    /// each: origin, u, v, normal (4 floats each, the fourth of origin is the width, of u the height).
    const int32_t *window_start;
    const float *windows;
    /// Per glass pane: its normal facing the camera and its albedo (4 floats each).
    const float *pane_normals, *pane_albedo;
} ccolor_frame;

/// Flags in `ccolor_frame.flags`.
enum { CCOLOR_LIT_PER_BLOCK = 1, CCOLOR_MIRROR = 2, CCOLOR_SHINY = 4 };

/// Working memory for `ccolor_shade_rows` on images up to `width` pixels wide (one per thread).
typedef struct ccolor_scratch ccolor_scratch;
ccolor_scratch *ccolor_scratch_create(intptr_t width);
void ccolor_scratch_destroy(ccolor_scratch *scratch);

/// Shades rows `row_begin..<row_end` (`row_begin` a multiple of 4) of a `width`-pixel image into the linear
/// RGB rows `out` (3 floats a pixel, `width` pixels a row; `out`'s first row is image row `out_first_row`):
/// colour times `weight`, stored when `stores` is non-zero, added otherwise. Inputs: the nearest inverse
/// depths `best` and patch ids `ids` (rows of `stride`), the pane ids `pane_ids` (NULL when no pane is in
/// view). Mirror pixels are not written: their indices `y * stride + x` go to `deferred` (room for
/// (row_end - row_begin) * width), and the count is returned.
intptr_t ccolor_shade_rows(const ccolor_frame *frame, ccolor_scratch *scratch, intptr_t row_begin, intptr_t row_end,
                           intptr_t width, intptr_t stride, const float *best, const int32_t *ids,
                           const int32_t *pane_ids, float weight, int stores, float *out, intptr_t out_first_row,
                           int32_t *deferred);

// The surface pass and motion blur (this target's other kernels).
#include "CColorSurface.h"

#endif
