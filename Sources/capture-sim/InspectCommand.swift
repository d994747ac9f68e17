import CaptureBundle
import CaptureEngine

/// `capture-sim inspect PATH`: validates a bundle against docs/bundle-format.md and summarises it.
struct InspectCommand: Command {
    static let name = "inspect"
    static let summary = "Validate a bundle (folder of either layout, or zip) and summarise it"
    static let usage = ["inspect PATH [--json]"]
    static let discussion = """
        Reads a CubiCapture bundle folder, its <uid>.zip, or a raw RGBD package folder, checks it against
        docs/bundle-format.md (every file present, sizes and counts consistent, every PNG chunk's CRC
        and IEND last, PNGs decode, poses finite, zip entries equal to the folder's files, no zip
        comment) and prints a summary: layout, duration, frames, depth frames, depth coverage, events
        and warnings counted by code. Files are read within the limits the document gives (64 MiB a
        file read whole, 2^21 JSON values), so memory stays bounded whatever the input.
        """
    static let jsonFlag = Flag.flag("json", "print the summary as one JSON object: path, layout, container, valid, problems,\ndurationSeconds, frames, recordedFrames, depthFrames, depthWidth, depthHeight,\ndepthCoverage, events, warnings")
    static let options: [OptionSpec] = [jsonFlag.spec]
    static let exitStatus: [ExitStatus] = [
        .success("valid"), .failure("invalid (the first problem is named)"), .usage, .badInput("unreadable"),
    ]

    var path: String
    var json: Bool

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        guard let path = try parsed.singlePositional() else { throw UsageError("which bundle? give a folder or a zip") }
        self.path = path
        json = try parsed[Self.jsonFlag]
    }

    func run() throws -> ExitCode {
        let inspection = try BundleInspector.inspect(path: path)
        if json {
            print(inspection.json.serialized())
        } else {
            inspection.summaryLines.forEach { print(TerminalText.oneLine($0)) }
        }
        guard inspection.isValid else {
            printError("capture-sim inspect: invalid bundle: " + TerminalText.oneLine(inspection.problems[0]))
            return .failure
        }
        return .success
    }
}
