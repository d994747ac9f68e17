import BundleIO
import CaptureEngine
import Foundation
import JSONSupport

/// Reads a bundle from a folder (either layout) or from a CubiCapture zip: lists its files and parses
/// `arkitData.json`, `allDepthFrames.bin`, `raw/poses.csv`, `raw/intrinsics.json` and the PNGs.
public final class BundleReader {
    /// The path given.
    public let path: String
    /// Which layout the bundle has (a zip is always the CubiCapture layout).
    public let layout: BundleLayout
    /// Every file, relative to the bundle, sorted (for a zip: its entries).
    public let files: [String]
    /// Names in the bundle folder that are not valid UTF-8 (their bytes written `\xNN`), left out of
    /// ``files``: `inspect` reports them as a problem of the bundle.
    public private(set) var namesNotUTF8: [String] = []
    /// The zip, when reading one.
    public let zip: ZipReader?

    /// The most bytes a file read whole may have (every file but `allDepthFrames.bin`, which is read a
    /// record at a time): 64 MiB. A zip entry that declares more, or inflates to more, is refused
    /// without being inflated whole.
    public static let maximumFileBytes = 64 << 20
    /// The most pixels a PNG may declare in its IHDR chunk before it is decoded: 2^24 (e.g. 4096x4096;
    /// the raw package's are 256x192).
    public static let maximumPNGPixels = 1 << 24

    /// Opens `path`: a folder with `arkitData.json` (CubiCapture), a folder with `manifest.json` and
    /// `raw/` (raw RGBD package), or a zip file holding a CubiCapture bundle.
    public init(path: String) throws(InputError) {
        self.path = path
        if let problem = FileSystem.nonRegularProblem(path) { throw InputError(file: path, reason: problem) }
        if FileSystem.isDirectory(path) {
            zip = nil
            var odd: [String] = []
            do { files = try BundleReader.listTree(path, prefix: "", root: BundleReader.resolved(path) ?? path, notUTF8: &odd) }
            catch { throw InputError(file: path, reason: error.description) }
            namesNotUTF8 = odd
            if files.contains("arkitData.json") { layout = .cubiCapture }
            else if files.contains("manifest.json") || files.contains(where: { $0.hasPrefix("raw/") }) { layout = .rawRGBD }
            else { throw InputError(file: path, reason: "neither arkitData.json (CubiCapture layout) nor manifest.json (raw RGBD package) is here") }
        } else if FileSystem.exists(path) {
            do { zip = try ZipReader(path: path) }
            catch { throw InputError(file: path, reason: "not a folder and not a readable zip (\(error.message))") }
            files = zip?.entries.map(\.name).sorted() ?? []
            layout = .cubiCapture
        } else {
            throw InputError(file: path, reason: "no such file or folder")
        }
    }

    /// `realpath`: the path with every link and `..` resolved, nil when it cannot be.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// The files under `folder`, `root` being the bundle's resolved path: a link that leads outside the
    /// bundle is refused (a bundle's files are its own; reading it would copy any file on the machine
    /// into an export).
    private static func listTree(_ folder: String, prefix: String, root: String, notUTF8: inout [String]) throws(FileSystemError) -> [String] {
        var out: [String] = []
        // A name that is not UTF-8 would read back as another (U+FFFD): it is reported, not opened.
        let (names, odd) = try FileSystem.listSplittingInvalidUTF8(folder)
        notUTF8 += odd.map { prefix + $0 }
        for name in names {
            let full = folder + "/" + name
            // A FIFO, device or socket would block or never end a read: refused, naming it.
            if let problem = FileSystem.nonRegularProblem(full) {
                throw FileSystemError(call: "stat", path: full, reason: problem)
            }
            if FileSystem.isLink(full), let target = resolved(full), !target.hasPrefix(root == "/" ? "/" : root + "/") {
                throw FileSystemError(call: "stat", path: full, reason: "a symbolic link to \(target), outside the bundle")
            }
            if FileSystem.isDirectory(full) { out += try listTree(full, prefix: prefix + name + "/", root: root, notUTF8: &notUTF8) }
            else {
                // A file that cannot be opened (a dangling link, no permission) makes the bundle unreadable.
                close(try FileSystem.openRegularFile(full))
                out.append(prefix + name)
            }
        }
        return out
    }

    /// Whether the bundle has this file.
    public func has(_ file: String) -> Bool { files.contains(file) }

    /// The size of a file in bytes (a zip entry's uncompressed size), or nil when it is missing.
    public func size(of file: String) -> Int? {
        guard has(file) else { return nil }
        if let zip { return zip.entries.first { $0.name == file }.map { Int(clamping: $0.size) } }
        return try? FileSystem.size(path + "/" + file)
    }

    /// The whole content of a file, at most ``maximumFileBytes``.
    public func bytes(_ file: String) throws(InputError) -> [UInt8] {
        guard has(file) else { throw InputError(file: file, reason: "missing") }
        let limit = BundleReader.maximumFileBytes
        if let zip {
            do { return try zip.contents(of: file, limit: limit) } catch {
                throw InputError(file: file, reason: error.description)
            }
        }
        let full = path + "/" + file
        do {
            let size = try FileSystem.size(full)
            guard size <= limit else {
                throw InputError(file: file, reason: "\(size) bytes, more than the limit of \(limit) bytes (64 MiB) for a file read whole")
            }
            return try FileSystem.read(full)
        } catch let error as InputError { throw error }
        catch let error as FileSystemError { throw InputError(file: file, reason: error.description) }
        catch { throw InputError(file: file, reason: "\(error)") }
    }

