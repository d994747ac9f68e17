import Dispatch

/// Runs per-frame jobs (encode and write a frame's files) on libdispatch's worker threads, at most
/// `window` at a time, and hands their failures back in submission order.
///
/// The caller submits frame after frame; once `window` jobs are in flight, ``submit(_:)`` first waits
/// for the oldest and returns its failure, if any. A failure therefore surfaces a fixed number of
/// submissions after its frame, whatever the threads' timing, so the session sees it at the same frame
/// in every run. ``drain()`` waits for every job and returns the first failure.
package final class FrameJobWindow<Failure: Error & Sendable> {
    /// Jobs in flight at most (at least 1).
    package let window: Int
    private var inFlight: [Job] = []
    private let queue = DispatchQueue.global(qos: .userInitiated)

    package init(window: Int) { self.window = max(1, window) }

    /// One job's completion signal and result (written by the job before it signals, read after).
    private final class Job: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var failure: Failure?
    }

    /// Starts `work` on a worker thread, after waiting for the oldest job when the window is full;
    /// returns that job's failure.
    package func submit(_ work: @escaping @Sendable () -> Failure?) -> Failure? {
        var failure: Failure?
        if inFlight.count >= window { failure = finishOldest() }
        let job = Job()
        inFlight.append(job)
        queue.async {
            job.failure = work()
            job.done.signal()
        }
        return failure
    }

    /// Waits for every job in flight; the first failure in submission order.
    package func drain() -> Failure? {
        var first: Failure?
        while !inFlight.isEmpty {
            let failure = finishOldest()
            if first == nil { first = failure }
        }
        return first
    }

    private func finishOldest() -> Failure? {
        let job = inFlight.removeFirst()
        job.done.wait()
        return job.failure
    }
}
