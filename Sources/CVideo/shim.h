// Exposes FFmpeg's libavformat, libavcodec and libavutil (Debian libavformat-dev, libavcodec-dev,
// libavutil-dev) to Swift, for writing video.mp4 (H.264 in MP4) and decoding it back in `inspect`.
// The few values FFmpeg defines as function-like macros, which Swift cannot import, are given here as
// inline functions.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/opt.h>
#include <libavutil/error.h>
#include <errno.h>

/// AVERROR(EAGAIN): the encoder or decoder wants more input (or output read) first.
static inline int cvideo_error_again(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: the stream is finished.
static inline int cvideo_error_eof(void) { return AVERROR_EOF; }
/// AV_NOPTS_VALUE: no timestamp.
static inline int64_t cvideo_no_pts(void) { return AV_NOPTS_VALUE; }
