import CaptureEngine
import Foundation

/// Typed access to `arkitData.json`'s values with errors naming the JSON path.
struct BundleJSONReader {
    let file: String
    var diagnostics: [ReplayDiagnostic] = []

    init(file: String) { self.file = file }

    func fail(_ path: String, _ expected: String, _ value: Any?) -> ReplayLogError {
        let found: String
        switch value {
        case nil: found = "it is missing"
        case is NSNull: found = "found null"
        case let s as String: found = "found \"\(s)\""
        case is [Any]: found = "found an array"
        case is [String: Any]: found = "found an object"
        case let n as NSNumber: found = "found \(n)"
        default: found = "found something else"
        }
        return ReplayLogError(file: file, reason: "\(path): expected \(expected), \(found)")
    }

    func object(_ value: Any?, _ path: String) throws(ReplayLogError) -> [String: Any] {
        guard let o = value as? [String: Any] else { throw fail(path, "an object", value) }
        return o
    }

    func array(_ value: Any?, _ path: String) throws(ReplayLogError) -> [Any] {
        guard let a = value as? [Any] else { throw fail(path, "an array", value) }
        return a
    }

    func number(_ value: Any?, _ path: String) throws(ReplayLogError) -> Double {
        guard let n = value as? NSNumber else { throw fail(path, "a number", value) }
        return n.doubleValue
    }

    func integer(_ value: Any?, _ path: String) throws(ReplayLogError) -> Int {
        guard let n = value as? NSNumber, n.doubleValue == n.doubleValue.rounded(), abs(n.doubleValue) < 9e15 else {
            throw fail(path, "a whole number", value)
        }
        return n.intValue
    }

    func string(_ value: Any?, _ path: String) throws(ReplayLogError) -> String {
        guard let s = value as? String else { throw fail(path, "a string", value) }
        return s
    }

    func bool(_ value: Any?, _ path: String) throws(ReplayLogError) -> Bool {
        guard let b = value as? Bool else { throw fail(path, "true or false", value) }
        return b
    }

    /// An array of numbers as float32 (feature depths, metres); null (how a non-finite number is
    /// written) becomes NaN.
    func floats(_ value: Any?, _ path: String) throws(ReplayLogError) -> [Float] {
        var out: [Float] = []
        for (i, item) in try array(value, path).enumerated() {
            out.append(item is NSNull ? .nan : Float(try number(item, "\(path)[\(i)]")))
        }
        return out
    }

    /// A camera-to-world transform: 16 numbers, column-major. Nulls (how non-finite numbers are written)
    /// become NaN and are reported; the session answers them with 66.
    mutating func transform(_ value: Any?, _ path: String, time: Double) throws(ReplayLogError) -> RigidTransform {
        guard let items = value as? [Any], items.count == 16 else {
            throw fail(path, "16 numbers (a column-major 4x4 matrix)", value)
        }
        var numbers: [Double] = []
        var finite = true
        for (i, item) in items.enumerated() {
            if item is NSNull { numbers.append(.nan); finite = false; continue }
            let v = try number(item, "\(path)[\(i)]")
            if !v.isFinite { finite = false }
            numbers.append(v)
        }
        if !finite {
            diagnostics.append(ReplayDiagnostic(kind: .nonFinitePose, file: file, time: time,
                                                message: "\(path) has a non-finite value; passed to the session as is"))
        }
        guard let matrix = Matrix4x4(columnMajor: numbers) else { throw fail(path, "16 numbers", value) }
        return RigidTransform(matrix)
    }

    func intrinsics(_ value: Any?, _ path: String) throws(ReplayLogError) -> CameraIntrinsics {
        guard let items = value as? [Any], items.count == 6 else {
            throw fail(path, "6 numbers [fx, fy, cx, cy, width, height]", value)
        }
        return CameraIntrinsics(width: try integer(items[4], "\(path)[4]"), height: try integer(items[5], "\(path)[5]"),
                                fx: try number(items[0], "\(path)[0]"), fy: try number(items[1], "\(path)[1]"),
                                cx: try number(items[2], "\(path)[2]"), cy: try number(items[3], "\(path)[3]"))
    }

    func tracking(_ value: Any?, _ path: String) throws(ReplayLogError) -> TrackingState {
        let text = try string(value, path)
        if text == "normal" { return .normal }
        if text == "notAvailable" { return .notAvailable }
        if text.hasPrefix("limited:"), let reason = TrackingState.LimitedReason(rawValue: String(text.dropFirst(8))) {
            return .limited(reason)
        }
        let reasons = TrackingState.LimitedReason.allCases.map { "limited:\($0.rawValue)" }.joined(separator: ", ")
        throw fail(path, "\"normal\", \"notAvailable\" or one of \(reasons)", value)
    }

