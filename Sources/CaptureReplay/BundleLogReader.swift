import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport

/// Reads this project's CubiCapture bundle (`docs/bundle-format.md`): the frames (with their feature
/// depths) and inputs of `arkitData.json` merged by `seq`, the session's options, device, thresholds and
/// landscape gating, and the depth maps of `allDepthFrames.bin`.
enum BundleLogReader {
    static let arkitDataName = "arkitData.json"
    static let depthFramesName = "allDepthFrames.bin"
    static let videoName = "video.mp4"

    /// Reads the bundle that `bundle` opened (a folder or its zip: ``CaptureBundle/BundleReader`` is the one
    /// reader of both).
    static func read(_ bundle: BundleReader, options: ReplayOptions) throws(InputError) -> ReplayLog {
        let file = (bundle.path as NSString).appendingPathComponent(arkitDataName)
        guard bundle.has(arkitDataName) else {
            throw InputError(file: bundle.path, reason: "no \(arkitDataName) in this bundle")
        }
        // The file's bytes as an array only, released once parsed.
        let bytes: [UInt8]
        do throws(InputError) { bytes = try bundle.bytes(arkitDataName) } catch { throw replayError(error, in: bundle) }
        // CaptureBundle's parser reads every number bit for bit, so times and poses are the session's; the
        // frames and inputs are read by the same functions as `inspect`'s (`ArkitData`).
        let configuration: SessionConfiguration
        let frames: [ArkitFrame]
        let logged: [ArkitInput]
        var depthFrames: DepthFramesFile?
        var deriveFrameRate = false
        do throws(InputError) {
            let root = try ArkitData.root(json: bytes, file: file)
            var configured = try ArkitData.sessionConfiguration(root)
            // A bundle that does not record the video's rate (a phone's): its video.mp4 over the seconds recorded.
            if root.optional("videoBytesPerSecond") == nil, let size = bundle.size(of: videoName),
               let seconds = try root.optional("recording")?.optional("seconds")?.double(), seconds > 0 {
                configured.videoBytesPerSecond = Double(size) / seconds
            }
            frames = try root["frames"].get().array().map(ArkitData.frame)
            // Nor its frame rate and depth cadence: the frames' median interval (below), the frames per
            // depth record.
            deriveFrameRate = root.optional("frameRateHz") == nil
            let withDepth = frames.count { $0.depthIndex != nil }
            if root.optional("depthEveryNthFrame") == nil, withDepth > 0 {
                configured.depthEveryNthFrame = max(1, min(10_000, Int((Double(frames.count) / Double(withDepth)).rounded())))
            }
            configuration = configured
            logged = try (root.optional("inputs")?.array() ?? []).map(ArkitData.input)
            if bundle.has(depthFramesName) { depthFrames = try bundle.depthFrames() }
        } catch {
            throw replayError(error, in: bundle)
        }
        guard !frames.isEmpty else {
            throw InputError(file: file, reason: "frames: no camera frames (an empty log); nothing to replay")
        }

        // Frames and inputs, merged by seq.
        var diagnostics: [ReplayDiagnostic] = []
        var entries: [(seq: Int, path: String, input: SessionInput, depthIndex: Int32)] = []
        entries.reserveCapacity(frames.count + logged.count)
        for (i, f) in frames.enumerated() {
            let path = "frames[\(i)]"
            if !f.matrix.isFinite {
                diagnostics.append(ReplayDiagnostic(kind: .nonFinitePose, file: file, time: f.time,
                                                    message: "\(path).transform has a non-finite value; passed to the session as is"))
            }
            var depthIndex: Int32 = -1
            if let index = f.depthIndex {
                guard let depthFrames else {
                    throw InputError(file: file, reason: "\(path).depthIndex: \(index) but the bundle has no \(depthFramesName)")
                }
                guard index >= 0, index < depthFrames.frameCount else {
                    throw InputError(file: file, reason: "\(path).depthIndex: \(index) is outside 0..<\(depthFrames.frameCount), the frames in \(depthFramesName)")
                }
                depthIndex = Int32(index)
            }
            let frame = CameraFrame(transform: f.transform, intrinsics: f.intrinsics, tracking: f.tracking,
                                    featureDepths: f.featureDepths)
            entries.append((f.seq, path, SessionInput(time: f.time, .frame(frame)), depthIndex))
        }
        for (i, input) in logged.enumerated() {
            entries.append((input.seq, "inputs[\(i)]", SessionInput(time: input.time, input.kind), -1))
        }
        entries.sort { $0.seq < $1.seq }
        for i in entries.indices.dropFirst() where entries[i].seq == entries[i - 1].seq {
            throw InputError(file: file, reason: "\(entries[i].path).seq: \(entries[i].seq) is also the seq of \(entries[i - 1].path)")
        }

        // Time order, gaps and the window.
        var inputs: [SessionInput] = []
        var depthIndices: [Int32] = []
        var previous: Double?
        var previousFrame: Double?
        var recordingBeforeWindow = false
        for entry in entries {
            let time = entry.input.time
            guard time.isFinite else {
                diagnostics.append(ReplayDiagnostic(kind: .nonFiniteTime, file: file,
                                                    message: "\(entry.path).time is not a finite number; skipped"))
                continue
            }
            if let previous, time < previous {
                diagnostics.append(ReplayDiagnostic(
                    kind: .backwardsTime, file: file, time: time,
                    message: "\(entry.path).time \(NumberFormatting.fixed(time, decimals: 6)) s is before the previous input's \(NumberFormatting.fixed(previous, decimals: 6)) s; skipped"))
                continue
            }
            previous = time
            if case .frame = entry.input.kind {
                if let previousFrame, time - previousFrame > options.gapThresholdSeconds {
                    diagnostics.append(ReplayDiagnostic(
                        kind: .gap, file: file, time: time,
                        message: "gap of \(NumberFormatting.fixed(time - previousFrame, decimals: 3)) s before \(entry.path) (more than \(NumberFormatting.compact(options.gapThresholdSeconds)) s)"))
                }
                previousFrame = time
            }
            if let from = options.from, time < from {
                if case .user(let action) = entry.input.kind {
                    if action == .recordPressed { recordingBeforeWindow = true }
                    if action == .stopConfirmed { recordingBeforeWindow = false }
                }
                continue
            }
            guard options.contains(time) else { continue }
            inputs.append(entry.input)
            depthIndices.append(entry.depthIndex)
        }
        var configured = configuration
        if deriveFrameRate, let rate = ReplayReader.medianFrameRate(inputs) { configured.frameRateHz = rate }
        if recordingBeforeWindow, let first = inputs.first {
            configured.landscapeGating = false
            inputs.insert(SessionInput(time: first.time, .user(.recordPressed)), at: 0)
            depthIndices.insert(-1, at: 0)
            diagnostics.append(ReplayDiagnostic(
                kind: .windowStartsMidRecording, file: file, time: first.time,
                message: "the window starts after recording started; recording restarts at \(NumberFormatting.fixed(first.time, decimals: 3)) s without landscape gating"))
        }
        return ReplayLog(file: bundle.path, format: .bundle, configuration: configured,
                         inputs: ReplayInputs(inputs: inputs, depthIndices: depthIndices, depthFrames: depthFrames),
                         diagnostics: diagnostics)
    }

    /// A bundle reader's error as replay's: the file named by its path (inside the bundle's folder or zip).
    static func replayError(_ error: InputError, in bundle: BundleReader) -> InputError {
        let reason = error.location.isEmpty ? error.reason : "\(error.location): \(error.reason)"
        if error.file.hasPrefix(bundle.path) { return InputError(file: error.file, reason: reason) }
        // A file the zip could not give is named inside the reason, the zip being the file at fault.
        if bundle.zip != nil { return InputError(file: bundle.path, reason: "\(error.file): \(reason)") }
        return InputError(file: (bundle.path as NSString).appendingPathComponent(error.file), reason: reason)
    }
}
