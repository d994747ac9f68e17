import CaptureEngine

/// The folder one storage builds its bundle in: created as `.<name>.partial` next to the final
/// place, filled with files written under temporary names, renamed into place only when complete,
/// and removed with everything in it when the scan fails. It also keeps the session time (for the
/// fault plan) and fires injected faults.
final class BundleWorkspace {
    let settings: BundleSettings
    var faults: FaultPlan
    /// The latest session time seen, seconds.
    var now = 0.0
    /// Whether this scan created the partial folder (and so may remove it).
    private(set) var created = false
    /// Whether the bundle was renamed into its final place.
    private(set) var committed = false
    /// Whether this scan created the output folder (removed again, if empty, with the scan's files).
    private var createdOutputFolder = false

    init(settings: BundleSettings) {
        self.settings = settings
        faults = settings.faults
    }

    /// The folder files are written to now (the partial folder, or the final one once committed).
    var folder: String { committed ? settings.bundlePath : settings.partialPath }

    /// `folder/relative`.
    func path(_ relative: String) -> String { folder + "/" + relative }

    /// Throws the fault's error when an injected fault fires for this operation.
    func check(_ file: ScanFile, _ operation: StorageFault.Operation, path: String) throws(ScanStorageError) {
        if faults.fires(file, operation, at: now) {
            throw ScanStorageError(file: file, opening: operation == .open,
                                   reason: "\(path): injected \(operation.rawValue) failure at \(NumberFormatting.fixed(now, decimals: 3)) s")
        }
    }

    /// Creates the partial folder (code 58 on failure). Refuses when the bundle exists and `force`
    /// is off, or when a partial folder of an interrupted run is in the way (removed with `force`).
    func create() throws(ScanStorageError) {
        let partial = settings.partialPath
        try check(.folder, .open, path: partial)
        if !settings.force {
            if FileSystem.exists(settings.bundlePath) {
                throw ScanStorageError(file: .folder, opening: true,
                                       reason: "\(settings.bundlePath) already exists; refusing to overwrite it without force")
            }
            if FileSystem.exists(partial) {
                throw ScanStorageError(file: .folder, opening: true,
                                       reason: "\(partial) exists (an interrupted run's partial bundle); remove it or use force")
            }
        } else {
            FileSystem.removeTree(partial)
        }
        do throws(FileSystemError) {
            if !settings.outputFolder.isEmpty, !FileSystem.isDirectory(settings.outputFolder) {
                try FileSystem.makeDirectory(settings.outputFolder)
                createdOutputFolder = true
            }
            try FileSystem.makeDirectory(partial)
        } catch {
            throw ScanStorageError(file: .folder, opening: true, reason: error.description)
        }
        created = true
    }

    /// Creates a subfolder of the partial folder.
    func makeSubfolder(_ relative: String, for file: ScanFile) throws(ScanStorageError) {
        do throws(FileSystemError) { try FileSystem.makeDirectory(path(relative), existingIsFine: true) }
        catch { throw ScanStorageError(file: file, opening: true, reason: error.description) }
    }

    /// Writes a whole file atomically (temporary name, then rename), failing as `file`.
    func write(_ bytes: [UInt8], to relative: String, as file: ScanFile) throws(ScanStorageError) {
        let target = path(relative)
        try check(file, .write, path: target)
        do throws(FileSystemError) { try FileSystem.writeAtomically(bytes, to: target) }
        catch { throw ScanStorageError(file: file, opening: false, reason: error.description) }
    }

    func write(_ text: String, to relative: String, as file: ScanFile) throws(ScanStorageError) {
        try write(Array(text.utf8), to: relative, as: file)
    }

    /// Renames the partial folder into its final place (replacing an existing bundle when `force`).
    func commit(as file: ScanFile) throws(ScanStorageError) {
        guard !committed else { return }
        let final = settings.bundlePath
        if FileSystem.exists(final) {
            guard settings.force else {
                throw ScanStorageError(file: file, opening: false,
                                       reason: "\(final) appeared while scanning; refusing to overwrite it without force")
            }
            FileSystem.removeTree(final)
        }
        do throws(FileSystemError) { try FileSystem.rename(settings.partialPath, to: final) }
        catch { throw ScanStorageError(file: file, opening: false, reason: error.description) }
        committed = true
    }

    /// Removes everything this scan created (the partial folder, or the committed bundle), nothing else.
    func removeAll() {
        guard created else { return }
        FileSystem.removeTree(committed ? settings.bundlePath : settings.partialPath)
        if createdOutputFolder { FileSystem.removeEmptyDirectory(settings.outputFolder) }
        created = false
        committed = false
        createdOutputFolder = false
    }
}
