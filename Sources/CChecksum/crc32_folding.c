// See include/CChecksum.h for why this exists.
#define _GNU_SOURCE  // RTLD_DEFAULT
#include "CChecksum.h"

#include <dlfcn.h>
#include <zlib.h>

// SIMDe (Debian's libsimde-dev), the project's portable vector layer: the same folding code runs as
// PCLMULQDQ on x86-64 built for a CPU that has it (make's release flags: -march=haswell on AVX2
// machines) and as PMULL on arm64 built with the crypto extension. Where neither is native, SIMDe would
// emulate the carry-less multiply bit by bit, slower than zlib, so those builds call zlib instead.
#include <simde/x86/clmul.h>
#include <simde/x86/sse4.1.h>
#if defined(SIMDE_X86_PCLMUL_NATIVE) && defined(SIMDE_X86_SSE4_1_NATIVE)
#define CAPTURE_SIM_CRC32_FOLDING 1
// Debian's SIMDe 0.7.4 defines the native x86 case of simde_mm_clmulepi64_si128 as itself, which
// leaves the bit-by-bit emulation in place (5x slower than zlib); call the instruction directly.
#undef simde_mm_clmulepi64_si128
#define simde_mm_clmulepi64_si128(a, b, imm8) _mm_clmulepi64_si128((a), (b), (imm8))
#elif defined(SIMDE_ARM_NEON_A64V8_NATIVE) && (defined(__ARM_FEATURE_CRYPTO) || defined(__ARM_FEATURE_AES))
#define CAPTURE_SIM_CRC32_FOLDING 1
#endif

#ifdef CAPTURE_SIM_CRC32_FOLDING
// Folds `length` bytes (at least 64, a multiple of 16) into the bit-reflected CRC state `crc` (the
// inverted CRC, as the folding algorithm takes it) and returns the new state.
static uint32_t fold(const unsigned char *bytes, size_t length, uint32_t crc) {
    // x^(4*128+64) mod P, x^(4*128) mod P; x^(128+64), x^128; x^64; and P with its Barrett constant,
    // all bit-reflected, for P = 0x104C11DB7.
    const simde__m128i k1k2 = simde_mm_set_epi64x(0x01c6e41596, 0x0154442bd4);
    const simde__m128i k3k4 = simde_mm_set_epi64x(0x00ccaa009e, 0x01751997d0);
    const simde__m128i k5k0 = simde_mm_set_epi64x(0, 0x0163cd6124);
    const simde__m128i poly = simde_mm_set_epi64x(0x01f7011641, 0x01db710641);

    simde__m128i x1 = simde_mm_loadu_si128((const simde__m128i *)(bytes + 0x00));
    simde__m128i x2 = simde_mm_loadu_si128((const simde__m128i *)(bytes + 0x10));
    simde__m128i x3 = simde_mm_loadu_si128((const simde__m128i *)(bytes + 0x20));
    simde__m128i x4 = simde_mm_loadu_si128((const simde__m128i *)(bytes + 0x30));
    x1 = simde_mm_xor_si128(x1, simde_mm_cvtsi32_si128((int)crc));
    bytes += 64;
    length -= 64;

    // Four lanes of 16 bytes folded 64 bytes ahead at a time.
    while (length >= 64) {
        simde__m128i x5 = simde_mm_clmulepi64_si128(x1, k1k2, 0x00);
        simde__m128i x6 = simde_mm_clmulepi64_si128(x2, k1k2, 0x00);
        simde__m128i x7 = simde_mm_clmulepi64_si128(x3, k1k2, 0x00);
        simde__m128i x8 = simde_mm_clmulepi64_si128(x4, k1k2, 0x00);
        x1 = simde_mm_clmulepi64_si128(x1, k1k2, 0x11);
        x2 = simde_mm_clmulepi64_si128(x2, k1k2, 0x11);
        x3 = simde_mm_clmulepi64_si128(x3, k1k2, 0x11);
        x4 = simde_mm_clmulepi64_si128(x4, k1k2, 0x11);
        x1 = simde_mm_xor_si128(simde_mm_xor_si128(x1, x5), simde_mm_loadu_si128((const simde__m128i *)(bytes + 0x00)));
        x2 = simde_mm_xor_si128(simde_mm_xor_si128(x2, x6), simde_mm_loadu_si128((const simde__m128i *)(bytes + 0x10)));
        x3 = simde_mm_xor_si128(simde_mm_xor_si128(x3, x7), simde_mm_loadu_si128((const simde__m128i *)(bytes + 0x20)));
        x4 = simde_mm_xor_si128(simde_mm_xor_si128(x4, x8), simde_mm_loadu_si128((const simde__m128i *)(bytes + 0x30)));
        bytes += 64;
        length -= 64;
    }

    // The four lanes into one.
    simde__m128i x5 = simde_mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = simde_mm_xor_si128(simde_mm_xor_si128(simde_mm_clmulepi64_si128(x1, k3k4, 0x11), x2), x5);
    x5 = simde_mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = simde_mm_xor_si128(simde_mm_xor_si128(simde_mm_clmulepi64_si128(x1, k3k4, 0x11), x3), x5);
    x5 = simde_mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = simde_mm_xor_si128(simde_mm_xor_si128(simde_mm_clmulepi64_si128(x1, k3k4, 0x11), x4), x5);

    // Remaining blocks of 16.
    while (length >= 16) {
        x5 = simde_mm_clmulepi64_si128(x1, k3k4, 0x00);
        x1 = simde_mm_xor_si128(simde_mm_xor_si128(simde_mm_clmulepi64_si128(x1, k3k4, 0x11),
                                         simde_mm_loadu_si128((const simde__m128i *)bytes)), x5);
        bytes += 16;
        length -= 16;
    }

    // 128 bits to 64.
    const simde__m128i low32 = simde_mm_setr_epi32(~0, 0, ~0, 0);
    x2 = simde_mm_clmulepi64_si128(x1, k3k4, 0x10);
    x1 = simde_mm_xor_si128(simde_mm_srli_si128(x1, 8), x2);
    x2 = simde_mm_srli_si128(x1, 4);
    x1 = simde_mm_and_si128(x1, low32);
    x1 = simde_mm_xor_si128(simde_mm_clmulepi64_si128(x1, k5k0, 0x00), x2);

    // Barrett reduction to 32 bits.
    x2 = simde_mm_and_si128(x1, low32);
    x2 = simde_mm_clmulepi64_si128(x2, poly, 0x10);
    x2 = simde_mm_and_si128(x2, low32);
    x2 = simde_mm_clmulepi64_si128(x2, poly, 0x00);
    x1 = simde_mm_xor_si128(x1, x2);
    return (uint32_t)simde_mm_extract_epi32(x1, 1);
}
#endif

int capture_sim_crc32_folds(void) {
#ifdef CAPTURE_SIM_CRC32_FOLDING
    return 1;
#else
    return 0;
#endif
}

uint32_t capture_sim_crc32(uint32_t crc, const unsigned char *bytes, size_t length) {
#ifdef CAPTURE_SIM_CRC32_FOLDING
    if (length >= 64) {
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
