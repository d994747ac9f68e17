/// The fixed numbers in the statistics' definitions (docs/lidar.md gives each statistic in full).
public enum LiDARStatisticsDefinitions {
    /// Frames between the two views of the view-to-view error and of the pose convention check (10).
    public static let viewGapFrames = 10
    /// Frame pairs the pose convention of a Stray Scanner export is decided on (25).
    public static let conventionCheckPairs = 25
}
