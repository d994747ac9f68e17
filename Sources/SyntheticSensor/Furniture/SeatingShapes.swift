/// Chairs (four legs, a seat, a back of slats or a panel) and sofas (short legs, a base, arms, a back,
/// seat and back cushions).
enum SeatingShapes {
    static func make(_ category: SceneObject.Category, _ b: BoxExtent, _ random: inout SeededRandom) -> FurnitureShape {
        category == .chair ? chair(b, &random) : sofa(b, &random)
    }

    static func chair(_ b: BoxExtent, _ random: inout SeededRandom) -> FurnitureShape {
        var s = FurnitureShape()
        let leg = min(random.uniform(0.03, 0.045), b.width / 6, b.depth / 6)
        let seatTop = b.floor + min(random.uniform(0.44, 0.48), b.height * 0.55)
        let seatThickness = min(0.05, (seatTop - b.floor) * 0.2)
        let seatBottom = seatTop - seatThickness
        // Front legs to the seat; back legs rise to the top as the back's posts.
        for x in [b.left, b.right - leg] {
            s.add(SIMD3(x, b.floor, b.front - leg), SIMD3(x + leg, seatBottom, b.front), .leg, rests: true)
            s.add(SIMD3(x, b.floor, b.back), SIMD3(x + leg, b.top, b.back + leg), .leg, rests: true)
        }
        s.add(SIMD3(b.left, seatBottom, b.back), SIMD3(b.right, seatTop, b.front), .seat)
        let backBottom = seatTop + min(0.18, (b.top - seatTop) * 0.4)
        if random.nextUnit() < 0.5 {
            s.add(SIMD3(b.left + leg, backBottom, b.back), SIMD3(b.right - leg, b.top - 0.01, b.back + leg * 0.7), .back)
        } else {
            // A top rail and vertical slats.
            let rail = min(0.07, (b.top - backBottom) * 0.3)
            s.add(SIMD3(b.left + leg, b.top - rail, b.back), SIMD3(b.right - leg, b.top, b.back + leg * 0.7), .back)
            let slats = random.nextUnit() < 0.5 ? 2 : 3
            let inner = b.width - 2 * leg, slat = min(0.04, inner / Double(2 * slats + 1))
            for i in 0..<slats {
                let x = b.left + leg + inner * Double(i + 1) / Double(slats + 1) - slat / 2
                s.add(SIMD3(x, backBottom, b.back + 0.005), SIMD3(x + slat, b.top - rail, b.back + leg * 0.6), .back)
            }
            s.add(SIMD3(b.left + leg, backBottom, b.back), SIMD3(b.right - leg, backBottom + rail * 0.6, b.back + leg * 0.7), .back)
        }
        return s
    }

    static func sofa(_ b: BoxExtent, _ random: inout SeededRandom) -> FurnitureShape {
        var s = FurnitureShape()
        let legHeight = min(random.uniform(0.06, 0.14), b.height * 0.15)
        let legSize = 0.05
        let armWidth = min(random.uniform(0.12, 0.22), b.width / 6)
        let armHeight = b.floor + min(random.uniform(0.58, 0.68), b.height * 0.8)
        let backDepth = min(random.uniform(0.16, 0.24), b.depth / 4)
        let seatBase = b.floor + min(0.3, b.height * 0.35)
        let seatTop = b.floor + min(0.45, b.height * 0.55)
        for x in [b.left + 0.03, b.right - 0.03 - legSize] {
            for z in [b.back + 0.03, b.front - 0.03 - legSize] {
                s.add(SIMD3(x, b.floor, z), SIMD3(x + legSize, b.floor + legHeight, z + legSize), .leg, rests: true)
            }
        }
        let bottom = b.floor + legHeight
        // Base under the cushions, the back, the arms.
        s.add(SIMD3(b.left + armWidth, bottom, b.back + backDepth), SIMD3(b.right - armWidth, seatBase, b.front), .body)
        s.add(SIMD3(b.left, bottom, b.back), SIMD3(b.right, b.top - 0.02, b.back + backDepth), .back)
        for x in [b.left, b.right - armWidth] {
            s.add(SIMD3(x, bottom, b.back + backDepth), SIMD3(x + armWidth, armHeight, b.front), .arm)
        }
        let count = b.width - 2 * armWidth > 1.5 ? (random.nextUnit() < 0.5 ? 3 : 2) : (b.width - 2 * armWidth > 0.9 ? 2 : 1)
        let inner = b.width - 2 * armWidth, gap = 0.012
        let cushion = (inner - gap * Double(count + 1)) / Double(count)
        let backCushionDepth = min(0.16, (b.depth - backDepth) * 0.25)
        for i in 0..<count {
            let x = b.left + armWidth + gap + Double(i) * (cushion + gap)
            s.add(SIMD3(x, seatBase, b.back + backDepth + backCushionDepth + gap), SIMD3(x + cushion, seatTop, b.front - 0.01), .cushion)
            s.add(SIMD3(x, seatTop, b.back + backDepth), SIMD3(x + cushion, b.top, b.back + backDepth + backCushionDepth), .cushion)
        }
        return s
    }
}
