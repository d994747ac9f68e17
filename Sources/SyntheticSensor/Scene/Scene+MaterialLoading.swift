import CaptureEngine
import JSONSupport

/// Parsing of the scene format's `material`, `materials` and `camera` fields (docs/scene-format.md).
extension Scene {
    /// A material: a kind's name (`"glass"`) or `{"kind", "albedo": [r, g, b], "gloss"}` where the
    /// omitted fields take the kind's preset (``Material/preset(_:)``), or `base`'s when no kind is given.
    static func material(_ node: JSONNode, source: String, path: String, base: Material) throws(InputError) -> Material {
        let kinds = Material.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        if case .string(let name) = node {
            guard let kind = Material.Kind(rawValue: name) else {
                throw InputError(file: source, location: path, reason: "expected a material kind (\(kinds)) or object, found '\(name)'")
            }
            return .preset(kind)
        }
        var m = try JSONObjectReader.scene(node, source: source, path: path)
        var material = base
        if let kind = try m.choice("kind", Material.Kind.allCases.map { ($0.rawValue, $0) }) {
            material = .preset(kind)
        } else if m.has("kind") {
            throw m.error("kind", "expected one of \(kinds)")
        }
        if let albedo = try m.numbers("albedo", count: 3) {
            guard albedo.allSatisfy({ (0...1).contains($0) }) else {
                throw m.error("albedo", "expected [r, g, b], linear reflectance 0...1 each")
            }
            material.albedo = SIMD3(Float(albedo[0]), Float(albedo[1]), Float(albedo[2]))
        }
        if let gloss = try m.number("gloss") {
            guard (0...1).contains(gloss) else { throw m.error("gloss", "expected a number 0...1, found \(MessageNumber.text(gloss))") }
            material.gloss = Float(gloss)
        }
        try m.rejectUnknownKeys()
        return material
    }

    /// A room's `materials` object: `walls`, `floor`, `ceiling`, each a material.
    static func roomMaterials(_ r: inout JSONObjectReader) throws(InputError) -> RoomMaterials {
        guard var m = try r.object("materials") else { return RoomMaterials() }
        var out = RoomMaterials()
        if let n = m.node("walls") { out.walls = try material(n, source: m.source, path: m.path(of: "walls"), base: .wall) }
        if let n = m.node("floor") { out.floor = try material(n, source: m.source, path: m.path(of: "floor"), base: .floor) }
        if let n = m.node("ceiling") { out.ceiling = try material(n, source: m.source, path: m.path(of: "ceiling"), base: .ceiling) }
        try m.rejectUnknownKeys()
        return out
    }

    /// An opening's `material`: glass only (the pane the colour camera draws in the hole).
    static func openingMaterial(_ o: inout JSONObjectReader, default value: Material?) throws(InputError) -> Material? {
        guard let n = o.node("material") else { return value }
        let m = try material(n, source: o.source, path: o.path(of: "material"), base: .windowGlass)
        guard m.kind == .glass else {
            throw o.error("material", "expected a glass material (an opening's pane), found kind '\(m.kind.rawValue)'")
        }
        return m
    }

    /// An object's `material` (nil: the category's default).
    static func objectMaterial(_ o: inout JSONObjectReader, category: SceneObject.Category) throws(InputError) -> Material? {
        guard let n = o.node("material") else { return nil }
        return try material(n, source: o.source, path: o.path(of: "material"), base: .defaultFor(category))
    }

