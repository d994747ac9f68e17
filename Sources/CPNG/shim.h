// Exposes libpng (Debian libpng-dev) to Swift; CaptureBundle's PNGCodec wraps its simplified png_image API.
#include <png.h>
