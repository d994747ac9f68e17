import BundleIO
import CaptureEngine
import CFileSystem
import Foundation
#if canImport(Glibc)
import Glibc
import JSONSupport
#endif

/// The folder one storage builds its bundle in, and the publishing of that bundle.
///
/// The bundle is built in a private partial folder next to its final place,
/// `<out>/.<name>.<pid>-<n>.partial`, held under an exclusive `flock` for as long as the run
/// writes it (the kernel releases the lock when the process dies, even by `kill -9`). A partial
/// folder of the same name whose lock is free belongs to a run that died: the next run removes it
/// instead of being blocked by it. When complete, the partial folder is renamed into place in one
/// step: `renameat2(RENAME_NOREPLACE)` without force (a bundle that appeared meanwhile is never
/// overwritten), `renameat2(RENAME_EXCHANGE)` with force (the old bundle moves to the private
/// partial name and is deleted only when the run ends well, ``confirm()``; ``withdraw()`` swaps it
/// back). So a kill at any moment leaves either the old or the new complete bundle under the name.
///
/// A storage reports a failure its scan survives (a file the SDK saves the bundle without) with
/// ``withhold(_:)``: such a bundle is then not published, since `capture-sim inspect` would reject it.
/// The workspace also keeps the session time (for the fault plan) and fires injected faults.
final class BundleWorkspace: WithdrawableOutput {
    let settings: BundleSettings
    var faults: FaultPlan
    /// The latest session time seen, seconds.
    var now = 0.0
    /// This run's private partial folder.
    let partialPath: String
    /// Whether this scan created the partial folder (and so may remove it).
    private(set) var created = false
    /// Whether the bundle was renamed into its final place.
    private(set) var committed = false
    /// With force, where the replaced bundle waits until ``confirm()`` (the partial path after the swap).
    private var replacedPath: String?
    /// The partial folder's descriptor holding the `flock`, -1 when none.
    private var lockDescriptor: Int32 = -1
    /// With force, the replaced bundle's descriptor holding its `flock` while it waits under the
    /// partial name (so that no other run takes it for a dead run's partial folder), -1 when none.
    private var replacedLockDescriptor: Int32 = -1
    /// The published bundle's folder (device, inode), to tell it from a bundle another run put under
    /// the name since.
    private var publishedIdentity: FileSystem.Identity?
    /// The failure that keeps a complete-looking bundle from being published, if any.
    private(set) var withheldBecause: ScanStorageError?

    init(settings: BundleSettings) {
        self.settings = settings
        faults = settings.faults
        partialPath = BundleSettings.join(settings.outputFolder, "." + settings.name + ".\(BundleWorkspace.uniqueSuffix()).partial")
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
        if replacedLockDescriptor >= 0 { close(replacedLockDescriptor) }
    }

    /// The folder files are written to now (the partial folder, or the final one once committed).
    var folder: String { committed ? settings.bundlePath : partialPath }

    /// `folder/relative`.
    func path(_ relative: String) -> String { folder + "/" + relative }

    /// Throws the fault's error when an injected fault fires for this operation.
    func check(_ file: ScanFile, _ operation: StorageFault.Operation, path: String) throws(ScanStorageError) {
        if faults.fires(file, operation, at: now) {
            throw ScanStorageError(file: file, opening: operation == .open,
                                   reason: "\(path): injected \(operation.rawValue) failure at \(NumberFormatting.fixed(now, decimals: 3)) s")
        }
    }

    /// Creates and locks the partial folder (code 58 on failure). Refuses when the bundle's name or uid
    /// is not a single file name, or when the bundle exists and `force` is off; removes partial
    /// folders of runs that died.
    func create() throws(ScanStorageError) {
        func failure(_ reason: String) -> ScanStorageError { ScanStorageError(file: .folder, opening: true, reason: reason) }
        if let problem = FileNameRule.problem(with: settings.name) {
            throw failure("bundle name '\(settings.name)': \(problem)")
        }
        if let problem = FileNameRule.problem(with: settings.metadata.uid) {
            throw failure("uid '\(settings.metadata.uid)': \(problem)")
        }
        try check(.folder, .open, path: partialPath)
        if !settings.force, FileSystem.exists(settings.bundlePath) {
            throw failure("\(settings.bundlePath) already exists; refusing to overwrite it without force")
        }
        // From the folder's creation until the workspace is in the registry, a signal removes the folder
        // under either of its names (the registry withdraws it from then on).
        let creating = partialPath + ".creating"
        try PublicationRegistry.removingOnInterrupt(creating) { () throws(ScanStorageError) in
            try PublicationRegistry.removingOnInterrupt(partialPath) { () throws(ScanStorageError) in
                do throws(FileSystemError) {
                    // A run started at the same moment may make the output folder first: then it is used as it is.
                    if !settings.outputFolder.isEmpty, !FileSystem.isDirectory(settings.outputFolder),
                       try FileSystem.makeDirectory(settings.outputFolder, existingIsFine: true) {
                        PublicationRegistry.noteCreated(folder: settings.outputFolder)
                    }
                    removeStalePartials()
                    // Created under a name no other run treats as stale, locked, then renamed to its partial name.
                    try FileSystem.makeDirectory(creating)
                    let fd = open(creating, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                        let reason = FileSystem.lastError()
                        if fd >= 0 { close(fd) }
                        rmdir(creating)
                        throw FileSystemError(call: "lock", path: creating, reason: reason)
                    }
                    lockDescriptor = fd
                    do throws(FileSystemError) { try FileSystem.rename(creating, to: partialPath) } catch {
                        close(fd)
                        lockDescriptor = -1
                        rmdir(creating)
                        throw error
                    }
                } catch {
                    PublicationRegistry.removeIfCreatedAndEmpty(settings.outputFolder)
                    throw failure(error.description)
                }
                created = true
                PublicationRegistry.add(self)
            }
        }
    }

