/// A call into one of the C libraries that read and write bundle files (libpng, libzip, libjpeg-turbo,
/// FFmpeg) that failed, or an input refused before calling it: which library, the function, the file
/// (empty for an image in memory), the library's error code where it has one, and the message.
///
/// Prints as `path: call: message`, leaving out what is empty.
public struct LibraryCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C library behind the failed call.
    public enum Library: String, Sendable {
        case libpng
        case libzip
        case libjpegTurbo = "libjpeg-turbo"
        case ffmpeg = "FFmpeg"
    }

    /// The library whose call failed (or whose input was refused).
    public var library: Library
    /// The C function that reported the failure, e.g. `png_image_finish_read`, `zip_close`,
    /// `avcodec_open2`; empty when the failure is a check of ours before any call.
    public var call: String
    /// The file or archive; empty for an image encoded or decoded in memory.
    public var path: String
    /// The library's own error code where it returns one (FFmpeg's negative `AVERROR` values); nil otherwise.
    public var code: Int32?
    /// The library's message (`png_image.message`, `zip_error_strerror`, `tjGetErrorStr2`,
    /// `av_strerror`), or ours for a refused input.
    public var message: String

    public init(_ library: Library, call: String, path: String = "", code: Int32? = nil, message: String) {
        self.library = library
        self.call = call
        self.path = path
        self.code = code
        self.message = message
    }

    public var description: String {
        [path, call, message].filter { !$0.isEmpty }.joined(separator: ": ")
    }
}
