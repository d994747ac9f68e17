import CaptureEngine
import JSONSupport

/// A TUM trajectory: one line per frame, `timestamp tx ty tz qx qy qz qw` (seconds; camera-to-world
/// translation in metres; rotation as a unit quaternion, scalar last, qw >= 0), after `#` comment lines
/// that say what the numbers are. evo (`evo_traj tum`) and the TUM RGB-D benchmark's tools read it.
public enum TUMTrajectory {
    /// The file's text for `frames` (their poses in the export world, OpenCV camera). Numbers are in
    /// shortest round-trip form, so the poses read back bit for bit.
    public static func text(frames: [ExportFrame], source: String) -> String {
        var out = "# capture-sim export of \(source): \(frames.count) frames\n"
        out += "# timestamp tx ty tz qx qy qz qw: seconds on the capture clock; camera-to-world; "
        out += "world Z up (right-handed, metres); camera OpenCV (x right, y down, z forward)\n"
        for frame in frames {
            let q = canonical(frame.cameraToWorld.rotation)
            let t = frame.cameraToWorld.translation
            out += [frame.time, t.x, t.y, t.z, q.x, q.y, q.z, q.w].map(number).joined(separator: " ") + "\n"
        }
        return out
    }

    /// The unit quaternion with qw >= 0 (the same rotation).
    static func canonical(_ q: Quaternion) -> Quaternion {
        let n = q.normalized
        return n.w < 0 ? Quaternion(x: -n.x, y: -n.y, z: -n.z, w: -n.w) : n
    }

    /// Shortest round-trip text of a number, as the bundles' JSON writes it.
    static func number(_ value: Double) -> String { JSONValue.number(value).serialized() }
}
