import BundleIO
import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport
import SceneRuntime
import SyntheticSensor

/// `capture-sim bench bundle`: a long scan of a scene (by default a 10-minute 60 Hz scan of the
/// apartment with a LiDAR depth map every frame) rendered, run through the session with a
/// ``SessionDriver`` and written in both layouts (`CombinedStorage(CubiCaptureStorage, RawRGBDStorage)`),
/// then zipped and validated. Reports the time of each stage, the wall time, frames per second, the
/// bytes written and the process's peak resident memory (flat: frames go straight to disk).
///
/// The scene's walk (the script steps between the record press and the stop) is repeated until the
/// recording lasts `recordingSeconds`; the stop is pressed so that it is confirmed at that length.
public struct BundleBenchmark {
    /// The scene whose walk is scanned.
    public var scene: Scene
    /// Length of the recording, seconds (the stream adds the scene's lead-in and a 2 s tail).
    public var recordingSeconds: Double
    /// The folder the bundles are written in (`bench` and `bench-raw` inside it).
    public var outputFolder: String
    /// Also write the raw RGBD package (default true: both layouts).
    public var raw = true
    /// Render on a second thread while the session and writers run (default true).
    public var pipelined = true
    /// Compression of the raw package's PNGs (default ``PNGCompression/rle``, the bundle writers').
    public var pngCompression: PNGCompression = .rle
    /// Deflate level of the zip's entries, 1-9 (default 6).
    public var zipLevel = 6
    /// Store `allDepthFrames.bin` in the zip rather than deflate it (default true).
    public var zipStoresDepthFrames = true
    /// The camera whose `video.mp4` and `rgb/*.jpg` are written (nil: no images).
    public var camera: CameraSettings?

    public init(scene: Scene, recordingSeconds: Double, outputFolder: String, camera: CameraSettings?) {
        self.scene = scene
        self.recordingSeconds = recordingSeconds
        self.outputFolder = outputFolder
        self.camera = camera
    }

    /// What one run measured: seconds per stage, bytes, memory.
    public struct Report: Sendable {
        /// Recorded frames (each with its depth map).
        public var recordedFrames: Int
        /// Frames of the whole stream (lead-in and tail included).
        public var streamFrames: Int
        /// The recording's length, seconds.
        public var recordingSeconds: Double
        /// Rendering (motion and LiDAR, and the camera), seconds: the render thread's wall time, when
        /// pipelined (with ``CaptureOptions/rendersAhead`` it waits there for the depth renders and colour
        /// images that run on workers, whose CPU time it does not count).
        public var renderSeconds: Double
        /// The session's steps, seconds.
        public var sessionSeconds: Double
        /// The writers' thread waiting for rendered frames, seconds.
        public var waitSeconds: Double
        /// Encoding and writing the arkitData JSON log, seconds.
        public var cubiLogSeconds: Double
        /// Encoding and writing the depth file and the video, seconds.
        public var cubiDepthSeconds: Double
        /// The raw package's frames (PNGs, JPEGs, poses), seconds.
        public var rawFrameSeconds: Double
        /// Writing the scan files, seconds.
        public var filesSeconds: Double
        /// Zipping and validating, seconds.
        public var zipSeconds: Double
        /// Wall time of the whole run, seconds.
        public var wallSeconds: Double
        /// Bytes of the CubiCapture bundle's files without its zip.
        public var bundleBytes: Int
        /// Bytes of the zip.
        public var zipBytes: Int
        /// Bytes of the raw package.
        public var rawBytes: Int
        /// Whether the scan finished with code 7 (enough data).
        public var finished: Bool
        /// The process's peak resident memory, kilobytes (`VmHWM`).
        public var peakResidentKilobytes: Int?
        /// User + system CPU seconds of the whole process (all threads) during the run.
        public var cpuSeconds: Double
        /// Of ``cpuSeconds``, the system time: the kernel's work for the process (file creation, the page
        /// cache of the files written through it, I/O submission).
        public var systemCPUSeconds = 0.0
        /// The camera settings the images were made with (nil: no images).
        public var camera: CameraSettings?
        /// Frames in video.mp4.
        public var imageFrames = 0
        /// Stream frames per second of wall time.
        public var framesPerSecond: Double { Double(streamFrames) / wallSeconds }
    }

