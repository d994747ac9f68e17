/// An indexed triangle mesh in engine world coordinates (Y up, metres): the reconstructed scene that
/// LiDAR devices write into the bundle.
public struct TriangleMesh: Equatable, Sendable {
    /// Vertex positions, metres.
    public var vertices: [SIMD3<Float>]
    /// Triangles as three 0-based vertex indices, counter-clockwise seen from the front.
    public var triangles: [SIMD3<UInt32>]

    public init(vertices: [SIMD3<Float>] = [], triangles: [SIMD3<UInt32>] = []) {
        self.vertices = vertices
        self.triangles = triangles
    }

    /// Appends another mesh.
    public mutating func append(_ other: TriangleMesh) {
        let base = UInt32(vertices.count)
        vertices += other.vertices
        triangles += other.triangles.map { $0 &+ SIMD3(repeating: base) }
    }
}
