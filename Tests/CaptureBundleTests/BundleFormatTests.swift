@testable import BundleIO
@testable import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport
import TestSupport
import Testing

@Suite struct BundleFormatTests {
    @Test func aFaultFiresOnceAtTheFirstMatchingOperationFromItsTime() {
        var plan = FaultPlan([StorageFault(file: .depthFrames, operation: .write, atSeconds: 2)])
        let fired = [plan.fires(.depthFrames, .write, at: 1.9), plan.fires(.depthFrames, .open, at: 2.5),
                     plan.fires(.arkitData, .write, at: 2.5), plan.fires(.depthFrames, .write, at: 2.5),
                     plan.fires(.depthFrames, .write, at: 3)]
        #expect(fired == [false, false, false, true, false])
        #expect(plan.fired.map(\.time) == [2.5])
        #expect(plan.pending.isEmpty)
    }

    @Test func jsonNumbersReadBackBitForBit() throws {
        var rng = SplitMix64(seed: 3)
        let values = (0..<500).map { _ in Double(bitPattern: rng.next() >> 2) } + [0.1, 1.0 / 3, 0.21666666666666667, 1e-300, -2.5e17, Double.leastNonzeroMagnitude]
        let text = JSONValue.array(values.map { .number($0) }).serialized()
        let parsed = try JSONParser.parse(Array(text.utf8), file: "numbers.json")
        guard case .array(let items) = parsed else { Issue.record("not an array"); return }
        let back = items.map { item -> Double in
            switch item {
            case .number(let d): d
            case .int(let i): Double(i)
            default: .nan
            }
        }
        #expect(back.map(\.bitPattern) == values.map(\.bitPattern))
    }

