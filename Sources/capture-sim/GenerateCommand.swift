import BundleIO
import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport
import RegressionCheck
import SceneGenerator
import SceneRuntime
import SyntheticSensor

/// `capture-sim generate`: procedural apartments as scene files (and, with `--bundles`, their bundles
/// and a manifest), item i depending only on (seed, i) so that shards give the files of one run.
struct GenerateCommand: Command {
    static let name = "generate"
    static let summary = "Generate procedural apartments (scenes with expectations; bundles with --bundles)"
    static let usage = ["generate --count N --out DIR [options]"]
    static let discussion = """
        Writes N procedural apartments as scene files DIR/<name>.json (name apartment-<seed>-<index>):
        1-6 rooms (rectangles and L-shapes, doors between them, windows on outer walls), furnished by room
        type with RoomPlan's categories and clutter, and a scripted scan of every room (landscape, phone
        tilted down, slow turns) with the injected events asked for. Each scene states the codes it must
        produce (0, 1, the injected events' codes, 2, 7, 5; every other warning forbidden), so
        `capture-sim check DIR` checks them. Item i depends only on (seed, i): the shards of a data set
        give exactly the files of an unsharded run (docs/generate.md: Kubernetes Indexed Job, CI matrix).
        """
    static let countOption = Option.integer("count", "N", "items in the data set, 1...1000000 (required)")
    static let seedOption = Option.seed("the data set's seed (default 1)", placeholder: "S")
    static let outOption = Option.path("out", "DIR", "output folder (created if missing; existing files of the same names are replaced)",
                                       whenEmpty: "--out DIR is required")
    static let shardOption = Option.shard("only items i with i % N == I - 1 (1 <= I <= N)")
    static let bundlesFlag = Flag.flag("bundles", "also run each scene and write its bundles into DIR/bundles/<name>\n(CubiCapture layout) and DIR/bundles/<name>-raw (raw RGBD package), and\na manifest line per item: DIR/manifest.jsonl (DIR/manifest-I-of-N.jsonl\nfor a shard)")
    static let roomsOption = Option.option("rooms", "MIN:MAX", "rooms per apartment, 1 <= MIN <= MAX <= 6 (default 1:6)") { (text) throws(UsageError) in
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = Int(parts[0]), let high = Int(parts[1]), 1 <= low, low <= high,
              high <= GeneratorSettings.roomLimit else {
            throw UsageError("--rooms expects MIN:MAX with 1 <= MIN <= MAX <= \(GeneratorSettings.roomLimit), got '\(text)'")
        }
        return low...high
    }
    static let fastTurnRate = rate("fast-turn-rate", "probability of one fast turn per scene, 0...1 (default 0)")
    static let sidewaysRate = rate("sideways-rate", "probability of one sideways walk per scene, 0...1 (default 0)")
    static let trackingLossRate = rate("tracking-loss-rate", "probability of one tracking loss per scene, 0...1 (default 0)")
    static let depthEveryOption = Option.integer("depth-every", "N", "the scenes' depth.everyNthFrame (default 1: depth on every frame)") { (n) throws(UsageError) in
        guard (1...10_000).contains(n) else { throw UsageError("--depth-every must be 1...10000, got \(n)") }
    }
    static let imagesFlag = Flag.flag("images", "with --bundles: the camera's video.mp4 and raw/rgb/*.jpg too (as run --out writes\nthem; several times the time and a tenth more bytes)")
    static let maxBytesOption = Option.option("max-bytes", "B", "with --bundles: refuse (exit 2, nothing written) when the bundles' estimated size\nis above B bytes (suffixes K, M, G, T: powers of 1000; e.g. 200G)") { (text) throws(UsageError) in
        guard let bytes = byteCount(text) else {
            throw UsageError("--max-bytes expects a number of bytes, optionally with K, M, G or T, got '\(text)'")
        }
        return bytes
    }
    static let options: [OptionSpec] = [
        countOption.spec, seedOption.spec, outOption.spec, shardOption.spec, bundlesFlag.spec, roomsOption.spec,
        fastTurnRate.spec, sidewaysRate.spec, trackingLossRate.spec, depthEveryOption.spec, imagesFlag.spec,
    ] + CameraOptions.imagesOptions + [maxBytesOption.spec]

    /// A probability option, 0...1.
    static func rate(_ name: String, _ help: String) -> Option<Double> {
        .number(name, "P", help) { (p) throws(UsageError) in
            guard (0...1).contains(p) else { throw UsageError("--\(name) must be 0...1, got \(p)") }
        }
    }
    static let exitStatus: [ExitStatus] = [
        .success("every file written"), .failure("a generated scene did not load (a generator bug; nothing is written for it)"),
        .usage, .outputFailed("a file or bundle could not be written (stderr says which)"),
        .signal("ended by signal N after removing its partial bundles and temporary files"),
    ]