    func inputKind(_ object: [String: Any], _ path: String) throws(ReplayLogError) -> SessionInput.Kind {
        let type = try string(object["type"], "\(path).type")
        switch type {
        case "system":
            var sample = SystemSample()
            if let t = object["thermal"] {
                let name = try string(t, "\(path).thermal")
                guard let state = ThermalState.allCases.first(where: { $0.name == name }) else {
                    throw fail("\(path).thermal", "nominal, fair, serious or critical", t)
                }
                sample.thermal = state
            }
            if let v = object["storageFreeBytes"] { sample.storageFreeBytes = Int64(try integer(v, "\(path).storageFreeBytes")) }
            if let v = object["lowPowerMode"] { sample.lowPowerMode = try bool(v, "\(path).lowPowerMode") }
            if let v = object["activeProcessors"] { sample.activeProcessors = try integer(v, "\(path).activeProcessors") }
            if let v = object["processorCount"] { sample.processorCount = try integer(v, "\(path).processorCount") }
            if let v = object["memoryWarning"] { sample.memoryWarning = try bool(v, "\(path).memoryWarning") }
            if let v = object["batteryPercent"] { sample.batteryPercent = try integer(v, "\(path).batteryPercent") }
            return .system(sample)
        case "user":
            let action = try string(object["action"], "\(path).action")
            switch action {
            case "recordPressed": return .user(.recordPressed)
            case "stopConfirmed": return .user(.stopConfirmed)
            case "stopCancelled": return .user(.stopCancelled)
            case "background": return .user(.background)
            case "foreground": return .user(.foreground)
            case "speechStarted":
                return .user(.speechStarted(permissionGranted: try bool(object["permissionGranted"], "\(path).permissionGranted")))
            case "speechResults":
                let results = try array(object["results"], "\(path).results")
                var labels: [String] = []
                for (i, r) in results.enumerated() { labels.append(try string(r, "\(path).results[\(i)]")) }
                return .user(.speechResults(labels))
            case "speechChosen": return .user(.speechChosen(index: try integer(object["index"], "\(path).index")))
            case "speechCancelled": return .user(.speechCancelled)
            case "speechAborted": return .user(.speechAborted)
            case "closeView": return .user(.closeView)
            default:
                throw fail("\(path).action", "a user action (recordPressed, stopConfirmed, stopCancelled, background, foreground, speechStarted, speechResults, speechChosen, speechCancelled, speechAborted, closeView)", action)
            }
        default:
            throw fail("\(path).type", "\"system\" or \"user\"", type)
        }
    }

    /// The session's SDK profile (2.10 when the file has no `sdk`), options, device, landscape gating
    /// (true when the file predates the key) and thresholds.
    func configuration(_ root: [String: Any]) throws(ReplayLogError) -> SessionConfiguration {
        var configuration = SessionConfiguration()
        if let s = root["sdk"] {
            let name = try string(s, "sdk")
            guard let profile = SDKProfile(name: name) else {
                throw fail("sdk", "an SDK version among \(SDKProfile.knownNames)", name)
            }
            configuration.sdk = profile
        }
        if let d = root["device"] {
            let device = try object(d, "device")
            configuration.device = DeviceCapabilities(hasLiDAR: try bool(device["hasLiDAR"], "device.hasLiDAR"),
                                                      model: try string(device["model"], "device.model"))
        }
        if let f = root["scanningFeatures"] {
            var names: Set<String> = []
            for (i, item) in try array(f, "scanningFeatures").enumerated() {
                names.insert(try string(item, "scanningFeatures[\(i)]"))
            }
            let known = ScanOptions().enabledNames
            if let unknown = names.subtracting(known).sorted().first {
                throw fail("scanningFeatures", "names among \(known.joined(separator: ", "))", unknown)
            }
            configuration.options = ScanOptions(
                speechRecognition: names.contains("speechRecognition"), meshVisualisation: names.contains("meshVisualisation"),
                backgroundResume: names.contains("backgroundResume"), azimuth: names.contains("azimuth"),
                storageWarnings: names.contains("storageWarnings"))
        }
        if let g = root["landscapeGating"] {
            configuration.landscapeGating = try bool(g, "landscapeGating")
        }
        if let t = root["thresholds"] {
            let thresholds = try object(t, "thresholds")
            do {
                configuration.thresholds = try Thresholds().applying(json: thresholds, source: "\(file): thresholds")
            } catch {
                throw ReplayLogError(file: file, reason: error.description.replacingOccurrences(of: "\(file): ", with: ""))
            }
        }
        return configuration
    }
}
