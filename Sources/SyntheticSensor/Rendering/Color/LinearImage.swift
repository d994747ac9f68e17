import CaptureEngine

/// A colour frame shaded and not yet exposed (``ColorRenderer/shade(poses:inverseDepth:path:bands:)``):
/// the linear image (3 floats a pixel: radiance with the surfaces' textures, occlusion and vignetting,
/// before white balance and exposure) and, for motion blur and the rolling shutter, the first pose's
/// inverse depth. It depends on the poses alone, not on the exposure the frames before it leave, so a
/// frame can be shaded while the one before it is still being exposed
/// (``ColorRenderer/expose(_:exposure:noiseSeed:shutter:readout:bands:)``). Its buffers come from the
/// renderer's ``ImageBufferPool`` and go back to it when the image is released.
final class LinearImage: @unchecked Sendable {
    /// The (first) pose the image was shaded at.
    let pose: RigidTransform
    /// Linear RGB, `width` x `height` x 3 floats, row by row.
    let linear: UnsafeMutablePointer<Float>
    /// 1 / z-depth of the first pose's nearest surface per pixel (0: nothing within range), or nil when
    /// not asked for.
    let inverseDepth: UnsafeMutablePointer<Float>?
    private let pixels: Int
    private let pool: ImageBufferPool

    /// Takes the buffers of a `pixels`-pixel image from `pool` (an inverse depth too when `inverseDepth`).
    init(pose: RigidTransform, pixels: Int, inverseDepth: Bool, pool: ImageBufferPool) {
        self.pose = pose
        self.pixels = pixels
        self.pool = pool
        linear = pool.take(count: 3 * pixels)
        self.inverseDepth = inverseDepth ? pool.take(count: pixels) : nil
    }

    deinit {
        pool.give(back: linear, count: 3 * pixels)
        if let inverseDepth { pool.give(back: inverseDepth, count: pixels) }
    }
}
