/// The camera permission the app holds when the scanning view is presented (iOS's
/// `AVAuthorizationStatus` reduced to what the SDK can act on).
public enum CameraPermission: String, Sendable, CaseIterable, Codable {
    /// The camera may be used (the SDK asks at the first record press if the app has not asked yet;
    /// a granted answer is this).
    case granted
    /// The person refused the camera: "The camera permission is required for the CubiCasa SDK, it cannot
    /// function without it" (README, "Permissions"). No frames arrive.
    case denied
}
