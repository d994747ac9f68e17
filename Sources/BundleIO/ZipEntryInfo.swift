/// One entry of a zip archive, as its central directory describes it.
public struct ZipEntryInfo: Equatable, Sendable {
    /// Entry name (a path inside the archive, `/`-separated).
    public var name: String
    /// Uncompressed size, bytes.
    public var size: UInt64
    /// Compressed size, bytes.
    public var compressedSize: UInt64
    /// CRC-32 of the uncompressed bytes.
    public var crc: UInt32
    /// Compression method (0 stored, 8 deflate).
    public var compressionMethod: Int32
    /// MS-DOS modification time and date as stored (time in the low 16 bits, date in the high 16 bits).
    public var dosDateTime: UInt32

    public init(name: String, size: UInt64, compressedSize: UInt64, crc: UInt32, compressionMethod: Int32,
                dosDateTime: UInt32) {
        self.name = name
        self.size = size
        self.compressedSize = compressedSize
        self.crc = crc
        self.compressionMethod = compressionMethod
        self.dosDateTime = dosDateTime
    }
}
