import CaptureEngine
import Foundation

/// Renders ARKit-style LiDAR depth and confidence maps of a scene by ray casting.
///
/// Depth is z-depth in metres along the camera's viewing axis (not ray length), with ARKit's camera
/// convention (looks along -Z, +X right, +Y up in landscape-right; row 0 at the top of the landscape
/// image; pixel centres at integer coordinates). Each value is rounded to the nearest Float16 so a
/// half-float file stores it exactly. Noise, range and confidence follow ``LiDARSettings``.
///
/// Ray casting works per patch over the patch's projected bounding box; the SIMD path tests eight
/// pixels at a time with `SIMD8<Float>`, the scalar path one at a time with the same arithmetic, so both
/// give identical maps; the SIMDe path shades in C (``SIMDeShading``) after the SIMD raster pass, also
/// identically. Row bands can run on several cores with identical output.
public struct DepthRenderer: Sendable {
    /// The scene's surfaces.
    public let geometry: SceneGeometry
    /// The camera-independent part of each patch's raster, made once.
    private let rasterShapes: [PatchRasterShape]
    /// The depth map's intrinsics (default ``CameraIntrinsics/lidarDepth``).
    public let intrinsics: CameraIntrinsics
    /// Range, noise and confidence model.
    public let settings: LiDARSettings
    /// 1 / |r| for every pixel's camera ray r (r.z = -1): the cosine between the ray and the optical axis.
    let inverseRayLength: [Float]
    let paddedWidth: Int
    /// The correlated error model, when ``LiDARSettings/errorModel`` selects it.
    private let correlatedModel: CorrelatedErrorModel?

    public init(geometry: SceneGeometry, intrinsics: CameraIntrinsics = .lidarDepth, settings: LiDARSettings = LiDARSettings()) {
        self.geometry = geometry
        rasterShapes = PatchRasterShape.shapes(geometry.patches)
        self.intrinsics = intrinsics
        self.settings = settings
        paddedWidth = (intrinsics.width + 7) / 8 * 8
        var inv = [Float](repeating: 0, count: intrinsics.width * intrinsics.height)
        for y in 0..<intrinsics.height {
            for x in 0..<intrinsics.width {
                let rx = (Double(x) - intrinsics.cx) / intrinsics.fx, ry = (Double(y) - intrinsics.cy) / intrinsics.fy
                inv[y * intrinsics.width + x] = Float(1 / (rx * rx + ry * ry + 1).squareRoot())
            }
        }
        inverseRayLength = inv
        correlatedModel = settings.errorModel == .correlated
            ? CorrelatedErrorModel(width: intrinsics.width, height: intrinsics.height, settings: settings.correlated,
                                   edgeRelativeJump: settings.edgeRelativeJump, rangeMeters: settings.effectiveRangeMeters,
                                   materials: geometry.patches.map(\.material))
            : nil
    }

