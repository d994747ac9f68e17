import SyntheticSensor

/// What `lidar fit` found: the fitted model and, per parameter, how well its statistic now matches.
public struct LiDARFitResult: Sendable {
    /// One fitted (or kept) parameter.
    public struct Row: Sendable {
        public var parameter: LiDARFitParameter
        /// The value the search started from and the value fitted.
        public var start: Float, fitted: Float
        /// The capture's statistic (nil: the capture does not give it; the parameter was kept).
        public var target: Double?
        /// The statistic with the start and with the fitted model.
        public var atStart: Double?, atFit: Double?
        /// Why the parameter was kept at its start value, if it was.
        public var keptBecause: String?
    }

    /// The fitted model (every parameter not fitted keeps its start value).
    public var settings: CorrelatedErrorSettings
    /// One row per parameter, in ``LiDARFitParameter`` order.
    public var rows: [Row]
    /// Forward-model evaluations made.
    public var evaluations: Int
    /// Root mean square of the fitted statistics' misfits, in units of their scales (1 = 10 % off).
    public var misfitAtStart: Double, misfitAtFit: Double
}
