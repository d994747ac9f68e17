// See include/CChecksum.h for why this exists.
#define _GNU_SOURCE  // RTLD_DEFAULT
#include "CChecksum.h"

#include <dlfcn.h>
#include <zlib.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define CAPTURE_SIM_CRC32_FOLDING 1

// Folds `length` bytes (at least 64, a multiple of 16) into the bit-reflected CRC state `crc` (the
// inverted CRC, as the folding algorithm takes it) and returns the new state.
__attribute__((target("pclmul,sse4.1")))
static uint32_t fold(const unsigned char *bytes, size_t length, uint32_t crc) {
    // x^(4*128+64) mod P, x^(4*128) mod P; x^(128+64), x^128; x^64; and P with its Barrett constant,
    // all bit-reflected, for P = 0x104C11DB7.
    const __m128i k1k2 = _mm_set_epi64x(0x01c6e41596, 0x0154442bd4);
    const __m128i k3k4 = _mm_set_epi64x(0x00ccaa009e, 0x01751997d0);
    const __m128i k5k0 = _mm_set_epi64x(0, 0x0163cd6124);
    const __m128i poly = _mm_set_epi64x(0x01f7011641, 0x01db710641);

    __m128i x1 = _mm_loadu_si128((const __m128i *)(bytes + 0x00));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(bytes + 0x10));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(bytes + 0x20));
    __m128i x4 = _mm_loadu_si128((const __m128i *)(bytes + 0x30));
    x1 = _mm_xor_si128(x1, _mm_cvtsi32_si128((int)crc));
    bytes += 64;
    length -= 64;

    // Four lanes of 16 bytes folded 64 bytes ahead at a time.
    while (length >= 64) {
        __m128i x5 = _mm_clmulepi64_si128(x1, k1k2, 0x00);
        __m128i x6 = _mm_clmulepi64_si128(x2, k1k2, 0x00);
        __m128i x7 = _mm_clmulepi64_si128(x3, k1k2, 0x00);
        __m128i x8 = _mm_clmulepi64_si128(x4, k1k2, 0x00);
        x1 = _mm_clmulepi64_si128(x1, k1k2, 0x11);
        x2 = _mm_clmulepi64_si128(x2, k1k2, 0x11);
        x3 = _mm_clmulepi64_si128(x3, k1k2, 0x11);
        x4 = _mm_clmulepi64_si128(x4, k1k2, 0x11);
        x1 = _mm_xor_si128(_mm_xor_si128(x1, x5), _mm_loadu_si128((const __m128i *)(bytes + 0x00)));
        x2 = _mm_xor_si128(_mm_xor_si128(x2, x6), _mm_loadu_si128((const __m128i *)(bytes + 0x10)));
        x3 = _mm_xor_si128(_mm_xor_si128(x3, x7), _mm_loadu_si128((const __m128i *)(bytes + 0x20)));
        x4 = _mm_xor_si128(_mm_xor_si128(x4, x8), _mm_loadu_si128((const __m128i *)(bytes + 0x30)));
        bytes += 64;
        length -= 64;
    }

    // The four lanes into one.
    __m128i x5 = _mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11), x2), x5);
    x5 = _mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11), x3), x5);
    x5 = _mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11), x4), x5);

    // Remaining blocks of 16.
    while (length >= 16) {
        x5 = _mm_clmulepi64_si128(x1, k3k4, 0x00);
        x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11),
                                         _mm_loadu_si128((const __m128i *)bytes)), x5);
        bytes += 16;
        length -= 16;
    }

    // 128 bits to 64.
    const __m128i low32 = _mm_setr_epi32(~0, 0, ~0, 0);
    x2 = _mm_clmulepi64_si128(x1, k3k4, 0x10);
    x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), x2);
    x2 = _mm_srli_si128(x1, 4);
    x1 = _mm_and_si128(x1, low32);
    x1 = _mm_xor_si128(_mm_clmulepi64_si128(x1, k5k0, 0x00), x2);

    // Barrett reduction to 32 bits.
    x2 = _mm_and_si128(x1, low32);
    x2 = _mm_clmulepi64_si128(x2, poly, 0x10);
    x2 = _mm_and_si128(x2, low32);
    x2 = _mm_clmulepi64_si128(x2, poly, 0x00);
    x1 = _mm_xor_si128(x1, x2);
    return (uint32_t)_mm_extract_epi32(x1, 1);
}
#endif

int capture_sim_crc32_folds(void) {
#ifdef CAPTURE_SIM_CRC32_FOLDING
    return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
#else
    return 0;
#endif
}

uint32_t capture_sim_crc32(uint32_t crc, const unsigned char *bytes, size_t length) {
#ifdef CAPTURE_SIM_CRC32_FOLDING
    static int folds = -1;
    if (folds < 0) folds = capture_sim_crc32_folds();
    if (folds && length >= 64) {
        const size_t whole = length & ~(size_t)15;
        crc = ~fold(bytes, whole, ~crc);
        bytes += whole;
        length -= whole;
    }
#endif
    return length == 0 ? crc : (uint32_t)crc32_z(crc, bytes, length);
}

// zlib's crc32(), with zlib's contract (Z_NULL gives the initial value 0), by the folding above.
//
// Why it is here: libzip checksums every byte it stores (a 10-minute scan's 5.3 GB depth file) and
// libpng every PNG chunk, both by calling zlib's crc32(). The capture-sim executable exports this
// definition (Package.swift: --export-dynamic-symbol=crc32), so the dynamic linker binds those calls
// to it instead of to libz's: the same values, four times faster. Builds that do not export it (the
// test bundle) simply keep zlib's. capture_sim_crc32's own fallback calls zlib's crc32_z, a different
// symbol, so the two never call each other.
uLong crc32(uLong crc, const Bytef *buf, uInt len) {
    if (buf == Z_NULL) return 0;
    return capture_sim_crc32((uint32_t)crc, buf, len);
}

int capture_sim_crc32_exported(void) {
    return dlsym(RTLD_DEFAULT, "crc32") == (void *)crc32;
}
