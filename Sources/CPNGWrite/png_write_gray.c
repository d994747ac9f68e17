// See include/CPNGWrite.h for why this shim exists.
#include "CPNGWrite.h"
#include "run_length_deflate.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
    char *message;
    size_t message_capacity;
} write_target;

static void set_message(write_target *target, const char *text) {
    if (target->message == NULL || target->message_capacity == 0) return;
    strncpy(target->message, text, target->message_capacity - 1);
    target->message[target->message_capacity - 1] = '\0';
}

static void on_error(png_structp png, png_const_charp text) {
    set_message((write_target *)png_get_error_ptr(png), text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void on_write(png_structp png, png_bytep bytes, size_t length) {
    write_target *target = (write_target *)png_get_io_ptr(png);
    if (length > target->capacity - target->size) {
        png_error(png, "the output buffer is too small for the encoded image");
    }
    memcpy(target->data + target->size, bytes, length);
    target->size += length;
}

static void on_flush(png_structp png) { (void)png; }

int cpng_write_gray(const void *samples, uint32_t width, uint32_t height, int bit_depth,
                    int zlib_level, int zlib_strategy, int filter,
                    unsigned char *out, size_t capacity, size_t *written,
                    char *message, size_t message_capacity) {
    write_target target = {out, 0, capacity, message, message_capacity};
    if (bit_depth != 8 && bit_depth != 16) {
        set_message(&target, "bit depth must be 8 or 16");
        return -1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &target, on_error, on_warning);
    if (png == NULL) {
        set_message(&target, "png_create_write_struct failed");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        set_message(&target, "png_create_info_struct failed");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_set_write_fn(png, &target, on_write, on_flush);
    png_set_IHDR(png, info, width, height, bit_depth, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (bit_depth == 16) png_set_gAMA_fixed(png, info, PNG_GAMMA_LINEAR);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
    png_set_compression_level(png, zlib_level);
    png_set_compression_strategy(png, zlib_strategy);
    png_set_compression_buffer_size(png, 65536);
    png_write_info(png, info);
    const uint16_t probe = 1;
    if (bit_depth == 16 && *(const unsigned char *)&probe == 1) png_set_swap(png);
    const size_t row_bytes = (size_t)width * (size_t)(bit_depth / 8);
    const unsigned char *rows = (const unsigned char *)samples;
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(rows + (size_t)y * row_bytes));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *written = target.size;
    return 0;
}

// Greyscale samples as PNG rows, each after a byte left for its filter type: 16-bit samples
// big-endian. `rows` holds height * (1 + width * bit_depth / 8) bytes.
static void pack_rows(const void *samples, uint32_t width, uint32_t height, int bit_depth, unsigned char *rows) {
    const size_t row_bytes = (size_t)width * (size_t)(bit_depth / 8), stride = row_bytes + 1;
    for (uint32_t y = 0; y < height; y++) {
        unsigned char *bytes = rows + (size_t)y * stride + 1;
        if (bit_depth == 16) {
            const uint16_t *in = (const uint16_t *)samples + (size_t)y * width;
            for (uint32_t x = 0; x < width; x++) {
                bytes[2 * x] = (unsigned char)(in[x] >> 8);
                bytes[2 * x + 1] = (unsigned char)in[x];
            }
        } else {
            memcpy(bytes, (const unsigned char *)samples + (size_t)y * width, row_bytes);
        }
    }
}

int cpng_write_gray_run_length(const void *samples, uint32_t width, uint32_t height, int bit_depth, int filter,
                               unsigned char *out, size_t capacity, size_t *written,
                               char *message, size_t message_capacity) {
    write_target target = {out, 0, capacity, message, message_capacity};
    if ((bit_depth != 8 && bit_depth != 16) || filter < 0 || filter > 2 || width == 0 || height == 0) {
        set_message(&target, "bit depth must be 8 or 16, filter none, sub or up, and the image not empty");
        return -1;
    }
    const size_t row_bytes = (size_t)width * (size_t)(bit_depth / 8), stride = row_bytes + 1;
    const size_t raw = (size_t)height * stride;
    const size_t bound = cpng_run_length_deflate_bound(raw);
    unsigned char *rows = malloc(raw);
    unsigned char *stream = malloc(bound);
    if (rows == NULL || stream == NULL) {
        free(rows);
        free(stream);
        set_message(&target, "out of memory");
        return -1;
    }
    // Rows unfiltered first; the up filter then runs from the last row to the first, so that each row
    // still sees the unfiltered row above it; sub from each row's end.
    pack_rows(samples, width, height, bit_depth, rows);
    const size_t bpp = (size_t)(bit_depth / 8);
    for (size_t y = height; y-- > 0;) {
        unsigned char *row = rows + y * stride;
        row[0] = (unsigned char)filter;
        if (filter == 2 && y > 0) {
            const unsigned char *above = row - stride;
            for (size_t x = 1; x <= row_bytes; x++) row[x] = (unsigned char)(row[x] - above[x]);
        } else if (filter == 1) {
            for (size_t x = row_bytes; x > bpp; x--) row[x] = (unsigned char)(row[x] - row[x - bpp]);
        }
    }
    size_t stream_size = 0;
    const int status = cpng_run_length_deflate(rows, raw, stream, bound, &stream_size);
    free(rows);
    if (status != 0) {
        free(stream);
        set_message(&target, status == -2 ? "out of memory" : "the image is too large for one stream or the deflate buffer too small");
        return -1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &target, on_error, on_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(stream);
        set_message(&target, "png_create_write_struct failed");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(stream);
        return -1;
    }
    // libpng writes the signature, IHDR (and gAMA), then the chunks given: one IDAT with the stream
    // above and IEND, each with its length and CRC.
    png_set_write_fn(png, &target, on_write, on_flush);
    png_set_IHDR(png, info, width, height, bit_depth, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (bit_depth == 16) png_set_gAMA_fixed(png, info, PNG_GAMMA_LINEAR);
    png_write_info(png, info);
    png_write_chunk(png, (png_const_bytep) "IDAT", stream, stream_size);
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    free(stream);
    *written = target.size;
    return 0;
}
