import CZip
#if canImport(Glibc)
import Glibc
#endif

/// Writes a zip archive from files on disk with libzip, deterministically: entries in the order given,
/// each deflated at a fixed level or stored, dated 1980-01-01 00:00 (`zip_file_set_dostime`) and marked as a
/// Unix regular file with mode 0644 (`zip_file_set_external_attributes`), so equal files give an
/// identical archive. libzip streams each file from disk while `zip_close` writes the archive.
public enum ZipWriter {
    /// MS-DOS date of 1980-01-01 (year 0 since 1980, month 1, day 1), the earliest a zip can store.
    public static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1
    /// MS-DOS time 00:00:00.
    public static let dosTime: UInt16 = 0
    /// Unix mode 0100644 (regular file, rw-r--r--) in the high 16 bits of the external attributes.
    public static let externalAttributes: UInt32 = 0o100644 << 16

    /// How one entry is stored in the archive.
    public enum Method: Sendable, Equatable {
        /// Deflated at zlib level 1 (fastest) ... 9 (smallest).
        case deflate(level: Int)
        /// Stored as it is (`ZIP_CM_STORE`): for data that deflate shrinks little at a high cost.
        case store
    }

    /// One file to archive: its name inside the archive, its path on disk and how it is stored.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var file: String
        public var method: Method

