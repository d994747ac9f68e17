extension MotionBlur {
    /// The Swift reference of `ccolor_block_row_shifts` (color_blur.c), bit for bit (the same double
    /// operations): each block's shift of block row `blockRow` from camera `from` to camera `to`, as
    /// ``shifts(from:to:blockRow:into:reference:)`` describes.
    func shiftsReference(from: RowRays, to: RowRays, blockRow by: Int, into shifts: UnsafeMutablePointer<Float>) {
        let y = min(height - 1, by * 4 + 1)
        for bx in 0..<(width + 3) / 4 {
            let x = min(width - 1, bx * 4 + 1)
            let px = Double(min(width, bx * 4 + 4) + bx * 4) / 2 - 0.5
            let below = inverseDepth[min(height - 1, y + 1) * width + min(width - 1, x + 1)]
            let inverse = Double(max(inverseDepth[y * width + x], below))
            let direction = !(inverse > 0)
            let depth = direction ? 0 : 1 / inverse
            let d = to.project(px: px, depth: depth, direction: direction)
                - from.project(px: px, depth: depth, direction: direction)
            if d.x.isFinite, d.y.isFinite {
                shifts[2 * bx] = Float(d.x)
                shifts[2 * bx + 1] = Float(d.y)
            }
        }
    }
}
