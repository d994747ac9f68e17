import CVideo

/// Decodes an MP4 video's pictures one at a time, in order, through libavformat and libavcodec: from a
/// file, or from a zip entry inflated as it is read (``ZipEntryVideoInput``: no temporary file, bounded
/// inflation). `inspect` counts and times the pictures (``VideoFileSummary``); `export` turns their
/// 8-bit 4:2:0 planes into images.
///
/// Only libavformat's `mov,mp4` demuxer reads the input (no probing for other formats, whose demuxers
/// may open further files). The FFmpeg calls it wraps: `avformat_alloc_context`, `avformat_open_input`,
/// `avformat_find_stream_info`, `av_find_best_stream`, `avcodec_find_decoder`, `avcodec_alloc_context3`,
/// `avcodec_parameters_to_context`, `avcodec_open2`, `av_read_frame`, `avcodec_send_packet`,
/// `avcodec_receive_frame`, and the matching frees.
public final class VideoFrameDecoder {
    /// One decoded picture: Y, Cb and Cr planes (4:2:0, limited range as H.264 carries them), tightly packed.
    public struct Picture: Sendable {
        /// The picture's index in decoding order, from 0.
        public var index: Int
        /// Presentation time, seconds from the video's start (NaN without a timestamp).
        public var time: Double
        public var width: Int, height: Int
        /// `width * height` luma samples (empty when not copied).
        public var luma: [UInt8]
        /// `((width + 1) / 2) * ((height + 1) / 2)` samples each (empty when not copied).
        public var blueDifference: [UInt8], redDifference: [UInt8]
    }

    /// The decoder's codec name (e.g. "h264").
    public let codecName: String
    /// The stream's picture size, pixels.
    public let width: Int, height: Int
    /// The video stream's duration, seconds (the MP4 track's; 0 when not given).
    public let durationSeconds: Double

    /// What errors name: the path, or `zip: entry`.
    private let name: String
    /// The zip entry's input, kept alive while the demuxer uses it (its callbacks hold it unretained).
    private let input: ZipEntryVideoInput?
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let streamIndex: Int32
    private let secondsPerTick: Double
    private let startTick: Int64
    private var decoded = 0
    private var flushed = false

    /// Opens a video file.
    public convenience init(path: String) throws(LibraryCallError) {
        var format: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_open_input(&format, path, av_find_input_format("mp4"), nil)
        guard status >= 0, let opened = format else { throw LibraryCallError.ffmpeg(path, "avformat_open_input", code: status) }
        try self.init(opened: opened, name: path, input: nil)
    }

    /// Opens a zip entry's video, inflated as it is read: at most `inflationLimitBytes` in all (re-reads
    /// after backward seeks included). Errors name the zip and the entry.
    public convenience init(zip: ZipReader, entry index: Int, inflationLimitBytes: UInt64) throws(LibraryCallError) {
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
        try self.init(opened: opened, name: name, input: input)
    }

