import CaptureEngine
import Foundation
import JSONSupport

/// `arkitData.json` as read back (docs/bundle-format.md).
public struct ArkitData: Sendable {
    /// SDK version that wrote the bundle, e.g. "2.10.0".
    public var sdkVersion: String
    /// Format version of the file.
    public var dataVersion: String
    /// "iOS".
    public var platform: String
    /// Device model and whether it has LiDAR.
    public var device: DeviceCapabilities
    /// Property type given before scanning.
    public var propertyType: String
    /// Names of the enabled scanning options.
    public var scanningFeatures: [String]
    /// Whether recording started only in landscape-right (`SessionConfiguration.landscapeGating`);
    /// true when the file predates the key.
    public var landscapeGating: Bool
    /// The address (absent fields nil).
    public var address: ScanMetadata.Address
    /// Degrees clockwise from true north of world -Z.
    public var azimuthDegrees: Double?
    /// Whether an SDK-initiated relocation happened.
    public var trackingFlag: Bool
    /// Seconds on the session clock.
    public var reconstructionShutDown: Double?
    /// The thresholds the session ran with.
    public var thresholds: Thresholds
    /// Recording start, end, frame count and seconds.
    public var recording: ArkitRecording
    /// Room labels said during the scan.
    public var roomLabels: [ArkitRoomLabel]
    /// SDK-initiated relocations.
    public var relocations: [ArkitRelocation]
    /// The scan log: time (s) and text of each line.
    public var scanLog: [(time: Double, text: String)]
    /// Warnings shown.
    public var feedbackItems: [ArkitFeedbackItem]
    /// Every event, in order.
    public var events: [ArkitEvent]
    /// The non-frame inputs (system samples, user actions).
    public var inputs: [ArkitInput]
    /// Every camera frame the session was given.
    public var frames: [ArkitFrame]
    /// What `video.mp4` holds (nil: the bundle has no video).
    public var video: ArkitVideo?

    /// Parses the file's bytes; errors name `file` and the JSON path.
    public init(json bytes: [UInt8], file: String = "arkitData.json") throws(InputError) {
        let root = try Self.root(json: bytes, file: file)
        sdkVersion = try root["sdkVersion"].get().string()
        dataVersion = try root["dataVersion"].get().string()
        platform = try root["platform"].get().string()
        let d = try root["device"].get()
        device = DeviceCapabilities(hasLiDAR: try d["hasLiDAR"].get().bool(), model: try d["model"].get().string())
        propertyType = try root["propertyType"].get().string()
        scanningFeatures = try root["scanningFeatures"].get().array().map { (c) throws(InputError) in try c.string() }
        landscapeGating = try root.optional("landscapeGating")?.bool() ?? true
        address = try ArkitData.address(try root["address"].get())
        azimuthDegrees = try root["azimuth"].get().optionalDouble()
        trackingFlag = try root["trackingFlag"].get().bool()
        reconstructionShutDown = try root["reconstructionShutDown"].get().optionalDouble()
        let t = try root["thresholds"].get()
        thresholds = try ArkitData.thresholds(t)
        if let v = root.optional("video") {
            video = ArkitVideo(file: try v["file"].get().string(), frames: try v["frames"].get().int(),
                               frameRateHz: try v["frameRateHz"].get().double(), width: try v["width"].get().int(),
                               height: try v["height"].get().int(), distortion: try ArkitVideo.distortion(v))
        }
        let r = try root["recording"].get()
        recording = ArkitRecording(start: try r["start"].get().optionalDouble(), end: try r["end"].get().optionalDouble(),
                                   frames: try r["frames"].get().int(), seconds: try r["seconds"].get().double(),
                                   normalTrackingSeconds: try r["normalTrackingSeconds"].get().double())
        roomLabels = try root["roomLabels"].get().array().map { (c) throws(InputError) in
            ArkitRoomLabel(label: try c["label"].get().string(), time: try c["time"].get().double(),
                           matrix: try ArkitData.matrix(try c["transform"].get()))
        }
        relocations = try root["relocations"].get().array().map { (c) throws(InputError) in
            ArkitRelocation(cause: try c["cause"].get().string(), start: try c["start"].get().double(),
                            end: try c["end"].get().optionalDouble(), recovered: try c["recovered"].get().bool())
        }
        scanLog = try root["scanLog"].get().array().map { (c) throws(InputError) in
            (try c["time"].get().double(), try c["text"].get().string())
        }
        feedbackItems = try ArkitData.feedbackItems(try root["feedbackItems"].get())
        events = try root["events"].get().array().map { (c) throws(InputError) in
            ArkitEvent(time: try c["time"].get().double(), code: try c["code"].get().int(),
                       message: try c["message"].get().string(), severity: try c["severity"].get().string())
        }
        inputs = try root["inputs"].get().array().map(ArkitData.input)
        frames = try root["frames"].get().array().map(ArkitData.frame)
    }

