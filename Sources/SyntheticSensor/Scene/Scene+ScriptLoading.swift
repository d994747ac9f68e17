import CaptureEngine
import JSONSupport

extension Scene {
    /// The action names a script step may use, in documentation order.
    public static let scriptActionNames = [
        "present", "rotate", "record", "walkTo", "walkSideways", "turn", "look", "pause", "drift",
        "trackingLimited", "trackingLost", "freeze", "background", "thermal", "storage", "lowPower",
        "memoryWarning", "processors", "battery", "dropFrames", "roomLabel", "stop", "close",
    ]

    static func step(_ s: JSONObjectReader, index: Int) throws(InputError) -> ScriptStep {
        var s = s
        let at = try s.number("at")
        if let at, at < 0 { throw s.error("at", "expected a time >= 0 (seconds)") }
        guard let name = try s.string("action") else {
            throw s.error("action", "expected one of \(scriptActionNames.joined(separator: ", "))")
        }
        let orientations = PhoneOrientation.allCases.map { ($0.rawValue, $0) }
        let action: ScriptStep.Action
        switch name {
        case "present":
            guard index == 0 else { throw s.error("action", "\"present\" must be the first step") }
            let position = try s.numbers("position", count: 2).map { SIMD2($0[0], $0[1]) }
            action = .present(position: position, headingDegrees: try s.number("headingDegrees", default: 0),
                              pitchDegrees: try s.number("pitchDegrees", default: -20),
                              orientation: try s.choice("orientation", orientations) ?? .portrait)
        case "rotate":
            guard let to = try s.choice("to", orientations) else {
                throw s.error("to", "expected one of \"portrait\", \"landscapeRight\", \"landscapeLeft\"")
            }
            action = .rotate(to: to, seconds: try s.positive("seconds", default: 1))
        case "record":
            action = .record
        case "walkTo":
            guard let to = try s.numbers("to", count: 2) else { throw s.error("to", "expected a point [x, z] in metres") }
            action = .walkTo(SIMD2(to[0], to[1]), speed: try s.positive("speed", default: 0.5), face: try s.bool("face", default: true))
        case "walkSideways":
            guard let side = try s.choice("direction", [("left", ScriptStep.Side.left), ("right", .right)]) else {
                throw s.error("direction", "expected \"left\" or \"right\"")
            }
            let speed = try s.positive("speed", default: 0.45)
            let meters = try s.positive("meters"), seconds = try s.positive("seconds")
            guard (meters == nil) != (seconds == nil) else { throw s.error("meters", "expected either meters or seconds") }
            action = .walkSideways(side, meters: meters ?? (seconds ?? 0) * speed, speed: speed)
        case "turn":
            guard let degrees = try s.number("degrees") else { throw s.error("degrees", "expected a number (positive turns left)") }
            action = .turn(degrees: degrees, seconds: try s.positive("seconds", default: max(0.5, abs(degrees) / 45)))
        case "look":
            guard let pitch = try s.number("pitchDegrees"), (-89...89).contains(pitch) else {
                throw s.error("pitchDegrees", "expected a pitch from -89 to 89 degrees")
            }
            action = .look(pitchDegrees: pitch, seconds: try s.positive("seconds", default: 1))
        case "pause":
            guard let seconds = try s.positive("seconds") else { throw s.error("seconds", "expected a positive number") }
            action = .pause(seconds: seconds)
        case "drift":
            guard let v = try s.numbers("offset", count: 3) else { throw s.error("offset", "expected [x, y, z] in metres") }
            action = .drift(offset: SIMD3(v[0], v[1], v[2]), seconds: try s.positive("seconds"))
        case "trackingLimited":
            guard let reason = try s.choice("reason", TrackingState.LimitedReason.allCases.map { ($0.rawValue, $0) }) else {
                throw s.error("reason", "expected one of \(TrackingState.LimitedReason.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let seconds = try s.positive("seconds") else { throw s.error("seconds", "expected a positive number") }
            action = .trackingLimited(reason, seconds: seconds)
        case "trackingLost":
            guard let seconds = try s.positive("seconds") else { throw s.error("seconds", "expected a positive number") }
            let relocates = try s.bool("relocates", default: true)
            let offset = try s.numbers("newOriginOffset", count: 3).map { SIMD3($0[0], $0[1], $0[2]) } ?? SIMD3(3, 0, 3)
            action = .trackingLost(seconds: seconds, relocates: relocates, newOriginOffset: offset)
        case "freeze":
            guard let seconds = try s.positive("seconds") else { throw s.error("seconds", "expected a positive number") }
            action = .freeze(seconds: seconds)
        case "background":
            guard let seconds = try s.positive("seconds") else { throw s.error("seconds", "expected a positive number") }
            action = .background(seconds: seconds)
        case "thermal":
            guard let state = try s.choice("state", ThermalState.allCases.map { ($0.name, $0) }) else {
                throw s.error("state", "expected one of \"nominal\", \"fair\", \"serious\", \"critical\"")
            }
            action = .thermal(state)
        case "storage":
            guard let bytes = try s.integer("freeBytes", in: 0...Int64.max) else { throw s.error("freeBytes", "expected a whole number of bytes") }
            action = .storage(freeBytes: bytes)
        case "lowPower":
            guard let on = try s.bool("on") else { throw s.error("on", "expected true or false") }
            action = .lowPower(on)
        case "memoryWarning":
            action = .memoryWarning
        case "battery":
            guard let percent = try s.integer("percent", in: 0...100) else { throw s.error("percent", "expected a whole percent 0...100") }
            action = .battery(percent: Int(percent))
        case "dropFrames":
            guard let seconds = try s.positive("seconds") else { throw s.error("seconds", "expected a positive number") }
            let share = try s.number("share", default: 1)
            guard share > 0, share <= 1 else { throw s.error("share", "expected a share of the frames above 0 and at most 1") }
            action = .dropFrames(share: share, seconds: seconds)
        case "processors":
            guard let active = try s.integer("active", in: 0...1024) else { throw s.error("active", "expected a whole number") }
            let total = try s.integer("total", in: 1...1024).map(Int.init)
            action = .processors(active: Int(active), total: total)
        case "roomLabel":
            let permission = try s.bool("permissionGranted", default: true)
            let label = try s.string("label", default: "Kitchen")
            var results: [String]? = nil
            if let items = try s.array("results") {
                var list: [String] = []
                for item in items {
                    guard case .string(let text) = item else { throw s.error("results", "expected an array of strings") }
                    list.append(text)
                }
                results = list
            }
            let outcomes: [(String, String)] = [("chosen", "chosen"), ("cancelled", "cancelled"), ("noResults", "noResults"),
                                                ("allTooLong", "allTooLong"), ("aborted", "aborted")]
            let outcomeName = try s.choice("outcome", outcomes) ?? "chosen"
            let outcome: ScriptStep.SpeechOutcome
            switch outcomeName {
            case "cancelled": outcome = .cancelled
            case "noResults": outcome = .noResults
            case "allTooLong": outcome = .allTooLong
            case "aborted": outcome = .aborted
            default: outcome = .chosen(index: Int(try s.integer("choose", in: 0...99) ?? 0))
            }
            let defaultResults: [String]
            switch outcome {
            case .noResults, .aborted: defaultResults = []
            case .allTooLong: defaultResults = ["\(label) next to the hallway where the coats are hung on the wall"]
            default: defaultResults = [label, label.lowercased() + " area"]
            }
            let finalResults = results ?? defaultResults
            if case .chosen(let i) = outcome, i >= finalResults.count {
                throw s.error("choose", "expected an index into the results (0..<\(finalResults.count))")
            }
            action = .roomLabel(permissionGranted: permission, results: finalResults, outcome: outcome)
        case "stop":
            action = .stop(confirm: try s.bool("confirm", default: true))
        case "close":
            action = .close
        default:
            throw s.error("action", "expected one of \(scriptActionNames.joined(separator: ", ")), found \"\(name)\"")
        }
        try s.rejectUnknownKeys()
        return ScriptStep(at: at, action: action, path: s.path)
    }
}
