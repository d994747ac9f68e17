import CZip

/// One zip entry opened for reading front to back (libzip's `zip_file_t`); reading to its end checks
/// its CRC-32. Keeps its ``ZipReader`` (and so the archive) open while it lives.
public final class ZipEntryStream {
    /// The entry's name.
    public let name: String
    /// Uncompressed bytes read so far.
    public private(set) var position = 0
    private let reader: ZipReader
    private var file: OpaquePointer?

    package init(reader: ZipReader, file: OpaquePointer, name: String) {
        self.reader = reader
        self.file = file
        self.name = name
    }

    deinit { if let file { zip_fclose(file) } }

    /// Fills `buffer` from the entry (`zip_fread`, looping over short reads); returns how many bytes it
    /// got, fewer only at the end of the entry. A CRC or decompression failure throws, naming the entry.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(LibraryCallError) -> Int {
        guard let file, let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let n = zip_fread(file, base + done, zip_uint64_t(buffer.count - done))
            if n < 0 {
                throw LibraryCallError(.libzip, call: "zip_fread(\(name))", path: reader.path,
                               message: String(cString: zip_error_strerror(zip_file_get_error(file))))
            }
            if n == 0 { break }
            done += Int(n)
        }
        position += done
        return done
    }

    /// Reads and drops `count` bytes; returns how many there were (fewer only at the end of the entry).
    public func skip(_ count: Int) throws(LibraryCallError) -> Int {
        var scratch = [UInt8](repeating: 0, count: min(count, 1 << 20))
        var skipped = 0
        while skipped < count {
            let want = min(scratch.count, count - skipped)
            let n = try scratch.withUnsafeMutableBytes { raw in
                Result { () throws(LibraryCallError) in try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<want])) }
            }.get()
            skipped += n
            if n < want { break }
        }
        return skipped
    }
}
