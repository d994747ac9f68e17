import JSONSupport
import Testing

@Suite struct ByteLinesTests {
    private struct Seen: Equatable {
        var number: Int, text: String, terminated: Bool, untrimmedLength: Int
    }

    private func lines(_ text: String) -> [Seen] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            ByteLines(buffer).map {
                Seen(number: $0.number, text: String(decoding: buffer[$0.start..<$0.end], as: UTF8.self),
                     terminated: $0.terminated, untrimmedLength: $0.untrimmedLength)
            }
        }
    }

    @Test func linesAreTrimmedNumberedAndKeepTheirLengthBeforeTrimming() {
        #expect(lines("  a b \t\r\n\nc") == [
            Seen(number: 1, text: "a b", terminated: true, untrimmedLength: 7),
            Seen(number: 2, text: "", terminated: true, untrimmedLength: 0),
            Seen(number: 3, text: "c", terminated: false, untrimmedLength: 1),
        ])
    }

    @Test func aFinalNewlineEndsTheLastLineAndAddsNoEmptyOne() {
        #expect(lines("x\n").map(\.number) == [1])
        #expect(lines("").isEmpty)
    }

    @Test func newlinesAreCounted() {
        #expect(ByteLines.newlineCount(Array("a\nb\r\n\n".utf8)) == 3)
    }
}
