import CaptureEngine
import Foundation
import JSONSupport

/// One row of the raw package's `raw/poses.csv`: camera-to-world in the Z-up world with the OpenCV
/// camera, metres, scalar-last quaternion.
public struct RawPose: Equatable, Sendable {
    /// The frame number (matches `depth/<frame>.png`).
    public var frame: Int
    /// Camera-to-world in the Z-up world with the OpenCV camera, metres.
    public var pose: RigidTransform
    /// The frame's capture time, seconds on the session clock (nil in packages written before the
    /// `time` column).
    public var time: Double?

    public init(frame: Int, pose: RigidTransform, time: Double? = nil) {
        self.frame = frame
        self.pose = pose
        self.time = time
    }

    /// The header of `raw/poses.csv` with its time column, and the one of packages written before it.
    public static let header = "frame,x,y,z,qx,qy,qz,qw,time"
    public static let headerWithoutTime = "frame,x,y,z,qx,qy,qz,qw"

    /// The pose in engine conventions (ARKit world, ARKit camera).
    public var arkitPose: RigidTransform { CoordinateConventions.arkit(fromZUpOpenCV: pose) }

    /// The most rows `raw/poses.csv` may hold: 2^18 (262,144; 72 minutes of depth frames at 60 Hz), so
    /// that reading it stays within bounded memory.
    public static let maximumRows = 1 << 18

    /// Parses `raw/poses.csv` as a bundle file: the header `frame,x,y,z,qx,qy,qz,qw,time` (or, written
    /// before the time column, `frame,x,y,z,qx,qy,qz,qw`), then one row per frame with finite numbers
    /// and a unit quaternion (within 1e-3); read by ``parse(_:file:maximumRows:)``, the one reader of the
    /// file, with these checks on top. Errors name the file and line.
    public static func parseCSV(_ text: String, file: String = "raw/poses.csv") throws(InputError) -> [RawPose] {
        try parseCSV(bytes: Array(text.utf8), file: file)
    }

    /// ``parseCSV(_:file:)`` from the file's bytes.
    public static func parseCSV(bytes: [UInt8], file: String = "raw/poses.csv") throws(InputError) -> [RawPose] {
        let parsed = try bytes.withUnsafeBufferPointer { buffer throws(InputError) in try parse(buffer, file: file) }
        if let truncated = parsed.truncatedLastLine {
            throw InputError(file: file, line: truncated.line, reason: truncated.reason)
        }
        guard parsed.hasHeader else {
            if let first = parsed.rows.first {
                throw InputError(file: file, line: first.line, reason: "no header: expected '\(header)' (or, without the time column, '\(headerWithoutTime)') before the data")
            }
            throw InputError(file: file, line: 1, reason: "empty file")
        }
        var poses: [RawPose] = []
        poses.reserveCapacity(parsed.rows.count)
        for row in parsed.rows {
            let names = ["x", "y", "z", "qx", "qy", "qz", "qw"]
            let values = [row.position.x, row.position.y, row.position.z, row.quaternion.x, row.quaternion.y,
                          row.quaternion.z, row.quaternion.w]
            if let k = values.firstIndex(where: { !$0.isFinite }) {
                throw InputError(file: file, line: row.line, reason: "\(names[k]) \(values[k]) is not a finite number")
            }
            if let time = row.time, !time.isFinite {
                throw InputError(file: file, line: row.line, reason: "time \(time) is not a finite number")
            }
            guard abs(row.quaternion.length - 1) < 1e-3 else {
                throw InputError(file: file, line: row.line, reason: "quaternion length \(row.quaternion.length) is not 1")
            }
            poses.append(RawPose(frame: row.frame, pose: RigidTransform(rotation: row.quaternion, translation: row.position),
                                 time: row.time))
        }
        return poses
    }

    // MARK: The one reader

    /// One data line of `raw/poses.csv` as written.
    public struct Row: Sendable, Equatable {
        /// Line number, from 1.
        public let line: Int
        /// The frame number (its `depth/<frame>.png`).
        public let frame: Int
        /// x, y, z, metres (Z-up world).
        public let position: SIMD3<Double>
        /// qx, qy, qz, qw as written (not normalised).
        public let quaternion: Quaternion
        /// The capture time, seconds (nil without the time column).
        public let time: Double?

        /// Whether the pose's numbers are finite (the time is checked apart, as a time stamp).
        public var isFinite: Bool {
            position.x.isFinite && position.y.isFinite && position.z.isFinite && quaternion.x.isFinite
                && quaternion.y.isFinite && quaternion.z.isFinite && quaternion.w.isFinite
        }

