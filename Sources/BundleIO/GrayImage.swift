/// A single-channel image with 8- or 16-bit samples, row-major, row 0 at the top: what a depth or
/// confidence PNG holds.
public struct GrayImage: Equatable, Sendable {
    /// Width and height, pixels.
    public var width: Int, height: Int
    /// Bits per sample: 8 or 16.
    public var bitDepth: Int
    /// `width * height` samples (8-bit images use 0...255).
    public var samples: [UInt16]

    public init(width: Int, height: Int, bitDepth: Int, samples: [UInt16]) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.samples = samples
    }
}
