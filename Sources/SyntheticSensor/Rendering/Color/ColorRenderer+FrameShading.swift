import CaptureEngine
import CColorShading
import Foundation

extension ColorRenderer {
    /// What shading one pose needs: the camera, each patch's normal (facing the camera), material and light;
    /// the C pass (``shadeKernel``) and its Swift reference (ColorShading+Reference.swift) shade with it.
    struct FrameShading: Sendable {
        let renderer: ColorRenderer
        let camera: SIMD3<Float>
        /// World ray of pixel (x, y) = rayX * x + rayY * y + rayOrigin (its camera z component is -1, so a
        /// z-depth times it is the offset from the camera).
        let rayX: SIMD3<Float>, rayY: SIMD3<Float>, rayOrigin: SIMD3<Float>
        let normals: [SIMD3<Float>]
        let paneNormals: [SIMD3<Float>]
        let sun: SIMD3<Float>
        /// How far past its penumbra a window's sun edge makes a 4x4 block lit pixel by pixel, metres per
        /// metre of depth: six pixels' width (a block's half-diagonal, 2.8 pixels, twice over for the slant
        /// of the sun's path through the window; ``sunEdge(_:normal:room:inverse:)``).
        let sunEdgeWiden: Float
        /// Whether ``store`` sets the linear samples (the first pose) rather than adding to them.
        let stores: Bool
        /// Whether any glass pane is in view (otherwise the pane ids are not read: no pixel has one).
        let panesInView: Bool

        init(renderer: ColorRenderer, pose: RigidTransform, camera k: CameraIntrinsics, stores: Bool, panesInView: Bool) {
            self.renderer = renderer
            self.stores = stores
            self.panesInView = panesInView
            func f(_ v: SIMD3<Double>) -> SIMD3<Float> { SIMD3<Float>(Float(v.x), Float(v.y), Float(v.z)) }
            camera = f(pose.translation)
            rayX = f(pose.rotation.act(SIMD3(1 / k.fx, 0, 0)))
            rayY = f(pose.rotation.act(SIMD3(0, -1 / k.fy, 0)))
            rayOrigin = f(pose.rotation.act(SIMD3(-k.cx / k.fx, k.cy / k.fy, -1)))
            let eye = pose.translation
            func facing(_ p: SurfacePatch) -> SIMD3<Float> {
                let n = p.normal
                return f(n.dot(eye - p.origin) >= 0 ? n : -n)
            }
            normals = renderer.drawnPatches.map(facing)
            paneNormals = renderer.geometry.panes.map(facing)
            sun = f(renderer.settings.sunDirection)
            sunEdgeWiden = Float(6 / k.fx)
        }

        /// Calls `body` with the C shading pass's description of this pose (``ColorShadingTables/withFrame``)
        /// when `enabled`, with nil otherwise.
        func withKernelFrame(_ enabled: Bool, _ body: (SendablePointer<ccolor_frame>?) -> Void) {
            guard enabled else { return body(nil) }
            renderer.shadingTables.withFrame(camera: camera, rayX: rayX, rayY: rayY, rayOrigin: rayOrigin, sun: sun,
                                             sunEdgeWiden: sunEdgeWiden, groundY: renderer.groundY, settings: renderer.settings, normals: normals, paneNormals: paneNormals) { frame in
                body(SendablePointer(UnsafeMutablePointer(mutating: frame)))
            }
        }

        /// What ``shade(rows:width:stride:best:ids:paneIds:weight:out:outFirstRow:)`` does, through the C
        /// kernel (`ccolor_shade_rows`: the visible surfaces' light eight evaluations at a time, the sky and
        /// glass panes, stored or added), with the same bytes: the mirror pixels it leaves out, whose indices
        /// `y * stride + x` it writes to `deferred`, are shaded here one by one.
        func shadeKernel(frame: UnsafePointer<ccolor_frame>, scratch: OpaquePointer, deferred: UnsafeMutablePointer<Int32>,
                         rows: Range<Int>, width: Int, stride: Int, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
                         paneIds: UnsafeMutablePointer<Int32>, weight: Float, out: UnsafeMutablePointer<Float>, outFirstRow: Int) {
            let count = ccolor_shade_rows(frame, scratch, rows.lowerBound, rows.upperBound, width, stride, best, ids,
                                          panesInView ? UnsafePointer(paneIds) : nil, weight, stores ? 1 : 0, out, outFirstRow, deferred)
            for k in 0..<count {
                let i = Int(deferred[k])
                shadePixel(x: i % stride, y: i / stride, width: width, stride: stride, best: best, ids: ids, paneIds: paneIds,
                           weight: weight, out: out, outFirstRow: outFirstRow)
            }
        }

