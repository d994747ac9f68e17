import BundleIO
import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport
import SceneRuntime
import SyntheticSensor

/// `capture-sim run SCENE`: the synthetic phone through the engine; events out, bundles with `--out`.
struct RunCommand: Command {
    static let name = "run"
    static let summary = "Run a scene through the engine: print its events, write its bundle with --out"
    static let usage = ["run [SCENE] [options]"]
    static let discussion = """
        Feeds a scene's synthetic camera, LiDAR, system signals and scripted actions into the capture
        engine and prints every event it emits: time (s), code, message. SCENE defaults to
        Scenes/apartment.json; `capture-sim` with no arguments runs it. With --out, the scan is written
        as a bundle (docs/bundle-format.md) with the camera's video.mp4 (and raw/rgb/*.jpg in the raw
        package) unless --no-images; a scan that ends with 3 or an error leaves nothing behind.
        --force replaces an existing bundle in one step when the new one is complete. Camera images whose
        work, with the depth's, is past the run's limit (docs/scene-format.md, "Limits") are refused
        before any work unless --allow-long.
        """
    static let seedOption = Option.seed("seed for hand motion, drift and sensor noise (default: the scene's)")
    static let jsonFlag = Flag.flag("json", "one JSON object per event (time, code, message, severity, trace)")
    static let traceFlag = Flag.flag("trace", "under each detector event, why it fired (value, threshold, window)")
    static let outOption = Option.path("out", "DIR", "write the bundle into DIR/<scene name>/ (the raw package into DIR/<scene name>-raw/)",
                                       whenEmpty: "--out expects a folder, got an empty path")
    static let formatOption = Option<Format>.choice("format", "F", "cubicapture (default), raw-rgbd or both")
    static let forceFlag = Flag.flag("force", "replace an existing bundle of the same name")
    static let depthEveryOption = Option.integer("depth-every", "N", "a depth map every N-th frame (default: the scene's)") { (n) throws(UsageError) in
        guard n >= 1 else { throw UsageError("--depth-every must be at least 1") }
    }
    static let truthOption = Option.option("truth", "WHAT", "also write the capture's truth into the raw package (--format raw-rgbd or\nboth): depth (raw/depth_true/: depth before the error model), labels\n(raw/labels/, raw/instances/, truth/labels.json), or depth,labels") { (text) throws(UsageError) in
        var outputs: Set<TruthOutput> = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let output = TruthOutput(rawValue: String(word)) else {
                throw UsageError("--truth expects depth, labels or depth,labels, got '\(text)'")
            }
            outputs.insert(output)
        }
        return outputs
    }
    static let lidarModelOption = Option.option("lidar-model", "M", "the LiDAR error model: white or correlated (default: the scene's\nlidar.errorModel; docs/lidar.md)") { (text) throws(UsageError) in
        guard let kind = LiDARErrorModelKind(rawValue: text) else { throw UsageError("--lidar-model expects white or correlated, got '\(text)'") }
        return kind
    }
    static let noProgressFlag = Flag.flag("no-progress", "no progress bar on standard error")
    static let allowLongFlag = Flag.flag("allow-long", "render camera images past the run's work limit (docs/scene-format.md,\n\"Limits\"): a run of minutes")
    static let options: [OptionSpec] = [seedOption.spec] + ThresholdOverrideOptions.options + [
        jsonFlag.spec, traceFlag.spec, outOption.spec, formatOption.spec, forceFlag.spec, depthEveryOption.spec,
        truthOption.spec, lidarModelOption.spec,
    ] + BundleWritingOptions.options + CameraOptions.options + [noProgressFlag.spec, allowLongFlag.spec]
    static let exitStatus: [ExitStatus] = [
        .success("the scene ran (whatever its events) and, with --out, every bundle asked for was published"),
        .usage,
        .badInput("unreadable scene or thresholds file (the message names the file and JSON path)"),
        .outputFailed("a bundle was not published (existing without --force, unwritable folder, full disk, a\nfailed or aborted scan, a file the bundle cannot do without): nothing of the run is left in --out"),
        .signal("ended by signal N (130 SIGINT, 143 SIGTERM, 129 SIGHUP) after removing its partial\noutput and putting back a bundle being replaced"),
    ]

    enum Format: String, CaseIterable, Sendable { case cubicapture, rawRGBD = "raw-rgbd", both }

    var scenePath: String
    var seed: UInt64?
    var overrides: ThresholdOverrideOptions
    var json: Bool
    var trace: Bool
    var out: String?
    var format: Format
    var force: Bool
    var depthEvery: Int?
    var lidarModel: LiDARErrorModelKind?
    var progress: Bool
    var pngCompression: PNGCompression
    var zipLevel: Int
    var zipStoresDepthFrames: Bool
    var cameraOptions: CameraOptions
    /// `--truth`.
    var truth: Set<TruthOutput> = []
    /// `--allow-long`.
    var allowsLongRun: Bool

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        guard parsed.positionals.count <= 1 else { throw UsageError("expected one scene file, got \(parsed.positionals.count)") }
        scenePath = parsed.positionals.first ?? DefaultPaths.defaultScene
        seed = try parsed[Self.seedOption]
        overrides = try ThresholdOverrideOptions(parsed)
        json = try parsed[Self.jsonFlag]
        trace = try parsed[Self.traceFlag]
        out = try parsed[Self.outOption]
        let format = try parsed[Self.formatOption]
        guard out != nil || format == nil else { throw UsageError("--format needs --out DIR") }
        self.format = format ?? .cubicapture
        force = try parsed[Self.forceFlag]
        depthEvery = try parsed[Self.depthEveryOption]
        lidarModel = try parsed[Self.lidarModelOption]
        progress = !(try parsed[Self.noProgressFlag])
        allowsLongRun = try parsed[Self.allowLongFlag]
        if let truth = try parsed[Self.truthOption] {
            self.truth = truth
            guard out != nil, self.format != .cubicapture else { throw UsageError("--truth needs --out DIR and --format raw-rgbd or both") }
        }
        let bundleOptions = try BundleWritingOptions(parsed)
        pngCompression = bundleOptions.pngCompression
        zipLevel = bundleOptions.zipLevel
        zipStoresDepthFrames = bundleOptions.zipStoresDepthFrames
        cameraOptions = try CameraOptions(parsed)
        if out == nil, let flag = (bundleOptions.givenFlags + cameraOptions.givenFlags).first {
            throw UsageError("--\(flag) needs --out DIR")
        }
    }

    func run() throws -> ExitCode {
        if !FileManager.default.fileExists(atPath: scenePath), scenePath == DefaultPaths.defaultScene {
            throw CommandFailure("\(scenePath): no such scene; run from the project folder (or install the package's share/capture-sim/Scenes beside bin/) or name a scene file", exitCode: .badInput)
        }
        var scene = try loadScene(scenePath)
        if let lidarModel { scene.lidar.errorModel = lidarModel }
        let camera = try cameraOptions.camera(for: scene)
        // Two depth frames at a time, one row band each (the next renders ahead on a worker).
        var options = CaptureOptions(depthEveryNthFrame: depthEvery, renderBands: 1, colorImages: out != nil && cameraOptions.images,
                                     camera: camera, rendersAhead: true)
        options.truth = truth
        let capture = SyntheticCapture(scene: scene, seed: seed, options: options)
        if options.colorImages, !allowsLongRun {
            try RunWorkLimit.check(capture, scenePath: scenePath, remedy: "give --allow-long to render them anyway (minutes), --no-images, or a smaller --video-size or --video-fps")
        }
        // The scene's, with the video rate of the camera in use.
        var configuration = capture.configuration
        configuration.thresholds = try overrides.apply(to: configuration.thresholds)
        let bar = ProgressBar(label: scene.name, enabled: progress && capture.duration > 30)
        let faults = FaultPlan(scene.faults)

        guard let out else {
            let storage = SimulatedStorage(zipPath: "\(scene.metadata.uid).zip", faults: faults)
            return try finish(try SceneRun(capture: capture, configuration: configuration, storage: storage,
                                           progress: bar.update), bar: bar, bundle: nil)
        }
        func settings(_ name: String) -> BundleSettings {
            var s = BundleSettings(outputFolder: out, name: name, metadata: scene.metadata, session: configuration,
                                   mesh: configuration.reconstructsScene ? capture.mesh : nil, force: force, faults: faults,
                                   zipCompressionLevel: zipLevel, zipStoresDepthFrames: zipStoresDepthFrames,
                                   pngCompression: pngCompression)
            s.images = BundleImageSettings(frameRateHz: camera.frameRateHz, videoCRF: camera.videoCRF, jpegQuality: camera.jpegQuality,
                                           distortion: camera.distortion)
            s.truthFiles = SceneTruth.files(scene)
            if truth.contains(.labels) {
                s.truthFiles["labels.json"] = Array((SceneLabels.json(scene).serialized(pretty: true) + "\n").utf8)
            }
            return s
        }
        let cubi = settings(scene.name)
        // The raw package is always <name>-raw, so it never takes the CubiCapture bundle's name.
        let raw = settings(scene.name + "-raw")
        for s in format == .both ? [cubi, raw] : [format == .rawRGBD ? raw : cubi] {
            if FileManager.default.fileExists(atPath: s.bundlePath) && !force {
                throw CommandFailure("\(s.bundlePath) exists; use --force to replace it", exitCode: .outputFailed)
            }
        }
        InterruptCleanup.install()
        // While the bundle is written, a second thread renders the next frames (the same inputs, in
        // the same order, as rendering them here).
        let pipeline = InputPipeline(capture: capture)
        defer { pipeline.stop() }
        func publish<S: BundlePublishing>(_ storage: S, bundle: String) throws -> ExitCode {
            let run: SceneRun<S>
            do {
                run = try SceneRun(inputs: pipeline, duration: capture.duration, configuration: configuration,
                                   storage: storage, progress: bar.update)
            } catch {
                storage.withdrawPublication()
                throw error
            }
            return try finish(run, bar: bar, bundle: bundle, publishing: storage)
        }
        switch format {
        case .cubicapture:
            return try publish(CubiCaptureStorage(settings: cubi), bundle: cubi.bundlePath)
        case .rawRGBD:
            return try publish(RawRGBDStorage(settings: raw), bundle: raw.bundlePath)
        case .both:
            return try publish(CombinedStorage(CubiCaptureStorage(settings: cubi), RawRGBDStorage(settings: raw)),
                               bundle: cubi.bundlePath + " and " + raw.bundlePath)
        }
    }

    /// Prints the events, then a summary on standard error. With bundles, settles them: confirmed when
    /// every one was published, otherwise withdrawn (nothing of the run is left, a bundle replaced with
    /// `--force` is back) and the run fails with exit 4.
    private func finish<S: ScanStorage>(_ run: SceneRun<S>, bar: ProgressBar, bundle: String?,
                                        publishing: (any BundlePublishing)? = nil) throws -> ExitCode {
        bar.finish()
        for event in run.events {
            if json {
                print(event.json.serialized())
            } else {
                print(event.line)
                if trace, let why = event.traceLine { print(why) }
            }
        }
        let session = run.driver.session
        var summary = "\(scenePath): \(run.inputCount) inputs, \(session.record.recordedFrameCount) frames recorded, \(session.phase.rawValue)"
        for failure in run.driver.storageErrors {
            summary += "\n  file failure at \(NumberFormatting.fixed(failure.time, decimals: 3)) s: \(failure.error.reason)"
        }
        var problem: String?
        if let bundle, let publishing {
            problem = publishing.settle(scanFinished: session.finishedWithEnoughData, bundle: bundle)
            if var text = problem {
                if let failure = run.driver.storageErrors.first, !text.contains(failure.error.reason) {
                    text += ": \(failure.error.reason)"
                } else if run.driver.storageErrors.isEmpty,
                          let cause = session.record.events.last(where: { $0.severity == .error })
                              ?? session.record.events.last(where: { $0.meaning != .finished }) {
                    text += " (it ended with code \(cause.code): \(cause.message))"
                }
                problem = text
                summary += "\n  no bundle written"
            } else {
                summary += "\n  bundle: \(bundle)"
            }
        }
        fflush(nil)
        printInfo(summary)
        if let problem {
            throw CommandFailure(problem, exitCode: .outputFailed)
        }
        return .success
    }
}
