// The colour camera's last step in C (a loop the Swift compiler leaves scalar with a range check per
// sample): exposed linear samples to 8-bit sRGB codes with deterministic sensor noise.
#ifndef CCOLOR_ENCODE_H
#define CCOLOR_ENCODE_H
#include <stddef.h>
#include <stdint.h>

/// For each of `count` samples i of an image whose samples start at `linear - first_index` (and
/// `out - first_index`; interleaved RGB, sample j of channel j % 3): v = clamp(linear * scale[channel], 0, 1)
/// (`scale`: the exposure times each channel's white-balance gain); k = (int)(v * 8191); code = pairs[2k] (the 8-bit
/// sRGB code as a float) plus, when `noisy` is non-zero, pairs[2k + 1] * sqrt(12) * (u - 0.5) with
/// u = ((hash32(seed ^ (j / 3)) >> (10 * (j % 3))) & 1023) / 1023 for sample index j = first_index + i (one
/// hash a pixel, ten bits a channel); rounded half up and clamped to 0...255. hash32 is
/// the sensors' noise hash (CNoiseHash, lowbias32), so encoding an image piece by piece gives the bytes of
/// encoding it whole. `pairs` holds 8192 (code, sigma) pairs: one gather fetches four. Eight samples at a
/// time through SIMDe's AVX2 API, the same IEEE operations as the one-sample code, so any build gives the
/// same bytes.
void ccolor_encode_pairs_at(const float *linear, size_t count, uint32_t first_index, const float scale[3], const float *pairs,
                            int noisy, uint32_t seed, uint8_t *out);

/// The camera pipeline's sharpening of an 8-bit RGB image in place (an unsharp mask, as a phone's image
/// processor applies before JPEG): each sample of a pixel not on the border becomes
/// clamp(c + floor((d * amount + 512) / 1024)), d = 4c minus the same channel of its four neighbours
/// (all taken before sharpening); amount is the mask's strength times 256 (0: nothing). `scratch` holds
/// three rows (9 * width bytes). Integer arithmetic: the same bytes on every machine.
void ccolor_sharpen_rgb(uint8_t *rgb, intptr_t width, intptr_t height, int32_t amount, uint8_t *scratch);

#endif
