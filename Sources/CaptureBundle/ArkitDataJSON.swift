import CaptureEngine
import Foundation
import JSONSupport

/// The JSON shapes of `arkitData.json`, `config.json` and `feedback.json` (docs/bundle-format.md), built
/// with ``JSONValue`` so keys keep their documented order.
public enum ArkitDataJSON {
    /// A transform as 16 numbers, column-major.
    public static func transform(_ pose: RigidTransform) -> JSONValue {
        .array(pose.matrix.columnMajor.map { .number($0) })
    }

    /// `"normal"`, `"notAvailable"` or `"limited:<reason>"`.
    public static func trackingName(_ state: TrackingState) -> String {
        switch state {
        case .normal: "normal"
        case .notAvailable: "notAvailable"
        case .limited(let reason): "limited:" + reason.rawValue
        }
    }

    /// The tracking state a name stands for (nil for an unknown name).
    public static func trackingState(named name: String) -> TrackingState? {
        if name == "normal" { return .normal }
        if name == "notAvailable" { return .notAvailable }
        guard name.hasPrefix("limited:") else { return nil }
        return TrackingState.LimitedReason(rawValue: String(name.dropFirst("limited:".count))).map { .limited($0) }
    }

    /// A `frames` entry; `featureDepths` (metres, each float32 written exactly) only when the frame
    /// carries them (devices without LiDAR).
    public static func frame(seq: Int, time: Double, frame: CameraFrame, recorded: Bool, depthIndex: Int?,
                             videoIndex: Int? = nil) -> JSONValue {
        let k = frame.intrinsics
        return .object([
            ("seq", .integer(seq)),
            ("time", .number(time)),
            ("transform", transform(frame.transform)),
            ("intrinsics", .array([.number(k.fx), .number(k.fy), .number(k.cx), .number(k.cy),
                                   .integer(k.width), .integer(k.height)])),
            ("tracking", .string(trackingName(frame.tracking))),
            ("recorded", .bool(recorded)),
            ("depthIndex", depthIndex.map { .integer($0) } ?? .null),
        ] + (frame.featureDepths.map { [("featureDepths", .array($0.map { .number(Double($0)) }))] } ?? [])
          + (videoIndex.map { [("videoIndex", .integer($0))] } ?? []))
    }