    /// Takes an opened demuxer (closing it on failure) and opens its best video stream's decoder.
    private init(opened: UnsafeMutablePointer<AVFormatContext>, name: String, input: ZipEntryVideoInput?) throws(LibraryCallError) {
        format = opened
        self.name = name
        self.input = input
        func fail(_ error: LibraryCallError) -> LibraryCallError { input?.failure ?? error }
        var status = avformat_find_stream_info(opened, nil)
        guard status >= 0 else { Self.release(&format, &codec, &packet, &frame); throw fail(.ffmpeg(name, "avformat_find_stream_info", code: status)) }
        let index = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = opened.pointee.streams[Int(index)],
              let decoder = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id) else {
            Self.release(&format, &codec, &packet, &frame)
            throw fail(.ffmpeg(name, message: index < 0 ? "no video stream" : "no decoder for the video stream's codec"))
        }
        streamIndex = index
        let timeBase = stream.pointee.time_base
        secondsPerTick = Double(timeBase.num) / Double(timeBase.den)
        startTick = stream.pointee.start_time == cvideo_no_pts() ? 0 : stream.pointee.start_time
        durationSeconds = stream.pointee.duration == cvideo_no_pts() ? 0 : Double(stream.pointee.duration) * secondsPerTick
        codecName = String(cString: decoder.pointee.name)
        codec = avcodec_alloc_context3(decoder)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard let context = codec, packet != nil, frame != nil else {
            Self.release(&format, &codec, &packet, &frame)
            throw LibraryCallError.ffmpeg(name, call: "avcodec_alloc_context3", message: "out of memory")
        }
        status = avcodec_parameters_to_context(context, stream.pointee.codecpar)
        guard status >= 0 else { Self.release(&format, &codec, &packet, &frame); throw fail(.ffmpeg(name, "avcodec_parameters_to_context", code: status)) }
        context.pointee.thread_count = 2
        status = avcodec_open2(context, decoder, nil)
        guard status >= 0 else { Self.release(&format, &codec, &packet, &frame); throw fail(.ffmpeg(name, "avcodec_open2", code: status)) }
        width = Int(context.pointee.width)
        height = Int(context.pointee.height)
    }

    deinit { Self.release(&format, &codec, &packet, &frame) }

    private static func release(_ format: inout UnsafeMutablePointer<AVFormatContext>?, _ codec: inout UnsafeMutablePointer<AVCodecContext>?,
                                _ packet: inout UnsafeMutablePointer<AVPacket>?, _ frame: inout UnsafeMutablePointer<AVFrame>?) {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// The index the next picture ``next(copy:)`` gives will have.
    public var nextIndex: Int { decoded }

    /// The next picture in decoding order, nil after the last. With `copy` false the picture is decoded
    /// (as the next ones need) but its planes are not copied out (empty).
    public func next(copy: Bool = true) throws(LibraryCallError) -> Picture? {
        guard let format, let codec, let packet, let frame else { return nil }
        func fail(_ error: LibraryCallError) -> LibraryCallError { input?.failure ?? error }
        while true {
            let got = avcodec_receive_frame(codec, frame)
            if got >= 0 {
                defer { av_frame_unref(frame); decoded += 1 }
                return try picture(frame, copy: copy)
            }
            if got == cvideo_error_eof() { return nil }
            guard got == cvideo_error_again() else { throw fail(.ffmpeg(name, "avcodec_receive_frame", code: got)) }
            if flushed { return nil }
            // Feed the next packet of the stream, or flush the decoder at the input's end.
            var fed = false
            while !fed {
                if av_read_frame(format, packet) < 0 {
                    if let failure = input?.failure { throw failure }
                    let status = avcodec_send_packet(codec, nil)
                    guard status >= 0 else { throw fail(.ffmpeg(name, "avcodec_send_packet (flush)", code: status)) }
                    flushed = true
                    fed = true
                } else {
                    defer { av_packet_unref(packet) }
                    guard packet.pointee.stream_index == streamIndex else { continue }
                    let status = avcodec_send_packet(codec, packet)
                    guard status >= 0 else { throw fail(.ffmpeg(name, "avcodec_send_packet", code: status)) }
                    fed = true
                }
            }
        }
    }

    private func picture(_ frame: UnsafeMutablePointer<AVFrame>, copy: Bool) throws(LibraryCallError) -> Picture {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        let pts = frame.pointee.best_effort_timestamp
        let time = pts == cvideo_no_pts() ? .nan : Double(pts - startTick) * secondsPerTick
        guard copy else { return Picture(index: decoded, time: time, width: width, height: height, luma: [], blueDifference: [], redDifference: []) }
        guard frame.pointee.format == AV_PIX_FMT_YUV420P.rawValue else {
            throw LibraryCallError.ffmpeg(name, message: "picture \(decoded) is not 8-bit 4:2:0 (pixel format \(frame.pointee.format))")
        }
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        return Picture(index: decoded, time: time, width: width, height: height,
                       luma: Self.plane(frame, 0, width: width, height: height),
                       blueDifference: Self.plane(frame, 1, width: chromaWidth, height: chromaHeight),
                       redDifference: Self.plane(frame, 2, width: chromaWidth, height: chromaHeight))
    }

    /// Plane `p` of a decoded frame copied without its row padding.
    private static func plane(_ frame: UnsafeMutablePointer<AVFrame>, _ p: Int, width: Int, height: Int) -> [UInt8] {
        let stride = withUnsafeBytes(of: frame.pointee.linesize) { $0.load(fromByteOffset: p * 4, as: Int32.self) }
        let base = withUnsafeBytes(of: frame.pointee.data) { $0.load(fromByteOffset: p * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride,
                                                                     as: UnsafeMutablePointer<UInt8>?.self) }
        guard let base else { return [UInt8](repeating: 128, count: width * height) }
        var out = [UInt8](repeating: 0, count: width * height)
        out.withUnsafeMutableBufferPointer { target in
            for row in 0..<height {
                (target.baseAddress! + row * width).update(from: base + row * Int(stride), count: width)
            }
        }
        return out
    }
}
