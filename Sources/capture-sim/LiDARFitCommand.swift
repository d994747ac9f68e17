import BundleIO
import CaptureEngine
import Foundation
import JSONSupport
import LiDARFit
import LiDARStatistics
import SyntheticSensor
import Synchronization

/// `capture-sim lidar fit PATH`: the correlated LiDAR model fitted to a capture (docs/lidar.md, "lidar fit").
struct LiDARFitCommand: Command {
    static let name = "fit"
    static let summary = "The correlated LiDAR model's parameters estimated from a capture, as a scene's lidar block"
    static let usage = ["lidar fit PATH [--scene FILE] [--frames N] [--iterations N] [--out FILE] [--force]"]
    static let discussion = """
        Estimates the correlated LiDAR model (scene key lidar.correlated) from one capture: the capture's
        statistics, then the model's parameters searched until the scene rendered with them gives the
        same statistics (docs/lidar.md, "lidar fit"). Prints the scene's `lidar` block as JSON (or writes
        it to --out) and a table of the fit on standard error.
        """
    static let sceneOption = Option.text("scene", "FILE", "the scene rendered as the forward model, best one like the captured room\n(default Scenes/apartment.json); its own lidar block is the starting point")
    static let framesOption = LiDARStatsCommand.wholeNumber("frames", "frames (and pairs) of each render of the scene (default 60; the capture is read\nwith 200 and 120)", in: 4...2_000)
    static let iterationsOption = LiDARStatsCommand.wholeNumber("iterations", "search iterations after one probe per parameter (default 10)", in: 0...200)
    static let outOption = Option.path("out", "FILE", "write the lidar block there instead of standard output")
    static let forceFlag = Flag.flag("force", "replace FILE if it exists")
    static let options: [OptionSpec] = [sceneOption.spec, framesOption.spec, iterationsOption.spec, outOption.spec, forceFlag.spec]
    static let exitStatus: [ExitStatus] = [
        .success("done"), .usage, .badInput("the capture or scene cannot be read (the file is named)"),
        .outputFailed("--out cannot be written"),
    ]

    var path: String
    var scenePath: String
    var anchors: Int
    var iterations: Int
    var out: String?
    var force: Bool

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        guard !parsed.positionals.isEmpty else { throw UsageError("which capture? give one path") }
        guard parsed.positionals.count == 1 else { throw UsageError("lidar fit takes one capture, got \(parsed.positionals.count)") }
        path = parsed.positionals[0]
        anchors = try parsed[Self.framesOption] ?? 60
        iterations = try parsed[Self.iterationsOption] ?? 10
        scenePath = try parsed[Self.sceneOption] ?? DefaultPaths.defaultScene
        out = try parsed[Self.outOption]
        force = try parsed[Self.forceFlag]
        let work = LiDARFitter(iterations: iterations).maximumEvaluations * anchors
        guard work <= Self.maximumWork else {
            throw UsageError("--frames \(anchors) with --iterations \(iterations) is \(work) rendered frames x evaluations, more than "
                             + "the limit of \(Self.maximumWork) (docs/lidar.md, \"lidar fit\"): give fewer frames or iterations")
        }
    }

    /// The most work one fit may take: its evaluations (one, a probe per parameter, then the iterations)
    /// times the frames each renders. The defaults take 25 x 60 = 1,500; twice that keeps a fit of a scene
    /// at the scene limits within a minute and a gigabyte on two cores (docs/lidar.md).
    static let maximumWork = 3_000

    /// The forward model's statistics for each of `models`, in order: the models that are independent of
    /// each other (the fit's probes) render on as many threads as the machine has cores, so a default fit
    /// takes about 40 % less time on two. Each is a pure function of its model: the result is the same on
    /// any number of threads.
    static func statistics(of models: [CorrelatedErrorSettings], scene: Scene, quantisation: DepthQuantisation,
                           calculator: LiDARStatisticsCalculator) throws(InputError) -> [LiDARStatistics] {
        let results = Mutex<[Result<LiDARStatistics, InputError>?]>(Array(repeating: nil, count: models.count))
        let next = Atomic<Int>(0)
        let workers = min(models.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < models.count else { return }
                let result = Result { () throws(InputError) in
                    try calculator.statistics(of: SyntheticLiDARFrames(scene: scene, settings: models[i], quantisation: quantisation))
                }
                results.withLock { $0[i] = result }
            }
        }
        var statistics: [LiDARStatistics] = []
        for result in results.withLock({ $0 }) { statistics.append(try result!.get()) }
        return statistics
    }

    func run() throws -> ExitCode {
        if let out, FileSystem.exists(out), !force {
            throw CommandFailure("\(out) exists; use --force to replace it", exitCode: .outputFailed)
        }
        let target = try LiDARStatsCommand.statistics(of: path, frames: 200, pairs: 120)
        let scene = try loadScene(scenePath)
        let quantisation = DepthQuantisation(format: target.format)
        let calculator = LiDARStatisticsCalculator(maximumFrames: anchors, maximumPairs: anchors)
        let result: LiDARFitResult
        let fitter = LiDARFitter(iterations: iterations)
        let progress = ProgressBar(label: "fit")
        var evaluated = 0
        do {
            defer { progress.finish() }
            result = try fitter.fit(target: target, start: scene.lidar.correlated) { (models) throws(InputError) in
                defer {
                    evaluated += models.count
                    progress.update(done: evaluated, of: fitter.maximumEvaluations)
                }
                return try Self.statistics(of: models, scene: scene, quantisation: quantisation, calculator: calculator)
            }
        }
        let block = LiDARFitReport.lidarBlock(result.settings).serialized(pretty: true) + "\n"
        printInfo(LiDARFitReport.table(result, capture: path, scene: scene.name))
        if let out {
            try FileSystem.writeOutputFile(block, to: out, force: force)
        } else {
            print(block, terminator: "")
        }
        return .success
    }
}
