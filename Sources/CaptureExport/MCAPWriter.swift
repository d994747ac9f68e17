import BundleIO

/// Writes an MCAP file (the container of Foxglove and ROS 2 bags; https://mcap.dev/spec, version 0):
/// the magic, a Header, the schemas and channels, messages in chunks of about ``chunkBytes`` (stored,
/// not compressed) each followed by its MessageIndex records, DataEnd with the data section's CRC-32, a
/// summary (schemas, channels, Statistics, ChunkIndex records) with its SummaryOffset records, and the
/// Footer with the summary's CRC-32. Readers that seek use the summary; those that stream read the
/// records in order.
///
/// All integers are little-endian; strings are a `uint32` byte length and UTF-8 bytes. The file is
/// streamed through an ``OutputFile``; only the current chunk (and the index of every chunk) is kept.
package final class MCAPWriter {
    /// A schema record: how a channel's messages are described.
    public struct Schema: Sendable {
        public var id: UInt16
        public var name: String
        /// `jsonschema` for JSON messages.
        public var encoding: String
        public var data: [UInt8]

        public init(id: UInt16, name: String, encoding: String, data: [UInt8]) {
            self.id = id; self.name = name; self.encoding = encoding; self.data = data
        }
    }

    /// A channel record: a topic, its schema and its messages' encoding.
    public struct Channel: Sendable {
        public var id: UInt16
        public var schemaID: UInt16
        public var topic: String
        /// `json` for JSON messages.
        public var messageEncoding: String
        public var metadata: [(String, String)]

        public init(id: UInt16, schemaID: UInt16, topic: String, messageEncoding: String, metadata: [(String, String)] = []) {
            self.id = id; self.schemaID = schemaID; self.topic = topic; self.messageEncoding = messageEncoding
            self.metadata = metadata
        }
    }

    /// The opcodes of the records written (MCAP spec, "Records").
    enum Opcode: UInt8 {
        case header = 0x01, footer = 0x02, schema = 0x03, channel = 0x04, message = 0x05, chunk = 0x06,
             messageIndex = 0x07, chunkIndex = 0x08, statistics = 0x0B, summaryOffset = 0x0E, dataEnd = 0x0F
    }

    /// The magic that starts and ends the file: 0x89, "MCAP", "0" (major version), "\r\n".
    static let magic: [UInt8] = [0x89, 0x4D, 0x43, 0x41, 0x50, 0x30, 0x0D, 0x0A]

    /// A chunk is closed once its records reach this many bytes.
    package let chunkBytes: Int
    private let file: OutputFile
    private var dataCRC = CRC32()
    private var schemas: [Schema] = []
    private var channels: [Channel] = []
    // The open chunk.
    private var chunk = RecordBuffer()
    private var chunkStart: UInt64 = 0, chunkEnd: UInt64 = 0
    private var chunkMessages = 0
    private var chunkIndexEntries: [(channel: UInt16, entries: [(time: UInt64, offset: UInt64)])] = []
    // Statistics and the chunk indexes for the summary.
    private var chunkIndexes: [RecordBuffer] = []
    private var messageCount: UInt64 = 0
    private var messageStart: UInt64 = .max, messageEnd: UInt64 = 0
    private var channelCounts: [UInt16: UInt64] = [:]
    private var sequences: [UInt16: UInt32] = [:]

    /// Starts the file: the magic and a Header with `profile` (`ros2` for ROS 2 messages) and `library`.
    package init(file: OutputFile, profile: String, library: String, chunkBytes: Int = 4 << 20) throws(FileSystemError) {
        self.file = file
        self.chunkBytes = chunkBytes
        try emit(Self.magic)
        var header = RecordBuffer()
        header.string(profile)
        header.string(library)
        try emit(header.record(.header))
    }

    /// Adds a schema (written now, and again in the summary).
    package func add(_ schema: Schema) throws(FileSystemError) {
        schemas.append(schema)
        try emit(Self.schemaRecord(schema))
    }

    /// Adds a channel (written now, and again in the summary).
    package func add(_ channel: Channel) throws(FileSystemError) {
        channels.append(channel)
        try emit(Self.channelRecord(channel))
    }

    /// Writes a message on `channel`, logged and published at `time` (nanoseconds). Messages of a chunk
    /// are indexed by channel; the chunk is written once it holds ``chunkBytes``.
    package func write(channel: UInt16, time: UInt64, data: [UInt8]) throws(FileSystemError) {
        let sequence = sequences[channel, default: 0]
        sequences[channel] = sequence &+ 1
        if chunkMessages == 0 { chunkStart = time; chunkEnd = time }
        chunkStart = min(chunkStart, time)
        chunkEnd = max(chunkEnd, time)
        let offset = UInt64(chunk.bytes.count)
        if let i = chunkIndexEntries.firstIndex(where: { $0.channel == channel }) {
            chunkIndexEntries[i].entries.append((time, offset))
        } else {
            chunkIndexEntries.append((channel, [(time, offset)]))
        }
        var message = RecordBuffer()
        message.u16(channel)
        message.u32(sequence)
        message.u64(time)
        message.u64(time)
        message.bytes += data
        chunk.bytes += message.record(.message)
        chunkMessages += 1
        messageCount += 1
        messageStart = min(messageStart, time)
        messageEnd = max(messageEnd, time)
        channelCounts[channel, default: 0] += 1
        if chunk.bytes.count >= chunkBytes { try closeChunk() }
    }

    /// Writes the last chunk, DataEnd, the summary and the Footer, and closes the file.
    package func finish() throws(FileSystemError) {
        try closeChunk()
        var dataEnd = RecordBuffer()
        dataEnd.u32(dataCRC.value)
        try emit(dataEnd.record(.dataEnd))
        let summaryStart = UInt64(file.length)
        var summary: [UInt8] = []
        var offsets: [(Opcode, UInt64, UInt64)] = []
        func group(_ opcode: Opcode, _ records: [[UInt8]]) {
            guard !records.isEmpty else { return }
            let start = summaryStart + UInt64(summary.count)
            for record in records { summary += record }
            offsets.append((opcode, start, summaryStart + UInt64(summary.count) - start))
        }
        group(.schema, schemas.map(Self.schemaRecord))
        group(.channel, channels.map(Self.channelRecord))
        var statistics = RecordBuffer()
        statistics.u64(messageCount)
        statistics.u16(UInt16(schemas.count))
        statistics.u32(UInt32(channels.count))
        statistics.u32(0)  // attachments
        statistics.u32(0)  // metadata
        statistics.u32(UInt32(chunkIndexes.count))
        statistics.u64(messageCount == 0 ? 0 : messageStart)
        statistics.u64(messageEnd)
        let counted = channelCounts.keys.sorted()
        statistics.u32(UInt32(counted.count * 10))
        for id in counted { statistics.u16(id); statistics.u64(channelCounts[id]!) }
        group(.statistics, [statistics.record(.statistics)])
        group(.chunkIndex, chunkIndexes.map(\.bytes))
        let summaryOffsetStart = summaryStart + UInt64(summary.count)
        for (opcode, start, length) in offsets {
            var offset = RecordBuffer()
            offset.u8(opcode.rawValue)
            offset.u64(start)
            offset.u64(length)
            summary += offset.record(.summaryOffset)
        }
        // The footer's CRC covers the summary and the footer's own fields before the CRC.
        var footer = RecordBuffer()
        footer.u64(summaryStart)
        footer.u64(summaryOffsetStart)
        var footerRecord = footer.record(.footer, extraLength: 4)
        var crc = CRC32()
        crc.add(summary)
        crc.add(footerRecord)
        var crcBytes = RecordBuffer()
        crcBytes.u32(crc.value)
        footerRecord += crcBytes.bytes
        try file.write(summary)
        try file.write(footerRecord)
        try file.write(Self.magic)
        try file.close()
    }

    /// Writes the open chunk (if it holds a message) and its MessageIndex records, and notes its ChunkIndex.
    private func closeChunk() throws(FileSystemError) {
        guard chunkMessages > 0 else { return }
        var record = RecordBuffer()
        record.u64(chunkStart)
        record.u64(chunkEnd)
        record.u64(UInt64(chunk.bytes.count))
        var crc = CRC32()
        crc.add(chunk.bytes)
        record.u32(crc.value)
        record.string("")
        record.u64(UInt64(chunk.bytes.count))
        record.bytes += chunk.bytes
        let chunkOffset = UInt64(file.length)
        let chunkRecord = record.record(.chunk)
        try emit(chunkRecord)
        let indexStart = UInt64(file.length)
        var indexOffsets: [(UInt16, UInt64)] = []
        for (channel, entries) in chunkIndexEntries.sorted(by: { $0.channel < $1.channel }) {
            indexOffsets.append((channel, UInt64(file.length)))
            var index = RecordBuffer()
            index.u16(channel)
            index.u32(UInt32(entries.count * 16))
            for entry in entries { index.u64(entry.time); index.u64(entry.offset) }
            try emit(index.record(.messageIndex))
        }
        var chunkIndex = RecordBuffer()
        chunkIndex.u64(chunkStart)
        chunkIndex.u64(chunkEnd)
        chunkIndex.u64(chunkOffset)
        chunkIndex.u64(UInt64(chunkRecord.count))
        chunkIndex.u32(UInt32(indexOffsets.count * 10))
        for (channel, offset) in indexOffsets { chunkIndex.u16(channel); chunkIndex.u64(offset) }
        chunkIndex.u64(UInt64(file.length) - indexStart)
        chunkIndex.string("")
        chunkIndex.u64(UInt64(chunk.bytes.count))
        chunkIndex.u64(UInt64(chunk.bytes.count))
        chunkIndexes.append(RecordBuffer(bytes: chunkIndex.record(.chunkIndex)))
        chunk = RecordBuffer()
        chunkMessages = 0
        chunkIndexEntries = []
    }

    /// Writes data-section bytes, adding them to the data section's CRC-32.
    private func emit(_ bytes: [UInt8]) throws(FileSystemError) {
        dataCRC.add(bytes)
        try file.write(bytes)
    }

    private static func schemaRecord(_ schema: Schema) -> [UInt8] {
        var record = RecordBuffer()
        record.u16(schema.id)
        record.string(schema.name)
        record.string(schema.encoding)
        record.u32(UInt32(schema.data.count))
        record.bytes += schema.data
        return record.record(.schema)
    }

    private static func channelRecord(_ channel: Channel) -> [UInt8] {
        var record = RecordBuffer()
        record.u16(channel.id)
        record.u16(channel.schemaID)
        record.string(channel.topic)
        record.string(channel.messageEncoding)
        var metadata = RecordBuffer()
        for (key, value) in channel.metadata { metadata.string(key); metadata.string(value) }
        record.u32(UInt32(metadata.bytes.count))
        record.bytes += metadata.bytes
        return record.record(.channel)
    }

    /// A record's content being built: little-endian integers and length-prefixed strings.
    struct RecordBuffer {
        var bytes: [UInt8] = []

        mutating func u8(_ v: UInt8) { bytes.append(v) }
        mutating func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        mutating func string(_ s: String) {
            let utf8 = Array(s.utf8)
            u32(UInt32(utf8.count))
            bytes += utf8
        }

        /// The record: opcode, `uint64` content length (plus `extraLength` bytes the caller appends), content.
        func record(_ opcode: Opcode, extraLength: Int = 0) -> [UInt8] {
            var out = RecordBuffer()
            out.u8(opcode.rawValue)
            out.u64(UInt64(bytes.count + extraLength))
            return out.bytes + bytes
        }
    }
}
