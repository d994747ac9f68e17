/// Walks the lines of a text file's bytes one at a time, without building an array of them, so that a
/// file of millions of short lines costs no more memory than its bytes.
package enum TextLines {
    /// Calls `body` with each line's 1-based number and bytes (without its `\n`, nor a `\r` before it);
    /// the text after the last `\n` is a line when it is not empty. Stops when `body` returns false.
    package static func forEach(_ bytes: [UInt8], _ body: (Int, ArraySlice<UInt8>) -> Bool) {
        var start = 0
        var number = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 10 { end += 1 }
            number += 1
            let content = end > start && bytes[end - 1] == 13 ? end - 1 : end
            if !body(number, bytes[start..<content]) { return }
            start = end + 1
        }
    }

    /// The number of `\n` bytes.
    package static func newlineCount(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    }
}
