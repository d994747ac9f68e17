// The colour camera's surface pass: what each visible surface looks like up close (its material's texture,
// mip-mapped; its ambient-occlusion light map; its object's tint) and what the sensor adds before exposure
// (vignetting), multiplied into the shaded linear image. The white-balance gains come later, with the
// exposure (CColorEncode), so that an image can be shaded before the frame before it sets them.
//
// Why this exists: it runs on every pixel of every image (307,200 a 640x480 frame, 18,000 frames in the
// 10-minute benchmark), each a world point, a mip level, two bilinear texture reads and a light-map read.
// In Swift that is a chain of bounds-checked table reads per pixel; here eight pixels go at a time with
// SIMDe's AVX2 API (gathers for the texels). `ccolor_surface_rows_scalar` is the one-pixel reference: the
// same IEEE operations in the same order (no contraction into FMA, no approximations), so the two give
// the same bits; a test holds them equal.
#ifndef CCOLOR_SURFACE_H
#define CCOLOR_SURFACE_H

#include <stdint.h>

/// Floats per patch record in `ccolor_surface.records`.
enum { CCOLOR_SURFACE_RECORD = 24 };
/// Every texture is 2^CCOLOR_TEXTURE_LOG2 texels square with CCOLOR_TEXTURE_LEVELS mip levels (256 ... 1),
/// CCOLOR_TEXTURE_TEXELS texels in all: levels in order, each in 4x4 tiles (`ccolor_texel_offset`).
enum { CCOLOR_TEXTURE_LOG2 = 8, CCOLOR_TEXTURE_LEVELS = 9, CCOLOR_TEXTURE_TEXELS = 87408 };
/// A tiled texture index (`CCOLOR_TEXTURE_TILED` set) names the first of CCOLOR_TILE_VARIANTS textures in a
/// row, drawn tile by tile so that a wall does not repeat one 256-texel pattern: the tile (tu, tv) (texel
/// coordinates shifted right by the level's log2 side, before wrapping) takes variant (tu + 3 tv + phase) & 7,
/// phase the index's bits 24-26. Equal tiles lie at least (2, 2) tiles apart: 2.26 m for a 0.8 m texture.
enum { CCOLOR_TILE_VARIANTS = 8, CCOLOR_TEXTURE_TILED = 1 << 16, CCOLOR_TEXTURE_INDEX_MASK = 0xFFFF };

/// The variant that tile (tu, tv) of texture index `texture` reads (0 for an untiled texture): the eight-lane
/// pass computes the same.
int32_t ccolor_tile_variant(int32_t texture, int32_t tu, int32_t tv);

/// What the surface pass of one pose needs.
typedef struct {
    /// Camera position (world) and the world ray of pixel (x, y): ray_x * x + ray_y * y + ray_origin (its
    /// camera z component is -1, so a z-depth times it is the offset from the camera), as in `ccolor_frame`.
    float camera[3], ray_x[3], ray_y[3], ray_origin[3];
    /// The image's horizontal focal length, pixels, and its principal point (vignetting centre).
    float fx, cx, cy;
    /// Vignetting: the image is multiplied by 1 - vignette * r^2, r the distance from the principal point
    /// over the half-diagonal (0 at the centre, 1 in a corner).
    float vignette, inverse_half_diagonal_squared;
    /// Per patch `CCOLOR_SURFACE_RECORD` floats: origin x, y, z, texels per metre; u axis x, y, z, u offset
    /// (texels); v axis x, y, z, v offset; normal x, y, z, the texture index (an int32's bits: the index in
    /// bits 0-15, `CCOLOR_TEXTURE_TILED`, the tiles' phase in bits 24-26); tint r, g, b,
    /// the light map's first float (an int32's bits); the light map's u and v of its first cell's centre
    /// (metres, patch coordinates), cells per metre (0: no light map), the light map's width | height << 16
    /// (an int32's bits).
    const float *records;
    /// Textures: index t's texel (u, v) of level l is `texels[t * CCOLOR_TEXTURE_TEXELS +
    /// ccolor_texel_offset(l, u, v)]`, texels
    /// packed r | g << 8 | b << 16 (128 = factor 1).
    const uint32_t *texels;
    /// Light maps: row by row, one float a cell (the occlusion factor, 0...1).
    const float *light_maps;
} ccolor_surface;

