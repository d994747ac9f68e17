import BundleIO
import CaptureEngine
import Foundation
import JSONSupport

/// Validates a bundle against docs/bundle-format.md and summarises it (what `capture-sim inspect` runs).
public enum BundleInspector {
    /// The CubiCapture files in zip order: the depth file first, so that its copy in the zip can be
    /// written while the scan records (``ZipStreamWriter``).
    /// The true poses capture-sim writes beside the SDK's files in a CubiCapture bundle folder (not in
    /// the zip): `frame,x,y,z,qx,qy,qz,qw,time`, the frame being its index in `arkitData.json`'s `frames`.
    public static let truePosesFile = "truth/poses_true.csv"
    public static let cubiCaptureFiles = ["allDepthFrames.bin", "video.mp4", "arkitData.json", "config.json", "scan.log",
                                          "feedback.json", "mesh.ply"]
    /// The zip order of bundles written before that, whose `allDepthFrames.bin` is version 1.
    public static let versionOneZipOrder = ["arkitData.json", "config.json", "scan.log", "feedback.json",
                                            "allDepthFrames.bin", "mesh.ply"]

    /// Inspects a folder (either layout) or a CubiCapture zip. Throws only when the path cannot be
    /// opened as a bundle at all; every other problem is listed in the result.
    public static func inspect(path: String) throws(InputError) -> BundleInspection {
        let reader = try BundleReader(path: path)
        var result = BundleInspection(path: path, layout: reader.layout, isZip: reader.zip != nil)
        for name in reader.namesNotUTF8 { result.problems.append("\(name): a file name that is not UTF-8 (no bundle writer makes one)") }
        switch reader.layout {
        case .cubiCapture: inspectCubiCapture(reader, into: &result)
        case .rawRGBD: inspectRaw(reader, into: &result)
        }
        return result
    }

    // MARK: CubiCapture

    private static func inspectCubiCapture(_ reader: BundleReader, into result: inout BundleInspection) {
        for file in ["arkitData.json", "config.json", "feedback.json"] where !reader.has(file) {
            result.problems.append("\(file): missing")
        }
        guard reader.has("arkitData.json") else { return }
        let data: ArkitData
        do { data = try reader.arkitData() } catch { result.problems.append(error.description); return }
        result.frames = data.frames.count
        result.recordedFrames = data.frames.filter(\.recorded).count
        if let s = data.recording.start, let e = data.recording.end { result.durationSeconds = e - s }
        result.eventsByCode = BundleInspection.counted(data.events.map(\.code))
        result.warningsByCode = BundleInspection.counted(data.feedbackItems.map(\.code))
        checkLog(data, into: &result)
        if result.recordedFrames != data.recording.frames {
            result.problems.append("arkitData.json: recording.frames is \(data.recording.frames) but \(result.recordedFrames) frames are marked recorded")
        }
        var uid: String?
        if reader.has("config.json") {
            do {
                let c = try JSONCursor.parse(try reader.bytes("config.json"), file: "config.json")
                uid = try c["uid"].get().string()
                let type = try c["propertyType"].get().string()
                if type != data.propertyType {
                    result.problems.append("config.json: propertyType '\(type)' differs from arkitData.json's '\(data.propertyType)'")
                }
                try c["options"].get().requireObject()
            } catch { result.problems.append(error.description) }
        }
        let gotScanLogFailure = data.events.contains { $0.code == SDKProfile.standard.code(for: .scanLogStartFailed) }
        if reader.has("scan.log") {
            do {
                let bytes = try reader.bytes("scan.log")
                let lines = ByteLines.newlineCount(bytes)
                if lines != data.scanLog.count || bytes.last.map({ $0 != 10 }) == true {
                    result.problems.append("scan.log: \(lines) lines but arkitData.json's scanLog has \(data.scanLog.count) entries")
                }
            } catch { result.problems.append(error.description) }
        } else if !gotScanLogFailure {
            result.problems.append("scan.log: missing (and no code 90 says it could not be started)")
        }
        if reader.has("feedback.json") {
            do {
                let items = try reader.feedback()
                if items != data.feedbackItems {
                    result.problems.append("feedback.json: \(items.count) items differ from arkitData.json's \(data.feedbackItems.count) feedbackItems")
                }
            } catch { result.problems.append(error.description) }
        }
        checkDepth(reader, data, into: &result)
        checkVideo(reader, data, into: &result)
        checkPLY(reader, data, into: &result)
        checkFileSet(reader, uid: uid, into: &result)
    }

