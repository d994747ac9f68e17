/// The bounds a scene file must stay within, so that no scene can make a run take unbounded time or
/// memory: checked when the scene is loaded, each violation reported with the file and JSON path.
/// Documented in docs/scene-format.md ("Limits").
public enum SceneLimits {
    /// The largest scene file read, bytes (4 MiB: a furnished apartment is about 10 KiB; a 4 MiB scene
    /// of 32,000 objects runs in 120 MB).
    public static let maximumFileBytes = 4 << 20
    /// The largest magnitude of any number in a scene (coordinates in metres, times in seconds,
    /// angles in degrees): 1,000,000.
    public static let maximumMagnitude = 1e6
    /// The camera frame rate's range, Hz (ARKit delivers 60; 240 leaves room for experiments).
    public static let frameRateHz: ClosedRange<Double> = 1...240
    /// The longest scene, seconds of simulated time from the first step to the end of the stream
    /// (4 hours; a room scan takes minutes).
    public static let maximumDurationSeconds = 4.0 * 3600
}
