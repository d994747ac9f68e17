import CZip
#if canImport(Glibc)
import Glibc
#endif

/// The file a new zip archive is written to, as a libzip source (`zip_source_function_create`) that
/// libzip's `zip_close` writes through: a temporary file beside the target, written by a
/// ``DirectFileWriter`` (8 MiB blocks past the page cache) and renamed over the target when libzip
/// commits.
///
/// It exists for speed: `zip_open` writes its archive through a stdio stream with a 4 KiB buffer, one
/// `write` system call per 4 KiB (1.3 million for a 10-minute scan's 5.3 GB zip), each through the
/// page cache, which on this project's machine made zipping three times slower than copying the
/// data. The archive's bytes are the same either way: libzip decides every byte, this only stores them.
///
/// An existing archive (``init(updating:savingAs:)``) is read with `pread`, and libzip's
/// `ZIP_SOURCE_BEGIN_WRITE_CLONING` is answered in place: the entries libzip keeps stay where they are,
/// the new ones and the new central directory are written after them, and the file is renamed to the
/// target when libzip commits. So adding small files to an archive whose first entry holds gigabytes
/// writes only the small files.
///
/// Answers the commands of libzip's writable sources (`ZIP_SOURCE_SUPPORTS_WRITABLE`, and
/// `ZIP_SOURCE_BEGIN_WRITE_CLONING` when updating).
package final class ZipArchiveFile: ZipSourceHandler {
    /// The archive's final path.
    package let path: String
    /// Where it is written until libzip commits (`<folder>/.<name>.tmp`), or the archive being
    /// updated when libzip clones it.
    private var temporaryPath: String
    /// The archive being updated, if any.
    package let existingPath: String?
    private var file: DirectFileWriter?
    /// Reading the existing archive: its descriptor and libzip's read position.
    private var readFD: Int32 = -1
    private var readPosition = 0
    /// Whether the existing archive is being written in place (cloned).
    private var inPlace = false
    /// libzip's write position and the end of what it wrote.
    private var position = 0
    private var end = 0
    private var error = zip_error_t()

    /// A new archive at `path`.
    package init(path: String) {
        self.path = path
        temporaryPath = Self.temporaryPath(for: path)
        existingPath = nil
        zip_error_init(&error)
    }

    /// The archive at `existing`, to be updated and then saved (renamed) as `path`.
    package init(updating existing: String, savingAs path: String) {
        self.path = path
        temporaryPath = Self.temporaryPath(for: path)
        existingPath = existing
        zip_error_init(&error)
    }

    /// The temporary file a new archive at `path` is written to.
    package static func temporaryPath(for path: String) -> String { FileSystem.temporaryName(for: path) }

    deinit {
        if file != nil {
            file = nil
            unlink(temporaryPath)
        }
        if readFD >= 0 { close(readFD) }
        zip_error_fini(&error)
    }

    /// A libzip source for this file; libzip releases the object (`ZIP_SOURCE_FREE`) when done with it.
    package func makeSource() -> OpaquePointer? {
        var failure = zip_error_t()
        zip_error_init(&failure)
        defer { zip_error_fini(&failure) }
        return retainedSource { zip_source_function_create(zipSourceCallback, $0, &failure) }
    }

    /// Records an error for libzip (`ZIP_SOURCE_ERROR` hands it over) and returns -1.
    private func fail(_ code: Int32, _ system: Int32) -> zip_int64_t {
        zip_error_set(&error, code, system)
        return -1
    }

    package func handle(_ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t, _ command: zip_source_cmd_t) -> zip_int64_t {
        switch command {
        case ZIP_SOURCE_SUPPORTS:
            var commands = readableZipSourceCommands + [
                ZIP_SOURCE_SEEK, ZIP_SOURCE_TELL, ZIP_SOURCE_BEGIN_WRITE, ZIP_SOURCE_COMMIT_WRITE, ZIP_SOURCE_ROLLBACK_WRITE,
                ZIP_SOURCE_WRITE, ZIP_SOURCE_SEEK_WRITE, ZIP_SOURCE_TELL_WRITE, ZIP_SOURCE_REMOVE,
            ]
            if existingPath != nil { commands.append(ZIP_SOURCE_BEGIN_WRITE_CLONING) }
            return zipSourceCommandMask(commands)
        case ZIP_SOURCE_STAT:
            // No archive yet: libzip creates a new one and never reads this source.
            guard let existingPath else { return fail(ZIP_ER_READ, ENOENT) }
            guard let data, length >= zip_uint64_t(MemoryLayout<zip_stat_t>.size) else { return fail(ZIP_ER_INVAL, 0) }
            var st = stat()
            guard stat(existingPath, &st) == 0 else { return fail(ZIP_ER_READ, errno) }
            let out = data.assumingMemoryBound(to: zip_stat_t.self)
            zip_stat_init(out)
            out.pointee.size = zip_uint64_t(st.st_size)
            out.pointee.valid |= zip_uint64_t(ZIP_STAT_SIZE)
            return zip_int64_t(MemoryLayout<zip_stat_t>.size)
        case ZIP_SOURCE_OPEN:
            guard let existingPath else { return fail(ZIP_ER_OPNOTSUPP, 0) }
            if readFD < 0 { readFD = open(existingPath, O_RDONLY | O_CLOEXEC) }
            guard readFD >= 0 else { return fail(ZIP_ER_OPEN, errno) }
            readPosition = 0
            return 0
        case ZIP_SOURCE_READ:
            guard readFD >= 0, let data else { return fail(ZIP_ER_INVAL, 0) }
            var done = 0
            while done < Int(length) {
                let n = pread(readFD, data + done, Int(length) - done, off_t(readPosition + done))
                if n < 0 {
                    if errno == EINTR { continue }
                    return fail(ZIP_ER_READ, errno)
                }
                if n == 0 { break }
                done += n
            }
            readPosition += done
            return zip_int64_t(done)
        case ZIP_SOURCE_SEEK:
            guard readFD >= 0, let data else { return fail(ZIP_ER_INVAL, 0) }
            var st = stat()
            guard fstat(readFD, &st) == 0 else { return fail(ZIP_ER_SEEK, errno) }
            let target = zip_source_seek_compute_offset(zip_uint64_t(readPosition), zip_uint64_t(st.st_size), data, length, &error)
            guard target >= 0 else { return -1 }
            readPosition = Int(target)
            return 0
        case ZIP_SOURCE_TELL:
            guard readFD >= 0 else { return fail(ZIP_ER_INVAL, 0) }
            return zip_int64_t(readPosition)
        case ZIP_SOURCE_CLOSE:
            if readFD >= 0 { close(readFD) }
            readFD = -1
            return 0
        case ZIP_SOURCE_ERROR:
            guard let data else { return -1 }
            return zip_error_to_data(&error, data, length)
        case ZIP_SOURCE_BEGIN_WRITE:
            do throws(FileSystemError) { file = try DirectFileWriter(creating: temporaryPath) } catch {
                return fail(ZIP_ER_TMPOPEN, errno)
            }
            position = 0
            end = 0
            return 0
        case ZIP_SOURCE_BEGIN_WRITE_CLONING:
            // Keep the existing archive's first `length` bytes: write after them, in the file itself.
            guard let existingPath else { return fail(ZIP_ER_OPNOTSUPP, 0) }
            do throws(FileSystemError) {
                let reopened = try DirectFileWriter(reopening: existingPath)
                guard Int(length) <= reopened.length else { return fail(ZIP_ER_INVAL, 0) }
                try reopened.seek(to: Int(length))
                file = reopened
            } catch {
                return fail(ZIP_ER_TMPOPEN, errno)
            }
            temporaryPath = existingPath
            inPlace = true
            position = Int(length)
            end = Int(length)
            return 0
        case ZIP_SOURCE_WRITE:
            guard let data, let file else { return fail(ZIP_ER_INVAL, 0) }
            do throws(FileSystemError) {
                if file.position != position { try file.seek(to: position) }
                try file.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
            } catch {
                return fail(ZIP_ER_WRITE, file.lastErrorCode)
            }
            position += Int(length)
            end = max(end, position)
            return zip_int64_t(length)
        case ZIP_SOURCE_TELL_WRITE:
            guard file != nil else { return fail(ZIP_ER_INVAL, 0) }
            return zip_int64_t(position)
        case ZIP_SOURCE_SEEK_WRITE:
            guard file != nil, let data, length >= zip_uint64_t(MemoryLayout<zip_source_args_seek_t>.size) else {
                return fail(ZIP_ER_INVAL, 0)
            }
            let arguments = data.load(as: zip_source_args_seek_t.self)
            let base: Int
            switch arguments.whence {
            case SEEK_SET: base = 0
            case SEEK_CUR: base = position
            case SEEK_END: base = end
            default: return fail(ZIP_ER_INVAL, 0)
            }
            let target = base + Int(arguments.offset)
            guard target >= 0 else { return fail(ZIP_ER_INVAL, 0) }
            position = target
            return 0
        case ZIP_SOURCE_COMMIT_WRITE:
            guard let file else { return fail(ZIP_ER_INVAL, 0) }
            self.file = nil
            do throws(FileSystemError) { try file.close() } catch {
                unlink(temporaryPath)
                return fail(ZIP_ER_CLOSE, file.lastErrorCode)
            }
            // Written in place, the file may still hold the old central directory's last bytes.
            if inPlace, truncate(temporaryPath, off_t(end)) != 0 {
                let code = errno
                unlink(temporaryPath)
                return fail(ZIP_ER_WRITE, code)
            }
            guard rename(temporaryPath, path) == 0 else {
                let code = errno
                unlink(temporaryPath)
                return fail(ZIP_ER_RENAME, code)
            }
            return 0
        case ZIP_SOURCE_ROLLBACK_WRITE:
            // Cloned in place, the existing archive is no longer whole: it goes too.
            file = nil
            unlink(temporaryPath)
            return 0
        case ZIP_SOURCE_REMOVE:
            guard unlink(path) == 0 || errno == ENOENT else { return fail(ZIP_ER_REMOVE, errno) }
            return 0
        default:
            return fail(ZIP_ER_OPNOTSUPP, 0)
        }
    }
}
