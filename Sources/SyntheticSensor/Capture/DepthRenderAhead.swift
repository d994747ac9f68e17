import CaptureEngine
import Foundation

/// One depth frame rendered ahead on a worker thread (``CaptureOptions/rendersAhead``): the iterator starts
/// it for the index and pose of the next depth frame that will render a new map, and takes its map when
/// that frame comes. Rendering is a pure function of the pose, the seeds and the frame index, so a map
/// rendered ahead is the one the frame would render itself.
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