        public init(name: String, file: String, method: Method = .deflate(level: 6)) {
            self.name = name
            self.file = file
            self.method = method
        }
    }

    /// Writes `entries` (name inside the archive, path of the file on disk) to a new archive at `path`,
    /// replacing any file there, every entry deflated at `compressionLevel`, 1 (fastest) ... 9 (smallest).
    public static func write(entries: [(name: String, file: String)], to path: String,
                             compressionLevel: Int = 6) throws(LibraryCallError) {
        guard (1...9).contains(compressionLevel) else {
            throw LibraryCallError(.libzip, call: "zip_set_file_compression", path: path,
                           message: "deflate level \(compressionLevel) is outside 1...9")
        }
        try write(entries.map { Entry(name: $0.name, file: $0.file, method: .deflate(level: compressionLevel)) }, to: path)
    }

    /// Writes `entries` in order to a new archive at `path`, replacing any file there.
    ///
    /// Wraps `zip_open_from_source` (`ZIP_CREATE | ZIP_TRUNCATE`, on a ``ZipArchiveFile``), `zip_source_file`
    /// (deflated entries) or `zip_source_function` (stored entries, on a ``BlockFileSource``), `zip_file_add`,
    /// `zip_set_file_compression`, `zip_file_set_dostime`, `zip_file_set_external_attributes` and
    /// `zip_close`; the first one that fails is named in the thrown error and the archive is discarded.
    public static func write(_ entries: [Entry], to path: String) throws(LibraryCallError) {
        try checkLevels(entries, path)
        try close(try open(ZipArchiveFile(path: path), flags: ZIP_CREATE | ZIP_TRUNCATE), adding: entries, path)
    }

    /// Adds `entries` after those of the archive at `existing` and saves the result as `path` (the
    /// existing archive is renamed; it is gone afterwards, also when this fails).
    ///
    /// The existing entries are not copied: libzip keeps them in place (`ZIP_SOURCE_BEGIN_WRITE_CLONING`,
    /// see ``ZipArchiveFile``) and writes only the new entries and the central directory. The result is
    /// the archive ``write(_:to:)`` makes of all the entries, byte for byte, when the existing archive
    /// was made the same way. Wraps the calls ``write(_:to:)`` does, `zip_open_from_source` without flags.
    public static func append(_ entries: [Entry], toArchive existing: String, savingAs path: String) throws(LibraryCallError) {
        do throws(LibraryCallError) {
            try checkLevels(entries, path)
            try close(try open(ZipArchiveFile(updating: existing, savingAs: path), flags: 0), adding: entries, path)
        } catch {
            unlink(existing)
            throw error
        }
    }

    private static func checkLevels(_ entries: [Entry], _ path: String) throws(LibraryCallError) {
        for entry in entries {
            if case .deflate(let level) = entry.method, !(1...9).contains(level) {
                throw LibraryCallError(.libzip, call: "zip_set_file_compression", path: path,
                               message: "deflate level \(level) is outside 1...9")
            }
        }
    }

    /// `zip_open_from_source` on `file`.
    package static func open(_ file: ZipArchiveFile, flags: Int32) throws(LibraryCallError) -> OpaquePointer {
        guard let source = file.makeSource() else {
            throw LibraryCallError(.libzip, call: "zip_source_function_create", path: file.path, message: "libzip refused the archive's source")
        }
        var openError = zip_error_t()
        zip_error_init(&openError)
        defer { zip_error_fini(&openError) }
        guard let archive = zip_open_from_source(source, flags, &openError) else {
            zip_source_free(source)
            throw LibraryCallError(.libzip, call: "zip_open_from_source", path: file.existingPath ?? file.path,
                           message: String(cString: zip_error_strerror(&openError)))
        }
        return archive
    }

    /// A failed call's error with libzip's message; the archive is discarded.
    package static func failure(_ call: String, _ archive: OpaquePointer, _ path: String) -> LibraryCallError {
        let error = LibraryCallError(.libzip, call: call, path: path, message: String(cString: zip_error_strerror(zip_get_error(archive))))
        zip_discard(archive)
        return error
    }

    /// Adds `entries` to `archive` and writes it (`zip_close`).
    private static func close(_ archive: OpaquePointer, adding entries: [Entry], _ path: String) throws(LibraryCallError) {
        for entry in entries {
            let source: OpaquePointer?
            if entry.method == .store {
                // Stored entries are the large ones (allDepthFrames.bin): read in large blocks, ahead,
                // past the page cache.
                do throws(FileSystemError) {
                    source = try BlockFileSource(path: entry.file).makeSource(archive)
                } catch {
                    let failure = LibraryCallError(.libzip, call: "zip_source_function(\(entry.file))", path: path, message: error.description)
                    zip_discard(archive)
                    throw failure
                }
                guard source != nil else { throw failure("zip_source_function(\(entry.file))", archive, path) }
            } else {
                source = zip_source_file(archive, entry.file, 0, -1)
                guard source != nil else { throw failure("zip_source_file(\(entry.file))", archive, path) }
            }
            try add(source, as: entry.name, method: entry.method, to: archive, path)
        }
        guard zip_close(archive) == 0 else { throw failure("zip_close", archive, path) }
    }

    /// `zip_file_add` of `source` as `name`, then its method, date and attributes; the source is freed
    /// when it could not be added.
    package static func add(_ source: OpaquePointer?, as name: String, method: Method, to archive: OpaquePointer, _ path: String) throws(LibraryCallError) {
        let index = zip_file_add(archive, name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
        guard index >= 0 else {
            zip_source_free(source)
            throw failure("zip_file_add(\(name))", archive, path)
        }
        let i = zip_uint64_t(index)
        let (compression, level): (Int32, zip_uint32_t) = switch method {
        case .deflate(let level): (ZIP_CM_DEFLATE, zip_uint32_t(level))
        case .store: (ZIP_CM_STORE, 0)
        }
        guard zip_set_file_compression(archive, i, compression, level) == 0 else {
            throw failure("zip_set_file_compression(\(name))", archive, path)
        }
        guard zip_file_set_dostime(archive, i, dosTime, dosDate, 0) == 0 else {
            throw failure("zip_file_set_dostime(\(name))", archive, path)
        }
        guard zip_file_set_external_attributes(archive, i, 0, zip_uint8_t(ZIP_OPSYS_UNIX), externalAttributes) == 0 else {
            throw failure("zip_file_set_external_attributes(\(name))", archive, path)
        }
    }

    /// The message for a `zip_open` error code (`zip_error_init_with_code` + `zip_error_strerror`).
    package static func openErrorMessage(_ code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }
}
