/// How much clutter to scatter and where (`clutter` on a scene's object or room): a count, the kinds,
/// and the seed of the placement (the same settings always give the same items in the same places).
public struct ClutterSettings: Sendable, Equatable {
    /// How many items to try to place (fewer when the surfaces are full: a place is tried 24 times).
    public var count: Int
    /// The kinds to choose from (default all four; on a room's floor books are never chosen).
    public var kinds: [ClutterKind]
    /// Seed of the placement and of the items' shapes (default 1).
    public var seed: UInt64

    public init(count: Int, kinds: [ClutterKind] = ClutterKind.allCases, seed: UInt64 = 1) {
        self.count = count
        self.kinds = kinds
        self.seed = seed
    }
}
