import CaptureEngine

/// What a run's camera images will cost, estimated from the scene before any is rendered, so that a
/// scene cannot make `run --out` take unbounded time (docs/scene-format.md, "Limits").
///
/// An image costs its pixels (raster, shading, exposure, encoding); a mirror pixel costs one reflected
/// ray more, tested against the scene's patches. The pixels a mirror can cover are its rectangles
/// projected through each image's true pose and clipped to the picture, an upper bound (nothing in
/// front of a mirror is subtracted).
public struct ImageWorkEstimate: Sendable, Equatable {
    /// Camera images the run renders: recorded frames at the camera's rate.
    public var images = 0
    /// Their pixels together.
    public var pixels = 0.0
    /// The pixels mirrors can cover in them together.
    public var mirrorPixels = 0.0
    /// Patches and bounding spheres a reflected ray is tested against: the rooms' surfaces, one sphere a
    /// solid and the largest solid's faces.
    public var patchTestsPerRay = 0

    /// A patch test's cost in shaded pixels, measured: glass-mirror's images, whose mirror covers up to
    /// 45 % of the pixels, against the apartment's, which have none (docs/benchmarks-history.md,
    /// "2026-12-07: Bounded runs"). It depends on the machine's ratio of ray tests to shading.
    public static let patchTestCostInPixels = 0.02

    /// The estimate in pixel units: the pixels plus the mirror pixels' rays.
    public var units: Double { pixels + mirrorPixels * Double(patchTestsPerRay) * Self.patchTestCostInPixels }

    /// The most image work a run may take without `--allow-long`: 2e9 pixel units, about twice the
    /// furnished apartment's at the default 640x480 and 30 images a second. A run at 0.85 of it took
    /// 39 s on two cores.
    public static let maximumUnits = 2e9

    /// The share of the run's budget the images take: units over ``maximumUnits``.
    public var share: Double { units / Self.maximumUnits }

    public init() {}

    /// The estimate for `capture`'s images at its camera settings (``SyntheticCapture/camera``), whether
    /// or not its options render them; empty when it never records.
    public init(capture: SyntheticCapture) {
        guard let recording = capture.recordingSeconds else { return }
        let k = ColorRenderer.intrinsics(for: capture.camera)
        let geometry = capture.depthRenderer.geometry
        let mirrors = geometry.patches.filter { $0.material.kind == .mirror }.map(\.corners)
        let solids = geometry.groups.dropFirst()
        patchTestsPerRay = (geometry.groups.first?.patches.count ?? 0) + solids.count + (solids.map(\.patches.count).max() ?? 0)
        let motion = HandHeldMotion(timeline: capture.timeline, settings: capture.scene.motion, seed: capture.seed)
        let frameRate = capture.scene.depth.frameRateHz
        var hint = 0
        for index in capture.colorFrameIndices(recording: recording) {
            images += 1
            guard !mirrors.isEmpty else { continue }
            let worldToCamera = motion.pose(at: Double(index) / frameRate, hint: &hint).inverse
            for corners in mirrors {
                mirrorPixels += Self.projectedArea(corners.map { worldToCamera.apply(toPoint: $0) }, intrinsics: k)
            }
        }
        pixels = Double(images) * Double(k.width * k.height)
    }

    /// The area, pixels, of a planar polygon given in camera coordinates (ARKit: x right, y up, looking
    /// along -z) once projected and clipped to the picture: the polygon clipped 1 cm in front of the
    /// camera, projected, clipped to the image rectangle (Sutherland-Hodgman), measured by the shoelace.
    static func projectedArea(_ points: [SIMD3<Double>], intrinsics k: CameraIntrinsics) -> Double {
        let near = 0.01
        var front: [SIMD3<Double>] = []
        for (i, p) in points.enumerated() {
            let q = points[(i + 1) % points.count]
            if -p.z >= near { front.append(p) }
            if (-p.z >= near) != (-q.z >= near) {
                let t = (-near - p.z) / (q.z - p.z)
                front.append(p + (q - p) * t)
            }
        }
        var polygon = front.map { p in SIMD2(k.cx + k.fx * p.x / -p.z, k.cy - k.fy * p.y / -p.z) }
        // The four sides of the picture as (axis, bound, keep below the bound).
        for (axis, bound, below) in [(0, 0.0, false), (0, Double(k.width), true), (1, 0.0, false), (1, Double(k.height), true)] {
            var clipped: [SIMD2<Double>] = []
            func inside(_ p: SIMD2<Double>) -> Bool { below ? p[axis] <= bound : p[axis] >= bound }
            for (i, p) in polygon.enumerated() {
                let q = polygon[(i + 1) % polygon.count]
                if inside(p) { clipped.append(p) }
                if inside(p) != inside(q) {
                    clipped.append(p + (q - p) * ((bound - p[axis]) / (q[axis] - p[axis])))
                }
            }
            polygon = clipped
        }
        return abs(PolygonTriangulation.signedArea(polygon))
    }
}