/// Multiplies rows `row_begin ..< row_end` of the linear RGB rows `out` (3 floats a pixel, `width` a row;
/// `out`'s first row is image row `out_first_row`) by each pixel's surface factor: for a pixel whose patch
/// id in `ids` (rows of `stride`) is >= 0 and inverse depth in `best` is > 0, its patch's texture (bilinear,
/// at the mip level of the pixel's footprint), tint and light map; for every pixel, the vignetting. Eight
/// pixels at a time (SIMDe AVX2).
void ccolor_surface_rows(const ccolor_surface *surface, intptr_t row_begin, intptr_t row_end, intptr_t width,
                         intptr_t stride, const float *best, const int32_t *ids, float *out, intptr_t out_first_row);

/// The one-pixel reference of `ccolor_surface_rows`: the same result, bit for bit.
void ccolor_surface_rows_scalar(const ccolor_surface *surface, intptr_t row_begin, intptr_t row_end, intptr_t width,
                                intptr_t stride, const float *best, const int32_t *ids, float *out,
                                intptr_t out_first_row);

/// Motion blur of rows `row_begin ..< row_end` of a linear RGB image `in` (`width` x `height`, 3 floats a
/// pixel) into `out` (3 floats a pixel, `width` a row; `out`'s first row is image row `out_first_row`):
/// each pixel the mean of `taps` bilinear samples of `in` spread evenly along its 4x4 block's motion
/// during the exposure (`motion`: per block, x then y, pixels, from the start of the exposure to its
/// end; blocks_x blocks a row), centred on the pixel moved back by its block's `offsets` (x then y,
/// pixels; NULL: none; the rolling shutter's shift), with taps = min(32, ceil(length / 1.5) + 1); a block
/// that moves less than half a pixel takes one sample (at no offset: a copy). A block's rows share their
/// samples' positions: row r samples r rows below where the block's first row samples. Samples beyond the
/// image read its edge.
void ccolor_motion_blur_rows(const float *in, float *out, intptr_t width, intptr_t height, const float *motion,
                             const float *offsets, intptr_t blocks_x, intptr_t row_begin, intptr_t row_end,
                             intptr_t out_first_row);

/// The motion blur's (or rolling shutter's) shifts of one row of 4x4 blocks, `block_row`, of a `width` x
/// `height` image: for each block, the pixel that shows its point in camera `to` minus the pixel that
/// shows it in camera `from`, x then y, into `shifts` (2 floats a block; a block whose shift is not
/// finite, its point behind a camera, is left as it was). A block's point lies on the ray of the block's
/// centre at the larger of two inverse depths of `inverse_depth` (pixels (1, 1) and (2, 2) of the block,
/// clamped to the image; nothing within range: the ray's direction, infinitely far). `from` and `to` are
/// the cameras' rays of the block row: a point at depth t along pixel column px's ray is origin + (row +
/// step px) t in that camera's frame, nine doubles (step, row, origin, x y z each); `k` is cx, cy, fx,
/// fy. The Swift `MotionBlur.shiftsReference` (ColorBlur+Reference.swift, run by
/// `blockField(reference: true)`) is the reference: the same double operations in the same order.
void ccolor_block_row_shifts(const double *from, const double *to, const double *k, const float *inverse_depth,
                             intptr_t width, intptr_t height, intptr_t block_row, float *shifts);

/// The first texel of mip level `level` within a texture.
int32_t ccolor_texture_level_start(int32_t level);

/// Where texel (u, v) of mip level `level` (0 <= u, v < 256 >> level) lies within a texture: the level's
/// start, then 4x4 tiles (one 64-byte cache line each, so a bilinear footprint mostly reads one line)
/// row by row within 32x32 super-tiles (4 KB) row by row.
int32_t ccolor_texel_offset(int32_t level, int32_t u, int32_t v);

#endif