    /// Renders one depth map from a camera-to-world pose. `noiseSeed` selects the frame's noise;
    /// `frameIndex` and `sequenceSeed` place it in its sequence (the correlated model's error and
    /// reliability fields drift over frames); `bands` > 1 splits the rows over that many concurrent tasks
    /// (same output).
    public func render(cameraToWorld pose: RigidTransform, noiseSeed: UInt64, frameIndex: Int = 0, sequenceSeed: UInt64 = 0,
                       path: RenderPath = CaptureOptions.defaultRenderPath, bands: Int = 1, truth: Set<TruthOutput> = []) -> DepthMap {
        let w = intrinsics.width, h = intrinsics.height
        let rasters = prepare(pose)
        // Each visible patch's signed plane distance by patch index, once per frame for every band; then
        // the interpolated no-return fill's (patch index `patches.count`), so large that its incidence
        // cosine is 1.
        let fillID = geometry.patches.count
        let planeDistance = UnsafeMutableBufferPointer<Float>.allocate(capacity: fillID + 1)
        defer { planeDistance.deallocate() }
        planeDistance.initialize(repeating: 0)
        for r in rasters { planeDistance[Int(r.patchIndex)] = r.planeDistance }
        planeDistance[fillID] = 1e30
        let planes = SendablePointer(planeDistance.baseAddress!)
        // Eight floats of padding before and after the map: the SIMD shade pass loads its left and
        // right neighbours eight at a time, one float beyond the first and last pixel (lanes it discards).
        var bestInverseDepth = [Float](repeating: 0, count: paddedWidth * h + 16)
        var bestPatch = [Int32](repeating: -1, count: paddedWidth * h)
        // Every pixel of the two maps is stored by the shade pass (each path writes whole rows), so they
        // start uninitialised rather than cleared (about a quarter of a megabyte a frame).
        var depthTruth: DepthTruth?
        var depth = [Float](unsafeUninitializedCapacity: w * h) { _, count in count = w * h }
        var confidence = [UInt8](unsafeUninitializedCapacity: w * h) { _, count in count = w * h }
        let bandCount = max(1, min(bands, h))
        bestInverseDepth.withUnsafeMutableBufferPointer { bestBuffer in
            bestPatch.withUnsafeMutableBufferPointer { patchBuffer in
                let best = SendablePointer(bestBuffer.baseAddress! + 8), ids = SendablePointer(patchBuffer.baseAddress!)
                let rowsPerBand = (h + bandCount - 1) / bandCount
                let rasterBand: @Sendable (Int) -> Void = { band in
                    let r0 = min(h, band * rowsPerBand), r1 = min(h, r0 + rowsPerBand)
                    self.raster(rasters, rows: r0..<r1, best: best.pointer, ids: ids.pointer, path: path)
                }
                if bandCount == 1 { rasterBand(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: rasterBand) }
                // The truth is read off the raster pass, before the error model and the no-return fill.
                if !truth.isEmpty { depthTruth = self.truth(truth, best: best.pointer, ids: ids.pointer) }
                if let model = correlatedModel {
                    if model.settings.noReturnFill == .interpolated {
                        NoReturnInterpolation.fill(best: best.pointer, ids: ids.pointer, stride: paddedWidth, width: w, height: h,
                                                   fillID: Int32(fillID))
                    }
                    inverseRayLength.withUnsafeBufferPointer { invLength in
                        depth.withUnsafeMutableBufferPointer { depthBuffer in
                            confidence.withUnsafeMutableBufferPointer { confidenceBuffer in
                                model.shade(best: best.pointer, ids: ids.pointer, stride: paddedWidth, planeDistance: planes.pointer,
                                            inverseRayLength: invLength.baseAddress!, frameIndex: frameIndex, sequenceSeed: sequenceSeed,
                                            noiseSeed: noiseSeed, depth: depthBuffer.baseAddress!, confidence: confidenceBuffer.baseAddress!,
                                            bands: bandCount, path: path)
                            }
                        }
                    }
                    return
                }
                depth.withUnsafeMutableBufferPointer { depthBuffer in
                    confidence.withUnsafeMutableBufferPointer { confidenceBuffer in
                        let d = SendablePointer(depthBuffer.baseAddress!), c = SendablePointer(confidenceBuffer.baseAddress!)
                        let shadeBand: @Sendable (Int) -> Void = { band in
                            let r0 = min(h, band * rowsPerBand), r1 = min(h, r0 + rowsPerBand)
                            switch path {
                            case .simde:
                                self.shadeSIMDe(r0..<r1, best: best.pointer, ids: ids.pointer, planeDistance: planes.pointer,
                                                depth: d.pointer, confidence: c.pointer, noiseSeed: noiseSeed)
                            case .scalar:
                                self.shadeReference(r0..<r1, best: best.pointer, ids: ids.pointer, planeDistance: planes.pointer,
                                           depth: d.pointer, confidence: c.pointer, noiseSeed: noiseSeed)
                            }
                        }
                        if bandCount == 1 { shadeBand(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: shadeBand) }
                    }
                }
            }
        }
        return DepthMap(width: w, height: h, depth: depth, confidence: confidence, truth: depthTruth)
    }

    /// The labels alone (``DepthTruth/semanticClass``, ``DepthTruth/instance``) of a pose at these
    /// intrinsics: the raster pass only, no error model. For the colour camera's labels, a renderer made
    /// with the camera's intrinsics: its raster is the one the colour camera's surfaces come from.
    public func labels(cameraToWorld pose: RigidTransform, path: RenderPath = CaptureOptions.defaultRenderPath) -> DepthTruth {
        let h = intrinsics.height
        let rasters = prepare(pose)
        var best = [Float](repeating: 0, count: paddedWidth * h + 16)
        var ids = [Int32](repeating: -1, count: paddedWidth * h)
        return best.withUnsafeMutableBufferPointer { bestBuffer in
            ids.withUnsafeMutableBufferPointer { idBuffer in
                let b = bestBuffer.baseAddress! + 8, i = idBuffer.baseAddress!
                raster(rasters, rows: 0..<h, best: b, ids: i, path: path)
                return truth([.labels], best: b, ids: i)
            }
        }
    }

