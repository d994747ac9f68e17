import Foundation
import CaptureEngine

/// A scene's surfaces as flat patches in world coordinates (Y up, metres): each room's walls (with the
/// holes of every door, window and opening on the same line, so adjacent rooms see through), its
/// floor and ceiling (triangulated), every object's shape (``FurnitureShape``, or its box for
/// `"shape": "box"`) and every clutter item (``ClutterPlacement``), as faces of closed boxes.
public struct SceneGeometry: Sendable {
    /// Every surface patch; walls first, then floors, ceilings, object faces and clutter faces.
    public private(set) var patches: [SurfacePatch] = []
    /// The patches in groups with a bounding sphere, in patch order: the rooms' patches first (one
    /// group, never culled), then one group per object and per clutter item (closed solids).
    public private(set) var groups: [PatchGroup] = []
    /// Index of the first patch of a closed solid (object or clutter): from here on, a patch seen from
    /// behind is hidden by the solid's other faces.
    public private(set) var solidPatchStart = 0
    /// Glass panes in the openings that have a glass material (windows by default), for the colour
    /// camera only: they are not in ``patches``, so depth and the mesh see through the holes.
    public private(set) var panes: [SurfacePatch] = []
    /// Each patch's plane for ``nearestHit(origin:direction:maxDistance:)``, in patch order: a table of
    /// plain vectors, so a ray tests a patch without copying its shape (and its holes' array) or
    /// recomputing its normal. Reflections cast one ray a mirror pixel against every patch.
    private var rayPlanes: [RayPlane] = []

    private struct RayPlane {
        var origin: SIMD3<Double>, normal: SIMD3<Double>, uAxis: SIMD3<Double>, vAxis: SIMD3<Double>
    }

    /// Builds the patches of a scene.
    public init(scene: Scene) {
        self.init(rooms: scene.rooms, objects: scene.objects)
    }