    /// The scene with its walk repeated so that the recording lasts `recordingSeconds`: the steps up to
    /// the first record press, then the steps between it and the stop, again and again while they end
    /// before the target, then a stop confirmed `recordingSeconds` after the record press.
    static func extended(_ scene: Scene, recordingSeconds: Double) throws(BenchmarkError) -> Scene {
        guard let record = scene.script.firstIndex(where: { $0.action == .record }) else {
            throw BenchmarkError(.badInput, "\(scene.source): the script has no record step")
        }
        let stop = scene.script[(record + 1)...].firstIndex { if case .stop = $0.action { return true } else { return false } }
        let walk = Array(scene.script[(record + 1)..<(stop ?? scene.script.count)]).filter { $0.at == nil }
        guard !walk.isEmpty else {
            throw BenchmarkError(.badInput, "\(scene.source): no steps between the record press and the stop to repeat")
        }
        var extended = scene
        extended.expect = nil
        extended.golden = nil
        func duration(_ script: [ScriptStep]) -> Double {
            extended.script = script
            return SyntheticCapture(scene: extended).duration
        }
        var script = Array(scene.script[...record])
        let recordStart = duration(script)
        let stopPress = recordStart + recordingSeconds - 1  // the confirmation comes 1 s after the press
        // Whole walks while they fit, then single steps.
        let walkSeconds = max(1, duration(script + walk) - recordStart)
        while duration(script) + walkSeconds * 1.2 < stopPress { script += walk }
        var index = 0
        while true {
            let next = script + [walk[index % walk.count]]
            guard duration(next) <= stopPress else { break }
            script = next
            index += 1
        }
        script.append(ScriptStep(at: max(stopPress, 0), action: .stop(confirm: true), path: "bench.stop"))
        extended.script = script
        return extended
    }

    /// Renders, runs and writes the scan; a ``BenchmarkError`` when the scene has no walk to repeat or
    /// the session or the writers fail.
    public func run() throws(BenchmarkError) -> Report {
        let scene = try Self.extended(self.scene, recordingSeconds: recordingSeconds)
        // Depth on every frame, two frames at a time in one row band each (the next one renders ahead on a
        // worker while this one is finished); colour images in two bands, the next one rendering ahead on
        // another worker.
        let cameraSettings = camera
        let capture = SyntheticCapture(scene: scene, options: CaptureOptions(
            depthEveryNthFrame: 1, renderBands: 1, colorImages: cameraSettings != nil, camera: cameraSettings,
            rendersAhead: true))
        let configuration = capture.configuration
        func settings(_ name: String) -> BundleSettings {
            var s = BundleSettings(outputFolder: outputFolder, name: name, metadata: scene.metadata, session: configuration,
                                   mesh: configuration.reconstructsScene ? capture.mesh : nil, force: true,
                                   zipCompressionLevel: zipLevel, zipStoresDepthFrames: zipStoresDepthFrames,
                                   pngCompression: pngCompression)
            if let c = cameraSettings {
                s.images = BundleImageSettings(frameRateHz: c.frameRateHz, videoCRF: c.videoCRF, jpegQuality: c.jpegQuality,
                                               distortion: c.distortion)
            }
            return s
        }
        let cubi = CubiCaptureStorage(settings: settings("bench"))
        let rawSettings = settings("bench-raw")
        // Drives the scan into `storage`, then settles its bundles as `run` settles a scan, after the
        // measurement: published bundles are confirmed (the ones of the run before, kept aside until then,
        // are deleted now rather than left as partial folders for the next run to remove inside its timed
        // work); anything else is withdrawn, and an unfinished scan keeps no bundle (its report still
        // prints, and the tool exits 1).
        func measured<S: BundlePublishing>(_ storage: S, times: (S) -> (Double, Double, Double, Double, Double))
            throws(BenchmarkError) -> Report {
            var report: Report
            do {
                report = try drive(capture, configuration: configuration, storage: storage, times: times)
            } catch {
                storage.withdrawPublication()
                throw error
            }
            if raw { report.rawBytes = ProcessMeasurements.bytes(inFolder: rawSettings.bundlePath) }
            report.zipBytes = (try? FileManager.default.attributesOfItem(atPath: cubi.zipPath)[.size] as? Int) ?? 0
            report.bundleBytes = ProcessMeasurements.bytes(inFolder: cubi.settings.bundlePath) - report.zipBytes
            report.peakResidentKilobytes = ProcessMeasurements.peakResidentKilobytes()
            report.camera = cameraSettings
            report.imageFrames = cubi.videoFrameCount
            if let problem = storage.settle(scanFinished: report.finished, bundle: cubi.settings.bundlePath), report.finished {
                throw BenchmarkError(.failure, "bench bundle: \(problem)")
            }
            return report
        }
        if raw {
            return try measured(CombinedStorage(TimedStorage(cubi), TimedStorage(RawRGBDStorage(settings: rawSettings)))) { s in
                (s.first.observeSeconds, s.first.appendSeconds, s.second.observeSeconds + s.second.appendSeconds,
                 s.first.filesSeconds + s.second.filesSeconds, s.first.zipSeconds + s.second.zipSeconds)
            }
        }
        return try measured(TimedStorage(cubi)) { s in (s.observeSeconds, s.appendSeconds, 0, s.filesSeconds, s.zipSeconds) }
    }

