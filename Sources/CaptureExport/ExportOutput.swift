import BundleIO
import CFileSystem
#if canImport(Glibc)
import Glibc
#endif

/// Where an export is written: a private partial folder beside `--out`
/// (`.<name>.<pid>-<n>.export.partial`, created with `mkdir`, which never follows or reuses anything
/// planted under that name) that holds the export (a folder export is the partial folder itself; a
/// one-file export is `<partial>/<name>`), renamed into place in one step when complete. So `--out`
/// holds either nothing, the previous export (without `--force`, never replaced) or the whole new one.
///
/// Every name inside the partial folder is created, and the export published, under
/// ``PublicationRegistry``'s lock: a signal removes the partial folder while no writer can add to it,
/// and nothing is published after a signal.
///
/// Publishing uses Linux's `renameat2`: `RENAME_NOREPLACE` without force, `RENAME_EXCHANGE` with force
/// (the old export then takes the new one's place in the partial folder and is removed with it). Partial
/// folders of exports whose process is gone are removed when the next export of the same name starts.
package final class ExportOutput {
    /// The path asked for (`--out`).
    package let finalPath: String
    /// The private partial folder.
    package let partialPath: String
    /// Where the export itself is built: the partial folder, or the one file inside it.
    package let contentPath: String
    /// Whether the export is a folder (else one file).
    package let isFolder: Bool
    /// Whether an existing `--out` is replaced.
    package let force: Bool
    private var published = false

    /// Prepares to write `path`: refuses an existing one without `force` and an empty path, removes stale
    /// partials of the same name, and creates the partial folder, registered for removal on a signal.
    package init(path: String, isFolder: Bool, force: Bool) throws(FileSystemError) {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard !path.isEmpty else { throw FileSystemError(reason: "--out is empty: give a path to write the export to") }
        finalPath = path
        self.isFolder = isFolder
        self.force = force
        let slash = path.lastIndex(of: "/")
        let parent = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else {
            throw FileSystemError(path: path, reason: "not a file or folder name to write the export to")
        }
        let prefix = (parent.isEmpty ? "" : parent + "/") + "." + FileSystem.shortened(name) + "."
        if !force, FileSystem.exists(path) {
            throw FileSystemError(path: path, reason: "already exists; give --force to replace it")
        }
        if FileSystem.exists(path), FileSystem.isDirectory(path) != isFolder {
            throw FileSystemError(path: path, reason: isFolder ? "is a file; this export is a folder" : "is a folder; this export is one file")
        }
        guard FileSystem.isDirectory(parent.isEmpty ? "/" : parent) else {
            throw FileSystemError(path: path, reason: "its folder \(parent.isEmpty ? "/" : parent) does not exist")
        }
        Self.removeStalePartials(parent: parent.isEmpty ? "/" : parent, name: FileSystem.shortened(name))
        // A name of this process's own: `<pid>-<n>`, the next `n` when something is there already.
        var made: String?
        for n in 1...1000 {
            let candidate = prefix + "\(getpid())-\(n).export.partial"
            let created = try PublicationRegistry.creating({ () throws(FileSystemError) -> Bool in
                do throws(FileSystemError) {
                    try FileSystem.makeDirectory(candidate)
                } catch {
                    if error.code == EEXIST { return false }
                    throw error
                }
                PublicationRegistry.noteDiscarding(candidate)
                return true
            }, interrupted: { FileSystem.interruptedError(path) })
            if created {
                made = candidate
                break
            }
        }
        guard let made else { throw FileSystemError(path: path, reason: "no free partial folder name beside it") }
        partialPath = made
        contentPath = isFolder ? made : made + "/" + name
    }

    deinit { PublicationRegistry.doneDiscarding(partialPath) }

    /// A path inside the partial folder (folder exports).
    package func path(_ relative: String) -> String { partialPath + "/" + relative }

    /// Runs `body`, which creates a name inside the partial folder, under the publishing lock.
    private func creating<T>(_ body: () throws(FileSystemError) -> T) throws(FileSystemError) -> T {
        try PublicationRegistry.creating(body, interrupted: { FileSystem.interruptedError(finalPath) })
    }

    /// Creates a folder inside the partial folder.
    package func makeFolder(_ relative: String) throws(FileSystemError) {
        _ = try creating { () throws(FileSystemError) in try FileSystem.makeDirectory(path(relative), existingIsFine: true) }
    }

    /// Creates a file at `path` inside the partial folder (``contentPath`` of a one-file export).
    package func newFile(_ path: String) throws(FileSystemError) -> OutputFile {
        try creating { () throws(FileSystemError) in try OutputFile(creatingNew: path) }
    }

    /// Writes a whole file inside the partial folder.
    package func write(_ bytes: [UInt8], to relative: String) throws(FileSystemError) {
        try write(bytes, toPath: path(relative))
    }

    /// Writes a whole file at `path` inside the partial folder; a failure removes it.
    package func write(_ bytes: [UInt8], toPath path: String) throws(FileSystemError) {
        try FileSystem.write(bytes, into: try newFile(path))
    }

    /// Writes a text file inside the partial folder.
    package func write(_ text: String, to relative: String) throws(FileSystemError) {
        try write(Array(text.utf8), to: relative)
    }

    /// Renames the finished export into place (see the type's summary) and removes what it replaced;
    /// refused once a signal has come.
    package func publish() throws(FileSystemError) {
        var failure: FileSystemError?
        let ran = PublicationRegistry.whilePublishing {
            do throws(FileSystemError) { try publishNow() } catch { failure = error }
        }
        if let failure { throw failure }
        if !ran { throw FileSystem.interruptedError(finalPath) }
        // What is left under the partial name: the replaced export, or (one-file exports) the empty folder.
        if FileSystem.exists(partialPath) { FileSystem.removeTree(partialPath) }
    }

    private func publishNow() throws(FileSystemError) {
        if force, FileSystem.exists(finalPath) {
            if capture_sim_rename_exchange(contentPath, finalPath) != 0 {
                guard errno == EINVAL || errno == ENOSYS else {
                    throw FileSystemError.system("renameat2 (exchange)", contentPath + " -> " + finalPath)
                }
                // No exchange on this file system: the old export aside first, then the new one in.
                let aside = partialPath + ".replaced"
                try FileSystem.rename(finalPath, to: aside)
                do throws(FileSystemError) { try FileSystem.rename(contentPath, to: finalPath) } catch {
                    try? FileSystem.rename(aside, to: finalPath)
                    throw error
                }
                FileSystem.removeTree(aside)
            }
        } else if capture_sim_rename_noreplace(contentPath, finalPath) != 0 {
            if errno == EEXIST {
                throw FileSystemError(path: finalPath, reason: "appeared while exporting; give --force to replace it")
            }
            guard errno == EINVAL || errno == ENOSYS else {
                throw FileSystemError.system("renameat2 (no replace)", contentPath + " -> " + finalPath)
            }
            guard !FileSystem.exists(finalPath) else {
                throw FileSystemError(path: finalPath, reason: "appeared while exporting; give --force to replace it")
            }
            try FileSystem.rename(contentPath, to: finalPath)
        }
        published = true
    }

    /// Removes the partial export (after a failure); nothing else.
    package func discard() {
        guard !published else { return }
        FileSystem.removeTree(partialPath)
    }

    /// Removes `.<name>.<pid>[-<n>].export.partial` entries of `parent` whose process is gone.
    private static func removeStalePartials(parent: String, name: String) {
        guard let entries = try? FileSystem.list(parent) else { return }
        let prefix = "." + name + "."
        for entry in entries where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            guard let dot = rest.firstIndex(of: "."), rest[dot...].hasPrefix(".export.partial"),
                  let pid = Int32(rest[..<dot].prefix { $0 != "-" }) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                FileSystem.removeTree((parent == "/" ? "" : parent) + "/" + entry)
            }
        }
    }
}
