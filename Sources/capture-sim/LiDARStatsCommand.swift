import Foundation
import JSONSupport
import LiDARStatistics

/// `capture-sim lidar stats PATH...`: the LiDAR statistics of captures side by side (docs/lidar.md).
struct LiDARStatsCommand: Command {
    static let name = "stats"
    static let summary = "The statistics that compare a capture's depth and confidence with a phone's, side by side"
    static let usage = ["lidar stats PATH... [--frames N] [--pairs N] [--json]"]
    static let discussion = """
        Computes the statistics that compare synthetic LiDAR depth with a phone's (valid pixels,
        confidence by distance, border and depth edges, edge transitions and flying pixels, plane
        residuals and their correlation, frame-to-frame and view-to-view error, flicker by confidence,
        depth p95; the reference definitions of fid_compare.py, each in docs/lidar.md) for each capture
        and prints them side by side. A capture is a raw RGBD package folder, a CubiCapture bundle
        (folder or zip) or a Stray Scanner export folder (depth/, confidence/, odometry.csv,
        camera_matrix.csv; its poses are the OpenCV camera's, checked against the data, and the table
        says which convention it used).
        """
    static let framesOption = wholeNumber("frames", "analyse at most N frames on their own, spread evenly (default 200)", in: 1...100_000)
    static let pairsOption = wholeNumber("pairs", "at most N frame pairs 1 apart and N pairs 10 apart (default 120)", in: 1...100_000)
    static let jsonFlag = Flag.flag("json", "print a JSON array, one object per capture (shares 0...1, lengths in metres)")
    static let options: [OptionSpec] = [framesOption.spec, pairsOption.spec, jsonFlag.spec]
    static let exitStatus: [ExitStatus] = [
        .success("done"), .usage, .badInput("a capture cannot be read (the file is named)"),
    ]

    var paths: [String]
    var json: Bool
    var anchors: Int
    var pairs: Int

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        paths = parsed.positionals
        guard !paths.isEmpty else { throw UsageError("which captures? give one or more paths") }
        json = try parsed[Self.jsonFlag]
        anchors = try parsed[Self.framesOption] ?? 200
        pairs = try parsed[Self.pairsOption] ?? 120
    }

    func run() throws -> ExitCode {
        let results = try paths.map { try Self.statistics(of: $0, frames: anchors, pairs: pairs) }
        if json {
            print(JSONValue.array(results.map(LiDARStatisticsReport.json)).serialized())
        } else {
            print(LiDARStatisticsReport.table(results))
        }
        return .success
    }

    /// A whole-number option `--name N` within `range` (``Option/integer(_:_:_:validate:)``).
    static func wholeNumber(_ name: String, _ help: String, in range: ClosedRange<Int>) -> Option<Int> {
        .integer(name, "N", help) { (value) throws(UsageError) in
            guard range.contains(value) else {
                throw UsageError("--\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(value)'")
            }
        }
    }

    static func statistics(of path: String, frames: Int, pairs: Int) throws(InputError) -> LiDARStatistics {
        try LiDARStatisticsCalculator(maximumFrames: frames, maximumPairs: pairs).statistics(of: try LiDARCapture(path: path))
    }

}