        /// Shades one pixel on its own.
        @inline(__always)
        func shadePixel(x: Int, y: Int, width: Int, stride: Int, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
                        paneIds: UnsafeMutablePointer<Int32>, weight: Float, out: UnsafeMutablePointer<Float>, outFirstRow: Int) {
            let i = y * stride + x
            let ray = rayX * Float(x) + rayY * Float(y) + rayOrigin
            let view = -ray / (ray * ray).sum().squareRoot()
            var colour: SIMD3<Float>
            let id = Int(ids[i])
            let inverse = best[i]
            if id >= 0, inverse > 0 {
                let point = camera + ray * (1 / inverse)
                let material = renderer.patchMaterials[id]
                if material.kind == .mirror {
                    colour = reflection(point: point, normal: normals[id], view: view) * material.albedo
                } else {
                    colour = radiance(point: point, normal: normals[id], view: view, material: material,
                                      room: Int(renderer.patchRoom[id]))
                }
            } else {
                colour = sky(-view, from: camera)
            }
            store(colour, x: x, y: y, width: width, stride: stride, paneIds: paneIds, weight: weight, out: out, outFirstRow: outFirstRow)
        }

        /// Stores (first pose) or adds a pixel's colour (through its glass pane, if any) times `weight` in
        /// the linear image `out`, whose first row is image row `outFirstRow`.
        @inline(__always)
        func store(_ surface: SIMD3<Float>, x: Int, y: Int, width: Int, stride: Int, paneIds: UnsafeMutablePointer<Int32>,
                   weight: Float, out: UnsafeMutablePointer<Float>, outFirstRow: Int) {
            var colour = surface
            let pane = panesInView ? Int(paneIds[y * stride + x]) : -1
            if pane >= 0 {
                let ray = rayX * Float(x) + rayY * Float(y) + rayOrigin
                let glass = renderer.geometry.panes[pane].material
                // Transmitted light tinted by the glass, plus a 6 % reflection of the sky.
                let reflected = sky(reflect(ray / (ray * ray).sum().squareRoot(), paneNormals[pane]), from: camera)
                colour = colour * glass.albedo * 0.94 + reflected * 0.06
            }
            let o = ((y - outFirstRow) * width + x) * 3
            if stores {
                out[o] = colour.x * weight
                out[o + 1] = colour.y * weight
                out[o + 2] = colour.z * weight
            } else {
                out[o] += colour.x * weight
                out[o + 1] += colour.y * weight
                out[o + 2] += colour.z * weight
            }
        }

        /// A colour times the pose's weight, lane by lane (what ``store`` writes on the first pose).
        @inline(__always)
        func surfaceColour(_ colour: SIMD3<Float>, weight: Float) -> SIMD3<Float> {
            SIMD3(colour.x * weight, colour.y * weight, colour.z * weight)
        }

        /// Light leaving a surface point towards the viewer (linear).
        func radiance(point: SIMD3<Float>, normal n: SIMD3<Float>, view: SIMD3<Float>, material: Material, room: Int) -> SIMD3<Float> {
            let s = renderer.settings
            var diffuse = s.ambient
            var specular: Float = 0
            // Specular weight and Blinn-Phong exponent 2^(2 + 6 * gloss) by repeated squaring.
            let ks = material.specularWeight
            let squarings = material.blinnSquarings
            func blinn(_ l: SIMD3<Float>) -> Float {
                let hv = l + view
                let hl = (hv * hv).sum().squareRoot()
                guard hl > 1e-6 else { return 0 }
                var c = max(0, (n * hv).sum() / hl)
                for _ in 0..<squarings { c *= c }
                return c
            }
            let shiny = material.isShiny
            if room >= 0 {
                if s.ceilingLight > 0 {
                    let toLight = renderer.lights[room] - point
                    let d2 = max(0.25, (toLight * toLight).sum())
                    let l = toLight / d2.squareRoot()
                    let ndl = (n * l).sum()
                    if ndl > 0 {
                        diffuse += s.ceilingLight * ndl / d2
                        if shiny { specular += s.ceilingLight * blinn(l) / d2 }
                    }
                }
                let nds = (n * sun).sum()
                if s.sun > 0, nds > 0 {
                    let coverage = sunlight(point, room: room)
                    if coverage > 0 {
                        diffuse += s.sun * nds * coverage
                        if shiny { specular += s.sun * blinn(sun) * coverage }
                    }
                }
            }
            return material.albedo * diffuse + SIMD3(repeating: ks * specular)
        }

