/// How a ``SyntheticCapture`` renders, independent of the scene.
public struct CaptureOptions: Sendable, Equatable {
    /// Overrides the scene's `depth.everyNthFrame` (nil: use the scene's).
    public var depthEveryNthFrame: Int?
    /// Row bands the depth renderer splits each frame into, run concurrently (default 2; output is
    /// identical for any value).
    public var renderBands: Int
    /// SIMDe (C kernels) or scalar rendering; identical output. The default is ``defaultRenderPath``.
    public var renderPath: RenderPath
    /// Sparse feature rays per frame on devices without LiDAR (default 48).
    public var featureRays: Int
    /// Render the RGB camera's image on recorded frames at its frame rate (default false: the event
    /// stream alone needs no images; `run --out` turns it on for `video.mp4` and `rgb/*.jpg`).
    public var colorImages: Bool
    /// The RGB camera's settings in place of the scene's `camera` block (nil: the scene's).
    public var camera: CameraSettings?
    /// Row bands the colour renderer splits each image into, run concurrently (default 2; same output).
    public var colorBands: Int
    /// Render the next depth frame that renders a new map on a worker thread while this one is finished
    /// and handed on, so two frames render at a time, and the next colour image on another, from the
    /// exposure the last one left, while the depth frames in between render (``RenderAhead``; default
    /// false; same output).
    /// Frames do not meet in the middle as row bands do, so with it one band each is the fastest
    /// (docs/benchmarks.md). For a capture iterated on its own thread (`run`, `report`, `bench bundle`), not
    /// for many iterated inside `concurrentPerform` (`check`, `sweep`): their workers would wait for
    /// renders queued behind them.
    public var rendersAhead: Bool
    /// The truth the depth maps carry beside the phone's depth (``DepthTruth``): clean depth, labels,
    /// both or none (default none: the maps and every file as without the option).
    public var truth: Set<TruthOutput> = []

    /// SIMDe in optimised builds (C raster and shade passes, see docs/benchmarks.md); scalar in debug
    /// builds, the reference (both paths give identical maps).
    public static var defaultRenderPath: RenderPath {
        #if DEBUG
        return .scalar
        #else
        return .simde
        #endif
    }

    public init(depthEveryNthFrame: Int? = nil, renderBands: Int = 2, renderPath: RenderPath = CaptureOptions.defaultRenderPath, featureRays: Int = 48,
                colorImages: Bool = false, camera: CameraSettings? = nil, colorBands: Int = 2, rendersAhead: Bool = false) {
        self.rendersAhead = rendersAhead
        self.colorImages = colorImages
        self.camera = camera
        self.colorBands = colorBands
        self.depthEveryNthFrame = depthEveryNthFrame
        self.renderBands = renderBands
        self.renderPath = renderPath
        self.featureRays = featureRays
    }
}
