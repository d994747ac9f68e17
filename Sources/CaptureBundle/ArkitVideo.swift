import CaptureEngine
import JSONSupport

/// The `video` object of `arkitData.json`: what `video.mp4` holds (present when the bundle has a video).
public struct ArkitVideo: Equatable, Sendable {
    /// The file, `video.mp4`.
    public var file: String
    /// Frames in the video: the recorded frames with a `videoIndex`.
    public var frames: Int
    /// Nominal frame rate, frames per second; each frame lasts 1/rate s, so the video lasts the last
    /// frame's time minus the first's plus 1/rate.
    public var frameRateHz: Double
    /// Image size, pixels.
    public var width: Int, height: Int
    /// The lens's distortion (keys `k1`, `k2`, `p1`, `p2`, `k3`), nil for a pinhole camera (no keys).
    public var distortion: LensDistortion?

    public init(file: String = "video.mp4", frames: Int, frameRateHz: Double, width: Int, height: Int, distortion: LensDistortion? = nil) {
        self.file = file
        self.frames = frames
        self.frameRateHz = frameRateHz
        self.width = width
        self.height = height
        self.distortion = distortion
    }

    /// The distortion's keys as written to `arkitData.json`'s `video` and `raw/rgb_intrinsics.json`
    /// (none for a pinhole camera).
    public static func distortionKeys(_ distortion: LensDistortion?) -> [(String, JSONValue)] {
        guard let d = distortion else { return [] }
        return [("k1", .number(d.k1)), ("k2", .number(d.k2)), ("p1", .number(d.p1)), ("p2", .number(d.p2)), ("k3", .number(d.k3))]
    }

    /// The distortion of an object with `k1`, `k2`, `p1`, `p2` and optional `k3`, nil when it has no `k1`
    /// or every coefficient is 0.
    public static func distortion(_ c: JSONCursor) throws(InputError) -> LensDistortion? {
        guard c.optional("k1") != nil else { return nil }
        let d = LensDistortion(k1: try c["k1"].get().double(), k2: try c["k2"].get().double(),
                               p1: try c["p1"].get().double(), p2: try c["p2"].get().double(),
                               k3: try c.optional("k3")?.double() ?? 0)
        return d.isNone ? nil : d
    }
}
