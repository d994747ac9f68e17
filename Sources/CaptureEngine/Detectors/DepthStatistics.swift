/// What the proximity detector measures in one depth map (or one set of feature depths).
public struct DepthStatistics: Equatable, Sendable {
    /// Pixels (or feature points) in all.
    public var total: Int
    /// Those with a usable return: finite depth > 0, and for LiDAR maps with confidence not a
    /// low-confidence (0) depth beyond the far limit.
    public var valid: Int
    /// Valid ones nearer than the near threshold.
    public var near: Int

    /// Near pixels as a fraction of valid ones (0 when none is valid).
    public var nearFraction: Double { valid > 0 ? Double(near) / Double(valid) : 0 }
    /// Pixels without a usable return as a fraction of all.
    public var noReturnFraction: Double { total > 0 ? Double(total - valid) / Double(total) : 0 }

    public init(total: Int, valid: Int, near: Int) {
        self.total = total
        self.valid = valid
        self.near = near
    }

    /// Counts valid and near pixels of a depth buffer in SIMD chunks. `farMeters` treats depths beyond
    /// it as no return (feature points have no "no return" of their own).
    public init(depths: [Float], nearMeters: Float, farMeters: Float = .infinity) {
        var valid = 0, near = 0
        depths.withUnsafeBufferPointer { buffer in
            let n = buffer.count
            var i = 0
            var validLanes = SIMD16<Int32>(repeating: 0), nearLanes = SIMD16<Int32>(repeating: 0)
            let zero = SIMD16<Float>(repeating: 0), nearV = SIMD16<Float>(repeating: nearMeters)
            let farV = SIMD16<Float>(repeating: farMeters)
            let one = SIMD16<Int32>(repeating: 1), none = SIMD16<Int32>(repeating: 0)
            while i + 16 <= n {
                var d = SIMD16<Float>()
                for k in 0..<16 { d[k] = buffer[i + k] }
                // NaN compares false everywhere, so it counts as no return.
                let isValid = (d .> zero) .& (d .<= farV)
                validLanes &+= none.replacing(with: one, where: isValid)
                nearLanes &+= none.replacing(with: one, where: isValid .& (d .< nearV))
                i += 16
            }
            valid = Int(validLanes.wrappedSum())
            near = Int(nearLanes.wrappedSum())
            while i < n {
                let d = buffer[i]
                if d > 0 && d <= farMeters {
                    valid += 1
                    if d < nearMeters { near += 1 }
                }
                i += 1
            }
        }
        self.init(total: depths.count, valid: valid, near: near)
    }

    /// Counts a LiDAR map: a pixel has a usable return when its depth is finite, > 0 and, if its confidence
    /// is 0 (low), at most `farLowConfidenceMeters` (a phone facing a far wall sees low-confidence far
    /// depth, not zeros); near pixels are usable ones nearer than `nearMeters`.
    public init(depths: [Float], confidence: [UInt8], nearMeters: Float, farLowConfidenceMeters: Float) {
        guard confidence.count == depths.count else {
            self.init(depths: depths, nearMeters: nearMeters)
            return
        }
        var valid = 0, near = 0
        depths.withUnsafeBufferPointer { d in
            confidence.withUnsafeBufferPointer { c in
                let n = d.count
                var i = 0
                // Sixteen pixels at a time (NaN compares false everywhere, so it counts as no return).
                var validLanes = SIMD16<Int32>(repeating: 0), nearLanes = SIMD16<Int32>(repeating: 0)
                let zero = SIMD16<Float>(repeating: 0), infinity = SIMD16<Float>(repeating: .infinity)
                let nearV = SIMD16<Float>(repeating: nearMeters), farV = SIMD16<Float>(repeating: farLowConfidenceMeters)
                let one = SIMD16<Int32>(repeating: 1), none = SIMD16<Int32>(repeating: 0)
                while i + 16 <= n {
                    let z = UnsafeRawPointer(d.baseAddress! + i).loadUnaligned(as: SIMD16<Float>.self)
                    let level = SIMD16<Int32>(truncatingIfNeeded: UnsafeRawPointer(c.baseAddress! + i).loadUnaligned(as: SIMD16<UInt8>.self))
                    let usable = (z .> zero) .& (z .< infinity) .& ((level .!= none) .| (z .<= farV))
                    validLanes &+= none.replacing(with: one, where: usable)
                    nearLanes &+= none.replacing(with: one, where: usable .& (z .< nearV))
                    i += 16
                }
                valid = Int(validLanes.wrappedSum())
                near = Int(nearLanes.wrappedSum())
                while i < n {
                    let z = d[i]
                    i += 1
                    guard z > 0, z.isFinite, c[i - 1] != 0 || z <= farLowConfidenceMeters else { continue }
                    valid += 1
                    if z < nearMeters { near += 1 }
                }
            }
        }
        self.init(total: depths.count, valid: valid, near: near)
    }
}
