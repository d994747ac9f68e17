// Exposes libjpeg-turbo's TurboJPEG API (Debian libturbojpeg0-dev) to Swift, for the raw package's
// rgb/*.jpg (encoding) and their check in `inspect` (decoding).
#include <turbojpeg.h>
