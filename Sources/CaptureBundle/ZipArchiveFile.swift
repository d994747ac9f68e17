import CZip
#if canImport(Glibc)
import Glibc
#endif

/// The file a new zip archive is written to, as a libzip source (`zip_source_function_create`) that
/// libzip's `zip_close` writes through: a temporary file beside the target, written by a
/// ``DirectFileWriter`` (1 MiB blocks past the page cache) and renamed over the target when libzip
/// commits.
///
/// It exists for speed: `zip_open` writes its archive through a stdio stream with a 4 KiB buffer, one
/// `write` system call per 4 KiB (1.3 million for a 10-minute scan's 5.3 GB zip), each through the
/// page cache, which on this project's machine made zipping three times slower than copying the
/// data. The archive's bytes are the same either way: libzip decides every byte, this only stores them.
///
/// Answers the commands of libzip's writable sources (`ZIP_SOURCE_SUPPORTS_WRITABLE`). The archive is
/// always new: `ZIP_SOURCE_STAT` reports that it does not exist yet, so libzip never reads it.
final class ZipArchiveFile: ZipSourceHandler {
    /// The archive's final path.
    let path: String
    /// Where it is written until libzip commits (`<folder>/.<name>.tmp`).
    let temporaryPath: String
    private var file: DirectFileWriter?
    private var error = zip_error_t()

    init(path: String) {
        self.path = path
        temporaryPath = FileSystem.temporaryName(for: path)
        zip_error_init(&error)
    }

    deinit {
        if file != nil {
            file = nil
            unlink(temporaryPath)
        }
        zip_error_fini(&error)
    }

    /// A libzip source for this file; libzip releases the object (`ZIP_SOURCE_FREE`) when done with it.
    func makeSource() -> OpaquePointer? {
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

    func handle(_ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t, _ command: zip_source_cmd_t) -> zip_int64_t {
        switch command {
        case ZIP_SOURCE_SUPPORTS:
            let commands = [ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR,
                            ZIP_SOURCE_FREE, ZIP_SOURCE_SEEK, ZIP_SOURCE_TELL, ZIP_SOURCE_SUPPORTS,
                            ZIP_SOURCE_BEGIN_WRITE, ZIP_SOURCE_COMMIT_WRITE, ZIP_SOURCE_ROLLBACK_WRITE, ZIP_SOURCE_WRITE,
                            ZIP_SOURCE_SEEK_WRITE, ZIP_SOURCE_TELL_WRITE, ZIP_SOURCE_REMOVE]
            return commands.reduce(0) { $0 | (zip_int64_t(1) << zip_int64_t($1.rawValue)) }
        case ZIP_SOURCE_STAT:
            // No archive yet: libzip creates a new one and never reads this source.
            return fail(ZIP_ER_READ, ENOENT)
        case ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_SEEK, ZIP_SOURCE_TELL:
            return fail(ZIP_ER_OPNOTSUPP, 0)
        case ZIP_SOURCE_CLOSE:
            return 0
        case ZIP_SOURCE_ERROR:
            guard let data else { return -1 }
            return zip_error_to_data(&error, data, length)
        case ZIP_SOURCE_FREE:
            Unmanaged.passUnretained(self).release()
            return 0
        case ZIP_SOURCE_BEGIN_WRITE:
            do throws(FileSystemError) { file = try DirectFileWriter(creating: temporaryPath) } catch {
                return fail(ZIP_ER_TMPOPEN, errno)
            }
            return 0
        case ZIP_SOURCE_WRITE:
            guard let data, let file else { return fail(ZIP_ER_INVAL, 0) }
            do throws(FileSystemError) { try file.write(UnsafeRawBufferPointer(start: data, count: Int(length))) } catch {
                return fail(ZIP_ER_WRITE, file.lastErrorCode)
            }
            return zip_int64_t(length)
        case ZIP_SOURCE_TELL_WRITE:
            guard let file else { return fail(ZIP_ER_INVAL, 0) }
            return zip_int64_t(file.position)
        case ZIP_SOURCE_SEEK_WRITE:
            guard let file, let data, length >= zip_uint64_t(MemoryLayout<zip_source_args_seek_t>.size) else {
                return fail(ZIP_ER_INVAL, 0)
            }
            let arguments = data.load(as: zip_source_args_seek_t.self)
            let base: Int
            switch arguments.whence {
            case SEEK_SET: base = 0
            case SEEK_CUR: base = file.position
            case SEEK_END: base = file.length
            default: return fail(ZIP_ER_INVAL, 0)
            }
            let target = base + Int(arguments.offset)
            guard target >= 0 else { return fail(ZIP_ER_INVAL, 0) }
            do throws(FileSystemError) { try file.seek(to: target) } catch {
                return fail(ZIP_ER_WRITE, file.lastErrorCode)
            }
            return 0
        case ZIP_SOURCE_COMMIT_WRITE:
            guard let file else { return fail(ZIP_ER_INVAL, 0) }
            self.file = nil
            do throws(FileSystemError) { try file.close() } catch {
                unlink(temporaryPath)
                return fail(ZIP_ER_CLOSE, file.lastErrorCode)
            }
            guard rename(temporaryPath, path) == 0 else {
                let code = errno
                unlink(temporaryPath)
                return fail(ZIP_ER_RENAME, code)
            }
            return 0
        case ZIP_SOURCE_ROLLBACK_WRITE:
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
