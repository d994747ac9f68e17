/// Which of the two documented layouts a bundle has.
public enum BundleLayout: String, Sendable {
    /// The SDK's folder (`arkitData.json`, ..., `<uid>.zip`) or its zip.
    case cubiCapture
    /// The raw RGBD package (`manifest.json`, `raw/...`).
    case rawRGBD
}
