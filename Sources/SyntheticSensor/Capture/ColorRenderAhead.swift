import CaptureEngine
import Foundation

/// The next colour image rendered ahead on a worker thread (``CaptureOptions/rendersAhead``): when a frame
/// has its image, the iterator starts the image of the next frame that will have one, with the auto
/// exposure this image left (the only state one image hands the next), and takes it, with the exposure
/// it leaves in turn, when that frame comes. Meanwhile the capture's own thread renders the depth frames
/// in between, so the image and the depth maps render at the same time. Rendering is a pure function of
/// the poses, the exposure and the seed, so an image rendered ahead is the one the frame would render itself.
final class ColorRenderAhead: @unchecked Sendable {
    /// The frame index the image is for.
    let index: Int
    private let done = DispatchGroup()
    /// Written once on the worker before `done` is left; read only after waiting on `done`.
    private var result: (image: ColorImage, exposure: AutoExposure)?

    /// Starts `render` (given the exposure to start from, it returns the image and leaves the exposure
    /// the next image starts from) on a worker.
    init(index: Int, exposure: AutoExposure, render: @escaping @Sendable (inout AutoExposure) -> ColorImage) {
        self.index = index
        done.enter()
        DispatchQueue.global().async {
            var state = exposure
            let image = render(&state)
            self.result = (image, state)
            self.done.leave()
        }
    }

    /// The rendered image and the exposure it leaves, waiting for the worker when it has not finished.
    func wait() -> (image: ColorImage, exposure: AutoExposure) {
        done.wait()
        return result!
    }
}
