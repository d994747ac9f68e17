/// Tables: a top on four legs (inset or at the corners), low tables with a shelf under the top.
enum TableShapes {
    static func make(_ b: BoxExtent, _ random: inout SeededRandom) -> FurnitureShape {
        var s = FurnitureShape()
        let topThickness = min(random.uniform(0.025, 0.05), b.height * 0.2)
        let leg = min(random.uniform(0.035, 0.06), b.width / 6, b.depth / 6)
        let inset = random.nextUnit() < 0.5 ? 0.0 : min(0.06, b.width / 8, b.depth / 8)
        let under = b.top - topThickness
        s.add(SIMD3(b.left, under, b.back), SIMD3(b.right, b.top, b.front), .top)
        for x in [b.left + inset, b.right - inset - leg] {
            for z in [b.back + inset, b.front - inset - leg] {
                s.add(SIMD3(x, b.floor, z), SIMD3(x + leg, under, z + leg), .leg, rests: true)
            }
        }
        if b.height < 0.6 && random.nextUnit() < 0.6 {
            // A coffee table's lower shelf between the legs.
            let y = b.floor + min(0.08, b.height * 0.2)
            s.add(SIMD3(b.left + inset + leg, y, b.back + inset + leg), SIMD3(b.right - inset - leg, y + 0.02, b.front - inset - leg), .shelf)
        } else if b.height >= 0.6 {
            // An apron under the top between the legs.
            let apron = min(0.08, b.height * 0.1)
            s.add(SIMD3(b.left + inset + leg, under - apron, b.back + inset), SIMD3(b.right - inset - leg, under, b.back + inset + 0.02), .top)
            s.add(SIMD3(b.left + inset + leg, under - apron, b.front - inset - 0.02), SIMD3(b.right - inset - leg, under, b.front - inset), .top)
        }
        s.surface(x0: b.left + 0.05, x1: b.right - 0.05, y: b.top, z0: b.back + 0.05, z1: b.front - 0.05, clearance: 0.6)
        return s
    }
}
