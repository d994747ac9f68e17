/// The bounding box a shape builder fills, centred on the origin: half sizes and the faces' coordinates.
struct BoxExtent {
    /// Width (X), height (Y) and depth (Z), metres.
    let width: Double, height: Double, depth: Double
    /// Faces: left/right (X), floor/top (Y), back/front (Z).
    let left: Double, right: Double, floor: Double, top: Double, back: Double, front: Double

    init(_ d: SIMD3<Double>) {
        width = d.x; height = d.y; depth = d.z
        left = -d.x / 2; right = d.x / 2; floor = -d.y / 2; top = d.y / 2; back = -d.z / 2; front = d.z / 2
    }
}
