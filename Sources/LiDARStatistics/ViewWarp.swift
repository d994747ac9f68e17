import CaptureEngine
import Foundation

/// Depth between two views (the reference `warp_residual`): the pixels of frame A (a mask) moved into frame
/// B through the relative pose `B^-1 A`, projected, and B's depth there interpolated bilinearly between its
/// four surrounding pixels (all in B's mask). Double precision, as the reference computes it.
struct ViewWarp {
    /// For each pixel of A that has a counterpart: its index in A, the moved point's z (metres) and B's
    /// depth minus that z.
    var pixels: [Int32] = [], movedDepth: [Double] = [], difference: [Double] = []

    init(from a: LiDARFrame, to b: LiDARFrame, poseA: Matrix4, poseB: Matrix4, intrinsics k: CameraIntrinsics,
         maskA: (Int) -> Bool, maskB: [Bool]) {
        let w = a.width, h = a.height
        let relative = poseB.inverse * poseA
        let r = relative.m, t = (r[0][3], r[1][3], r[2][3])
        pixels.reserveCapacity(w * h)
        movedDepth.reserveCapacity(w * h)
        difference.reserveCapacity(w * h)
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                guard maskA(i) else { continue }
                let z = Double(a.depth[i])
                let p = (((Double(x) - k.cx) / k.fx) * z, ((Double(y) - k.cy) / k.fy) * z, z)
                // P @ R^T + t, row by row as the reference's matrix product sums.
                let qx = p.0 * r[0][0] + p.1 * r[0][1] + p.2 * r[0][2] + t.0
                let qy = p.0 * r[1][0] + p.1 * r[1][1] + p.2 * r[1][2] + t.1
                let qz = p.0 * r[2][0] + p.1 * r[2][1] + p.2 * r[2][2] + t.2
                guard qz > 0.05 else { continue }
                let u = k.fx * qx / qz + k.cx, v = k.fy * qy / qz + k.cy
                let u0f = u.rounded(.down), v0f = v.rounded(.down)
                guard u0f >= 0, v0f >= 0, u0f + 1 < Double(w), v0f + 1 < Double(h) else { continue }
                let u0 = Int(u0f), v0 = Int(v0f), j = v0 * w + u0
                guard maskB[j], maskB[j + 1], maskB[j + w], maskB[j + w + 1] else { continue }
                let t00 = Double(b.depth[j]), t10 = Double(b.depth[j + 1]), t01 = Double(b.depth[j + w]), t11 = Double(b.depth[j + w + 1])
                guard t00 > 0, t10 > 0, t01 > 0, t11 > 0 else { continue }
                let fa = u - u0f, fb = v - v0f
                let value = (1 - fa) * (1 - fb) * t00 + fa * (1 - fb) * t10 + (1 - fa) * fb * t01 + fa * fb * t11
                pixels.append(Int32(i))
                movedDepth.append(qz)
                difference.append(value - qz)
            }
        }
    }
}

/// A 4x4 rigid transform as a matrix (the reference builds its poses as matrices from the quaternion).
struct Matrix4 {
    var m: [[Double]]

    /// The camera-to-world pose `pose` (OpenCV camera), its rotation from the normalised quaternion.
    init(_ pose: RigidTransform) {
        let q = pose.rotation.normalized
        let x = q.x, y = q.y, z = q.z, w = q.w
        m = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w), pose.translation.x],
             [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w), pose.translation.y],
             [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y), pose.translation.z],
             [0, 0, 0, 1]]
    }

    init(rows: [[Double]]) { m = rows }

    /// The inverse of a rigid transform: [R^T, -R^T t].
    var inverse: Matrix4 {
        var out = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for r in 0..<3 {
            for c in 0..<3 { out[r][c] = m[c][r] }
            out[r][3] = -(out[r][0] * m[0][3] + out[r][1] * m[1][3] + out[r][2] * m[2][3])
        }
        out[3][3] = 1
        return Matrix4(rows: out)
    }

    static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        var out = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for r in 0..<4 {
            for c in 0..<4 { out[r][c] = a.m[r][0] * b.m[0][c] + a.m[r][1] * b.m[1][c] + a.m[r][2] * b.m[2][c] + a.m[r][3] * b.m[3][c] }
        }
        return Matrix4(rows: out)
    }

    /// The relative motion between two poses: translation length (metres) and rotation angle (degrees).
    func motion() -> (meters: Double, degrees: Double) {
        let trace = m[0][0] + m[1][1] + m[2][2]
        let c = max(-1, min(1, (trace - 1) / 2))
        return ((m[0][3] * m[0][3] + m[1][3] * m[1][3] + m[2][3] * m[2][3]).squareRoot(), acos(c) * 180 / .pi)
    }
}
