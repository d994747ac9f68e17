/// What a surface looks like to the sensors: its colour (albedo), its gloss and a kind that the colour
/// camera (and, later, the LiDAR model) treat differently.
///
/// Albedo is linear RGB reflectance, 0...1 per channel (not sRGB: a wall painted sRGB 230 is about
/// 0.79 here). Gloss is 0 (chalk) ... 1 (polished): the weight and sharpness of the specular term.
/// The default palette (``defaultFor(_:)`` and the surface defaults) is this project's choice of typical
/// interior finishes, a guess documented in docs/scene-format.md, not a measurement.
public struct Material: Sendable, Equatable {
    /// How a surface treats light, beyond its colour.
    public enum Kind: String, Sendable, CaseIterable {
        /// Diffuse paint, fabric, wood: Lambert shading with little specular.
        case matte
        /// Dark, light-absorbing finishes (black appliances, dark fabric): low albedo. The LiDAR model
        /// will return fewer and less confident points on them.
        case dark
        /// Lacquer, tiles, stainless steel: a strong, sharp specular highlight.
        case glossy
        /// A mirror: the colour camera shows the reflected room. The LiDAR model will see the
        /// reflection's depth (a phantom room behind the mirror) or nothing.
        case mirror
        /// Clear glass (windows): the colour camera shows what lies behind, tinted by the albedo, with
        /// a faint reflection. The LiDAR model will mostly see through it (far or no depth).
        case glass
    }

    /// How the surface treats light.
    public var kind: Kind
    /// Linear RGB reflectance (glass: transmittance), each 0...1.
    public var albedo: SIMD3<Float>
    /// 0 (chalk) ... 1 (polished).
    public var gloss: Float

    public init(kind: Kind, albedo: SIMD3<Float>, gloss: Float) {
        self.kind = kind
        self.albedo = albedo
        self.gloss = gloss
    }

    /// The colour camera's specular weight, `0.02 + 0.5 gloss^2` (the Swift shading and the C kernel's
    /// patch table both take it from here).
    var specularWeight: Float { 0.02 + 0.5 * gloss * gloss }

    /// How many times the Blinn-Phong cosine is squared: `2 + floor(6 gloss)`, an exponent of
    /// 2^(2 + 6 gloss) by repeated squaring.
    var blinnSquarings: Int { 2 + Int(gloss * 6) }

    /// Whether the colour camera lights this surface once per 4x4 block: not a mirror, gloss below 0.5
    /// (diffuse light and broad highlights vary little across four pixels).
    var litPerBlock: Bool { kind != .mirror && gloss < 0.5 }

    /// Whether the colour camera gives it a specular term: gloss 0.15 or more (below, the weight would be
    /// under 0.03).
    var isShiny: Bool { gloss >= 0.15 }

    /// A kind's typical material: matte off-white paint (0.75, gloss 0.1), dark (0.05, 0.2), glossy
    /// white (0.7, 0.8), mirror (0.9, 1), glass (0.92 transmittance, 1).
    public static func preset(_ kind: Kind) -> Material {
        switch kind {
        case .matte: Material(kind: .matte, albedo: SIMD3(0.75, 0.73, 0.70), gloss: 0.1)
        case .dark: Material(kind: .dark, albedo: SIMD3(0.05, 0.05, 0.05), gloss: 0.2)
        case .glossy: Material(kind: .glossy, albedo: SIMD3(0.70, 0.70, 0.70), gloss: 0.8)
        case .mirror: Material(kind: .mirror, albedo: SIMD3(0.90, 0.90, 0.90), gloss: 1)
        case .glass: Material(kind: .glass, albedo: SIMD3(0.92, 0.95, 0.94), gloss: 1)
        }
    }

    /// Walls: matte warm white paint.
    public static let wall = Material(kind: .matte, albedo: SIMD3(0.78, 0.76, 0.72), gloss: 0.05)
    /// Floors: mid oak, lightly varnished.
    public static let floor = Material(kind: .matte, albedo: SIMD3(0.42, 0.30, 0.19), gloss: 0.35)
    /// Ceilings: flat white paint.
    public static let ceiling = Material(kind: .matte, albedo: SIMD3(0.85, 0.85, 0.84), gloss: 0)
    /// Window panes: clear glass.
    public static let windowGlass = preset(.glass)

    /// The default of a RoomPlan object category (docs/scene-format.md lists them).
    public static func defaultFor(_ category: SceneObject.Category) -> Material {
        switch category {
        case .storage: Material(kind: .matte, albedo: SIMD3(0.55, 0.42, 0.28), gloss: 0.2)       // wood cabinet
        case .refrigerator: Material(kind: .glossy, albedo: SIMD3(0.62, 0.63, 0.64), gloss: 0.7)  // steel
        case .stove: Material(kind: .dark, albedo: SIMD3(0.06, 0.06, 0.06), gloss: 0.6)           // black glass top
        case .bed: Material(kind: .matte, albedo: SIMD3(0.70, 0.68, 0.64), gloss: 0)              // linen
        case .sink: Material(kind: .glossy, albedo: SIMD3(0.80, 0.80, 0.80), gloss: 0.8)          // ceramic
        case .washerDryer: Material(kind: .glossy, albedo: SIMD3(0.82, 0.82, 0.82), gloss: 0.6)   // enamel
        case .toilet: Material(kind: .glossy, albedo: SIMD3(0.85, 0.85, 0.85), gloss: 0.8)        // ceramic
        case .bathtub: Material(kind: .glossy, albedo: SIMD3(0.84, 0.84, 0.83), gloss: 0.7)       // enamel
        case .oven: Material(kind: .dark, albedo: SIMD3(0.08, 0.08, 0.08), gloss: 0.5)            // black front
        case .dishwasher: Material(kind: .glossy, albedo: SIMD3(0.60, 0.61, 0.62), gloss: 0.6)    // steel
        case .table: Material(kind: .matte, albedo: SIMD3(0.48, 0.33, 0.20), gloss: 0.3)          // oak
        case .sofa: Material(kind: .matte, albedo: SIMD3(0.25, 0.30, 0.38), gloss: 0)             // blue fabric
        case .chair: Material(kind: .matte, albedo: SIMD3(0.40, 0.28, 0.18), gloss: 0.2)          // wood
        case .fireplace: Material(kind: .matte, albedo: SIMD3(0.45, 0.25, 0.18), gloss: 0.05)     // brick
        case .television: Material(kind: .dark, albedo: SIMD3(0.03, 0.03, 0.03), gloss: 0.9)      // black screen
        case .stairs: Material(kind: .matte, albedo: SIMD3(0.50, 0.38, 0.25), gloss: 0.3)         // wood
        }
    }
}
