/// `capture-sim lidar`: the LiDAR statistics of captures (`lidar stats`) and the correlated LiDAR model
/// fitted to a capture (`lidar fit`); docs/lidar.md.
enum LiDARCommand: CommandGroup {
    static let name = "lidar"
    static let summary = "LiDAR statistics of captures side by side, and the LiDAR model fitted to a capture"
    static let discussion = """
        A capture is a raw RGBD package folder (run --format raw-rgbd), a CubiCapture bundle (folder or
        zip) or a Stray Scanner export folder (depth/, confidence/, odometry.csv, camera_matrix.csv).
        docs/lidar.md defines every statistic and how the fit works.
        """
    static var subcommands: [any Command.Type] { [LiDARStatsCommand.self, LiDARFitCommand.self] }
}
