import SyntheticSensor

/// The camera options shared by `run`, `bench bundle` and `generate` (with `--images`): `--no-images` (no `video.mp4`, no
/// `rgb/*.jpg`), `--video-size WxH` and `--video-fps N` (in place of the scene's `camera` block).
struct CameraOptions {
    /// Render and write the camera images (default true; `--no-images` turns them off).
    var images = true
    /// `--video-size`: width and height, pixels.
    var size: (width: Int, height: Int)?
    /// `--video-fps`: frames per second.
    var frameRateHz: Double?
    /// The options given on the command line, without their dashes.
    var givenFlags: [String] = []

    static let noImages = Flag.flag("no-images", "no camera images: no video.mp4, no raw/rgb/*.jpg (faster)")
    static let videoSize = Option.option("video-size", "WxH", "camera image size, 4:3 up to 1920x1440 (default: the scene's camera\nblock, 640x480)") { (text) throws(UsageError) in
        let parts = text.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw UsageError("--video-size expects WIDTHxHEIGHT, e.g. 1920x1440, got '\(text)'") }
        return (width: parts[0], height: parts[1])
    }
    static let videoFPS = Option.option("video-fps", "N", "camera frame rate, dividing the scene's (default: the scene's, 30)") { (text) throws(UsageError) in
        guard let fps = Double(text), fps > 0 else { throw UsageError("--video-fps expects a positive number, got '\(text)'") }
        return fps
    }
    /// The options this parses.
    static let options: [OptionSpec] = [noImages.spec, videoSize.spec, videoFPS.spec]
    /// The size and rate options as `generate` shows them, beside its `--images` (the same parsing).
    static let imagesOptions: [OptionSpec] = [
        .option(videoSize.spec.name, videoSize.spec.value ?? "", "with --images: camera image size, 4:3 up to 1920x1440 (default 640x480)"),
        .option(videoFPS.spec.name, videoFPS.spec.value ?? "", "with --images: camera frame rate, dividing the scenes' 60 (default 30)"),
    ]

    init() {}

    /// `--images` in place of `--no-images` (`generate`): the size and rate options, then whether images
    /// are on from `images`.
    init(_ parsed: CommandLineArguments, images imagesFlag: Flag? = nil) throws(UsageError) {
        if let imagesFlag { images = try parsed[imagesFlag] } else { images = !(try parsed[Self.noImages]) }
        for spec in [Self.videoSize.spec, Self.videoFPS.spec] where try parsed.isGiven(spec) { givenFlags.append(spec.name) }
        if imagesFlag == nil, !images { givenFlags.append("no-images") }
        size = try parsed[Self.videoSize]
        frameRateHz = try parsed[Self.videoFPS]
        if imagesFlag == nil, !images, !givenFlags.filter({ $0 != "no-images" }).isEmpty {
            throw UsageError("--no-images cannot be combined with --video-size or --video-fps")
        }
    }

    /// The scene's camera settings with the command line's size and frame rate; a usage error when they
    /// do not fit the scene (4:3, at most 1920x1440 and 60 fps, a divisor of the scene's frame rate).
    func camera(for scene: Scene) throws(UsageError) -> CameraSettings {
        var camera = scene.camera
        if let size { camera.width = size.width; camera.height = size.height }
        if let frameRateHz { camera.frameRateHz = frameRateHz }
        if let problem = CameraSettings.problem(width: camera.width, height: camera.height, frameRateHz: camera.frameRateHz,
                                                sceneFrameRateHz: scene.depth.frameRateHz) {
            throw UsageError("--video-size/--video-fps: \(problem)")
        }
        return camera
    }
}
