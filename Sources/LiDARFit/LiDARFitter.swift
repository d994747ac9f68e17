import LiDARStatistics
import SyntheticSensor

/// Estimates the correlated LiDAR model's parameters from a capture's statistics (docs/lidar.md, "lidar
/// fit"): the statistics inverted through the forward model.
///
/// Each ``LiDARFitParameter`` is matched with the statistic that moves most with it. The search runs in
/// each parameter's coordinate (logarithm for scales): one probe per parameter estimates its statistic's
/// slope, then every iteration moves all parameters at once by a damped Newton step on their own
/// statistic (the cross-effects are treated as noise) and refines the slopes by secants. The best
/// evaluated model wins. `rangeMeters` is set from the capture's largest depth directly.
public struct LiDARFitter: Sendable {
    /// Newton iterations after the probes (default 10).
    public var iterations: Int
    /// The parameters fitted (default all).
    public var parameters: [LiDARFitParameter]
    /// Share of the Newton step taken (default 0.8).
    public var damping: Double

    public init(iterations: Int = 10, parameters: [LiDARFitParameter] = LiDARFitParameter.allCases, damping: Double = 0.8) {
        self.iterations = iterations
        self.parameters = parameters
        self.damping = damping
    }

    /// The most forward-model evaluations a fit makes: the start, one probe per parameter, one per iteration
    /// (a fit that converges early makes fewer).
    public var maximumEvaluations: Int { 1 + parameters.count + max(0, iterations) }

    /// Fits the model to `target`, starting from `start`; `evaluate` computes the statistics a model gives
    /// (the forward model: a scene rendered with it).
    public func fit<Failure: Error>(target: LiDARStatistics, start: CorrelatedErrorSettings,
                                    evaluate: (CorrelatedErrorSettings) throws(Failure) -> LiDARStatistics) throws(Failure) -> LiDARFitResult {
        try fit(target: target, start: start, evaluateAll: { (models) throws(Failure) in
            var out: [LiDARStatistics] = []
            for model in models { out.append(try evaluate(model)) }
            return out
        })
    }

    /// As ``fit(target:start:evaluate:)``, with `evaluateAll` given the models whose statistics are
    /// independent of each other at once (the probes, one per parameter), so that it may compute them in
    /// parallel; it returns their statistics in the same order. The result is the same either way.
    public func fit<Failure: Error>(target: LiDARStatistics, start: CorrelatedErrorSettings,
                                    evaluateAll: ([CorrelatedErrorSettings]) throws(Failure) -> [LiDARStatistics]) throws(Failure) -> LiDARFitResult {
        var base = start
        if let farthest = target.maximumDepthMeters, farthest > 0 {
            base.rangeMeters = min(max(Float((farthest * 100).rounded() / 100), 1), 20)
        }
        var evaluations = 0
        func runAll(_ models: [CorrelatedErrorSettings]) throws(Failure) -> [LiDARStatistics] {
            evaluations += models.count
            let statistics = try evaluateAll(models)
            precondition(statistics.count == models.count, "evaluateAll returned \(statistics.count) statistics for \(models.count) models")
            return statistics
        }
        func run(_ settings: CorrelatedErrorSettings) throws(Failure) -> LiDARStatistics { try runAll([settings])[0] }
        let initial = try run(base)
        // The parameters whose statistic both the capture and the model give.
        var active: [LiDARFitParameter] = []
        var kept: [LiDARFitParameter: String] = [:]
        for p in parameters {
            if p.statistic.value(in: target) == nil { kept[p] = "the capture gives no \(p.statistic.rawValue)" }
            else if p.statistic.value(in: initial) == nil { kept[p] = "the scene gives no \(p.statistic.rawValue)" }
            else { active.append(p) }
        }
        func targetValue(_ p: LiDARFitParameter) -> Double { p.statistic.value(in: target)! }
        func misfit(_ s: LiDARStatistics, _ ps: [LiDARFitParameter]) -> Double {
            guard !ps.isEmpty else { return 0 }
            var sum = 0.0
            for p in ps {
                let t = targetValue(p)
                let v = p.statistic.value(in: s) ?? (t + 10 * p.statistic.scale(target: t))
                let e = (v - t) / p.statistic.scale(target: t)
                sum += e * e
            }
            return (sum / Double(ps.count)).squareRoot()
        }
        // Slopes from one probe per parameter.
        var coordinates: [LiDARFitParameter: Double] = [:]
        var slopes: [LiDARFitParameter: Double] = [:]
        let probes = active.map { p in
            let u = p.coordinate(of: base[keyPath: p.keyPath])
            coordinates[p] = u
            let bounds = p.coordinateBounds
            let probe = u + p.steps.probe <= bounds.upperBound ? u + p.steps.probe : u - p.steps.probe
            var probed = base
            probed[keyPath: p.keyPath] = p.value(atCoordinate: probe)
            return probed
        }
        let probed = try runAll(probes)
        for (i, p) in active.enumerated() {
            let u = coordinates[p]!
            let s = probed[i]
            let du = p.coordinate(of: probes[i][keyPath: p.keyPath]) - u
            guard du != 0, let v = p.statistic.value(in: s), let v0 = p.statistic.value(in: initial) else {
                kept[p] = "its statistic does not respond"; continue
            }
            let slope = (v - v0) / du
            if abs(slope * p.steps.probe) < 0.05 * p.statistic.scale(target: targetValue(p)) {
                kept[p] = "\(p.statistic.rawValue) does not respond to it in this scene"
            } else {
                slopes[p] = slope
            }
        }
        active.removeAll { slopes[$0] == nil }
        var current = base, currentStatistics = initial
        var best = (settings: base, statistics: initial, misfit: misfit(initial, active))
        for _ in 0..<max(0, iterations) {
            if best.misfit < 0.05 { break }
            var next = current
            var moved: [LiDARFitParameter: Double] = [:]
            for p in active {
                guard let v = p.statistic.value(in: currentStatistics), let slope = slopes[p], let u = coordinates[p] else { continue }
                let largest = p.steps.largest
                let step = min(max(damping * (targetValue(p) - v) / slope, -largest), largest)
                let bounds = p.coordinateBounds
                let u1 = min(max(u + step, bounds.lowerBound), bounds.upperBound)
                next[keyPath: p.keyPath] = p.value(atCoordinate: u1)
                moved[p] = u1 - u
            }
            let s = try run(next)
            for p in active {
                guard let du = moved[p], abs(du) > 1e-9, let old = slopes[p],
                      let v1 = p.statistic.value(in: s), let v0 = p.statistic.value(in: currentStatistics) else { continue }
                let secant = (v1 - v0) / du
                if secant * old > 0, abs(secant) > 0.2 * abs(old), abs(secant) < 5 * abs(old) {
                    slopes[p] = 0.5 * (old + secant)
                }
                coordinates[p] = p.coordinate(of: next[keyPath: p.keyPath])
            }
            current = next
            currentStatistics = s
            let m = misfit(s, active)
            if m < best.misfit { best = (next, s, m) }
        }
        let rows = parameters.map { p in
            LiDARFitResult.Row(parameter: p, start: start[keyPath: p.keyPath], fitted: best.settings[keyPath: p.keyPath],
                               target: p.statistic.value(in: target), atStart: p.statistic.value(in: initial),
                               atFit: p.statistic.value(in: best.statistics), keptBecause: kept[p])
        }
        return LiDARFitResult(settings: best.settings, rows: rows, evaluations: evaluations,
                              misfitAtStart: misfit(initial, active), misfitAtFit: best.misfit)
    }
}
