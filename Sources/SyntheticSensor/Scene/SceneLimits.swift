import JSONSupport

/// The bounds a scene file must stay within, so that no scene can make a run take unbounded time or
/// memory: checked when the scene is loaded, each violation reported with the file and JSON path.
/// Documented in docs/scene-format.md ("Limits").
///
/// They bound the work a scene implies, not only its bytes: every depth ray is tested against every
/// room surface (walls, floor and ceiling triangles) and against the objects' bounding spheres, so a
/// run's time is about frames x (walls + objects); rooms, walls and objects are capped, and so are the
/// frames (duration x rate). The largest scene within every limit runs in about a minute (docs/benchmarks.md).
public enum SceneLimits {
    /// The largest scene file read, bytes (4 MiB: a furnished apartment is about 10 KiB).
    public static let maximumFileBytes = 4 << 20
    /// The largest magnitude of any number in a scene (coordinates in metres, times in seconds,
    /// angles in degrees): 1,000,000.
    public static let maximumMagnitude = 1e6
    /// The camera frame rate's range, Hz (ARKit delivers 60; 240 leaves room for experiments).
    public static let frameRateHz: ClosedRange<Double> = 1...240
    /// The longest scene, seconds of simulated time from the first step to the end of the stream
    /// (4 hours; a room scan takes minutes).
    public static let maximumDurationSeconds = 4.0 * 3600
    /// The most camera frames a scene may have: its duration times `depth.frameRateHz` (36,000: 10
    /// minutes at 60 Hz, 20 at 30 Hz; a room scan takes a few minutes, and `bench bundle` builds its
    /// 10-minute scan without this loader).
    public static let maximumFrames = 36_000.0
    /// The most rooms (50: a large house has a few dozen).
    public static let maximumRooms = 50
    /// The most corners of one room's floor polygon (64: an L-shaped room has 6).
    public static let maximumFloorPoints = 64
    /// The most walls in all rooms together (one per floor corner): 200 (the apartment has 12).
    public static let maximumWalls = 200
    /// The most openings (doors and windows) in all rooms together: 200.
    public static let maximumOpenings = 200
    /// The most objects (500: the furnished apartment has 24).
    public static let maximumObjects = 500

    /// The most depth work a scene may imply: depth frames (frames / `depth.everyNthFrame`) times the
    /// things every ray is tested against (walls, objects and clutter items). 20,000,000 is about
    /// ten times the furnished apartment's and renders its depth in well under a minute; the largest
    /// scene within every other limit (36,000 frames of 500 objects and 5,000 clutter items) is 200
    /// million and is refused when it is loaded. Camera images add their own cost per image
    /// (docs/benchmarks.md).
    public static let maximumDepthWork = 20_000_000.0

    /// The depth work (see ``maximumDepthWork``) of a scene lasting `durationSeconds`, with a depth map
    /// every `everyNthFrame` frames (default the scene's).
    public static func depthWork(of scene: Scene, durationSeconds: Double, everyNthFrame: Int? = nil) -> Double {
        depthWork(frames: durationSeconds * scene.depth.frameRateHz, everyNthFrame: everyNthFrame ?? scene.depth.everyNthFrame,
                  things: scene.rooms.reduce(0) { $0 + $1.floor.count } + scene.objects.count
                      + Scene.clutterTotal(rooms: scene.rooms, objects: scene.objects))
    }

    static func depthWork(frames: Double, everyNthFrame: Int, things: Int) -> Double {
        (frames / Double(max(1, everyNthFrame))).rounded(.up) * Double(things)
    }

    /// Throws when the scene's depth work exceeds ``maximumDepthWork``.
    static func checkDepthWork(frames: Double, everyNthFrame: Int, walls: Int, objects: Int, clutter: Int, source: String) throws(InputError) {
        let depthFrames = (frames / Double(max(1, everyNthFrame))).rounded(.up)
        let work = depthWork(frames: frames, everyNthFrame: everyNthFrame, things: walls + objects + clutter)
        guard work <= maximumDepthWork else {
            throw InputError(file: source, location: "script",
                             reason: "\(MessageNumber.text(depthFrames)) depth frames x \(walls + objects + clutter) walls, objects and clutter items "
                                + "is \(MessageNumber.text(work)) units of depth work; a scene may have at most \(MessageNumber.text(maximumDepthWork)) "
                                + "(SceneLimits: shorten the script, raise depth.everyNthFrame or furnish less)")
        }
    }

    /// Throws when `count` things (`what`: "rooms", "objects") exceed `limit`, naming the key of `reader`.
    static func check(count: Int, of what: String, atMost limit: Int, at reader: JSONObjectReader, key: String,
                      scope: String = "a scene") throws(InputError) {
        guard count <= limit else {
            throw reader.error(key, "\(count) \(what); \(scope) may have at most \(limit) (SceneLimits: the work of a run grows with them)")
        }
    }

    /// Throws when the rooms together have more walls or openings than allowed.
    static func checkWalls(_ rooms: [Room], source: String) throws(InputError) {
        let walls = rooms.reduce(0) { $0 + $1.floor.count }
        guard walls <= maximumWalls else {
            throw InputError(file: source, location: "rooms", reason: "\(walls) walls in all (one per floor corner); a scene may have at most \(maximumWalls) (SceneLimits: the work of a run grows with them)")
        }
        let openings = rooms.reduce(0) { $0 + $1.openings.count }
        guard openings <= maximumOpenings else {
            throw InputError(file: source, location: "rooms", reason: "\(openings) doors and windows in all; a scene may have at most \(maximumOpenings) (SceneLimits)")
        }
    }

    /// Throws when the scene's duration times its frame rate exceeds ``maximumFrames``.
    static func checkFrames(durationSeconds: Double, frameRateHz: Double, source: String) throws(InputError) {
        let frames = durationSeconds * frameRateHz
        guard frames <= maximumFrames else {
            throw InputError(file: source, location: "script",
                             reason: "the scene lasts \(MessageNumber.text(durationSeconds)) s at \(MessageNumber.text(frameRateHz)) Hz, \(MessageNumber.text(frames.rounded(.up))) frames; a scene may have at most \(MessageNumber.text(maximumFrames)) frames (duration x depth.frameRateHz; SceneLimits)")
        }
    }
}
