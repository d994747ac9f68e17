import CaptureEngine
import CColorShading
import Dispatch

/// The colour camera's motion blur and rolling shutter: the image rendered at the frame's pose is
/// blurred along the path each pixel's surface point travels across the image from the start of the
/// exposure to its end (the camera's poses then,
/// ``ColorRenderer/render(poses:exposure:noiseSeed:shutter:readout:path:bands:)``), and, with a rolling
/// shutter, each row is moved to where its surface points are when that row is exposed.
///
/// The path is a straight segment per 4x4 block of pixels: the block centre's surface point (from the
/// rendered inverse depth; the sky: its direction, infinitely far) projected into the start and the end
/// camera. Each pixel becomes the mean of `ceil(length / 1.5) + 1` bilinear samples along its block's segment,
/// centred on it (CColorShading's `ccolor_motion_blur_rows`): a gather, which smears textures and edges by
/// the segment's length. A block whose segment is shorter than half a pixel is left sharp, and a frame whose
/// largest possible motion (the rotation between the two poses at the image's corner, plus the
/// translation seen at 0.5 m) is under a pixel is not blurred at all (the image processor's sharpening
/// would undo as much).
///
/// Rolling shutter (``CameraSettings/rollingShutterReadoutSeconds``): row y is exposed at the pose a
/// fraction `y / (height - 1)` of the way from `readout.first` to `readout.last` (rotation along the
/// shortest arc, translation linear). Each block's centre point is projected into its row's pose; the block samples the
/// rendered image that far back (`d` the point's move from the frame's pose to the row's: the pixel shows
/// what the global-shutter image shows at pixel - d), its blur segment centred there. Blocks, not rows: a
/// surface point's shift varies little across four pixels.
final class MotionBlur: @unchecked Sendable {
    /// The rendered pose's inverse depth (1 / z-depth, 0: nothing within range), `width` x `height`.
    let inverseDepth: UnsafeMutablePointer<Float>
    let width: Int, height: Int
    private let intrinsics: CameraIntrinsics
    private let pose: RigidTransform
    private let shutter: (start: RigidTransform, end: RigidTransform)?
    private let readout: (first: RigidTransform, last: RigidTransform)?
    /// Where `inverseDepth` came from and goes back to; nil when the caller lent it.
    private let pool: ImageBufferPool?

    /// The blur of an image rendered at `pose` exposed from `start` to `end`, or nil when it would move no
    /// pixel by a whole pixel.
    convenience init?(renderer: ColorRenderer, pose: RigidTransform, start: RigidTransform, end: RigidTransform) {
        self.init(renderer: renderer, pose: pose, shutter: (start, end), readout: nil)
    }

    /// The blur (`shutter`: the exposure's start and end poses, when motion blur is on and moves some
    /// pixel by a whole pixel) and the rolling shutter (`readout`: the poses of the first and last row)
    /// of an image rendered at `pose`, or nil when there is neither.
    /// `inverseDepth`: the rendered pose's inverse depth, lent for the blur's life (nil: the blur takes a
    /// buffer of its own for the renderer to fill).
    init?(renderer: ColorRenderer, pose: RigidTransform, shutter: (start: RigidTransform, end: RigidTransform)?,
          readout: (first: RigidTransform, last: RigidTransform)?, inverseDepth lent: UnsafeMutablePointer<Float>? = nil) {
        let k = renderer.intrinsics
        let blur = Self.blurringShutter(renderer: renderer, shutter)
        guard blur != nil || readout != nil else { return nil }
        intrinsics = k
        width = k.width
        height = k.height
        self.pose = pose
        self.shutter = blur
        self.readout = readout
        pool = lent == nil ? renderer.imageBuffers : nil
        inverseDepth = lent ?? renderer.imageBuffers.take(count: k.width * k.height)
    }

    deinit { pool?.give(back: inverseDepth, count: width * height) }

    /// Whether an image exposed over `shutter` with the rolling shutter's `readout` is blurred or shifted:
    /// whether ``init(renderer:pose:shutter:readout:inverseDepth:)`` gives a blur.
    static func moves(renderer: ColorRenderer, shutter: (start: RigidTransform, end: RigidTransform)?,
                      readout: (first: RigidTransform, last: RigidTransform)?) -> Bool {
        readout != nil || blurringShutter(renderer: renderer, shutter) != nil
    }

