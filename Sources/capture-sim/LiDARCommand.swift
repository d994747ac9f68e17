import CaptureEngine
import LiDARStatistics

/// `capture-sim lidar stats PATH...`: the LiDAR statistics of captures side by side (docs/lidar.md).
struct LiDARCommand: Command {
    static let name = "lidar"
    static let summary = "LiDAR statistics of captures (raw package, CubiCapture bundle, Stray Scanner) side by side"
    static let help = """
        USAGE: capture-sim lidar stats <path>... [--frames N] [--json]

        stats   computes the statistics that compare synthetic LiDAR depth with a phone's (valid pixels,
                confidence by distance, border and depth edges, edge transitions and flying pixels, plane
                residuals and their correlation, frame-to-frame and view-to-view error, flicker by
                confidence, depth p95; each defined in docs/lidar.md) for each capture and prints them
                side by side. A capture is a raw RGBD package folder (run --format raw), a CubiCapture
                bundle (folder or zip) or a Stray Scanner export folder (depth/, confidence/,
                odometry.csv, camera_matrix.csv).

        OPTIONS:
          --frames N   analyse at most N anchor frames, spread evenly (default 200); each also reads the
                       frames 1 and 10 later
          --json       print a JSON array, one object per capture (shares 0...1, lengths in metres)

        EXIT STATUS:
          0  done    2  usage error    3  a capture cannot be read (the file is named)
        """

    var paths: [String]
    var anchors: Int
    var json: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(arguments, options: ["frames"], flags: ["json"])
        guard let action = parsed.positionals.first else { throw UsageError("which action? stats") }
        guard action == "stats" else { throw UsageError("unknown action '\(action)'; expected stats") }
        paths = Array(parsed.positionals.dropFirst())
        guard !paths.isEmpty else { throw UsageError("which captures? give one or more paths") }
        if let frames = try parsed.double("frames") {
            guard frames >= 1, frames <= 100_000, frames == frames.rounded() else {
                throw UsageError("--frames expects a whole number from 1 to 100000, got '\(parsed.value("frames")!)'")
            }
            anchors = Int(frames)
        } else {
            anchors = 200
        }
        json = parsed.flag("json")
    }

    func run() throws -> ExitCode {
        let calculator = LiDARStatisticsCalculator(maximumAnchors: anchors)
        var results: [LiDARStatistics] = []
        for path in paths {
            do throws(LiDARCaptureError) {
                results.append(try calculator.statistics(of: try LiDARCapture(path: path)))
            } catch {
                throw CommandFailure("cannot read \(error.description)", exitCode: .badInput)
            }
        }
        if json {
            print(JSONValue.array(results.map(LiDARStatisticsReport.json)).serialized())
        } else {
            print(LiDARStatisticsReport.table(results))
        }
        return .success
    }
}
