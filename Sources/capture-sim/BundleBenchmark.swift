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
struct BundleBenchmark {
    /// The scene file whose walk is scanned.
    var scenePath: String
    /// Length of the recording, seconds (the stream adds the scene's lead-in and a 2 s tail).
    var recordingSeconds: Double
    /// The folder the bundles are written in (`bench` and `bench-raw` inside it).
    var outputFolder: String
    /// Also write the raw RGBD package (default true: both layouts).
    var raw: Bool
    /// Render on a second thread while the session and writers run (default true).
    var pipelined: Bool
    /// PNG compression, zip level and the zip's depth-file method (defaults: the bundle writers').
    var writing: BundleWritingOptions
    /// Camera images (video.mp4, rgb/*.jpg) on or off, size and rate (default: on, the scene's camera).
    var camera = CameraOptions()

    struct Report {
        var recordedFrames: Int
        var streamFrames: Int
        var recordingSeconds: Double
        var renderSeconds: Double
        var sessionSeconds: Double
        var waitSeconds: Double
        var cubiLogSeconds: Double
        var cubiDepthSeconds: Double
        var rawFrameSeconds: Double
        var filesSeconds: Double
        var zipSeconds: Double
        var wallSeconds: Double
        var bundleBytes: Int
        var zipBytes: Int
        var rawBytes: Int
        var finished: Bool
        var peakResidentKilobytes: Int?
        /// User + system CPU seconds of the whole process (all threads) during the run.
        var cpuSeconds: Double
        /// The camera settings the images were made with (nil: no images).
        var camera: CameraSettings?
        /// Frames in video.mp4.
        var imageFrames = 0
        var framesPerSecond: Double { Double(streamFrames) / wallSeconds }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// The scene with its walk repeated so that the recording lasts `recordingSeconds`: the steps up to
    /// the first record press, then the steps between it and the stop, again and again while they end
    /// before the target, then a stop confirmed `recordingSeconds` after the record press.
    static func extended(_ scene: Scene, recordingSeconds: Double) throws -> Scene {
        guard let record = scene.script.firstIndex(where: { $0.action == .record }) else {
            throw CommandFailure("\(scene.source): the script has no record step", exitCode: .badInput)
        }
        let stop = scene.script[(record + 1)...].firstIndex { if case .stop = $0.action { return true } else { return false } }
        let walk = Array(scene.script[(record + 1)..<(stop ?? scene.script.count)]).filter { $0.at == nil }
        guard !walk.isEmpty else {
            throw CommandFailure("\(scene.source): no steps between the record press and the stop to repeat", exitCode: .badInput)
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

    func run() throws -> Report {
        let loaded: Scene
        do { loaded = try Scene.load(path: scenePath) } catch { throw CommandFailure(error.description, exitCode: .badInput) }
        let scene = try Self.extended(loaded, recordingSeconds: recordingSeconds)
        // Depth on every frame; one row band (the other core is the writers'); colour images in two bands.
        let cameraSettings: CameraSettings?
        do { cameraSettings = camera.images ? try camera.camera(for: scene) : nil } catch {
            throw CommandFailure(error.description, exitCode: .usage)
        }
        let capture = SyntheticCapture(scene: scene, options: CaptureOptions(
            depthEveryNthFrame: 1, renderBands: 1, colorImages: cameraSettings != nil, camera: cameraSettings))
        let configuration = scene.configuration
        func settings(_ name: String) -> BundleSettings {
            var s = BundleSettings(outputFolder: outputFolder, name: name, metadata: scene.metadata, session: configuration,
                                   mesh: configuration.reconstructsScene ? capture.mesh : nil, force: true,
                                   zipCompressionLevel: writing.zipLevel, zipStoresDepthFrames: writing.zipStoresDepthFrames,
                                   pngCompression: writing.pngCompression)
            if let c = cameraSettings {
                s.images = BundleImageSettings(frameRateHz: c.frameRateHz, videoCRF: c.videoCRF, jpegQuality: c.jpegQuality)
            }
            return s
        }
        let cubi = CubiCaptureStorage(settings: settings("bench"))
        let rawSettings = settings("bench-raw")
        var report: Report
        if raw {
            let storage = CombinedStorage(TimedStorage(cubi), TimedStorage(RawRGBDStorage(settings: rawSettings)))
            report = try drive(capture, configuration: configuration, storage: storage) { s in
                (s.first.observeSeconds, s.first.appendSeconds, s.second.observeSeconds + s.second.appendSeconds,
                 s.first.filesSeconds + s.second.filesSeconds, s.first.zipSeconds + s.second.zipSeconds)
            }
            report.rawBytes = Self.bytes(inFolder: rawSettings.bundlePath)
        } else {
            report = try drive(capture, configuration: configuration, storage: TimedStorage(cubi)) { s in
                (s.observeSeconds, s.appendSeconds, 0, s.filesSeconds, s.zipSeconds)
            }
        }
        report.zipBytes = (try? FileManager.default.attributesOfItem(atPath: cubi.zipPath)[.size] as? Int) ?? 0
        report.bundleBytes = Self.bytes(inFolder: cubi.settings.bundlePath) - report.zipBytes
        report.peakResidentKilobytes = Self.peakResidentKilobytes()
        report.camera = cameraSettings
        report.imageFrames = cubi.videoFrameCount
        return report
    }

    /// Runs the stream through a session into `storage`; `times` reads the storage's stage times
    /// (input log, depth records, raw package frames, scan files, zip).
    private func drive<S: ScanStorage>(_ capture: SyntheticCapture, configuration: SessionConfiguration, storage: S,
                                       times: (S) -> (Double, Double, Double, Double, Double)) throws -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = Self.cpuSeconds()
        var driver = SessionDriver(session: CaptureSession(configuration: configuration), storage: storage)
        var waitSeconds = 0.0, feedSeconds = 0.0, renderSeconds = 0.0
        var streamFrames = 0
        let pipeline = pipelined ? InputPipeline(capture: capture) : nil
        var iterator = capture.makeIterator()
        while true {
            let before = clock.now
            let next = pipeline?.next() ?? (pipelined ? nil : iterator.next())
            let got = clock.now
            if pipelined { waitSeconds += Self.seconds(got - before) } else { renderSeconds += Self.seconds(got - before) }
            guard let input = next else { break }
            if case .frame = input.kind { streamFrames += 1 }
            do {
                _ = try driver.feed(input)
            } catch {
                pipeline?.stop()
                throw CommandFailure("bench bundle: the session refused an input at \(input.time) s: \(error)", exitCode: .failure)
            }
            feedSeconds += Self.seconds(clock.now - got)
        }
        if let pipeline { renderSeconds = pipeline.renderSeconds() }
        let wall = Self.seconds(clock.now - start)
        let (log, depth, rawFrames, files, zip) = times(driver.storage)
        let session = driver.session
        if let failure = driver.storageErrors.first {
            throw CommandFailure("bench bundle: writing failed at \(NumberFormatting.fixed(failure.time, decimals: 3)) s: \(failure.error.reason)", exitCode: .failure)
        }
        let record = session.record
        return Report(recordedFrames: record.recordedFrameCount, streamFrames: streamFrames,
                      recordingSeconds: (record.recordingEnd ?? 0) - (record.recordingStart ?? 0),
                      renderSeconds: renderSeconds,
                      sessionSeconds: feedSeconds - log - depth - rawFrames - files - zip, waitSeconds: waitSeconds,
                      cubiLogSeconds: log, cubiDepthSeconds: depth, rawFrameSeconds: rawFrames, filesSeconds: files,
                      zipSeconds: zip, wallSeconds: wall, bundleBytes: 0, zipBytes: 0, rawBytes: 0,
                      finished: session.phase == .finished && record.events.contains { $0.meaning == .finishedWithEnoughData },
                      peakResidentKilobytes: nil, cpuSeconds: Self.cpuSeconds() - cpuStart)
    }

    /// Bytes of every regular file under a folder (`opendir`, `readdir`, `fstatat`; Foundation's
    /// enumerator took 7 s for the 72,540 PNGs of a 10-minute raw package).
    static func bytes(inFolder folder: String) -> Int {
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        let fd = dirfd(directory)
        var total = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var st = stat()
            guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFREG: total += Int(st.st_size)
            case S_IFDIR: total += bytes(inFolder: folder + "/" + name)
            default: break
            }
        }
        return total
    }

    /// User + system CPU time of the process so far (`getrusage(RUSAGE_SELF)`), seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
        return s(usage.ru_utime) + s(usage.ru_stime)
    }

    /// `VmHWM` from /proc/self/status (Linux), kilobytes.
    static func peakResidentKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first
    }
}
