import CVideo

/// What `video.mp4` holds, read back by decoding every frame through libavformat and libavcodec: the
/// check of `inspect`.
///
/// The FFmpeg calls it wraps: `avformat_open_input`, `avformat_find_stream_info`, `av_find_best_stream`,
/// `avcodec_alloc_context3`, `avcodec_parameters_to_context`, `avcodec_open2`, `av_read_frame`,
/// `avcodec_send_packet`, `avcodec_receive_frame`, and the matching frees.
public struct VideoFileSummary: Sendable {
    /// The decoder's codec name (e.g. "h264").
    public var codecName: String
    /// Frame size, pixels.
    public var width: Int, height: Int
    /// Presentation times of the decoded frames, seconds from the video's start, in decoding order.
    public var frameTimes: [Double]
    /// The video stream's duration, seconds (the MP4 track's).
    public var durationSeconds: Double
    /// Frames decoded.
    public var frameCount: Int { frameTimes.count }

    /// Decodes every frame of a video file, read as MP4 (libavformat's `mov,mp4` demuxer only: no
    /// probing for other formats, whose demuxers may open further files).
    public static func read(path: String) throws(LibraryCallError) -> VideoFileSummary {
        var format: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_open_input(&format, path, av_find_input_format("mp4"), nil)
        guard status >= 0, let opened = format else { throw LibraryCallError.ffmpeg(path, "avformat_open_input", code: status) }
        defer { avformat_close_input(&format) }
        return try decode(opened, name: path)
    }

    /// Decodes every frame of a zip entry's MP4 video, inflated as it is read through a custom I/O
    /// context (``ZipEntryVideoInput``): no temporary file, and at most `inflationLimitBytes` inflated
    /// in all (re-reads after backward seeks included). Errors name the zip and the entry.
    public static func read(zip: ZipReader, entry index: Int, inflationLimitBytes: UInt64) throws(LibraryCallError) -> VideoFileSummary {
        let name = zip.path + ": " + zip.entries[index].name
        let input = try ZipEntryVideoInput(reader: zip, index: index, inflationLimitBytes: inflationLimitBytes)
        guard let format = avformat_alloc_context() else {
            throw LibraryCallError.ffmpeg(name, call: "avformat_alloc_context", message: "out of memory")
        }
        format.pointee.pb = input.context
        format.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        var opening: UnsafeMutablePointer<AVFormatContext>? = format
        let status = avformat_open_input(&opening, nil, av_find_input_format("mp4"), nil)
        // On failure avformat_open_input has freed the context already.
        guard status >= 0, let opened = opening else {
            throw input.failure ?? LibraryCallError.ffmpeg(name, "avformat_open_input", code: status)
        }
        // The input lives until the demuxer is closed (its callbacks hold it unretained).
        defer { withExtendedLifetime(input) { avformat_close_input(&opening) } }
        do throws(LibraryCallError) { return try decode(opened, name: name) }
        catch { throw input.failure ?? error }
    }

    /// Decodes every frame of an opened input; `path` names it in errors.
    private static func decode(_ opened: UnsafeMutablePointer<AVFormatContext>, name path: String) throws(LibraryCallError) -> VideoFileSummary {
        var status = avformat_find_stream_info(opened, nil)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avformat_find_stream_info", code: status) }
        let index = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = opened.pointee.streams[Int(index)] else {
            throw LibraryCallError.ffmpeg(path, message: "no video stream")
        }
        guard let decoder = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id) else {
            throw LibraryCallError.ffmpeg(path, message: "no decoder for the video stream's codec")
        }
        var codec = avcodec_alloc_context3(decoder)
        guard let context = codec else { throw LibraryCallError.ffmpeg(path, call: "avcodec_alloc_context3", message: "failed") }
        defer { avcodec_free_context(&codec) }
        status = avcodec_parameters_to_context(context, stream.pointee.codecpar)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_parameters_to_context", code: status) }
        context.pointee.thread_count = 2
        status = avcodec_open2(context, decoder, nil)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_open2", code: status) }
        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        defer { av_packet_free(&packet); av_frame_free(&frame) }
        guard let packet, let frame else { throw LibraryCallError.ffmpeg(path, message: "out of memory") }
        let timeBase = stream.pointee.time_base
        let seconds = Double(timeBase.num) / Double(timeBase.den)
        let start = stream.pointee.start_time == cvideo_no_pts() ? 0 : stream.pointee.start_time
        var times: [Double] = []
        func receive() throws(LibraryCallError) {
            while true {
                let got = avcodec_receive_frame(context, frame)
                if got == cvideo_error_again() || got == cvideo_error_eof() { return }
                guard got >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_receive_frame", code: got) }
                let pts = frame.pointee.best_effort_timestamp
                times.append(pts == cvideo_no_pts() ? .nan : Double(pts - start) * seconds)
                av_frame_unref(frame)
            }
        }
        while av_read_frame(opened, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            status = avcodec_send_packet(context, packet)
            guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_send_packet", code: status) }
            try receive()
        }
        status = avcodec_send_packet(context, nil)
        guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_send_packet (flush)", code: status) }
        try receive()
        let duration = stream.pointee.duration == cvideo_no_pts() ? 0 : Double(stream.pointee.duration) * seconds
        return VideoFileSummary(codecName: String(cString: decoder.pointee.name),
                                width: Int(context.pointee.width), height: Int(context.pointee.height),
                                frameTimes: times, durationSeconds: duration)
    }
}