    /// An `inputs` entry for a system sample.
    public static func system(seq: Int, time: Double, sample: SystemSample) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("seq", .integer(seq)), ("time", .number(time)), ("type", .string("system"))]
        if let t = sample.thermal { pairs.append(("thermal", .string(t.name))) }
        if let b = sample.storageFreeBytes { pairs.append(("storageFreeBytes", .int(b))) }
        if let l = sample.lowPowerMode { pairs.append(("lowPowerMode", .bool(l))) }
        if let a = sample.activeProcessors { pairs.append(("activeProcessors", .integer(a))) }
        if let p = sample.processorCount { pairs.append(("processorCount", .integer(p))) }
        if sample.memoryWarning { pairs.append(("memoryWarning", .bool(true))) }
        if let b = sample.batteryPercent { pairs.append(("batteryPercent", .integer(b))) }
        return .object(pairs)
    }

    /// An `inputs` entry for a user action.
    public static func user(seq: Int, time: Double, action: UserAction) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("seq", .integer(seq)), ("time", .number(time)), ("type", .string("user"))]
        switch action {
        case .recordPressed: pairs.append(("action", .string("recordPressed")))
        case .stopConfirmed: pairs.append(("action", .string("stopConfirmed")))
        case .stopCancelled: pairs.append(("action", .string("stopCancelled")))
        case .background: pairs.append(("action", .string("background")))
        case .foreground: pairs.append(("action", .string("foreground")))
        case .speechStarted(let granted):
            pairs.append(("action", .string("speechStarted")))
            pairs.append(("permissionGranted", .bool(granted)))
        case .speechResults(let results):
            pairs.append(("action", .string("speechResults")))
            pairs.append(("results", .array(results.map { .string($0) })))
        case .speechChosen(let index):
            pairs.append(("action", .string("speechChosen")))
            pairs.append(("index", .integer(index)))
        case .speechCancelled: pairs.append(("action", .string("speechCancelled")))
        case .speechAborted: pairs.append(("action", .string("speechAborted")))
        case .closeView: pairs.append(("action", .string("closeView")))
        }
        return .object(pairs)
    }

    /// A `feedbackItems` / `feedback.json` entry: code, message, start, end (null while shown), transform.
    public static func feedback(_ item: FeedbackItem, sdk: SDKProfile) -> JSONValue {
        .object([
            ("code", .integer(sdk.code(for: item.meaning) ?? -1)),
            ("message", .string(sdk.message(for: item.meaning))),
            ("start", .number(item.start)),
            ("end", item.end.map { .number($0) } ?? .null),
            ("transform", transform(item.pose)),
        ])
    }

    /// The address object (absent fields omitted).
    public static func address(_ a: ScanMetadata.Address) -> JSONValue {
        let fields: [(String, String?)] = [("number", a.number), ("street", a.street), ("postCode", a.postCode),
                                           ("city", a.city), ("state", a.state), ("country", a.country),
                                           ("suite", a.suite)]
        return .object(fields.compactMap { key, value in value.map { (key, .string($0)) } })
    }

    /// The thresholds as compact JSON with sorted keys (the same values `capture-sim thresholds` prints).
    public static func thresholdsText(_ thresholds: Thresholds) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(thresholds)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The top-level keys of `arkitData.json` before `inputs`, one `"key":value` line each; device,
    /// options and thresholds from the configuration the session ran with.
    public static func headLines(record: SessionRecord, metadata m: ScanMetadata, configuration c: SessionConfiguration) -> [String] {
        func line(_ key: String, _ value: JSONValue) -> String {
            JSONValue.object([(key, value)]).serialized().dropFirst().dropLast() + ""
        }
        func list(_ key: String, _ items: [JSONValue]) -> String {
            if items.isEmpty { return "\"\(key)\":[]" }
            return "\"\(key)\":[\n" + items.map { $0.serialized() }.joined(separator: ",\n") + "\n]"
        }
        // The profile the engine imitated, for replay; absent for the standard one (2.10), so bundles
        // written before profiles existed read the same.
        let profile = c.sdk == .standard ? [] : [line("sdk", .string(c.sdk.name))]
        return [
            line("sdkVersion", .string(m.sdkVersion)),
            line("dataVersion", .string(m.dataVersion)),
            line("platform", .string("iOS")),
            line("device", .object([("model", .string(c.device.model)), ("hasLiDAR", .bool(c.device.hasLiDAR))])),
            line("propertyType", .string(m.propertyType)),
            line("scanningFeatures", .array(c.profileOptions.enabledNames.map { .string($0) })),
            line("landscapeGating", .bool(c.landscapeGating)),
        ] + profile + [
            line("address", address(m.address)),
            line("azimuth", c.options.azimuth ? (m.azimuthDegrees.map { .number($0) } ?? .null) : .null),
            line("trackingFlag", .bool(record.trackingFlag)),
            line("reconstructionShutDown", record.reconstructionShutDownAt.map { .number($0) } ?? .null),
            "\"thresholds\":" + thresholdsText(c.thresholds),
            line("videoBytesPerSecond", .number(c.videoBytesPerSecond)),
            line("frameRateHz", .number(c.frameRateHz)),
            line("depthEveryNthFrame", .integer(c.depthEveryNthFrame)),
            line("recording", .object([
                ("start", record.recordingStart.map { .number($0) } ?? .null),
                ("end", record.recordingEnd.map { .number($0) } ?? .null),
                ("frames", .integer(record.recordedFrameCount)),
                ("seconds", .number(record.recordedSeconds)),
                ("normalTrackingSeconds", .number(record.normalTrackingSeconds)),
            ])),
            list("roomLabels", record.roomLabels.map {
                .object([("label", .string($0.label)), ("time", .number($0.time)), ("transform", transform($0.pose))])
            }),
            list("relocations", record.relocations.map {
                .object([("cause", .string($0.cause.rawValue)), ("start", .number($0.start)),
                         ("end", $0.end.map { .number($0) } ?? .null), ("recovered", .bool($0.recovered))])
            }),
            list("scanLog", record.scanLog.map { .object([("time", .number($0.time)), ("text", .string($0.text))]) }),
            list("feedbackItems", record.feedback.map { feedback($0, sdk: c.sdk) }),
            list("events", record.events.map(\.json)),
        ]
    }

    /// `config.json`: uid, property type, address, options (each by name, true/false), device.
    public static func config(metadata: ScanMetadata, configuration: SessionConfiguration) -> JSONValue {
        let o = configuration.profileOptions
        return .object([
            ("uid", .string(metadata.uid)),
            ("propertyType", .string(metadata.propertyType)),
            ("address", address(metadata.address)),
            ("options", .object([
                ("speechRecognition", .bool(o.speechRecognition)),
                ("meshVisualisation", .bool(o.meshVisualisation)),
                ("backgroundResume", .bool(o.backgroundResume)),
                ("azimuth", .bool(o.azimuth)),
                ("storageWarnings", .bool(o.storageWarnings)),
            ])),
            ("device", .object([("model", .string(configuration.device.model)),
                                ("hasLiDAR", .bool(configuration.device.hasLiDAR))])),
        ])
    }

    /// One `scan.log` line: the time with three decimals, a space, the text (line breaks as spaces).
    public static func scanLogLine(_ line: ScanLogLine) -> String {
        NumberFormatting.fixed(line.time, decimals: 3) + " "
            + line.text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ") + "\n"
    }
}
