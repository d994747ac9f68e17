import CaptureEngine

/// The depth map's behaviour over time on a phone: content renewed at `refreshHz` (frames between
/// renewals carry the last map unchanged) and, optionally, ARKit's `smoothedSceneDepth` as a running
/// per-pixel average (``LiDARSettings/refreshHz``, ``LiDARSettings/smoothed``). A value with its state,
/// advanced once per depth frame; deterministic.
struct DepthTemporalFilter {
    /// Depth frames per renewal (1: every frame renders a new map).
    let framesPerRefresh: Int
    /// The new map's weight in the running average, or nil without smoothing.
    let smoothingWeight: Float?
    /// Relative difference beyond which a pixel's average restarts.
    let restartJump: Float
    private var last: DepthMap?
    private var framesSinceRefresh = 0

    init(settings: LiDARSettings, depthFramesPerSecond: Double) {
        let refresh = settings.refreshHz ?? depthFramesPerSecond
        framesPerRefresh = max(1, Int((depthFramesPerSecond / refresh).rounded()))
        smoothingWeight = settings.smoothed ? settings.smoothingWeight : nil
        restartJump = settings.edgeRelativeJump
    }

    /// Which of the depth frames after the next one renders the following new map: 1 for the one right
    /// after it, k for the k-th (what rendering ahead starts on, ``RenderAhead``).
    var renewalAfterNext: Int {
        let sinceRefreshAfterNext = last == nil || framesSinceRefresh + 1 >= framesPerRefresh ? 0 : framesSinceRefresh + 1
        return max(1, framesPerRefresh - sinceRefreshAfterNext)
    }

    /// The map of the next depth frame: `render()`'s on a renewal (blended into the average when
    /// smoothing), else the last map again (without rendering).
    mutating func next(render: () -> DepthMap) -> DepthMap {
        if let last, framesSinceRefresh + 1 < framesPerRefresh {
            framesSinceRefresh += 1
            return last
        }
        framesSinceRefresh = 0
        var map = render()
        if let weight = smoothingWeight, let previous = last, previous.depth.count == map.depth.count {
            for i in map.depth.indices {
                let d = map.depth[i], s = previous.depth[i]
                guard d > 0, s > 0, abs(d - s) <= restartJump * s else { continue }
                map.depth[i] = DepthKernels.roundedToHalf(s + weight * (d - s))
            }
        }
        last = map
        return map
    }
}
