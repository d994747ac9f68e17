import CaptureEngine

/// Builds input streams for session tests. Frames come at 64 Hz so that every frame time is exact in
/// binary floating point and hold times land on frames exactly.
struct ScriptedInputs {
    static let frameInterval = 1.0 / 64
    private(set) var inputs: [SessionInput] = []
    /// Time of the next frame.
    private(set) var time = 0.0

    /// The landscape-right pose at eye height looking along -Z, slightly down (no warnings).
    static func pose(x: Double = 0, z: Double = 0, heading: Double = 0, pitch: Double = -20,
                     roll: Double = 0) -> RigidTransform {
        CameraPose.make(position: SIMD3(x, 1.4, z), headingDegrees: heading, pitchDegrees: pitch, rollDegrees: roll)
    }

    /// Frames for `seconds`, the pose given as a function of the time since the first of them.
    mutating func frames(_ seconds: Double, tracking: TrackingState = .normal, depth: DepthMap? = nil,
                         pose: (Double) -> RigidTransform) {
        let start = time
        let count = Int((seconds / Self.frameInterval).rounded())
        for _ in 0..<count {
            inputs.append(SessionInput(time: time, .frame(CameraFrame(transform: pose(time - start),
                                                                     tracking: tracking, depth: depth))))
            time += Self.frameInterval
        }
    }

    /// Frames holding one pose, with a micro-degree tremor of the heading on every other frame so the
    /// transform is never frozen (positions stay exact).
    mutating func hold(_ seconds: Double, _ pose: RigidTransform = pose(), tracking: TrackingState = .normal,
                       depth: DepthMap? = nil) {
        var odd = false
        frames(seconds, tracking: tracking, depth: depth) { _ in
            odd.toggle()
            let tremor = Quaternion(angle: odd ? 1e-8 : 0, axis: SIMD3(0, 1, 0))
            return RigidTransform(rotation: tremor * pose.rotation, translation: pose.translation)
        }
    }

    /// Frames with exactly the same transform (ARKit's frozen-camera bug).
    mutating func frozen(_ seconds: Double, _ pose: RigidTransform = pose()) {
        frames(seconds) { _ in pose }
    }

    /// Frames walking at a velocity (m/s) from `from`, camera heading fixed.
    mutating func walk(_ seconds: Double, from start: SIMD3<Double> = SIMD3(0, 1.4, 0), velocity: SIMD3<Double>,
                       heading: Double = 0, pitch: Double = -20) {
        frames(seconds) { dt in
            CameraPose.make(position: start + velocity * dt, headingDegrees: heading, pitchDegrees: pitch)
        }
    }

    /// One frame at the current time.
    mutating func frame(_ frame: CameraFrame) {
        inputs.append(SessionInput(time: time, .frame(frame)))
        time += Self.frameInterval
    }

    /// A user action at the current time (before the next frame).
    mutating func user(_ action: UserAction) {
        inputs.append(SessionInput(time: time, .user(action)))
    }

    /// A system sample at the current time.
    mutating func system(_ sample: SystemSample) {
        inputs.append(SessionInput(time: time, .system(sample)))
    }

    /// Moves the clock without frames (background, gaps).
    mutating func skip(_ seconds: Double) { time += seconds }

    /// Portrait for a moment, then landscape-right, then record pressed: recording from the returned time.
    @discardableResult
    mutating func startRecording() -> Double {
        hold(0.25, Self.pose(roll: -90))
        hold(0.25)
        user(.recordPressed)
        return time
    }

    /// Record pressed again and stop confirmed.
    mutating func stop() {
        user(.recordPressed)
        user(.stopConfirmed)
    }
}

/// An event reduced to what tests compare: time and code.
struct Stamp: Equatable, CustomStringConvertible {
    var time: Double
    var code: Int
    init(_ time: Double, _ code: Int) {
        self.time = time
        self.code = code
    }
    var description: String { "\(code)@\(time)" }
}

/// Storage that fails where told, for fault-injection tests.
struct FaultyStorage: ScanStorage {
    var failOpen: ScanFile?
    var failWrite: ScanFile?
    var invalidZips = 0
    /// The re-zip (after 53) cannot be written.
    var failRezipWrite = false
    var removed = false
    var appended = 0

    mutating func observe(_ input: SessionInput, recorded: Bool) {}
    mutating func beginRecording(at time: Double) throws(ScanStorageError) {
        if let f = failOpen, f != .zip { throw ScanStorageError(file: f, opening: true, reason: "injected") }
    }
    mutating func appendFrame(_ frame: CameraFrame, at time: Double) throws(ScanStorageError) {
        appended += 1
        if failWrite == .depthFrames { throw ScanStorageError(file: .depthFrames, opening: false, reason: "injected") }
    }
    mutating func writeScanFiles(_ record: SessionRecord, configuration: SessionConfiguration,
                                 log: ScanLogProjection) throws(ScanStorageError) {
        if let f = failWrite, f != .depthFrames, f != .zip { throw ScanStorageError(file: f, opening: false, reason: "injected") }
    }
    mutating func zip(rezip: Bool) throws(ScanStorageError) -> ZipResult {
        if failOpen == .zip { throw ScanStorageError(file: .zip, opening: true, reason: "injected") }
        if failWrite == .zip || (rezip && failRezipWrite) { throw ScanStorageError(file: .zip, opening: false, reason: "injected") }
        if invalidZips > 0 {
            invalidZips -= 1
            return .invalid
        }
        return .valid(path: "out/scan.zip")
    }
    mutating func removeScanFiles() { removed = true }
}

/// Runs inputs through a driver with the given storage.
func run<S: ScanStorage>(_ script: ScriptedInputs, configuration: SessionConfiguration = SessionConfiguration(),
                         storage: S) throws -> (events: [Event], driver: SessionDriver<S>) {
    var driver = SessionDriver(session: CaptureSession(configuration: configuration), storage: storage)
    var events: [Event] = []
    for input in script.inputs { events += try driver.feed(input) }
    return (events, driver)
}

/// Runs inputs with storage that always succeeds; returns (time, code) of every event.
func stamps(_ script: ScriptedInputs, configuration: SessionConfiguration = SessionConfiguration()) throws -> [Stamp] {
    try run(script, configuration: configuration, storage: NullScanStorage(zipPath: "out/scan.zip")).events
        .map { Stamp($0.time, $0.code) }
}

/// A depth map filled with one depth (0 = no return).
func uniformDepth(_ meters: Float, width: Int = 16, height: Int = 12) -> DepthMap {
    DepthMap(width: width, height: height, depth: Array(repeating: meters, count: width * height),
             confidence: Array(repeating: 2, count: width * height))
}
