import CVideo

/// Writes `video.mp4`: H.264 (Debian's libx264 through libavcodec) in an MP4 container (libavformat),
/// one video frame per ``append(rgb:width:height:time:)``, each with the presentation time of its camera frame.
///
/// The FFmpeg calls it wraps: `avformat_alloc_output_context2` (format "mp4"), `avcodec_find_encoder_by_name`
/// ("libx264"), `avcodec_alloc_context3`, `av_opt_set` (x264's preset, tune and crf), `avcodec_open2`,
/// `avformat_new_stream`, `avcodec_parameters_from_context`, `avio_open`, `avformat_write_header`,
/// `av_frame_alloc`, `av_frame_get_buffer`, `av_frame_make_writable`, `avcodec_send_frame`,
/// `avcodec_receive_packet`, `av_packet_rescale_ts`, `av_interleaved_write_frame`, `av_write_trailer`,
/// `avio_closep` and the matching frees.
///
/// Byte-identical reruns: one encoder thread (x264's output depends on its thread count), no B-frames,
/// and libavformat's and libavcodec's bit-exact flags (no library version strings, no creation time in
/// the MP4 header). Timestamps are in 1/90,000 s, exact for camera times that are multiples of 1/60,
/// 1/50, 1/30, 1/25 or 1/24 s.
public final class VideoEncoder {
    /// The file being written.
    public let path: String
    /// Image size, pixels.
    public let width: Int, height: Int
    /// Frames written so far.
    public private(set) var frameCount = 0
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let frameTicks: Int64
    private var firstTime: Double?
    private var lastPts: Int64 = -1
    /// Timestamp units per second.
    public static let timeScale: Int32 = 90_000
    /// x264's speed preset: "ultrafast" (the fastest; the other presets spend 2-10x the CPU time for a
    /// smaller file at the same quality).
    public static let preset = "ultrafast"

    /// Opens the file and the encoder: `width` x `height` (even) at `frameRateHz` nominal frames per
    /// second, x264 constant rate factor `crf` (0...51).
    public init(path: String, width: Int, height: Int, frameRateHz: Double, crf: Int) throws(LibraryCallError) {
        self.path = path
        self.width = width
        self.height = height
        frameTicks = Int64((Double(Self.timeScale) / frameRateHz).rounded())
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else {
            throw LibraryCallError.ffmpeg(path, message: "the video size must be even, got \(width)x\(height)")
        }
        do throws(LibraryCallError) {
            try open(frameRateHz: frameRateHz, crf: crf)
        } catch {
            release()
            throw error
        }
    }

