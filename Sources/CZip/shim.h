// Exposes libzip (Debian libzip-dev) to Swift; CaptureBundle's ZipArchive wraps the calls it needs.
#include <zip.h>
