import BundleIO
import CaptureBundle
import CaptureExport
import JSONSupport

/// `capture-sim export INPUT --to FORMAT --out PATH`: a bundle or raw package in the format of another tool.
struct ExportCommand: Command {
    static let name = "export"
    static let summary = "Write a bundle's poses, images and depth for evo (TUM), COLMAP, Nerfstudio or Foxglove (MCAP)"
    static let help = """
        USAGE: capture-sim export <input> --to <format> --out <path> [--force] [--every N]
                                  [--start S] [--end S] [--fps N]

        Reads a CubiCapture bundle (folder or zip) or a raw RGBD package and writes its frames for another
        tool. Every export uses one world, the raw package's: Z up, right-handed, metres; the camera is
        OpenCV's (x right, y down, z forward) except in Nerfstudio (OpenGL's: x right, y up, z back).
        docs/exports.md gives each format's conventions, files and fields.

        FORMATS (--to):
        \(ExportFormat.allCases.map { "  " + $0.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

        OPTIONS:
          --out PATH     the file (tum, mcap) or folder (colmap, nerfstudio) to write; it is built beside PATH
                         under a hidden partial name and renamed into place when complete
          --force        replace PATH if it exists (in one step: PATH always holds a whole export)
          --every N      keep every N-th frame (of the frames with images for colmap and nerfstudio)
          --start S      only frames at or after S seconds on the capture clock
          --end S        only frames before S seconds
          --fps N        a raw package written before raw/poses.csv had its time column: frame k is at k / N s

        EXIT STATUS:
          0  written    2  usage error    3  unreadable input, or one without what the format needs (images)
          4  the export could not be written (PATH exists without --force, unwritable folder, full disk)
        """

    var input: String
    var format: ExportFormat
    var out: String
    var force: Bool
    var options: ExportOptions

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(arguments, options: ["to", "out", "every", "start", "end", "fps"], flags: ["force"])
        guard let input = parsed.positionals.first else { throw UsageError("which bundle? capture-sim export INPUT --to FORMAT --out PATH") }
        guard parsed.positionals.count == 1 else { throw UsageError("unexpected argument '\(parsed.positionals[1])'") }
        let names = ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = parsed.value("to") else { throw UsageError("--to FORMAT is required (one of \(names))") }
        guard let format = ExportFormat(rawValue: text) else { throw UsageError("--to expects one of \(names), got '\(text)'") }
        guard let out = parsed.value("out") else { throw UsageError("--out PATH is required (the \(format.isSingleFile ? "file" : "folder") to write)") }
        guard !out.isEmpty else { throw UsageError("--out is empty: give the \(format.isSingleFile ? "file" : "folder") to write") }
        var options = ExportOptions()
        if let every = try parsed.integer("every") {
            guard every >= 1 else { throw UsageError("--every expects a whole number of at least 1, got '\(every)'") }
            options.every = every
        }
        options.from = try parsed.double("start")
        options.to = try parsed.double("end")
        if let start = options.from, let end = options.to, end <= start {
            throw UsageError("--end \(end) is not after --start \(start)")
        }
        if let fps = try parsed.double("fps") {
            guard fps > 0 else { throw UsageError("--fps expects a positive number of frames per second, got '\(fps)'") }
            options.frameRateHz = fps
        }
        self.input = input
        self.format = format
        self.out = out
        force = parsed.flag("force")
        self.options = options
    }

    func run() throws -> ExitCode {
        let capture: ExportCapture
        do { capture = try ExportCapture(path: input, frameRateHz: options.frameRateHz) }
        catch { throw CommandFailure("cannot read \(error.description)", exitCode: .badInput) }
        let output: ExportOutput
        do { output = try ExportOutput(path: out, isFolder: !format.isSingleFile, force: force) }
        catch { throw CommandFailure("cannot write \(error.description)", exitCode: .outputFailed) }
        let bar = ProgressBar(label: "export \(format.rawValue)", enabled: true)
        InterruptCleanup.install()
        do {
            // A signal removes the partial folder (the new export, or after the exchange the old one).
            let summary = try PublicationRegistry.removingOnInterrupt(output.partialPath) {
                let summary = try CaptureExporter.export(capture, as: format, into: output, options: options) { done, total in
                    if total >= 50, done % max(1, total / 100) == 0 || done == total { bar.update(Double(done) / Double(total)) }
                }
                bar.finish()
                try output.publish()
                return summary
            }
            printError(summary.line)
            return .success
        } catch let error as InputError {
            bar.finish()
            output.discard()
            throw CommandFailure("cannot read \(error.description)", exitCode: .badInput)
        } catch let error as FileSystemError {
            bar.finish()
            output.discard()
            throw CommandFailure("cannot write \(error.description)", exitCode: .outputFailed)
        } catch let error as LibraryCallError {
            bar.finish()
            output.discard()
            throw CommandFailure("cannot write the export: \(error.description)", exitCode: .outputFailed)
        } catch {
            bar.finish()
            output.discard()
            throw error
        }
    }
}
