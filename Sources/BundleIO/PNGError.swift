/// A PNG that could not be encoded or decoded, naming the libpng call that failed and libpng's message.
public struct PNGError: Error, Equatable, CustomStringConvertible {
    /// The libpng function that reported the failure, e.g. `png_image_finish_read`.
    public var call: String
    /// libpng's message (or ours, when the input was refused before calling libpng).
    public var message: String

    public init(call: String, message: String) {
        self.call = call
        self.message = message
    }

    public var description: String { "\(call): \(message)" }
}
