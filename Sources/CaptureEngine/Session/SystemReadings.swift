/// What the system samples said last, so that later samples report changes only (70-79).
struct SystemReadings: Sendable {
    /// Whether a system sample came yet (the first reports everything it carries).
    var started = false
    var thermal: ThermalState?
    var lowPower: Bool?
    var processors: (active: Int?, total: Int?)
    /// The battery charge of the latest sample that carried one, percent.
    var batteryPercent: Int?
    /// The free storage of the latest sample that carried it, bytes (what zipping has to write into).
    var storageFreeBytes: Int64?
}
