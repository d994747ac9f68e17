import Foundation

/// A thread of its own that runs one block transfer (a `pwrite` of up to 8 MiB or a `pread` of 1 MiB) at a time,
/// so that the thread handing them over goes on computing while the disk works: write-behind for
/// ``DirectFileWriter``, read-ahead for ``BlockFileSource``.
///
/// Not libdispatch: a transfer blocks its thread for a millisecond or more, and libdispatch's shared
/// pool has one thread per core, which the raw package's PNG jobs need.
package final class BlockIOThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: (@Sendable () -> Void)?
    private var busy = false
    private var finishing = false

    package init() {
        let thread = Thread { [self] in run() }
        thread.name = "capture-sim block I/O"
        thread.start()
    }

    /// Hands `work` to the thread, after waiting for the transfer before it to finish.
    package func submit(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        while pending != nil || busy { condition.wait() }
        pending = work
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the last transfer handed over has finished.
    package func waitUntilIdle() {
        condition.lock()
        while pending != nil || busy { condition.wait() }
        condition.unlock()
    }

    /// Waits for the last transfer, then ends the thread (it holds the object until then).
    package func finish() {
        condition.lock()
        while pending != nil || busy { condition.wait() }
        finishing = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while true {
            while pending == nil && !finishing { condition.wait() }
            guard let work = pending else { break }
            pending = nil
            busy = true
            condition.unlock()
            work()
            condition.lock()
            busy = false
            condition.broadcast()
        }
        condition.unlock()
    }
}
