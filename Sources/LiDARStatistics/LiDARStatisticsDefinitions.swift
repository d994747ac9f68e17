/// The fixed numbers in the statistics' definitions (docs/lidar.md gives each statistic in full).
public enum LiDARStatisticsDefinitions {
    /// A 4-neighbour whose depth differs by more than this fraction of the smaller depth makes both
    /// pixels depth-edge pixels (5 %).
    public static let edgeRelativeJump = 0.05
    /// Width of the image border whose low-confidence share is reported, pixels (6).
    public static let borderPixels = 6
    /// Upper ends of the depth bins, metres (the last bin is open: > 4 m).
    public static let depthBinUpperMeters: [Double] = [1, 2, 3, 4]
    /// Side of the blocks a plane is fitted to, pixels (16).
    public static let planeBlockPixels = 16
    /// Side of the blocks frame differences are averaged over, pixels (8).
    public static let differenceBlockPixels = 8
    /// Frames between the two views of the view-to-view error (10).
    public static let viewGapFrames = 10
    /// Pixels closer than this (chessboard distance, pixels) to a depth edge in either frame are left out
    /// of the temporal statistics (2: they must be at least 3 px away).
    public static let temporalEdgeClearancePixels = 2
    /// Longest run between two stable pixels still measured as one edge transition, pixels (12).
    public static let longestTransitionRun = 12
}
