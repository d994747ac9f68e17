// The depth renderer's shade pass (noise, Float16 rounding, confidence) written with SIMDe's AVX2 API.
//
// Why this exists: the project's standards ask for SIMDe behind a thin C wrapper, and the renderer's
// shade pass had only Swift implementations (`SIMD8<Float>` and scalar). This kernel lets the two be
// measured against each other (`capture-sim bench render`) and is selected with `RenderPath.simde`.
// SIMDe maps `simde_mm256_*` to native AVX2 when the compiler targets it and emulates it (with SSE2 on
// baseline x86-64) otherwise, so it builds on any machine. It performs the same IEEE operations in the
// same order as the Swift paths (no contraction into FMA, no reciprocal approximations), so its maps are
// bit-identical to theirs.
#ifndef CDEPTHSHADING_H
#define CDEPTHSHADING_H

#include <stdint.h>

/// The numbers of the range, noise and confidence model that the shade pass uses, as the renderer
/// computes them from its LiDAR settings.
typedef struct {
    /// Noise standard deviation at zero depth, metres.
    float noise_base_meters;
    /// Noise growth with the square of the depth, per metre.
    float noise_per_square_meter;
    /// Depths up to this get confidence 2 (high), metres.
    float high_confidence_max_meters;
    /// Depths up to this get confidence 1 (medium), metres.
    float medium_confidence_max_meters;
    /// Cosine of the grazing angle below which confidence drops by 2.
    float cos_grazing_low;
    /// Cosine of the grazing angle below which confidence drops by 1.
    float cos_grazing_medium;
    /// A 4-neighbour whose depth differs by more than this fraction of the depth marks a depth edge.
    float edge_relative_jump;
} cdepth_shading_settings;

/// Shades rows `row_begin..<row_end` of a `width` x `height` frame, eight pixels at a time.
///
/// Inputs: `best_inverse_depth` and `patch_ids` (rows of `stride` entries; inverse depth <= 0 means no
/// return, its id is then -1), `plane_distance` (per patch id, the signed camera-to-plane distance),
/// `inverse_ray_length` (`width` x `height`, 1 / |ray| per pixel), `settings` and the frame's 32-bit
/// noise seed. Outputs, `width` entries a row: `depth` (metres, rounded to the nearest Float16 value;
/// 0 for no return) and `confidence` (0, 1 or 2).
///
/// Returns 0, or -1 without writing anything when `width` is not a positive multiple of 8, `stride` is
/// less than `width` or the rows are outside the frame.
int cdepth_shade_rows(const float *best_inverse_depth, const int32_t *patch_ids, intptr_t stride,
                      const float *plane_distance, const float *inverse_ray_length,
                      intptr_t width, intptr_t height, const cdepth_shading_settings *settings,
                      uint32_t noise_seed, intptr_t row_begin, intptr_t row_end,
                      float *depth, uint8_t *confidence);

/// One surface patch prepared for one camera pose (the Swift `PatchRaster`): for pixel (x, y),
/// 1/z = a x + b y + c and u = (ua x + ub y + uc) z - u_offset (v likewise), in single precision.
typedef struct {
    float a, b, c;
    float ua, ub, uc, u_offset;
    float va, vb, vc, v_offset;
    /// Rectangle bounds in plane coordinates, metres (unused for triangles).
    float u_max, v_max;
    /// Columns `x0..<x1` (multiples of 8) and rows `y0..<y1` to scan.
    intptr_t x0, x1, y0, y1;
    /// Triangle edges, four floats each (a, b, c, unused): a u + b v + c >= 0 inside; none for rectangles.
    const float *edges;
    intptr_t edge_count;
    /// Rectangle holes, four floats each (u_min, u_max, v_min, v_max).
    const float *holes;
    intptr_t hole_count;
    /// The id written where the patch is nearest.
    int32_t patch_index;
} cdepth_patch_raster;

/// Rasterises one patch over rows `row_begin..<row_end` (clipped to its own): eight pixels at a time, a
/// pixel is hit when its inverse depth exceeds `minimum_inverse_depth` and the nearest so far
/// (`best`, rows of `stride` entries) and its
/// plane coordinates pass the shape's tests with slack `tolerance`; a hit stores its inverse depth in
/// `best` and the patch index in `ids`. The same operations in the same order as the Swift raster
/// loops (DepthKernels), so the same pixels are hit.
void cdepth_raster_rows(const cdepth_patch_raster *raster, intptr_t row_begin, intptr_t row_end, float *best, int32_t *ids,
                        intptr_t stride, float minimum_inverse_depth, float tolerance);

#endif
