import BundleIO
import CaptureEngine
import JSONSupport

/// Writes a scan in the CubiCapture layout (docs/bundle-format.md): `arkitData.json`, `config.json`,
/// `scan.log`, `feedback.json`, `allDepthFrames.bin` (LiDAR), `video.mp4` (when recorded frames carry
/// camera images), `mesh.ply` (LiDAR with meshVisualisation, when a mesh is given and reconstruction was
/// not shut down) and `<uid>.zip` holding them all.
///
/// Frames stream to disk as they come; everything is built in a private partial folder and renamed to
/// `<name>` when the zip is written and valid (``BundleWorkspace``). Failures throw
/// ``ScanStorageError`` with the file that selects the SDK's code; ``removeScanFiles()`` leaves nothing
/// of the scan behind.
public final class CubiCaptureStorage: ScanStorage {
    /// The bundle's settings.
    public let settings: BundleSettings
    let workspace: BundleWorkspace
    private let log: InputLog
    private var depthStream: DirectFileWriter?
    private var depthSize: (width: Int, height: Int)?
    private var depthFramesWritten = 0
    /// CRC-32 of the depth records written (the file after its header), kept for checking the zip.
    private var depthRecordsChecksum = CRC32()
    /// CRC-32 of the finished `allDepthFrames.bin`.
    private var depthFileChecksum: CRC32?
    /// The zip's first entry, `allDepthFrames.bin`, written while recording (when the depth file is
    /// stored in the zip): the zip step then adds only the other files. Dropped, and the zip written
    /// in full, when it fails.
    private var zipStream: ZipStreamWriter?
    /// The archive holding the depth file once the stream finished, for the zip step (used once: a
    /// re-zip writes everything).
    private var streamedZip: String?
    private var scanLogOpen = false
    /// `video.mp4`, opened at the first recorded frame with a camera image.
    private var video: VideoEncoder?
    /// What the finished video holds, for `arkitData.json`.
    private var videoSummary: ArkitVideo?
    /// Frames in `video.mp4` (so far, or when finished).
    public var videoFrameCount: Int { video?.frameCount ?? videoSummary?.frames ?? 0 }
    private var recording = false
    /// The frames' true poses (ARKit world and camera) in `arkitData.json`'s frame order, for
    /// `truth/poses_true.csv`; nil once a frame came without one (a logged frame).
    private var truePoses: [(pose: RigidTransform, time: Double)]? = []
    /// The files written into the bundle, in zip order (names relative to the bundle folder).
    public private(set) var writtenFiles: [String] = []

    /// Temporary files inside the partial folder (removed before the zip is written).
    static let inputsFragment = ".inputs.part"
    static let framesFragment = ".frames.part"
    static let depthStreamName = ".allDepthFrames.bin.part"
    static let streamedZipName = ".streamed.zip.part"

    public init(settings: BundleSettings) {
        self.settings = settings
        workspace = BundleWorkspace(settings: settings)
        log = InputLog(recordsDepth: settings.session.device.hasLiDAR)
    }

    /// The faults that fired so far, and those still pending.
    public var faults: FaultPlan { workspace.faults }

    /// The zip's final path, `<out>/<name>/<uid>.zip`.
    public var zipPath: String { settings.bundlePath + "/" + zipName }
    var zipName: String { settings.metadata.uid + ".zip" }

    public func observe(_ input: SessionInput, recorded: Bool) {
        workspace.now = input.time
        if case .frame(let frame) = input.kind, !log.isClosed {
            if let truth = frame.truePose { truePoses?.append((truth, input.time)) } else { truePoses = nil }
        }
        // A failed fragment write surfaces as a failed arkitData.json write when the files are written.
        do { try log.add(input, recorded: recorded) } catch { logFailure = error.description }
    }

    private var logFailure: String?

