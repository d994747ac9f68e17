extension Duration {
    /// The duration in seconds, as a `Double` (for reports of measured times; the engine reads no clock).
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
