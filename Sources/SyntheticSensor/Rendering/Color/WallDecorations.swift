import CaptureEngine
import Foundation

/// Things on the walls that the colour camera sees and the LiDAR does not resolve: framed pictures,
/// sockets and light switches (thin square patches 4 mm in front of their wall), skirting boards and the
/// frames of doors and windows (strips 8 mm in front: 8 cm high along the floor between doors, 7 cm wide
/// around each opening, a 9 cm sill under each window), a radiator under each window whose sill is
/// above 0.55 m and a curtain (0.34 m wide, one fabric of six per window) either side of it. They are drawn by the
/// colour camera only (not in ``SceneGeometry/patches``: the depth map, the mesh and the engine never see
/// them), with the ``SurfaceTexture/picture``, ``SurfaceTexture/socket`` and ``SurfaceTexture/lightSwitch``
/// patterns.
///
/// Placement is seeded by the wall (its index) and avoids the wall's doors and windows: a picture
/// (0.3-0.85 m square, centre 1.2-1.7 m high) on walls longer than 1.2 m, a second on walls longer than
/// 2.2 m, a third beyond 3.5 m; a socket (8 cm, 0.3 m high) on walls longer than 1 m; a switch (8 cm, 1.05 m high) 15 cm beside
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
            // Skirting boards along the floor between the doors; frames around doors and windows.
            func strip(_ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double, _ texture: SurfaceTexture, _ material: Material) {
                guard u1 - u0 > 0.01, v1 - v0 > 0.005 else { return }
                let origin = wall.point(u: u0, v: v0) + wall.normal * (standOff * 2)
                out.append((SurfacePatch(role: .object, origin: origin, uAxis: wall.uAxis, vAxis: wall.vAxis,
                                         shape: .rectangle(uMax: u1 - u0, vMax: v1 - v0, holes: []), material: material), texture))
            }
            let doors = holes.filter { $0.z < 0.05 }.sorted { $0.x < $1.x }
            var from = 0.0
            for door in doors {
                strip(from, min(length, door.x - 0.07), 0, 0.08, .paint, Self.trim)
                from = max(from, door.y + 0.07)
            }
            strip(from, length, 0, 0.08, .paint, Self.trim)
            for h in holes {
                let door = h.z < 0.05
                let top = min(height, h.w + 0.07)
                strip(max(0, h.x - 0.07), h.x, door ? 0 : max(0, h.z - 0.07), top, .paint, Self.trim)
                strip(h.y, min(length, h.y + 0.07), door ? 0 : max(0, h.z - 0.07), top, .paint, Self.trim)
                strip(max(0, h.x - 0.07), min(length, h.y + 0.07), h.w, top, .paint, Self.trim)
                if !door { strip(max(0, h.x - 0.1), min(length, h.y + 0.1), max(0, h.z - 0.09), h.z, .paint, Self.trim) }
            }
            // Under each window a radiator, beside it a curtain on either side.
            for h in holes where h.z >= 0.05 {
                if h.z > 0.55 {
                    strip(h.x + 0.05, h.y - 0.05, 0.12, h.z - 0.15, .radiator, Self.radiator)
                }
                let fabric = random.element(of: Self.curtains)
                let top = min(height - 0.05, h.w + 0.2)
                for (a, b) in [(h.x - 0.42, h.x - 0.08), (h.y + 0.08, h.y + 0.42)] {
                    let clear = !holes.contains { $0.x < b && $0.y > a && $0.z < top && $0.w > 0.08 }
                    if clear, a >= 0, b <= length { strip(a, b, 0.08, top, .curtain, fabric) }
                    taken.append(SIMD4(a - 0.1, b + 0.1, 0, height))
                }
            }
            // Switches beside doors (holes reaching the floor).
            for h in holes where h.z < 0.05 && h.w - h.z > 1.6 {
                let near = h.y + 0.12
                if let c = place(size: 0.08, centreHeight: 1.05, near: near) { add(c, size: 0.08, texture: .lightSwitch) }
            }
            if length > 1.2 {
                let count = length > 3.5 ? 3 : (length > 2.2 ? 2 : 1)
                for _ in 0..<count {
                    let size = random.uniform(0.3, 0.85)
                    if let c = place(size: size, centreHeight: random.uniform(1.2, 1.7)) { add(c, size: size, texture: .picture) }
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
    /// White painted wood trim: skirting boards, door and window frames.
    static let trim = Material(kind: .matte, albedo: SIMD3(0.83, 0.82, 0.79), gloss: 0.3)
    /// A white painted steel radiator.
    static let radiator = Material(kind: .matte, albedo: SIMD3(0.82, 0.82, 0.8), gloss: 0.45)
    /// Curtain fabrics (one is chosen per window).
    static let curtains: [Material] = [SIMD3<Float>(0.55, 0.12, 0.1), SIMD3(0.12, 0.2, 0.42), SIMD3(0.7, 0.62, 0.45),
                                       SIMD3(0.2, 0.35, 0.2), SIMD3(0.75, 0.74, 0.7), SIMD3(0.45, 0.3, 0.5)].map {
        Material(kind: .matte, albedo: $0, gloss: 0)
    }
    /// A white plastic socket or switch plate.
    static let plate = Material(kind: .matte, albedo: SIMD3(0.8, 0.8, 0.78), gloss: 0.35)
}