    /// Builds the patches of rooms and objects.
    public init(rooms: [Room], objects: [SceneObject]) {
        let up = SIMD3<Double>(0, 1, 0)
        // Every hole in world terms: a point on the wall line, its direction, the along-wall span and height span.
        struct WorldHole { var start: SIMD3<Double>; var direction: SIMD3<Double>; var width: Double; var yMin: Double; var yMax: Double }
        var holes: [WorldHole] = []
        for room in rooms {
            for o in room.openings {
                let (a, b) = room.wallEnds(o.wall)
                let a3 = SIMD3(a.x, 0, a.y), b3 = SIMD3(b.x, 0, b.y)
                let dir = (b3 - a3).normalized
                if let material = o.material, material.kind == .glass {
                    panes.append(SurfacePatch(role: .wall, origin: a3 + dir * o.offset + SIMD3(0, room.floorHeight + o.sillHeight, 0),
                                              uAxis: dir, vAxis: up, shape: .rectangle(uMax: o.width, vMax: o.height, holes: []),
                                              material: material))
                }
                holes.append(WorldHole(start: a3 + dir * o.offset, direction: dir, width: o.width,
                                       yMin: room.floorHeight + o.sillHeight, yMax: room.floorHeight + o.sillHeight + o.height))
            }
        }
        for room in rooms {
            let interiorOnLeft = room.signedArea > 0
            for w in room.floor.indices {
                var (a, b) = room.wallEnds(w)
                // Orient the wall so that uAxis x up points into the room.
                if !interiorOnLeft { swap(&a, &b) }
                let origin = SIMD3(a.x, room.floorHeight, a.y)
                let end = SIMD3(b.x, room.floorHeight, b.y)
                let length = (end - origin).length
                guard length > 1e-9 else { continue }
                let u = (end - origin) / length
                var wallHoles: [SIMD4<Double>] = []
                for h in holes {
                    guard abs(u.cross(h.direction).y) < 1e-6 else { continue }
                    let offsetFromLine = (h.start - SIMD3(origin.x, 0, origin.z))
                    guard abs(offsetFromLine.cross(u).y) < 0.02 else { continue }
                    let s0 = offsetFromLine.dot(u), s1 = s0 + h.width * h.direction.dot(u)
                    let uMin = min(s0, s1), uMax = max(s0, s1)
                    guard uMax > 0, uMin < length else { continue }
                    wallHoles.append(SIMD4(uMin, uMax, h.yMin - room.floorHeight, h.yMax - room.floorHeight))
                }
                patches.append(SurfacePatch(role: .wall, origin: origin, uAxis: u, vAxis: up,
                                            shape: .rectangle(uMax: length, vMax: room.wallHeight, holes: wallHoles),
                                            material: room.materials.walls ?? .wall))
            }
        }
        for room in rooms {
            // Floor: u = x, v = -z (front normal +Y). Ceiling: u = x, v = z (front normal -Y).
            let floorUV = room.floor.map { SIMD2($0.x, -$0.y) }
            for (i, j, k) in PolygonTriangulation.triangulate(floorUV) {
                patches.append(SurfacePatch(role: .floor, origin: SIMD3(0, room.floorHeight, 0), uAxis: SIMD3(1, 0, 0),
                                            vAxis: SIMD3(0, 0, -1), shape: .triangle(floorUV[i], floorUV[j], floorUV[k]),
                                            material: room.materials.floor ?? .floor))
            }
            let ceilingUV = room.floor.map { SIMD2($0.x, $0.y) }
            for (i, j, k) in PolygonTriangulation.triangulate(ceilingUV) {
                patches.append(SurfacePatch(role: .ceiling, origin: SIMD3(0, room.floorHeight + room.wallHeight, 0),
                                            uAxis: SIMD3(1, 0, 0), vAxis: SIMD3(0, 0, 1),
                                            shape: .triangle(ceilingUV[i], ceilingUV[j], ceilingUV[k]),
                                            material: room.materials.ceiling ?? .ceiling))
            }
        }
        solidPatchStart = patches.count
        groups = [PatchGroup(patches: 0..<patches.count, centre: .zero, radius: .infinity)]
        for (index, object) in objects.enumerated() {
            let boxes: [ShapeBox]
            switch object.shape {
            case .box: boxes = [ShapeBox(centre: .zero, size: object.dimensions, part: .box)]
            case .shaped: boxes = FurnitureShape.make(category: object.category, dimensions: object.dimensions, variant: object.variant).boxes
            }
            addSolid(boxes, transform: object.transform,
                     owner: PatchOwner(objectIndex: index, category: object.category, part: .box)) { part in
                Material.forPart(part, of: object.effectiveMaterial)
            }
        }
        for (index, item) in ClutterPlacement.items(rooms: rooms, objects: objects).enumerated() {
            addSolid(item.boxes, transform: item.transform,
                     owner: PatchOwner(objectIndex: item.objectIndex, category: nil, clutterIndex: index, clutterKind: item.kind, part: .box)) { part in
                Material.clutterMaterial(for: part, item: index)
            }
        }
        rayPlanes = patches.map { RayPlane(origin: $0.origin, normal: $0.normal, uAxis: $0.uAxis, vAxis: $0.vAxis) }
    }

    /// Adds the faces of closed boxes (given in a frame placed by `transform`) as one group: five faces
    /// for a box resting on a surface, six otherwise, each outward-facing and owned by `owner` with the
    /// box's part, and made of the material `material` gives for that part.
    private mutating func addSolid(_ boxes: [ShapeBox], transform: RigidTransform, owner: PatchOwner,
                                   material: (FurniturePart) -> Material) {
        let first = patches.count
        var low = SIMD3<Double>(repeating: .infinity), high = SIMD3<Double>(repeating: -.infinity)
        for box in boxes {
            var partOwner = owner
            partOwner.part = box.part
            let h = box.size / 2
            let r = transform.rotation * Quaternion(angle: box.yawRadians, axis: SIMD3(0, 1, 0))
            let c = transform.apply(toPoint: box.centre)
            let x = r.act(SIMD3(1, 0, 0)), y = r.act(SIMD3(0, 1, 0)), z = r.act(SIMD3(0, 0, 1))
            let faces = box.sides >= 3 ? Self.prismPatches : Self.boxPatches
            patches += faces(box, c, x, y, z, material(box.part), partOwner)
            for sx in [-1.0, 1.0] { for sy in [-1.0, 1.0] { for sz in [-1.0, 1.0] {
                let p = c + x * (sx * h.x) + y * (sy * h.y) + z * (sz * h.z)
                low = pointwiseMin(low, p)
                high = pointwiseMax(high, p)
            } } }
        }
        guard patches.count > first else { return }
        let centre = (low + high) / 2
        groups.append(PatchGroup(patches: first..<patches.count, centre: centre, radius: ((high - low) / 2).length))
    }

