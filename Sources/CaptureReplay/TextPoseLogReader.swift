import CaptureEngine
import JSONSupport

/// Reads the line-based pose logs (TUM, ARKitScenes `.traj`, ARKit camera-transform logs; the raw
/// package's `poses.csv` through ``RawLogReader``, Stray Scanner's `odometry.csv` through
/// ``StrayLogReader``) straight from their bytes.
///
/// Lines end with `\n` or `\r\n`. Blank lines and lines whose first non-blank character is `#` are
/// skipped. A malformed line is an error naming the file and line; an incomplete last line without a
/// newline is dropped with a diagnostic; a log without a single data line is an error.
enum TextPoseLogReader {
    /// Most fields a line may have before it is reported as malformed.
    private static let maximumFields = 32
    /// The most poses a log may hold: 2^18 (262,144; 72 minutes at 60 Hz). Each pose becomes a session
    /// input of about 500 bytes, so this keeps a replay's memory under about 300 MB.
    static let maximumPoses = 1 << 18

    /// Reads a log's poses; a raw `poses.csv` goes to ``RawLogReader`` (with `manifestRate`, read from
    /// the package's `manifest.json` by the caller, for a log without the time column).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String, format: ReplayFormat,
                     options: ReplayOptions, manifestRate: RawManifestRate? = nil) throws(InputError) -> PoseTimelineBuilder {
        if format == .raw { return try RawLogReader.read(bytes, file: file, options: options, manifestRate: manifestRate) }
        if format == .stray { return try StrayLogReader.read(bytes, file: file, options: options) }
        guard let fieldCount = format.fieldCount else {
            throw InputError(file: file, reason: "not a line-based pose log")
        }
        try checkFrameRate(options, file: file)
        let fieldNames = format.fieldNames
        let convention = convention(of: format, options: options)
        let separator = format.commaSeparated ? UInt8(ascii: ",") : UInt8(ascii: " ")
        var builder = PoseTimelineBuilder(file: file, options: options, expectedCount: bytes.count / (fieldCount * 9))
        var starts = [Int](repeating: 0, count: maximumFields)
        var ends = [Int](repeating: 0, count: maximumFields)
        var values = [Double](repeating: 0, count: maximumFields)
        var firstNanoseconds: Int64?
        var lineNumber = 0
        var sawData = false
        var poseLines = 0
        for line in ByteLines(bytes) {
            lineNumber = line.number
            if line.isBlankOrComment(in: bytes) { continue }
            let (start, end, terminated) = (line.start, line.end, line.terminated)

            // Split into fields.
            var fields = 0
            var i = start
            if separator == UInt8(ascii: ",") {
                while true {
                    var fieldEnd = i
                    while fieldEnd < end, bytes[fieldEnd] != separator { fieldEnd += 1 }
                    var s = i, e = fieldEnd
                    while s < e, bytes[s] == 32 || bytes[s] == 9 { s += 1 }
                    while e > s, bytes[e - 1] == 32 || bytes[e - 1] == 9 { e -= 1 }
                    if fields < maximumFields { starts[fields] = s; ends[fields] = e }
                    fields += 1
                    if fieldEnd >= end { break }
                    i = fieldEnd + 1
                }
            } else {
                while i < end {
                    let s = i
                    while i < end, bytes[i] != 32, bytes[i] != 9 { i += 1 }
                    if fields < maximumFields { starts[fields] = s; ends[fields] = i }
                    fields += 1
                    while i < end, bytes[i] == 32 || bytes[i] == 9 { i += 1 }
                }
            }

            sawData = true
            poseLines += 1
            guard poseLines <= maximumPoses else {
                throw InputError(file: file, line: lineNumber,
                                     reason: "more than the limit of \(maximumPoses) poses a log may hold")
            }

            // Parse the numbers; a bad last line without a newline is a truncation, not an error.
            do throws(InputError) {
                guard fields == fieldCount else {
                    throw InputError(file: file, line: lineNumber,
                                         reason: "expected \(fieldCount) fields (\(fieldNames)), found \(fields)")
                }
                var nanoseconds: Int64 = 0
                for f in 0..<fieldCount {
                    if format == .arkit && f == 0 {
                        guard let n = DecimalNumberParser.integer(bytes, from: starts[f], to: ends[f]) else {
                            throw fieldError(bytes, f, starts, ends, format: format, file: file, line: lineNumber,
                                             expected: "a whole number")
                        }
                        nanoseconds = n
                        values[f] = Double(n)
                        continue
                    }
                    guard let v = DecimalNumberParser.double(bytes, from: starts[f], to: ends[f]) else {
                        throw fieldError(bytes, f, starts, ends, format: format, file: file, line: lineNumber,
                                         expected: "a number")
                    }
                    values[f] = v
                }
                let time: Double
                switch format {
                case .arkit:
                    let first = firstNanoseconds ?? nanoseconds
                    firstNanoseconds = first
                    time = Double(nanoseconds - first) / 1e9
                default:
                    time = values[0]
                }
                var finite = true
                for f in 1..<fieldCount where !values[f].isFinite { finite = false }
                let pose = loggedPose(values, format: format, finite: finite, builder: &builder, line: lineNumber)
                builder.add(time: time, pose: convention.engineCameraToWorld(pose), finite: finite, line: lineNumber)
            } catch {
                guard !terminated else { throw error }
                builder.report(.truncatedLastLine, line: lineNumber, time: nil,
                               "last line is incomplete (no newline; \(error.reason)); replaying up to the line before")
                poseLines -= 1
            }
        }
        guard poseLines > 0 else {
            let what = sawData ? "only an incomplete last line" : (lineNumber == 0 ? "empty" : "only comments or blank lines")
            throw InputError(file: file, reason: "no data lines (the log is \(what)); expected lines of \(fieldNames)")
        }
        return builder
    }

    /// Refuses a `--fps` that is not a positive number of frames per second.
    static func checkFrameRate(_ options: ReplayOptions, file: String) throws(InputError) {
        if let fps = options.framesPerSecond, !(fps.isFinite && fps > 0) {
            throw InputError(file: file, reason: "frame rate must be a positive number of frames per second")
        }
    }

    /// The frames a format's poses are written in.
    static func convention(of format: ReplayFormat, options: ReplayOptions) -> PoseConvention {
        switch format {
        case .bundle, .arkit: .arkit
        case .raw: .zUpOpenCV
        case .tum: PoseConvention(worldUp: options.worldUp ?? .z, camera: .openCV)
        case .stray: PoseConvention(worldUp: .y, camera: .openCV)
        case .traj: PoseConvention(worldUp: options.worldUp ?? .y, camera: .openCV)
        }
    }

    /// The camera-to-world pose on one line, in the log's own convention.
    private static func loggedPose(_ v: [Double], format: ReplayFormat, finite: Bool,
                                   builder: inout PoseTimelineBuilder, line: Int) -> RigidTransform {
        switch format {
        case .tum:
            let q = Quaternion(x: v[4], y: v[5], z: v[6], w: v[7])
            builder.checkUnitLength(q.length, line: line)
            return RigidTransform(rotation: q.normalized, translation: SIMD3(v[1], v[2], v[3]))
        case .traj:
            let worldToCamera = RigidTransform(rotation: Quaternion(rotationVector: SIMD3(v[1], v[2], v[3])),
                                               translation: SIMD3(v[4], v[5], v[6]))
            return worldToCamera.inverse
        case .raw, .stray, .bundle:
            preconditionFailure("\(format) logs are read by their own readers (read(_:file:format:options:manifestRate:))")
        case .arkit:
            let matrix = Matrix4x4(columns: (SIMD4(v[1], v[5], v[9], 0), SIMD4(v[2], v[6], v[10], 0),
                                             SIMD4(v[3], v[7], v[11], 0), SIMD4(v[4], v[8], v[12], 1)))
            return RigidTransform(matrix)
        }
    }

    private static func fieldError(_ bytes: UnsafeBufferPointer<UInt8>, _ field: Int, _ starts: [Int], _ ends: [Int],
                                   format: ReplayFormat, file: String, line: Int, expected: String) -> InputError {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[starts[field]..<ends[field]]), as: UTF8.self)
        let names = format.fieldNames.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        let name = field < names.count ? names[field] : "field \(field + 1)"
        return InputError(file: file, line: line,
                              reason: "field \(field + 1) (\(name)) is '\(text)', expected \(expected)")
    }
}
