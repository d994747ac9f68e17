import Foundation

/// One frame's rendering started ahead on a worker thread (``CaptureOptions/rendersAhead``): the iterator
/// starts it for the index of a frame to come and takes its result when that frame comes. The next depth
/// frame that renders a new map renders ahead this way, and the next colour image (with the auto exposure
/// it leaves for the image after it). Rendering is a pure function of the poses, the seeds, the frame
/// index (and, for an image, the exposure it starts from), so a result rendered ahead is the one the frame
/// would render itself.
final class RenderAhead<Value: Sendable>: @unchecked Sendable {
    /// The frame index the result is for.
    let index: Int
    private let done = DispatchGroup()
    /// Written once on the worker before `done` is left; read only after waiting on `done`.
    private var value: Value?

    init(index: Int, render: @escaping @Sendable () -> Value) {
        self.index = index
        done.enter()
        DispatchQueue.global().async {
            self.value = render()
            self.done.leave()
        }
    }

    /// The result, waiting for the worker when it has not finished.
    func wait() -> Value {
        done.wait()
        return value!
    }
}
