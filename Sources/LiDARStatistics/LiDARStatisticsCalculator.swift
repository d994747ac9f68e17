import CaptureEngine
import JSONSupport

/// Computes ``LiDARStatistics`` for a capture (definitions in docs/lidar.md).
///
/// Anchor frames are spread evenly over the capture; each anchor t contributes its single-frame
/// statistics, its difference to frame t+1 (temporal statistics) and its reprojection into frame t+10
/// (view-to-view error, when the capture has poses).
public struct LiDARStatisticsCalculator {
    /// The most anchor frames analysed (default 200).
    public var maximumAnchors: Int

    public init(maximumAnchors: Int = 200) {
        self.maximumAnchors = maximumAnchors
    }

    /// The anchor frames for a capture of `frameCount` frames: evenly spread over those that have a frame
    /// 10 later (or 1 later, or none, for shorter captures).
    public func anchors(frameCount: Int) -> [Int] {
        let gap = frameCount > LiDARStatisticsDefinitions.viewGapFrames ? LiDARStatisticsDefinitions.viewGapFrames : (frameCount > 1 ? 1 : 0)
        let usable = frameCount - gap
        guard usable > 0 else { return [] }
        let count = min(max(1, maximumAnchors), usable)
        if count == 1 { return [0] }
        return (0..<count).map { k in k * (usable - 1) / (count - 1) }
    }

    public func statistics(of capture: some LiDARFrameSource) throws(InputError) -> LiDARStatistics {
        var tally = Tally()
        let anchors = anchors(frameCount: capture.frameCount)
        for t in anchors {
            let current = DepthFrameAnalysis(try capture.frame(t))
            try check(current.frame, against: capture, index: t)
            tally.addSingleFrame(current)
            if t + 1 < capture.frameCount {
                let next = DepthFrameAnalysis(try capture.frame(t + 1))
                try check(next.frame, against: capture, index: t + 1)
                tally.addDifference(current, next, intrinsics: capture.intrinsics)
            }
            let gap = LiDARStatisticsDefinitions.viewGapFrames
            if t + gap < capture.frameCount {
                let later = DepthFrameAnalysis(try capture.frame(t + gap))
                try check(later.frame, against: capture, index: t + gap)
                tally.addViewError(current, later, intrinsics: capture.intrinsics)
            }
        }
        var result = tally.result(path: capture.path, format: capture.format)
        result.frameCount = capture.frameCount
        result.analysedFrames = anchors.count
        result.width = capture.intrinsics.width
        result.height = capture.intrinsics.height
        return result
    }

    private func check(_ frame: LiDARFrame, against capture: some LiDARFrameSource, index: Int) throws(InputError) {
        guard frame.width == capture.intrinsics.width, frame.height == capture.intrinsics.height, frame.width >= 16, frame.height >= 16 else {
            throw InputError(file: capture.path, reason: "frame \(index) is \(frame.width)x\(frame.height); expected \(capture.intrinsics.width)x\(capture.intrinsics.height), at least 16x16")
        }
    }
}
