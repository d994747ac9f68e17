import CaptureEngine
import JSONSupport

/// Computes ``LiDARStatistics`` for a capture with the reference definitions (`fid_compare.py`, ported;
/// docs/lidar.md).
///
/// Single-frame statistics over `maximumFrames` frames spread evenly over the capture (numpy's
/// `unique(linspace(0, N - 1, min(frames, N)).astype(int))`); frame-to-frame statistics over
/// `maximumPairs` pairs (t, t + 1) and as many (t, t + 10), spread likewise over the frames that have a
/// partner, when the capture has poses and more than 12 frames.
public struct LiDARStatisticsCalculator: Sendable {
    /// The most frames analysed on their own (default 200).
    public var maximumFrames: Int
    /// The most frame pairs per lag (default 120).
    public var maximumPairs: Int

    public init(maximumFrames: Int = 200, maximumPairs: Int = 120) {
        self.maximumFrames = maximumFrames
        self.maximumPairs = maximumPairs
    }

    /// The frames analysed on their own for a capture of `frameCount` frames.
    public func frames(frameCount: Int) -> [Int] {
        frameCount > 0 ? RobustStatistics.spread(from: 0, to: frameCount - 1, count: min(max(1, maximumFrames), frameCount)) : []
    }

    /// The first frames of the pairs `lag` frames apart.
    public func pairs(frameCount: Int, lag: Int) -> [Int] {
        frameCount > 12 ? RobustStatistics.spread(from: 0, to: frameCount - 1 - lag, count: min(max(1, maximumPairs), frameCount - lag)) : []
    }

    /// The pixel visits the statistics of a capture of `frameCount` frames of `pixels` pixels take
    /// (``LiDARStatisticsDefinitions/maximumPixelVisits``).
    public func pixelVisits(frameCount: Int, pixels: Int) -> Int {
        let reads = frames(frameCount: frameCount).count + 2 * (pairs(frameCount: frameCount, lag: 1).count
                                                                 + pairs(frameCount: frameCount, lag: 10).count)
        return reads.multipliedReportingOverflow(by: pixels).overflow ? .max : reads * pixels
    }

    public func statistics(of capture: some LiDARFrameSource) throws(InputError) -> LiDARStatistics {
        var tally = Tally()
        let k = capture.intrinsics
        let visits = pixelVisits(frameCount: capture.frameCount, pixels: k.width * k.height)
        guard visits <= LiDARStatisticsDefinitions.maximumPixelVisits else {
            throw InputError(file: capture.path, reason: "measuring \(capture.frameCount) frames of \(k.width)x\(k.height) pixels "
                             + "would visit \(visits) pixels, more than the limit of \(LiDARStatisticsDefinitions.maximumPixelVisits) "
                             + "(docs/lidar.md): ask for fewer with --frames and --pairs")
        }
        for t in frames(frameCount: capture.frameCount) {
            let frame = try checked(capture, t)
            tally.addSingleFrame(DepthFrameAnalysis(frame), intrinsics: k)
        }
        var temporal: [TemporalTally?] = [nil, nil]
        for (slot, lag) in [1, 10].enumerated() {
            var pairTally = TemporalTally()
            var posed = true
            for t in pairs(frameCount: capture.frameCount, lag: lag) {
                let a = try checked(capture, t), b = try checked(capture, t + lag)
                guard let poseA = a.cameraToWorld, let poseB = b.cameraToWorld else { posed = false; break }
                pairTally.addPair(DepthFrameAnalysis(a, flying: false), DepthFrameAnalysis(b, flying: false),
                                  poseA: Matrix4(poseA), poseB: Matrix4(poseB), intrinsics: k)
            }
            if posed, !pairs(frameCount: capture.frameCount, lag: lag).isEmpty { temporal[slot] = pairTally }
        }
        var result = LiDARStatistics(tally: tally, lagOne: temporal[0], lagTen: temporal[1], path: capture.path, format: capture.format)
        result.frameCount = capture.frameCount
        result.width = k.width
        result.height = k.height
        result.poseConvention = capture.poseConvention
        return result
    }

