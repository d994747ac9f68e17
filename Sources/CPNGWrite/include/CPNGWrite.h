// Writes greyscale PNGs with libpng's low-level API at a chosen zlib level, strategy and row filter,
// or with the image data compressed by this module's own run-length deflate (run_length_deflate.h).
//
// Why this exists: libpng's simplified png_image API (which Swift calls directly, see CPNG) has no
// compression settings (PNG_IMAGE_FLAG_FAST means zlib level 3 without filters), and the low-level API
// that has them reports errors with longjmp, which Swift cannot call. This C function owns the setjmp
// and turns any libpng error into a return value and a message.
#ifndef CPNGWRITE_H
#define CPNGWRITE_H

#include <stddef.h>
#include <stdint.h>

#include "run_length_deflate.h"

/// Encodes `width` x `height` greyscale samples (row-major; `bit_depth` 8: one byte each, 16: one
/// host-order uint16 each) as a PNG into `out` (`capacity` bytes). 16-bit files get a gAMA chunk of
/// 1.0 (linear samples). `zlib_level` 0...9, `zlib_strategy` a zlib Z_* strategy, `filter` one of
/// libpng's PNG_FILTER_NONE/SUB/UP/AVG/PAETH flags. Returns 0 and sets `*written`, or -1 with libpng's
/// message (or this function's) in `message` (`message_capacity` bytes, NUL-terminated).
int cpng_write_gray(const void *samples, uint32_t width, uint32_t height, int bit_depth,
                    int zlib_level, int zlib_strategy, int filter,
                    unsigned char *out, size_t capacity, size_t *written,
                    char *message, size_t message_capacity);

/// Encodes greyscale samples as `cpng_write_gray` does, but with the image data compressed by
/// `cpng_run_length_deflate` (this module's run-length Huffman deflate, about five times zlib's speed
/// at level 1 with Z_RLE for a similar size) instead of zlib; libpng still writes the signature, IHDR,
/// gAMA, the one IDAT chunk and IEND. `filter` 0 none, 1 sub, 2 up (PNG filter types).
int cpng_write_gray_run_length(const void *samples, uint32_t width, uint32_t height, int bit_depth, int filter,
                               unsigned char *out, size_t capacity, size_t *written,
                               char *message, size_t message_capacity);

#endif
