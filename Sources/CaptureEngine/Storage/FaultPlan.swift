
/// Deterministic file failures for tests and scenes. Each fault fires once: at the first matching
/// operation at or after its time; to fail twice (e.g. zip and re-zip), list the fault twice.
public struct FaultPlan: Equatable, Sendable {
    /// Faults not yet fired, in the order given.
    public private(set) var pending: [StorageFault]
    /// Faults that fired, with the session time they fired at (seconds).
    public private(set) var fired: [(fault: StorageFault, time: Double)] = []

    public init(_ faults: [StorageFault] = []) { pending = faults }

    public static func == (a: FaultPlan, b: FaultPlan) -> Bool {
        a.pending == b.pending && a.fired.map(\.fault) == b.fired.map(\.fault) && a.fired.map(\.time) == b.fired.map(\.time)
    }

    /// No faults.
    public static let none = FaultPlan()

    /// Whether `operation` on `file` at `time` (seconds) fails; consumes the fault that fires.
    public mutating func fires(_ file: ScanFile, _ operation: StorageFault.Operation, at time: Double) -> Bool {
        guard let i = pending.firstIndex(where: {
            $0.file == file && $0.operation == operation && time >= ($0.atSeconds ?? -.infinity)
        }) else { return false }
        fired.append((pending.remove(at: i), time))
        return true
    }
}