    /// Creates the partial folder (58), starts `allDepthFrames.bin` on LiDAR devices (57), then opens
    /// `scan.log` (90: recording goes on without it).
    public func beginRecording(at time: Double) throws(ScanStorageError) {
        workspace.now = time
        try workspace.create()
        recording = true
        do throws(FileSystemError) {
            try log.open(inputsPath: workspace.path(Self.inputsFragment), framesPath: workspace.path(Self.framesFragment))
        } catch {
            throw ScanStorageError(file: .folder, opening: true, reason: error.description)
        }
        if settings.session.device.hasLiDAR {
            let path = workspace.path(Self.depthStreamName)
            try workspace.check(.depthFrames, .open, path: workspace.path("allDepthFrames.bin"))
            // Past the page cache (O_DIRECT) in 8 MiB blocks, written behind on a thread of its own.
            do throws(FileSystemError) { depthStream = try DirectFileWriter(creating: path) }
            catch { throw ScanStorageError(file: .depthFrames, opening: true, reason: error.description) }
            if settings.zipStoresDepthFrames {
                zipStream = try? ZipStreamWriter(path: workspace.path(Self.streamedZipName), entryName: "allDepthFrames.bin")
            }
        }
        let scanLog = workspace.path("scan.log")
        try workspace.check(.scanLog, .open, path: scanLog)
        scanLogOpen = true
    }

    /// Appends the frame's depth map to `allDepthFrames.bin` (59 on failure); frames without depth
    /// (or on devices without LiDAR) only appear in `arkitData.json`.
    public func appendFrame(_ frame: CameraFrame, at time: Double) throws(ScanStorageError) {
        workspace.now = time
        if let image = frame.color { try appendVideoFrame(image, at: time) }
        guard let depth = frame.depth, settings.session.device.hasLiDAR else { return }
        let target = workspace.path("allDepthFrames.bin")
        guard let stream = depthStream else {
            throw ScanStorageError(file: .depthFrames, opening: false, reason: "\(target): the depth stream is not open")
        }
        try workspace.check(.depthFrames, .write, path: target)
        guard depth.depth.count == depth.width * depth.height, depth.confidence.count == depth.width * depth.height else {
            throw ScanStorageError(file: .depthFrames, opening: false,
                                   reason: "\(target): depth map \(depth.width)x\(depth.height) has \(depth.depth.count) depths and \(depth.confidence.count) confidences")
        }
        do throws(FileSystemError) {
            if let size = depthSize {
                guard size == (depth.width, depth.height) else {
                    throw FileSystemError(path: target, reason: "depth map is \(depth.width)x\(depth.height), earlier ones were \(size.width)x\(size.height)")
                }
            } else {
                depthSize = (depth.width, depth.height)
                try writeDepthHeader(width: depth.width, height: depth.height, to: stream)
            }
            // The record is encoded straight into the writer's buffer and checksummed there, and
            // copied from there to the zip's stream.
            var checksum = depthRecordsChecksum
            let record = try stream.write(count: DepthFramesLayout.recordBytes(width: depth.width, height: depth.height)) { record in
                DepthFramesLayout.write(time: time, depth: depth, to: record)
                checksum.add(UnsafeRawBufferPointer(record))
            }
            zipStream?.append(record)
            depthRecordsChecksum = checksum
            depthFramesWritten += 1
        } catch {
            throw ScanStorageError(file: .depthFrames, opening: false, reason: error.description)
        }
    }

    /// Encodes a recorded frame's camera image into `video.mp4` (opened at the first). The SDK's code table
    /// has no code for the video: a failure is reported as a failed frame write (59), naming the file.
    private func appendVideoFrame(_ image: ColorImage, at time: Double) throws(ScanStorageError) {
        let target = workspace.path("video.mp4")
        do throws(LibraryCallError) {
            if video == nil {
                let s = settings.images
                video = try VideoEncoder(path: target, width: image.width, height: image.height, frameRateHz: s.frameRateHz,
                                         crf: s.videoCRF)
            }
            try video?.append(rgb: image.rgb, width: image.width, height: image.height, time: time)
        } catch {
            throw ScanStorageError(file: .depthFrames, opening: false, reason: error.description)
        }
    }

