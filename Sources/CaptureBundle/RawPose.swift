import BundleIO
import CaptureEngine
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

    /// Parses `raw/poses.csv`: the header `frame,x,y,z,qx,qy,qz,qw,time` (or, written before the time
    /// column, `frame,x,y,z,qx,qy,qz,qw`), then one row per frame with finite numbers and a unit
    /// quaternion (within 1e-3); errors name the file and line.
    public static func parseCSV(_ text: String, file: String = "raw/poses.csv") throws(InputError) -> [RawPose] {
        try parseCSV(bytes: Array(text.utf8), file: file)
    }

    /// Parses `raw/poses.csv` from its bytes a line at a time (lines end with `\n` or `\r\n`), at most
    /// ``maximumRows`` rows; a line is split into fields only once it has the fields expected (9, or 8 without the time column).
    public static func parseCSV(bytes: [UInt8], file: String = "raw/poses.csv") throws(InputError) -> [RawPose] {
        var poses: [RawPose] = []
        var failure: InputError?
        var sawHeader = false
        var timed = false
        TextLines.forEach(bytes) { number, line in
            do throws(InputError) {
                if !sawHeader {
                    sawHeader = true
                    let header = String(decoding: line.prefix(200), as: UTF8.self)
                    guard header == Self.header || header == Self.headerWithoutTime else {
                        throw InputError(file: file, location: "line 1", reason: "header is '\(header)', expected '\(Self.header)' (or, without the time column, '\(Self.headerWithoutTime)')")
                    }
                    timed = header == Self.header
                    return true
                }
                guard poses.count < maximumRows else {
                    throw InputError(file: file, location: "line \(number)", reason: "more than the limit of \(maximumRows) rows")
                }
                poses.append(try row(line, timed: timed, file: file, location: "line \(number)"))
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        guard sawHeader else { throw InputError(file: file, location: "line 1", reason: "empty file") }
        return poses
    }

    /// One data row.
    private static func row(_ line: ArraySlice<UInt8>, timed: Bool, file: String, location: String) throws(InputError) -> RawPose {
        let commas = line.reduce(0) { $0 + ($1 == UInt8(ascii: ",") ? 1 : 0) }
        let expected = timed ? 9 : 8
        guard commas == expected - 1 else {
            throw InputError(file: file, location: location, reason: "\(commas + 1) fields, expected \(expected)")
        }
        let fields = String(decoding: line, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
        guard let frame = Int(fields[0]) else {
            throw InputError(file: file, location: location, reason: "frame '\(fields[0])' is not an integer")
        }
        var v: [Double] = []
        for (j, f) in fields.dropFirst().enumerated() {
            guard let d = Double(f), d.isFinite else {
                let names = ["x", "y", "z", "qx", "qy", "qz", "qw", "time"]
                throw InputError(file: file, location: location, reason: "\(names[j]) '\(f)' is not a finite number")
            }
            v.append(d)
        }
        let q = Quaternion(x: v[3], y: v[4], z: v[5], w: v[6])
        guard abs(q.length - 1) < 1e-3 else {
            throw InputError(file: file, location: location, reason: "quaternion length \(q.length) is not 1")
        }
        return RawPose(frame: frame, pose: RigidTransform(rotation: q, translation: SIMD3(v[0], v[1], v[2])),
                       time: timed ? v[7] : nil)
    }
}
