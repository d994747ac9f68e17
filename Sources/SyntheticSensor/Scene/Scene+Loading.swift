import CaptureEngine
import Foundation
import JSONSupport

extension Scene {
    /// Loads a scene file; errors name the file, the JSON path and what was expected.
    public static func load(path: String) throws(InputError) -> Scene {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
           size > SceneLimits.maximumFileBytes {
            throw InputError(file: path, reason: "\(size) bytes; a scene file may have at most \(SceneLimits.maximumFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, reason: "cannot read the file")
        }
        guard data.count <= SceneLimits.maximumFileBytes else {
            throw InputError(file: path, reason: "more than \(SceneLimits.maximumFileBytes) bytes; a scene file may have at most that many")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError(file: path, reason: "not UTF-8 text")
        }
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        do throws(InputError) {
            return try Scene(jsonText: text, source: path, defaultName: stem)
        } catch {
            throw SceneErrorCollector.collect(first: error, text: text) { (rest: String) throws(InputError) in
                _ = try Scene(jsonText: rest, source: path, defaultName: stem)
            }
        }
    }

    /// Parses a scene from JSON text; `source` names the file in errors.
    public init(jsonText: String, source: String, defaultName: String = "scene") throws(InputError) {
        let root = try JSONParser.parse(jsonText, source: source)
        var r = try JSONObjectReader.scene(root, source: source, path: "")
        let name = try r.string("name", default: defaultName)
        if let problem = FileNameRule.problem(with: name) {
            throw r.has("name") ? r.error("name", "\(problem), found '\(name)'")
                : InputError(file: source, location: "the scene's name (the file name '\(name)'; give \"name\")", reason: problem)
        }
        let description = try r.string("description", default: "")
        let seed = try r.unsigned64("seed") ?? 1
        var sdk = SDKProfile.standard
        if let name = try r.string("sdk") {
            guard let profile = SDKProfile(name: name) else {
                throw r.error("sdk", "expected an SDK version among \(SDKProfile.knownNames), found '\(name)'")
            }
            sdk = profile
        }
        let metadata = try r.object("metadata").map { (m: JSONObjectReader) throws(InputError) in try Scene.metadata(m) } ?? ScanMetadata()
        let device = try r.object("device").map { (d: JSONObjectReader) throws(InputError) in try Scene.device(d) } ?? SceneDevice()
        let depth = try r.object("depth").map { (d: JSONObjectReader) throws(InputError) in try Scene.depthSettings(d) } ?? DepthSettings()
        var thresholds = Thresholds()
        if let t = r.node("thresholds") {
            guard case .object = t else {
                throw r.error("thresholds", "expected an object of thresholds, found \(t.typeDescription)")
            }
            thresholds = try Thresholds().applying(thresholds: t, file: source, validated: true)
        }
        let faults = try Scene.faults(try r.array("faults") ?? [], source: source)
        let expect = r.node("expect")?.jsonValue
        let golden = r.node("golden")?.jsonValue
        guard let roomNodes = try r.array("rooms"), !roomNodes.isEmpty else {
            throw r.error("rooms", "expected an array of at least one room")
        }
        try SceneLimits.check(count: roomNodes.count, of: "rooms", atMost: SceneLimits.maximumRooms, at: r, key: "rooms")
        var rooms: [Room] = []
        for (i, node) in roomNodes.enumerated() {
            rooms.append(try Scene.room(try JSONObjectReader.scene(node, source: source, path: "rooms[\(i)]")))
        }
        try SceneLimits.checkWalls(rooms, source: source)
        let objectNodes = try r.array("objects") ?? []
        try SceneLimits.check(count: objectNodes.count, of: "objects", atMost: SceneLimits.maximumObjects, at: r, key: "objects")
        var objects: [SceneObject] = []
        for (i, node) in objectNodes.enumerated() {
            objects.append(try Scene.object(try JSONObjectReader.scene(node, source: source, path: "objects[\(i)]"), rooms: rooms, index: i))
        }
        try Scene.checkClutterTotal(rooms: rooms, objects: objects, source: source)
        let motion = try r.object("motion").map { (m: JSONObjectReader) throws(InputError) in try Scene.motion(m) } ?? HandMotionSettings()
        let lidar = try r.object("lidar").map { (l: JSONObjectReader) throws(InputError) in try Scene.lidar(l) } ?? LiDARSettings()
        if let refresh = lidar.refreshHz, refresh > depth.frameRateHz {
            throw InputError(file: source, location: "lidar.refreshHz",
                             reason: "expected at most the depth frame rate (\(MessageNumber.text(depth.frameRateHz)) Hz), found \(MessageNumber.text(refresh))")
        }
        let camera = try Scene.cameraSettings(&r, sceneFrameRateHz: depth.frameRateHz)
        let tracking = try Scene.poseErrorSettings(&r)
        guard let stepNodes = try r.array("script") else { throw r.error("script", "expected an array of steps") }
        var script: [ScriptStep] = []
        var lastAt = -Double.infinity
        for (i, node) in stepNodes.enumerated() {
            let step = try Scene.step(try JSONObjectReader.scene(node, source: source, path: "script[\(i)]"), index: i)
            if let at = step.at {
                guard at >= lastAt else {
                    throw InputError(file: source, location: "script[\(i)].at", reason: "expected a time not before the previous step's 'at' (\(MessageNumber.text(lastAt)) s)")
                }
                lastAt = at
            }
            script.append(step)
        }
        try r.rejectUnknownKeys()
        self.init(name: name, description: description, seed: seed, sdk: sdk, metadata: metadata, device: device,
                  depth: depth, thresholds: thresholds, faults: faults, expect: expect, golden: golden,
                  rooms: rooms, objects: objects, motion: motion, lidar: lidar, script: script, source: source)
        self.camera = camera
        self.tracking = tracking
        let duration = ScriptTimeline(scene: self).endTime
        guard duration <= SceneLimits.maximumDurationSeconds else {
            throw InputError(file: source, location: "script", reason: "the scene lasts \(MessageNumber.text(duration)) s; a scene may last at most \(MessageNumber.text(SceneLimits.maximumDurationSeconds)) s (check speeds, pauses and distances)")
        }
        try SceneLimits.checkFrames(durationSeconds: duration, frameRateHz: depth.frameRateHz, source: source)
        try SceneLimits.checkDepthWork(frames: duration * depth.frameRateHz, everyNthFrame: depth.everyNthFrame,
                                       walls: rooms.reduce(0) { $0 + $1.floor.count }, objects: objects.count,
                                       clutter: Scene.clutterTotal(rooms: rooms, objects: objects), source: source)
    }

    private static func metadata(_ m: JSONObjectReader) throws(InputError) -> ScanMetadata {
        var m = m
        var meta = ScanMetadata()
        meta.uid = try m.string("uid", default: meta.uid)
        if let problem = FileNameRule.problem(with: meta.uid) {
            throw m.error("uid", "\(problem) (the zip is <uid>.zip), found '\(meta.uid)'")
        }
        meta.propertyType = try m.string("propertyType", default: meta.propertyType)
        meta.azimuthDegrees = try m.number("azimuthDegrees")
        meta.sdkVersion = try m.string("sdkVersion", default: meta.sdkVersion)
        meta.dataVersion = try m.string("dataVersion", default: meta.dataVersion)
        if var a = try m.object("address") {
            meta.address = ScanMetadata.Address(
                number: try a.string("number"), street: try a.string("street"), postCode: try a.string("postCode"),
                city: try a.string("city"), state: try a.string("state"), country: try a.string("country"),
                suite: try a.string("suite"))
            try a.rejectUnknownKeys()
        }
        try m.rejectUnknownKeys()
        return meta
    }

    private static let thermalStates: [(String, ThermalState)] = ThermalState.allCases.map { ($0.name, $0) }

    private static func device(_ d: JSONObjectReader) throws(InputError) -> SceneDevice {
        var d = d
        var device = SceneDevice()
        device.capabilities.hasLiDAR = try d.bool("hasLiDAR", default: true)
        device.capabilities.model = try d.string("model", default: device.capabilities.model)
        if var o = try d.object("options") {
            device.options = ScanOptions(
                speechRecognition: try o.bool("speechRecognition", default: true),
                meshVisualisation: try o.bool("meshVisualisation", default: true),
                backgroundResume: try o.bool("backgroundResume", default: true),
                azimuth: try o.bool("azimuth", default: true),
                storageWarnings: try o.bool("storageWarnings", default: true))
            try o.rejectUnknownKeys()
        }
        device.storageFreeBytes = try d.integer("storageFreeBytes", in: 0...Int64.max) ?? device.storageFreeBytes
        device.thermal = try d.choice("thermal", thermalStates) ?? .nominal
        if var t = try d.object("thermalModel") {
            var model = ThermalModel()
            model.reconstructionLoad = try t.nonNegative("reconstructionLoad", default: model.reconstructionLoad)
            model.recordingLoad = try t.nonNegative("recordingLoad", default: model.recordingLoad)
            model.fairAt = try t.positive("fairAt", default: model.fairAt)
            model.seriousAt = try t.positive("seriousAt", default: model.seriousAt)
            model.criticalAt = try t.positive("criticalAt", default: model.criticalAt)
            guard model.fairAt <= model.seriousAt, model.seriousAt <= model.criticalAt else {
                throw t.error("criticalAt", "expected fairAt <= seriousAt <= criticalAt")
            }
            try t.rejectUnknownKeys()
            device.thermalModel = model
        }
        device.processorCount = Int(try d.integer("processorCount", in: 1...1024) ?? 6)
        device.activeProcessors = Int(try d.integer("activeProcessors", in: 0...1024) ?? Int64(device.processorCount))
        guard device.activeProcessors <= device.processorCount else {
            throw d.error("activeProcessors", "expected at most processorCount (\(device.processorCount))")
        }
        device.lowPowerMode = try d.bool("lowPowerMode", default: false)
        device.trackingInitializingSeconds = try d.nonNegative("trackingInitializingSeconds", default: 0.5)
        device.relocalizingSeconds = try d.nonNegative("relocalizingSeconds", default: 2)
        device.batteryPercent = try d.integer("batteryPercent", in: 0...100).map(Int.init)
        device.cameraPermission = try d.choice("cameraPermission", CameraPermission.allCases.map { ($0.rawValue, $0) }) ?? .granted
        try d.rejectUnknownKeys()
        return device
    }

    private static func depthSettings(_ d: JSONObjectReader) throws(InputError) -> DepthSettings {
        var d = d
        let rate = try d.positive("frameRateHz", default: 60)
        guard SceneLimits.frameRateHz.contains(rate) else {
            throw d.error("frameRateHz", "expected a frame rate of \(MessageNumber.text(SceneLimits.frameRateHz.lowerBound))...\(MessageNumber.text(SceneLimits.frameRateHz.upperBound)) Hz, found \(MessageNumber.text(rate))")
        }
        let nth = Int(try d.integer("everyNthFrame", in: 1...10_000) ?? 1)
        try d.rejectUnknownKeys()
        return DepthSettings(frameRateHz: rate, everyNthFrame: nth)
    }

    private static func faults(_ nodes: [JSONNode], source: String) throws(InputError) -> [StorageFault] {
        var out: [StorageFault] = []
        for (i, node) in nodes.enumerated() {
            var f = try JSONObjectReader.scene(node, source: source, path: "faults[\(i)]")
            let files = ScanFile.allCases.map { ($0.rawValue, $0) }
            guard let file = try f.choice("file", files) else {
                throw f.error("file", "expected one of " + ScanFile.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            guard let when = try f.choice("when", StorageFault.Operation.allCases.map { ($0.rawValue, $0) }) else {
                throw f.error("when", "expected one of \"open\", \"write\", \"invalidZip\"")
            }
            if let problem = StorageFault.problem(file: file, operation: when) { throw f.error("when", problem) }
            let at = try f.number("atSeconds")
            try f.rejectUnknownKeys()
            out.append(StorageFault(file: file, operation: when, atSeconds: at))
        }
        return out
    }

    private static func room(_ r: JSONObjectReader) throws(InputError) -> Room {
        var r = r
        let name = try r.string("name", default: "Room")
        guard let floorNodes = try r.array("floor"), floorNodes.count >= 3 else {
            throw r.error("floor", "expected an array of at least three [x, z] points in metres")
        }
        try SceneLimits.check(count: floorNodes.count, of: "floor points", atMost: SceneLimits.maximumFloorPoints, at: r, key: "floor",
                              scope: "a room")
        var floor: [SIMD2<Double>] = []
        for (i, p) in floorNodes.enumerated() {
            guard case .array(let xz) = p, xz.count == 2, case .number(let x, _) = xz[0], case .number(let z, _) = xz[1],
                  abs(x) <= SceneLimits.maximumMagnitude, abs(z) <= SceneLimits.maximumMagnitude else {
                throw InputError(file: r.source, location: "\(r.path(of: "floor"))[\(i)]", reason: "expected a point [x, z] in metres, each of magnitude at most \(MessageNumber.text(SceneLimits.maximumMagnitude))")
            }
            floor.append(SIMD2(x, z))
        }
        let floorHeight = try r.number("floorHeight", default: 0)
        let wallHeight = try r.positive("wallHeight", default: 2.5)
        var room = Room(name: name, floor: floor, floorHeight: floorHeight, wallHeight: wallHeight)
        guard abs(room.signedArea) > 1e-6 else { throw r.error("floor", "expected a polygon with a non-zero area") }
        for kind in WallOpening.Kind.allCases {
            let key = kind.rawValue + "s"
            for (i, node) in (try r.array(key) ?? []).enumerated() {
                var o = try JSONObjectReader.scene(node, source: r.source, path: "\(r.path(of: key))[\(i)]")
                guard let wall = try o.integer("wall", in: 0...Int64(floor.count - 1)) else {
                    throw o.error("wall", "expected a wall index from 0 to \(floor.count - 1)")
                }
                let (a, b) = room.wallEnds(Int(wall))
                let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                let offset = try o.nonNegative("offset", default: 0)
                let defaultHeight = kind == .window ? 1.2 : 2.05
                guard let width = try o.positive("width") else { throw o.error("width", "expected a positive number (metres)") }
                let height = try o.positive("height", default: min(defaultHeight, wallHeight))
                let sill = try o.nonNegative("sillHeight", default: kind == .window ? 0.9 : 0)
                guard offset + width <= length + 1e-9 else {
                    throw o.error("width", "expected offset + width within the wall's length (\(MessageNumber.text(length)) m)")
                }
                guard sill + height <= wallHeight + 1e-9 else {
                    throw o.error("height", "expected sillHeight + height within the wall height (\(MessageNumber.text(wallHeight)) m)")
                }
                var opening = WallOpening(kind: kind, wall: Int(wall), offset: offset, width: width, height: height, sillHeight: sill)
                opening.material = try Scene.openingMaterial(&o, default: opening.material)
                try o.rejectUnknownKeys()
                room.openings.append(opening)
            }
        }
        room.clutter = try Scene.roomClutter(&r)
        room.materials = try Scene.roomMaterials(&r)
        try r.rejectUnknownKeys()
        return room
    }

    private static func object(_ o: JSONObjectReader, rooms: [Room], index: Int) throws(InputError) -> SceneObject {
        var o = o
        guard let category = try o.choice("category", SceneObject.Category.allCases.map { ($0.rawValue, $0) }) else {
            throw o.error("category", "expected one of \(SceneObject.Category.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard var d = try o.object("dimensions") else { throw o.error("dimensions", "expected {\"width\", \"height\", \"depth\"} in metres") }
        guard let w = try d.positive("width") else { throw d.error("width", "expected a positive number (metres)") }
        guard let h = try d.positive("height") else { throw d.error("height", "expected a positive number (metres)") }
        guard let dp = try d.positive("depth") else { throw d.error("depth", "expected a positive number (metres)") }
        try d.rejectUnknownKeys()
        let transform: RigidTransform
        if let m = try o.numbers("transform", count: 16) {
            guard o.has("position") == false, o.has("yawDegrees") == false else {
                throw o.error("transform", "expected either transform or position/yawDegrees, not both")
            }
            guard let matrix = Matrix4x4(columnMajor: m), matrix.isFinite else { throw o.error("transform", "expected 16 finite numbers") }
            transform = RigidTransform(matrix)
        } else {
            guard let p = try o.numbers("position", count: nil), p.count == 2 || p.count == 3 else {
                throw o.error("position", "expected [x, z] (standing on the floor) or [x, y, z] (box centre) in metres")
            }
            let yaw = try o.number("yawDegrees", default: 0)
            let centre: SIMD3<Double>
            if p.count == 3 {
                centre = SIMD3(p[0], p[1], p[2])
            } else {
                let floorY = rooms.first { $0.contains(SIMD2(p[0], p[1])) }?.floorHeight ?? 0
                centre = SIMD3(p[0], floorY + h / 2, p[1])
            }
            transform = RigidTransform(rotation: Quaternion(angle: Angle.radians(fromDegrees: yaw), axis: SIMD3(0, 1, 0)),
                                       translation: centre)
        }
        var object = SceneObject(category: category, dimensions: SIMD3(w, h, dp), transform: transform)
        try Scene.furnitureOptions(&o, index: index, into: &object)
        object.material = try Scene.objectMaterial(&o, category: category)
        try o.rejectUnknownKeys()
        return object
    }

    private static func motion(_ m: JSONObjectReader) throws(InputError) -> HandMotionSettings {
        var m = m
        var s = HandMotionSettings()
        s.eyeHeight = try m.positive("eyeHeight", default: s.eyeHeight)
        s.stepLength = try m.positive("stepLength", default: s.stepLength)
        s.bobAmplitude = try m.nonNegative("bobAmplitude", default: s.bobAmplitude)
        s.swayAmplitude = try m.nonNegative("swayAmplitude", default: s.swayAmplitude)
        s.yawSwayDegrees = try m.nonNegative("yawSwayDegrees", default: s.yawSwayDegrees)
        s.jitterDegrees = try m.nonNegative("jitterDegrees", default: s.jitterDegrees)
        s.jitterMeters = try m.nonNegative("jitterMeters", default: s.jitterMeters)
        if m.has("driftPerMeter") {
            throw m.error("driftPerMeter", "moved to \"tracking\": {\"driftPerMeter\": ...} (the drift is the reported pose's, not the true one's)")
        }
        s.accelerationSeconds = try m.positive("accelerationSeconds", default: s.accelerationSeconds)
        s.facingTurnDegreesPerSecond = try m.positive("facingTurnDegreesPerSecond", default: s.facingTurnDegreesPerSecond)
        s.lookAround = try m.bool("lookAround", default: s.lookAround)
        s.pitchWanderDegrees = try m.nonNegative("pitchWanderDegrees", default: s.pitchWanderDegrees)
        s.walkingLookDownDegrees = try m.nonNegative("walkingLookDownDegrees", default: s.walkingLookDownDegrees)
        s.turningLookUpDegrees = try m.nonNegative("turningLookUpDegrees", default: s.turningLookUpDegrees)
        s.armHeightMeters = try m.nonNegative("armHeightMeters", default: s.armHeightMeters)
        s.leverArmMeters = try m.nonNegative("leverArmMeters", default: s.leverArmMeters)
        guard s.leverArmMeters <= 1 else { throw m.error("leverArmMeters", "expected a number from 0 to 1 (metres from the body's axis to the phone)") }
        s.tremorDegrees = try m.nonNegative("tremorDegrees", default: s.tremorDegrees)
        guard s.tremorDegrees <= 5 else { throw m.error("tremorDegrees", "expected a number from 0 to 5 (degrees of hand shake)") }
        s.excessiveMotionMetersPerSecond = try m.positive("excessiveMotionMetersPerSecond", default: s.excessiveMotionMetersPerSecond)
        s.excessiveMotionDegreesPerSecond = try m.positive("excessiveMotionDegreesPerSecond", default: s.excessiveMotionDegreesPerSecond)
        s.excessiveMotionHoldSeconds = try m.nonNegative("excessiveMotionHoldSeconds", default: s.excessiveMotionHoldSeconds)
        try m.rejectUnknownKeys()
        return s
    }

    private static func lidar(_ l: JSONObjectReader) throws(InputError) -> LiDARSettings {
        var l = l
        var s = LiDARSettings()
        s.rangeMeters = Float(try l.positive("rangeMeters", default: Double(s.rangeMeters)))
        s.noiseBaseMeters = Float(try l.nonNegative("noiseBaseMeters", default: Double(s.noiseBaseMeters)))
        s.noisePerSquareMeter = Float(try l.nonNegative("noisePerSquareMeter", default: Double(s.noisePerSquareMeter)))
        s.highConfidenceMaxMeters = Float(try l.positive("highConfidenceMaxMeters", default: Double(s.highConfidenceMaxMeters)))
        s.mediumConfidenceMaxMeters = Float(try l.positive("mediumConfidenceMaxMeters", default: Double(s.mediumConfidenceMaxMeters)))
        s.grazingMediumDegrees = Float(try l.positive("grazingMediumDegrees", default: Double(s.grazingMediumDegrees)))
        s.grazingLowDegrees = Float(try l.positive("grazingLowDegrees", default: Double(s.grazingLowDegrees)))
        s.edgeRelativeJump = Float(try l.positive("edgeRelativeJump", default: Double(s.edgeRelativeJump)))
        s.refreshHz = try l.positive("refreshHz")
        s.smoothed = try l.bool("smoothed", default: s.smoothed)
        let weight = try l.positive("smoothingWeight", default: Double(s.smoothingWeight))
        guard weight <= 1 else { throw l.error("smoothingWeight", "must be at most 1 (the new map's whole weight), got \(weight)") }
        s.smoothingWeight = Float(weight)
        try Scene.loadLiDARErrorModel(&l, into: &s)
        try l.rejectUnknownKeys()
        return s
    }
}
