import CaptureBundle
import CaptureEngine
import JSONSupport

/// A log's inputs in time order, as the session receives them.
///
/// Depth maps of a bundle are decoded from `allDepthFrames.bin` only when an input is read, so an
/// hour-long bundle does not hold every depth frame in memory at once.
public struct ReplayInputs: RandomAccessCollection, Sendable {
    /// The inputs, frames without their depth maps.
    private var inputs: [SessionInput]
    /// For each input, the index of its frame's depth map in `depthFrames`, or -1.
    private var depthIndices: [Int32]
    /// The bundle's depth frames, if any.
    private var depthFrames: DepthFramesFile?

    init(inputs: [SessionInput], depthIndices: [Int32] = [], depthFrames: DepthFramesFile? = nil) {
        self.inputs = inputs
        self.depthIndices = depthIndices
        self.depthFrames = depthFrames
    }

    /// The inputs without reading any depth map (frames' poses, system samples, actions).
    var withoutDepth: [SessionInput] { inputs }

    public var startIndex: Int { 0 }
    public var endIndex: Int { inputs.count }

    /// The input at `position`, with its depth map attached when it has one. A depth record that cannot
    /// be read now (the file changed during the replay) leaves the frame without its map; ``input(at:)``
    /// says why.
    public subscript(position: Int) -> SessionInput {
        (try? input(at: position)) ?? inputs[position]
    }

    /// The input at `position`, with its depth map attached when it has one. The bundle's depth file
    /// was checked whole when the log was read (header, length, and in a zip the entry's CRC-32); a
    /// record that cannot be read now (the file changed during the replay) is an error naming it.
    public func input(at position: Int) throws(InputError) -> SessionInput {
        let input = inputs[position]
        guard let depthFrames, position < depthIndices.count, depthIndices[position] >= 0,
              case .frame(var frame) = input.kind else { return input }
        do { frame.depth = try depthFrames.frame(Int(depthIndices[position])).depth }
        catch { throw InputError(file: "allDepthFrames.bin", reason: "depth frame \(depthIndices[position]) cannot be read during the replay (\(error.description))") }
        return SessionInput(time: input.time, .frame(frame))
    }

    /// The number of camera frames.
    public var frameCount: Int {
        inputs.reduce(0) { count, input in
            if case .frame = input.kind { return count + 1 }
            return count
        }
    }

    /// The number of frames that carry a depth map.
    public var depthFrameCount: Int { depthIndices.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) } }
}
