import BundleIO
import CaptureBundle
import CaptureExport
import JSONSupport
#if canImport(Glibc)
import Glibc
#endif

/// `capture-sim export INPUT --to FORMAT --out PATH`: a bundle or raw package in the format of another tool.
struct ExportCommand: Command {
    static let name = "export"
    static let summary = "Write a bundle's poses, images and depth for evo (TUM), COLMAP, Nerfstudio or Foxglove (MCAP)"
    static let usage = ["export INPUT --to FORMAT --out PATH [--force] [--poses estimate|true] [--every N] [--start S] [--end S] [--fps N]"]
    static let discussion = """
        Reads a CubiCapture bundle (folder or zip) or a raw RGBD package and writes its frames for another
        tool. Every export uses one world, the raw package's: Z up, right-handed, metres; the camera is
        OpenCV's (x right, y down, z forward) except in Nerfstudio (OpenGL's: x right, y up, z back).
        docs/exports.md gives each format's conventions, files and fields.
        """
    static let toOption = Option.option("to", "FORMAT", "tum, colmap, nerfstudio or mcap (below; required)") { (text) throws(UsageError) in
        guard let format = ExportFormat(rawValue: text) else { throw UsageError("--to expects one of \(formatNames), got '\(text)'") }
        return format
    }
    static let outOption = Option.text("out", "PATH", "the file (tum, mcap) or folder (colmap, nerfstudio) to write, in a folder that\nexists; it is built beside PATH under a hidden partial name and renamed\ninto place when complete (required)")
    static let forceFlag = Flag.flag("force", "replace PATH if it exists (in one step: PATH always holds a whole export)")
    static let posesOption = Option<ExportPoses>.choice("poses", "WHICH", "estimate (default: the tracker's, as a phone records them) or true (the\ntrue poses a synthetic capture writes beside them, for scoring: evo_ape\nbetween the two TUM exports gives the tracking error)")
    static let everyOption = Option.integer("every", "N", "keep every N-th frame (of the frames with images for colmap and nerfstudio)") { (every) throws(UsageError) in
        guard every >= 1 else { throw UsageError("--every expects a whole number of at least 1, got '\(every)'") }
    }
    static let startOption = Option.number("start", "S", "only frames at or after S seconds on the capture clock")
    static let endOption = Option.number("end", "S", "only frames before S seconds")
    static let fpsOption = Option.framesPerSecond("a raw package written before raw/poses.csv had its time column: frame k is\nat k / N s")
    static let options: [OptionSpec] = [
        toOption.spec, outOption.spec, forceFlag.spec, posesOption.spec, everyOption.spec, startOption.spec, endOption.spec, fpsOption.spec,
    ]
    /// The formats' names, for the messages.
    static var formatNames: String { ExportFormat.allCases.map(\.rawValue).joined(separator: ", ") }
    static var sections: [HelpText.Section] {
        [HelpText.Section(title: "formats", lines: ExportFormat.allCases.map {
            $0.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.summary
        })]
    }
    static let exitStatus: [ExitStatus] = [
        .success("written"), .usage,
        .badInput("unreadable input, or one without what the format needs (camera images)"),
        .outputFailed("the export could not be written (PATH exists without --force, its folder is missing\nor unwritable, a full disk)"),
        .signal("ended by signal N after removing the partial export"),
    ]

    var input: String
    var format: ExportFormat
    var out: String
    var force: Bool
    var options: ExportOptions
    /// `--poses`.
    var poses = ExportPoses.estimate

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        guard let input = try parsed.singlePositional() else { throw UsageError("which bundle? capture-sim export INPUT --to FORMAT --out PATH") }
        guard let format = try parsed[Self.toOption] else { throw UsageError("--to FORMAT is required (one of \(Self.formatNames))") }
        guard let out = try parsed[Self.outOption] else { throw UsageError("--out PATH is required (the \(format.isSingleFile ? "file" : "folder") to write)") }
        guard !out.isEmpty else { throw UsageError("--out is empty: give the \(format.isSingleFile ? "file" : "folder") to write") }
        var options = ExportOptions()
        options.every = try parsed[Self.everyOption] ?? options.every
        options.from = try parsed[Self.startOption]
        options.to = try parsed[Self.endOption]
        if let start = options.from, let end = options.to, end <= start {
            throw UsageError("--end \(end) is not after --start \(start)")
        }
        options.frameRateHz = try parsed[Self.fpsOption] ?? options.frameRateHz
        poses = try parsed[Self.posesOption] ?? poses
        self.input = input
        self.format = format
        self.out = out
        force = try parsed[Self.forceFlag]
        self.options = options
    }

    /// Errors go to the one map of error types to exit codes (``ExitCode/of(_:)``): an unreadable input 3,
    /// a failed write 4.
    func run() throws -> ExitCode {
        let capture = try ExportCapture(path: input, frameRateHz: options.frameRateHz, poses: poses)
        try Self.refuseOverlap(input: input, out: out)
        // Before the partial folder exists, so that a signal at any moment finds it registered.
        InterruptCleanup.install()
        // A signal removes the partial folder (the new export, or after the exchange the old one) while
        // no thread can add to it, and nothing is published after it (``ExportOutput``).
        let bar = ProgressBar(label: "export \(format.rawValue)")
        defer { bar.finish() }
        let summary = try CaptureExporter.write(capture, as: format, to: out, force: force, options: options) { done, total in
            bar.update(done: done, of: total)
        }
        bar.finish()
        printInfo(summary.line)
        return .success
    }

    /// Refuses an `--out` that is the input, holds it or lies inside it: replacing it would delete the
    /// capture being read (exit 2).
    static func refuseOverlap(input: String, out: String) throws(UsageError) {
        func resolved(_ path: String) -> String? {
            guard let real = realpath(path, nil) else { return nil }
            defer { free(real) }
            return String(cString: real)
        }
        guard let source = resolved(input) else { return }
        // The output may not exist yet: resolve its folder and add its name.
        let (folder, name) = FileSystem.split(out)
        guard let parent = resolved(folder.isEmpty ? "." : folder) else { return }
        let target = (parent == "/" ? "" : parent) + "/" + name
        let inside = { (a: String, b: String) in a == b || a.hasPrefix(b == "/" ? "/" : b + "/") }
        if inside(source, target) || inside(target, source) {
            throw UsageError("--out \(out) \(source == target ? "is" : inside(source, target) ? "holds" : "lies inside") the input \(input): "
                             + "writing there would replace what is being read; choose another path")
        }
    }
}
