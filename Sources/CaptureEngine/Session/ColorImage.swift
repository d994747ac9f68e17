/// An RGB image of the wide camera: 8-bit sRGB, three bytes per pixel (R, G, B), row-major, row 0 at the
/// top of the landscape image (the same orientation as ``DepthMap``).
public struct ColorImage: Sendable {
    /// Pixels per row.
    public var width: Int
    /// Rows.
    public var height: Int
    /// `width * height * 3` bytes: R, G, B of each pixel.
    public var rgb: [UInt8]

    public init(width: Int, height: Int, rgb: [UInt8]) {
        self.width = width
        self.height = height
        self.rgb = rgb
    }
}
