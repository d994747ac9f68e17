/// The shapes of clutter items, built in the item's own frame (standing on the origin, Y up) within a
/// footprint and a free height.
enum ClutterShapes {
    /// The boxes of an item no wider than `width`, no deeper than `depth` and no taller than `height`
    /// (metres); `onFloor` makes floor-sized lamps and plants. Nil when the kind does not fit.
    static func make(_ kind: ClutterKind, width: Double, depth: Double, height: Double, onFloor: Bool,
                     _ random: inout SeededRandom) -> [ShapeBox]? {
        var boxes: [ShapeBox] = []
        func add(_ low: SIMD3<Double>, _ high: SIMD3<Double>, _ part: FurniturePart, rests: Bool = false, yaw: Double = 0, sides: Int = 0) {
            guard high.x - low.x > 1e-4, high.y - low.y > 1e-4, high.z - low.z > 1e-4 else { return }
            boxes.append(ShapeBox(centre: (low + high) / 2, size: high - low, part: part, yawRadians: yaw, restsOnSurface: rests, sides: sides))
        }
        // Round parts: a floor-sized one with 12 sides, a small one with 8.
        let round = onFloor ? 12 : 8
        guard height >= kind.minimumClearance else { return nil }
        switch kind {
        case .books:
            let count = 3 + Int(random.nextUnit() * 7)
            var x = 0.0
            var spines: [(Double, Double, Double)] = []
            for _ in 0..<count {
                let thickness = random.uniform(0.018, 0.055)
                let tall = min(random.uniform(0.15, 0.3), height - 0.01)
                let deep = min(random.uniform(0.11, 0.22), depth)
                guard x + thickness <= width, tall > 0.1, deep > 0.08 else { break }
                spines.append((x, thickness, tall))
                add(SIMD3(x, 0, -deep / 2), SIMD3(x + thickness - 0.002, tall, deep / 2), .book, rests: true)
                x += thickness
            }
            guard !spines.isEmpty else { return nil }
            // Centre the row on the origin.
            for i in boxes.indices { boxes[i].centre.x -= x / 2 }
        case .plant:
            let maxHeight = min(height - 0.02, onFloor ? random.uniform(0.6, 1.3) : random.uniform(0.22, 0.45))
            let pot = min(width, depth, onFloor ? random.uniform(0.22, 0.38) : random.uniform(0.1, 0.18)) * 0.8
            let potHeight = min(maxHeight * 0.35, pot * random.uniform(0.8, 1.2))
            guard pot > 0.06, maxHeight > potHeight + 0.08 else { return nil }
            add(SIMD3(-pot / 2, 0, -pot / 2), SIMD3(pot / 2, potHeight, pot / 2), .pot, rests: true, sides: round)
            let spread = min(width, depth) / 2
            let leaves = 6 + Int(random.nextUnit() * 6)
            for _ in 0..<leaves {
                let size = random.uniform(0.25, 0.45) * min(spread * 1.4, maxHeight - potHeight)
                let half = size / 2
                let reach = max(0, spread - half * 1.42)
                let cx = random.uniform(-reach, reach), cz = random.uniform(-reach, reach)
                let y0 = random.uniform(potHeight, max(potHeight, maxHeight - size * 0.6))
                add(SIMD3(cx - half, y0, cz - half * 0.35), SIMD3(cx + half, min(maxHeight, y0 + size * 0.6), cz + half * 0.35), .leaf,
                    yaw: random.uniform(0, Double.pi))
            }
            // Stems from the pot to the foliage.
            add(SIMD3(-0.008, potHeight, -0.008), SIMD3(0.008, min(maxHeight, potHeight + (maxHeight - potHeight) * 0.5), 0.008), .leaf)
        case .lamp:
            let total = min(height - 0.02, onFloor ? random.uniform(1.3, 1.7) : random.uniform(0.38, 0.6))
            let shade = min(width, depth, onFloor ? random.uniform(0.3, 0.45) : random.uniform(0.18, 0.3))
            let shadeHeight = min(total * 0.4, shade * random.uniform(0.7, 1.0))
            let base = min(width, depth, shade * 0.8)
            guard shade > 0.1, total > 0.3 else { return nil }
            add(SIMD3(-base / 2, 0, -base / 2), SIMD3(base / 2, 0.025, base / 2), .stand, rests: true, sides: round)
            add(SIMD3(-0.012, 0.025, -0.012), SIMD3(0.012, total - shadeHeight, 0.012), .pole, sides: 6)
            add(SIMD3(-shade / 2, total - shadeHeight, -shade / 2), SIMD3(shade / 2, total, shade / 2), .shade, sides: round)
        case .box:
            let w = min(width, random.uniform(0.18, 0.5)), d = min(depth, random.uniform(0.15, 0.45))
            let h = min(height - 0.01, random.uniform(0.12, 0.4))
            guard w > 0.1, d > 0.1, h > 0.1 else { return nil }
            add(SIMD3(-w / 2, 0, -d / 2), SIMD3(w / 2, h, d / 2), .carton, rests: true)
            if onFloor && height > 2 * h + 0.05 && random.nextUnit() < 0.5 {
                let w2 = w * random.uniform(0.6, 0.9), d2 = d * random.uniform(0.6, 0.9), h2 = h * random.uniform(0.6, 1.0)
                add(SIMD3(-w2 / 2, h, -d2 / 2), SIMD3(w2 / 2, h + h2, d2 / 2), .carton, rests: true,
                    yaw: random.uniform(-0.4, 0.4))
            }
        }
        return boxes.isEmpty ? nil : boxes
    }
}
