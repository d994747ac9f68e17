/// The lines of a text file's bytes, one at a time and without copying them: the one line splitter of the
/// line-based readers (the raw package's `poses.csv`, Stray Scanner's `odometry.csv`, the text pose logs
/// of `replay`).
///
/// A line ends at `\n` (a `\r` before it is not part of the line); the text after the last `\n` is a line
/// when it is not empty, and is reported as not terminated, so that a reader can tell a file cut short in
/// its last line. Each line's bounds are trimmed of spaces and tabs at both ends. Lines are numbered from
/// 1, blank and comment lines included, so that errors can name the line a text editor shows.
public struct ByteLines: Sequence, IteratorProtocol {
    /// One line: its number and the offsets of its trimmed bytes in the buffer.
    public struct Line {
        /// The 1-based line number.
        public let number: Int
        /// The offset of the first byte after leading spaces and tabs.
        public let start: Int
        /// The offset after the last byte before trailing spaces, tabs, `\r` and the `\n`.
        public let end: Int
        /// Whether a `\n` ends the line (false only for an unterminated last line).
        public let terminated: Bool
        /// The line's length before trimming, bytes (without its `\n`, nor a `\r` before it).
        public let untrimmedLength: Int

        @inlinable init(number: Int, start: Int, end: Int, terminated: Bool, untrimmedLength: Int) {
            self.number = number
            self.start = start
            self.end = end
            self.terminated = terminated
            self.untrimmedLength = untrimmedLength
        }

        /// Whether the line is empty after trimming or starts with `#`.
        @inlinable public func isBlankOrComment(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            start == end || bytes[start] == UInt8(ascii: "#")
        }
    }

    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var position = 0
    @usableFromInline var number = 0

    /// The lines of `bytes`, which must outlive the iteration.
    @inlinable public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    @inlinable public mutating func next() -> Line? {
        let count = bytes.count
        guard position < count else { return nil }
        number += 1
        var start = position
        var end = start
        while end < count, bytes[end] != 10 { end += 1 }
        let terminated = end < count
        position = end + 1
        if end > start, bytes[end - 1] == 13 { end -= 1 }
        let untrimmedLength = end - start
        while start < end, bytes[start] == 32 || bytes[start] == 9 { start += 1 }
        while end > start, bytes[end - 1] == 32 || bytes[end - 1] == 9 { end -= 1 }
        return Line(number: number, start: start, end: end, terminated: terminated, untrimmedLength: untrimmedLength)
    }

    /// The number of `\n` bytes in `bytes`.
    public static func newlineCount(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    }
}
