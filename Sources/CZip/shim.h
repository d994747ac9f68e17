// Exposes libzip (Debian libzip-dev) and zlib's CRC-32 (the checksum zip entries carry; zlib1g-dev comes with libzip-dev) to Swift.
#include <zip.h>
#include <zlib.h>
