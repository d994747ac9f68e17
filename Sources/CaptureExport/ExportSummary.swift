/// What an export wrote.
public struct ExportSummary: Equatable, Sendable {
    /// The format written.
    public var format: ExportFormat
    /// The path written (`--out`).
    public var path: String
    /// Frames (poses) exported.
    public var frames: Int
    /// Camera images written.
    public var images: Int
    /// Depth maps written.
    public var depthMaps: Int

    /// One line for the terminal, e.g. `export: out/apartment.tum (tum): 5270 frames`.
    public var line: String {
        var parts = ["\(frames) frames"]
        if images > 0 { parts.append("\(images) images") }
        if depthMaps > 0 { parts.append("\(depthMaps) depth maps") }
        return "export: \(path) (\(format.rawValue)): " + parts.joined(separator: ", ")
    }
}
