import CVideo

extension LibraryCallError {
    /// An FFmpeg call on `path` that returned the negative error code `code`, with FFmpeg's text for it
    /// (`av_strerror`).
    package static func ffmpeg(_ path: String, _ call: String, code: Int32) -> LibraryCallError {
        var buffer = [CChar](repeating: 0, count: 256)
        av_strerror(code, &buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return LibraryCallError(.ffmpeg, call: call, path: path, code: code, message: message)
    }

    /// A video file `path` refused before or without an FFmpeg error code, e.g. an odd size or a frame
    /// out of order; `call` names the FFmpeg function when one failed without a code.
    package static func ffmpeg(_ path: String, call: String = "", message: String) -> LibraryCallError {
        LibraryCallError(.ffmpeg, call: call, path: path, message: message)
    }
}
