import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport
import TestSupport
import Testing

/// A bundle's scan.log holds the session's whole log, zip progress, 7 (and 5) included, in the folder
/// and in the zip alike.
@Suite struct ScanLogBundleTests {
    @Test func scanLogCarriesTheZipProgressAndTheEndInTheFolderAndTheZip() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let (events, driver, settings) = try SDKProfileBundleTests.write31Bundle(in: out.path)
        #expect(events.suffix(1).map(\.code) == [7])

        let expected = driver.session.record.scanLog.map { line in
            // The 7 line names the zip by its file name in the bundle; the event carries its path.
            ArkitDataJSON.scanLogLine(ScanLogLine(time: line.time, text: line.text.replacingOccurrences(of: out.path + "/scan/", with: "")))
        }.joined()
        let folder = try BundleReader(path: out.path + "/scan")
        let text = String(decoding: try folder.bytes("scan.log"), as: UTF8.self)
        #expect(text == expected)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.suffix(11).prefix(10).map { String($0.split(separator: " ", maxSplits: 1)[1]) }
                == (1...10).map { "Zipping: \($0 * 10) %" })
        #expect(lines.last?.hasSuffix(" 7 The zip file with the scan data was created successfully: \(settings.metadata.uid).zip") == true)
        #expect(lines.last?.hasPrefix(NumberFormatting.fixed(try #require(events.last?.time), decimals: 3)) == true)

        let zipped = try BundleReader(path: out.path + "/scan/\(settings.metadata.uid).zip")
        #expect(try zipped.bytes("scan.log") == folder.bytes("scan.log"))
        #expect(try folder.arkitData().scanLog.count == lines.count)
    }
}
