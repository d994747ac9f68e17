@testable import BundleIO
import CaptureBundle
import Foundation
import Testing
import TestSupport

@Suite struct ZipChecksumValidationTests {
    /// The fixture's CubiCapture bundle written into `out`: its folder and its zip's path.
    func writtenBundle(in out: TemporaryFolder) -> (folder: String, zip: String) {
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        fixture.write(to: &storage)
        let folder = out.path + "/scan"
        return (folder, folder + "/0F1E2D3C-0000-4000-8000-000000000042.zip")
    }

    @Test func crc32IsZipsChecksumAndCombinesWithoutRereading() {
        let text = Array("123456789".utf8)
        var whole = CRC32()
        whole.add(text)
        #expect(whole.value == 0xCBF4_3926)
        var head = CRC32(), tail = CRC32()
        head.add(Array(text[0..<4]))
        tail.add(Array(text[4...]))
        #expect(head.followed(by: tail) == whole)
        #expect(CRC32().followed(by: whole) == whole)
    }

    @Test func theWrittenBundlesZipPassesAndAChangedFileIsNamedWithItsChecksum() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let (folder, zip) = writtenBundle(in: out)
        let files = BundleInspector.cubiCaptureFiles.filter { $0 != "video.mp4" }
        #expect(BundleZipValidation.checksumProblem(zip: zip, folder: folder, files: files) == nil)
        // Same size, one byte changed: the CRC tells.
        var bytes = out.bytes("scan/config.json")
        bytes[3] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/config.json"))
        let problem = try #require(BundleZipValidation.checksumProblem(zip: zip, folder: folder, files: files))
        #expect(problem.hasPrefix("\(zip): entry config.json has CRC-32 "))
        #expect(problem.contains(", \(folder)/config.json has "))
        // A known checksum that does not match the stored depth file is reported too.
        bytes[3] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/config.json"))
        var wrong = CRC32()
        wrong.add([1, 2, 3])
        let depthProblem = BundleZipValidation.checksumProblem(zip: zip, folder: folder, files: files,
                                                              knownChecksums: ["allDepthFrames.bin": wrong])
        #expect(depthProblem?.contains("entry allDepthFrames.bin has") == true)
    }

    @Test func aTruncatedZipFailsToOpen() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let (folder, zip) = writtenBundle(in: out)
        let bytes = out.bytes("scan/0F1E2D3C-0000-4000-8000-000000000042.zip")
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: zip))
        let problem = BundleZipValidation.checksumProblem(zip: zip, folder: folder, files: BundleInspector.cubiCaptureFiles.filter { $0 != "video.mp4" })
        #expect(problem?.hasPrefix("zip_open") == true || problem?.contains(zip) == true)
    }
}
