// See include/noise_hash.h: the scalar hash as a linked function (SwiftPM also needs one source file).
#include "noise_hash.h"

uint32_t cnoise_hash32(uint32_t x) { return cnoise_hash32_inline(x); }
