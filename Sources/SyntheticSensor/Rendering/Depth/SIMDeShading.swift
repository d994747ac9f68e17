import CDepthShading
import Foundation

/// The depth renderer's shade pass through the SIMDe kernel: wraps `cdepth_shade_rows` of the
/// `CDepthShading` C target (SIMDe's AVX2 API, eight pixels at a time), which does what
/// ``DepthRenderer/shadeReference(_:best:ids:planeDistance:depth:confidence:noiseSeed:)`` does with the same IEEE operations in the same order, so the maps are
/// bit-identical to the scalar path's.
enum SIMDeShading {
    /// Shades `rows` of a `width` x `height` frame from the raster pass's nearest inverse depths and patch
    /// ids (rows of `stride` entries) into `depth` and `confidence` (`width` entries a row). Returns false,
    /// having written nothing, when the kernel cannot take the frame (`width` not a multiple of 8).
    static func shade(_ rows: Range<Int>, best: UnsafePointer<Float>, ids: UnsafePointer<Int32>, stride: Int,
                      width: Int, height: Int, planeDistance: UnsafePointer<Float>, inverseRayLength: UnsafePointer<Float>,
                      settings: LiDARSettings, noiseSeed: UInt64,
                      depth: UnsafeMutablePointer<Float>, confidence: UnsafeMutablePointer<UInt8>) -> Bool {
        var numbers = cdepth_shading_settings(
            noise_base_meters: settings.noiseBaseMeters,
            noise_per_square_meter: settings.noisePerSquareMeter,
            high_confidence_max_meters: settings.highConfidenceMaxMeters,
            medium_confidence_max_meters: settings.mediumConfidenceMaxMeters,
            cos_grazing_low: Float(cos(Double(settings.grazingLowDegrees) * .pi / 180)),
            cos_grazing_medium: Float(cos(Double(settings.grazingMediumDegrees) * .pi / 180)),
            edge_relative_jump: settings.edgeRelativeJump)
        let seed32 = UInt32(truncatingIfNeeded: noiseSeed ^ (noiseSeed >> 32))
        return cdepth_shade_rows(best, ids, stride, planeDistance, inverseRayLength, width, height, &numbers,
                                 seed32, rows.lowerBound, rows.upperBound, depth, confidence) == 0
    }
}
