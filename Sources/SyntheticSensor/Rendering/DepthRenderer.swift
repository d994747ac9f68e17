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
    /// The depth map's intrinsics (default ``CameraIntrinsics/lidarDepth``).
    public let intrinsics: CameraIntrinsics
    /// Range, noise and confidence model.
    public let settings: LiDARSettings
    /// 1 / |r| for every pixel's camera ray r (r.z = -1): the cosine between the ray and the optical axis.
    private let inverseRayLength: [Float]
    private let paddedWidth: Int
    /// The correlated error model, when ``LiDARSettings/errorModel`` selects it.
    private let correlatedModel: CorrelatedErrorModel?

    public init(geometry: SceneGeometry, intrinsics: CameraIntrinsics = .lidarDepth, settings: LiDARSettings = LiDARSettings()) {
        self.geometry = geometry
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
                                   edgeRelativeJump: settings.edgeRelativeJump, rangeMeters: settings.effectiveRangeMeters)
            : nil
    }

    /// Renders one depth map from a camera-to-world pose. `noiseSeed` selects the frame's noise;
    /// `frameIndex` and `sequenceSeed` place it in its sequence (the correlated model's error and
    /// reliability fields drift over frames); `bands` > 1 splits the rows over that many concurrent tasks
    /// (same output).
    public func render(cameraToWorld pose: RigidTransform, noiseSeed: UInt64, frameIndex: Int = 0, sequenceSeed: UInt64 = 0,
                       path: RenderPath = .simd, bands: Int = 1) -> DepthMap {
        let w = intrinsics.width, h = intrinsics.height
        let rasters = prepare(pose)
        // Eight floats of padding before and after the map: the SIMD shade pass loads its left and
        // right neighbours eight at a time, one float beyond the first and last pixel (lanes it discards).
        var bestInverseDepth = [Float](repeating: 0, count: paddedWidth * h + 16)
        var bestPatch = [Int32](repeating: -1, count: paddedWidth * h)
        // Every pixel of the two maps is stored by the shade pass (each path writes whole rows), so they
        // start uninitialised rather than cleared (about a quarter of a megabyte a frame).
        var depth = [Float](unsafeUninitializedCapacity: w * h) { _, count in count = w * h }
        var confidence = [UInt8](unsafeUninitializedCapacity: w * h) { _, count in count = w * h }
        let bandCount = max(1, min(bands, h))
        let minimumInverseDepth = 1 / settings.effectiveRangeMeters
        bestInverseDepth.withUnsafeMutableBufferPointer { bestBuffer in
            bestPatch.withUnsafeMutableBufferPointer { patchBuffer in
                let best = SendablePointer(bestBuffer.baseAddress! + 8), ids = SendablePointer(patchBuffer.baseAddress!)
                let rowsPerBand = (h + bandCount - 1) / bandCount
                let rasterBand: @Sendable (Int) -> Void = { band in
                    let r0 = band * rowsPerBand, r1 = min(h, r0 + rowsPerBand)
                    for raster in rasters {
                        switch path {
                        case .simd, .simde: DepthKernels.rasterSIMD(raster, rows: r0..<r1, best: best.pointer, ids: ids.pointer,
                                                                    stride: paddedWidth, minimumInverseDepth: minimumInverseDepth)
                        case .scalar: DepthKernels.rasterScalar(raster, rows: r0..<r1, best: best.pointer, ids: ids.pointer,
                                                                stride: paddedWidth, minimumInverseDepth: minimumInverseDepth)
                        }
                    }
                }
                if bandCount == 1 { rasterBand(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: rasterBand) }
                if let model = correlatedModel {
                    var planeDistance = [Float](repeating: 0, count: max(1, geometry.patches.count))
                    for r in rasters { planeDistance[Int(r.patchIndex)] = r.planeDistance }
                    planeDistance.withUnsafeBufferPointer { planes in
                        inverseRayLength.withUnsafeBufferPointer { invLength in
                            depth.withUnsafeMutableBufferPointer { depthBuffer in
                                confidence.withUnsafeMutableBufferPointer { confidenceBuffer in
                                    model.shade(best: best.pointer, ids: ids.pointer, stride: paddedWidth, planeDistance: planes.baseAddress!,
                                                inverseRayLength: invLength.baseAddress!, frameIndex: frameIndex, sequenceSeed: sequenceSeed,
                                                noiseSeed: noiseSeed, depth: depthBuffer.baseAddress!, confidence: confidenceBuffer.baseAddress!)
                                }
                            }
                        }
                    }
                    return
                }
                depth.withUnsafeMutableBufferPointer { depthBuffer in
                    confidence.withUnsafeMutableBufferPointer { confidenceBuffer in
                        let d = SendablePointer(depthBuffer.baseAddress!), c = SendablePointer(confidenceBuffer.baseAddress!)
                        let shadeBand: @Sendable (Int) -> Void = { band in
                            let r0 = band * rowsPerBand, r1 = min(h, r0 + rowsPerBand)
                            switch path {
                            case .simd:
                                self.shadeSIMD(r0..<r1, best: best.pointer, ids: ids.pointer, rasters: rasters,
                                               depth: d.pointer, confidence: c.pointer, noiseSeed: noiseSeed)
                            case .simde:
                                self.shadeSIMDe(r0..<r1, best: best.pointer, ids: ids.pointer, rasters: rasters,
                                                depth: d.pointer, confidence: c.pointer, noiseSeed: noiseSeed)
                            case .scalar:
                                self.shade(r0..<r1, best: best.pointer, ids: ids.pointer, rasters: rasters,
                                           depth: d.pointer, confidence: c.pointer, noiseSeed: noiseSeed)
                            }
                        }
                        if bandCount == 1 { shadeBand(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: shadeBand) }
                    }
                }
            }
        }
        return DepthMap(width: w, height: h, depth: depth, confidence: confidence)
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

    /// Per-patch plane equations and pixel bounds for a pose; patches out of view or range are dropped.
    private func prepare(_ pose: RigidTransform) -> [PatchRaster] {
        let worldToCamera = pose.inverse
        let fx = intrinsics.fx, fy = intrinsics.fy, cx = intrinsics.cx, cy = intrinsics.cy
        let range = Double(settings.effectiveRangeMeters)
        var out: [PatchRaster] = []
        let patches = geometry.patches, solidStart = geometry.solidPatchStart
        for group in geometry.groups where isInView(group, worldToCamera: worldToCamera, range: range) {
            for index in group.patches {
                let patch = patches[index]
                let o = worldToCamera.apply(toPoint: patch.origin)
                let u = worldToCamera.apply(toDirection: patch.uAxis), v = worldToCamera.apply(toDirection: patch.vAxis)
                let n = u.cross(v)
                let d = n.dot(o)
                guard abs(d) > 1e-6, abs(d) < range else { continue }
                // A face of a closed solid seen from behind (the camera on its back side, d > 0) is hidden by
                // the solid's front faces.
                guard index < solidStart || d < 0 else { continue }
                // The outline's corners in camera coordinates (no arrays: this runs for every patch of every frame).
                let bounds: (x0: Int, x1: Int, y0: Int, y1: Int)?
                switch patch.shape {
                case .rectangle(let uMax, let vMax, _):
                    bounds = pixelBounds(o, o + u * uMax, o + u * uMax + v * vMax, o + v * vMax, count: 4, range: range)
                case .triangle(let p, let q, let r):
                    bounds = pixelBounds(o + u * p.x + v * p.y, o + u * q.x + v * q.y, o + u * r.x + v * r.y, .zero, count: 3, range: range)
                }
                guard let bounds else { continue }
                var raster = PatchRaster(
                    a: Float(n.x / (fx * d)), b: Float(-n.y / (fy * d)), c: Float((-n.x * cx / fx + n.y * cy / fy - n.z) / d),
                    ua: Float(u.x / fx), ub: Float(-u.y / fy), uc: Float(-u.x * cx / fx + u.y * cy / fy - u.z), uOffset: Float(o.dot(u)),
                    va: Float(v.x / fx), vb: Float(-v.y / fy), vc: Float(-v.x * cx / fx + v.y * cy / fy - v.z), vOffset: Float(o.dot(v)),
                    planeDistance: Float(d), x0: bounds.x0, x1: bounds.x1, y0: bounds.y0, y1: bounds.y1,
                    uMax: 0, vMax: 0, holes: [], edges: [], patchIndex: Int32(index))
                switch patch.shape {
                case .rectangle(let uMax, let vMax, let holes):
                    raster.uMax = Float(uMax)
                    raster.vMax = Float(vMax)
                    raster.holes = holes.map { SIMD4<Float>(Float($0.x), Float($0.y), Float($0.z), Float($0.w)) }
                case .triangle(let p, let q, let r):
                    raster.edges = [(p, q), (q, r), (r, p)].map { (s, e) in
                        let len = (e - s).length2D
                        let a = -(e.y - s.y) / len, b = (e.x - s.x) / len
                        return SIMD3<Float>(Float(a), Float(b), Float(-(a * s.x + b * s.y)))
                    }
                }
                out.append(raster)
            }
        }
        return out
    }

    /// Whether any of a group's bounding sphere can be in view within range: false only when the
    /// sphere lies wholly behind the camera, beyond range, or outside one of the four sides of the view
    /// (widened by two pixels on each side, so a culled group never covers a pixel).
    private func isInView(_ group: PatchGroup, worldToCamera: RigidTransform, range: Double) -> Bool {
        guard group.radius.isFinite else { return true }
        let c = worldToCamera.apply(toPoint: group.centre), r = group.radius
        // The camera looks along -Z: depth is -c.z.
        guard c.z < r, -c.z - r <= range else { return false }
        let margin = 2.0
        let right = (Double(intrinsics.width - 1) - intrinsics.cx + margin) / intrinsics.fx
        let left = (intrinsics.cx + margin) / intrinsics.fx
        let up = (intrinsics.cy + margin) / intrinsics.fy
        let down = (Double(intrinsics.height - 1) - intrinsics.cy + margin) / intrinsics.fy
        // Each side plane through the camera: a point p is inside when p.x <= right * -p.z, and so on;
        // the sphere is outside when its centre is farther than r beyond the plane.
        func outside(_ along: Double, _ tangent: Double) -> Bool { (along + tangent * c.z) / (1 + tangent * tangent).squareRoot() > r }
        return !(outside(c.x, right) || outside(-c.x, left) || outside(c.y, up) || outside(-c.y, down))
    }

    /// The pixel rectangle covering a convex outline of `count` (3 or 4) corners in camera coordinates,
    /// after clipping it to the space in front of the camera; nil when nothing of it is in view within range.
    private func pixelBounds(_ c0: SIMD3<Double>, _ c1: SIMD3<Double>, _ c2: SIMD3<Double>, _ c3: SIMD3<Double>, count: Int,
                             range: Double) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        let near = 0.01
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var nearest = Double.infinity
        func include(_ p: SIMD3<Double>) {
            nearest = min(nearest, -p.z)
            let x = intrinsics.cx + intrinsics.fx * p.x / -p.z, y = intrinsics.cy - intrinsics.fy * p.y / -p.z
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        func corner(_ i: Int) -> SIMD3<Double> { i == 0 ? c0 : (i == 1 ? c1 : (i == 2 ? c2 : c3)) }
        for i in 0..<count {
            let p = corner(i), q = corner((i + 1) % count)
            let pIn = p.z <= -near, qIn = q.z <= -near
            if pIn { include(p) }
            if pIn != qIn {
                let t = (-near - p.z) / (q.z - p.z)
                include(p + (q - p) * t)
            }
        }
        guard nearest.isFinite, nearest <= range else { return nil }
        let w = intrinsics.width, h = intrinsics.height
        guard maxX >= -1, minX <= Double(w), maxY >= -1, minY <= Double(h) else { return nil }
        let x0 = max(0, Int(max(-1, minX).rounded(.down)) - 1), x1 = min(w, Int(min(Double(w), maxX).rounded(.up)) + 2)
        let y0 = max(0, Int(max(-1, minY).rounded(.down)) - 1), y1 = min(h, Int(min(Double(h), maxY).rounded(.up)) + 2)
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0 / 8 * 8, min(paddedWidth, (x1 + 7) / 8 * 8), y0, y1)
    }

    /// Turns the nearest hits of rows into depth (noise, range, Float16 rounding) and confidence.
    private func shade(_ rows: Range<Int>, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
                       rasters: [PatchRaster], depth: UnsafeMutablePointer<Float>, confidence: UnsafeMutablePointer<UInt8>,
                       noiseSeed: UInt64) {
        let w = intrinsics.width, h = intrinsics.height, stride = paddedWidth
        var planeDistance = [Float](repeating: 0, count: geometry.patches.count)
        for r in rasters { planeDistance[Int(r.patchIndex)] = r.planeDistance }
        let cosMedium = Float(cos(Double(settings.grazingMediumDegrees) * .pi / 180))
        let cosLow = Float(cos(Double(settings.grazingLowDegrees) * .pi / 180))
        let jump = settings.edgeRelativeJump
        let high = settings.highConfidenceMaxMeters, medium = settings.mediumConfidenceMaxMeters
        let noiseBase = settings.noiseBaseMeters, noiseQuadratic = settings.noisePerSquareMeter
        let seed32 = UInt32(truncatingIfNeeded: noiseSeed ^ (noiseSeed >> 32))
        inverseRayLength.withUnsafeBufferPointer { invLength in
            for y in rows {
                for x in 0..<w {
                    let i = y * stride + x, o = y * w + x
                    let inv = best[i]
                    guard inv > 0 else { depth[o] = 0; confidence[o] = 0; continue }
                    let z = 1 / inv
                    // Noise: Irwin-Hall sum of four 16-bit uniforms (two 32-bit hashes of seed and pixel),
                    // scaled to unit variance.
                    let first = DepthKernels.hash32(seed32 ^ UInt32(truncatingIfNeeded: 2 * o))
                    let second = DepthKernels.hash32(seed32 ^ UInt32(truncatingIfNeeded: 2 * o + 1))
                    let sum = Float(Int32(first & 0xFFFF)) + Float(Int32(first >> 16)) + Float(Int32(second & 0xFFFF)) + Float(Int32(second >> 16))
                    let gaussian = (sum * (1 / 65536) - 2) * 1.7320508
                    let noisy = max(0.001, z + (noiseBase + noiseQuadratic * z * z) * gaussian)
                    depth[o] = DepthKernels.roundedToHalf(noisy)
                    var level: Int = z <= high ? 2 : (z <= medium ? 1 : 0)
                    let cosine = abs(inv * planeDistance[Int(ids[i])]) * invLength[o]
                    if cosine < cosLow { level -= 2 } else if cosine < cosMedium { level -= 1 }
                    // Depth edge: a 4-neighbour with no return, or whose depth differs from z by more than
                    // `jump * z`: |1/n - 1/inv| > jump / inv, i.e. |inv - n| > jump * n (no division).
                    var edge = false
                    if x > 0 { let n = best[i - 1]; edge = edge || n <= 0 || abs(inv - n) > jump * n }
                    if x + 1 < w { let n = best[i + 1]; edge = edge || n <= 0 || abs(inv - n) > jump * n }
                    if y > 0 { let n = best[i - stride]; edge = edge || n <= 0 || abs(inv - n) > jump * n }
                    if y + 1 < h { let n = best[i + stride]; edge = edge || n <= 0 || abs(inv - n) > jump * n }
                    if edge { level = 0 }
                    confidence[o] = UInt8(max(0, level))
                }
            }
        }
    }

    /// ``shade(_:best:ids:rasters:depth:confidence:noiseSeed:)`` in the SIMDe C kernel (``SIMDeShading``),
    /// which mirrors ``shadeSIMD(_:best:ids:rasters:depth:confidence:noiseSeed:)`` (identical output).
    private func shadeSIMDe(_ rows: Range<Int>, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
                            rasters: [PatchRaster], depth: UnsafeMutablePointer<Float>, confidence: UnsafeMutablePointer<UInt8>,
                            noiseSeed: UInt64) {
        var planeDistance = [Float](repeating: 0, count: max(1, geometry.patches.count))
        for r in rasters { planeDistance[Int(r.patchIndex)] = r.planeDistance }
        let shaded = planeDistance.withUnsafeBufferPointer { planes in
            inverseRayLength.withUnsafeBufferPointer { invLength in
                SIMDeShading.shade(rows, best: best, ids: ids, stride: paddedWidth, width: intrinsics.width, height: intrinsics.height,
                                   planeDistance: planes.baseAddress!, inverseRayLength: invLength.baseAddress!,
                                   settings: settings, noiseSeed: noiseSeed, depth: depth, confidence: confidence)
            }
        }
        if !shaded {
            shade(rows, best: best, ids: ids, rasters: rasters, depth: depth, confidence: confidence, noiseSeed: noiseSeed)
        }
    }

    /// ``shade(_:best:ids:rasters:depth:confidence:noiseSeed:)`` eight pixels at a time, with the same
    /// arithmetic in the same order (identical output).
    private func shadeSIMD(_ rows: Range<Int>, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
                           rasters: [PatchRaster], depth: UnsafeMutablePointer<Float>, confidence: UnsafeMutablePointer<UInt8>,
                           noiseSeed: UInt64) {
        let w = intrinsics.width, h = intrinsics.height, stride = paddedWidth
        guard w % 8 == 0 else {
            shade(rows, best: best, ids: ids, rasters: rasters, depth: depth, confidence: confidence, noiseSeed: noiseSeed)
            return
        }
        var planeDistance = [Float](repeating: 0, count: geometry.patches.count)
        for r in rasters { planeDistance[Int(r.patchIndex)] = r.planeDistance }
        let cosMedium = Float(cos(Double(settings.grazingMediumDegrees) * .pi / 180))
        let cosLow = Float(cos(Double(settings.grazingLowDegrees) * .pi / 180))
        let jump = settings.edgeRelativeJump
        let high = settings.highConfidenceMaxMeters, medium = settings.mediumConfidenceMaxMeters
        let noiseBase = settings.noiseBaseMeters, noiseQuadratic = settings.noisePerSquareMeter
        let laneOffsets = SIMD8<UInt32>(0, 2, 4, 6, 8, 10, 12, 14)
        let mask16 = SIMD8<UInt32>(repeating: 0xFFFF)
        let seed32 = UInt32(truncatingIfNeeded: noiseSeed ^ (noiseSeed >> 32))
        inverseRayLength.withUnsafeBufferPointer { invLength in
            planeDistance.withUnsafeBufferPointer { planes in
                for y in rows {
                    for x in Swift.stride(from: 0, to: w, by: 8) {
                        let i = y * stride + x, o = y * w + x
                        let inv = UnsafeRawPointer(best + i).loadUnaligned(as: SIMD8<Float>.self)
                        let valid = inv .> 0
                        if !any(valid) {
                            UnsafeMutableRawPointer(depth + o).storeBytes(of: SIMD8<Float>(repeating: 0), as: SIMD8<Float>.self)
                            UnsafeMutableRawPointer(confidence + o).storeBytes(of: SIMD8<UInt8>(repeating: 0), as: SIMD8<UInt8>.self)
                            continue
                        }
                        let z = 1 / inv
                        let index = SIMD8<UInt32>(repeating: UInt32(truncatingIfNeeded: 2 * o)) &+ laneOffsets
                        let first = DepthKernels.hash32(SIMD8(repeating: seed32) ^ index)
                        let second = DepthKernels.hash32(SIMD8(repeating: seed32) ^ (index &+ 1))
                        let a = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: first & mask16))
                        let b = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: first &>> 16))
                        let c = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: second & mask16))
                        let d = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: second &>> 16))
                        let sum = a + b + c + d
                        let gaussian = (sum * (1 / 65536) - 2) * 1.7320508
                        var noisy = z + (noiseBase + noiseQuadratic * z * z) * gaussian
                        noisy.replace(with: 0.001, where: noisy .< 0.001)
                        var bits = unsafeBitCast(noisy, to: SIMD8<UInt32>.self)
                        bits &+= 0x0FFF &+ ((bits &>> 13) & 1)
                        bits &= ~0x1FFF
                        let rounded = unsafeBitCast(bits, to: SIMD8<Float>.self)
                        UnsafeMutableRawPointer(depth + o).storeBytes(of: rounded.replacing(with: 0, where: .!valid), as: SIMD8<Float>.self)
                        var level = SIMD8<Int32>(repeating: 0)
                        level.replace(with: 1, where: z .<= medium)
                        level.replace(with: 2, where: z .<= high)
                        var distance = SIMD8<Float>()
                        for lane in 0..<8 { distance[lane] = planes[Int(max(0, ids[i + lane]))] }
                        let rayCosine = UnsafeRawPointer(invLength.baseAddress! + o).loadUnaligned(as: SIMD8<Float>.self)
                        let product = inv * distance
                        let cosine = DepthKernels.absolute(product) * rayCosine
                        level &-= SIMD8<Int32>(repeating: 2).replacing(with: 0, where: .!(cosine .< cosLow))
                        level &-= SIMD8<Int32>(repeating: 1).replacing(with: 0, where: .!((cosine .< cosMedium) .& .!(cosine .< cosLow)))
                        var left = UnsafeRawPointer(best + i - 1).loadUnaligned(as: SIMD8<Float>.self)
                        var right = UnsafeRawPointer(best + i + 1).loadUnaligned(as: SIMD8<Float>.self)
                        if x == 0 { left[0] = inv[0] }
                        if x + 8 == w { right[7] = inv[7] }
                        let up = y > 0 ? UnsafeRawPointer(best + i - stride).loadUnaligned(as: SIMD8<Float>.self) : inv
                        let down = y + 1 < h ? UnsafeRawPointer(best + i + stride).loadUnaligned(as: SIMD8<Float>.self) : inv
                        let edge = DepthKernels.isEdge(inv, left, jump) .| DepthKernels.isEdge(inv, right, jump)
                            .| DepthKernels.isEdge(inv, up, jump) .| DepthKernels.isEdge(inv, down, jump)
                        level.replace(with: 0, where: edge .| .!valid)
                        level &= ~(level &>> 31)  // negative levels to 0 (a compare-and-replace compiles to a lane loop)
                        UnsafeMutableRawPointer(confidence + o).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: level), as: SIMD8<UInt8>.self)
                    }
                }
            }
        }
    }
}