    /// The six faces of `box` (five when it rests on a surface), centre `c` and axes x, y, z in the world,
    /// each outward.
    static func boxPatches(_ box: ShapeBox, centre c: SIMD3<Double>, x: SIMD3<Double>, y: SIMD3<Double>, z: SIMD3<Double>,
                           material: Material, owner: PatchOwner?) -> [SurfacePatch] {
        let h = box.size / 2
        // (face centre offset, u axis, v axis, half extent along u, half extent along v); u x v is outward.
        var faces: [(SIMD3<Double>, SIMD3<Double>, SIMD3<Double>, Double, Double)] = [
            (x * h.x, -z, y, h.z, h.y), (-x * h.x, z, y, h.z, h.y),
            (y * h.y, x, -z, h.x, h.z), (-y * h.y, x, z, h.x, h.z),
            (z * h.z, x, y, h.x, h.y), (-z * h.z, -x, y, h.x, h.y),
        ]
        if box.restsOnSurface { faces.remove(at: 3) }
        return faces.map { centre, u, v, hu, hv in
            SurfacePatch(role: .object, origin: c + centre - u * hu - v * hv, uAxis: u, vAxis: v,
                         shape: .rectangle(uMax: 2 * hu, vMax: 2 * hv, holes: []), material: material, owner: owner)
        }
    }

    /// The patches of an upright prism of `box.sides` sides inscribed in `box` (centre `c` and axes x, y, z
    /// in the world): a rectangle per side, corner k at angle 2 pi k / sides on the ellipse of the half sizes
    /// along x and z, and fans of triangles for the top and (unless the box rests) the bottom; all outward.
    static func prismPatches(_ box: ShapeBox, centre c: SIMD3<Double>, x: SIMD3<Double>, y: SIMD3<Double>, z: SIMD3<Double>,
                             material: Material, owner: PatchOwner?) -> [SurfacePatch] {
        var patches: [SurfacePatch] = []
        let h = box.size / 2, n = box.sides
        // Corner k in the box's own (x, z) plane.
        let ring = (0..<n).map { k -> SIMD2<Double> in
            let a = 2 * Double.pi * Double(k) / Double(n)
            return SIMD2(h.x * cos(a), h.z * sin(a))
        }
        func world(_ p: SIMD2<Double>) -> SIMD3<Double> { c + x * p.x + z * p.y }
        for k in 0..<n {
            // From corner k + 1 to corner k (clockwise seen from above), so that u x y faces out.
            let from = world(ring[(k + 1) % n]), to = world(ring[k])
            let width = (to - from).length
            guard width > 1e-6 else { continue }
            let u = (to - from) / width
            patches.append(SurfacePatch(role: .object, origin: from - y * h.y, uAxis: u, vAxis: y,
                                        shape: .rectangle(uMax: width, vMax: 2 * h.y, holes: []), material: material, owner: owner))
        }
        // Top: u = x, v = -z (u x v = y), where the ring turns clockwise; bottom: u = x, v = z (u x v = -y).
        // Each triangle counter-clockwise seen from its front.
        for k in 1..<(n - 1) {
            let a = ring[0], b = ring[k], d = ring[k + 1]
            patches.append(SurfacePatch(role: .object, origin: c + y * h.y, uAxis: x, vAxis: -z,
                                        shape: .triangle(SIMD2(a.x, -a.y), SIMD2(d.x, -d.y), SIMD2(b.x, -b.y)),
                                        material: material, owner: owner))
            if !box.restsOnSurface {
                patches.append(SurfacePatch(role: .object, origin: c - y * h.y, uAxis: x, vAxis: z,
                                            shape: .triangle(SIMD2(a.x, a.y), SIMD2(b.x, b.y), SIMD2(d.x, d.y)),
                                            material: material, owner: owner))
            }
        }
        return patches
    }

