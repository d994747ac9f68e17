import CaptureEngine
import JSONSupport

/// What `capture-sim inspect` finds in a bundle: a summary and every problem against
/// docs/bundle-format.md (empty when the bundle is valid).
public struct BundleInspection: Sendable {
    /// The path inspected.
    public var path: String
    /// Which layout it has.
    public var layout: BundleLayout
    /// Whether the path was a zip file (else a folder).
    public var isZip: Bool
    /// Problems in the order found; the first is the one `inspect` names.
    public var problems: [String] = []
    /// Recording end minus start, seconds (nil when unknown).
    public var durationSeconds: Double?
    /// Camera frames logged, and of those recorded.
    public var frames = 0
    /// Frames the session recorded.
    public var recordedFrames = 0
    /// Depth frames (records of `allDepthFrames.bin`, or depth PNGs).
    public var depthFrames = 0
    /// Depth map size, pixels.
    public var depthWidth: Int?
    /// Depth map height, pixels.
    public var depthHeight: Int?
    /// Fraction (0...1) of depth pixels with a return, over all depth frames.
    public var depthCoverage: Double?
    /// Camera images: frames of `video.mp4` (CubiCapture) or `raw/rgb/*.jpg` files (raw package).
    public var videoFrames: Int?
    /// Camera image width, pixels.
    public var videoWidth: Int?
    /// Camera image height, pixels.
    public var videoHeight: Int?
    /// `video.mp4`'s duration, seconds.
    public var videoSeconds: Double?
    /// Events by code, ascending.
    public var eventsByCode: [(code: Int, count: Int)] = []
    /// Warnings shown (feedback items) by code, ascending.
    public var warningsByCode: [(code: Int, count: Int)] = []

    public init(path: String, layout: BundleLayout, isZip: Bool) {
        self.path = path
        self.layout = layout
        self.isZip = isZip
    }

    /// Whether no problem was found.
    public var isValid: Bool { problems.isEmpty }

    /// The summary as JSON: path, layout, container, valid, problems, durationSeconds, frames,
    /// recordedFrames, depthFrames, depthWidth, depthHeight, depthCoverage, imageFrames, imageWidth,
    /// imageHeight, videoSeconds (null without images), events and warnings
    /// (objects from code to count).
    public var json: JSONValue {
        func optional(_ d: Double?) -> JSONValue { d.map { .number($0) } ?? .null }
        func counts(_ list: [(code: Int, count: Int)]) -> JSONValue {
            .object(list.map { (String($0.code), .integer($0.count)) })
        }
        return .object([
            ("path", .string(path)),
            ("layout", .string(layout.rawValue)),
            ("container", .string(isZip ? "zip" : "folder")),
            ("valid", .bool(isValid)),
            ("problems", .array(problems.map { .string($0) })),
            ("durationSeconds", optional(durationSeconds)),
            ("frames", .integer(frames)),
            ("recordedFrames", .integer(recordedFrames)),
            ("depthFrames", .integer(depthFrames)),
            ("depthWidth", depthWidth.map { .integer($0) } ?? .null),
            ("depthHeight", depthHeight.map { .integer($0) } ?? .null),
            ("depthCoverage", optional(depthCoverage)),
            ("imageFrames", videoFrames.map { .integer($0) } ?? .null),
            ("imageWidth", videoWidth.map { .integer($0) } ?? .null),
            ("imageHeight", videoHeight.map { .integer($0) } ?? .null),
            ("videoSeconds", optional(videoSeconds)),
            ("events", counts(eventsByCode)),
            ("warnings", counts(warningsByCode)),
        ])
    }

    /// The summary as text lines.
    public var summaryLines: [String] {
        func counts(_ list: [(code: Int, count: Int)]) -> String {
            list.isEmpty ? "none" : list.map { "\($0.code):\($0.count)" }.joined(separator: "  ")
        }
        var lines = [
            "path            \(path)",
            "layout          \(layout.rawValue) (\(isZip ? "zip" : "folder"))",
            "duration        " + (durationSeconds.map { NumberFormatting.fixed($0, decimals: 3) + " s" } ?? "unknown"),
            "frames          \(frames) (\(recordedFrames) recorded)",
            "depth frames    \(depthFrames)" + (depthWidth.map { " (\($0)x\(depthHeight ?? 0))" } ?? ""),
            "depth coverage  " + (depthCoverage.map { NumberFormatting.fixed($0 * 100, decimals: 1) + " %" } ?? "n/a"),
            "images          " + (videoFrames.map { n in
                "\(n) (\(videoWidth ?? 0)x\(videoHeight ?? 0))" + (videoSeconds.map { ", video " + NumberFormatting.fixed($0, decimals: 3) + " s" } ?? "")
            } ?? "none"),
            "events          " + counts(eventsByCode),
            "warnings        " + counts(warningsByCode),
        ]
        lines.append(isValid ? "valid           yes" : "valid           no: \(problems[0])")
        return lines
    }

    static func counted(_ codes: [Int]) -> [(code: Int, count: Int)] {
        var counts: [Int: Int] = [:]
        for c in codes { counts[c, default: 0] += 1 }
        return counts.keys.sorted().map { ($0, counts[$0] ?? 0) }
    }
}