    private func checked(_ capture: some LiDARFrameSource, _ index: Int) throws(InputError) -> LiDARFrame {
        let frame = try capture.frame(index)
        guard frame.width == capture.intrinsics.width, frame.height == capture.intrinsics.height, frame.width >= 16, frame.height >= 16 else {
            throw InputError(file: capture.path, reason: "frame \(index) is \(frame.width)x\(frame.height); expected \(capture.intrinsics.width)x\(capture.intrinsics.height), at least 16x16")
        }
        return frame
    }
}

extension LiDARStatistics {
    /// The statistics from the tallies (the reference's `analyse` and `temporal_stats` results).
    init(tally t: Tally, lagOne: TemporalTally?, lagTen: TemporalTally?, path: String, format: LiDARCaptureFormat) {
        self.init(path: path, format: format)
        analysedFrames = t.frames
        guard t.frames > 0 else { return }
        func share(_ counts: [Int]) -> [Double]? {
            let total = counts.reduce(0, +)
            return total > 0 ? counts.map { Double($0) / Double(total) } : nil
        }
        validShare = t.validFractions.reduce(0, +) / Double(t.frames)
        framesWithHolesShare = Double(t.validFractions.filter { $0 < 1 }.count) / Double(t.frames)
        if !t.depthSamples.isEmpty {
            maximumDepthMeters = Double(t.depthSamples.max()!)
            depthP95Meters = RobustStatistics.percentile(t.depthSamples, 95)
        }
        edgePixelShare = t.edgeFractions.reduce(0, +) / Double(t.frames)
        flyingPixelsPerFrame = Double(t.flying) / Double(t.frames)
        flyingShareOfZone = Double(t.flying) / Double(max(1, t.zone))
        if !t.widths.isEmpty {
            var counts = [0, 0, 0, 0, 0]
            for width in t.widths { counts[min(4, width)] += 1 }
            transitionWidthShares = share(counts)
            transitionWidthMean = Double(t.widths.reduce(0, +)) / Double(t.widths.count)
        }
        if t.hasConfidence {
            confidenceShares = share(t.validConfidence)
            highShareByDepth = t.byDepth.map { share($0)?[2] }
            let below2 = zip(t.byDepth[0], t.byDepth[1]).map { $0 + $1 }
            lowShareBelow2Meters = share(below2)?[0]
            borderLowShare = share(t.border)?[0]
            lowShareByEdgeDistance = t.byEdgeDistance.map { share($0)?[0] }
            directLowHighShare = Double(t.lowHighPairs) / Double(max(1, t.changedPairs))
            confidenceChangeShare = Double(t.changedPairs) / Double(max(1, t.pairs))
            flyingHighShare = share(t.flyingConfidence)?[2]
        }
        planeResidualMeters = (0..<4).map { bin in
            let spreads = t.planeBlocks.filter { $0.depth >= Double(bin) && $0.depth < Double(bin + 1) }.map(\.spread)
            return spreads.count >= 5 ? RobustStatistics.median(spreads) : nil
        }
        let twoToThree = t.planeBlocks.filter { $0.depth >= 2 && $0.depth < 3 }
        if twoToThree.count >= 5 {
            residualNeighbourCorrelation = RobustStatistics.median(twoToThree.map(\.correlation).filter { !$0.isNaN })
        }
        if let lagOne {
            if let pixel = lagOne.pixelSpread(0, 2), let block = lagOne.blockSpread(0, 2) {
                blockDifferenceRatio = block * 1000 / max(1e-9, pixel * 1000)
            }
            if lagOne.hasConfidence { flickerMetersByConfidence = (0..<3).map { lagOne.confidenceSpread($0, 2) } }
        }
        if let lagTen {
            viewErrorMeters = [lagTen.blockSpread(1, 2), lagTen.blockSpread(1, 3)]
            viewErrorRawMeters = [lagTen.blockSpread(0, 2), lagTen.blockSpread(0, 3)]
        }
    }
}
