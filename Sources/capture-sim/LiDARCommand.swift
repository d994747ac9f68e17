import CaptureEngine
import Foundation
import JSONSupport
import LiDARFit
import LiDARStatistics

/// `capture-sim lidar stats PATH...`: the LiDAR statistics of captures side by side; `capture-sim lidar fit
/// PATH`: the correlated LiDAR model fitted to a capture (docs/lidar.md).
struct LiDARCommand: Command {
    static let name = "lidar"
    static let summary = "LiDAR statistics of captures side by side, and the LiDAR model fitted to a capture"
    static let help = """
        USAGE: capture-sim lidar stats <path>... [--frames N] [--pairs N] [--json]
               capture-sim lidar fit <path> [--scene FILE] [--frames N] [--iterations N] [--out FILE] [--force]

        stats   computes the statistics that compare synthetic LiDAR depth with a phone's (valid pixels,
                confidence by distance, border and depth edges, edge transitions and flying pixels, plane
                residuals and their correlation, frame-to-frame and view-to-view error, flicker by
                confidence, depth p95; the reference definitions of fid_compare.py, each in docs/lidar.md)
                for each capture and prints them side by side. A capture is a raw RGBD package folder (run
                --format raw-rgbd), a CubiCapture bundle (folder or zip) or a Stray Scanner export folder
                (depth/, confidence/, odometry.csv, camera_matrix.csv; its poses are the OpenCV camera's,
                checked against the data, and the table says which convention it used).
        fit     estimates the correlated LiDAR model (scene key lidar.correlated) from one capture: the
                capture's statistics, then the model's parameters searched until the scene rendered with
                them gives the same statistics (docs/lidar.md, "lidar fit"). Prints the scene's `lidar`
                block as JSON (or writes it to --out) and a table of the fit on standard error.

        OPTIONS:
          --frames N       stats: analyse at most N frames on their own, spread evenly (default 200). fit:
                           frames (and pairs) of each render of the scene (default 60; the capture is read
                           with 200 and 120)
          --pairs N        stats: at most N frame pairs 1 apart and N pairs 10 apart (default 120)
          --json           stats: print a JSON array, one object per capture (shares 0...1, lengths in metres)
          --scene FILE     fit: the scene rendered as the forward model, best one like the captured room
                           (default Scenes/apartment.json); its own lidar block is the starting point
          --iterations N   fit: search iterations after one probe per parameter (default 10)
          --out FILE       fit: write the lidar block there instead of standard output
          --force          fit: replace FILE if it exists

        EXIT STATUS:
          0  done    2  usage error    3  a capture or scene cannot be read (the file is named)
          4  --out cannot be written
        """

    enum Action {
        case stats(paths: [String], json: Bool)
        case fit(path: String, scenePath: String, iterations: Int, out: String?, force: Bool)
    }

    var action: Action
    var anchors: Int
    var pairs = 120

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(arguments, options: ["frames", "pairs", "scene", "iterations", "out"], flags: ["json", "force"])
        guard let verb = parsed.positionals.first else { throw UsageError("which action? stats or fit") }
        let paths = Array(parsed.positionals.dropFirst())
        func wholeNumber(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
            guard let value = try parsed.double(name) else { return nil }
            guard value >= Double(range.lowerBound), value <= Double(range.upperBound), value == value.rounded() else {
                throw UsageError("--\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(parsed.value(name)!)'")
            }
            return Int(value)
        }
        switch verb {
        case "stats":
            guard !paths.isEmpty else { throw UsageError("which captures? give one or more paths") }
            for option in ["scene", "iterations", "out"] where parsed.value(option) != nil {
                throw UsageError("--\(option) is an option of lidar fit, not of lidar stats")
            }
            anchors = try wholeNumber("frames", in: 1...100_000) ?? 200
            pairs = try wholeNumber("pairs", in: 1...100_000) ?? 120
            action = .stats(paths: paths, json: parsed.flag("json"))
        case "fit":
            guard !paths.isEmpty else { throw UsageError("which capture? give one path") }
            guard paths.count == 1 else { throw UsageError("lidar fit takes one capture, got \(paths.count)") }
            if parsed.flag("json") { throw UsageError("--json is an option of lidar stats; lidar fit always prints JSON") }
            if parsed.value("pairs") != nil { throw UsageError("--pairs is an option of lidar stats; lidar fit uses --frames pairs") }
            anchors = try wholeNumber("frames", in: 4...2_000) ?? 60
            let iterations = try wholeNumber("iterations", in: 0...200) ?? 10
            action = .fit(path: paths[0], scenePath: parsed.value("scene") ?? DefaultPaths.defaultScene,
                          iterations: iterations, out: parsed.value("out"), force: parsed.flag("force"))
        default:
            throw UsageError("unknown action '\(verb)'; expected stats or fit")
        }
    }

    func run() throws -> ExitCode {
        switch action {
        case .stats(let paths, let json): try stats(paths: paths, json: json)
        case .fit(let path, let scenePath, let iterations, let out, let force):
            try fit(path: path, scenePath: scenePath, iterations: iterations, out: out, force: force)
        }
        return .success
    }

    private func statistics(of path: String, frames: Int, pairs: Int) throws -> LiDARStatistics {
        do throws(InputError) {
            return try LiDARStatisticsCalculator(maximumFrames: frames, maximumPairs: pairs).statistics(of: try LiDARCapture(path: path))
        } catch {
            throw CommandFailure("cannot read \(error.description)", exitCode: .badInput)
        }
    }

    private func stats(paths: [String], json: Bool) throws {
        let results = try paths.map { try statistics(of: $0, frames: anchors, pairs: pairs) }
        if json {
            print(JSONValue.array(results.map(LiDARStatisticsReport.json)).serialized())
        } else {
            print(LiDARStatisticsReport.table(results))
        }
    }

    private func fit(path: String, scenePath: String, iterations: Int, out: String?, force: Bool) throws {
        if let out, FileManager.default.fileExists(atPath: out), !force {
            throw CommandFailure("\(out) exists; use --force to replace it", exitCode: .outputFailed)
        }
        let target = try statistics(of: path, frames: 200, pairs: 120)
        let scene = try loadScene(scenePath)
        let quantisation = DepthQuantisation(format: target.format)
        let calculator = LiDARStatisticsCalculator(maximumFrames: anchors, maximumPairs: anchors)
        let result: LiDARFitResult
        do throws(InputError) {
            result = try LiDARFitter(iterations: iterations).fit(target: target, start: scene.lidar.correlated) { settings throws(InputError) in
                try calculator.statistics(of: SyntheticLiDARFrames(scene: scene, settings: settings, quantisation: quantisation))
            }
        } catch {
            throw CommandFailure("\(scenePath): cannot render the forward model: \(error.description)", exitCode: .badInput)
        }
        let block = LiDARFitReport.lidarBlock(result.settings).serialized(pretty: true) + "\n"
        printError(LiDARFitReport.table(result, capture: path, scene: scene.name))
        if let out {
            do {
                try Data(block.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
            } catch {
                throw CommandFailure("\(out): cannot write the lidar block: \(error.localizedDescription)", exitCode: .outputFailed)
            }
        } else {
            print(block, terminator: "")
        }
    }
}
