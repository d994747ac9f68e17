/// The materials of shaped furniture's accent parts and of clutter: a shape takes its object's material
/// (the scene's `material`, or the category default) except on the parts listed here, which keep their
/// own finish whatever the object is made of. This project's choice of typical finishes (a guess, listed
/// in docs/scene-format.md), not a measurement.
extension Material {
    /// The material of one part of an object whose material is `objectMaterial`.
    public static func forPart(_ part: FurniturePart, of objectMaterial: Material) -> Material {
        switch part {
        case .handle, .tap: Material(kind: .glossy, albedo: SIMD3(0.60, 0.60, 0.62), gloss: 0.8)      // brushed steel
        case .burner, .screen: Material(kind: .dark, albedo: SIMD3(0.03, 0.03, 0.03), gloss: 0.9)     // black glass
        case .pillow, .mattress: Material(kind: .matte, albedo: SIMD3(0.82, 0.81, 0.78), gloss: 0)    // white linen
        case .book, .pot, .leaf, .shade, .pole, .carton: clutterMaterial(for: part, item: 0)
        case .box, .body, .top, .leg, .back, .arm, .cushion, .cover, .shelf, .side, .door, .basin, .tank,
             .seat, .stand, .step, .rail, .hearth:
            objectMaterial
        }
    }

    /// The material of a clutter item's part; `item` (the item's index) varies books' bindings.
    public static func clutterMaterial(for part: FurniturePart, item: Int) -> Material {
        switch part {
        case .book:
            let bindings: [SIMD3<Float>] = [SIMD3(0.45, 0.08, 0.07), SIMD3(0.08, 0.16, 0.35), SIMD3(0.10, 0.28, 0.12),
                                            SIMD3(0.70, 0.62, 0.45), SIMD3(0.12, 0.12, 0.12)]
            return Material(kind: .matte, albedo: bindings[item % bindings.count], gloss: 0.2)
        case .pot: return Material(kind: .matte, albedo: SIMD3(0.55, 0.27, 0.15), gloss: 0.1)           // terracotta
        case .leaf: return Material(kind: .matte, albedo: SIMD3(0.10, 0.30, 0.08), gloss: 0.3)          // leaves
        case .shade: return Material(kind: .matte, albedo: SIMD3(0.88, 0.84, 0.72), gloss: 0)           // fabric shade
        case .pole, .stand: return Material(kind: .glossy, albedo: SIMD3(0.55, 0.55, 0.57), gloss: 0.7) // metal
        case .carton: return Material(kind: .matte, albedo: SIMD3(0.55, 0.42, 0.26), gloss: 0)          // cardboard
        case .box, .body, .top, .leg, .back, .arm, .cushion, .mattress, .cover, .pillow, .shelf, .side, .door,
             .handle, .burner, .basin, .tap, .tank, .seat, .screen, .step, .rail, .hearth:
            return Material(kind: .matte, albedo: SIMD3(0.55, 0.42, 0.26), gloss: 0)
        }
    }
}
