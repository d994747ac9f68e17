/// The behaviour switches where CubiCapture versions differ, read by the session where it acts on them.
/// Plain values; ``SDKProfile/behaviour`` gives each profile's.
public struct SDKBehaviour: Equatable, Sendable {
    /// Whether warnings are ranked (``SDKProfile/warningPriority(of:)``): a warning that fires while one
    /// of higher priority shows is not shown (no code, no feedback item, nor its clearing code later).
    public var appliesWarningPriorities: Bool

    public init(appliesWarningPriorities: Bool) {
        self.appliesWarningPriorities = appliesWarningPriorities
    }

    /// CubiCapture 2.10: warnings are ranked (Android SDK 2.10.1 README, "About warning priorities").
    public static let v2_10 = SDKBehaviour(appliesWarningPriorities: true)
}
