import BundleIO
import CaptureEngine

/// The `inputs` and `frames` arrays of `arkitData.json`, built as the session receives its inputs.
///
/// Entries seen before recording starts are kept in memory (there are few); from ``open(in:)`` on each
/// entry goes straight to a fragment file in the bundle's folder, so memory stays flat however long the
/// scan. ``finish()`` closes the fragments for ``CubiCaptureStorage`` to splice into `arkitData.json`.
final class InputLog {
    /// Whether frames with depth get a `depthIndex` (LiDAR devices).
    let recordsDepth: Bool
    private(set) var nextSeq = 0
    private(set) var depthFramesIndexed = 0
    /// Recorded frames with a camera image so far (the next one's index in `video.mp4`).
    private(set) var videoFramesIndexed = 0
    private var bufferedInputs: [String] = []
    private var bufferedFrames: [String] = []
    private var inputs: OutputFile?
    private var frames: OutputFile?
    private(set) var inputCount = 0
    private(set) var frameCount = 0
    private var closed = false
    /// Whether logging has stopped (``finish()`` or ``discard()``).
    var isClosed: Bool { closed }

    init(recordsDepth: Bool) { self.recordsDepth = recordsDepth }

    /// Adds one input (storage outcomes are not logged). Returns the depth index given to a recorded
    /// frame with depth.
    @discardableResult
    func add(_ input: SessionInput, recorded: Bool) throws(FileSystemError) -> Int? {
        guard !closed else { return nil }
        let seq = nextSeq
        switch input.kind {
        case .frame(let frame):
            nextSeq += 1
            var depthIndex: Int?
            if recorded, recordsDepth, frame.depth != nil {
                depthIndex = depthFramesIndexed
                depthFramesIndexed += 1
            }
            var videoIndex: Int?
            if recorded, frame.color != nil {
                videoIndex = videoFramesIndexed
                videoFramesIndexed += 1
            }
            let text = ArkitDataJSON.frame(seq: seq, time: input.time, frame: frame, recorded: recorded,
                                           depthIndex: depthIndex, videoIndex: videoIndex).serialized()
            try append(text, to: frames, buffer: &bufferedFrames, count: &frameCount)
            return depthIndex
        case .system(let sample):
            nextSeq += 1
            try append(ArkitDataJSON.system(seq: seq, time: input.time, sample: sample).serialized(),
                       to: inputs, buffer: &bufferedInputs, count: &inputCount)
        case .user(let action):
            nextSeq += 1
            try append(ArkitDataJSON.user(seq: seq, time: input.time, action: action).serialized(),
                       to: inputs, buffer: &bufferedInputs, count: &inputCount)
        case .storage:
            break
        }
        return nil
    }

    private func append(_ text: String, to file: OutputFile?, buffer: inout [String], count: inout Int) throws(FileSystemError) {
        if let file {
            try file.write((count > 0 ? ",\n" : "") + text)
        } else {
            buffer.append(text)
        }
        count += 1
    }

    /// Opens the two fragment files and writes what was buffered.
    func open(inputsPath: String, framesPath: String) throws(FileSystemError) {
        let i = try OutputFile(creating: inputsPath)
        let f = try OutputFile(creating: framesPath)
        try i.write(bufferedInputs.joined(separator: ",\n"))
        try f.write(bufferedFrames.joined(separator: ",\n"))
        bufferedInputs = []
        bufferedFrames = []
        inputs = i
        frames = f
    }

    /// Stops logging for good (the scan was removed): drops what is buffered, closes the fragments.
    func discard() {
        closed = true
        bufferedInputs = []
        bufferedFrames = []
        try? inputs?.close()
        try? frames?.close()
    }

    /// Stops logging and closes the fragments.
    func finish() throws(FileSystemError) {
        closed = true
        try inputs?.close()
        try frames?.close()
    }
}
