@testable import BundleIO
@testable import CaptureBundle
import CChecksum
import CZip
import TestSupport
import Testing

/// ``CRC32`` (`capture_sim_crc32`) against zlib's `crc32_z`, the reference, on the folding path's
/// edges: lengths around its 64-byte minimum and 16-byte steps, unaligned starts, continued sums.
@Suite struct CRC32Tests {
    static let bytes: [UInt8] = {
        var random = SplitMix64(seed: 5)
        return (0..<300_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }()

    static func zlib(_ crc: UInt32, _ slice: ArraySlice<UInt8>) -> UInt32 {
        slice.withUnsafeBytes { raw in
            UInt32(truncatingIfNeeded: crc32_z(uLong(crc), raw.baseAddress?.assumingMemoryBound(to: Bytef.self), z_size_t(raw.count)))
        }
    }

    @Test func everyLengthUpTo300AndLargeOnesFromEveryAlignmentEqualZlib() {
        var lengths = Array(0...300)
        lengths += [1023, 1024, 4095, 65_536, 147_464, 299_000]
        for length in lengths {
            for start in [0, 1, 7, 15, 33] where start + length <= Self.bytes.count {
                let slice = Self.bytes[start..<(start + length)]
                let ours = slice.withUnsafeBytes { CRC32($0).value }
                #expect(ours == Self.zlib(0, slice), "length \(length) from \(start)")
            }
        }
    }

    @Test func continuingAChecksumEqualsZlibContinuingIt() {
        var crc = CRC32()
        var reference: UInt32 = 0
        var at = 0
        for step in [1, 63, 64, 65, 200, 4096, 100_000, 17] {
            let slice = Self.bytes[at..<(at + step)]
            slice.withUnsafeBytes { crc.add($0) }
            reference = Self.zlib(reference, slice)
            #expect(crc.value == reference)
            #expect(crc.length == at + step)
            at += step
        }
    }

    @Test func theFoldingPathIsTakenOnCPUsWithCarryLessMultiplication() throws {
        #if arch(x86_64)
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let hasPCLMUL = cpuinfo.split(separator: "\n").contains { $0.hasPrefix("flags") && $0.split(separator: " ").contains("pclmulqdq") }
        #expect((capture_sim_crc32_folds() == 1) == hasPCLMUL)
        #endif
    }
}