    /// Writes every file but the zip: `allDepthFrames.bin` (finished), `feedback.json`, `mesh.ply`,
    /// `config.json`, `scan.log`, then `arkitData.json`. A failure of the depth file or arkitData.json is
    /// thrown at once (the scan is lost); one of the others is thrown after the rest were written, so the
    /// bundle can be zipped without that file.
    ///
    /// `scan.log` and arkitData.json's `scanLog` hold the session's whole log through its end (`log`):
    /// the lines logged while zipping (progress every 10 %) and 7 and 5, at their modelled times, as they
    /// will be when the zip proves valid; a failure of one of the other files is part of it (the
    /// session reports it before zipping). The 7 line names the zip by its file name (`<uid>.zip`), so
    /// that a bundle's bytes do not depend on the folder it is written to.
    public func writeScanFiles(_ record: SessionRecord, configuration: SessionConfiguration,
                               log projection: ScanLogProjection) throws(ScanStorageError) {
        guard recording else {
            throw ScanStorageError(file: .arkitData, opening: false, reason: "\(workspace.partialPath): recording never started")
        }
        var files: [String] = []
        if settings.session.device.hasLiDAR, let stream = depthStream {
            let target = workspace.path("allDepthFrames.bin")
            try workspace.check(.depthFrames, .write, path: target)
            do throws(FileSystemError) {
                if depthSize == nil {
                    let d = CameraIntrinsics.lidarDepth
                    depthSize = (d.width, d.height)
                    try writeDepthHeader(width: d.width, height: d.height, to: stream)
                }
                let size = depthSize ?? (0, 0)
                var header = CRC32()
                header.add(DepthFramesLayout.header(width: size.width, height: size.height))
                depthFileChecksum = header.followed(by: depthRecordsChecksum)
                try stream.close()
                try FileSystem.rename(stream.path, to: target)
            } catch {
                throw ScanStorageError(file: .depthFrames, opening: false, reason: error.description)
            }
            depthStream = nil
            if let zipStream {
                self.zipStream = nil
                do throws(LibraryCallError) {
                    try zipStream.finish()
                    streamedZip = zipStream.path
                } catch {
                    FileSystem.removeTree(zipStream.path)
                }
            }
            files.append("allDepthFrames.bin")
        }
        if let video {
            self.video = nil
            videoSummary = ArkitVideo(frames: video.frameCount, frameRateHz: settings.images.frameRateHz,
                                      width: video.width, height: video.height, distortion: settings.images.distortion)
            do throws(LibraryCallError) { try video.finish() } catch {
                throw ScanStorageError(file: .depthFrames, opening: false, reason: error.description)
            }
            files.append("video.mp4")
        }
        // scan.log, feedback.json, mesh.ply and config.json are not fatal to the scan (the session saves
        // the bundle without them): the others are still written and the first such failure is thrown
        // at the end. arkitData.json is fatal.
        var deferred: ScanStorageError?
        func attempt(_ name: String, _ bytes: [UInt8], as file: ScanFile) {
            do throws(ScanStorageError) {
                try workspace.write(bytes, to: name, as: file)
                files.append(name)
            } catch {
                deferred = deferred ?? error
            }
        }
        attempt("feedback.json", Array((JSONValue.array(record.feedback.map { ArkitDataJSON.feedback($0, sdk: configuration.sdk) }).serialized(pretty: true) + "\n").utf8),
                as: .feedback)
        if let mesh = settings.mesh, configuration.reconstructsScene, record.reconstructionShutDownAt == nil {
            attempt("mesh.ply", MeshFileEncoding.ply(mesh), as: .mesh)
        }
        attempt("config.json", Array((ArkitDataJSON.config(metadata: settings.metadata, configuration: configuration)
                                        .serialized(pretty: true) + "\n").utf8), as: .config)
        // The log through the session's end, given how the files went (the first failure is the one
        // the session is told of); scan.log's own failure changes the log arkitData.json keeps.
        var finished = record
        finished.scanLog = projection.lines(afterWriting: deferred?.outcome ?? .filesWritten, zipPath: zipName,
                                            current: record.scanLog)
        if scanLogOpen {
            do throws(ScanStorageError) {
                try workspace.write(Array(finished.scanLog.map(ArkitDataJSON.scanLogLine).joined().utf8), to: "scan.log", as: .scanLog)
                files.append("scan.log")
            } catch {
                // Reported first, as when scan.log was written before the others.
                deferred = error
                finished.scanLog = projection.lines(afterWriting: error.outcome, zipPath: zipName, current: record.scanLog)
            }
        }
        writtenFiles = BundleInspector.cubiCaptureFiles.filter { files.contains($0) }
        try writeArkitData(finished, configuration: configuration)
        files.append("arkitData.json")
        writtenFiles = BundleInspector.cubiCaptureFiles.filter { files.contains($0) }
        writeTruePoses()
        if let deferred {
            // The scan goes on and zips without the file, as the SDK does; such a bundle is not published.
            workspace.withhold(deferred)
            throw deferred
        }
    }

