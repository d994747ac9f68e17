// The colour camera's last step in C (a loop the Swift compiler leaves scalar with a range check per
// sample): exposed linear samples to 8-bit sRGB codes with deterministic sensor noise.
#ifndef CCOLOR_ENCODE_H
#define CCOLOR_ENCODE_H
#include <stddef.h>
#include <stdint.h>

/// For each of `count` samples: v = clamp(linear * scale, 0, 1); k = (int)(v * 4095); code = table[k] (the
/// 8-bit sRGB code as a float)
/// plus, when `sigma` is not NULL, sigma[k] * sqrt(12) * (u - 0.5) with u = (hash32(seed ^ i) & 1023) / 1023;
/// rounded half up and clamped to 0...255. hash32 is the sensors' noise hash (CNoiseHash, lowbias32). Eight samples at a
/// time through SIMDe's AVX2 API, the same IEEE operations as the one-sample code, so any build gives the
/// same bytes.
void ccolor_encode(const float *linear, size_t count, float scale, const float *table, const float *sigma,
                   uint32_t seed, uint8_t *out);

/// ``ccolor_encode`` of samples `first_index ..< first_index + count` of an image whose samples start at
/// `linear - first_index` (and `out - first_index`): the noise of sample i is drawn from hash32(seed ^
/// (first_index + i)), so encoding an image piece by piece gives the bytes of encoding it whole.
void ccolor_encode_at(const float *linear, size_t count, uint32_t first_index, float scale, const float *table,
                      const float *sigma, uint32_t seed, uint8_t *out);

/// ``ccolor_encode_at`` with the two tables interleaved: `pairs` holds 4096 (code, sigma) pairs, and
/// `noisy` (non-zero) adds the noise. One gather of four pairs fetches what two gathers of eight single
/// values did; the arithmetic, and every byte, is the same.
void ccolor_encode_pairs_at(const float *linear, size_t count, uint32_t first_index, float scale, const float *pairs,
                            int noisy, uint32_t seed, uint8_t *out);

#endif