        /// Camera-to-world in the Z-up world with the OpenCV camera, the quaternion normalised.
        public var cameraToWorld: RigidTransform {
            RigidTransform(rotation: quaternion.normalized, translation: position)
        }
    }

    /// A parsed `raw/poses.csv`: its rows in file order, whether it has its header and its time column,
    /// and the last line when it was incomplete (no newline) and malformed.
    public struct Parsed: Sendable {
        public var rows: [Row] = []
        public var hasHeader = false
        public var hasTimeColumn = false
        public var truncatedLastLine: (line: Int, reason: String)?
    }

    /// Reads `raw/poses.csv`: the one reader of the file (`inspect` and `lidar stats` through
    /// ``parseCSV(bytes:file:)``, `replay` for the values as written).
    ///
    /// Lines end with `\n` or `\r\n`; blank lines and lines starting with `#` are skipped; fields are
    /// separated by commas, spaces and tabs around them ignored. A first data line whose first field is
    /// not a number is the header, which must name the columns in this order (compared without spaces and
    /// case): `frame,x,y,z,qx,qy,qz,qw,time`, or `frame,x,y,z,qx,qy,qz,qw` before the time column. Without a
    /// header the first data line's field count says whether the time column is there. Every data line
    /// has the same fields: a whole frame number and numbers (`nan` and `inf` read as such; whether they
    /// may be there is the caller's rule). A malformed line is an error naming the file, line and field;
    /// a malformed last line without a newline is reported in ``Parsed/truncatedLastLine`` and left out.
    /// More than `maximumRows` data lines is an error. A line's fields are split only once it has the
    /// number expected, so a line of 100,000 commas costs no more than its bytes.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String,
                             maximumRows: Int = RawPose.maximumRows) throws(InputError) -> Parsed {
        var parsed = Parsed()
        var fieldCount: Int?
        var lineNumber = 0
        for line in ByteLines(bytes) {
            lineNumber = line.number
            if line.isBlankOrComment(in: bytes) { continue }
            let (start, end, terminated) = (line.start, line.end, line.terminated)
            var commas = 0
            for k in start..<end where bytes[k] == UInt8(ascii: ",") { commas += 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            if fieldCount == nil {
                let first = text.prefix { $0 != "," }.trimmingCharacters(in: .whitespaces)
                if Double(first) == nil {
                    let timed = commas == 8
                    let names = timed ? header : headerWithoutTime
                    func compact(_ s: String) -> String { String(s.lowercased().filter { $0 != " " && $0 != "\t" }) }
                    guard compact(text) == names else {
                        throw InputError(file: file, line: lineNumber,
                                         reason: "header is '\(String(text.prefix(200)))', expected '\(names)' (the columns in this order)")
                    }
                    parsed.hasHeader = true
                    parsed.hasTimeColumn = timed
                    fieldCount = timed ? 9 : 8
                    continue
                }
                parsed.hasTimeColumn = commas == 8
                fieldCount = parsed.hasTimeColumn ? 9 : 8
            }
            let expected = fieldCount ?? 8
            guard parsed.rows.count < maximumRows else {
                throw InputError(file: file, line: lineNumber, reason: "more than the limit of \(maximumRows) rows")
            }
            do throws(InputError) {
                guard commas == expected - 1 else {
                    throw InputError(file: file, line: lineNumber,
                                     reason: "expected \(expected) fields (\(expected == 9 ? header : headerWithoutTime)), found \(commas + 1)")
                }
                parsed.rows.append(try row(text, line: lineNumber, timed: expected == 9, file: file))
            } catch {
                guard !terminated else { throw error }
                parsed.truncatedLastLine = (lineNumber, error.reason)
            }
        }
        return parsed
    }

    /// One data line's fields.
    private static func row(_ text: String, line: Int, timed: Bool, file: String) throws(InputError) -> Row {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let names = (timed ? header : headerWithoutTime).split(separator: ",")
        guard let frame = Int(fields[0]) else {
            throw InputError(file: file, line: line, reason: "field 1 (frame) is '\(fields[0])', expected a whole number")
        }
        var v = [Double](repeating: 0, count: fields.count)
        for k in 1..<fields.count {
            guard let d = Double(fields[k]) else {
                throw InputError(file: file, line: line, reason: "field \(k + 1) (\(names[k])) is '\(fields[k])', expected a number")
            }
            v[k] = d
        }
        return Row(line: line, frame: frame, position: SIMD3(v[1], v[2], v[3]),
                   quaternion: Quaternion(x: v[4], y: v[5], z: v[6], w: v[7]), time: timed ? v[8] : nil)
    }
}
