import JSONSupport

extension Scene {
    /// The `tracking` block (``PoseErrorSettings``; every key optional, docs/scene-format.md "`tracking`").
    static func poseErrorSettings(_ r: inout JSONObjectReader) throws(InputError) -> PoseErrorSettings {
        var s = PoseErrorSettings()
        guard var t = try r.object("tracking") else { return s }
        s.enabled = try t.bool("poseError", default: s.enabled)
        s.driftPerRootMeter = try t.nonNegative("driftPerRootMeter", default: s.driftPerRootMeter)
        s.verticalDriftShare = try t.nonNegative("verticalDriftShare", default: s.verticalDriftShare)
        s.yawDriftDegreesPerRootMeter = try t.nonNegative("yawDriftDegreesPerRootMeter", default: s.yawDriftDegreesPerRootMeter)
        s.turnMetersPerRadian = try t.nonNegative("turnMetersPerRadian", default: s.turnMetersPerRadian)
        s.knotMeters = try t.positive("knotMeters", default: s.knotMeters)
        s.driftPerMeter = try t.nonNegative("driftPerMeter", default: s.driftPerMeter)
        s.jitterMeters = try t.nonNegative("jitterMeters", default: s.jitterMeters)
        s.jitterDegrees = try t.nonNegative("jitterDegrees", default: s.jitterDegrees)
        s.frameJitterMeters = try t.nonNegative("frameJitterMeters", default: s.frameJitterMeters)
        s.frameJitterDegrees = try t.nonNegative("frameJitterDegrees", default: s.frameJitterDegrees)
        s.loopClosureShare = min(1, try t.nonNegative("loopClosureShare", default: s.loopClosureShare))
        s.loopClosureRadiusMeters = try t.nonNegative("loopClosureRadiusMeters", default: s.loopClosureRadiusMeters)
        s.loopClosureMinimumPathMeters = try t.nonNegative("loopClosureMinimumPathMeters", default: s.loopClosureMinimumPathMeters)
        s.loopClosureSeconds = try t.nonNegative("loopClosureSeconds", default: s.loopClosureSeconds)
        s.relocalizationJumpMeters = try t.nonNegative("relocalizationJumpMeters", default: s.relocalizationJumpMeters)
        s.relocalizationJumpDegrees = try t.nonNegative("relocalizationJumpDegrees", default: s.relocalizationJumpDegrees)
        try t.rejectUnknownKeys()
        return s
    }
}
