/// Bathroom fixtures: a toilet (pedestal, a bowl of stacked boxes, a seat ring with its hole, a cistern
/// at the back) and a bathtub (a shell of four walls around a recessed floor, a tap).
enum BathroomShapes {
    static func make(_ category: SceneObject.Category, _ b: BoxExtent, _ random: inout SeededRandom) -> FurnitureShape {
        var s = FurnitureShape()
        if category == .toilet {
            let tankDepth = min(random.uniform(0.15, 0.2), b.depth * 0.3)
            let seatTop = b.floor + min(0.42, b.height * 0.55)
            let bowlWidth = min(0.38, b.width * 0.9)
            let tankTop = b.top
            // Cistern and lid at the back.
            s.add(SIMD3(b.left, seatTop - 0.05, b.back), SIMD3(b.right, tankTop - 0.02, b.back + tankDepth), .tank)
            s.add(SIMD3(b.left, tankTop - 0.02, b.back), SIMD3(b.right, tankTop, b.back + tankDepth + 0.01), .tank)
            // Pedestal, narrowing: two stacked boxes.
            s.add(SIMD3(-bowlWidth * 0.3, b.floor, b.back + tankDepth * 0.6), SIMD3(bowlWidth * 0.3, b.floor + 0.15, b.front - 0.15), .body, rests: true)
            s.add(SIMD3(-bowlWidth * 0.4, b.floor + 0.15, b.back + tankDepth * 0.5), SIMD3(bowlWidth * 0.4, seatTop - 0.2, b.front - 0.08), .body)
            // The bowl: outer walls as a ring of boxes around the basin, and the water surface inside.
            let z0 = b.back + tankDepth, z1 = b.front
            let wall = 0.05, y0 = seatTop - 0.2, y1 = seatTop - 0.03
            s.add(SIMD3(-bowlWidth / 2, y0, z0), SIMD3(-bowlWidth / 2 + wall, y1, z1 - 0.02), .basin)
            s.add(SIMD3(bowlWidth / 2 - wall, y0, z0), SIMD3(bowlWidth / 2, y1, z1 - 0.02), .basin)
            s.add(SIMD3(-bowlWidth / 2 + wall, y0, z1 - 0.02 - wall), SIMD3(bowlWidth / 2 - wall, y1, z1 - 0.02), .basin)
            s.add(SIMD3(-bowlWidth / 2 + wall, y0, z0), SIMD3(bowlWidth / 2 - wall, y1, z0 + wall), .basin)
            s.add(SIMD3(-bowlWidth / 2 + wall, y0, z0 + wall), SIMD3(bowlWidth / 2 - wall, y0 + 0.06, z1 - 0.02 - wall), .basin)
            // Seat ring (a hole in the middle), a little wider than the bowl.
            let ring = 0.06, seatWidth = min(b.width, bowlWidth + 0.02)
            s.add(SIMD3(-seatWidth / 2, y1, z0 + 0.01), SIMD3(-seatWidth / 2 + ring, seatTop, z1), .seat)
            s.add(SIMD3(seatWidth / 2 - ring, y1, z0 + 0.01), SIMD3(seatWidth / 2, seatTop, z1), .seat)
            s.add(SIMD3(-seatWidth / 2 + ring, y1, z1 - ring), SIMD3(seatWidth / 2 - ring, seatTop, z1), .seat)
            s.add(SIMD3(-seatWidth / 2 + ring, y1, z0 + 0.01), SIMD3(seatWidth / 2 - ring, seatTop, z0 + 0.01 + ring), .seat)
        } else {
            let wall = min(random.uniform(0.06, 0.1), b.width / 6, b.depth / 6)
            let inside = b.floor + min(0.12, b.height * 0.25)
            s.add(SIMD3(b.left, b.floor, b.back), SIMD3(b.right, inside, b.front), .body, rests: true)
            s.add(SIMD3(b.left, inside, b.back), SIMD3(b.left + wall, b.top, b.front), .body)
            s.add(SIMD3(b.right - wall, inside, b.back), SIMD3(b.right, b.top, b.front), .body)
            s.add(SIMD3(b.left + wall, inside, b.back), SIMD3(b.right - wall, b.top, b.back + wall), .body)
            s.add(SIMD3(b.left + wall, inside, b.front - wall), SIMD3(b.right - wall, b.top, b.front), .body)
            s.add(SIMD3(b.left + wall, inside, b.back + wall), SIMD3(b.right - wall, inside + 0.01, b.front - wall), .basin)
            // The tap at the left end, on the rim.
            s.add(SIMD3(b.left + 0.01, b.top - 0.08, -0.02), SIMD3(b.left + wall, b.top, 0.02), .tap)
        }
        return s
    }
}
