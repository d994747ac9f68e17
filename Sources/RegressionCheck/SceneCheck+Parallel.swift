import CaptureEngine
import Dispatch
import Synchronization

extension SceneCheck {
    /// Checks scene files in parallel on `jobs` threads (`DispatchQueue.concurrentPerform`), each scene
    /// once, results in the files' order with the wall time each took, seconds. With more than one job
    /// every scene renders on one row band (the cores are the jobs'); with one job, on two.
    ///
    /// `onEach` is called with each result in scene order as soon as it and every earlier one are done
    /// (from a worker thread, one call at a time), so a command can print the scenes as they finish.
    public static func checkAll(files: [String], jobs: Int, thresholds: @escaping @Sendable (Thresholds) throws -> Thresholds,
                                update: Bool,
                                onEach: (@Sendable (Int, SceneCheck, Double) -> Void)? = nil) -> [(check: SceneCheck, seconds: Double)] {
        let results = Mutex<(done: [(SceneCheck, Double)?], reported: Int)>((Array(repeating: nil, count: files.count), 0))
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
                results.withLock { state in
                    state.done[i] = (check, seconds)
                    while state.reported < files.count, let (check, seconds) = state.done[state.reported] {
                        onEach?(state.reported, check, seconds)
                        state.reported += 1
                    }
                }
            }
        }
        return results.withLock { $0.done.compactMap { $0 } }.map { (check: $0.0, seconds: $0.1) }
    }
}
