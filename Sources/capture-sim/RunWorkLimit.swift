import SyntheticSensor

/// The one limit on a run's work that `run --out` and `generate --images` check before rendering: the
/// depth work's share of ``SceneLimits/maximumDepthWork`` plus the camera images' share of
/// ``ImageWorkEstimate/maximumUnits``, at most 1.
enum RunWorkLimit {
    /// Refuses, before any work, a run whose depth and camera images together would take more than the
    /// limits allow (each share of its limit, summed, at most 1; docs/scene-format.md, "Limits"), with
    /// `remedy` after the reasons.
    static func check(_ capture: SyntheticCapture, scenePath: String, remedy: String) throws(CommandFailure) {
        let images = ImageWorkEstimate(capture: capture)
        let depthShare = SceneLimits.depthWork(of: capture.scene, durationSeconds: capture.duration, everyNthFrame: capture.options.depthEveryNthFrame)
            / SceneLimits.maximumDepthWork
        guard depthShare + images.share > 1 else { return }
        let camera = capture.camera
        throw CommandFailure("\(scenePath): \(Counted.text(images.images, "camera image")) of \(camera.width)x\(camera.height)"
                             + (images.mirrorPixels > 0 ? " with up to \(Int((images.mirrorPixels / 1e6).rounded()))M mirror pixels" : "")
                             + " are \(Int((images.share * 100).rounded())) % of a run's image work and its depth \(Int((depthShare * 100).rounded())) %, "
                             + "more than the limit together (ImageWorkEstimate, docs/scene-format.md, \"Limits\"): "
                             + remedy,
                             exitCode: .usage)
    }
}