    /// `truth/poses_true.csv`: the true pose of every frame of `arkitData.json` (outside the SDK's files
    /// and the zip). Its failure keeps the bundle from being published without changing what the
    /// session reports (the SDK has no such file).
    private func writeTruePoses() {
        Self.writeTruthFiles(workspace, settings.truthFiles)
        guard let truePoses, !truePoses.isEmpty else { return }
        var text = RawRGBDStorage.posesHeader + "\n"
        for (index, entry) in truePoses.enumerated() {
            let q = entry.pose.rotation.w < 0 ? -entry.pose.rotation.vector : entry.pose.rotation.vector
            let values = [entry.pose.translation.x, entry.pose.translation.y, entry.pose.translation.z, q.x, q.y, q.z, q.w, entry.time]
            text += String(index) + "," + values.map(RawRGBDStorage.number).joined(separator: ",") + "\n"
        }
        do throws(ScanStorageError) {
            try workspace.makeSubfolder("truth", for: .folder)
            try workspace.write(text, to: BundleInspector.truePosesFile, as: .config)
        } catch {
            workspace.withhold(error)
        }
    }

    /// Writes ``BundleSettings/truthFiles`` into `truth/`; a failure keeps the bundle from being
    /// published without changing what the session reports.
    static func writeTruthFiles(_ workspace: BundleWorkspace, _ files: [String: [UInt8]]) {
        guard !files.isEmpty else { return }
        do throws(ScanStorageError) {
            try workspace.makeSubfolder("truth", for: .folder)
            for name in files.keys.sorted() {
                try workspace.write(files[name] ?? [], to: "truth/" + name, as: .config)
            }
        } catch {
            workspace.withhold(error)
        }
    }

    /// The depth file's header, to the file and the zip's stream.
    private func writeDepthHeader(width: Int, height: Int, to stream: DirectFileWriter) throws(FileSystemError) {
        let header = DepthFramesLayout.header(width: width, height: height)
        try stream.write(header)
        zipStream?.append(header)
    }

