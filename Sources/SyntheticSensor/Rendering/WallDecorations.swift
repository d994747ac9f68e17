import CaptureEngine
import Foundation

/// Things on the walls that the colour camera sees and the LiDAR does not resolve: framed pictures,
/// sockets and light switches, as thin square patches 4 mm in front of their wall. They are drawn by the
/// colour camera only (not in ``SceneGeometry/patches``: the depth map, the mesh and the engine never see
/// them), with the ``SurfaceTexture/picture``, ``SurfaceTexture/socket`` and ``SurfaceTexture/lightSwitch``
/// patterns.
///
/// Placement is seeded by the wall (its room and index) and avoids the wall's doors and windows: a picture
/// (0.35-0.8 m square, centre 1.35-1.65 m high) on walls longer than 1.6 m, a second on walls longer than
/// 4 m; a socket (8 cm, 0.3 m high) on walls longer than 1 m; a switch (8 cm, 1.05 m high) 15 cm beside
/// each door. This project's choice of a furnished home's walls, not a measurement.
enum WallDecorations {
    /// Offset from the wall, metres.
    static let standOff = 0.004

    /// The decorations of `geometry`'s walls (its wall patches, in order), each with its pattern.
    static func patches(geometry: SceneGeometry) -> [(patch: SurfacePatch, texture: SurfaceTexture)] {
        var out: [(patch: SurfacePatch, texture: SurfaceTexture)] = []
        for (index, wall) in geometry.patches.enumerated() where wall.role == .wall {
            guard case .rectangle(let length, let height, let holes) = wall.shape else { continue }
            var random = SeededRandom(seed: SeededRandom.hash(0xDEC0_0000 ^ UInt64(index)))
            var taken: [SIMD4<Double>] = holes.map { SIMD4($0.x - 0.1, $0.y + 0.1, $0.z - 0.1, $0.w + 0.1) }
            func place(size: Double, centreHeight: Double, near: Double? = nil) -> SIMD2<Double>? {
                guard length > size + 0.4, centreHeight + size / 2 < height - 0.05 else { return nil }
                for attempt in 0..<8 {
                    let u0: Double
                    if let near {
                        u0 = attempt == 0 ? near : random.uniform(0.2, length - size - 0.2)
                    } else {
                        u0 = random.uniform(0.2, length - size - 0.2)
                    }
                    let rect = SIMD4(u0, u0 + size, centreHeight - size / 2, centreHeight + size / 2)
                    guard u0 >= 0.05, u0 + size <= length - 0.05 else { continue }
                    let overlaps = taken.contains { $0.x < rect.y && $0.y > rect.x && $0.z < rect.w && $0.w > rect.z }
                    if !overlaps {
                        taken.append(SIMD4(rect.x - 0.15, rect.y + 0.15, rect.z - 0.15, rect.w + 0.15))
                        return SIMD2(u0, rect.z)
                    }
                }
                return nil
            }
            func add(_ corner: SIMD2<Double>, size: Double, texture: SurfaceTexture) {
                let origin = wall.point(u: corner.x, v: corner.y) + wall.normal * standOff
                let material = texture == .picture ? Self.picture : Self.plate
                out.append((SurfacePatch(role: .object, origin: origin, uAxis: wall.uAxis, vAxis: wall.vAxis,
                                         shape: .rectangle(uMax: size, vMax: size, holes: []), material: material), texture))
            }
            // Switches beside doors (holes reaching the floor).
            for h in holes where h.z < 0.05 && h.w - h.z > 1.6 {
                let near = h.y + 0.12
                if let c = place(size: 0.08, centreHeight: 1.05, near: near) { add(c, size: 0.08, texture: .lightSwitch) }
            }
            if length > 1.6 {
                let count = length > 4 ? 2 : 1
                for _ in 0..<count {
                    let size = random.uniform(0.35, 0.8)
                    if let c = place(size: size, centreHeight: random.uniform(1.35, 1.65)) { add(c, size: size, texture: .picture) }
                }
            }
            if length > 1 {
                if let c = place(size: 0.08, centreHeight: 0.3) { add(c, size: 0.08, texture: .socket) }
            }
        }
        return out
    }

    /// A framed print behind glass.
    static let picture = Material(kind: .matte, albedo: SIMD3(0.45, 0.45, 0.45), gloss: 0.3)
    /// A white plastic socket or switch plate.
    static let plate = Material(kind: .matte, albedo: SIMD3(0.8, 0.8, 0.78), gloss: 0.35)
}