    private static func checkLog(_ data: ArkitData, into result: inout BundleInspection) {
        let seqs = (data.frames.map(\.seq) + data.inputs.map(\.seq)).sorted()
        if seqs != Array(0..<seqs.count) {
            let firstBad = zip(seqs, 0...).first { $0 != $1 }.map { "\($0.0) where \($0.1) was expected" } ?? "duplicates"
            result.problems.append("arkitData.json: seq numbers of frames and inputs are not 0..<\(seqs.count): \(firstBad)")
            return
        }
        var times = [Double](repeating: 0, count: seqs.count)
        for f in data.frames { times[f.seq] = f.time }
        for i in data.inputs { times[i.seq] = i.time }
        if let bad = times.indices.dropFirst().first(where: { times[$0] < times[$0 - 1] || !times[$0].isFinite }) {
            result.problems.append("arkitData.json: input seq \(bad) at \(times[bad]) s is before seq \(bad - 1) at \(times[bad - 1]) s")
        }
    }

    private static func checkDepth(_ reader: BundleReader, _ data: ArkitData, into result: inout BundleInspection) {
        let indexed = data.frames.compactMap { f in f.depthIndex.map { (f, $0) } }
        guard data.device.hasLiDAR else {
            if reader.has("allDepthFrames.bin") { result.problems.append("allDepthFrames.bin: present for a device without LiDAR") }
            if !indexed.isEmpty { result.problems.append("arkitData.json: frames have depthIndex on a device without LiDAR") }
            return
        }
        guard reader.has("allDepthFrames.bin") else {
            result.problems.append("allDepthFrames.bin: missing (the device has LiDAR)")
            return
        }
        let depth: DepthFramesFile
        do { depth = try reader.depthFrames() } catch { result.problems.append(error.description); return }
        result.depthFrames = depth.frameCount
        result.depthWidth = depth.width
        result.depthHeight = depth.height
        if indexed.map(\.1) != Array(0..<depth.frameCount) {
            result.problems.append("arkitData.json: frames' depthIndex values are not 0..<\(depth.frameCount) in order (allDepthFrames.bin has \(depth.frameCount) frames)")
            return
        }
        var returns = 0
        for (frame, index) in indexed {
            let record: (time: Double, depth: DepthMap)
            do { record = try depth.frame(index) } catch { result.problems.append(error.description); return }
            if record.time != frame.time {
                result.problems.append("allDepthFrames.bin: frame \(index) has time \(record.time) s, arkitData.json's frame seq \(frame.seq) has \(frame.time) s")
                return
            }
            if let bad = record.depth.depth.firstIndex(where: { !$0.isFinite || $0 < 0 }) {
                result.problems.append("allDepthFrames.bin: frame \(index) pixel \(bad) has depth \(record.depth.depth[bad])")
                return
            }
            if let bad = record.depth.confidence.firstIndex(where: { $0 > 2 }) {
                result.problems.append("allDepthFrames.bin: frame \(index) pixel \(bad) has confidence \(record.depth.confidence[bad])")
                return
            }
            returns += record.depth.depth.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        }
        if depth.frameCount > 0 { result.depthCoverage = Double(returns) / Double(depth.frameCount * depth.width * depth.height) }
    }

    private static func checkPLY(_ reader: BundleReader, _ data: ArkitData, into result: inout BundleInspection) {
        guard reader.has("mesh.ply") else { return }
        if !data.device.hasLiDAR || !data.scanningFeatures.contains("meshVisualisation") || data.reconstructionShutDown != nil {
            result.problems.append("mesh.ply: present although the device has no LiDAR, meshVisualisation is off or reconstruction was shut down")
        }
        do {
            let bytes = try reader.bytes("mesh.ply")
            if let problem = plyProblem(bytes) { result.problems.append("mesh.ply: " + problem) }
        } catch { result.problems.append(error.description) }
    }

    /// The longest PLY header accepted, bytes (this project writes about 250).
    static let maximumPLYHeaderBytes = 65536

