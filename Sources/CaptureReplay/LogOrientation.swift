import CaptureEngine
import JSONSupport

/// How a log's phone was held, from the direction of gravity in the camera's frame on each frame: in
/// landscape gravity runs along the camera's y axis, in portrait along its x axis; a phone facing the
/// floor or the ceiling (gravity within 30 degrees of the view axis) counts as neither. `replay` prints it
/// with what the profile does about it (issue 48: a portrait log replayed under 2.10).
public struct LogOrientation: Equatable, Sendable {
    /// Frames held in landscape, in portrait, and flat (facing the floor or ceiling).
    public var landscape = 0, portrait = 0, flat = 0

    /// Counts the frames of a log's inputs (their poses; no depth map is read).
    public init(_ inputs: ReplayInputs) { self.init(inputs.withoutDepth) }

    /// Counts the frames of `inputs`.
    public init(_ inputs: [SessionInput]) {
        for input in inputs {
            guard case .frame(let frame) = input.kind, frame.transform.isFinite else { continue }
            // World -Y in camera coordinates: the rotation's transpose applied to (0, -1, 0).
            let g = frame.transform.rotation.conjugate.act(SIMD3(0, -1, 0))
            if abs(g.z) > 0.866 { flat += 1 } else if abs(g.x) > abs(g.y) { portrait += 1 } else { landscape += 1 }
        }
    }

    public var frames: Int { landscape + portrait + flat }

    /// One line for standard error: the shares, and what `sdk` does with a phone held so, e.g.
    /// "orientation: portrait 96 % of 1653 frames, landscape 4 %; CubiCapture 2.10 records only in
    /// landscape (0 before 1): ...".
    public func summary(sdk: SDKProfile, landscapeGating: Bool) -> String? {
        guard frames > 0 else { return nil }
        func percent(_ n: Int) -> String { NumberFormatting.fixed(100 * Double(n) / Double(frames), decimals: 0) + " %" }
        var line = "orientation: portrait \(percent(portrait)) of \(frames) frames, landscape \(percent(landscape))"
            + (flat > 0 ? ", facing the floor or ceiling \(percent(flat))" : "")
        if sdk.behaviour.portraitOnly {
            line += "; CubiCapture \(sdk.name) scans in portrait"
        } else if portrait > landscape {
            line += "; CubiCapture \(sdk.name) records only in landscape (0 before 1): a phone held so would be asked to rotate and"
                + " would not start recording" + (landscapeGating ? "" : "; this replay records from the first frame without that gate")
        }
        return line + "; sideways is measured across the view in the horizontal plane, whatever the roll"
    }
}