    /// The file's bytes as a ``JSONValue`` tree, every number read back bit for bit (correctly rounded,
    /// unlike Foundation's `JSONSerialization`) and object keys in file order; for readers that walk the
    /// file themselves. Errors name `file`, line and column.
    public static func document(json bytes: [UInt8], file: String = "arkitData.json") throws(InputError) -> JSONValue {
        try JSONParser.parse(bytes, file: file)
    }

    /// The file's top level, for readers that take only part of it (replay: the session's configuration,
    /// frames and inputs, read by the same functions as the whole file's).
    package static func root(json bytes: [UInt8], file: String = "arkitData.json") throws(InputError) -> JSONCursor {
        let root = try JSONCursor.parse(bytes, file: file)
        try root.requireObject()
        return root
    }

    /// The session's configuration as the file records it: the SDK profile (2.10 when `sdk` is missing),
    /// device, enabled options, landscape gating (true when the file predates the key), thresholds (a
    /// partial object is applied to the defaults) and the video's bytes per second of recording. Each key
    /// is optional; a missing one keeps the default (a missing video rate: 0, which a replay replaces
    /// with the bundle's `video.mp4` size over its recorded seconds).
    package static func sessionConfiguration(_ root: JSONCursor) throws(InputError) -> SessionConfiguration {
        var configuration = SessionConfiguration()
        if let s = root.optional("sdk") {
            let name = try s.string()
            guard let profile = SDKProfile(name: name) else {
                throw s.fail("expected an SDK version among \(SDKProfile.knownNames), got \"\(name)\"")
            }
            configuration.sdk = profile
        }
        if let d = root.optional("device") {
            configuration.device = DeviceCapabilities(hasLiDAR: try d["hasLiDAR"].get().bool(), model: try d["model"].get().string())
        }
        if let f = root.optional("scanningFeatures") {
            let names = Set(try f.array().map { (c) throws(InputError) in try c.string() })
            let known = ScanOptions().enabledNames
            if let unknown = names.subtracting(known).sorted().first {
                throw f.fail("expected names among \(known.joined(separator: ", ")), got \"\(unknown)\"")
            }
            configuration.options = ScanOptions(
                speechRecognition: names.contains("speechRecognition"), meshVisualisation: names.contains("meshVisualisation"),
                backgroundResume: names.contains("backgroundResume"), azimuth: names.contains("azimuth"),
                storageWarnings: names.contains("storageWarnings"))
        }
        if let g = root.optional("landscapeGating") { configuration.landscapeGating = try g.bool() }
        if let t = root.optional("thresholds") {
            configuration.thresholds = try ArkitData.thresholds(t)
        }
        if let v = root.optional("videoBytesPerSecond") {
            let rate = try v.double()
            guard rate.isFinite, rate >= 0 else { throw v.fail("expected a rate of bytes per second >= 0, got \(rate)") }
            configuration.videoBytesPerSecond = rate
        }
        if let f = root.optional("frameRateHz") {
            let rate = try f.double()
            guard rate.isFinite, rate >= 1, rate <= 1000 else { throw f.fail("expected frames a second within 1...1000, got \(rate)") }
            configuration.frameRateHz = rate
        }
        if let n = root.optional("depthEveryNthFrame") {
            let nth = try n.int()
            guard (1...10_000).contains(nth) else { throw n.fail("expected a whole number within 1...10000, got \(nth)") }
            configuration.depthEveryNthFrame = nth
        }
        return configuration
    }

    /// A `thresholds` object applied to the defaults (``Thresholds/applying(json:source:)``); errors name
    /// the file and the key, e.g. `arkitData.json: thresholds: unknown threshold 'drift.x'; ...`.
    static func thresholds(_ t: JSONCursor) throws(InputError) -> Thresholds {
        try t.requireObject()
        return try Thresholds().applying(thresholds: t.node, file: t.file, validated: false)
    }

    /// A `feedbackItems` array (also the whole of `feedback.json`).
    static func feedbackItems(_ c: JSONCursor) throws(InputError) -> [ArkitFeedbackItem] {
        try c.array().map { (c) throws(InputError) in
            ArkitFeedbackItem(code: try c["code"].get().int(), message: try c["message"].get().string(),
                              start: try c["start"].get().double(), end: try c["end"].get().optionalDouble(),
                              matrix: try ArkitData.matrix(try c["transform"].get()))
        }
    }

