import Foundation

extension CorrelatedErrorModel {
    /// The Swift reference of `cdepth_tails_row` (heavy_tails.c), bit-identical: the heavy tails of one
    /// row of `width` pixels (``applyTails(depth:confidence:frameIndex:sequenceSeed:path:)``), from the
    /// row's tail field `patchRow` and size field `sizeRow`, on the row's `depth` and `confidence`.
    func tailsRowReference(width: Int, patchRow: UnsafePointer<Float>, sizeRow: UnsafePointer<Float>,
                           depth: UnsafeMutablePointer<Float>, confidence: UnsafeMutablePointer<UInt8>) {
        let s = settings, threshold = s.tailThreshold
        for x in 0..<width where patchRow[x] > threshold {
            let z = depth[x]
            guard z > 0 else { continue }
            let amount = s.tailRamp > 0 ? min(1, (patchRow[x] - threshold) / s.tailRamp) : 1
            // Towards the camera (a failure pulled to a foreground surface or the near side of a gap).
            let logFactor = -amount * (s.tailMinimum + s.tailLogSpread * abs(sizeRow[x]))
            depth[x] = DepthKernels.roundedToHalf(min(rangeMeters, max(0.001, z * Float(exp(Double(logFactor))))))
            confidence[x] = amount > s.tailLowAmount ? 0 : min(confidence[x], 1)
        }
    }
}
