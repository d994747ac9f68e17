/// Fixtures: a fireplace (hearth, jambs, lintel, mantel shelf, recessed firebox), a television (a thin
/// screen on a wall bracket or a stand) and stairs (steps rising towards the back, balusters on one
/// side).
enum FixtureShapes {
    static func make(_ category: SceneObject.Category, _ b: BoxExtent, _ random: inout SeededRandom) -> FurnitureShape {
        var s = FurnitureShape()
        switch category {
        case .fireplace:
            let mantel = min(0.05, b.height * 0.06)
            let jamb = min(random.uniform(0.15, 0.25), b.width * 0.25)
            let hearth = min(0.05, b.height * 0.05)
            let openingTop = b.floor + b.height * random.uniform(0.55, 0.7)
            let recess = min(0.25, b.depth * 0.6)
            let surround = b.front - min(0.06, b.depth * 0.2)
            s.add(SIMD3(b.left, b.floor, b.back), SIMD3(b.right, b.floor + hearth, b.front), .hearth, rests: true)
            s.add(SIMD3(b.left + 0.02, b.floor + hearth, b.back), SIMD3(b.left + jamb, openingTop, surround), .body)
            s.add(SIMD3(b.right - jamb, b.floor + hearth, b.back), SIMD3(b.right - 0.02, openingTop, surround), .body)
            s.add(SIMD3(b.left + 0.02, openingTop, b.back), SIMD3(b.right - 0.02, b.top - mantel, surround), .body)
            s.add(SIMD3(b.left + jamb, b.floor + hearth, b.back), SIMD3(b.right - jamb, openingTop, surround - recess), .hearth)
            s.add(SIMD3(b.left, b.top - mantel, b.back), SIMD3(b.right, b.top, b.front), .top)
            s.surface(x0: b.left + 0.05, x1: b.right - 0.05, y: b.top, z0: b.back + 0.02, z1: b.front - 0.01, clearance: 0.45)
        case .television:
            let screen = min(random.uniform(0.025, 0.045), b.depth * 0.6)
            if b.depth < 0.15 {
                // A shallow box (wall-mounted): the screen panel at the front, a thinner back plate, a bracket.
                let plate = min(0.02, (b.depth - screen) / 2)
                s.add(SIMD3(b.left, b.floor, b.front - screen), SIMD3(b.right, b.top, b.front), .screen)
                s.add(SIMD3(b.left + 0.04, b.floor + 0.04, b.front - screen - plate), SIMD3(b.right - 0.04, b.top - 0.04, b.front - screen), .body)
                s.add(SIMD3(b.left + b.width * 0.3, b.floor + b.height * 0.3, b.back), SIMD3(b.right - b.width * 0.3, b.top - b.height * 0.3, b.front - screen - plate), .stand)
            } else {
                // A deeper box (standing): a screen on a foot and a neck.
                let foot = min(0.03, b.height * 0.05)
                s.add(SIMD3(b.left + b.width * 0.3, b.floor, b.back), SIMD3(b.right - b.width * 0.3, b.floor + foot, b.front), .stand, rests: true)
                s.add(SIMD3(-0.03, b.floor + foot, -0.02), SIMD3(0.03, b.floor + b.height * 0.2, 0.02), .stand)
                s.add(SIMD3(b.left, b.floor + b.height * 0.2, -screen / 2), SIMD3(b.right, b.top, screen / 2), .screen)
            }
        case .stairs:
            let steps = max(2, Int((b.height / random.uniform(0.16, 0.19)).rounded()))
            let rise = b.height / Double(steps), run = b.depth / Double(steps)
            let railSide = random.nextUnit() < 0.5 ? b.left : b.right - 0.04
            let balusterHeight = min(0.9, b.height * 0.5)
            for i in 0..<steps {
                let zFront = b.front - Double(i) * run
                let stepTop = b.floor + Double(i + 1) * rise
                s.add(SIMD3(b.left, b.floor, zFront - run), SIMD3(b.right, stepTop, zFront), .step, rests: true)
                // A baluster on the rail side of every other step (inside the box: cut at the top).
                if i % 2 == 0 {
                    let top = min(b.top, stepTop + balusterHeight)
                    s.add(SIMD3(railSide, stepTop, zFront - run * 0.6), SIMD3(railSide + 0.04, top, zFront - run * 0.6 + 0.04), .rail)
                }
            }
        default:
            s.add(SIMD3(b.left, b.floor, b.back), SIMD3(b.right, b.top, b.front), .body, rests: true)
        }
        return s
    }
}