    /// Runs the stream through a session into `storage`; `times` reads the storage's stage times
    /// (input log, depth records, raw package frames, scan files, zip).
    private func drive<S: ScanStorage>(_ capture: SyntheticCapture, configuration: SessionConfiguration, storage: S,
                                       times: (S) -> (Double, Double, Double, Double, Double)) throws(BenchmarkError) -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = ProcessMeasurements.cpuTimes()
        var driver = SessionDriver(session: CaptureSession(configuration: configuration), storage: storage)
        var waitSeconds = 0.0, feedSeconds = 0.0, renderSeconds = 0.0
        var streamFrames = 0
        let pipeline = pipelined ? InputPipeline(capture: capture) : nil
        var iterator = capture.makeIterator()
        while true {
            let before = clock.now
            let next = pipeline?.next() ?? (pipelined ? nil : iterator.next())
            let got = clock.now
            if pipelined { waitSeconds += (got - before).inSeconds } else { renderSeconds += (got - before).inSeconds }
            guard let input = next else { break }
            if case .frame = input.kind { streamFrames += 1 }
            do {
                _ = try driver.feed(input)
            } catch {
                pipeline?.stop()
                throw BenchmarkError(.failure, "bench bundle: the session refused an input at \(input.time) s: \(error)")
            }
            feedSeconds += (clock.now - got).inSeconds
        }
        if let pipeline { renderSeconds = pipeline.renderSeconds() }
        let wall = (clock.now - start).inSeconds
        let (log, depth, rawFrames, files, zip) = times(driver.storage)
        let session = driver.session
        if let failure = driver.storageErrors.first {
            throw BenchmarkError(.failure, "bench bundle: writing failed at \(NumberFormatting.fixed(failure.time, decimals: 3)) s: \(failure.error.reason)")
        }
        let record = session.record
        let cpuEnd = ProcessMeasurements.cpuTimes()
        return Report(recordedFrames: record.recordedFrameCount, streamFrames: streamFrames,
                      recordingSeconds: (record.recordingEnd ?? 0) - (record.recordingStart ?? 0),
                      renderSeconds: renderSeconds,
                      sessionSeconds: feedSeconds - log - depth - rawFrames - files - zip, waitSeconds: waitSeconds,
                      cubiLogSeconds: log, cubiDepthSeconds: depth, rawFrameSeconds: rawFrames, filesSeconds: files,
                      zipSeconds: zip, wallSeconds: wall, bundleBytes: 0, zipBytes: 0, rawBytes: 0,
                      finished: session.finishedWithEnoughData,
                      peakResidentKilobytes: nil,
                      cpuSeconds: cpuEnd.user + cpuEnd.system - cpuStart.user - cpuStart.system,
                      systemCPUSeconds: cpuEnd.system - cpuStart.system)
    }

    /// The report as the lines `capture-sim bench bundle` prints: the time of each stage, the settings,
    /// wall and CPU time, frames per second, bytes, peak memory, and the command that reproduces it.
    public func lines(_ r: Report) -> [String] {
        let out = outputFolder
        func s(_ x: Double) -> String { NumberFormatting.fixed(x, decimals: 2) + " s" }
        func pad(_ label: String) -> String { "  " + label.padding(toLength: 40, withPad: " ", startingAt: 0) }
        var lines = ["bench bundle: \(scene.source) walk repeated, \(r.streamFrames) frames at 60 Hz with 256x192 depth, "
            + "\(r.recordedFrames) recorded (\(NumberFormatting.fixed(r.recordingSeconds, decimals: 1)) s), into \(out)/bench"
            + (raw ? " and \(out)/bench-raw" : "")]
        // The render thread also shades and exposes the colour images when there are images.
        let rendered = r.camera == nil ? "motion + LiDAR" : "motion, LiDAR, colour"
        lines.append(pad(pipelined ? "render thread (\(rendered))" : "render (\(rendered))") + s(r.renderSeconds))
        if pipelined { lines.append(pad("writer thread waiting for frames") + s(r.waitSeconds)) }
        lines.append(pad("session (engine steps)") + s(r.sessionSeconds))
        lines.append(pad("encode + write arkitData JSON log") + s(r.cubiLogSeconds))
        lines.append(pad("encode + write depth (and H.264 video)") + s(r.cubiDepthSeconds))
        if raw { lines.append(pad("raw PNGs, JPEGs, poses (worker threads)") + s(r.rawFrameSeconds)) }
        lines.append(pad("write scan files (arkitData.json ...)") + s(r.filesSeconds))
        lines.append(pad("zip + validate") + s(r.zipSeconds))
        lines.append(pad("settings") + "PNGs \(pngCompression), zip deflate level \(zipLevel), depth file "
            + (zipStoresDepthFrames ? "stored" : "deflated"))
        lines.append(pad("camera images") + (r.camera.map { c in
            "\(c.width)x\(c.height) at \(NumberFormatting.compact(c.frameRateHz)) fps: \(r.imageFrames) frames in video.mp4"
                + (raw ? " and raw/rgb/*.jpg" : "")
        } ?? "none (--no-images)"))
        lines.append(pad("CRC-32 in libzip and libpng") + (CRC32.foldsZlibCalls ? "PCLMULQDQ folding (crc32 exported)" : "zlib's crc32"))
        lines.append(pad("wall time") + s(r.wallSeconds) + " (\(NumberFormatting.fixed(r.recordingSeconds / r.wallSeconds, decimals: 1))x real time)")
        lines.append(pad("CPU time, all threads") + s(r.cpuSeconds) + " (in the kernel " + s(r.systemCPUSeconds) + ")")
        lines.append(pad("frames/s") + NumberFormatting.fixed(r.framesPerSecond, decimals: 0))
        lines.append(pad("bundle") + "\(r.bundleBytes) bytes, zip \(r.zipBytes) bytes" + (raw ? ", raw package \(r.rawBytes) bytes" : ""))
        let written = Double(r.bundleBytes + r.zipBytes + r.rawBytes)
        lines.append(pad("written") + NumberFormatting.fixed(written / 1e9, decimals: 2) + " GB, "
            + NumberFormatting.fixed(written / 1e6 / r.wallSeconds, decimals: 0) + " MB/s over the wall time")
        lines.append(pad("peak resident memory") + (r.peakResidentKilobytes.map { "\($0 / 1024) MB" } ?? "unknown"))
        lines.append(pad("scan finished with code 7") + (r.finished ? "yes" : "NO"))
        var command = "capture-sim bench bundle --scene \(scene.source) --seconds \(NumberFormatting.compact(recordingSeconds)) --out \(out)"
        if !raw { command += " --cubicapture-only" }
        if !pipelined { command += " --one-thread" }
        if pngCompression != .rle { command += " --png-compression \(pngCompression)" }
        if zipLevel != 6 { command += " --zip-level \(zipLevel)" }
        if !zipStoresDepthFrames { command += " --zip-depth deflate" }
        if let c = camera { command += " --video-size \(c.width)x\(c.height) --video-fps \(NumberFormatting.compact(c.frameRateHz))" } else { command += " --no-images" }
        lines.append("  command: " + command)
        return lines
    }
}