    /// `shutter` when motion blur is on and the exposure moves some pixel by a whole pixel (a bound: the
    /// rotation seen at the image's corner plus the translation seen at 0.5 m), else nil.
    private static func blurringShutter(renderer: ColorRenderer, _ shutter: (start: RigidTransform, end: RigidTransform)?)
        -> (start: RigidTransform, end: RigidTransform)? {
        guard let s = shutter, renderer.settings.motionBlur else { return nil }
        let k = renderer.intrinsics
        let turn = (s.start.rotation.conjugate * s.end.rotation).angle
        let corner = ((k.cx * k.cx + k.cy * k.cy).squareRoot() / k.fx)
        let bound = turn * k.fx * (1 + corner * corner) + (s.end.translation - s.start.translation).length * k.fx / 0.5
        return bound < 1 ? nil : s
    }

    /// Per 4x4 block (x then y, blocks row by row): `motion`, the blur segment (pixels, start to end of
    /// the exposure; zero without blur); `offsets`, with a rolling shutter, the rendered image's shift
    /// the block samples back from.
    final class BlockField {
        let motion: UnsafeMutablePointer<Float>
        let offsets: UnsafeMutablePointer<Float>?
        let count: Int

        init(blocks: Int, offsets: Bool) {
            count = 2 * blocks
            motion = .allocate(capacity: count)
            motion.initialize(repeating: 0, count: count)
            self.offsets = offsets ? .allocate(capacity: count) : nil
            self.offsets?.initialize(repeating: 0, count: count)
        }

        deinit {
            motion.deallocate()
            offsets?.deallocate()
        }
    }

    /// A world-to-camera transform as a matrix (its rows) and a translation, without the quaternion's work
    /// per vector: it turns a block row's rays into that camera's frame once (``RowRays``).
    private struct Projector {
        let row0: SIMD3<Double>, row1: SIMD3<Double>, row2: SIMD3<Double>, translation: SIMD3<Double>
        let k: CameraIntrinsics

        init(_ toCamera: RigidTransform, _ k: CameraIntrinsics) {
            let c0 = toCamera.rotation.act(SIMD3(1, 0, 0)), c1 = toCamera.rotation.act(SIMD3(0, 1, 0))
            let c2 = toCamera.rotation.act(SIMD3(0, 0, 1))
            row0 = SIMD3(c0.x, c1.x, c2.x)
            row1 = SIMD3(c0.y, c1.y, c2.y)
            row2 = SIMD3(c0.z, c1.z, c2.z)
            translation = toCamera.translation
            self.k = k
        }

        /// The rotation alone applied to `v`.
        func rotate(_ v: SIMD3<Double>) -> SIMD3<Double> { SIMD3((row0 * v).sum(), (row1 * v).sum(), (row2 * v).sum()) }

        /// A block row's rays seen by this camera: ``RowRays``.
        func rays(step: SIMD3<Double>, row: SIMD3<Double>, origin: SIMD3<Double>) -> RowRays {
            RowRays(step: rotate(step), row: rotate(row), origin: rotate(origin) + translation, k: k)
        }
    }

    /// The world rays of a row of pixels, `row + step * px`, from the world point `origin`, in one
    /// camera's frame: a point at depth t along pixel px's ray is `origin + (row + step * px) * t`, in the
    /// camera `origin' + (row' + step' * px) * t` (the primed terms rotated and moved once a row), so a block
    /// costs a few multiplications per camera, not a matrix product per point.
    struct RowRays {
        let step: SIMD3<Double>, row: SIMD3<Double>, origin: SIMD3<Double>
        let k: CameraIntrinsics

        /// The pixel that shows pixel `px`'s point at depth `depth` (or, with `direction`, its direction
        /// infinitely far), NaN behind the camera.
        @inline(__always)
        func project(px: Double, depth: Double, direction: Bool) -> SIMD2<Double> {
            let ray = row + step * px
            let c = direction ? ray : origin + ray * depth
            let z = -c.z
            guard z > 1e-6 else { return SIMD2(.nan, .nan) }
            let perZ = 1 / z
            return SIMD2(k.cx + k.fx * c.x * perZ, k.cy - k.fy * c.y * perZ)
        }
    }

