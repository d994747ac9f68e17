// A deflate encoder for filtered PNG rows (see run_length_deflate.c for why it exists).
#ifndef CPNGWRITE_RUN_LENGTH_DEFLATE_H
#define CPNGWRITE_RUN_LENGTH_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/// The most bytes `cpng_run_length_deflate` writes for `n` input bytes.
size_t cpng_run_length_deflate_bound(size_t n);

/// Compresses `n` bytes into a zlib stream (RFC 1950) holding one deflate block (RFC 1951) of
/// literals and runs of the previous byte (distance 1) under dynamic Huffman codes, or stored blocks
/// when those are smaller. Returns 0 and sets `*written`; -1 when `capacity` is below the bound or `n`
/// is 4 GiB or more, -2 when memory runs out.
int cpng_run_length_deflate(const unsigned char *data, size_t n, unsigned char *out, size_t capacity, size_t *written);

#endif