    /// Checks a PLY written as documented: header, then 12 bytes per vertex and 13 per face, indices in range.
    static func plyProblem(_ bytes: [UInt8]) -> String? {
        let marker = Array("end_header\n".utf8)
        guard let end = (0...(max(0, bytes.count - marker.count))).first(where: { bytes[$0..<min(bytes.count, $0 + marker.count)].elementsEqual(marker) }) else {
            return "no end_header line"
        }
        guard end <= maximumPLYHeaderBytes else { return "header longer than \(maximumPLYHeaderBytes) bytes" }
        let header = String(decoding: bytes[0..<end], as: UTF8.self).split(separator: "\n")
        guard header.first == "ply", header.contains("format binary_little_endian 1.0") else { return "not a binary little-endian PLY" }
        func count(_ element: String) -> Int? {
            header.first { $0.hasPrefix("element \(element) ") }.flatMap { Int($0.split(separator: " ").last ?? "") }
        }
        guard let vertices = count("vertex"), let faces = count("face") else { return "no vertex or face element" }
        guard vertices >= 0, faces >= 0, vertices <= bytes.count, faces <= bytes.count else {
            return "header declares \(vertices) vertices and \(faces) faces, more than the file can hold"
        }
        let bodyStart = end + marker.count
        let expected = bodyStart + 12 * vertices + 13 * faces
        guard bytes.count == expected else { return "\(bytes.count) bytes, expected \(expected) for \(vertices) vertices and \(faces) faces" }
        for f in 0..<faces {
            let base = bodyStart + 12 * vertices + 13 * f
            guard bytes[base] == 3 else { return "face \(f) has \(bytes[base]) indices, expected 3" }
            for k in 0..<3 {
                let o = base + 1 + 4 * k
                let index = Int(UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24)
                if index >= vertices { return "face \(f) uses vertex \(index) of \(vertices)" }
            }
        }
        return nil
    }

    private static func checkFileSet(_ reader: BundleReader, uid: String?, into result: inout BundleInspection) {
        let documented = Set(cubiCaptureFiles)
        if let zip = reader.zip {
            if let problem = BundleZipValidation.commentProblem(zip) { result.problems.append(problem) }
            let names = zip.entries.map(\.name)
            if let odd = names.first(where: { !documented.contains($0) }) {
                result.problems.append("\(reader.path): entry \(odd) is not a documented bundle file")
            }
            return
        }
        // The zip is `<uid>.zip`; without config.json the folder's one zip stands in.
        let zips = reader.files.filter { $0.hasSuffix(".zip") && !$0.contains("/") }
        let zipName = uid.map { $0 + ".zip" } ?? (zips.count == 1 ? zips[0] : "<uid>.zip")
        // capture-sim's truth (true poses, room.json, floorplan.svg) sits in truth/, beside the SDK's files.
        let dataFiles = reader.files.filter { $0 != zipName && !$0.hasPrefix("truth/") }
        if let odd = dataFiles.first(where: { !documented.contains($0) }) {
            result.problems.append("\(odd): not a documented bundle file")
        }
        guard reader.has(zipName) else { result.problems.append("\(zipName): missing"); return }
        let order = depthFileVersion(reader.path + "/allDepthFrames.bin") == 1 ? versionOneZipOrder : cubiCaptureFiles
        let expected = order.filter { dataFiles.contains($0) }
        if let problem = BundleZipValidation.problem(zip: reader.path + "/" + zipName, folder: reader.path, files: expected) {
            result.problems.append(problem)
        }
    }