    /// The raster pass over `rows`: each patch's nearest inverse depth and id into `best` and `ids`.
    private func raster(_ rasters: [PatchRaster], rows: Range<Int>, best: UnsafeMutablePointer<Float>,
                        ids: UnsafeMutablePointer<Int32>, path: RenderPath) {
        let minimumInverseDepth = 1 / settings.effectiveRangeMeters
        for raster in rasters {
            switch path {
            case .simde: DepthKernels.rasterSIMDe(raster, rows: rows, best: best, ids: ids, stride: paddedWidth,
                                                  minimumInverseDepth: minimumInverseDepth)
            case .scalar: DepthKernels.rasterScalar(raster, rows: rows, best: best, ids: ids, stride: paddedWidth,
                                                    minimumInverseDepth: minimumInverseDepth)
            }
        }
    }

    /// The truth of the raster pass's nearest surfaces: z = 1 / inverse depth (0 without a return), and
    /// each pixel's patch's class and instance (``DepthTruth``).
    private func truth(_ outputs: Set<TruthOutput>, best: UnsafePointer<Float>, ids: UnsafePointer<Int32>) -> DepthTruth {
        let w = intrinsics.width, h = intrinsics.height
        var result = DepthTruth()
        if outputs.contains(.depth) {
            var depth = [Float](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w where best[y * paddedWidth + x] > 0 { depth[y * w + x] = 1 / best[y * paddedWidth + x] }
            }
            result.depth = depth
        }
        if outputs.contains(.labels) {
            var classes = [UInt8](repeating: 0, count: w * h), instances = [UInt16](repeating: 0, count: w * h)
            let patches = geometry.patches
            for y in 0..<h {
                for x in 0..<w {
                    let id = Int(ids[y * paddedWidth + x])
                    guard best[y * paddedWidth + x] > 0, id >= 0, id < patches.count else { continue }
                    (classes[y * w + x], instances[y * w + x]) = SceneLabels.label(of: patches[id])
                }
            }
            result.semanticClass = classes
            result.instance = instances
        }
        return result
    }

    /// The noise-free z-depth of one ray through pixel coordinates (x, y) of these intrinsics, or 0 when
    /// nothing is hit within range: the scalar reference used for sparse feature depths and tests.
    public func referenceDepth(cameraToWorld pose: RigidTransform, x: Double, y: Double) -> Double {
        let r = SIMD3((x - intrinsics.cx) / intrinsics.fx, -(y - intrinsics.cy) / intrinsics.fy, -1.0)
        let length = r.length
        let direction = pose.rotation.act(r / length)
        guard let hit = geometry.nearestHit(origin: pose.translation, direction: direction,
                                            maxDistance: Double(settings.effectiveRangeMeters) * length) else { return 0 }
        let z = hit.distance / length
        return z <= Double(settings.effectiveRangeMeters) ? z : 0
    }

    /// Per-patch plane equations and pixel bounds for a pose (``PatchRasterSetup``, shared with the colour
    /// camera): groups out of view, back faces of solids and patches out of view or range are dropped.
    private func prepare(_ pose: RigidTransform) -> [PatchRaster] {
        PatchRasterSetup.rasters(geometry, shapes: rasterShapes, pose: pose, intrinsics: intrinsics, paddedWidth: paddedWidth,
                                 rangeMeters: Double(settings.effectiveRangeMeters))
    }

    /// ``shadeReference(_:best:ids:planeDistance:depth:confidence:noiseSeed:)`` in the SIMDe C kernel (``SIMDeShading``),
    /// eight pixels at a time with the same operations in the same order (identical output).
    private func shadeSIMDe(_ rows: Range<Int>, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
                            planeDistance: UnsafePointer<Float>, depth: UnsafeMutablePointer<Float>, confidence: UnsafeMutablePointer<UInt8>,
                            noiseSeed: UInt64) {
        let shaded = inverseRayLength.withUnsafeBufferPointer { invLength in
                SIMDeShading.shade(rows, best: best, ids: ids, stride: paddedWidth, width: intrinsics.width, height: intrinsics.height,
                                   planeDistance: planeDistance, inverseRayLength: invLength.baseAddress!,
                                   settings: settings, noiseSeed: noiseSeed, depth: depth, confidence: confidence)
        }
        if !shaded {
            shadeReference(rows, best: best, ids: ids, planeDistance: planeDistance, depth: depth, confidence: confidence, noiseSeed: noiseSeed)
        }
    }

}
