import CVideo

/// A failure of FFmpeg's libraries while writing or reading `video.mp4`: what was being done, the file
/// and FFmpeg's message.
public struct VideoError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with the path.
    public var description: String

    public init(_ description: String) { self.description = description }

    /// An error from an FFmpeg return code (`av_strerror`).
    package init(_ path: String, _ step: String, code: Int32) {
        var buffer = [CChar](repeating: 0, count: 256)
        av_strerror(code, &buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        description = "\(path): \(step) failed: \(message)"
    }
}
