import SyntheticSensor

/// The camera options shared by `run` and `bench bundle`: `--no-images` (no `video.mp4`, no
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

    /// The options this parses.
    static let options: [OptionSpec] = [
        .flag("no-images", "no camera images: no video.mp4, no raw/rgb/*.jpg (faster)"),
        .option("video-size", "WxH", "camera image size, 4:3 up to 1920x1440 (default: the scene's camera\nblock, 640x480)"),
        .option("video-fps", "N", "camera frame rate, dividing the scene's (default: the scene's, 30)"),
    ]
    /// The names of the options with a value.
    static let optionNames = ["video-size", "video-fps"]

    init() {}

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        images = !parsed.flag("no-images")
        givenFlags = Self.optionNames.filter { parsed.value($0) != nil } + (images ? [] : ["no-images"])
        if let text = parsed.value("video-size") {
            let parts = text.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2 else { throw UsageError("--video-size expects WIDTHxHEIGHT, e.g. 1920x1440, got '\(text)'") }
            size = (parts[0], parts[1])
        }
        if let text = parsed.value("video-fps") {
            guard let fps = Double(text), fps > 0 else { throw UsageError("--video-fps expects a positive number, got '\(text)'") }
            frameRateHz = fps
        }
        if !images, !givenFlags.filter({ $0 != "no-images" }).isEmpty {
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