    /// All patches as one triangle mesh (walls with their holes, floors, ceilings, objects), each
    /// triangle counter-clockwise seen from its front (walls: from inside the room).
    public var mesh: TriangleMesh {
        var mesh = TriangleMesh()
        for p in patches { mesh.append(p.mesh) }
        return mesh
    }

    /// The nearest hit of a ray (world origin and unit direction) within `maxDistance` metres: distance
    /// along the ray and the patch index. The scalar reference for the renderer's tests.
    public func nearestHit(origin: SIMD3<Double>, direction: SIMD3<Double>, maxDistance: Double) -> (distance: Double, patch: Int)? {
        var best: (Double, Int)? = nil
        for group in groups {
            // Skip a solid whose bounding sphere the ray misses or that lies beyond the best hit.
            guard !Self.misses(group, origin: origin, direction: direction, within: best?.0 ?? maxDistance) else { continue }
            for i in group.patches {
                if let t = hitDistance(i, origin: origin, direction: direction, upTo: maxDistance, below: best?.0 ?? .infinity) { best = (t, i) }
            }
        }
        return best.map { (distance: $0.0, patch: $0.1) }
    }

    /// Whether a ray (world origin and unit direction) meets an object's or clutter item's patch within
    /// `maxDistance` metres: any, not the nearest, and never a wall, floor or ceiling (the light maps' shadow
    /// bake asks only whether something stands between a room's surface and its ceiling light).
    public func hitsObject(origin: SIMD3<Double>, direction: SIMD3<Double>, maxDistance: Double) -> Bool {
        for group in groups where group.radius.isFinite && !Self.misses(group, origin: origin, direction: direction, within: maxDistance) {
            for i in group.patches where patches[i].role == .object {
                if hitDistance(i, origin: origin, direction: direction, upTo: maxDistance, below: .infinity) != nil { return true }
            }
        }
        return false
    }

    /// Whether a ray misses `group`'s bounding sphere (plus the edge slack) or meets it only beyond `limit`
    /// metres; never for a group that is not culled (infinite radius).
    @inline(__always)
    private static func misses(_ group: PatchGroup, origin: SIMD3<Double>, direction: SIMD3<Double>, within limit: Double) -> Bool {
        guard group.radius.isFinite else { return false }
        let toCentre = group.centre - origin
        let along = toCentre.dot(direction), radius = group.radius + 1e-3
        let miss = toCentre.dot(toCentre) - along * along
        return !(along + radius > 0 && miss <= radius * radius && along - radius <= limit)
    }

    /// The distance t along a ray at which it meets patch `i` inside its outline, when 1e-6 < t <= `limit`
    /// and t < `bound` (the outline is tested last), or nil.
    @inline(__always)
    private func hitDistance(_ i: Int, origin: SIMD3<Double>, direction: SIMD3<Double>, upTo limit: Double, below bound: Double) -> Double? {
        let p = rayPlanes[i]
        let denom = p.normal.dot(direction)
        guard abs(denom) > 1e-12 else { return nil }
        let t = p.normal.dot(p.origin - origin) / denom
        guard t > 1e-6, t <= limit, t < bound else { return nil }
        let hit = origin + t * direction - p.origin
        return patches[i].contains(u: hit.dot(p.uAxis), v: hit.dot(p.vAxis)) ? t : nil
    }
}