    /// Splices the head keys and the two fragment files into `arkitData.json`.
    private func writeArkitData(_ record: SessionRecord, configuration: SessionConfiguration) throws(ScanStorageError) {
        let target = workspace.path("arkitData.json")
        try workspace.check(.arkitData, .open, path: target)
        try workspace.check(.arkitData, .write, path: target)
        let temporary = FileSystem.temporaryName(for: target)
        do throws(FileSystemError) {
            if let logFailure { throw FileSystemError(reason: logFailure) }
            try log.finish()
            let out = try OutputFile(creating: temporary)
            try out.write("{\n" + ArkitDataJSON.headLines(record: record, metadata: settings.metadata, configuration: configuration).joined(separator: ",\n"))
            if let v = videoSummary {
                let video: JSONValue = .object([("file", .string(v.file)), ("frames", .integer(v.frames)),
                                                ("frameRateHz", .number(v.frameRateHz)), ("width", .integer(v.width)),
                                                ("height", .integer(v.height))] + ArkitVideo.distortionKeys(v.distortion))
                try out.write(",\n\"video\":" + video.serialized())
            }
            try out.write(log.inputCount == 0 ? ",\n\"inputs\":[]" : ",\n\"inputs\":[\n")
            try out.append(contentsOf: workspace.path(Self.inputsFragment))
            try out.write(log.inputCount == 0 ? "" : "\n]")
            try out.write(log.frameCount == 0 ? ",\n\"frames\":[]" : ",\n\"frames\":[\n")
            try out.append(contentsOf: workspace.path(Self.framesFragment))
            try out.write(log.frameCount == 0 ? "\n}\n" : "\n]\n}\n")
            try out.close()
            try FileSystem.rename(temporary, to: target)
        } catch {
            FileSystem.removeTree(temporary)
            throw ScanStorageError(file: .arkitData, opening: false, reason: error.description)
        }
        FileSystem.removeTree(workspace.path(Self.inputsFragment))
        FileSystem.removeTree(workspace.path(Self.framesFragment))
    }

    /// Zips the written files into `<uid>.zip` (51 on failure), validates the zip against the folder
    /// (``BundleZipValidation/checksumProblem(zip:folder:files:knownChecksums:)``, with the depth file's
    /// CRC-32 computed while it was written) and, when valid, renames the bundle into place.
    public func zip(rezip: Bool) throws(ScanStorageError) -> ZipResult {
        let target = workspace.path(zipName)
        let streamed = streamedZip
        streamedZip = nil
        do throws(ScanStorageError) {
            try workspace.check(.zip, .open, path: target)
            try workspace.check(.zip, .write, path: target)
        } catch {
            if let streamed { FileSystem.removeTree(streamed) }
            throw error
        }
        FileSystem.removeTree(target)
        do throws(LibraryCallError) {
            let deflate = ZipWriter.Method.deflate(level: settings.zipCompressionLevel)
            let entries = writtenFiles.map { name in
                ZipWriter.Entry(name: name, file: workspace.path(name),
                                method: (name == "allDepthFrames.bin" && settings.zipStoresDepthFrames) || name == "video.mp4"
                                    ? .store : deflate)
            }
            if let streamed, writtenFiles.first == "allDepthFrames.bin",
               (try? ZipWriter.append(Array(entries.dropFirst()), toArchive: streamed, savingAs: target)) != nil {
                // The depth file was zipped while recording; only the other files were added.
            } else {
                if let streamed { FileSystem.removeTree(streamed) }
                try ZipWriter.write(entries, to: target)
            }
        } catch {
            FileSystem.removeTree(target)
            throw ScanStorageError(file: .zip, opening: false, reason: error.description)
        }
        if workspace.faults.fires(.zip, .invalidZip, at: workspace.now) {
            do throws(FileSystemError) {
                let bytes = try FileSystem.read(target)
                try FileSystem.writeAtomically(Array(bytes.prefix(bytes.count / 2)), to: target)
            } catch {
                throw ScanStorageError(file: .zip, opening: false, reason: error.description)
            }
        }
        let known = depthFileChecksum.map { ["allDepthFrames.bin": $0] } ?? [:]
        guard BundleZipValidation.checksumProblem(zip: target, folder: workspace.folder, files: writtenFiles,
                                                  knownChecksums: known) == nil else {
            return .invalid
        }
        try workspace.commit(as: .zip)
        return .valid(path: zipPath)
    }

    /// Removes everything this scan created: the partial folder, or the bundle once renamed into place.
    public func removeScanFiles() {
        log.discard()
        try? depthStream?.close()
        depthStream = nil
        zipStream?.cancel()
        zipStream = nil
        video?.cancel()
        video = nil
        workspace.withdraw()
    }
}
