import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport

/// Reads any supported log into a ``ReplayLog``: the entry point of replay.
public enum ReplayReader {
    /// The largest line-based pose log read: 64 MiB (an ARKit log of 60 Hz holds about 27 MB an hour).
    /// The log is read whole; with at most 2^18 poses this keeps a replay's memory under about 300 MB.
    public static let maximumLogBytes = 64 << 20
    /// The most poses a line-based log may hold: 2^18 (262,144; 72 minutes at 60 Hz).
    public static let maximumPoses = TextPoseLogReader.maximumPoses

    /// Reads the log at `path`: a bundle folder (or its `arkitData.json`, or its `<uid>.zip`), a raw RGBD package folder (or
    /// its `raw/poses.csv`), a Stray Scanner folder (or its `odometry.csv`), or a pose file. The format is
    /// `options.format` when given, else detected with ``detectFormat(path:)``.
    public static func read(path: String, options: ReplayOptions = ReplayOptions()) throws(InputError) -> ReplayLog {
        let format: ReplayFormat
        if let given = options.format { format = given } else { format = try detectFormat(path: path) }
        let file = try resolve(path: path, format: format)
        try refuseNonRegular(file)
        if format == .bundle {
            return try BundleLogReader.read(try BundleReader(path: file), options: options)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        guard size <= maximumLogBytes else {
            throw InputError(file: file, reason: "\(size) bytes, more than the limit of \(maximumLogBytes) bytes (64 MiB) for a pose log")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw InputError(file: file, reason: "cannot read the file")
        }
        // A raw log without its time column takes the rate from its package's manifest.json.
        let manifestRate = format == .raw && options.framesPerSecond == nil ? RawManifestRate.read(forPoses: file) : nil
        return try read(bytes: data, file: file, format: format, options: options, manifestRate: manifestRate)
    }

    /// Reads a line-based pose log from its bytes; `file` names it in errors and diagnostics. A raw
    /// `poses.csv` without its time column needs `options.framesPerSecond` or `manifestRate`.
    public static func read(bytes: Data, file: String, format: ReplayFormat,
                            options: ReplayOptions = ReplayOptions(), manifestRate: RawManifestRate? = nil) throws(InputError) -> ReplayLog {
        guard format != .bundle else { throw InputError(file: file, reason: "a bundle is read from its folder or zip") }
        let result: Result<PoseTimelineBuilder, InputError> = bytes.withUnsafeBytes { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            do throws(InputError) {
                return .success(try TextPoseLogReader.read(buffer, file: file, format: format, options: options,
                                                           manifestRate: manifestRate))
            } catch {
                return .failure(error)
            }
        }
        let builder = try result.get()
        var configuration = SessionConfiguration()
        configuration.landscapeGating = false
        let inputs = builder.sessionInputs()
        // 3.x's skipped-frame share counts against the log's own frame rate (its median frame interval),
        // not ARKit's 60 Hz: a 10 or 30 Hz log skips nothing.
        if let rate = Self.medianFrameRate(inputs) {
            configuration.thresholds.frames.expectedRateHz = rate
            configuration.frameRateHz = rate
        }
        return ReplayLog(file: file, format: format, configuration: configuration,
                         inputs: ReplayInputs(inputs: inputs), diagnostics: builder.diagnostics)
    }

    /// The frames a second of a log: 1 / its median interval between frames, within 1...1000 Hz; nil with
    /// fewer than two frames.
    static func medianFrameRate(_ inputs: [SessionInput]) -> Double? {
        var previous: Double?, intervals: [Double] = []
        for input in inputs {
            guard case .frame = input.kind else { continue }
            if let previous, input.time > previous { intervals.append(input.time - previous) }
            previous = input.time
        }
        guard !intervals.isEmpty else { return nil }
        intervals.sort()
        let median = intervals[intervals.count / 2]
        return min(1000, max(1, 1 / median))
    }

    /// The format of the log at `path`, from the folder's contents, the file name, then the first data line.
    public static func detectFormat(path: String) throws(InputError) -> ReplayFormat {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(file: path, reason: "no such file or folder")
        }
        try refuseNonRegular(path)
        if isDirectory.boolValue {
            func has(_ name: String) -> Bool {
                FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(name))
            }
            if has(BundleLogReader.arkitDataName) { return .bundle }
            if has("raw/poses.csv") || has("poses.csv") { return .raw }
            if has("odometry.csv") { return .stray }
            throw InputError(file: path, reason: "a folder without arkitData.json, raw/poses.csv or odometry.csv; give a log file or --format")
        }
        let name = (path as NSString).lastPathComponent.lowercased()
        if name == "arkitdata.json" || name.hasSuffix(".zip") { return .bundle }
        if name == "poses.csv" { return .raw }
        if name == "odometry.csv" { return .stray }
        if name.hasSuffix(".traj") { return .traj }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError(file: path, reason: "cannot read the file")
        }
        defer { try? handle.close() }
        // The first data line, read a chunk at a time past any number of comment lines (up to the log
        // size limit): lines split on the bytes \n and \r (as Characters, "\r\n" would not split).
        // Comment and blank lines are passed over as bytes (no string made for them), so 30 million of
        // them cost about the time of reading them.
        var pending: [UInt8] = [], start = 0, readBytes = 0
        func isData(_ line: ArraySlice<UInt8>) -> Bool {
            guard let first = line.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return false }
            return first != UInt8(ascii: "#")
        }
        func nextLine() -> String? {
            while true {
                if let end = pending[start...].firstIndex(where: { $0 == 10 || $0 == 13 }) {
                    let line = pending[start..<end]
                    start = end + 1
                    if isData(line) { return String(decoding: line, as: UTF8.self) }
                    continue
                }
                guard readBytes < maximumLogBytes else { return nil }
                pending.removeSubrange(..<start)
                start = 0
                let chunk = handle.readData(ofLength: 1 << 20)
                guard !chunk.isEmpty else {
                    defer { pending = [] }
                    return isData(pending[...]) ? String(decoding: pending, as: UTF8.self) : nil
                }
                readBytes += chunk.count
                pending.append(contentsOf: chunk)
            }
        }
        while let line = nextLine() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let compact = trimmed.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\t", with: "").lowercased()
            // A header names the format; its columns are checked by the reader.
            if compact.hasPrefix("frame,") { return .raw }
            if compact.hasPrefix("timestamp,frame,") { return .stray }
            let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).count
            switch fields {
            case 8: return .tum
            case 7: return .traj
            case 13: return .arkit
            default:
                throw InputError(file: path, reason: "cannot tell the format from the first data line (\(fields) fields); give --format (\(ReplayFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        }
        throw InputError(file: path, reason: "no data lines (the log is empty or holds only comments); cannot tell the format")
    }

    /// Refuses a path that is neither a regular file nor a folder (a FIFO, a device, a socket), which a
    /// read would wait on for ever.
    static func refuseNonRegular(_ path: String) throws(InputError) {
        var st = stat()
        guard stat(path, &st) == 0 else { return }
        let kind = st.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR else {
            let name = kind == S_IFIFO ? "a FIFO" : kind == S_IFSOCK ? "a socket" : "a device"
            throw InputError(file: path, reason: "not a regular file or folder (\(name))")
        }
    }

    /// The file (or, for bundles, folder or zip) to read for `format` at `path`.
    static func resolve(path: String, format: ReplayFormat) throws(InputError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(file: path, reason: "no such file or folder")
        }
        let folder = isDirectory.boolValue
        func inside(_ names: [String]) throws(InputError) -> String {
            for name in names {
                let full = (path as NSString).appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: full) { return full }
            }
            throw InputError(file: path, reason: "a folder without \(names.joined(separator: " or ")) for the \(format.rawValue) format")
        }
        switch format {
        case .bundle:
            if folder || path.lowercased().hasSuffix(".zip") { return path }
            return (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        case .raw: return folder ? try inside(["raw/poses.csv", "poses.csv"]) : path
        case .stray: return folder ? try inside(["odometry.csv"]) : path
        default:
            if folder { throw InputError(file: path, reason: "is a folder; the \(format.rawValue) format is one file") }
            return path
        }
    }
}