    /// Removes `.<name>.*.partial` folders in the output folder whose lock no live run holds (and
    /// `.creating` ones whose run is gone).
    private func removeStalePartials() {
        let prefix = "." + settings.name + "."
        let folder = settings.outputFolder.isEmpty ? "." : settings.outputFolder
        for entry in (try? FileSystem.list(folder)) ?? [] where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            let isPartial = rest.hasSuffix(".partial") || rest == "partial"
            let isCreating = rest.hasSuffix(".partial.creating")
            guard isPartial || isCreating else { continue }
            let path = BundleSettings.join(settings.outputFolder, entry)
            if isCreating {
                // `<pid>-<n>.partial.creating`: only when that process is gone.
                guard let pid = Int32(rest.prefix { $0 != "-" }), kill(pid, 0) != 0, errno == ESRCH else { continue }
                FileSystem.removeTree(path)
                continue
            }
            let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                FileSystem.removeTree(path)
            }
            close(fd)
        }
    }

    /// Creates a subfolder of the partial folder.
    func makeSubfolder(_ relative: String, for file: ScanFile) throws(ScanStorageError) {
        do throws(FileSystemError) { try FileSystem.makeDirectory(path(relative), existingIsFine: true) }
        catch { throw ScanStorageError(file: file, opening: true, reason: error.description) }
    }

    /// Writes a whole file atomically (temporary name, then rename), failing as `file`.
    func write(_ bytes: [UInt8], to relative: String, as file: ScanFile) throws(ScanStorageError) {
        let target = path(relative)
        try check(file, .open, path: target)
        try check(file, .write, path: target)
        do throws(FileSystemError) { try FileSystem.writeAtomically(bytes, to: target) }
        catch { throw ScanStorageError(file: file, opening: false, reason: error.description) }
    }

    func write(_ text: String, to relative: String, as file: ScanFile) throws(ScanStorageError) {
        try write(Array(text.utf8), to: relative, as: file)
    }

    /// Keeps the bundle from being published: a file the scan survives without could not be written
    /// (the first such failure is kept).
    func withhold(_ failure: ScanStorageError) {
        withheldBecause = withheldBecause ?? failure
    }

    /// Renames the partial folder into its final place: without force only if nothing is there;
    /// with force by swapping it with the existing bundle, which is kept aside until ``confirm()``.
    /// A withheld bundle stays in its partial folder (``publicationProblem`` says why).
    func commit(as file: ScanFile) throws(ScanStorageError) {
        var failure: ScanStorageError?
        let ran = PublicationRegistry.whilePublishing {
            do throws(ScanStorageError) { try commitNow(as: file) } catch { failure = error }
        }
        if let failure { throw failure }
        if !ran {
            throw ScanStorageError(file: file, opening: false, reason: "\(settings.bundlePath) not published: the run was interrupted")
        }
    }

    private func commitNow(as file: ScanFile) throws(ScanStorageError) {
        guard !committed, withheldBecause == nil else { return }
        let final = settings.bundlePath
        func failure(_ reason: String) -> ScanStorageError { ScanStorageError(file: file, opening: false, reason: reason) }
        publishedIdentity = FileSystem.identity(of: lockDescriptor)
        // The bundle about to be replaced is locked first, so that once it waits under the partial name
        // no other run's clean-up takes it for a dead run's partial folder.
        let oldLock = settings.force ? FileSystem.openLockedDirectory(final) : -1
        if settings.force, capture_sim_rename_exchange(partialPath, final) == 0 {
            replacedPath = partialPath
            replacedLockDescriptor = oldLock
        } else if settings.force, errno != ENOENT, errno != EINVAL, errno != ENOSYS {
            let reason = FileSystem.lastError()
            if oldLock >= 0 { close(oldLock) }
            throw failure("rename \(partialPath) <-> \(final): \(reason)")
        } else if capture_sim_rename_noreplace(partialPath, final) != 0 {
            switch errno {
            case EEXIST, ENOTEMPTY:
                throw failure("\(final) appeared while scanning; refusing to overwrite it without force")
            case EINVAL, ENOSYS:
                try commitWithoutRenameat2(final, failure)
            default:
                throw failure("rename \(partialPath) -> \(final): \(FileSystem.lastError())")
            }
            if oldLock >= 0 { close(oldLock) }
        }
        committed = true
        releaseLock()
    }

    /// The same steps where the file system cannot rename atomically: the old bundle is renamed aside
    /// first (a kill between the two renames leaves it under the private partial name).
    private func commitWithoutRenameat2(_ final: String, _ failure: (String) -> ScanStorageError) throws(ScanStorageError) {
        let aside = partialPath + ".replaced"
        if FileSystem.exists(final) {
            guard settings.force else { throw failure("\(final) appeared while scanning; refusing to overwrite it without force") }
            do throws(FileSystemError) { try FileSystem.rename(final, to: aside) } catch { throw failure(error.description) }
            replacedPath = aside
        }
        do throws(FileSystemError) { try FileSystem.rename(partialPath, to: final) } catch {
            if let replacedPath { try? FileSystem.rename(replacedPath, to: final) }
            replacedPath = nil
            throw failure(error.description)
        }
    }

    /// Why the bundle is not (or not yet) published under its name, nil once it is.
    var publicationProblem: String? {
        if committed { return nil }
        if let withheldBecause {
            return "\(settings.bundlePath) not published: \(withheldBecause.reason) (a bundle without that file fails inspect)"
        }
        return "\(settings.bundlePath) not published"
    }

    /// The run ended well: deletes the bundle this one replaced.
    ///
    /// The workspace leaves the registry first, under the publishing lock, so that a signal from then
    /// on never swaps the replaced bundle back while it is being deleted: the new bundle stays
    /// published, and the signal handler only finishes deleting the replaced one
    /// (``PublicationRegistry/noteDiscarding(_:)``). A signal before that point swaps the old bundle,
    /// still whole, back.
    func confirm() {
        var discarded: String?
        let ran = PublicationRegistry.whilePublishing {
            discarded = replacedPath
            replacedPath = nil
            if let discarded { PublicationRegistry.noteDiscarding(discarded) }
            PublicationRegistry.remove(self)
        }
        guard ran, let discarded else { return }
        FileSystem.removeTree(discarded)
        PublicationRegistry.doneDiscarding(discarded)
        releaseReplacedLock()
    }

    /// Takes back everything this scan did: the partial folder is removed, a published bundle is
    /// removed and the bundle it replaced swapped back in.
    func withdraw() {
        _ = PublicationRegistry.whilePublishing { withdrawNow() }
    }

    /// ``withdraw()`` for the registry, which holds the publishing lock already.
    func withdrawNow() {
        guard created else { return }
        // Only this run's own bundle is taken back: one that another run published under the name
        // since stays (the replaced bundle is then only deleted).
        let stillOurs = committed && publishedIdentity != nil && FileSystem.identity(of: settings.bundlePath) == publishedIdentity
        if committed, let replacedPath {
            if stillOurs, capture_sim_rename_exchange(replacedPath, settings.bundlePath) != 0 {
                FileSystem.removeTree(settings.bundlePath)
                try? FileSystem.rename(replacedPath, to: settings.bundlePath)
            }
            FileSystem.removeTree(replacedPath)
        } else if committed {
            if stillOurs { FileSystem.removeTree(settings.bundlePath) }
        } else {
            // Writer threads may still be creating files in it: remove it until it is gone.
            for _ in 0..<5 where FileSystem.exists(partialPath) { FileSystem.removeTree(partialPath) }
        }
        releaseLock()
        releaseReplacedLock()
        PublicationRegistry.removeIfCreatedAndEmpty(settings.outputFolder)
        replacedPath = nil
        created = false
        committed = false
        PublicationRegistry.remove(self)
    }


    private func releaseLock() {
        if lockDescriptor >= 0 { close(lockDescriptor) }
        lockDescriptor = -1
    }

    private func releaseReplacedLock() {
        if replacedLockDescriptor >= 0 { close(replacedLockDescriptor) }
        replacedLockDescriptor = -1
    }

    nonisolated(unsafe) private static var counter = 0
    private static let counterLock = NSLock()

    /// `<pid>-<n>`: unique among the live processes' workspaces.
    private static func uniqueSuffix() -> String {
        counterLock.lock()
        defer { counterLock.unlock() }
        counter += 1
        return "\(getpid())-\(counter)"
    }
}
