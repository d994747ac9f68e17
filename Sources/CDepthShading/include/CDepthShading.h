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

/// The correlated LiDAR model's numbers (`CorrelatedErrorSettings` and the thresholds and profile the
/// Swift `CorrelatedErrorModel` derives from them); no pointers, so Swift can hold it as a value.
typedef struct {
    float grazing, reliability_mean, reliability_spread;
    float distance_start_meters, distance_per_meter, distance_span_meters, far_start_meters, far_per_meter;
    float edge_on, edge_one_away, edge_two_away;
    float minimum_noise_factor, maximum_noise_factor, noise_gain_per_uncertainty;
    float coarse_per_meter_to_one_and_a_half, fine_per_square_meter, white_per_square_meter;
    float range_meters, smoothed_step_below;
    /// Thresholds on the ramp field (`CorrelatedErrorModel.RampThresholds`).
    float ramp_clean, ramp_near_side, ramp_one, ramp_two, ramp_three;
    /// Share of one-pixel ramps whose pixel lies halfway (`rampOneMixedShare`); the rest take the two-pixel ramp's places.
    float ramp_one_mixed_share;
    /// `CorrelatedErrorModel.rampProfile`: four per ramp width.
    float ramp_profile[16];
    /// Nonzero: pixels without a return get the low-confidence far depth (`NoReturnFill.far`).
    int32_t fills_no_return;
    /// The warp field's scale per metre of z (`warpPerMeter`) up to `warp_growth_end_meters`
    /// (`warpGrowthEndMeters`), and this frame's global scale and offset.
    float warp_per_meter, warp_growth_end_meters, frame_scale, frame_offset;
    /// The warp's growth `m (warp_linear + warp_quadratic m)`, m = min(z, warp_growth_end_meters):
    /// 1 - q and q / end for `warpQuadraticShare` q (1 and 0: linear).
    float warp_linear, warp_quadratic;
} cdepth_correlated_settings;

/// The correlated model's per-pixel pass over row `y` of a `width` x `height` frame, eight pixels at a
/// time: uncertainty, confidence, flying pixels, correlated error, warp (`warp_per_meter * warp min(z, warp_growth_end_meters) +
/// frame_scale z + frame_offset`), Float16 rounding, as its Swift reference
/// `CorrelatedErrorModel.correlatedRowReference` (with `flyingSurface`) does a pixel at a time.
///
/// Why this exists: the Swift `SIMD8<Float>` pass compiled to half-width operations and stack spills and
/// was most of a frame's render time; this one keeps the lanes in 256-bit registers. It performs the same
/// IEEE operations in the same order (no contraction into FMA), so its maps are bit-identical to the
/// Swift pass, which stays as the reference (`RenderPath.scalar`).
///
/// Inputs, for row `y`: the raster pass's `best_row` (inverse depth, <= 0 for no return) and `ids_row`;
/// per patch id `plane_distance`, `material_constant` and `material_grazing` (ids clamped to
/// `last_material`); `inverse_ray_length_row`, `border_row` (the border term), `level_row` (chessboard
/// distance to a depth edge, 0-3); the interpolated field rows `coarse_row`, `fine_row`,
/// `reliability_row`, `ramp_row`, `warp_row`; the frame's `windows` (`CorrelatedErrorModel.rowWindows`, four
/// `width` x `height` planes) and 32-bit `frame_seed`. Outputs: `width` depths and confidences.
/// Returns 0, or -1 without writing when `width` is not a positive multiple of 8 or `y` is outside.
int cdepth_correlated_row(const cdepth_correlated_settings *settings, intptr_t width, intptr_t height, intptr_t y,
                          const float *best_row, const int32_t *ids_row, const float *plane_distance,
                          const float *material_constant, const float *material_grazing, int32_t last_material,
                          const float *inverse_ray_length_row, const float *border_row, const uint8_t *level_row,
                          const float *coarse_row, const float *fine_row, const float *reliability_row,
                          const float *ramp_row, const float *warp_row, const float *windows, uint32_t frame_seed,
                     float *depth_row, uint8_t *confidence_row);

/// Fills the gaps of a frame's nearest inverse depths `best` (rows of `stride` floats, `width` x
/// `height` used; a gap is a pixel whose value is not > 0) from the values around them and sets `ids`
/// to `fill_id` there (`NoReturnInterpolation`, docs/scene-format.md "noReturnFill"). In order, each pass
/// visiting only the lines that cross a gap the one before it left: along rows, each gap between two
/// values, linear in inverse depth (`before + (after - before) * ((k - from + 1) / (to - from + 1))`);
/// along columns, likewise; along rows, also a gap that reaches a side, with the value next to it;
/// along columns, likewise. A frame without a value stays as it is. Returns the pixels filled; -1 for
/// bad sizes, -2 when memory runs out (after the first pass along rows, whose fills stay).
///
/// Why this exists: the Swift passes took about 0.1 ms a frame on the render thread (a tenth of a
/// frame's render time); here rows are skipped eight pixels at a time and columns visited row by row.
intptr_t cdepth_fill_no_return(float *best, int32_t *ids, intptr_t stride, intptr_t width, intptr_t height, int32_t fill_id);

