import BundleIO
import Foundation

/// The workspaces of this process whose bundles are being built or wait for their run's end, so that
/// an interrupted run (SIGINT, SIGTERM) can take back what it wrote: ``withdrawAll()``.
///
/// Commits and withdrawals run under one lock, so a signal arriving during a commit waits for the
/// rename to finish and then takes it back; after ``withdrawAll()`` no workspace commits.
public enum PublicationRegistry {
    private static let lock = NSRecursiveLock()
    nonisolated(unsafe) private static var active: [ObjectIdentifier: BundleWorkspace] = [:]
    nonisolated(unsafe) private static var interrupted = false

    /// Runs `body` under the publishing lock and returns true; false (without running it) once the run
    /// was interrupted.
    static func whilePublishing(_ body: () -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if interrupted { return false }
        body()
        return true
    }

    /// Output folders this process created, removed again when a withdrawal leaves them empty
    /// (several workspaces may share one, whichever created it).
    nonisolated(unsafe) private static var createdFolders: [String] = []

    static func noteCreated(folder: String) {
        lock.lock()
        if !createdFolders.contains(folder) { createdFolders.append(folder) }
        lock.unlock()
    }

    /// Removes `folder` if this process created it and it is empty now (`rmdir`).
    static func removeIfCreatedAndEmpty(_ folder: String) {
        lock.lock()
        if createdFolders.contains(folder) { FileSystem.removeEmptyDirectory(folder) }
        lock.unlock()
    }

    static func add(_ workspace: BundleWorkspace) {
        lock.lock()
        active[ObjectIdentifier(workspace)] = workspace
        lock.unlock()
    }

    static func remove(_ workspace: BundleWorkspace) {
        lock.lock()
        active[ObjectIdentifier(workspace)] = nil
        lock.unlock()
    }

    /// Replaced bundles a confirmed run is deleting: an interrupt finishes deleting them (they are no
    /// longer under any bundle's name, and the new bundle stays published).
    nonisolated(unsafe) private static var discarding: [String] = []

    static func noteDiscarding(_ folder: String) {
        lock.lock()
        discarding.append(folder)
        lock.unlock()
    }

    static func doneDiscarding(_ folder: String) {
        lock.lock()
        discarding.removeAll { $0 == folder }
        lock.unlock()
    }

    /// Runs `body`, which writes the temporary file `path`: a signal meanwhile removes it.
    public static func removingOnInterrupt<T, E: Error>(_ path: String, _ body: () throws(E) -> T) throws(E) -> T {
        noteDiscarding(path)
        defer { doneDiscarding(path) }
        return try body()
    }

    /// Closes publishing for good before the process exits with the status it chose: a signal from
    /// then on finds the lock taken and waits until the process has exited; one already
    /// withdrawing holds the lock, so the exit waits and the signal ends the process instead. So the
    /// exit status always tells what is under the bundles' names.
    public static func closeBeforeExit() {
        lock.lock()
        interrupted = true
    }

    /// Withdraws every workspace in progress: partial folders removed, published bundles of an
    /// unfinished run removed and the bundles they replaced swapped back. For a signal handler that
    /// then exits: the lock stays taken, so nothing is committed afterwards.
    public static func withdrawAll() {
        lock.lock()
        interrupted = true
        for workspace in Array(active.values) { workspace.withdrawNow() }
        active = [:]
        for folder in discarding { FileSystem.removeTree(folder) }
        discarding = []
    }
}