    private func open(frameRateHz: Double, crf: Int) throws(LibraryCallError) {
        // Errors only: x264's statistics would otherwise go to standard error at the end of each video.
        av_log_set_level(AV_LOG_ERROR)
        var format: UnsafeMutablePointer<AVFormatContext>?
        var status = avformat_alloc_output_context2(&format, nil, "mp4", path)
        guard status >= 0, let format else { throw LibraryCallError.ffmpeg(path, "avformat_alloc_output_context2", code: status) }
        self.format = format
        format.pointee.flags |= AVFMT_FLAG_BITEXACT
        guard let encoder = avcodec_find_encoder_by_name("libx264") ?? avcodec_find_encoder(AV_CODEC_ID_H264) else {
            throw LibraryCallError.ffmpeg(path, message: "this FFmpeg has no H.264 encoder (Debian's libavcodec has libx264)")
        }
        guard let codec = avcodec_alloc_context3(encoder) else { throw LibraryCallError.ffmpeg(path, call: "avcodec_alloc_context3", message: "failed") }
        self.codec = codec
        codec.pointee.width = Int32(width)
        codec.pointee.height = Int32(height)
        codec.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        codec.pointee.time_base = AVRational(num: 1, den: Self.timeScale)
        codec.pointee.framerate = AVRational(num: Int32((frameRateHz * 1000).rounded()), den: 1000)
        codec.pointee.gop_size = Int32(max(1, (frameRateHz * 2).rounded()))
        codec.pointee.max_b_frames = 0
        codec.pointee.thread_count = 1
        codec.pointee.color_range = AVCOL_RANGE_MPEG
        codec.pointee.colorspace = AVCOL_SPC_SMPTE170M
        codec.pointee.color_primaries = AVCOL_PRI_SMPTE170M
        codec.pointee.color_trc = AVCOL_TRC_SMPTE170M
        codec.pointee.flags |= Int32(AV_CODEC_FLAG_BITEXACT)
        if (format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            codec.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        if String(cString: encoder.pointee.name) == "libx264" {
            _ = av_opt_set(codec.pointee.priv_data, "preset", Self.preset, 0)
            _ = av_opt_set(codec.pointee.priv_data, "crf", String(crf), 0)
            // One thread, no sliced threads, no lookahead thread: the output does not depend on timing.
            _ = av_opt_set(codec.pointee.priv_data, "x264-params", "threads=1:lookahead-threads=1:sliced-threads=0", 0)
        }
        status = avcodec_open2(codec, encoder, nil)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_open2 (\(String(cString: encoder.pointee.name)))", code: status) }
        guard let stream = avformat_new_stream(format, nil) else { throw LibraryCallError.ffmpeg(path, call: "avformat_new_stream", message: "failed") }
        self.stream = stream
        stream.pointee.time_base = codec.pointee.time_base
        status = avcodec_parameters_from_context(stream.pointee.codecpar, codec)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_parameters_from_context", code: status) }
        status = avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avio_open", code: status) }
        status = avformat_write_header(format, nil)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avformat_write_header", code: status) }
        guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else { throw LibraryCallError.ffmpeg(path, message: "out of memory") }
        self.frame = frame
        self.packet = packet
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        status = av_frame_get_buffer(frame, 0)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "av_frame_get_buffer", code: status) }
    }

    /// Encodes one RGB image (`imageWidth * imageHeight * 3` bytes, row-major) shown at `time` (seconds on
    /// the session clock; the video starts at the first image's time). Times must increase.
    public func append(rgb: [UInt8], width imageWidth: Int, height imageHeight: Int, time: Double) throws(LibraryCallError) {
        guard let codec, let frame else { throw LibraryCallError.ffmpeg(path, message: "the video is not open") }
        guard imageWidth == width, imageHeight == height, rgb.count == width * height * 3 else {
            throw LibraryCallError.ffmpeg(path, message: "image is \(imageWidth)x\(imageHeight), the video \(width)x\(height)")
        }
        let first = firstTime ?? time
        firstTime = first
        let pts = Int64(((time - first) * Double(Self.timeScale)).rounded())
        guard pts > lastPts else { throw LibraryCallError.ffmpeg(path, message: "frame time \(time) s is not after the previous frame's") }
        lastPts = pts
        var status = av_frame_make_writable(frame)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "av_frame_make_writable", code: status) }
        rgb.withUnsafeBufferPointer { rgb in
            YUVConversion.rgbToYUV420(rgb.baseAddress!, width: width, height: height,
                                      y: frame.pointee.data.0!, yStride: Int(frame.pointee.linesize.0),
                                      u: frame.pointee.data.1!, uStride: Int(frame.pointee.linesize.1),
                                      v: frame.pointee.data.2!, vStride: Int(frame.pointee.linesize.2))
        }
        frame.pointee.pts = pts
        status = avcodec_send_frame(codec, frame)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_send_frame", code: status) }
        try drain()
        frameCount += 1
    }

    /// Writes the packets the encoder has ready.
    private func drain() throws(LibraryCallError) {
        guard let codec, let packet, let format, let stream else { return }
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == cvideo_error_again() || status == cvideo_error_eof() { return }
            guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_receive_packet", code: status) }
            packet.pointee.stream_index = stream.pointee.index
            packet.pointee.duration = frameTicks
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            let written = av_interleaved_write_frame(format, packet)
            guard written >= 0 else { throw LibraryCallError.ffmpeg(path, "av_interleaved_write_frame", code: written) }
        }
    }

    /// Flushes the encoder, writes the MP4 index (`av_write_trailer`) and closes the file.
    public func finish() throws(LibraryCallError) {
        defer { release() }
        guard let codec, let format else { throw LibraryCallError.ffmpeg(path, message: "the video is not open") }
        var status = avcodec_send_frame(codec, nil)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_send_frame (flush)", code: status) }
        try drain()
        status = av_write_trailer(format)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "av_write_trailer", code: status) }
        status = avio_closep(&format.pointee.pb)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avio_closep", code: status) }
    }

    /// Closes everything without finishing the file (the caller removes it).
    public func cancel() { release() }

    private func release() {
        if let format, format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
        if codec != nil { avcodec_free_context(&codec) }
        if let format { avformat_free_context(format) }
        format = nil
        stream = nil
    }

    deinit { release() }
}
