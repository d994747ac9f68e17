import CaptureEngine
import CaptureReplay
import Foundation

/// Shared steps of the reader tests.
enum ReaderTestSupport {
    /// The camera frames of a log's inputs with their times.
    static func frames(_ log: ReplayLog) -> [(time: Double, frame: CameraFrame)] {
        log.inputs.compactMap { input in
            if case .frame(let f) = input.kind { return (input.time, f) }
            return nil
        }
    }

    /// The real letters log's poses, re-timed at exactly `i / 60` seconds (the first `count` of them).
    static func lettersPoses(count: Int) throws -> [TimedPose] {
        let log = try ReplayReader.read(path: TestPaths.letters)
        return frames(log).prefix(count).enumerated().map { TimedPose(time: Double($0.offset) / 60, pose: $0.element.frame.transform) }
    }

    /// Whether two poses agree: positions within `tolerance` metres, rotations within `tolerance` radians.
    static func same(_ a: RigidTransform, _ b: RigidTransform, tolerance: Double = 1e-6) -> Bool {
        (a.translation - b.translation).length <= tolerance && a.rotation.angle(to: b.rotation) <= tolerance
    }

    /// Reads `text` as a log of `format` from bytes.
    static func read(_ text: String, format: ReplayFormat, file: String = "test.log",
                     options: ReplayOptions = ReplayOptions()) throws -> ReplayLog {
        try ReplayReader.read(bytes: Data(text.utf8), file: file, format: format, options: options)
    }
}