/// Row `y` of a bilinearly interpolated value-noise field (`CorrelatedErrorModel.field`): `nodes` holds
/// its node values, rows of `columns`, one node every `cell` pixels; the row's node values go to
/// `scratch` (`columns` floats) and the `width` pixel values to `out`, pixel x being
/// `n(c) + (n(c + 1) - n(c)) * ((x % cell) / cell)` with c = x / cell and n the node values interpolated
/// between the rows above and below (`top + (bottom - top) * ((y % cell) / cell)`). Eight pixels at a
/// time when `width` is a multiple of 8 and the cell 4 pixels wide or a multiple of 8; the same values as
/// one at a time.
///
/// Why this exists: the Swift loop ran cell by cell, a few pixels per iteration for small cells, and was
/// a fifth of the correlated model's Swift time. The fractions `(x % cell) / cell` are divided once per
/// call (cells up to 512 pixels), not once per eight pixels (six fields a row): a quarter of this kernel's
/// time.
void cdepth_field_row(const float *nodes, intptr_t columns, intptr_t cell, intptr_t y, intptr_t width,
                      float *scratch, float *out);

/// The heavy tails' numbers (`CorrelatedErrorSettings`): `tailThreshold`, `tailRamp`, `tailMinimum`,
/// `tailLogSpread`, `tailLowAmount`, and the range the depths are clamped to, metres.
typedef struct {
    float threshold, ramp, minimum, log_spread, low_amount, range_meters;
} cdepth_tail_settings;

/// The heavy tails on one row of `width` pixels (`CorrelatedErrorModel.tailsRowReference`): where the tail
/// field's value f (`patch_row`) exceeds the threshold and the depth is > 0, with a = min(1, (f -
/// threshold) / ramp) (1 when ramp <= 0) and g the size field (`size_row`), the depth becomes
/// `z * (float)exp(-a (minimum + log_spread |g|))` clamped to [0.001, range_meters] and rounded to the
/// nearest Float16 value, and the confidence 0 where a > low_amount, else at most 1. Returns 0, or -1 for
/// a negative width.
///
/// Why this exists: the Swift loop called libm's double `exp` for every tail pixel (about a tenth of the
/// frame's pixels) and was 6 % of `bench bundle --no-images`' CPU. Here eight pixels go at a time and
/// `exp` runs four doubles at a time (a Taylor polynomial after a reduction by ln 2); rounded to float it
/// equals libm's for every float input in [-104, 89], so the maps are bit-identical to the Swift loop,
/// which stays as the reference (`RenderPath.scalar`).
int cdepth_tails_row(const cdepth_tail_settings *settings, intptr_t width, const float *patch_row, const float *size_row,
                     float *depth_row, uint8_t *confidence_row);

/// `(float)exp((double)x[i])` for `count` floats, the tails kernel's exponential (eight at a time), for
/// tests to hold it to libm's.
void cdepth_exp_to_float(const float *x, intptr_t count, float *out);

/// Each pixel's Chebyshev distance to the nearest depth edge, 0, 1, 2 or 3 (farther), into `level`
/// (`width` x `height` bytes), from the raster pass's inverse depths `best` (rows of `stride` floats,
/// readable 8 floats before and after each row): a pixel with a return is an edge pixel when a
/// 4-neighbour has none or |inverse - n| > `jump` n (neighbours outside the map are the pixel itself);
/// then the 3x3 and 5x5 dilations of that mask; the distance is 3 - edge - within 1 - within 2.
/// `masks` is zeroed scratch of three planes of `(width + 7) / 8 * 8 + 16` bytes a row and `height + 4`
/// rows (`CorrelatedErrorModel.shade` allocates it); the kernel writes their interior. Returns 0, or -1
/// for bad sizes.
///
/// Why this exists: the Swift pass (SIMD8 compares and 64-bit words) was 1-2 % of `bench bundle
/// --no-images`' CPU; its selects compiled to lane loops. The maps are the same as the Swift pass's, which
/// stays as the reference (`RenderPath.scalar`).
int cdepth_edge_levels(const float *best, intptr_t stride, intptr_t width, intptr_t height, float jump, uint8_t *masks,
                       uint8_t *level);

#endif
