import JSONSupport

/// The fixed numbers in the statistics' definitions (docs/lidar.md gives each statistic in full).
public enum LiDARStatisticsDefinitions {
    /// Frames between the two views of the view-to-view error and of the pose convention check (10).
    public static let viewGapFrames = 10
    /// Frame pairs the pose convention of a Stray Scanner export is decided on (25).
    public static let conventionCheckPairs = 25

    /// The largest depth map the statistics read, in pixels (1024 x 1024: 21 times a phone's 256 x 192).
    /// Larger maps are refused up front, so that every capture within the limit is measured in bounded
    /// time and memory.
    public static let maximumDepthPixels = 1 << 20

    /// The most pixel visits one capture's statistics may take: depth pixels times the frames read
    /// (each frame on its own, and both frames of every pair). The defaults on a phone's 256 x 192
    /// maps take about 33 million; a run that would take more is refused before it starts, naming
    /// this limit and `--frames` / `--pairs`.
    public static let maximumPixelVisits = 100_000_000

    /// Refuses a depth map larger than ``maximumDepthPixels``.
    static func checkFrameSize(width: Int, height: Int, file: String) throws(InputError) {
        guard width.multipliedReportingOverflow(by: height).partialValue <= maximumDepthPixels, width <= maximumDepthPixels,
              height <= maximumDepthPixels else {
            throw InputError(file: file, reason: "depth maps of \(width)x\(height) pixels are more than the statistics' limit of "
                             + "\(maximumDepthPixels) pixels (1024x1024; a phone's are 256x192)")
        }
    }
}
