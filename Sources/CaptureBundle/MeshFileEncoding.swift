import CaptureEngine

/// The two mesh files: `mesh.ply` of the CubiCapture layout (binary little-endian PLY, engine world:
/// Y up, metres) and `mesh.obj` of the raw RGBD package (text OBJ, Z-up world, metres).
public enum MeshFileEncoding {
    /// Binary little-endian PLY 1.0: `vertex` elements with `float x, y, z` (metres, ARKit world,
    /// Y up) and `face` elements with `list uchar uint vertex_indices` (three 0-based indices,
    /// counter-clockwise seen from the front).
    public static func ply(_ mesh: TriangleMesh) -> [UInt8] {
        let header = """
            ply
            format binary_little_endian 1.0
            comment capture-sim reconstructed scene: ARKit world (right-handed, Y up), metres
            element vertex \(mesh.vertices.count)
            property float x
            property float y
            property float z
            element face \(mesh.triangles.count)
            property list uchar uint vertex_indices
            end_header

            """
        var out = Array(header.utf8)
        out.reserveCapacity(out.count + 12 * mesh.vertices.count + 13 * mesh.triangles.count)
        for v in mesh.vertices {
            for c in [v.x, v.y, v.z] { withUnsafeBytes(of: c.bitPattern.littleEndian) { out.append(contentsOf: $0) } }
        }
        for t in mesh.triangles {
            out.append(3)
            for i in [t.x, t.y, t.z] { withUnsafeBytes(of: i.littleEndian) { out.append(contentsOf: $0) } }
        }
        return out
    }

    /// Text OBJ: a comment line, `v x y z` per vertex in the Z-up world (metres; engine (x, y, z) is
    /// written as (x, -z, y)), then `f a b c` per triangle with 1-based indices.
    public static func obj(_ mesh: TriangleMesh) -> String {
        var out = "# capture-sim reconstructed scene: Z-up world, metres\n"
        for v in mesh.vertices {
            let p = CoordinateConventions.zUpPoint(fromYUp: SIMD3(Double(v.x), Double(v.y), Double(v.z)))
            out += "v \(number(Float(p.x))) \(number(Float(p.y))) \(number(Float(p.z)))\n"
        }
        for t in mesh.triangles {
            out += "f \(t.x + 1) \(t.y + 1) \(t.z + 1)\n"
        }
        return out
    }

    /// A float in its shortest round-trip form, "-0" as "0".
    static func number(_ x: Float) -> String {
        if x == 0 { return "0" }
        if x == x.rounded(), abs(x) < 1e7 { return String(Int(x)) }
        return "\(x)"
    }
}