    static func address(_ c: JSONCursor) throws(InputError) -> ScanMetadata.Address {
        func field(_ key: String) throws(InputError) -> String? { try c.optional(key)?.string() }
        return ScanMetadata.Address(number: try field("number"), street: try field("street"), postCode: try field("postCode"),
                                    city: try field("city"), state: try field("state"), country: try field("country"),
                                    suite: try field("suite"))
    }

    /// 16 numbers, column-major. A frame's transform may hold null (a non-finite number the session was
    /// given, written as null), read back as NaN so a replay feeds the same input.
    static func matrix(_ c: JSONCursor, allowNonFinite: Bool = false) throws(InputError) -> Matrix4x4 {
        let values = try c.array().map { (v) throws(InputError) in
            allowNonFinite && v.isNull ? Double.nan : try v.double()
        }
        guard let m = Matrix4x4(columnMajor: values) else { throw c.fail("expected 16 numbers, got \(values.count)") }
        guard allowNonFinite || m.isFinite else { throw c.fail("not every number is finite") }
        return m
    }

    package static func frame(_ c: JSONCursor) throws(InputError) -> ArkitFrame {
        let k = try c["intrinsics"].get()
        let values = try k.array().map { (v) throws(InputError) in try v.double() }
        guard values.count == 6 else { throw k.fail("expected [fx, fy, cx, cy, width, height], got \(values.count) numbers") }
        guard values[4] == values[4].rounded(), values[5] == values[5].rounded(), values[4] > 0, values[5] > 0,
              values[4] < 1e6, values[5] < 1e6 else {
            throw k.fail("width and height must be positive whole numbers")
        }
        let tracking = try c["tracking"].get()
        guard let state = ArkitDataJSON.trackingState(named: try tracking.string()) else {
            let reasons = TrackingState.LimitedReason.allCases.map { "limited:\($0.rawValue)" }.joined(separator: ", ")
            throw tracking.fail("expected \"normal\", \"notAvailable\" or one of \(reasons), got \"\(try tracking.string())\"")
        }
        return ArkitFrame(seq: try c["seq"].get().int(), time: try c["time"].get().double(),
                          matrix: try matrix(try c["transform"].get(), allowNonFinite: true),
                          intrinsics: CameraIntrinsics(width: Int(values[4]), height: Int(values[5]), fx: values[0],
                                                       fy: values[1], cx: values[2], cy: values[3]),
                          tracking: state, recorded: try c["recorded"].get().bool(),
                          depthIndex: try c["depthIndex"].get().isNull ? nil : try c["depthIndex"].get().int(),
                          featureDepths: try c.optional("featureDepths")?.array().map { (v) throws(InputError) in
                              v.isNull ? Float.nan : Float(try v.double())
                          },
                          videoIndex: try c.optional("videoIndex")?.int())
    }

    package static func input(_ c: JSONCursor) throws(InputError) -> ArkitInput {
        let seq = try c["seq"].get().int(), time = try c["time"].get().double()
        let type = try c["type"].get()
        switch try type.string() {
        case "system":
            var sample = SystemSample()
            if let t = c.optional("thermal") {
                let name = try t.string()
                guard let state = ThermalState.allCases.first(where: { $0.name == name }) else {
                    throw t.fail("unknown thermal state '\(name)'")
                }
                sample.thermal = state
            }
            if let b = c.optional("storageFreeBytes") { sample.storageFreeBytes = Int64(try b.int()) }
            sample.lowPowerMode = try c.optional("lowPowerMode")?.bool()
            sample.activeProcessors = try c.optional("activeProcessors")?.int()
            sample.processorCount = try c.optional("processorCount")?.int()
            sample.memoryWarning = try c.optional("memoryWarning")?.bool() ?? false
            sample.batteryPercent = try c.optional("batteryPercent")?.int()
            return ArkitInput(seq: seq, time: time, kind: .system(sample))
        case "user":
            let a = try c["action"].get()
            let action: UserAction
            switch try a.string() {
            case "recordPressed": action = .recordPressed
            case "stopConfirmed": action = .stopConfirmed
            case "stopCancelled": action = .stopCancelled
            case "background": action = .background
            case "foreground": action = .foreground
            case "speechStarted": action = .speechStarted(permissionGranted: try c["permissionGranted"].get().bool())
            case "speechResults":
                action = .speechResults(try c["results"].get().array().map { (r) throws(InputError) in try r.string() })
            case "speechChosen": action = .speechChosen(index: try c["index"].get().int())
            case "speechCancelled": action = .speechCancelled
            case "speechAborted": action = .speechAborted
            case "closeView": action = .closeView
            default: throw a.fail("unknown user action '\(try a.string())'")
            }
            return ArkitInput(seq: seq, time: time, kind: .user(action))
        default:
            throw type.fail("expected \"system\" or \"user\"")
        }
    }
}
