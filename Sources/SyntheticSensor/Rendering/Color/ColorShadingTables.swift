import CColorShading

/// The colour camera's scene tables for the C shading pass (`ccolor_shade_rows` of CColorShading, SIMDe's
/// AVX2 API): each patch's record (albedo, specular weight, its room's ceiling light, Blinn-Phong
/// squarings, flags and room: eight floats, one load a lane) and flags; each room's windows; each glass
/// pane's albedo. Built once per renderer with the same Float
/// expressions as ``ColorRenderer``'s Swift shading, so the kernel's images are bit-identical to it.
struct ColorShadingTables: Sendable {
    /// Per patch a record of 8 floats (albedo, specular weight, its room's light, squarings | flags << 8 |
    /// (room + 1) << 16 as the bits of a float), per window 16 floats (origin and width, u and height, v,
    /// normal), per pane albedo (4 floats).
    private let floats: [Float]
    /// Per patch flags, per room its first window (room count + 1 entries).
    private let ints: [Int32]
    private let patchCount: Int, windowCount: Int

    init(materials: [Material], patchRoom: [Int32], lights: [SIMD3<Float>], roomWindows: [[ColorRenderer.Window]],
         paneMaterials: [Material]) {
        patchCount = materials.count
        windowCount = roomWindows.reduce(0) { $0 + $1.count }
        let flags: [Int32] = materials.map { m in
            (m.litPerBlock ? Int32(CCOLOR_LIT_PER_BLOCK) : 0)
                | (m.kind == .mirror ? Int32(CCOLOR_MIRROR) : 0) | (m.isShiny ? Int32(CCOLOR_SHINY) : 0)
        }
        var floats: [Float] = []
        floats.reserveCapacity(8 * patchCount + 16 * windowCount + 4 * paneMaterials.count)
        for (index, m) in materials.enumerated() {
            // FrameShading.radiance's `ks` and `squarings`, from the same Material properties.
            let ks = m.specularWeight
            let squarings = Int32(m.blinnSquarings)
            let room = patchRoom[index]
            let light = room >= 0 ? lights[Int(room)] : .zero
            let bits = UInt32(bitPattern: squarings | flags[index] << 8 | (room + 1) << 16)
            floats += [m.albedo.x, m.albedo.y, m.albedo.z, ks, light.x, light.y, light.z, Float(bitPattern: bits)]
        }
        for window in roomWindows.joined() {
            floats += [window.origin.x, window.origin.y, window.origin.z, window.width,
                       window.u.x, window.u.y, window.u.z, window.height,
                       window.v.x, window.v.y, window.v.z, 0,
                       window.normal.x, window.normal.y, window.normal.z, 0]
        }
        for m in paneMaterials { floats += [m.albedo.x, m.albedo.y, m.albedo.z, 0] }
        if floats.isEmpty { floats = [0] }  // A base address even for a scene with nothing in it.
        self.floats = floats
        var ints = flags
        var start: Int32 = 0
        for windows in roomWindows {
            ints.append(start)
            start += Int32(windows.count)
        }
        ints.append(start)
        self.ints = ints
    }

    /// Calls `body` with the kernel's description of one pose (`ccolor_frame`): the camera and its rays, the
    /// sun, the lights' strengths, the patches' normals facing the camera (`normals`, `paneNormals`) and
    /// these tables. The pointer is valid during `body` only.
    func withFrame<R>(camera: SIMD3<Float>, rayX: SIMD3<Float>, rayY: SIMD3<Float>, rayOrigin: SIMD3<Float>, sun: SIMD3<Float>,
                      sunEdgeWiden: Float, groundY: Float, settings: CameraSettings, normals: [SIMD3<Float>], paneNormals: [SIMD3<Float>],
                      _ body: (UnsafePointer<ccolor_frame>) -> R) -> R {
        func triple(_ v: SIMD3<Float>) -> (Float, Float, Float) { (v.x, v.y, v.z) }
        return floats.withUnsafeBufferPointer { f in
            ints.withUnsafeBufferPointer { i in
                normals.withUnsafeBytes { n in
                    paneNormals.withUnsafeBytes { pn in
                        let f0 = f.baseAddress!, i0 = i.baseAddress!
                        let windowStart = 8 * patchCount, paneStart = windowStart + 16 * windowCount
                        var frame = ccolor_frame(
                            camera: triple(camera), ray_x: triple(rayX), ray_y: triple(rayY), ray_origin: triple(rayOrigin),
                            sun: triple(sun), ambient: settings.ambient, ceiling_light: settings.ceilingLight,
                            sun_strength: settings.sun, sky: settings.sky, ground_y: groundY, sun_angular_radius: ColorRenderer.sunAngularRadius,
                            sun_edge_widen: sunEdgeWiden,
                            normals: n.baseAddress?.assumingMemoryBound(to: Float.self), records: f0, flags: i0,
                            window_start: i0 + patchCount, windows: f0 + windowStart,
                            pane_normals: pn.baseAddress?.assumingMemoryBound(to: Float.self), pane_albedo: f0 + paneStart)
                        return body(&frame)
                    }
                }
            }
        }
    }
}