    /// The blocks' blur segments and rolling-shutter offsets from the inverse depth: each block row's
    /// rays turned into the cameras' frames here, its blocks' shifts by `ccolor_block_row_shifts`, or, with
    /// `reference`, by the Swift loop that kernel must match bit for bit (``shiftsReference(from:to:blockRow:into:)``).
    func blockField(reference: Bool = false) -> BlockField {
        let blocksX = (width + 3) / 4, blocksY = (height + 3) / 4
        let field = BlockField(blocks: blocksX * blocksY, offsets: readout != nil)
        let k = intrinsics
        let toStart = shutter.map { Projector($0.start.inverse, k) }, toEnd = shutter.map { Projector($0.end.inverse, k) }
        let toPose = Projector(pose.inverse, k)
        // The world ray of pixel (px, py): rayX * px + rayY * py + rayOrigin.
        let rayX = pose.rotation.act(SIMD3(1 / k.fx, 0, 0)), rayY = pose.rotation.act(SIMD3(0, -1 / k.fy, 0))
        let rayOrigin = pose.rotation.act(SIMD3(-k.cx / k.fx, k.cy / k.fy, -1))
        for by in 0..<blocksY {
            let py = Double(min(height, by * 4 + 4) + by * 4) / 2 - 0.5
            // The pose this block row is exposed at (rolling shutter).
            var toRow: Projector?
            if let readout {
                let f = height > 1 ? py / Double(height - 1) : 0.5
                let turn = (readout.first.rotation.conjugate * readout.last.rotation).rotationVector
                let rotation = readout.first.rotation * Quaternion(rotationVector: turn * f)
                let translation = readout.first.translation + (readout.last.translation - readout.first.translation) * f
                toRow = Projector(RigidTransform(rotation: rotation, translation: translation).inverse, k)
            }
            let rowRay = rayY * py + rayOrigin
            let first = 2 * by * blocksX
            if let toStart, let toEnd {
                shifts(from: toStart.rays(step: rayX, row: rowRay, origin: pose.translation),
                       to: toEnd.rays(step: rayX, row: rowRay, origin: pose.translation), blockRow: by,
                       into: field.motion + first, reference: reference)
            }
            if let toRow, let offsets = field.offsets {
                shifts(from: toPose.rays(step: rayX, row: rowRay, origin: pose.translation),
                       to: toRow.rays(step: rayX, row: rowRay, origin: pose.translation), blockRow: by,
                       into: offsets + first, reference: reference)
            }
        }
        return field
    }

    /// For each block of block row `blockRow`: the pixel that shows its point in camera `to` minus the one
    /// that shows it in camera `from` (x then y, into `shifts`; left as it is when not finite, the point
    /// behind a camera). The point lies on the ray of the block's centre at the larger inverse depth of
    /// the block's pixels (1, 1) and (2, 2) (clamped to the image), or infinitely far when there is none.
    /// Wraps `ccolor_block_row_shifts`; with `reference`, its Swift reference
    /// (``shiftsReference(from:to:blockRow:into:)``) instead.
    private func shifts(from: RowRays, to: RowRays, blockRow by: Int, into shifts: UnsafeMutablePointer<Float>,
                        reference: Bool) {
        if reference { return shiftsReference(from: from, to: to, blockRow: by, into: shifts) }
        // Each camera's step, row and origin, then cx, cy, fx, fy.
        let cameras = [from.step.x, from.step.y, from.step.z, from.row.x, from.row.y, from.row.z,
                       from.origin.x, from.origin.y, from.origin.z, to.step.x, to.step.y, to.step.z,
                       to.row.x, to.row.y, to.row.z, to.origin.x, to.origin.y, to.origin.z,
                       intrinsics.cx, intrinsics.cy, intrinsics.fx, intrinsics.fy]
        cameras.withUnsafeBufferPointer { c in
            let c = c.baseAddress!
            ccolor_block_row_shifts(c, c + 9, c + 18, inverseDepth, width, height, by, shifts)
        }
    }

    /// The blur segments alone (``blockField()``'s `motion`), as an array.
    func blockMotion() -> [Float] {
        let field = blockField()
        return Array(UnsafeBufferPointer(start: field.motion, count: field.count))
    }

    /// The blur (and shift) of the linear image `image` (3 floats a pixel) into `out` (the same size).
    func apply(from image: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        let field = blockField()
        ccolor_motion_blur_rows(image, out, width, height, field.motion, field.offsets, (width + 3) / 4, 0, height, 0)
    }
}
