/// Kitchen and utility appliances: a refrigerator with doors and handles, a stove with burners, a
/// control panel and an oven door, an oven, a dishwasher, a washer-dryer with its round door (a square
/// window here), a sink cabinet with a recessed basin and a tap.
enum KitchenShapes {
    static func make(_ category: SceneObject.Category, _ b: BoxExtent, _ random: inout SeededRandom) -> FurnitureShape {
        var s = FurnitureShape()
        let proud = min(0.025, b.depth * 0.08)  // doors stand this far in front of the body
        let bodyFront = b.front - proud
        let kick = min(random.uniform(0.05, 0.1), b.height * 0.1)
        switch category {
        case .refrigerator:
            s.add(SIMD3(b.left, b.floor, b.back), SIMD3(b.right, b.top, bodyFront), .body, rests: true)
            let split = b.floor + b.height * random.uniform(0.3, 0.4)
            let handleX = random.nextUnit() < 0.5 ? b.left + 0.06 : b.right - 0.08
            for (y0, y1) in [(b.floor + kick, split - 0.005), (split + 0.005, b.top - 0.005)] {
                s.add(SIMD3(b.left + 0.005, y0, bodyFront), SIMD3(b.right - 0.005, y1, b.front - 0.012), .door)
                let mid = (y0 + y1) / 2, reach = min(0.18, (y1 - y0) * 0.3)
                s.add(SIMD3(handleX, mid - reach, b.front - 0.012), SIMD3(handleX + 0.02, mid + reach, b.front), .handle)
            }
        case .stove, .oven:
            let panel = category == .stove ? min(0.09, b.height * 0.1) : 0
            let hob = b.top - panel
            s.add(SIMD3(b.left, b.floor, b.back), SIMD3(b.right, hob - 0.02, bodyFront), .body, rests: true)
            s.add(SIMD3(b.left, hob - 0.02, b.back), SIMD3(b.right, hob, b.front), .top)
            if category == .stove {
                s.add(SIMD3(b.left, hob, b.back), SIMD3(b.right, b.top, b.back + min(0.06, b.depth * 0.1)), .back)
                let burner = min(0.2, b.width * 0.3)
                for (fx, fz) in [(0.27, 0.35), (0.73, 0.35), (0.27, 0.75), (0.73, 0.75)] {
                    let x = b.left + b.width * fx, z = b.back + b.depth * fz
                    s.add(SIMD3(x - burner / 2, hob, z - burner / 2), SIMD3(x + burner / 2, hob + 0.02, z + burner / 2), .burner)
                }
            }
            let doorTop = hob - 0.08
            s.add(SIMD3(b.left + 0.01, b.floor + kick, bodyFront), SIMD3(b.right - 0.01, doorTop, b.front - 0.015), .door)
            s.add(SIMD3(b.left + 0.08, b.floor + kick + 0.08, b.front - 0.016), SIMD3(b.right - 0.08, doorTop - 0.1, b.front - 0.012), .screen)
            s.add(SIMD3(b.left + 0.06, doorTop - 0.06, b.front - 0.015), SIMD3(b.right - 0.06, doorTop - 0.035, b.front), .handle)
        case .dishwasher:
            s.add(SIMD3(b.left, b.floor, b.back), SIMD3(b.right, b.top, bodyFront - 0.04), .body, rests: true)
            s.add(SIMD3(b.left, b.floor + kick, bodyFront - 0.04), SIMD3(b.right, b.top, bodyFront), .body)
            s.add(SIMD3(b.left + 0.005, b.floor + kick, bodyFront), SIMD3(b.right - 0.005, b.top - 0.01, b.front - 0.012), .door)
            s.add(SIMD3(b.left + 0.1, b.top - 0.08, b.front - 0.012), SIMD3(b.right - 0.1, b.top - 0.05, b.front), .handle)
        case .washerDryer:
            s.add(SIMD3(b.left, b.floor, b.back), SIMD3(b.right, b.top, bodyFront), .body, rests: true)
            let window = min(b.width, b.height) * random.uniform(0.5, 0.62)
            let cy = b.floor + b.height * 0.45
            s.add(SIMD3(-window / 2, cy - window / 2, bodyFront), SIMD3(window / 2, cy + window / 2, b.front), .screen)
            s.add(SIMD3(b.left + 0.02, b.top - 0.12, bodyFront), SIMD3(b.right - 0.02, b.top - 0.02, bodyFront + 0.01), .handle)
        case .sink:
            // Cabinet with two doors, a counter whose rim frames the basin, a tap at the back.
            let counter = min(0.04, b.height * 0.05)
            let basinDepth = min(random.uniform(0.14, 0.2), b.height * 0.3)
            let basinFloor = b.top - basinDepth
            s.add(SIMD3(b.left, b.floor, b.back), SIMD3(b.right, basinFloor, bodyFront), .body, rests: true)
            let doors = b.width > 0.7 ? 2 : 1
            for i in 0..<doors {
                let x0 = b.left + b.width * Double(i) / Double(doors), x1 = b.left + b.width * Double(i + 1) / Double(doors)
                s.add(SIMD3(x0 + 0.004, b.floor + kick, bodyFront), SIMD3(x1 - 0.004, basinFloor - counter, b.front - 0.01), .door)
                let hx = i == 0 && doors == 2 ? x1 - 0.06 : x0 + 0.04
                s.add(SIMD3(hx, basinFloor - counter - 0.12, b.front - 0.01), SIMD3(hx + 0.02, basinFloor - counter - 0.04, b.front), .handle)
            }
            let rimSide = min(0.12, b.width * 0.2), rimBack = min(0.15, b.depth * 0.3), rimFront = min(0.06, b.depth * 0.12)
            s.add(SIMD3(b.left, basinFloor, b.back), SIMD3(b.left + rimSide, b.top, b.front), .top)
            s.add(SIMD3(b.right - rimSide, basinFloor, b.back), SIMD3(b.right, b.top, b.front), .top)
            s.add(SIMD3(b.left + rimSide, basinFloor, b.back), SIMD3(b.right - rimSide, b.top, b.back + rimBack), .top)
            s.add(SIMD3(b.left + rimSide, basinFloor, b.front - rimFront), SIMD3(b.right - rimSide, b.top, b.front), .top)
            s.add(SIMD3(b.left + rimSide, basinFloor - 0.01, b.back + rimBack), SIMD3(b.right - rimSide, basinFloor, b.front - rimFront), .basin)
            // The tap stands on the back rim; its spout reaches over the basin (inside the box's height).
            let tapHeight = min(0.2, b.height * 0.2)
            if tapHeight > 0.05 {
                s.add(SIMD3(-0.015, b.top - tapHeight, b.back + rimBack * 0.4), SIMD3(0.015, b.top, b.back + rimBack * 0.4 + 0.03), .tap)
            }
            s.surface(x0: b.left, x1: b.left + rimSide, y: b.top, z0: b.back + 0.02, z1: b.front - 0.02, clearance: 0.4)
        default:
            s.add(SIMD3(b.left, b.floor, b.back), SIMD3(b.right, b.top, b.front), .body, rests: true)
        }
        return s
    }
}
