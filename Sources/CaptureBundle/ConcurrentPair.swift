import Dispatch

/// Runs two independent computations at the same time (libdispatch's `concurrentPerform` over two
/// iterations: one on the calling thread, one on another core) and returns both results.
/// Used for a frame's depth and confidence PNGs; the results do not depend on the scheduling.
enum ConcurrentPair {
    /// `(first(), second())`, computed concurrently.
    static func run<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
        let results = Results<A, B>()
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let jobs = Jobs(first: first, second: second)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 { results.first = jobs.first() } else { results.second = jobs.second() }
                }
            }
        }
        guard let a = results.first, let b = results.second else {
            // concurrentPerform runs every iteration before returning.
            preconditionFailure("concurrentPerform returned before both iterations ran")
        }
        return (a, b)
    }

    /// The two closures, handed to the worker threads (each runs exactly once, on one thread).
    private struct Jobs<A, B>: @unchecked Sendable {
        var first: () -> A
        var second: () -> B
    }

    /// Where each iteration leaves its result (each field written by one iteration only, read after both).
    private final class Results<A, B>: @unchecked Sendable {
        var first: A?
        var second: B?
    }
}
