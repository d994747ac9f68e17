import Foundation
import LiDARFit
import LiDARStatistics
import SyntheticSensor
import Testing

/// The fitter's search on a known forward model: statistics that are smooth, monotone functions of the
/// parameters with cross-effects between them, so recovery is a real inversion.
struct LiDARFitterTests {
    /// A forward model standing in for the renderer: each statistic moves with its own parameter and,
    /// less, with others (as the real one does: edge terms move the border share, noise terms each other).
    static func model(_ c: CorrelatedErrorSettings) -> LiDARStatistics {
        func share(_ x: Float) -> Double { 1 - exp(-Double(max(0, x))) }
        var s = LiDARStatistics(path: "model", format: .synthetic)
        s.maximumDepthMeters = Double(c.rangeMeters)
        s.borderLowShare = share(0.25 * c.border + 0.02 * c.edgeOn)
        s.lowShareByEdgeDistance = [share(0.4 * c.edgeOn), share(0.35 * c.edgeOneAway + 0.05 * c.edgeOn),
                                    share(0.3 * c.edgeTwoAway), 1 / (1 + exp(-Double(c.reliabilityMean + 1.5)))]
        // The far share falls slowly with farPerMeter (as the renderer's: 16 % beyond 4 m at the default 8),
        // so that the search from the defaults sees it move.
        s.highShareByDepth = [0.7, 0.7, exp(-0.4 * Double(c.distancePerMeter)), 0.5, exp(-0.25 * Double(c.farPerMeter))]
        let clean = 0.15 + 0.8 * (1 - Double(c.rampShare)), one = (1 - clean) * (0.9 - Double(c.rampWidening))
        s.transitionWidthShares = [clean, one, (1 - clean - one) / 2, (1 - clean - one) / 4, (1 - clean - one) / 4]
        s.viewErrorMeters = [3.5 * Double(c.coarsePerMeterToOneAndAHalf), nil]
        let fine = Double(c.finePerSquareMeter), white = Double(c.whitePerSquareMeter)
        s.flickerMetersByConfidence = [6.25 * (fine + white) * (1 + Double(c.noiseGainPerUncertainty)), nil, 6.25 * (fine + white) * 1.2]
        s.residualNeighbourCorrelation = fine / (fine + 3 * white)
        s.directLowHighShare = 0.3 * Double(c.haloGap)
        return s
    }

    static var truth: CorrelatedErrorSettings {
        var c = CorrelatedErrorSettings()
        c.rangeMeters = 6.4
        c.border = 3.1; c.edgeOn = 5.2; c.edgeOneAway = 1.6; c.edgeTwoAway = 2.4; c.reliabilityMean = -1.8
        c.distancePerMeter = 1.2; c.farPerMeter = 4.5; c.rampShare = 0.7; c.rampWidening = 0.3
        c.coarsePerMeterToOneAndAHalf = 0.0025; c.finePerSquareMeter = 0.0003; c.whitePerSquareMeter = 0.00009
        c.noiseGainPerUncertainty = 6; c.haloGap = 0.12
        return c
    }

    @Test func recoversEveryParameterOfAKnownModelFromTheDefaults() {
        let target = Self.model(Self.truth)
        let result = LiDARFitter(iterations: 30).fit(target: target, start: CorrelatedErrorSettings()) { Self.model($0) }
        #expect(result.misfitAtFit < 0.05)
        #expect(result.misfitAtStart > 1)
        #expect(result.settings.rangeMeters == 6.4)
        for row in result.rows {
            let truth = Self.truth[keyPath: row.parameter.keyPath]
            #expect(row.keptBecause == nil, "\(row.parameter)")
            #expect(abs(row.fitted - truth) <= 0.05 * abs(truth) + 0.01, "\(row.parameter): fitted \(row.fitted), truth \(truth)")
        }
    }

    @Test func keepsTheStartValueWhereTheCaptureLacksTheStatistic() {
        var target = Self.model(Self.truth)
        target.viewErrorMeters = nil  // a capture without poses
        let start = CorrelatedErrorSettings()
        let result = LiDARFitter(iterations: 20).fit(target: target, start: start) { Self.model($0) }
        let coarse = result.rows.first { $0.parameter == .coarsePerMeterToOneAndAHalf }!
        #expect(coarse.fitted == start.coarsePerMeterToOneAndAHalf)
        #expect(coarse.keptBecause == "the capture gives no viewErrorTwoToThreeMeters")
        let border = result.rows.first { $0.parameter == .border }!
        #expect(abs(border.fitted - 3.1) < 0.2)
    }

    @Test func keepsAParameterItsStatisticDoesNotRespondTo() {
        let target = Self.model(Self.truth)
        let result = LiDARFitter(iterations: 5).fit(target: target, start: CorrelatedErrorSettings()) { settings in
            var s = Self.model(settings)
            s.directLowHighShare = 0.02  // the halo gap has no effect in this scene
            return s
        }
        let halo = result.rows.first { $0.parameter == .haloGap }!
        #expect(halo.fitted == CorrelatedErrorSettings().haloGap)
        #expect(halo.keptBecause == "directLowHighShare does not respond to it in this scene")
    }

    @Test func lidarBlockIsASceneLidarValueWithEveryKey() throws {
        let text = LiDARFitReport.lidarBlock(Self.truth).serialized(pretty: true)
        let sceneText = """
            { "name": "fitted", "rooms": [ { "name": "Room", "floor": [[0, 0], [6, 0], [6, 5], [0, 5]] } ],
              "script": [ { "action": "pause", "seconds": 1 } ], "lidar": \(text) }
            """
        let scene = try Scene(jsonText: sceneText, source: "fitted.json")
        #expect(scene.lidar.errorModel == .correlated)
        #expect(scene.lidar.correlated.edgeOn == 5.2)
        #expect(scene.lidar.correlated.coarsePerMeterToOneAndAHalf == 0.0025)
        #expect(scene.lidar.correlated.reliabilityMean == -1.8)
        #expect(scene.lidar.correlated.rangeMeters == 6.4)
    }
}
