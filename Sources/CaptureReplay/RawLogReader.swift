import CaptureBundle
import CaptureEngine
import JSONSupport

/// Replays the raw RGBD package's `raw/poses.csv`, read by CaptureBundle's one reader of it
/// (``RawPose/parse(_:file:maximumRows:)``, the one `inspect` and `lidar stats` use too): poses of the
/// OpenCV camera in a Z-up world, turned into the engine's. With the time column (this project's
/// packages since it was added: seconds on the capture clock) the times are kept as they are; without
/// one, frame i is at i / rate s: the rate is `options.framesPerSecond` (`--fps`), else `manifestRate`
/// (read from the package's `manifest.json` by the caller), else the log is refused with a message
/// naming `--fps`. A quaternion off unit length is normalised with a diagnostic; a non-finite pose is
/// replayed as one (the engine's invalid pose).
enum RawLogReader {
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String, options: ReplayOptions,
                     manifestRate: RawManifestRate?) throws(InputError) -> PoseTimelineBuilder {
        try TextPoseLogReader.checkFrameRate(options, file: file)
        let parsed = try RawPose.parse(bytes, file: file, maximumRows: TextPoseLogReader.maximumPoses)
        guard !parsed.rows.isEmpty else {
            throw InputError(file: file, reason: "no data lines (the log is \(parsed.hasHeader ? "only a header" : "empty or only comments")); expected lines of \(RawPose.headerWithoutTime)")
        }
        var builder = PoseTimelineBuilder(file: file, options: options, expectedCount: parsed.rows.count)
        var rate = 1.0
        if parsed.hasTimeColumn {
            builder.keepsClock = true
            if options.framesPerSecond != nil {
                builder.report(.frameRate, line: nil, time: nil, "--fps is not used: the log has a time column (seconds on the capture clock)")
            }
        } else if let fps = options.framesPerSecond {
            rate = fps
        } else if let manifest = manifestRate {
            rate = manifest.framesPerSecond
            builder.report(.frameRate, line: nil, time: nil, manifest.description)
        } else {
            throw InputError(file: file, reason: "the log has no time column (\(RawPose.headerWithoutTime)) and no manifest.json gives its frame rate; give it with --fps N (frames per second)")
        }
        let convention = TextPoseLogReader.convention(of: .raw, options: options)
        for row in parsed.rows {
            builder.checkUnitLength(row.quaternion.length, line: row.line)
            let time = row.time ?? Double(row.frame) / rate
            builder.add(time: time, pose: convention.engineCameraToWorld(row.cameraToWorld), finite: row.isFinite, line: row.line)
        }
        builder.reportTruncatedLastLine(parsed.truncatedLastLine)
        return builder
    }
}
