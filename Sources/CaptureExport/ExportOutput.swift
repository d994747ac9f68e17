import BundleIO
import CFileSystem
#if canImport(Glibc)
import Glibc
#endif

/// Where an export is written: a private partial folder beside `--out` (`.<name>.<pid>.export.partial`,
/// created with `mkdir`, so nothing planted under that name is followed) that holds the export (a
/// folder export is the partial folder itself; a one-file export is `<partial>/<name>`), renamed into
/// place in one step when complete. So `--out` holds either nothing, the previous export (without
/// `--force`, never replaced) or the whole new one.
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
    /// partials of the same name, and creates the partial folder (for a folder export).
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
        let prefix = (parent.isEmpty ? "" : parent + "/") + "." + name + "."
        partialPath = prefix + "\(getpid()).export.partial"
        contentPath = isFolder ? partialPath : partialPath + "/" + name
        if !force, FileSystem.exists(path) {
            throw FileSystemError(path: path, reason: "already exists; give --force to replace it")
        }
        if FileSystem.exists(path), FileSystem.isDirectory(path) != isFolder {
            throw FileSystemError(path: path, reason: isFolder ? "is a file; this export is a folder" : "is a folder; this export is one file")
        }
        guard FileSystem.isDirectory(parent.isEmpty ? "/" : parent) else {
            throw FileSystemError(path: path, reason: "its folder \(parent.isEmpty ? "/" : parent) does not exist")
        }
        Self.removeStalePartials(parent: parent.isEmpty ? "/" : parent, name: name)
        _ = try FileSystem.makeDirectory(partialPath)
    }

    /// A path inside the partial folder (folder exports).
    package func path(_ relative: String) -> String { partialPath + "/" + relative }

    /// Creates a folder inside the partial folder.
    package func makeFolder(_ relative: String) throws(FileSystemError) {
        _ = try FileSystem.makeDirectory(path(relative), existingIsFine: true)
    }

    /// Writes a whole file inside the partial folder.
    package func write(_ bytes: [UInt8], to relative: String) throws(FileSystemError) {
        try FileSystem.write(bytes, to: path(relative))
    }

    /// Writes a text file inside the partial folder.
    package func write(_ text: String, to relative: String) throws(FileSystemError) {
        try write(Array(text.utf8), to: relative)
    }

    /// Renames the finished export into place (see the type's summary) and removes what it replaced.
    package func publish() throws(FileSystemError) {
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
        // What is left under the partial name: the replaced export, or (one-file exports) the empty folder.
        if FileSystem.exists(partialPath) { FileSystem.removeTree(partialPath) }
    }

    /// Removes the partial export (after a failure); nothing else.
    package func discard() {
        guard !published else { return }
        FileSystem.removeTree(partialPath)
    }

    /// Removes `.<name>.<pid>.export.partial` entries of `parent` whose process is gone.
    private static func removeStalePartials(parent: String, name: String) {
        guard let entries = try? FileSystem.list(parent) else { return }
        let prefix = "." + name + "."
        for entry in entries where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            guard let dot = rest.firstIndex(of: "."), let pid = Int32(rest[..<dot]),
                  rest[dot...].hasPrefix(".export.partial") else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                FileSystem.removeTree((parent == "/" ? "" : parent) + "/" + entry)
            }
        }
    }
}
