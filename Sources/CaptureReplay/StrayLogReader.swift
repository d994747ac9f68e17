import CaptureBundle
import CaptureEngine
import JSONSupport

/// Replays Stray Scanner's `odometry.csv`, read by CaptureBundle's ``StrayScannerOdometry`` (the reader
/// `lidar stats` uses too): poses of the OpenCV camera in a Y-up world, turned into the engine's.
enum StrayLogReader {
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String, options: ReplayOptions) throws(InputError) -> PoseTimelineBuilder {
        if let fps = options.framesPerSecond, !(fps.isFinite && fps > 0) {
            throw InputError(file: file, reason: "frame rate must be a positive number of frames per second")
        }
        let parsed = try StrayScannerOdometry.parse(bytes, file: file, maximumRows: TextPoseLogReader.maximumPoses)
        let convention = TextPoseLogReader.convention(of: .stray, options: options)
        var builder = PoseTimelineBuilder(file: file, options: options, expectedCount: parsed.rows.count)
        for row in parsed.rows {
            let length = (row.quaternion * row.quaternion).sum().squareRoot()
            if length.isFinite, abs(length - 1) > options.unitQuaternionTolerance {
                builder.report(.nonUnitRotation, line: row.line, time: nil,
                               "quaternion length \(NumberFormatting.fixed(length, decimals: 6)) is not 1; normalised")
            }
            builder.add(time: row.timestamp, pose: convention.engineCameraToWorld(row.cameraToWorld), finite: row.isFinite, line: row.line)
        }
        if let truncated = parsed.truncatedLastLine {
            builder.report(.truncatedLastLine, line: truncated.line, time: nil,
                           "last line is incomplete (no newline; \(truncated.reason)); replaying up to the line before")
        }
        return builder
    }
}