    /// The `camera` block (``CameraSettings``); the frame rate must divide `sceneFrameRateHz`.
    static func cameraSettings(_ r: inout JSONObjectReader, sceneFrameRateHz: Double) throws(InputError) -> CameraSettings {
        guard var c = try r.object("camera") else { return CameraSettings() }
        var s = CameraSettings()
        s.width = Int(try c.integer("width", in: 16...Int64(CameraSettings.maximumSize.width)) ?? Int64(s.width))
        s.height = Int(try c.integer("height", in: 12...Int64(CameraSettings.maximumSize.height)) ?? Int64(s.height))
        s.frameRateHz = try c.positive("frameRateHz", default: s.frameRateHz)
        if let problem = CameraSettings.problem(width: s.width, height: s.height, frameRateHz: s.frameRateHz,
                                                sceneFrameRateHz: sceneFrameRateHz) {
            throw c.error(c.has("frameRateHz") && !problem.contains("size") ? "frameRateHz" : "width", problem)
        }
        s.jpegQuality = Int(try c.integer("jpegQuality", in: 1...100) ?? Int64(s.jpegQuality))
        s.videoCRF = Int(try c.integer("videoCRF", in: 0...51) ?? Int64(s.videoCRF))
        s.ambient = Float(try c.nonNegative("ambient", default: Double(s.ambient)))
        s.ceilingLight = Float(try c.nonNegative("ceilingLight", default: Double(s.ceilingLight)))
        s.sun = Float(try c.nonNegative("sun", default: Double(s.sun)))
        s.sunAzimuthDegrees = try c.number("sunAzimuthDegrees", default: s.sunAzimuthDegrees)
        s.sunElevationDegrees = try c.number("sunElevationDegrees", default: s.sunElevationDegrees)
        guard (0...90).contains(s.sunElevationDegrees) else { throw c.error("sunElevationDegrees", "expected 0...90 degrees") }
        s.sky = Float(try c.nonNegative("sky", default: Double(s.sky)))
        s.groundBelowFloor = try c.positive("groundBelowFloor", default: s.groundBelowFloor)
        guard s.groundBelowFloor <= 1000 else { throw c.error("groundBelowFloor", "expected 0 < metres <= 1000") }
        s.exposureKey = Float(try c.positive("exposureKey", default: Double(s.exposureKey)))
        s.exposureTimeConstantSeconds = try c.nonNegative("exposureTimeConstantSeconds", default: s.exposureTimeConstantSeconds)
        s.whiteBalanceStrength = Float(try c.nonNegative("whiteBalanceStrength", default: Double(s.whiteBalanceStrength)))
        guard s.whiteBalanceStrength <= 1 else { throw c.error("whiteBalanceStrength", "expected a number 0...1") }
        s.sensitivity = try c.positive("sensitivity", default: s.sensitivity)
        s.minExposureSeconds = try c.positive("minExposureSeconds", default: s.minExposureSeconds)
        s.maxExposureSeconds = try c.positive("maxExposureSeconds", default: s.maxExposureSeconds)
        guard s.minExposureSeconds <= s.maxExposureSeconds, s.maxExposureSeconds <= 1 else {
            throw c.error("maxExposureSeconds", "expected minExposureSeconds <= maxExposureSeconds <= 1 s")
        }
        s.maxGain = try c.positive("maxGain", default: s.maxGain)
        guard s.maxGain >= 1 else { throw c.error("maxGain", "expected a gain of at least 1") }
        s.fullWellElectrons = try c.positive("fullWellElectrons", default: s.fullWellElectrons)
        s.readNoiseElectrons = try c.nonNegative("readNoiseElectrons", default: s.readNoiseElectrons)
        s.noiseReduction = try c.positive("noiseReduction", default: s.noiseReduction)
        guard s.noiseReduction >= 1 else { throw c.error("noiseReduction", "expected a factor of at least 1") }
        s.noiseLevel = Float(try c.nonNegative("noiseLevel", default: Double(s.noiseLevel)))
        s.vignetting = Float(try c.nonNegative("vignetting", default: Double(s.vignetting)))
        guard s.vignetting < 1 else { throw c.error("vignetting", "expected a fraction 0...<1") }
        s.contrast = Float(try c.nonNegative("contrast", default: Double(s.contrast)))
        guard s.contrast <= 1 else { throw c.error("contrast", "expected a number 0...1") }
        s.sharpening = Float(try c.nonNegative("sharpening", default: Double(s.sharpening)))
        guard s.sharpening <= 4 else { throw c.error("sharpening", "expected a strength 0...4") }
        s.motionBlur = try c.bool("motionBlur") ?? s.motionBlur
        s.textures = try c.bool("textures") ?? s.textures
        s.ambientOcclusion = Float(try c.nonNegative("ambientOcclusion", default: Double(s.ambientOcclusion)))
        guard s.ambientOcclusion <= 1 else { throw c.error("ambientOcclusion", "expected a number 0...1") }
        if var d = try c.object("distortion") {
            let distortion = LensDistortion(k1: try d.number("k1", default: 0), k2: try d.number("k2", default: 0),
                                            p1: try d.number("p1", default: 0), p2: try d.number("p2", default: 0),
                                            k3: try d.number("k3", default: 0))
            try d.rejectUnknownKeys()
            let k = CameraIntrinsics.wideCamera.scaled(toWidth: s.width, height: s.height)
            let corner = ((k.cx / k.fx) * (k.cx / k.fx) + (k.cy / k.fy) * (k.cy / k.fy)).squareRoot()
            if let problem = distortion.problem(cornerRadius: corner) { throw c.error("distortion", problem) }
            s.distortion = distortion.isNone ? nil : distortion
        }
        s.rollingShutterReadoutSeconds = try c.nonNegative("rollingShutterReadoutSeconds", default: s.rollingShutterReadoutSeconds)
        guard s.rollingShutterReadoutSeconds <= 0.1 else {
            throw c.error("rollingShutterReadoutSeconds", "expected a readout time 0...0.1 s")
        }
        try c.rejectUnknownKeys()
        return s
    }
}