        /// How much of the sun's disc a point sees through its room's windows, 0...1 (the most any one
        /// window lets through). The sun is a disc ``ColorRenderer/sunAngularRadius`` wide, so a window's
        /// edge casts a penumbra growing with the distance `t` to it: across the edge the light ramps
        /// from 0 to 1 over `2 t r` (a box approximation of the disc), a few millimetres on a floor a
        /// metre below the sill, and the sun patch has no stair-stepped edge.
        func sunlight(_ p: SIMD3<Float>, room: Int, widen: Float = 0) -> Float {
            var most: Float = 0
            for window in renderer.roomWindows[room] {
                let denominator = (window.normal * sun).sum()
                guard abs(denominator) > 1e-6 else { continue }
                let t = (window.normal * (window.origin - p)).sum() / denominator
                guard t > 0 else { continue }
                let q = p + sun * t - window.origin
                let a = (q * window.u).sum(), b = (q * window.v).sum()
                let half = t * ColorRenderer.sunAngularRadius + 1e-4 + widen
                let across = max(0, min(1, (min(a, window.width - a) + half) / (half + half)))
                let up = max(0, min(1, (min(b, window.height - b) + half) / (half + half)))
                most = max(most, across * up)
            }
            return most
        }

        /// Whether a 4x4 block whose centre is `p` (inverse depth `inverse`) on a surface of `normal` in
        /// room `room` lies on a sun edge: within its penumbra widened by ``sunEdgeWiden`` (the share of the
        /// sun seen with that wider ramp strictly between 0 and 1). Such a block is lit pixel by pixel.
        func sunEdge(_ p: SIMD3<Float>, normal n: SIMD3<Float>, room: Int, inverse: Float) -> Bool {
            guard renderer.settings.sun > 0, room >= 0, (n * sun).sum() > 0 else { return false }
            let wide = sunlight(p, room: room, widen: sunEdgeWiden * (1 / inverse))
            return wide > 0 && wide < 1
        }

        /// The outside seen in a world direction from `origin`, linear: the ground below the horizon
        /// (``ColorRenderer/outsideGround``), a distant skyline of buildings with rows of windows just above it
        /// (``ColorRenderer/skylineBrightness``), the sky's gradient above that. `ccolor_shade_rows`'
        /// `sky_rgb8` does the same operations (from the camera; mirrors are shaded here only).
        func sky(_ direction: SIMD3<Float>, from origin: SIMD3<Float>) -> SIMD3<Float> {
            let s = renderer.settings.sky
            let up = direction.y
            if up < 0 { return ColorRenderer.outsideGround(origin: origin, direction: direction, groundY: renderer.groundY) * s * 0.5 }
            let building = ColorRenderer.skylineBrightness(x: direction.x, up: up, z: direction.z)
            if building > 0 { return SIMD3(0.9, 0.88, 0.85) * building * s }
            return (SIMD3(0.75, 0.85, 1.0) * (1 - up) + SIMD3(0.35, 0.55, 0.95) * up) * s
        }

        func reflect(_ d: SIMD3<Float>, _ n: SIMD3<Float>) -> SIMD3<Float> { d - n * (2 * (d * n).sum()) }

        /// What a mirror at `point` shows: one reflected ray cast against every patch (mirrors seen in a
        /// mirror show their own grey).
        func reflection(point: SIMD3<Float>, normal: SIMD3<Float>, view: SIMD3<Float>) -> SIMD3<Float> {
            let d = reflect(-view, normal)
            let origin = SIMD3<Double>(Double(point.x), Double(point.y), Double(point.z))
            let direction = SIMD3<Double>(Double(d.x), Double(d.y), Double(d.z)).normalized
            guard let hit = renderer.geometry.nearestHit(origin: origin + direction * 1e-3, direction: direction,
                                                         maxDistance: ColorRenderer.rangeMeters) else { return sky(d, from: point) }
            let patch = renderer.geometry.patches[hit.patch]
            let p = origin + direction * (hit.distance + 1e-3)
            let hitPoint = SIMD3<Float>(Float(p.x), Float(p.y), Float(p.z))
            var n = patch.normal
            if n.dot(direction) > 0 { n = -n }
            let hitNormal = SIMD3<Float>(Float(n.x), Float(n.y), Float(n.z))
            var material = patch.material
            if material.kind == .mirror { material = .preset(.matte) }
            return radiance(point: hitPoint, normal: hitNormal, view: -d, material: material, room: Int(renderer.patchRoom[hit.patch]))
        }
    }
}
