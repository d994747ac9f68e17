import Foundation

/// What a process is writing that a signal must take back: a bundle being built, an export, a
/// temporary file. ``PublicationRegistry/withdrawAll()`` calls ``withdrawNow()`` under the publishing lock.
package protocol WithdrawableOutput: AnyObject {
    /// Removes what this output wrote (and puts back what it replaced); the caller holds the lock.
    func withdrawNow()
}

/// The one discipline for every file and folder the tool creates in a place others can see: each new
/// name is created, and each finished output published (renamed into place), under one lock, and only
/// while the process has not been interrupted. A signal handler takes the lock for good
/// (``withdrawAll()``) and removes the outputs in progress; a writer thread that comes to create or
/// publish afterwards waits on the lock until the process exits. So after a signal nothing new appears
/// in an output's partial folder while it is removed, and nothing is published.
///
/// Files already open keep being written by their threads, into names already removed: those bytes go
/// nowhere.
public enum PublicationRegistry {
    private static let lock = NSRecursiveLock()
    nonisolated(unsafe) private static var active: [ObjectIdentifier: WithdrawableOutput] = [:]
    nonisolated(unsafe) private static var interrupted = false

    /// Runs `body` under the publishing lock and returns true; false (without running it) once the run
    /// was interrupted.
    package static func whilePublishing(_ body: () -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if interrupted { return false }
        body()
        return true
    }

    /// Runs `body`, which creates a name (a file, a folder) inside an output, under the publishing lock;
    /// throws `interrupted()` instead once the process was interrupted, so that nothing is created in a
    /// folder a signal is removing.
    package static func creating<T, E: Error>(_ body: () throws(E) -> T, interrupted: () -> E) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        if Self.interrupted { throw interrupted() }
        return try body()
    }

    /// Whether a signal has closed publishing (for loops that stop early; the lock decides).
    package static var isInterrupted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return interrupted
    }

    /// Output folders this process created, removed again when a withdrawal leaves them empty
    /// (several workspaces may share one, whichever created it).
    nonisolated(unsafe) private static var createdFolders: [String] = []

    package static func noteCreated(folder: String) {
        lock.lock()
        if !createdFolders.contains(folder) { createdFolders.append(folder) }
        lock.unlock()
    }

    /// Removes `folder` if this process created it and it is empty now (`rmdir`).
    package static func removeIfCreatedAndEmpty(_ folder: String) {
        lock.lock()
        if createdFolders.contains(folder) { FileSystem.removeEmptyDirectory(folder) }
        lock.unlock()
    }

    package static func add(_ output: WithdrawableOutput) {
        lock.lock()
        active[ObjectIdentifier(output)] = output
        lock.unlock()
    }

    package static func remove(_ output: WithdrawableOutput) {
        lock.lock()
        active[ObjectIdentifier(output)] = nil
        lock.unlock()
    }

    /// Paths a signal removes: temporary files and partial folders being written, replaced bundles a
    /// confirmed run is deleting (no longer under any bundle's name, so the new bundle stays).
    nonisolated(unsafe) private static var discarding: [String] = []

    package static func noteDiscarding(_ path: String) {
        lock.lock()
        discarding.append(path)
        lock.unlock()
    }

    package static func doneDiscarding(_ path: String) {
        lock.lock()
        if let index = discarding.lastIndex(of: path) { discarding.remove(at: index) }
        lock.unlock()
    }

    /// Runs `body`, which writes the temporary file or folder `path`: a signal meanwhile removes it.
    public static func removingOnInterrupt<T, E: Error>(_ path: String, _ body: () throws(E) -> T) throws(E) -> T {
        noteDiscarding(path)
        defer { doneDiscarding(path) }
        return try body()
    }

    /// Closes publishing for good before the process exits with the status it chose: a signal from
    /// then on finds the lock taken and waits until the process has exited; one already
    /// withdrawing holds the lock, so the exit waits and the signal ends the process instead. So the
    /// exit status always tells what is under the outputs' names.
    public static func closeBeforeExit() {
        lock.lock()
        interrupted = true
    }

    /// Withdraws every output in progress: partial folders and temporary files removed, published
    /// bundles of an unfinished run removed and the bundles they replaced swapped back. For a signal
    /// handler that then exits: the lock stays taken, so nothing is created or published afterwards.
    public static func withdrawAll() {
        lock.lock()
        interrupted = true
        for output in Array(active.values) { output.withdrawNow() }
        active = [:]
        for path in discarding { FileSystem.removeTree(path) }
        discarding = []
    }
}
