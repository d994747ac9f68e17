@testable import BundleIO
@testable import CaptureEngine
@testable import CaptureBundle
import Foundation
import Testing
import TestSupport

@Suite struct CubiCaptureStorageTests {
    static let expectedFiles = ["0F1E2D3C-0000-4000-8000-000000000042.zip", "allDepthFrames.bin", "arkitData.json",
                                "config.json", "feedback.json", "mesh.ply", "scan.log"]

    @Test func writesEveryDocumentedFileAndNothingElse() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        let result = fixture.write(to: &storage)
        #expect(result == .success(.valid(path: out.path + "/scan/0F1E2D3C-0000-4000-8000-000000000042.zip")))
        #expect(out.tree() == ["scan"] + Self.expectedFiles.map { "scan/" + $0 })
    }

    @Test func arkitDataReadsBackWithEveryFrameAndInputInOrder() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        fixture.write(to: &storage)
        let data = try BundleReader(path: out.path + "/scan").arkitData()
        let inputs = fixture.inputs
        #expect(data.frames.count + data.inputs.count == inputs.count)
        #expect(data.propertyType == "house")
        #expect(data.address.street == "Main Street" && data.address.suite == nil)
        #expect(data.azimuthDegrees == 123.5)
        // The fixture's one relocation follows ARKit's own tracking loss, which does not set the flag
        // (SDK 2.8.1 notes: only SDK-initiated relocation does).
        #expect(!data.trackingFlag)
        #expect(data.scanningFeatures == ScanOptions().enabledNames)
        #expect(data.thresholds == Thresholds())
        #expect(data.recording.frames == fixture.recordedFrames)
        #expect(data.events.map(\.code) == [0, 1, 87, 2])
        #expect(data.scanLog.map(\.text) == ["Recording started", "Fast rotation\nwarning"])
        #expect(data.roomLabels.map(\.label) == ["Kitchen"])
        #expect(data.relocations == [ArkitRelocation(cause: "trackingLost", start: 0.15, end: 0.18, recovered: true)])
        for frame in data.frames {
            guard case .frame(let original) = inputs[frame.seq].input.kind else {
                Issue.record("seq \(frame.seq) is not a frame in the input")
                continue
            }
            #expect(frame.time == inputs[frame.seq].input.time)
            #expect(frame.matrix == original.transform.matrix)
            #expect(frame.tracking == original.tracking)
            #expect(frame.intrinsics == original.intrinsics)
            #expect(frame.recorded == inputs[frame.seq].recorded)
        }
        #expect(data.frames.compactMap(\.depthIndex) == Array(0..<fixture.depthFrameIndices.count))
        let replayed = try BundleReader(path: out.path + "/scan").sessionInputs()
        #expect(replayed.map(\.time) == inputs.map(\.input.time))
    }

    @Test func depthFramesFileParsesByTheDocumentedByteLayout() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        fixture.write(to: &storage)
        let bytes = out.bytes("scan/allDepthFrames.bin")
        func u32(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16 | Int(bytes[o + 3]) << 24 }
        let w = BundleFixture.depthWidth, h = BundleFixture.depthHeight, count = fixture.depthFrameIndices.count
        #expect(String(decoding: bytes[0..<8], as: UTF8.self) == "CSDEPTH1")
        let header: [Int] = [u32(8), u32(12), u32(16), u32(20), u32(24), u32(28)]
        let documented: [Int] = [2, w, h, 0, 8 + 3 * w * h, 0]
        #expect(header == documented)
        #expect(bytes.count == 32 + count * (8 + 3 * w * h))
        for (record, frameIndex) in fixture.depthFrameIndices.enumerated() {
            let base = 32 + record * (8 + 3 * w * h)
            var timeBits: UInt64 = 0
            for k in 0..<8 { timeBits |= UInt64(bytes[base + k]) << (8 * k) }
            #expect(Double(bitPattern: timeBits) == BundleFixture.frameTime(frameIndex))
            let map = fixture.depthMap(frameIndex)
            let depths = (0..<(w * h)).map { i in Float(Float16(bitPattern: UInt16(bytes[base + 8 + 2 * i]) | UInt16(bytes[base + 9 + 2 * i]) << 8)) }
            #expect(depths == map.depth)
            #expect(Array(bytes[(base + 8 + 2 * w * h)..<(base + 8 + 3 * w * h)]) == map.confidence)
        }
    }

    @Test func zipListsExactlyTheFolderFilesWithEqualBytesAndFixedDates() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        fixture.write(to: &storage)
        let zip = try ZipReader(path: out.path + "/scan/0F1E2D3C-0000-4000-8000-000000000042.zip")
        #expect(zip.entries.map(\.name) == BundleInspector.cubiCaptureFiles.filter { $0 != "video.mp4" })
        for entry in zip.entries {
            #expect(try zip.contents(of: entry.name) == out.bytes("scan/" + entry.name))
            #expect(entry.dosDateTime == UInt32(ZipWriter.dosDate) << 16)
            // allDepthFrames.bin is stored (method 0) by default, the rest deflated (method 8).
            #expect(entry.compressionMethod == (entry.name == "allDepthFrames.bin" ? 0 : 8))
        }
    }

    @Test func zipDeflatesTheDepthFramesWhenAskedTo() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var settings = fixture.settings(folder: out.path)
        settings.zipStoresDepthFrames = false
        var storage = CubiCaptureStorage(settings: settings)
        fixture.write(to: &storage)
        let zip = try ZipReader(path: out.path + "/scan/0F1E2D3C-0000-4000-8000-000000000042.zip")
        #expect(zip.entries.map(\.compressionMethod) == Array(repeating: 8, count: BundleInspector.cubiCaptureFiles.filter { $0 != "video.mp4" }.count))
        #expect(try zip.contents(of: "allDepthFrames.bin") == out.bytes("scan/allDepthFrames.bin"))
    }

    @Test func twoWritesOfTheSameInputsGiveIdenticalBytes() throws {
        let a = try TemporaryFolder(), b = try TemporaryFolder()
        defer { a.remove(); b.remove() }
        let fixture = BundleFixture()
        var first = CubiCaptureStorage(settings: fixture.settings(folder: a.path))
        var second = CubiCaptureStorage(settings: fixture.settings(folder: b.path))
        fixture.write(to: &first)
        fixture.write(to: &second)
        #expect(a.tree() == b.tree())
        for file in a.tree() where !file.hasSuffix("scan") {
            #expect(a.bytes(file) == b.bytes(file), "\(file) differs")
        }
    }

    @Test(arguments: [
        (ScanFile.folder, StorageFault.Operation.open), (.depthFrames, .open), (.depthFrames, .write),
        (.arkitData, .write), (.config, .write), (.feedback, .write), (.mesh, .write), (.scanLog, .write), (.zip, .write),
    ])
    func aFailingWriteThrowsItsFileAndLeavesNothingBehind(file: ScanFile, operation: StorageFault.Operation) throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        _ = FileManager.default.createFile(atPath: out.path + "/unrelated.txt", contents: Data("keep me".utf8))
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path, faults: [StorageFault(file: file, operation: operation, atSeconds: operation == .open ? nil : 0.2)]))
        let result = fixture.write(to: &storage)
        guard case .failure(let error) = result else {
            Issue.record("expected \(file) \(operation) to fail, got \(result)")
            return
        }
        #expect(error.file == file)
        #expect(error.opening == (operation == .open))
        #expect(error.reason.contains(out.path))
        storage.removeScanFiles()
        #expect(out.tree() == ["unrelated.txt"])
    }

    @Test func aScanLogThatCannotStartLeavesItOutAndRecordingGoesOn() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path, faults: [StorageFault(file: .scanLog, operation: .open)]))
        let result = fixture.write(to: &storage)
        #expect(result == .success(.valid(path: storage.zipPath)))
        #expect(!out.tree().contains("scan/scan.log"))
        #expect(out.tree().contains("scan/allDepthFrames.bin"))
    }

    @Test func anInvalidZipIsReportedAndTheRezipSucceeds() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path, faults: [StorageFault(file: .zip, operation: .invalidZip)]))
        fixture.write(to: &storage)   // zips, gets .invalid, re-zips
        #expect(storage.faults.fired.map(\.fault.operation) == [.invalidZip])
        #expect(out.tree().contains("scan/0F1E2D3C-0000-4000-8000-000000000042.zip"))
        #expect(try BundleInspector.inspect(path: out.path + "/scan").problems == [])
    }

    @Test func twoInvalidZipsLeaveTheBundleUnfinished() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path, faults: [
            StorageFault(file: .zip, operation: .invalidZip), StorageFault(file: .zip, operation: .invalidZip)]))
        #expect(fixture.write(to: &storage) == .success(.invalid))
        #expect(!out.tree().contains("scan"))
        storage.removeScanFiles()
        #expect(out.tree() == [])
    }

    @Test func refusesToOverwriteAnExistingBundleWithoutForce() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        try FileManager.default.createDirectory(atPath: out.path + "/scan", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: out.path + "/scan/old.txt", contents: Data("old".utf8))
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        let result = fixture.write(to: &storage)
        guard case .failure(let error) = result else { Issue.record("expected a refusal"); return }
        #expect(error.file == .folder && error.opening)
        #expect(error.reason.contains("already exists"))
        storage.removeScanFiles()
        #expect(out.tree() == ["scan", "scan/old.txt"])
    }

    @Test func forceReplacesAnExistingBundleOnlyWhenTheNewOneIsComplete() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        try FileManager.default.createDirectory(atPath: out.path + "/scan", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: out.path + "/scan/old.txt", contents: Data("old".utf8))
        let fixture = BundleFixture()
        var failing = CubiCaptureStorage(settings: fixture.settings(folder: out.path, force: true,
                                                                    faults: [StorageFault(file: .arkitData, operation: .write)]))
        if case .success = fixture.write(to: &failing) { Issue.record("expected the arkitData fault") }
        failing.removeScanFiles()
        #expect(out.tree() == ["scan", "scan/old.txt"])
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path, force: true))
        #expect(fixture.write(to: &storage) == .success(.valid(path: storage.zipPath)))
        // The old bundle waits under the private partial name until the run confirms.
        let aside = try #require(out.tree().first { $0.hasPrefix(".scan.") && $0.hasSuffix(".partial") })
        #expect(out.tree() == [aside, aside + "/old.txt"] + ["scan"] + Self.expectedFiles.map { "scan/" + $0 })
        storage.confirmPublication()
        #expect(out.tree() == ["scan"] + Self.expectedFiles.map { "scan/" + $0 })
    }

    @Test func aWithdrawnReplacementPutsTheOldBundleBack() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        try FileManager.default.createDirectory(atPath: out.path + "/scan", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: out.path + "/scan/old.txt", contents: Data("old".utf8))
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path, force: true))
        #expect(fixture.write(to: &storage) == .success(.valid(path: storage.zipPath)))
        #expect(storage.publicationProblem == nil)
        storage.withdrawPublication()
        #expect(out.tree() == ["scan", "scan/old.txt"])
    }

    @Test func withoutForceABundleThatAppearedWhileScanningIsKept() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        /// A storage after whose start another bundle of the same name appears.
        struct Racing: ScanStorage {
            let base: CubiCaptureStorage
            let other: String
            func observe(_ input: SessionInput, recorded: Bool) { base.observe(input, recorded: recorded) }
            func beginRecording(at time: Double) throws(ScanStorageError) {
                try base.beginRecording(at: time)
                try? FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: other + "/other.txt", contents: Data("other".utf8))
            }
            func appendFrame(_ frame: CameraFrame, at time: Double) throws(ScanStorageError) { try base.appendFrame(frame, at: time) }
            func writeScanFiles(_ record: SessionRecord, configuration: SessionConfiguration, log: ScanLogProjection) throws(ScanStorageError) {
                try base.writeScanFiles(record, configuration: configuration, log: log)
            }
            func zip(rezip: Bool) throws(ScanStorageError) -> ZipResult { try base.zip(rezip: rezip) }
            func removeScanFiles() { base.removeScanFiles() }
        }
        var storage = Racing(base: CubiCaptureStorage(settings: fixture.settings(folder: out.path)), other: out.path + "/scan")
        guard case .failure(let error) = fixture.write(to: &storage) else { Issue.record("expected a refusal"); return }
        #expect(error.file == .zip && error.reason.contains("appeared while scanning"))
        storage.base.withdrawPublication()
        #expect(out.tree() == ["scan", "scan/other.txt"])
    }

    @Test func aDeviceWithoutLiDARWritesNoDepthAndNoMesh() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        var fixture = BundleFixture()
        fixture.device = DeviceCapabilities(hasLiDAR: false, model: "iPhone 13")
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        fixture.write(to: &storage)
        #expect(out.tree() == ["scan", "scan/0F1E2D3C-0000-4000-8000-000000000042.zip", "scan/arkitData.json",
                               "scan/config.json", "scan/feedback.json", "scan/scan.log"])
        let data = try BundleReader(path: out.path + "/scan").arkitData()
        #expect(data.frames.allSatisfy { $0.depthIndex == nil })
        #expect(try BundleInspector.inspect(path: out.path + "/scan").problems == [])
    }

    @Test func noMeshWhenThermalStateShutReconstructionDown() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        var fixture = BundleFixture()
        fixture.reconstructionShutDownAt = 0.3
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        fixture.write(to: &storage)
        #expect(!out.tree().contains("scan/mesh.ply"))
        #expect(try BundleReader(path: out.path + "/scan").arkitData().reconstructionShutDown == 0.3)
    }

    @Test func scanLogAndFeedbackHoldTheRecordsEntries() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        fixture.write(to: &storage)
        #expect(String(decoding: out.bytes("scan/scan.log"), as: UTF8.self) == "0.100 Recording started\n0.200 Fast rotation warning\n")
        let feedback = try BundleReader(path: out.path + "/scan").feedback()
        #expect(feedback == [ArkitFeedbackItem(code: 87, message: SDKProfile.standard.message(for: .fastRotation), start: 0.2, end: 0.35,
                                               matrix: fixture.pose(5).matrix)])
    }

    @Test func meshPLYHoldsTheMeshInLittleEndianBinary() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        fixture.write(to: &storage)
        let bytes = out.bytes("scan/mesh.ply")
        let marker = Array("end_header\n".utf8)
        let end = try #require((0..<bytes.count).first { bytes[$0...].starts(with: marker) }) + marker.count
        let floats = (0..<12).map { i in Float(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[end + 4 * i + $1]) << (8 * $1) }) }
        #expect(floats == BundleFixture.box.vertices.flatMap { [$0.x, $0.y, $0.z] })
        #expect(bytes.count == end + 12 * 4 + 13 * 2)
        #expect(bytes[end + 48] == 3)
    }

    @Test func anOutputFolderCreatedForAFailedScanIsRemovedToo() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path + "/new",
                                                                    faults: [StorageFault(file: .arkitData, operation: .write)]))
        if case .success = fixture.write(to: &storage) { Issue.record("expected the arkitData fault") }
        #expect(out.tree().contains { $0.hasPrefix("new/.scan.") && $0.hasSuffix(".partial") })
        #expect(!out.tree().contains("new/scan"))
        storage.removeScanFiles()
        #expect(out.tree() == [])
    }

    @Test(arguments: [ScanFile.config, .feedback, .mesh, .scanLog])
    func aFileTheScanCanDoWithoutStillLetsTheRestBeWrittenAndZipped(file: ScanFile) throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path, faults: [StorageFault(file: file, operation: .write)]))
        guard case .failure(let error) = fixture.write(to: &storage) else { Issue.record("expected the \(file) fault"); return }
        #expect(error.file == file)
        let names: [ScanFile: String] = [.config: "config.json", .feedback: "feedback.json", .mesh: "mesh.ply", .scanLog: "scan.log"]
        let missing = try #require(names[file])
        #expect(storage.writtenFiles == BundleInspector.cubiCaptureFiles.filter { $0 != missing && $0 != "video.mp4" })
        #expect(try storage.zip(rezip: false) == .valid(path: storage.zipPath))
        // Zipped as the SDK does, but not published: inspect would reject a bundle without the file.
        let partial = storage.workspace.partialPath
        let zip = try ZipReader(path: partial + "/" + storage.zipName)
        #expect(zip.entries.map(\.name) == storage.writtenFiles)
        #expect(!FileManager.default.fileExists(atPath: partial + "/" + missing))
        #expect(storage.publicationProblem?.contains("not published") == true)
        storage.withdrawPublication()
        #expect(out.tree() == [])
    }

    @Test func aRealFolderFailureIsReportedAs58WithThePathAndTheSystemsReason() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        _ = FileManager.default.createFile(atPath: out.path + "/file", contents: Data("not a folder".utf8))
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path + "/file"))
        guard case .failure(let error) = fixture.write(to: &storage) else { Issue.record("expected a failure"); return }
        #expect(error.file == .folder && error.opening)
        #expect(error.reason == "mkdir \(out.path)/file: File exists")
        storage.removeScanFiles()
        #expect(out.tree() == ["file"])
    }
}
