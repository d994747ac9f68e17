import Foundation
import JSONSupport

/// The frame rate of a raw package's `poses.csv` written before its time column, from the package's
/// `manifest.json`: its depth frames (`frames`) over its recording's seconds (`recording.end` minus
/// `recording.start`). The poses are the depth frames of the recording, one row each, so this is their
/// rate to within one frame over the recording.
public struct RawManifestRate: Equatable, Sendable {
    /// Frames per second.
    public var framesPerSecond: Double
    /// Where the rate came from, for the replay's diagnostic.
    public var description: String

    /// The rate `manifest.json` next to the `raw/` folder of `posesFile` gives, or nil when there is no
    /// such file or it lacks `frames` (at least 2) and a recording with an end after its start.
    public static func read(forPoses posesFile: String) -> RawManifestRate? {
        let folder = (posesFile as NSString).deletingLastPathComponent
        let package = (folder as NSString).lastPathComponent == "raw" ? (folder as NSString).deletingLastPathComponent : folder
        let path = ((package.isEmpty ? "." : package) as NSString).appendingPathComponent("manifest.json")
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20,
              let node = try? JSONParser.parse(Array(data)),
              case let root = JSONCursor(node, file: path),
              let frames = try? root["frames"].get().int(), frames >= 2,
              let recording = try? root["recording"].get(),
              let start = try? recording["start"].get().double(), let end = try? recording["end"].get().double(),
              start.isFinite, end.isFinite, end > start else { return nil }
        let seconds: Double = end - start
        let rate = Double(frames) / seconds
        return RawManifestRate(
            framesPerSecond: rate,
            description: "no time column: frame rate \(NumberFormatting.fixed(rate, decimals: 3)) Hz from \(path) (\(frames) frames over \(NumberFormatting.fixed(seconds, decimals: 3)) s of recording); give --fps N to set it")
    }
}
