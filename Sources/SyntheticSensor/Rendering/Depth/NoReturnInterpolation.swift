import CDepthShading

/// Fills the gaps of a frame's nearest inverse depths (pixels with no return within range) from the
/// returns around them, for ``NoReturnFill/interpolated``: before the correlated model's pass, so a
/// filled gap has no depth edge where it meets the surface around it, and its pixels get the error,
/// ramps and halo of any other, at confidence 0 (the fill's patch index has the uncertainty
/// `CorrelatedErrorModel.noReturnUncertainty`, 10^6).
///
/// Inverse depth is linear across the image along a plane, so a gap between two returns of one plane
/// (a window in a wall) is filled with that plane exactly. In order, each pass filling only what the
/// ones before left empty:
/// 1. along rows, each gap between two returns: linear in inverse depth between them;
/// 2. along columns, each gap between two values (returns or filled), likewise;
/// 3. along rows, as 1, and a gap that reaches the image's side: the inverse depth of the one value next
///    to it (after this pass every row with a value is full);
/// 4. along columns, as 3 (filling the rows that had no value).
/// A frame with no return at all stays empty. Deterministic: the same inputs give the same bits.
enum NoReturnInterpolation {
    /// Fills the empty pixels (inverse depth not > 0) of `best` (rows of `stride` floats, `width` x
    /// `height` used) and gives each filled pixel the patch index `fillID` in `ids`
    /// (`cdepth_fill_no_return`). Returns how many were filled.
    @discardableResult
    static func fill(best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>, stride: Int, width: Int,
                     height: Int, fillID: Int32) -> Int {
        let filled = cdepth_fill_no_return(best, ids, stride, width, height, fillID)
        // -1 (bad sizes) cannot happen for a renderer's buffers; -2 (no memory for one row of column
        // states) leaves the gaps the passes along rows could not fill, which the model reports as no return.
        return max(0, filled)
    }
}
