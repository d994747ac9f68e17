/// Fills the gaps of a frame's nearest inverse depths (pixels with no return within range) from the
/// returns around them, for ``NoReturnFill/interpolated``: before the correlated model's pass, so a
/// filled gap has no depth edge where it meets the surface around it, and its pixels get the error,
/// ramps and halo of any other (with the uncertainty of ``CorrelatedErrorSettings/noReturnUncertainty``).
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
    /// Fills the empty pixels (inverse depth <= 0) of `best` (rows of `stride` floats, `width` x `height`
    /// used) and gives each filled pixel the patch index `fillID` in `ids`. Returns how many were filled.
    @discardableResult
    static func fill(best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>, stride: Int, width w: Int,
                     height h: Int, fillID: Int32) -> Int {
        var filled = 0
        // Each pass visits only the lines that cross a gap the one before it left.
        var left = pass(best, ids, lines: 0..<h, length: w, lineStep: stride, pixelStep: 1, fillID: fillID, oneSided: false,
                        filled: &filled)
        if let columns = left { left = pass(best, ids, lines: columns, length: h, lineStep: 1, pixelStep: stride, fillID: fillID,
                                            oneSided: false, filled: &filled) }
        if let rows = left { left = pass(best, ids, lines: rows, length: w, lineStep: stride, pixelStep: 1, fillID: fillID,
                                         oneSided: true, filled: &filled) }
        if let columns = left { _ = pass(best, ids, lines: columns, length: h, lineStep: 1, pixelStep: stride, fillID: fillID,
                                         oneSided: true, filled: &filled) }
        return filled
    }

    /// One pass over `lines` of `length` pixels (line i starts at `i * lineStep`, pixels `pixelStep` apart):
    /// fills each gap bounded by values on both sides and, when `oneSided`, each gap that reaches an end of
    /// the line with a value at its other end, adding the pixels filled to `filled`. Returns the range of
    /// positions along the lines where gaps are left (nil when none is).
    private static func pass(_ best: UnsafeMutablePointer<Float>, _ ids: UnsafeMutablePointer<Int32>, lines: Range<Int>,
                             length: Int, lineStep: Int, pixelStep: Int, fillID: Int32, oneSided: Bool,
                             filled: inout Int) -> Range<Int>? {
        var first = length, last = -1
        for line in lines {
            let start = best + line * lineStep, startID = ids + line * lineStep
            var i = 0
            while i < length {
                // Along rows, eight returns at a time.
                if pixelStep == 1 && i + 8 <= length && UnsafeRawPointer(start + i).loadUnaligned(as: SIMD8<Float>.self).min() > 0 {
                    i += 8
                    continue
                }
                guard !(start[i * pixelStep] > 0) else { i += 1; continue }
                var end = i + 1
                while end < length && !(start[end * pixelStep] > 0) { end += 1 }
                // The gap is [i, end): values at i - 1 and end when they are inside the line.
                let hasBefore = i > 0, hasAfter = end < length
                if hasBefore && hasAfter {
                    let before = start[(i - 1) * pixelStep], after = start[end * pixelStep]
                    let steps = Float(end - i + 1)
                    for k in i..<end {
                        start[k * pixelStep] = before + (after - before) * (Float(k - i + 1) / steps)
                        startID[k * pixelStep] = fillID
                    }
                    filled += end - i
                } else if oneSided && (hasBefore || hasAfter) {
                    let value = start[(hasBefore ? i - 1 : end) * pixelStep]
                    for k in i..<end {
                        start[k * pixelStep] = value
                        startID[k * pixelStep] = fillID
                    }
                    filled += end - i
                } else {
                    first = min(first, i)
                    last = max(last, end - 1)
                }
                i = end
            }
        }
        return last < 0 ? nil : first..<(last + 1)
    }
}
