import CaptureEngine
import Foundation

/// One depth frame rendered ahead on a worker thread (``CaptureOptions/rendersAhead``): the iterator starts
/// it for the next depth frame's index and pose, and takes its map when that frame comes, or drops it when
/// the frame never needs one (a dropped frame, or a depth refresh that skips it). Rendering is a pure
/// function of the pose, the seeds and the frame index, so a map rendered ahead is the one the frame would
/// render itself.
final class DepthRenderAhead: @unchecked Sendable {
    /// The frame index the map is for.
    let index: Int
    private let done = DispatchGroup()
    /// Written once on the worker before `done` is left; read only after waiting on `done`.
    private var map: DepthMap?

    init(index: Int, render: @escaping @Sendable () -> DepthMap) {
        self.index = index
        done.enter()
        DispatchQueue.global().async {
            self.map = render()
            self.done.leave()
        }
    }

    /// The rendered map, waiting for the worker when it has not finished.
    func wait() -> DepthMap {
        done.wait()
        return map!
    }
}
