/// How the phone is held, as the camera's roll about its viewing axis.
public enum PhoneOrientation: String, Sendable, CaseIterable {
    /// Upright portrait: gravity along the camera's +X axis (roll -90 degrees).
    case portrait
    /// Landscape-right, the SDK's recording orientation: gravity along camera -Y (roll 0).
    case landscapeRight
    /// Landscape-left (reverse landscape): gravity along camera +Y (roll -180 degrees).
    case landscapeLeft

    /// Roll about the camera's viewing axis, radians (right-handed about camera +Z).
    public var rollRadians: Double {
        switch self {
        case .portrait: -Double.pi / 2
        case .landscapeRight: 0
        case .landscapeLeft: -Double.pi
        }
    }
}