    var settings = GeneratorSettings()
    var count: Int
    var out: String
    var shard: Shard?
    var bundles: Bool
    /// `--images` and the camera options.
    var cameraOptions: CameraOptions
    /// `--max-bytes`.
    var maximumBytes: Int64?

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        guard let count = try parsed[Self.countOption] else { throw UsageError("--count N is required") }
        guard (1...1_000_000).contains(count) else { throw UsageError("--count must be 1...1000000, got \(count)") }
        self.count = count
        guard let out = try parsed[Self.outOption] else { throw UsageError("--out DIR is required") }
        self.out = out
        settings.seed = try parsed[Self.seedOption] ?? settings.seed
        shard = try parsed[Self.shardOption]
        if let rooms = try parsed[Self.roomsOption] {
            settings.minimumRooms = rooms.lowerBound
            settings.maximumRooms = rooms.upperBound
        }
        settings.fastTurnRate = try parsed[Self.fastTurnRate] ?? 0
        settings.sidewaysWalkRate = try parsed[Self.sidewaysRate] ?? 0
        settings.trackingLossRate = try parsed[Self.trackingLossRate] ?? 0
        settings.depthEveryNthFrame = try parsed[Self.depthEveryOption] ?? settings.depthEveryNthFrame
        bundles = try parsed[Self.bundlesFlag]
        let camera = try CameraOptions(parsed, images: Self.imagesFlag)
        if !camera.images, let given = camera.givenFlags.first { throw UsageError("--\(given) needs --images") }
        if camera.images, !bundles { throw UsageError("--images needs --bundles") }
        cameraOptions = camera
        if try parsed.isGiven(Self.maxBytesOption.spec), !bundles { throw UsageError("--max-bytes needs --bundles") }
        maximumBytes = try parsed[Self.maxBytesOption]
    }

    /// "200G" -> 200,000,000,000; "5000" -> 5000 (K, M, G, T: powers of 1000).
    static func byteCount(_ text: String) -> Int64? {
        let units: [Character: Double] = ["K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12]
        var digits = Substring(text), scale = 1.0
        if let last = text.last?.uppercased().first, let unit = units[last] { scale = unit; digits = digits.dropLast() }
        guard let value = Double(digits), value.isFinite, value >= 0, value * scale < 9e18 else { return nil }
        return Int64(value * scale)
    }

    func run() throws -> ExitCode {
        let generator = ApartmentGenerator(settings: settings)
        let indices = (0..<count).filter { index in shard.map { index % $0.count == $0.index - 1 } ?? true }
        // With bundles: what they will take, said (and checked against --max-bytes) before anything is written.
        if bundles {
            // Item by item, so that a budget the first items already pass is refused at once, whatever the count.
            var estimate: Int64 = 0
            for (done, index) in indices.enumerated() {
                let generated = generator.scene(index: index)
                let scene = try generated.loaded(source: generated.name + ".json")
                let plain = try capture(scene, images: false)
                if cameraOptions.images {
                    try RunWorkLimit.check(plain, scenePath: generated.name,
                                               remedy: "drop --images, or give a smaller --video-size or --video-fps")
                }
                estimate += BundleSizeEstimate(capture: plain, images: cameraOptions.images).totalBytes
                if let maximumBytes, estimate > maximumBytes {
                    let items = done + 1 == indices.count ? Counted.text(indices.count, "item") : "the first \(Counted.text(done + 1, "item")) of \(indices.count)"
                    throw UsageError("\(items) with bundles\(cameraOptions.images ? " and camera images" : ""): about \(Self.gigabytes(estimate)) on disk "
                                     + "(docs/generate.md, \"How much disk\"), more than --max-bytes \(Self.gigabytes(maximumBytes)); nothing written")
                }
            }
            printInfo("generate: \(Counted.text(indices.count, "item")) with bundles\(cameraOptions.images ? " and camera images" : ""): "
                + "about \(Self.gigabytes(estimate)) on disk (docs/generate.md, \"How much disk\")")
        }
        InterruptCleanup.install()
        try FileSystem.makeDirectories(out)
        var manifestLines: [String] = []
        for (done, index) in indices.enumerated() {
            let generated = generator.scene(index: index)
            // Every generated scene must load (a generator bug must not leave a broken file).
            let path = (out as NSString).appendingPathComponent(generated.name + ".json")
            _ = try generated.loaded(source: path)
            // Under a temporary name of this process's own, renamed into place (a signal removes it).
            try FileSystem.writeAtomically(generated.json, to: path)
            if bundles {
                let (line, bytes) = try writeBundles(generated, scenePath: path)
                manifestLines.append(line.serialized())
                // Rewritten whole after every item: a run that stops (a signal, a full disk) leaves the
                // manifest of the items whose bundles are complete.
                let name = shard.map { "manifest-\($0.index)-of-\($0.count).jsonl" } ?? "manifest.jsonl"
                try FileSystem.writeAtomically(manifestLines.map { $0 + "\n" }.joined(), to: (out as NSString).appendingPathComponent(name))
                printInfo("generate: \(done + 1)/\(indices.count) \(generated.name): bundles written (\(Self.gigabytes(bytes)))")
            }
        }
        let range = shard.map { " (shard \($0.index)/\($0.count))" } ?? ""
        printInfo("generate: \(Counted.text(indices.count, "scene")) of \(count)\(range) in \(out)\(bundles ? ", with bundles" : "")")
        return .success
    }

    /// The scene's capture as the bundles are written from it (camera images when `images`).
    private func capture(_ scene: Scene, images: Bool) throws(UsageError) -> SyntheticCapture {
        let camera = try cameraOptions.camera(for: scene)
        return SyntheticCapture(scene: scene, options: CaptureOptions(renderBands: 1, colorImages: images, camera: camera, rendersAhead: true))
    }

    /// Bytes as "3.2 GB" (or MB below a gigabyte, bytes below a megabyte).
    static func gigabytes(_ bytes: Int64) -> String {
        bytes >= 1_000_000_000 ? NumberFormatting.fixed(Double(bytes) / 1e9, decimals: 1) + " GB"
            : bytes >= 1_000_000 ? NumberFormatting.fixed(Double(bytes) / 1e6, decimals: 0) + " MB" : "\(bytes) bytes"
    }

    /// Runs a generated scene into its two bundles; returns its manifest line with the bundles' paths
    /// and the codes the run produced.
    private func writeBundles(_ generated: GeneratedScene, scenePath: String) throws -> (line: JSONValue, bytes: Int64) {
        let scene = try loadScene(scenePath)
        let capture = try self.capture(scene, images: cameraOptions.images)
        let camera = capture.camera
        // The scene's, with the video rate of the camera in use.
        let configuration = capture.configuration
        let folder = (out as NSString).appendingPathComponent("bundles")
        func settings(_ name: String) -> BundleSettings {
            var s = BundleSettings(outputFolder: folder, name: name, metadata: scene.metadata, session: configuration,
                                   mesh: configuration.reconstructsScene ? capture.mesh : nil, force: true)
            s.images = BundleImageSettings(frameRateHz: camera.frameRateHz, videoCRF: camera.videoCRF, jpegQuality: camera.jpegQuality)
            s.truthFiles = SceneTruth.files(scene)
            return s
        }
        try FileSystem.makeDirectories(folder)
        let storage = CombinedStorage(CubiCaptureStorage(settings: settings(scene.name)), RawRGBDStorage(settings: settings(scene.name + "-raw")))
        let run: SceneRun<CombinedStorage<CubiCaptureStorage, RawRGBDStorage>>
        let bar = ProgressBar(label: scene.name)
        defer { bar.finish() }
        do {
            run = try SceneRun(capture: capture, configuration: configuration, storage: storage, progress: bar.update)
        } catch {
            storage.withdrawPublication()
            throw error
        }
        // Settled as `run` settles a scan: confirmed when finished and published, else withdrawn.
        if let problem = storage.settle(scanFinished: run.driver.session.finishedWithEnoughData, bundle: folder + "/" + scene.name) {
            throw CommandFailure("\(scenePath): \(problem)", exitCode: .outputFailed)
        }
        let bytes = Self.treeBytes(folder + "/" + scene.name) + Self.treeBytes(folder + "/" + scene.name + "-raw")
        guard case .object(var members) = generated.manifest else { return (generated.manifest, bytes) }
        members.append(("bundle", .string("bundles/\(scene.name)")))
        members.append(("rawPackage", .string("bundles/\(scene.name)-raw")))
        members.append(("frames", .integer(run.driver.session.record.recordedFrameCount)))
        members.append(("codes", .array(run.events.map { .integer($0.code) })))
        return (.object(members), bytes)
    }

    /// The bytes of the files under a folder.
    static func treeBytes(_ path: String) -> Int64 {
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: path) else { return 0 }
        return names.reduce(0) { sum, name in
            sum + (((try? FileManager.default.attributesOfItem(atPath: path + "/" + name))?[.size] as? Int).map(Int64.init) ?? 0)
        }
    }
}
