/// A failure of libjpeg-turbo while encoding or decoding a JPEG, with TurboJPEG's message.
public struct JPEGError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var description: String

    public init(_ description: String) { self.description = description }
}
