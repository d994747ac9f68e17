import CaptureBundle
import CaptureEngine
import JSONSupport

/// Replays Stray Scanner's `odometry.csv`, read by CaptureBundle's ``StrayScannerOdometry`` (the reader
/// `lidar stats` uses too): poses of the OpenCV camera in a Y-up world, turned into the engine's.
enum StrayLogReader {
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String, options: ReplayOptions) throws(InputError) -> PoseTimelineBuilder {
        try TextPoseLogReader.checkFrameRate(options, file: file)
        let parsed = try StrayScannerOdometry.parse(bytes, file: file, maximumRows: TextPoseLogReader.maximumPoses)
        let convention = TextPoseLogReader.convention(of: .stray, options: options)
        var builder = PoseTimelineBuilder(file: file, options: options, expectedCount: parsed.rows.count)
        for row in parsed.rows {
            builder.checkUnitLength((row.quaternion * row.quaternion).sum().squareRoot(), line: row.line)
            builder.add(time: row.timestamp, pose: convention.engineCameraToWorld(row.cameraToWorld), finite: row.isFinite, line: row.line)
        }
        builder.reportTruncatedLastLine(parsed.truncatedLastLine)
        return builder
    }
}
