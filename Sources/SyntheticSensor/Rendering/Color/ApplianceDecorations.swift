import CaptureEngine
import Foundation

/// Things stuck on a refrigerator's doors that the colour camera sees and the LiDAR does not resolve:
/// notes (7-10 cm squares of paper in pastel colours), leaflets and calendars (printed, 12-18 cm by
/// 17-26 cm) and magnets (3-5 cm, saturated colours), thin square patches 2 mm in front of each door's
/// front face. A large plain appliance front was the emptiest part of a kitchen image (about 6 % of the
/// apartment's pixels held 1 % of its SIFT features, docs/camera-realism.md); a lived-in kitchen's fridge
/// carries a few such things. Drawn by the colour camera only, as ``WallDecorations`` are.
///
/// Placement is seeded by the door's patch index: two to six items a door, in its middle 80 % across and
/// between 0.25 m and 1.75 m above the floor, not overlapping. This project's choice, not a measurement.
enum ApplianceDecorations {
    /// Offset from the door, metres.
    static let standOff = 0.002

    /// The decorations of `geometry`'s refrigerator doors, each with its pattern.
    static func patches(geometry: SceneGeometry) -> [(patch: SurfacePatch, texture: SurfaceTexture)] {
        var out: [(patch: SurfacePatch, texture: SurfaceTexture)] = []
        let patches = geometry.patches
        // Each refrigerator's centre (the mean of its patches' centres) and floor (its lowest point).
        var extents: [Int: (sum: SIMD3<Double>, count: Double, floor: Double)] = [:]
        for patch in patches {
            guard let owner = patch.owner, owner.clutterIndex == nil, owner.category == .refrigerator, let object = owner.objectIndex else { continue }
            let corners = patch.corners
            let entry = extents[object] ?? (.zero, 0, .infinity)
            extents[object] = (entry.sum + corners.reduce(.zero, +) / Double(corners.count), entry.count + 1,
                               min(entry.floor, corners.map(\.y).min()!))
        }
        for (index, door) in patches.enumerated() {
            guard let owner = door.owner, owner.clutterIndex == nil, owner.category == .refrigerator, owner.part == .door,
                  let object = owner.objectIndex, let extent = extents[object],
                  case .rectangle(let width, let height, _) = door.shape, width > 0.3, height > 0.3, abs(door.normal.y) < 0.1 else { continue }
            // The front face: it faces away from the appliance's middle (the door's back faces into it).
            let corners = door.corners
            let middle = corners.reduce(SIMD3<Double>.zero, +) / Double(corners.count)
            guard door.normal.dot(middle - extent.sum / extent.count) > 0 else { continue }
            var random = SeededRandom(seed: SeededRandom.hash(0xF1D6_0000 ^ UInt64(index)))
            var taken: [SIMD4<Double>] = []
            for _ in 0..<(2 + Int(random.uniform(0, 5))) {
                let kind = random.uniform(0, 1)
                let (w, h, texture, material): (Double, Double, SurfaceTexture, Material)
                if kind < 0.45 {
                    let side = random.uniform(0.07, 0.1)
                    (w, h, texture, material) = (side, side, .paper, random.element(of: Self.notes))
                } else if kind < 0.7 {
                    let across = random.uniform(0.12, 0.18)
                    (w, h, texture, material) = (across, across * random.uniform(1.3, 1.45), .printed, Self.leaflet)
                } else {
                    let side = random.uniform(0.03, 0.05)
                    (w, h, texture, material) = (side, side, .flat, random.element(of: Self.magnets))
                }
                for _ in 0..<8 {
                    let u0 = random.uniform(0.1 * width, max(0.1 * width, 0.9 * width - w)), v0 = random.uniform(0, max(0, height - h))
                    let ys = [door.point(u: u0, v: v0).y, door.point(u: u0, v: v0 + h).y]
                    guard u0 + w <= width, v0 + h <= height, ys.min()! >= extent.floor + 0.25, ys.max()! <= extent.floor + 1.75 else { continue }
                    let rect = SIMD4(u0, u0 + w, v0, v0 + h)
                    guard !taken.contains(where: { $0.x < rect.y && $0.y > rect.x && $0.z < rect.w && $0.w > rect.z }) else { continue }
                    taken.append(SIMD4(rect.x - 0.01, rect.y + 0.01, rect.z - 0.01, rect.w + 0.01))
                    out.append((SurfacePatch(role: .object, origin: door.point(u: u0, v: v0) + door.normal * standOff, uAxis: door.uAxis,
                                             vAxis: door.vAxis, shape: .rectangle(uMax: w, vMax: h, holes: []), material: material), texture))
                    break
                }
            }
        }
        return out
    }

    /// Paper notes: pale yellow, white, pink, light blue, light green.
    static let notes: [Material] = [SIMD3<Float>(0.9, 0.85, 0.45), SIMD3(0.88, 0.88, 0.85), SIMD3(0.9, 0.65, 0.72),
                                    SIMD3(0.6, 0.78, 0.9), SIMD3(0.7, 0.88, 0.6)].map { Material(kind: .matte, albedo: $0, gloss: 0) }
    /// A printed leaflet or calendar page.
    static let leaflet = Material(kind: .matte, albedo: SIMD3(0.82, 0.8, 0.76), gloss: 0.2)
    /// Fridge magnets: red, blue, yellow, green, black, orange.
    static let magnets: [Material] = [SIMD3<Float>(0.6, 0.08, 0.06), SIMD3(0.08, 0.2, 0.6), SIMD3(0.85, 0.7, 0.08),
                                      SIMD3(0.1, 0.45, 0.15), SIMD3(0.05, 0.05, 0.05), SIMD3(0.85, 0.4, 0.08)].map {
        Material(kind: .matte, albedo: $0, gloss: 0.5)
    }
}
