/// Storage: open shelving with cubbies (a grid of shelves and dividers in a carcass with a back), some
/// cubbies closed by doors; every open cubby and the top hold clutter.
enum StorageShapes {
    static func make(_ b: BoxExtent, _ random: inout SeededRandom) -> FurnitureShape {
        var s = FurnitureShape()
        let t = min(random.uniform(0.018, 0.03), b.width / 8, b.height / 8)
        let plinth = min(random.uniform(0.03, 0.08), b.height * 0.15)
        let backPanel = min(0.01, b.depth * 0.1)
        let cellHeight = random.uniform(0.3, 0.42), cellWidth = random.uniform(0.32, 0.45)
        let innerHeight = b.height - plinth - 2 * t
        let rows = max(1, Int((innerHeight / cellHeight).rounded()))
        let columns = max(1, Int(((b.width - 2 * t) / cellWidth).rounded()))
        let doorShare = random.uniform(0, 0.35)
        // Carcass: plinth (set back), sides, bottom, top, back.
        s.add(SIMD3(b.left + t, b.floor, b.back + backPanel), SIMD3(b.right - t, b.floor + plinth, b.front - 0.03), .body, rests: true)
        s.add(SIMD3(b.left, b.floor, b.back), SIMD3(b.left + t, b.top, b.front), .side, rests: true)
        s.add(SIMD3(b.right - t, b.floor, b.back), SIMD3(b.right, b.top, b.front), .side, rests: true)
        s.add(SIMD3(b.left + t, b.floor + plinth, b.back), SIMD3(b.right - t, b.floor + plinth + t, b.front), .shelf)
        s.add(SIMD3(b.left + t, b.top - t, b.back), SIMD3(b.right - t, b.top, b.front), .shelf)
        s.add(SIMD3(b.left + t, b.floor + plinth + t, b.back), SIMD3(b.right - t, b.top - t, b.back + backPanel), .body)
        let rowPitch = (innerHeight - Double(rows - 1) * t) / Double(rows)
        let columnPitch = (b.width - 2 * t - Double(columns - 1) * t) / Double(columns)
        for r in 1..<max(1, rows) {
            let y = b.floor + plinth + t + Double(r) * rowPitch + Double(r - 1) * t
            s.add(SIMD3(b.left + t, y, b.back + backPanel), SIMD3(b.right - t, y + t, b.front), .shelf)
        }
        for c in 1..<max(1, columns) {
            let x = b.left + t + Double(c) * columnPitch + Double(c - 1) * t
            s.add(SIMD3(x, b.floor + plinth + t, b.back + backPanel), SIMD3(x + t, b.top - t, b.front), .shelf)
        }
        for r in 0..<rows {
            let y0 = b.floor + plinth + t + Double(r) * (rowPitch + t)
            for c in 0..<columns {
                let x0 = b.left + t + Double(c) * (columnPitch + t)
                if random.nextUnit() < doorShare {
                    // A door set 5 mm into the cubby's front, with a small handle.
                    s.add(SIMD3(x0 + 0.002, y0 + 0.002, b.front - 0.025), SIMD3(x0 + columnPitch - 0.002, y0 + rowPitch - 0.002, b.front - 0.005), .door)
                    let hx = x0 + columnPitch * 0.8
                    s.add(SIMD3(hx, y0 + rowPitch * 0.4, b.front - 0.005), SIMD3(hx + 0.015, y0 + rowPitch * 0.6, b.front), .handle)
                } else {
                    s.surface(x0: x0 + 0.01, x1: x0 + columnPitch - 0.01, y: y0, z0: b.back + backPanel + 0.01, z1: b.front - 0.02,
                              clearance: rowPitch - 0.02)
                }
            }
        }
        s.surface(x0: b.left + 0.03, x1: b.right - 0.03, y: b.top, z0: b.back + 0.03, z1: b.front - 0.03,
                  clearance: max(0, 2.2 - (b.top - b.floor)))
        return s
    }
}