    @Test func jsonErrorsNameTheFileLineAndColumn() {
        #expect(throws: InputError(file: "a.json", location: "line 2, column 8", reason: "not valid JSON: expected , or } in an object")) {
            try JSONParser.parse(Array("{\"a\": 1,\n\"b\": 2 3}".utf8), file: "a.json")
        }
        #expect(throws: InputError.self) { try JSONParser.parse(Array("[1, 2".utf8), file: "b.json") }
        #expect(throws: InputError.self) { try JSONParser.parse(Array("\"unterminated".utf8), file: "c.json") }
        #expect(throws: InputError.self) { try JSONParser.parse(Array("01x".utf8), file: "d.json") }
    }

    @Test func jsonStringsWithEscapesRoundTrip() throws {
        let value = JSONValue.object([("k\"ey", .string("line\nbreak\ttab \\ \u{1} é 🏠"))])
        #expect(try JSONParser.parse(Array(value.serialized().utf8), file: "s.json") == value)
        #expect(try JSONParser.parse(Array("\"\\ud83c\\udfe0\"".utf8), file: "s.json") == .string("🏠"))
    }

    @Test func depthFramesHeaderProblemsNameTheField() {
        let good = DepthFramesLayout.header(width: 4, height: 2)
            + DepthFramesLayout.record(time: 0.5, depth: DepthMap(width: 4, height: 2, depth: [1, 0, 2, 0.5, 0.25, 3, 4, 5], confidence: [2, 0, 1, 2, 2, 1, 0, 2]))
        #expect(throws: Never.self) { try DepthFramesFile(bytes: Data(good)) }
        var badMagic = good; badMagic[0] = UInt8(ascii: "X")
        #expect(throws: InputError(file: "allDepthFrames.bin", location: "byte 0", reason: "magic is not CSDEPTH1")) {
            try DepthFramesFile(bytes: Data(badMagic))
        }
        var badRecord = good; badRecord[24] = 1
        #expect(throws: InputError.self) { try DepthFramesFile(bytes: Data(badRecord)) }
        #expect(throws: InputError(file: "allDepthFrames.bin", location: "byte 32",
                                        reason: "31 bytes after the header are not whole records of 32 bytes (the last one is cut short)")) {
            try DepthFramesFile(bytes: Data(good.dropLast()))
        }
        #expect(throws: InputError.self) { try DepthFramesFile(bytes: Data(good.prefix(10))) }
        var countInVersionTwo = good; countInVersionTwo[20] = 1
        #expect(throws: InputError(file: "allDepthFrames.bin", location: "byte 20", reason: "reserved field is 1, expected 0")) {
            try DepthFramesFile(bytes: Data(countInVersionTwo))
        }
    }

    @Test func depthFramesOfVersionOneAreCountedByTheirHeader() throws {
        let map = DepthMap(width: 4, height: 2, depth: [1, 0, 2, 0.5, 0.25, 3, 4, 5.125], confidence: [2, 0, 1, 2, 2, 1, 0, 2])
        let records = DepthFramesLayout.record(time: 0.5, depth: map) + DepthFramesLayout.record(time: 0.75, depth: map)
        let file = try DepthFramesFile(bytes: Data(DepthFramesLayout.versionOneHeader(width: 4, height: 2, frameCount: 2) + records))
        #expect(file.frameCount == 2)
        #expect(try file.frame(1).depth.depth == map.depth)
        #expect(throws: InputError(file: "allDepthFrames.bin", location: "byte 20",
                                        reason: "header says 3 frames (128 bytes) but the file has 96 bytes")) {
            try DepthFramesFile(bytes: Data(DepthFramesLayout.versionOneHeader(width: 4, height: 2, frameCount: 3) + records))
        }
    }

    @Test func depthFramesRecordsDecodeToTheWrittenMaps() throws {
        let map = DepthMap(width: 4, height: 2, depth: [1, 0, 2, 0.5, 0.25, 3, 4, 5.125], confidence: [2, 0, 1, 2, 2, 1, 0, 2])
        let bytes = DepthFramesLayout.header(width: 4, height: 2)
            + DepthFramesLayout.record(time: 0.5, depth: map) + DepthFramesLayout.record(time: 0.75, depth: map)
        let file = try DepthFramesFile(bytes: Data(bytes))
        #expect(file.frameCount == 2)
        let second = try file.frame(1)
        #expect(second.time == 0.75)
        #expect(second.depth.depth == map.depth)
        #expect(second.depth.confidence == map.confidence)
    }

    @Test func zipWriterRefusesAnUnknownLevelAndNamesMissingFiles() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        #expect(throws: LibraryCallError.self) { try ZipWriter.write(entries: [], to: out.path + "/a.zip", compressionLevel: 0) }
        do {
            try ZipWriter.write(entries: [("x", out.path + "/missing")], to: out.path + "/b.zip")
            Issue.record("expected a failure")
        } catch {
            #expect(error.call.hasPrefix("zip_") && error.path == out.path + "/b.zip")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path + "/b.zip"))
    }

    @Test func trackingNamesRoundTrip() {
        let states: [TrackingState] = [.normal, .notAvailable] + TrackingState.LimitedReason.allCases.map { .limited($0) }
        #expect(states.map { ArkitDataJSON.trackingState(named: ArkitDataJSON.trackingName($0)) } == states)
        #expect(ArkitDataJSON.trackingName(.limited(.insufficientLight)) == "limited:insufficientLight")
    }

    @Test func faultsParseFromTheirTextFormAndBack() throws {
        #expect(try StorageFault(parsing: "depthFrames:write@3.5") == StorageFault(file: .depthFrames, operation: .write, atSeconds: 3.5))
        #expect(try StorageFault(parsing: "folder:open") == StorageFault(file: .folder, operation: .open))
        #expect(StorageFault(file: .zip, operation: .invalidZip, atSeconds: 2).text == "zip:invalidZip@2")
        #expect(throws: StorageFaultParseError.self) { try StorageFault(parsing: "disk:write") }
        #expect(throws: StorageFaultParseError.self) { try StorageFault(parsing: "zip:explode") }
        #expect(throws: StorageFaultParseError.self) { try StorageFault(parsing: "zip:write@soon") }
        #expect(throws: StorageFaultParseError.self) { try StorageFault(parsing: "zip") }
    }

    @Test func faultsThatWouldDoNothingAreRefusedAndTheRestFailWhereTheySay() throws {
        // Issue 48: folder:write and config:invalidZip were accepted and did nothing.
        for text in ["folder:write", "folder:invalidZip", "config:invalidZip", "arkitData:invalidZip"] {
            #expect(throws: StorageFaultParseError.self) { try StorageFault(parsing: text) }
        }
        // arkitData:open, config:open and zip:open now fail their file: 54 and 51 abort, 56 is reported
        // and the scan is zipped; either way no bundle is published (exit 4).
        let data = try Data(contentsOf: URL(fileURLWithPath: PackageFolder.scene("floor")))
        for (fault, code, status) in [("arkitData", 54, 4), ("config", 56, 4), ("zip", 51, 4)] {
            let out = try TemporaryFolder()
            defer { out.remove() }
            var scene = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            scene["faults"] = [["file": fault, "when": "open"]]
            scene["expect"] = nil
            try JSONSerialization.data(withJSONObject: scene).write(to: URL(fileURLWithPath: out.path + "/s.json"))
            let run = try CommandLineTool.run(["run", out.path + "/s.json", "--out", out.path + "/o", "--no-images",
                                               "--depth-every", "30", "--no-progress"])
            #expect(run.status == Int32(status), "\(fault): \(run.output)")
            #expect(run.output.contains(String(format: "%5d  ", code)), "\(fault): \(run.output)")
        }
    }
}
