import CVideo

/// Decodes a video file's pictures one at a time, in order, through libavformat and libavcodec, giving
/// each picture's 8-bit 4:2:0 planes and presentation time: what `capture-sim export` turns into images.
///
/// The FFmpeg calls it wraps: `avformat_open_input`, `avformat_find_stream_info`, `av_find_best_stream`,
/// `avcodec_find_decoder`, `avcodec_alloc_context3`, `avcodec_parameters_to_context`, `avcodec_open2`,
/// `av_read_frame`, `avcodec_send_packet`, `avcodec_receive_frame`, and the matching frees.
public final class VideoFrameDecoder {
    /// One decoded picture: Y, Cb and Cr planes (4:2:0, limited range as H.264 carries them), tightly packed.
    public struct Picture: Sendable {
        /// The picture's index in decoding order, from 0.
        public var index: Int
        /// Presentation time, seconds from the video's start.
        public var time: Double
        public var width: Int, height: Int
        /// `width * height` luma samples.
        public var luma: [UInt8]
        /// `((width + 1) / 2) * ((height + 1) / 2)` samples each.
        public var blueDifference: [UInt8], redDifference: [UInt8]
    }

    private let path: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let streamIndex: Int32
    private let secondsPerTick: Double
    private let startTick: Int64
    private var decoded = 0
    private var flushed = false

    /// Opens `path` and its best video stream's decoder.
    public init(path: String) throws(LibraryCallError) {
        self.path = path
        var status = avformat_open_input(&format, path, nil, nil)
        guard status >= 0, let opened = format else { throw LibraryCallError.ffmpeg(path, "avformat_open_input", code: status) }
        status = avformat_find_stream_info(opened, nil)
        guard status >= 0 else { avformat_close_input(&format); throw LibraryCallError.ffmpeg(path, "avformat_find_stream_info", code: status) }
        let index = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = opened.pointee.streams[Int(index)] else {
            avformat_close_input(&format)
            throw LibraryCallError.ffmpeg(path, message: "no video stream")
        }
        streamIndex = index
        let timeBase = stream.pointee.time_base
        secondsPerTick = Double(timeBase.num) / Double(timeBase.den)
        startTick = stream.pointee.start_time == cvideo_no_pts() ? 0 : stream.pointee.start_time
        guard let decoder = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id) else {
            avformat_close_input(&format)
            throw LibraryCallError.ffmpeg(path, message: "no decoder for the video stream's codec")
        }
        codec = avcodec_alloc_context3(decoder)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard let context = codec, packet != nil, frame != nil else {
            release()
            throw LibraryCallError.ffmpeg(path, call: "avcodec_alloc_context3", message: "out of memory")
        }
        status = avcodec_parameters_to_context(context, stream.pointee.codecpar)
        guard status >= 0 else { release(); throw LibraryCallError.ffmpeg(path, "avcodec_parameters_to_context", code: status) }
        context.pointee.thread_count = 2
        status = avcodec_open2(context, decoder, nil)
        guard status >= 0 else { release(); throw LibraryCallError.ffmpeg(path, "avcodec_open2", code: status) }
    }

    deinit { release() }

    /// The index the next picture ``next(copy:)`` gives will have.
    public var nextIndex: Int { decoded }

    private func release() {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// The next picture in decoding order, nil after the last. With `copy` false the picture is decoded
    /// (as the next ones need) but its planes are not copied out (empty).
    public func next(copy: Bool = true) throws(LibraryCallError) -> Picture? {
        guard let format, let codec, let packet, let frame else { return nil }
        while true {
            let got = avcodec_receive_frame(codec, frame)
            if got >= 0 {
                defer { av_frame_unref(frame); decoded += 1 }
                return try picture(frame, copy: copy)
            }
            if got == cvideo_error_eof() { return nil }
            guard got == cvideo_error_again() else { throw LibraryCallError.ffmpeg(path, "avcodec_receive_frame", code: got) }
            if flushed { return nil }
            // Feed the next packet of the stream, or flush the decoder at the file's end.
            var fed = false
            while !fed {
                if av_read_frame(format, packet) < 0 {
                    let status = avcodec_send_packet(codec, nil)
                    guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_send_packet (flush)", code: status) }
                    flushed = true
                    fed = true
                } else {
                    defer { av_packet_unref(packet) }
                    guard packet.pointee.stream_index == streamIndex else { continue }
                    let status = avcodec_send_packet(codec, packet)
                    guard status >= 0 else { throw LibraryCallError.ffmpeg(path, "avcodec_send_packet", code: status) }
                    fed = true
                }
            }
        }
    }

    private func picture(_ frame: UnsafeMutablePointer<AVFrame>, copy: Bool) throws(LibraryCallError) -> Picture {
        guard frame.pointee.format == AV_PIX_FMT_YUV420P.rawValue else {
            throw LibraryCallError.ffmpeg(path, message: "picture \(decoded) is not 8-bit 4:2:0 (pixel format \(frame.pointee.format))")
        }
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        let pts = frame.pointee.best_effort_timestamp
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        return Picture(index: decoded, time: pts == cvideo_no_pts() ? .nan : Double(pts - startTick) * secondsPerTick,
                       width: width, height: height,
                       luma: copy ? Self.plane(frame, 0, width: width, height: height) : [],
                       blueDifference: copy ? Self.plane(frame, 1, width: chromaWidth, height: chromaHeight) : [],
                       redDifference: copy ? Self.plane(frame, 2, width: chromaWidth, height: chromaHeight) : [])
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
