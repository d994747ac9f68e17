// CRC-32 (the zip and PNG checksum, zlib's crc32) by carry-less multiplication folding, written once
// with SIMDe (the project's portable vector layer): PCLMULQDQ on x86-64, PMULL on arm64; zlib's crc32_z
// in builds whose target CPU has neither.
//
// Why this exists: Debian's zlib 1.2.13 computes CRC-32 at about 2 GB/s on this project's machine,
// and a 10-minute scan checksums its 5.3 GB allDepthFrames.bin while recording; folding 64 bytes at a
// time (Intel's "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ", the constants zlib's
// own SIMD variants use) runs several times faster. Which path a build takes is fixed when it is
// compiled (SIMDe selects native instructions from the target CPU: make's release flags give x86-64
// -march=haswell where the CPU has AVX2); `capture_sim_crc32_folds` says which.
#ifndef CCHECKSUM_H
#define CCHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/// The CRC-32 of `length` bytes continuing `crc` (0 to start): the same value as zlib's
/// `crc32_z(crc, bytes, length)`.
uint32_t capture_sim_crc32(uint32_t crc, const unsigned char *bytes, size_t length);

/// 1 when this build of `capture_sim_crc32` folds (PCLMULQDQ or PMULL), 0 when it calls zlib.
int capture_sim_crc32_folds(void);

/// 1 when the process's `crc32` (what libzip and libpng call) is this module's, which the capture-sim
/// executable exports in place of zlib's; 0 when it is zlib's.
int capture_sim_crc32_exported(void);

#endif
