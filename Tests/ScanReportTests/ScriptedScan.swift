import CaptureEngine
import RegressionCheck
import ScanReport
import SceneRuntime

/// A short scripted scan for the report tests: landscape, record, a slow walk with a fast turn in the
/// middle (code 87), a look at the floor (21, 23), then stop: 30 Hz frames with small depth maps.
enum ScriptedScan {
    static let frameRate = 30.0

    static func inputs(seconds: Double = 16) -> [SessionInput] {
        var inputs: [SessionInput] = []
        var heading = 0.0
        let frames = Int(seconds * frameRate)
        for i in 0..<frames {
            let t = Double(i) / frameRate
            if t >= 6 && t < 7 { heading += 200 / frameRate }  // 200 deg/s for one second
            let pitch = t >= 9 && t < 12 ? -70.0 : -20
            let position = SIMD3(0.1 * t, 1.4, -0.4 * t)  // mostly forward: no sideways warning to outrank the floor
            let near: Float = t >= 13 && t < 14.5 ? 0.3 : 2.5
            let depth = DepthMap(width: 16, height: 12, depth: [Float](repeating: near, count: 192),
                                 confidence: [UInt8](repeating: 2, count: 192))
            inputs.append(SessionInput(time: t, .frame(CameraFrame(
                transform: CameraPose.make(position: position, headingDegrees: heading, pitchDegrees: pitch),
                intrinsics: .lidarDepth, tracking: .normal, depth: depth))))
            if i == 3 { inputs.append(SessionInput(time: t, .user(.recordPressed))) }
        }
        let end = Double(frames) / frameRate
        inputs.append(SessionInput(time: end, .user(.recordPressed)))
        inputs.append(SessionInput(time: end, .user(.stopConfirmed)))
        return inputs
    }

    /// The scan run through `SceneRun` with a recorder, and its page.
    static func page(seconds: Double = 16) throws -> (run: SceneRun<NullScanStorage>, page: ScanReportPage) {
        let inputs = inputs(seconds: seconds)
        let recorder = ScanTraceRecorder(expectedDurationSeconds: seconds)
        let run = try SceneRun(inputs: inputs, duration: seconds, configuration: SessionConfiguration(),
                               storage: NullScanStorage(), observer: recorder.observe)
        var summary = ReportSummary()
        summary.rows = [("input", "scripted")]
        let page = ScanReportPage(title: "scripted", subtitle: "a scripted scan", trace: recorder.finish(), plan: nil,
                                  thresholds: Thresholds(), summary: summary)
        return (run, page)
    }

    /// Occurrences of `needle` in `text`.
    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