    /// A JSON file of the bundle, parsed within the bundle's limits (errors name the file and line).
    public func json(_ file: String) throws(InputError) -> JSONCursor {
        try JSONCursor.parse(try bytes(file), file: file)
    }

    /// `arkitData.json`.
    public func arkitData() throws(InputError) -> ArkitData {
        try ArkitData(json: try bytes("arkitData.json"))
    }

    /// `feedback.json`.
    public func feedback() throws(InputError) -> [ArkitFeedbackItem] {
        try ArkitData.feedbackItems(try JSONCursor.parse(try bytes("feedback.json"), file: "feedback.json"))
    }

    /// `allDepthFrames.bin`, read a record at a time: from a folder with `pread`; from a zip after its
    /// entry was read once to its end (CRC-32 and declared size checked), inflated again as records are
    /// asked for.
    public func depthFrames() throws(InputError) -> DepthFramesFile {
        let file = "allDepthFrames.bin"
        guard has(file) else { throw InputError(file: file, reason: "missing") }
        guard let zip else {
            return try DepthFramesFile(source: try DepthFramesFileSource(path: path + "/" + file, file: file), file: file)
        }
        guard let index = zip.entries.firstIndex(where: { $0.name == file }) else {
            throw InputError(file: file, reason: "missing")
        }
        let source = DepthFramesZipSource(reader: zip, index: index, file: file)
        let depth = try DepthFramesFile(source: source, file: file)
        try source.verify()
        return depth
    }

    /// `raw/poses.csv`.
    public func poses() throws(InputError) -> [RawPose] {
        try RawPose.parseCSV(bytes: try bytes("raw/poses.csv"))
    }

    /// `raw/intrinsics.json` (width, height, fx, fy, cx, cy at depth resolution), or another file of the
    /// same keys (`raw/rgb_intrinsics.json`: the camera images').
    public func rawIntrinsics(file: String = "raw/intrinsics.json") throws(InputError) -> CameraIntrinsics {
        let c = try json(file)
        return CameraIntrinsics(width: try c["width"].get().int(), height: try c["height"].get().int(),
                                fx: try c["fx"].get().double(), fy: try c["fy"].get().double(),
                                cx: try c["cx"].get().double(), cy: try c["cy"].get().double())
    }

    /// A PNG of the bundle (e.g. `raw/depth/00000.png`), its chunks checked first with
    /// ``PNGChunkCheck`` (every CRC-32, IHDR first, IEND last, nothing after it), then decoded if its
    /// IHDR declares at most ``maximumPNGPixels``.
    public func png(_ file: String) throws(InputError) -> GrayImage {
        try Self.decodePNG(try bytes(file), file: file)
    }

    /// A PNG's bytes checked as ``png(_:)`` checks them (chunks, then the IHDR's size against
    /// ``maximumPNGPixels``) and decoded; errors name `file` and the byte.
    public static func decodePNG(_ data: [UInt8], file: String) throws(InputError) -> GrayImage {
        if let problem = PNGChunkCheck.problem(data) {
            throw InputError(file: file, location: "byte \(problem.offset)", reason: problem.reason)
        }
        let width = Int(data[16]) << 24 | Int(data[17]) << 16 | Int(data[18]) << 8 | Int(data[19])
        let height = Int(data[20]) << 24 | Int(data[21]) << 16 | Int(data[22]) << 8 | Int(data[23])
        let limit = BundleReader.maximumPNGPixels
        guard width <= limit, height <= limit, width * height <= limit else {
            throw InputError(file: file, location: "byte 8",
                                  reason: "IHDR declares \(width)x\(height), more than the limit of \(BundleReader.maximumPNGPixels) pixels")
        }
        do throws(LibraryCallError) { return try PNGCodec.decode(data) }
        catch { throw InputError(file: file, reason: error.description) }
    }

    /// The session's inputs, frames and non-frame inputs merged by `seq`, with each recorded frame's
    /// depth map from `allDepthFrames.bin` when the bundle has one and each frame's feature depths:
    /// what a replay feeds the engine.
    public func sessionInputs() throws(InputError) -> [SessionInput] {
        let data = try arkitData()
        let depth = has("allDepthFrames.bin") ? try depthFrames() : nil
        var items: [(seq: Int, input: SessionInput)] = data.inputs.map { ($0.seq, SessionInput(time: $0.time, $0.kind)) }
        for (i, f) in data.frames.enumerated() {
            var frame = CameraFrame(transform: f.transform, intrinsics: f.intrinsics, tracking: f.tracking,
                                    featureDepths: f.featureDepths)
            if let index = f.depthIndex, let depth {
                guard index >= 0, index < depth.frameCount else {
                    throw InputError(file: "arkitData.json", location: "frames[\(i)].depthIndex",
                                          reason: "\(index) but allDepthFrames.bin has \(depth.frameCount) frames")
                }
                frame.depth = try depth.frame(index).depth
            }
            items.append((f.seq, SessionInput(time: f.time, .frame(frame))))
        }
        return items.sorted { $0.seq < $1.seq }.map(\.input)
    }
}
