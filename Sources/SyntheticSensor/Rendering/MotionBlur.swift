import CaptureEngine
import CColorShading
import Dispatch

/// The colour camera's motion blur: the image rendered at the middle of the exposure is blurred along the
/// path each pixel's surface point travels across the image from the start of the exposure to its end
/// (the camera's poses then, ``ColorRenderer/render(poses:exposure:noiseSeed:shutter:path:bands:)``).
///
/// The path is a straight segment per 4x4 block of pixels: the block centre's surface point (from the
/// rendered inverse depth; the sky: its direction, infinitely far) projected into the start and the end
/// camera. Each pixel becomes the mean of `ceil(length / 1.5) + 1` bilinear samples along its block's segment,
/// centred on it (CColorShading's `ccolor_motion_blur_rows`): a gather, which smears textures and edges by
/// the segment's length. A frame whose largest possible motion (the rotation between the two poses at
/// the image's corner, plus the translation seen at 0.5 m) is under a pixel is not blurred (the image
/// processor's sharpening would undo as much).
final class MotionBlur: @unchecked Sendable {
    /// The rendered pose's inverse depth (1 / z-depth, 0: nothing within range), `width` x `height`.
    let inverseDepth: UnsafeMutablePointer<Float>
    private let width: Int, height: Int
    private let intrinsics: CameraIntrinsics
    private let pose: RigidTransform, start: RigidTransform, end: RigidTransform

    /// The blur of an image rendered at `pose` exposed from `start` to `end`, or nil when it would move no
    /// pixel by a whole pixel.
    init?(renderer: ColorRenderer, pose: RigidTransform, start: RigidTransform, end: RigidTransform) {
        guard renderer.settings.motionBlur else { return nil }
        let k = renderer.intrinsics
        let turn = (start.rotation.conjugate * end.rotation).angle
        let corner = ((k.cx * k.cx + k.cy * k.cy).squareRoot() / k.fx)
        let bound = turn * k.fx * (1 + corner * corner) + (end.translation - start.translation).length * k.fx / 0.5
        guard bound >= 1 else { return nil }
        intrinsics = k
        width = k.width
        height = k.height
        self.pose = pose
        self.start = start
        self.end = end
        inverseDepth = .allocate(capacity: k.width * k.height)
    }

    deinit { inverseDepth.deallocate() }

    /// The motion (pixels, start to end of the exposure) of each 4x4 block, x then y, blocks row by row.
    func blockMotion() -> [Float] {
        let blocksX = (width + 3) / 4, blocksY = (height + 3) / 4
        var motion = [Float](repeating: 0, count: 2 * blocksX * blocksY)
        let k = intrinsics
        let toStart = start.inverse, toEnd = end.inverse
        func project(_ p: SIMD3<Double>, direction: Bool, _ toCamera: RigidTransform) -> SIMD2<Double> {
            let c = direction ? toCamera.rotation.act(p) : toCamera.apply(toPoint: p)
            let z = -c.z
            guard z > 1e-6 else { return SIMD2(.nan, .nan) }
            return SIMD2(k.cx + k.fx * c.x / z, k.cy - k.fy * c.y / z)
        }
        for by in 0..<blocksY {
            for bx in 0..<blocksX {
                let x = min(width - 1, bx * 4 + 1), y = min(height - 1, by * 4 + 1)
                let px = Double(min(width, bx * 4 + 4) + bx * 4) / 2 - 0.5, py = Double(min(height, by * 4 + 4) + by * 4) / 2 - 0.5
                let ray = pose.rotation.act(SIMD3((px - k.cx) / k.fx, -(py - k.cy) / k.fy, -1))
                let inverse = Double(max(inverseDepth[y * width + x], inverseDepth[min(height - 1, y + 1) * width + min(width - 1, x + 1)]))
                let a: SIMD2<Double>, b: SIMD2<Double>
                if inverse > 0 {
                    let point = pose.translation + ray / inverse
                    a = project(point, direction: false, toStart)
                    b = project(point, direction: false, toEnd)
                } else {
                    a = project(ray, direction: true, toStart)
                    b = project(ray, direction: true, toEnd)
                }
                let m = b - a
                let i = 2 * (by * blocksX + bx)
                if m.x.isFinite, m.y.isFinite {
                    motion[i] = Float(m.x)
                    motion[i + 1] = Float(m.y)
                }
            }
        }
        return motion
    }

    /// The blur of the linear image `image` (3 floats a pixel) into `out` (the same size), rows split over
    /// `bands` tasks.
    func apply(from image: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>, bands: Int) {
        let motion = blockMotion()
        let w = width, h = height, blocksX = (width + 3) / 4
        let source = SendablePointer(UnsafeMutablePointer(mutating: image)), target = SendablePointer(out)
        motion.withUnsafeBufferPointer { m in
            let field = SendablePointer(UnsafeMutablePointer(mutating: m.baseAddress!))
            let bandCount = max(1, min(bands, h))
            let rows = (h + bandCount - 1) / bandCount
            let band: @Sendable (Int) -> Void = { b in
                let r0 = b * rows, r1 = min(h, r0 + rows)
                guard r0 < r1 else { return }
                ccolor_motion_blur_rows(source.pointer, target.pointer, w, h, field.pointer, blocksX, r0, r1)
            }
            if bandCount == 1 { band(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: band) }
        }
    }
}
