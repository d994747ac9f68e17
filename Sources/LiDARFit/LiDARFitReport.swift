import CaptureEngine
import Foundation
import JSONSupport
import SyntheticSensor

/// `lidar fit`'s outputs: the fitted `lidar` block as JSON a scene takes as its `lidar` value, and a text
/// table of what was fitted.
public enum LiDARFitReport {
    /// The scene's `lidar` block for `settings`: `{"errorModel": "correlated", "correlated": {...}}` with
    /// every key of ``CorrelatedErrorSettings`` (docs/scene-format.md), reals to four significant digits.
    public static func lidarBlock(_ c: CorrelatedErrorSettings) -> JSONValue {
        func real(_ v: Float) -> JSONValue { .number(Double(String(format: "%.4g", Double(v)))!) }
        func whole(_ v: Int) -> JSONValue { .integer(v) }
        return .object([
            ("errorModel", .string("correlated")),
            ("correlated", .object([
                ("rangeMeters", real(c.rangeMeters)), ("noReturnFill", .string(c.noReturnFill.rawValue)),
                ("coarsePerMeterToOneAndAHalf", real(c.coarsePerMeterToOneAndAHalf)),
                ("coarseCellPixels", whole(c.coarseCellPixels)), ("coarseChangeFrames", whole(c.coarseChangeFrames)),
                ("finePerSquareMeter", real(c.finePerSquareMeter)), ("fineCellPixels", whole(c.fineCellPixels)),
                ("whitePerSquareMeter", real(c.whitePerSquareMeter)),
                ("noiseGainPerUncertainty", real(c.noiseGainPerUncertainty)),
                ("minimumNoiseFactor", real(c.minimumNoiseFactor)), ("maximumNoiseFactor", real(c.maximumNoiseFactor)),
                ("distanceStartMeters", real(c.distanceStartMeters)), ("distancePerMeter", real(c.distancePerMeter)),
                ("distanceSpanMeters", real(c.distanceSpanMeters)),
                ("farStartMeters", real(c.farStartMeters)), ("farPerMeter", real(c.farPerMeter)),
                ("grazing", real(c.grazing)),
                ("edgeOn", real(c.edgeOn)), ("edgeOneAway", real(c.edgeOneAway)), ("edgeTwoAway", real(c.edgeTwoAway)),
                ("border", real(c.border)), ("borderPixels", whole(c.borderPixels)),
                ("reliabilityMean", real(c.reliabilityMean)), ("reliabilitySpread", real(c.reliabilitySpread)),
                ("reliabilityCellPixels", whole(c.reliabilityCellPixels)),
                ("reliabilityChangeFrames", whole(c.reliabilityChangeFrames)),
                ("rampShare", real(c.rampShare)), ("rampWidening", real(c.rampWidening)), ("rampWideShare", real(c.rampWideShare)),
                ("rampNearSideShare", real(c.rampNearSideShare)),
                ("rampOneMixedShare", real(c.rampOneMixedShare)), ("rampCellPixels", whole(c.rampCellPixels)),
                ("smoothedStepBelow", real(c.smoothedStepBelow)),
                ("haloGap", real(c.haloGap)),
            ])),
        ])
    }

    /// A table: each parameter's start and fitted value, its statistic's target and the values the start
    /// and the fitted model give, and why a parameter was kept.
    public static func table(_ r: LiDARFitResult, capture: String, scene: String) -> String {
        func stat(_ v: Double?, _ s: LiDARFitStatistic) -> String {
            guard let v else { return "-" }
            return s.isLength ? NumberFormatting.fixed(v * 1000, decimals: 2) + " mm" : NumberFormatting.fixed(v, decimals: 3)
        }
        func value(_ v: Float) -> String { String(format: "%.4g", Double(v)) }
        var lines = ["lidar fit: \(capture) through scene \(scene), \(r.evaluations) renders of the forward model",
                     "  rangeMeters \(value(r.settings.rangeMeters)) (the capture's largest depth)",
                     "  parameter                    start      fitted     statistic                      target      start       fit"]
        for row in r.rows {
            let name = row.parameter.rawValue.padding(toLength: 28, withPad: " ", startingAt: 0)
            let statistic = row.parameter.statistic.rawValue.padding(toLength: 30, withPad: " ", startingAt: 0)
            var line = "  \(name) \(value(row.start).padding(toLength: 10, withPad: " ", startingAt: 0)) \(value(row.fitted).padding(toLength: 10, withPad: " ", startingAt: 0)) \(statistic) \(stat(row.target, row.parameter.statistic).padding(toLength: 11, withPad: " ", startingAt: 0)) \(stat(row.atStart, row.parameter.statistic).padding(toLength: 11, withPad: " ", startingAt: 0)) \(stat(row.atFit, row.parameter.statistic))"
            if let why = row.keptBecause { line += "   (kept: \(why))" }
            lines.append(line)
        }
        lines.append("  misfit (RMS, 1 = 10 % off): \(NumberFormatting.fixed(r.misfitAtStart, decimals: 2)) at the start, \(NumberFormatting.fixed(r.misfitAtFit, decimals: 2)) fitted")
        return lines.joined(separator: "\n")
    }
}
