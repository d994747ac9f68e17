import CZip
#if canImport(Glibc)
import Glibc
#endif

/// Reads a zip archive with libzip, opened read-only with `ZIP_CHECKCONS` (libzip checks the central
/// directory against the local headers). Reading an entry to its end checks its CRC-32.
public final class ZipReader {
    /// The archive's path.
    public let path: String
    /// Every entry, in central-directory order.
    public let entries: [ZipEntryInfo]
    /// Length of the archive comment in the end-of-central-directory record, bytes (0 when there is
    /// none; this project's writer never writes one).
    public let commentBytes: Int
    private let archive: OpaquePointer

    /// The most entries an archive may declare: 65,535, the most a zip without Zip64 end records holds
    /// (a bundle has six). libzip reads the whole central directory when it opens an archive (about 400
    /// bytes of memory an entry), so a larger count is refused before it is opened.
    public static let maximumEntries = 65_535

    /// Opens the archive (`zip_open` with `ZIP_RDONLY | ZIP_CHECKCONS`) and lists its entries
    /// (`zip_get_num_entries`, `zip_stat_index`), after checking the entry count its end records
    /// declare against ``maximumEntries``.
    public init(path: String) throws(LibraryCallError) {
        self.path = path
        if let declared = ZipReader.declaredEntryCount(path: path), declared > UInt64(ZipReader.maximumEntries) {
            throw LibraryCallError(.libzip, call: "zip_open", path: path,
                           message: "the archive declares \(declared) entries, more than the limit of \(ZipReader.maximumEntries)")
        }
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code) else {
            throw LibraryCallError(.libzip, call: "zip_open", path: path, message: ZipWriter.openErrorMessage(code))
        }
        let count = zip_get_num_entries(archive, 0)
        var list: [ZipEntryInfo] = []
        for i in 0..<max(0, count) {
            var st = zip_stat_t()
            zip_stat_init(&st)
            guard zip_stat_index(archive, zip_uint64_t(i), 0, &st) == 0, let name = st.name else {
                let message = String(cString: zip_error_strerror(zip_get_error(archive)))
                zip_discard(archive)
                throw LibraryCallError(.libzip, call: "zip_stat_index(\(i))", path: path, message: message)
            }
            var opsys: zip_uint8_t = 0
            var attributes: zip_uint32_t = 0
            _ = zip_file_get_external_attributes(archive, zip_uint64_t(i), 0, &opsys, &attributes)
            list.append(ZipEntryInfo(name: String(cString: name), size: st.size, compressedSize: st.comp_size,
                                     crc: st.crc, compressionMethod: Int32(st.comp_method),
                                     dosDateTime: ZipReader.dosDateTime(fromUnixTime: Int(st.mtime))))
        }
        var commentLength: Int32 = 0
        _ = zip_get_archive_comment(archive, &commentLength, zip_flags_t(ZIP_FL_ENC_RAW))
        self.archive = archive
        self.entries = list
        self.commentBytes = Int(max(0, commentLength))
    }

    deinit { zip_discard(archive) }

    /// Reads an entry in chunks of up to `chunkBytes`, calling `body` with each (`zip_fopen_index`,
    /// `zip_fread`, `zip_fclose`); a CRC or decompression failure throws, naming the entry.
    public func forEachChunk(ofEntry index: Int, chunkBytes: Int = 1 << 20,
                             _ body: (UnsafeRawBufferPointer) throws(LibraryCallError) -> Void) throws(LibraryCallError) {
        guard entries.indices.contains(index) else {
            throw LibraryCallError(.libzip, call: "zip_fopen_index", path: path, message: "no entry \(index)")
        }
        let name = entries[index].name
        guard let file = zip_fopen_index(archive, zip_uint64_t(index), 0) else {
            throw LibraryCallError(.libzip, call: "zip_fopen_index(\(name))", path: path,
                           message: String(cString: zip_error_strerror(zip_get_error(archive))))
        }
        var buffer = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let n = buffer.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, zip_uint64_t(chunkBytes)) }
            if n < 0 {
                let message = String(cString: zip_error_strerror(zip_file_get_error(file)))
                zip_fclose(file)
                throw LibraryCallError(.libzip, call: "zip_fread(\(name))", path: path, message: message)
            }
            if n == 0 { break }
            do throws(LibraryCallError) {
                try buffer.withUnsafeBytes { raw in
                    Result { () throws(LibraryCallError) in try body(UnsafeRawBufferPointer(rebasing: raw[0..<Int(n)])) }
                }.get()
            } catch {
                zip_fclose(file)
                throw error
            }
        }
        let closed = zip_fclose(file)
        guard closed == 0 else {
            throw LibraryCallError(.libzip, call: "zip_fclose(\(name))", path: path, message: ZipWriter.openErrorMessage(closed))
        }
    }

    /// The whole uncompressed content of the entry named `name`, at most `limit` bytes: an entry whose
    /// central directory declares more than `limit`, or that inflates to more than it declares, is
    /// refused as soon as that is known (it is never inflated whole).
    public func contents(of name: String, limit: Int = Int.max) throws(LibraryCallError) -> [UInt8] {
        guard let index = entries.firstIndex(where: { $0.name == name }) else {
            throw LibraryCallError(.libzip, call: "zip_name_locate", path: path, message: "no entry named \(name)")
        }
        let declared = entries[index].size
        guard declared <= UInt64(limit) else {
            throw LibraryCallError(.libzip, call: "zip_stat_index(\(name))", path: path,
                           message: "entry \(name) declares \(declared) bytes, more than the limit of \(limit) bytes")
        }
        var out: [UInt8] = []
        out.reserveCapacity(Int(declared))
        // libzip inflates on past the declared size (only the CRC is checked), so the reader stops there.
        try forEachChunk(ofEntry: index, chunkBytes: Int(min(1 << 20, declared + 1))) { (chunk) throws(LibraryCallError) in
            guard UInt64(out.count + chunk.count) <= declared else {
                throw LibraryCallError(.libzip, call: "zip_fread(\(name))", path: path,
                               message: "entry \(name) inflates beyond the \(declared) bytes its central directory declares")
            }
            out.append(contentsOf: chunk)
        }
        return out
    }

    /// Opens the entry at `index` for reading front to back (`zip_fopen_index`).
    public func stream(ofEntry index: Int) throws(LibraryCallError) -> ZipEntryStream {
        guard entries.indices.contains(index) else {
            throw LibraryCallError(.libzip, call: "zip_fopen_index", path: path, message: "no entry \(index)")
        }
        guard let file = zip_fopen_index(archive, zip_uint64_t(index), 0) else {
            throw LibraryCallError(.libzip, call: "zip_fopen_index(\(entries[index].name))", path: path,
                           message: String(cString: zip_error_strerror(zip_get_error(archive))))
        }
        return ZipEntryStream(reader: self, file: file, name: entries[index].name)
    }

    /// The entry count an archive's end-of-central-directory record declares (the Zip64 end record's
    /// when the classic one says 0xFFFF), or nil when the records are not found (libzip then reports it).
    package static func declaredEntryCount(path: String) -> UInt64? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        let size = Int(st.st_size)
        func read(_ count: Int, at offset: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, offset + count <= size else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? bytes : nil
        }
        func little(_ b: [UInt8], _ at: Int, _ width: Int) -> UInt64 {
            (0..<width).reduce(0) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) }
        }
        let tailLength = min(size, 22 + 65_535)
        guard let tail = read(tailLength, at: size - tailLength), tail.count >= 22 else { return nil }
        // The last record signature whose comment length reaches exactly to the end of the file.
        guard let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { i in
            tail[i] == 0x50 && tail[i + 1] == 0x4B && tail[i + 2] == 5 && tail[i + 3] == 6
                && i + 22 + Int(little(tail, i + 20, 2)) == tail.count
        }) else { return nil }
        let classic = little(tail, end + 10, 2)
        guard classic == 0xFFFF else { return classic }
        let endOffset = size - tailLength + end
        guard let locator = read(20, at: endOffset - 20), locator[0..<4].elementsEqual([0x50, 0x4B, 6, 7]),
              let record = read(56, at: Int(clamping: little(locator, 8, 8))), record[0..<4].elementsEqual([0x50, 0x4B, 6, 6]) else {
            return classic
        }
        return little(record, 32, 8)
    }

    /// libzip reports an entry's MS-DOS time as a local-time `time_t`; this turns it back into the
    /// stored MS-DOS fields (`localtime_r`), so 1980-01-01 00:00 reads as date 0x21, time 0.
    package static func dosDateTime(fromUnixTime t: Int) -> UInt32 {
        var time = t
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        let year = max(0, Int(parts.tm_year) + 1900 - 1980)
        let date = UInt32(year << 9 | Int(parts.tm_mon + 1) << 5 | Int(parts.tm_mday))
        let clock = UInt32(Int(parts.tm_hour) << 11 | Int(parts.tm_min) << 5 | Int(parts.tm_sec) / 2)
        return date << 16 | clock
    }
}
