/// The behaviour switches where CubiCapture versions differ, read by the session where it acts on them.
/// Plain values; ``SDKProfile/behaviour`` gives each profile's.
public struct SDKBehaviour: Equatable, Sendable {
    /// Whether a higher-priority warning hides a lower one (``SDKProfile/warningPriority(of:)``): the
    /// hidden warning's code is not emitted while the higher one shows.
    public var appliesWarningPriorities: Bool

    public init(appliesWarningPriorities: Bool) {
        self.appliesWarningPriorities = appliesWarningPriorities
    }

    /// CubiCapture 2.10.
    public static let v2_10 = SDKBehaviour(appliesWarningPriorities: false)
}
