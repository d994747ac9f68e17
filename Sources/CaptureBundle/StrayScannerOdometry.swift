import CaptureEngine
import Foundation
import JSONSupport

/// Stray Scanner's `odometry.csv`, the one reader of it for `replay` and `lidar stats`: a header
/// `timestamp, frame, x, y, z, qx, qy, qz, qw`, then one line per frame: the time in seconds, the frame
/// number (its depth and confidence files' number), and the camera-to-world pose: position in metres,
/// rotation as a quaternion, scalar last.
///
/// **Convention.** Stray writes the pose of the OpenCV camera (x right, y down, z forward) in ARKit's world
/// (Y up, metres): ARKit's camera turned 180 degrees about its x axis (``cameraConvention``). Reading it as
/// ARKit's camera (x right, y up, z back) flips every frame's view and smears a fusion of the capture.
///
/// Lines end with `\n` or `\r\n`; blank lines and lines starting with `#` are skipped. A first data line
/// whose first field is not a number is the header, which must name the columns in this order. A
/// malformed line is an error naming the file, line and field; a malformed last line without a newline is
/// reported as truncated (``Parsed/truncatedLastLine``) and left out.
public enum StrayScannerOdometry {
    /// The columns, in order.
    public static let fieldNames = "timestamp, frame, x, y, z, qx, qy, qz, qw"
    /// The camera axes of the poses: OpenCV's, in a Y-up world.
    public static let cameraConvention = "OpenCV camera (x right, y down, z forward) in a Y-up world"

    /// One line of the file.
    public struct Row: Sendable, Equatable {
        /// Line number, from 1.
        public let line: Int
        /// Seconds.
        public let timestamp: Double
        /// The frame number.
        public let frame: Int64
        /// x, y, z (metres) and qx, qy, qz, qw as written (the quaternion not normalised).
        public let position: SIMD3<Double>
        public let quaternion: SIMD4<Double>

        /// Whether every number is finite.
        public var isFinite: Bool {
            timestamp.isFinite && position.x.isFinite && position.y.isFinite && position.z.isFinite
                && quaternion.x.isFinite && quaternion.y.isFinite && quaternion.z.isFinite && quaternion.w.isFinite
        }

        /// The camera-to-world pose with the OpenCV camera, as written (quaternion normalised).
        public var cameraToWorld: RigidTransform {
            RigidTransform(rotation: Quaternion(vector: quaternion).normalized, translation: position)
        }
    }

    /// A parsed file: its rows in file order, and the last line when it was incomplete and malformed.
    public struct Parsed: Sendable {
        public var rows: [Row]
        public var truncatedLastLine: (line: Int, reason: String)?
    }

    /// Parses the file's bytes; `file` names it in errors. More than `maximumRows` data lines is an error.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, maximumRows: Int = 1 << 18) throws(InputError) -> Parsed {
        var parsed = Parsed(rows: [], truncatedLastLine: nil)
        var lineNumber = 0, sawData = false
        for line in ByteLines(bytes) {
            lineNumber = line.number
            if line.isBlankOrComment(in: bytes) { continue }
            let terminated = line.terminated
            let trimmed = String(decoding: UnsafeBufferPointer(rebasing: bytes[line.start..<line.end]), as: UTF8.self)
            let fields = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpacesAndTabs() }
            if !sawData {
                sawData = true
                if Double(fields[0]) == nil {
                    func compact(_ s: String) -> String { String(s.lowercased().filter { $0 != " " && $0 != "\t" }) }
                    guard compact(trimmed) == compact(fieldNames) else {
                        throw InputError(file: file, line: lineNumber,
                                         reason: "header is '\(trimmed)', expected '\(fieldNames)' (the columns in this order)")
                    }
                    continue
                }
            }
            guard parsed.rows.count < maximumRows else {
                throw InputError(file: file, line: lineNumber, reason: "more than the limit of \(maximumRows) poses a log may hold")
            }
            do throws(InputError) {
                parsed.rows.append(try row(fields, line: lineNumber, file: file))
            } catch {
                guard !terminated else { throw error }
                parsed.truncatedLastLine = (lineNumber, error.reason)
            }
        }
        guard !parsed.rows.isEmpty || parsed.truncatedLastLine != nil else {
            let what = sawData ? "only a header" : (lineNumber == 0 ? "empty" : "only comments or blank lines")
            throw InputError(file: file, reason: "no data lines (the log is \(what)); expected lines of \(fieldNames)")
        }
        return parsed
    }

    private static func row(_ fields: [String], line: Int, file: String) throws(InputError) -> Row {
        guard fields.count == 9 else {
            throw InputError(file: file, line: line, reason: "expected 9 fields (\(fieldNames)), found \(fields.count)")
        }
        let names = fieldNames.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let frame = Int64(fields[1].hasPrefix("+") ? String(fields[1].dropFirst()) : fields[1]) else {
            throw InputError(file: file, line: line, reason: "field 2 (frame) is '\(fields[1])', expected a whole number")
        }
        var values = [Double](repeating: 0, count: 9)
        for f in 0..<9 where f != 1 {
            guard let value = Double(fields[f]) else {
                throw InputError(file: file, line: line, reason: "field \(f + 1) (\(names[f])) is '\(fields[f])', expected a number")
            }
            values[f] = value
        }
        return Row(line: line, timestamp: values[0], frame: frame, position: SIMD3(values[2], values[3], values[4]),
                   quaternion: SIMD4(values[5], values[6], values[7], values[8]))
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpacesAndTabs() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