    /// The version field of a depth file's header (bytes 8-11), nil when there is none to read.
    private static func depthFileVersion(_ path: String) -> UInt32? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 12), header.count == 12 else { return nil }
        return header.suffix(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    // MARK: Raw RGBD package

    private static func inspectRaw(_ reader: BundleReader, into result: inout BundleInspection) {
        for file in ["manifest.json", "raw/intrinsics.json", "raw/poses.csv"] where !reader.has(file) {
            result.problems.append("\(file): missing")
        }
        var intrinsics: CameraIntrinsics?
        if reader.has("raw/intrinsics.json") {
            do {
                let k = try reader.rawIntrinsics()
                if k.width <= 0 || k.height <= 0 || ![k.fx, k.fy, k.cx, k.cy].allSatisfy({ $0.isFinite }) || k.fx <= 0 || k.fy <= 0 {
                    result.problems.append("raw/intrinsics.json: width, height, fx, fy must be positive and finite")
                } else { intrinsics = k }
            } catch { result.problems.append(error.description) }
        }
        var poses: [RawPose] = []
        if reader.has("raw/poses.csv") {
            do { poses = try reader.poses() } catch { result.problems.append(error.description) }
            if poses.map(\.frame) != Array(0..<poses.count) {
                result.problems.append("raw/poses.csv: frame numbers are not 0..<\(poses.count) in order")
            }
        }
        if reader.has("raw/poses_true.csv") {
            do {
                let truth = try RawPose.parseCSV(bytes: try reader.bytes("raw/poses_true.csv"), file: "raw/poses_true.csv")
                if truth.map(\.frame) != poses.map(\.frame) || truth.map(\.time) != poses.map(\.time) {
                    result.problems.append("raw/poses_true.csv: its frames and times are not raw/poses.csv's")
                }
            } catch { result.problems.append(error.description) }
        }
        result.frames = poses.count
        result.recordedFrames = poses.count
        let depthNames = reader.files.filter { $0.hasPrefix("raw/depth/") }
        let confidenceNames = reader.files.filter { $0.hasPrefix("raw/confidence/") }
        let expectedNames = (0..<poses.count).map(RawRGBDStorage.frameFileName)
        if depthNames != expectedNames.map({ "raw/depth/" + $0 }) {
            result.problems.append("raw/depth: \(depthNames.count) files, expected \(expectedNames.first.map { "\($0) ..." } ?? "none") for the \(poses.count) poses")
        }
        if confidenceNames != expectedNames.map({ "raw/confidence/" + $0 }) {
            result.problems.append("raw/confidence: \(confidenceNames.count) files, expected one per pose (\(poses.count))")
        }
        result.depthFrames = depthNames.count
        var returns = 0, pixels = 0
        for name in depthNames {
            do {
                let image = try reader.png(name)
                if image.bitDepth != 16 { result.problems.append("\(name): \(image.bitDepth)-bit, expected 16-bit millimetres") }
                if let k = intrinsics, image.width != k.width || image.height != k.height {
                    result.problems.append("\(name): \(image.width)x\(image.height), raw/intrinsics.json says \(k.width)x\(k.height)")
                }
                result.depthWidth = image.width
                result.depthHeight = image.height
                returns += image.samples.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
                pixels += image.samples.count
            } catch { result.problems.append(error.description) }
        }
        for name in confidenceNames {
            do {
                let image = try reader.png(name)
                if image.bitDepth != 8 { result.problems.append("\(name): \(image.bitDepth)-bit, expected 8-bit") }
                if let bad = image.samples.firstIndex(where: { $0 > 2 }) {
                    result.problems.append("\(name): pixel \(bad) has confidence \(image.samples[bad]), expected 0, 1 or 2")
                }
            } catch { result.problems.append(error.description) }
        }
        if pixels > 0 { result.depthCoverage = Double(returns) / Double(pixels) }
        checkJPEGs(reader, poses: poses.count, into: &result)
        if reader.has("manifest.json") {
            do {
                let m = try JSONCursor.parse(try reader.bytes("manifest.json"), file: "manifest.json")
                let frames = try m["frames"].get().int()
                if frames != poses.count { result.problems.append("manifest.json: frames is \(frames) but raw/poses.csv has \(poses.count) rows") }
                let r = try m["recording"].get()
                if let s = try r["start"].get().optionalDouble(), let e = try r["end"].get().optionalDouble() { result.durationSeconds = e - s }
            } catch { result.problems.append(error.description) }
        }
        if reader.has("mesh.obj") {
            do {
                if let problem = objProblem(try reader.bytes("mesh.obj")) {
                    result.problems.append("mesh.obj: " + problem)
                }
            } catch { result.problems.append(error.description) }
        }
    }

    /// The longest OBJ line accepted, bytes (this project writes lines of well under 100).
    static let maximumOBJLineBytes = 4096

    /// Checks an OBJ as written: `v` lines of three finite numbers, `f` lines of three 1-based indices in
    /// range. Reads the lines twice (syntax and vertex count, then face indices) and keeps none of them.
    static func objProblem(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            var vertices = 0
            func parts(_ line: ByteLines.Line) -> [Substring] {
                String(decoding: buffer[line.start..<line.end], as: UTF8.self)[...].split(separator: " ")
            }
            for line in ByteLines(buffer) {
                guard line.untrimmedLength <= maximumOBJLineBytes else {
                    return "line \(line.number): longer than \(maximumOBJLineBytes) bytes"
                }
                let parts = parts(line)
                guard let kind = parts.first else { continue }
                if kind == "v" {
                    guard parts.count == 4, parts.dropFirst().allSatisfy({ Double($0)?.isFinite == true }) else {
                        return "line \(line.number): a vertex needs three finite numbers"
                    }
                    vertices += 1
                } else if kind == "f" {
                    guard parts.count == 4, parts.dropFirst().allSatisfy({ Int($0) != nil }) else {
                        return "line \(line.number): a face needs three indices"
                    }
                }
            }
            for line in ByteLines(buffer) {
                let parts = parts(line)
                guard parts.first == "f" else { continue }
                if parts.dropFirst().contains(where: { Int($0).map { $0 < 1 || $0 > vertices } ?? true }) {
                    return "line \(line.number): face index out of 1...\(vertices)"
                }
            }
            return nil
        }
    }
}
