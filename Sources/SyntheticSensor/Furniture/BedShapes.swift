/// Beds: legs or a plinth, a frame, a mattress, a cover over its foot end, pillows and a headboard at
/// the back (local -Z).
enum BedShapes {
    static func make(_ b: BoxExtent, _ random: inout SeededRandom) -> FurnitureShape {
        var s = FurnitureShape()
        let headboard = min(random.uniform(0.05, 0.09), b.depth * 0.06)
        let frameBottom = b.floor + min(random.uniform(0.08, 0.16), b.height * 0.2)
        let frameTop = b.floor + min(random.uniform(0.25, 0.32), b.height * 0.5)
        let mattressTop = min(frameTop + random.uniform(0.18, 0.24), b.floor + b.height * 0.8)
        if random.nextUnit() < 0.6 {
            let leg = 0.06
            for x in [b.left + 0.02, b.right - 0.02 - leg] {
                for z in [b.back + headboard, b.front - 0.02 - leg] {
                    s.add(SIMD3(x, b.floor, z), SIMD3(x + leg, frameBottom, z + leg), .leg, rests: true)
                }
            }
        } else {
            s.add(SIMD3(b.left + 0.08, b.floor, b.back + headboard), SIMD3(b.right - 0.08, frameBottom, b.front - 0.08), .body, rests: true)
        }
        s.add(SIMD3(b.left, frameBottom, b.back + headboard), SIMD3(b.right, frameTop, b.front), .body)
        s.add(SIMD3(b.left, b.floor, b.back), SIMD3(b.right, b.top, b.back + headboard), .back, rests: true)
        s.add(SIMD3(b.left + 0.02, frameTop, b.back + headboard), SIMD3(b.right - 0.02, mattressTop, b.front - 0.02), .mattress)
        // The cover: over the foot two thirds, a little wider than the mattress and hanging down.
        let coverStart = b.back + headboard + (b.depth - headboard) * random.uniform(0.28, 0.36)
        let coverTop = min(mattressTop + 0.04, b.top)
        s.add(SIMD3(b.left, mattressTop - 0.12, coverStart), SIMD3(b.right, coverTop, b.front), .cover)
        let pillows = b.width >= 1.2 ? 2 : 1
        let pillowWidth = min(0.65, (b.width - 0.1) / Double(pillows) - 0.05)
        let pillowTop = min(mattressTop + random.uniform(0.1, 0.15), b.top)
        for i in 0..<pillows {
            let centre = b.left + b.width * (Double(i) + 0.5) / Double(pillows)
            s.add(SIMD3(centre - pillowWidth / 2, mattressTop, b.back + headboard + 0.04),
                  SIMD3(centre + pillowWidth / 2, pillowTop, b.back + headboard + 0.04 + min(0.45, (coverStart - b.back) * 0.8)), .pillow)
        }
        return s
    }
}
