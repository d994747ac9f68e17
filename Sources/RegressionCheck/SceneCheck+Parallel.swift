import CaptureEngine
import Dispatch
import Synchronization

extension SceneCheck {
    /// Checks scene files in parallel on `jobs` threads (`DispatchQueue.concurrentPerform`), each scene
    /// once, results in the files' order with the wall time each took, seconds. With more than one job
    /// every scene renders on one row band (the cores are the jobs'); with one job, on two.
    public static func checkAll(files: [String], jobs: Int, thresholds: @escaping @Sendable (Thresholds) throws -> Thresholds,
                                update: Bool) -> [(check: SceneCheck, seconds: Double)] {
        let results = Mutex<[(SceneCheck, Double)?]>(Array(repeating: nil, count: files.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, files.count))) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < files.count else { return }
                let clock = ContinuousClock()
                let start = clock.now
                let check = SceneCheck(path: files[i], thresholds: thresholds, update: update,
                                       renderBands: jobs > 1 ? 1 : 2)
                let seconds = (clock.now - start).inSeconds
                results.withLock { $0[i] = (check, seconds) }
            }
        }
        return results.withLock { $0.compactMap { $0 } }.map { (check: $0.0, seconds: $0.1) }
    }
}
