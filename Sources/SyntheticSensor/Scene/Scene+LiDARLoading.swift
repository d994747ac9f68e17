import JSONSupport
extension Scene {
    /// The `lidar` block's error-model keys: `errorModel` ("correlated" or "white") and the
    /// `correlated` object (``CorrelatedErrorSettings``; every key optional, docs/scene-format.md).
    static func loadLiDARErrorModel(_ l: inout JSONObjectReader, into s: inout LiDARSettings) throws(InputError) {
        if let kind = try l.choice("errorModel", [("correlated", LiDARErrorModelKind.correlated), ("white", .white)]) {
            s.errorModel = kind
        }
        guard var c = try l.object("correlated") else { return }
        var m = s.correlated
        m.rangeMeters = Float(try c.positive("rangeMeters", default: Double(m.rangeMeters)))
        func real(_ key: String, _ value: Float) throws(InputError) -> Float {
            Float(try c.nonNegative(key, default: Double(value)))
        }
        func cells(_ key: String, _ value: Int) throws(InputError) -> Int {
            Int(try c.integer(key, in: 1...1024) ?? Int64(value))
        }
        m.coarsePerMeterToOneAndAHalf = try real("coarsePerMeterToOneAndAHalf", m.coarsePerMeterToOneAndAHalf)
        m.coarseCellPixels = try cells("coarseCellPixels", m.coarseCellPixels)
        m.coarseChangeFrames = try cells("coarseChangeFrames", m.coarseChangeFrames)
        if c.has("warpPerSquareMeter") {
            throw c.error("warpPerSquareMeter", "replaced by \"warpPerMeter\": the warp grows with z (up to \"warpGrowthEndMeters\"), not z^2; 0.0045 per square metre is 0.009 per metre at 2 m")
        }
        m.warpPerMeter = try real("warpPerMeter", m.warpPerMeter)
        m.warpGrowthEndMeters = try real("warpGrowthEndMeters", m.warpGrowthEndMeters)
        m.warpQuadraticShare = min(1, try real("warpQuadraticShare", m.warpQuadraticShare))
        m.warpCellPixels = try cells("warpCellPixels", m.warpCellPixels)
        m.warpChangeFrames = try cells("warpChangeFrames", m.warpChangeFrames)
        m.frameScale = try real("frameScale", m.frameScale)
        m.frameOffsetMeters = try real("frameOffsetMeters", m.frameOffsetMeters)
        m.frameChangeFrames = try cells("frameChangeFrames", m.frameChangeFrames)
        m.tailThreshold = Float(try c.number("tailThreshold", default: Double(m.tailThreshold)))
        m.tailRamp = try real("tailRamp", m.tailRamp)
        m.tailCellPixels = try cells("tailCellPixels", m.tailCellPixels)
        m.tailChangeFrames = try cells("tailChangeFrames", m.tailChangeFrames)
        m.tailSizeCellPixels = try cells("tailSizeCellPixels", m.tailSizeCellPixels)
        m.tailMinimum = try real("tailMinimum", m.tailMinimum)
        m.tailLogSpread = try real("tailLogSpread", m.tailLogSpread)
        m.tailLowAmount = min(1, try real("tailLowAmount", m.tailLowAmount))
        m.finePerSquareMeter = try real("finePerSquareMeter", m.finePerSquareMeter)
        m.fineCellPixels = try cells("fineCellPixels", m.fineCellPixels)
        m.whitePerSquareMeter = try real("whitePerSquareMeter", m.whitePerSquareMeter)
        m.noiseGainPerUncertainty = try real("noiseGainPerUncertainty", m.noiseGainPerUncertainty)
        m.minimumNoiseFactor = try real("minimumNoiseFactor", m.minimumNoiseFactor)
        m.maximumNoiseFactor = try real("maximumNoiseFactor", m.maximumNoiseFactor)
        m.distanceStartMeters = try real("distanceStartMeters", m.distanceStartMeters)
        m.distancePerMeter = try real("distancePerMeter", m.distancePerMeter)
        m.distanceSpanMeters = try real("distanceSpanMeters", m.distanceSpanMeters)
        m.farStartMeters = try real("farStartMeters", m.farStartMeters)
        m.farPerMeter = try real("farPerMeter", m.farPerMeter)
        m.grazing = try real("grazing", m.grazing)
        m.edgeOn = try real("edgeOn", m.edgeOn)
        m.edgeOneAway = try real("edgeOneAway", m.edgeOneAway)
        m.edgeTwoAway = try real("edgeTwoAway", m.edgeTwoAway)
        m.border = try real("border", m.border)
        m.borderPixels = try cells("borderPixels", m.borderPixels)
        m.reliabilityMean = Float(try c.number("reliabilityMean", default: Double(m.reliabilityMean)))
        m.reliabilitySpread = try real("reliabilitySpread", m.reliabilitySpread)
        m.reliabilityCellPixels = try cells("reliabilityCellPixels", m.reliabilityCellPixels)
        m.reliabilityChangeFrames = try cells("reliabilityChangeFrames", m.reliabilityChangeFrames)
        m.rampShare = min(1, try real("rampShare", m.rampShare))
        m.rampWidening = min(1, try real("rampWidening", m.rampWidening))
        m.rampNearSideShare = min(1, try real("rampNearSideShare", m.rampNearSideShare))
        m.rampOneMixedShare = min(1, try real("rampOneMixedShare", m.rampOneMixedShare))
        m.rampWideShare = min(1, try real("rampWideShare", m.rampWideShare))
        m.rampCellPixels = try cells("rampCellPixels", m.rampCellPixels)
        m.smoothedStepBelow = try real("smoothedStepBelow", m.smoothedStepBelow)
        if c.has("fillsNoReturn") {
            throw c.error("fillsNoReturn", "replaced by \"noReturnFill\": \"far\" for true, \"none\" for false")
        }
        if let fill = try c.choice("noReturnFill", NoReturnFill.allCases.map { ($0.rawValue, $0) }) { m.noReturnFill = fill }
        m.haloGap = min(1, try real("haloGap", m.haloGap))
        m.darkUncertainty = try real("darkUncertainty", m.darkUncertainty)
        m.glossyGrazing = try real("glossyGrazing", m.glossyGrazing)
        m.mirrorUncertainty = try real("mirrorUncertainty", m.mirrorUncertainty)
        try c.rejectUnknownKeys()
        s.correlated = m
    }
}
