/// `--shard I/N`: a stable subset of scenes. A scene belongs to shard `fnv1a(path) % N + 1`, so its shard
/// depends only on its own path: adding or removing other scenes never moves it.
public struct Shard: Equatable, Sendable {
    /// 1-based index.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses "I/N" with 1 <= I <= N.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 1, i <= n else { return nil }
        self.init(index: i, count: n)
    }

    /// Whether a scene (by its path relative to the checked folder) belongs to this shard.
    public func contains(_ path: String) -> Bool {
        Int(Self.fnv1a(path) % UInt64(count)) + 1 == index
    }

    /// 64-bit FNV-1a of the UTF-8 bytes: the same on every machine and run.
    public static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01B3
        }
        return h
    }
}
