import CaptureBundle
import CaptureEngine

/// `capture-sim inspect PATH`: validates a bundle against docs/bundle-format.md and summarises it.
struct InspectCommand: Command {
    static let name = "inspect"
    static let summary = "Validate a bundle (folder of either layout, or zip) and summarise it"
    static let help = """
        USAGE: capture-sim inspect <path> [--json]

        Reads a CubiCapture bundle folder, its <uid>.zip, or a raw RGBD package folder, checks it against
        docs/bundle-format.md (every file present, sizes and counts consistent, every PNG chunk's CRC
        and IEND last, PNGs decode, poses finite, zip entries equal to the folder's files, no zip
        comment) and prints a summary: layout, duration, frames, depth frames, depth coverage, events
        and warnings counted by code. Files are read within the limits the document gives (64 MiB a
        file read whole, 2^21 JSON values), so memory stays bounded whatever the input.

        OPTIONS:
          --json    print the summary as one JSON object: path, layout, container, valid, problems,
                    durationSeconds, frames, recordedFrames, depthFrames, depthWidth, depthHeight,
                    depthCoverage, events, warnings

        EXIT STATUS:
          0  valid    1  invalid (the first problem is named)    2  usage error    3  unreadable
        """

    var path: String
    var json: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(arguments, options: [], flags: ["json"])
        guard let path = parsed.positionals.first else { throw UsageError("which bundle? give a folder or a zip") }
        guard parsed.positionals.count == 1 else { throw UsageError("unexpected argument '\(parsed.positionals[1])'") }
        self.path = path
        json = parsed.flag("json")
    }

    func run() throws -> ExitCode {
        let inspection: BundleInspection
        do {
            inspection = try BundleInspector.inspect(path: path)
        } catch {
            throw CommandFailure("cannot read \(error.description)", exitCode: .badInput)
        }
        if json {
            print(inspection.json.serialized())
        } else {
            inspection.summaryLines.forEach { print($0) }
        }
        guard inspection.isValid else {
            printError("capture-sim inspect: invalid bundle: \(inspection.problems[0])")
            return .failure
        }
        return .success
    }
}
