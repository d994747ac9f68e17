import CaptureEngine
import Foundation

/// Produces a ``SyntheticCapture``'s inputs one at a time, in time order. At equal times: user actions
/// and scripted system changes first, then the once-a-second system sample, then the camera frame.
public struct SyntheticCaptureIterator: IteratorProtocol {
    private let capture: SyntheticCapture
    private let motion: HandHeldMotion
    private let frameRate: Double
    private let depthEvery: Int
    private var frameIndex = 0
    private var changeIndex = 0
    private var nextTick = 1.0
    private var started = false
    private var pending: [SessionInput] = []
    private var segmentHint = 0
    // System model.
    private var thermal: ThermalState
    private var heat: Double
    private var storageFree: Int64
    /// The video's bytes per second of recording (``StorageModel/videoBytesPerSecond(camera:)``), and the
    /// recorded seconds its bytes were consumed for.
    private let videoBytesPerSecond: Double
    private var videoSeconds = 0.0
    private var lowPower: Bool
    private var activeProcessors: Int
    private var processorCount: Int
    private var batteryPercent: Int?
    // Tracking and reported pose.
    private var excessiveMotionUntil = -Double.infinity
    private var previousBody: BodyState?
    private var reportedOffset = SIMD3<Double>.zero
    private var offsetJumpIndex = 0
    private var frozenPose: RigidTransform?
    private var lastReportedPose: RigidTransform?
    /// The tracker's estimate of the true pose (``PoseEstimateModel``, scene key `tracking`).
    private var poseEstimate: PoseEstimateModel
    // RGB camera.
    private let colorEvery: Int
    private var exposure = AutoExposure()
    /// The next frame's colour image, rendering on a worker (``CaptureOptions/rendersAhead``).
    private var colorAhead: RenderAhead<(image: ColorImage, exposure: AutoExposure)>?
    /// Images rendered ahead that a frame took, and those dropped (a frame that did not come as foreseen).
    private(set) var colorRendersAheadTaken = 0, colorRendersAheadDropped = 0
    /// The colour images after the next one, shading on workers (they need no exposure), in frame order:
    /// each image's render ahead exposes the one shaded for it when it starts (``CaptureOptions/rendersAhead``).
    private var colorShadesAhead: [RenderAhead<LinearImage>] = []
    /// How many images after the next one shade ahead: enough that a core waiting on the chain of
    /// exposures (each needs the one before it) finds shading to do.
    private static let colorShadesAheadCount = 2
    /// Shaded images that a render ahead took, and those dropped.
    private(set) var colorShadesAheadTaken = 0, colorShadesAheadDropped = 0
    // LiDAR refresh rate and smoothing.
    private var depthFilter: DepthTemporalFilter
    /// The next depth frame that renders a new map, rendering on a worker (``CaptureOptions/rendersAhead``).
    private var renderAhead: RenderAhead<DepthMap>?
    /// Maps rendered ahead that a frame took, and those dropped (a frame that did not come as foreseen).
    private(set) var rendersAheadTaken = 0, rendersAheadDropped = 0

    init(capture: SyntheticCapture) {
        self.capture = capture
        motion = HandHeldMotion(timeline: capture.timeline, settings: capture.scene.motion, seed: capture.seed)
        poseEstimate = PoseEstimateModel(settings: capture.scene.tracking, seed: capture.seed)
        frameRate = capture.scene.depth.frameRateHz
        depthEvery = max(1, capture.options.depthEveryNthFrame ?? capture.scene.depth.everyNthFrame)
        colorEvery = capture.colorFrameStride
        depthFilter = DepthTemporalFilter(settings: capture.scene.lidar, depthFramesPerSecond: frameRate / Double(depthEvery))
        let device = capture.scene.device
        thermal = device.thermal
        heat = device.thermalModel.heat(for: device.thermal)
        storageFree = device.storageFreeBytes
        videoBytesPerSecond = StorageModel.videoBytesPerSecond(camera: capture.camera)
        lowPower = device.lowPowerMode
        activeProcessors = device.activeProcessors
        processorCount = device.processorCount
        batteryPercent = device.batteryPercent
    }

    public mutating func next() -> SessionInput? {
        if !pending.isEmpty { return pending.removeFirst() }
        let timeline = capture.timeline
        if !started {
            started = true
            return SessionInput(time: 0, .system(SystemSample(
                thermal: thermal, storageFreeBytes: storageFree, lowPowerMode: lowPower,
                activeProcessors: activeProcessors, processorCount: processorCount, batteryPercent: batteryPercent)))
        }
        let end = timeline.endTime
        while true {
            let frameTime = Double(frameIndex) / frameRate
            let tf = frameTime < end ? frameTime : .infinity
            let tc = changeIndex < timeline.changes.count && timeline.changes[changeIndex].time <= end
                ? timeline.changes[changeIndex].time : .infinity
            let tt = nextTick < end ? nextTick : .infinity
            if tf == .infinity && tc == .infinity && tt == .infinity { return nil }
            if tc <= tt && tc <= tf {
                let change = timeline.changes[changeIndex]
                changeIndex += 1
                return SessionInput(time: change.time, apply(change.kind))
            }
            if tt <= tf {
                let time = nextTick
                nextTick += 1
                if timeline.background.contains(where: { $0.contains(time) }) { continue }
                return SessionInput(time: time, .system(SystemSample(storageFreeBytes: storageFree)))
            }
            let index = frameIndex
            frameIndex += 1
            guard frameArrives(index: index, at: frameTime) else { continue }
            return frame(index: index, time: frameTime)
        }
    }

    private mutating func apply(_ kind: ScriptTimeline.TimedChange.Kind) -> SessionInput.Kind {
        switch kind {
        case .user(let action):
            return .user(action)
        case .thermal(let state):
            thermal = state
            heat = capture.scene.device.thermalModel.heat(for: state)
            return .system(SystemSample(thermal: state))
        case .storage(let bytes):
            storageFree = bytes
            return .system(SystemSample(storageFreeBytes: bytes))
        case .lowPower(let on):
            lowPower = on
            return .system(SystemSample(lowPowerMode: on))
        case .memoryWarning:
            return .system(SystemSample(memoryWarning: true))
        case .battery(let percent):
            batteryPercent = percent
            return .system(SystemSample(batteryPercent: percent))
        case .processors(let active, let total):
            activeProcessors = active
            if let total { processorCount = total }
            return .system(SystemSample(activeProcessors: active, processorCount: processorCount))
        }
    }

    private mutating func frame(index: Int, time t: Double) -> SessionInput {
        let timeline = capture.timeline
        let scene = capture.scene
        let truePose = motion.pose(at: t, hint: &segmentHint)
        // Tracking: scripted intervals first, then excessive motion measured from the body's motion.
        var hint = segmentHint
        let (body, _) = motion.body(at: t, hint: &hint)
        if let previous = previousBody {
            let d = body.position - previous.position
            let speed = (d.x * d.x + d.y * d.y).squareRoot() * frameRate
            let yawRate = abs(Angle.wrapped(body.heading - previous.heading)) * frameRate
            if speed > scene.motion.excessiveMotionMetersPerSecond
                || yawRate > Angle.radians(fromDegrees: scene.motion.excessiveMotionDegreesPerSecond) {
                excessiveMotionUntil = t + scene.motion.excessiveMotionHoldSeconds
            }
        }
        previousBody = body
        var tracking: TrackingState = .normal
        if let scripted = timeline.tracking.last(where: { $0.contains(t) }) {
            tracking = scripted.value
        } else if t < excessiveMotionUntil {
            tracking = .limited(.excessiveMotion)
        }
        // Reported pose: the tracker's estimate of the true pose (depth and colour stay rendered from the
        // truth), offset jumps, frozen transform, last pose while tracking is lost.
        let estimate = poseEstimate.estimate(of: truePose, at: t, tracking: tracking)
        while offsetJumpIndex < timeline.offsetJumps.count, timeline.offsetJumps[offsetJumpIndex].time <= t {
            reportedOffset += timeline.offsetJumps[offsetJumpIndex].offset
            offsetJumpIndex += 1
        }
        var reported = RigidTransform(rotation: estimate.rotation, translation: estimate.translation + reportedOffset)
        if tracking == .notAvailable, let last = lastReportedPose {
            reported = last
        }
        if timeline.frozen.contains(where: { $0.contains(t) }) {
            if frozenPose == nil { frozenPose = reported }
            reported = frozenPose ?? reported
        } else {
            frozenPose = nil
        }
        lastReportedPose = reported
        // Depth from the true pose.
        let hasLiDAR = scene.device.capabilities.hasLiDAR
        var depth: DepthMap? = nil
        var features: [Float]? = nil
        let frameSeed = Self.frameSeed(capture, index: index)
        if hasLiDAR, index % depthEvery == 0 {
            let capture = self.capture
            let ahead = renderAhead?.index == index ? renderAhead : nil
            if capture.options.rendersAhead, (renderAhead?.index ?? index) <= index {
                // The next depth frame to render a new map starts now, so it renders while this one does
                // (or is waited for): the frames that come (not in the background, not dropped) and the
                // depth refresh say which one that is.
                if let stale = renderAhead, stale.index < index { rendersAheadDropped += 1 }
                renderAhead = nil
                if let next = arrivingDepthFrame(after: index, count: depthFilter.renewalAfterNext) {
                    var nextHint = segmentHint
                    let nextPose = motion.pose(at: Double(next) / frameRate, hint: &nextHint)
                    renderAhead = RenderAhead(index: next) { Self.depthMap(capture, pose: nextPose, index: next) }
                }
            }
            var took = false
            depth = depthFilter.next {
                if let ahead {
                    took = true
                    return ahead.wait()
                }
                return Self.depthMap(capture, pose: truePose, index: index)
            }
            if ahead != nil {
                if took { rendersAheadTaken += 1 } else { rendersAheadDropped += 1 }
            }
        } else if !hasLiDAR {
            features = featureDepths(pose: truePose, seed: frameSeed)
        }
        // The RGB image on recorded frames at the camera's frame rate (poses across the shutter for blur).
        var color: ColorImage? = nil
        if let colorRenderer = capture.colorRenderer, let recording = timeline.recording,
           capture.hasColorImage(index: index, time: t, recording: recording.start..<recording.end) {
            if let ahead = colorAhead, ahead.index == index {
                (color, exposure) = ahead.wait()
                colorRendersAheadTaken += 1
            } else {
                if colorAhead != nil { colorRendersAheadDropped += 1 }
                let shaded = takeColorShade(for: index)
                color = Self.colorImage(capture, renderer: colorRenderer, motion: motion, index: index, time: t, pose: truePose,
                                        hint: segmentHint, exposure: &exposure, shaded: shaded?.wait())
            }
            colorAhead = nil
            // The next image starts now, from the exposure this one left, while the frames in between render;
            // it exposes the image shaded ahead for it, if any. The images after it start shading now too.
            if capture.options.rendersAhead, let next = arrivingColorFrame(after: index) {
                let capture = self.capture, motion = self.motion
                let nextTime = Double(next) / frameRate
                var nextHint = segmentHint
                let nextPose = motion.pose(at: nextTime, hint: &nextHint)
                let exposure = self.exposure
                let shaded = takeColorShade(for: next)
                colorAhead = RenderAhead(index: next) { [nextHint] in
                    var state = exposure
                    let image = Self.colorImage(capture, renderer: colorRenderer, motion: motion, index: next, time: nextTime, pose: nextPose,
                                                hint: nextHint, exposure: &state, shaded: shaded?.wait())
                    return (image, state)
                }
                var last = colorShadesAhead.last?.index ?? next, afterHint = nextHint
                while colorShadesAhead.count < Self.colorShadesAheadCount, let after = arrivingColorFrame(after: last) {
                    let afterPose = motion.pose(at: Double(after) / frameRate, hint: &afterHint)
                    colorShadesAhead.append(RenderAhead(index: after) {
                        Self.shadeColor(capture, renderer: colorRenderer, pose: afterPose)
                    })
                    last = after
                }
            }
        }
        // The camera image's labels, from the frame's true pose (the middle of its exposure).
        if color != nil, let labeller = capture.cameraLabelRenderer, depth?.truth != nil {
            let labels = labeller.labels(cameraToWorld: truePose, path: capture.options.renderPath)
            depth?.truth?.imageSemanticClass = labels.semanticClass
            depth?.truth?.imageInstance = labels.instance
            depth?.truth?.imageWidth = labeller.intrinsics.width
            depth?.truth?.imageHeight = labeller.intrinsics.height
        }
        // Storage and heat while recording.
        if let recording = timeline.recording, recording.contains(t) {
            // The video's bytes whether or not its images are rendered: the phone always records it.
            let video = ScanBytes.video(seconds: videoSeconds + 1 / frameRate, bytesPerSecond: videoBytesPerSecond)
                - ScanBytes.video(seconds: videoSeconds, bytesPerSecond: videoBytesPerSecond)
            videoSeconds += 1 / frameRate
            storageFree = max(0, storageFree - StorageModel.bytes(forFrameWithDepth: depth != nil, featureDepths: features != nil) - video)
            let model = scene.device.thermalModel
            let load = scene.configuration.reconstructsScene ? model.reconstructionLoad : model.recordingLoad
            heat += load / frameRate
            let state = model.state(heat: heat, atLeast: .nominal)
            if state != thermal {
                thermal = state
                pending.append(SessionInput(time: t, .frame(CameraFrame(transform: reported, tracking: tracking,
                                                                        depth: depth, featureDepths: features, color: color,
                                                                        truePose: truePose))))
                return SessionInput(time: t, .system(SystemSample(thermal: state)))
            }
        }
        return SessionInput(time: t, .frame(CameraFrame(transform: reported, intrinsics: .wideCamera, tracking: tracking,
                                                        depth: depth, featureDepths: features, color: color,
                                                        truePose: truePose)))
    }

    /// Whether camera frame `index` at `time` comes to the session: not while the app is in the
    /// background, not without the camera permission, not where the script drops frames.
    private func frameArrives(index: Int, at time: Double) -> Bool {
        let timeline = capture.timeline
        return !timeline.background.contains(where: { $0.contains(time) }) && capture.scene.device.cameraPermission != .denied
            && !timeline.dropsFrame(index: index, at: time)
    }

    /// The `count`-th depth frame after frame `index` that comes to the session (``frameArrives(index:at:)``,
    /// before the timeline's end), or nil when there is none.
    private func arrivingDepthFrame(after index: Int, count: Int) -> Int? {
        var candidate = index, found = 0
        while true {
            candidate += depthEvery
            let time = Double(candidate) / frameRate
            guard time < capture.timeline.endTime else { return nil }
            guard frameArrives(index: candidate, at: time) else { continue }
            found += 1
            if found == count { return candidate }
        }
    }

    /// The next frame after `index` that has a colour image: on the camera's frame rate, within the
    /// recording, coming to the session (``frameArrives(index:at:)``); nil when there is none.
    private func arrivingColorFrame(after index: Int) -> Int? {
        guard let recording = capture.timeline.recording else { return nil }
        var candidate = index
        while true {
            candidate += colorEvery
            let time = Double(candidate) / frameRate
            // After frame `index`, which is recorded: inside the recording until its end.
            guard time < capture.timeline.endTime, time < recording.end else { return nil }
            if frameArrives(index: candidate, at: time) { return candidate }
        }
    }

    /// The image shaded ahead for colour frame `index`, if there is one (counted as taken); those shaded
    /// for earlier frames are dropped, those for later frames kept.
    private mutating func takeColorShade(for index: Int) -> RenderAhead<LinearImage>? {
        while let first = colorShadesAhead.first, first.index < index {
            colorShadesAhead.removeFirst()
            colorShadesAheadDropped += 1
        }
        guard let first = colorShadesAhead.first, first.index == index else { return nil }
        colorShadesAhead.removeFirst()
        colorShadesAheadTaken += 1
        return first
    }

    /// The linear image of a colour frame seen from `pose`, shaded ahead of its exposure (with the inverse
    /// depth that motion blur and the rolling shutter read, when they are on).
    private static func shadeColor(_ capture: SyntheticCapture, renderer: ColorRenderer, pose: RigidTransform) -> LinearImage {
        let settings = renderer.settings
        return renderer.shade(poses: [pose], inverseDepth: settings.motionBlur || settings.rollingShutterReadoutSeconds > 0,
                              path: capture.options.renderPath, bands: capture.options.colorBands)
    }

    /// The colour image of frame `index` at `time`, seen from `pose` (`hint`: the motion's segment there),
    /// exposed with `exposure`, which it advances: the poses at the start and end of the exposure time
    /// auto exposure chose for motion blur, those of the first and last row for the rolling shutter.
    /// `shaded`: the frame's image shaded ahead (``shadeColor(_:renderer:pose:)``), which it exposes; nil:
    /// the frame renders its own (the same bytes).
    private static func colorImage(_ capture: SyntheticCapture, renderer: ColorRenderer, motion: HandHeldMotion, index: Int,
                                   time t: Double, pose: RigidTransform, hint: Int, exposure: inout AutoExposure,
                                   shaded: LinearImage? = nil) -> ColorImage {
        var shutter: (start: RigidTransform, end: RigidTransform)? = nil
        if renderer.settings.motionBlur, let seconds = renderer.realisedExposure(exposure)?.seconds {
            var blurHint = max(0, hint - 1)
            shutter = (motion.pose(at: max(0, t - seconds / 2), hint: &blurHint), motion.pose(at: t + seconds / 2, hint: &blurHint))
        }
        var readout: (first: RigidTransform, last: RigidTransform)? = nil
        let readoutSeconds = renderer.settings.rollingShutterReadoutSeconds
        if readoutSeconds > 0 {
            var readoutHint = max(0, hint - 1)
            readout = (motion.pose(at: max(0, t - readoutSeconds / 2), hint: &readoutHint),
                       motion.pose(at: t + readoutSeconds / 2, hint: &readoutHint))
        }
        let noiseSeed = SeededRandom.hash(frameSeed(capture, index: index) ^ 0xC0_10)
        if let shaded {
            return renderer.expose(shaded, exposure: &exposure, noiseSeed: noiseSeed, shutter: shutter, readout: readout,
                                   bands: capture.options.colorBands)
        }
        return renderer.render(poses: [pose], exposure: &exposure, noiseSeed: noiseSeed, shutter: shutter, readout: readout,
                               path: capture.options.renderPath, bands: capture.options.colorBands)
    }

    /// Frame `index`'s noise seed, from the capture's seed.
    private static func frameSeed(_ capture: SyntheticCapture, index: Int) -> UInt64 {
        SeededRandom.hash(capture.seed ^ SeededRandom.hash(UInt64(index)))
    }

    /// The depth map of frame `index` seen from `pose`.
    private static func depthMap(_ capture: SyntheticCapture, pose: RigidTransform, index: Int) -> DepthMap {
        capture.renderer.render(cameraToWorld: pose, noiseSeed: frameSeed(capture, index: index), frameIndex: index,
                                sequenceSeed: capture.seed, path: capture.options.renderPath, bands: capture.options.renderBands,
                                truth: capture.options.truth)
    }

    /// Sparse feature depths (z-depth, metres; 0 where nothing lies within range) along rays through a
    /// jittered grid of the image, as a tracker's feature points on a device without LiDAR.
    private func featureDepths(pose: RigidTransform, seed: UInt64) -> [Float] {
        let count = max(1, capture.options.featureRays)
        let columns = max(1, Int((Double(count) * 4 / 3).squareRoot().rounded()))
        let rows = max(1, (count + columns - 1) / columns)
        let intrinsics = capture.renderer.intrinsics
        var random = SeededRandom(seed: seed)
        var out: [Float] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let cx = Double(i % columns), cy = Double(i / columns % rows)
            let x = (cx + random.nextUnit()) / Double(columns) * Double(intrinsics.width) - 0.5
            let y = (cy + random.nextUnit()) / Double(rows) * Double(intrinsics.height) - 0.5
            out.append(Float(capture.renderer.referenceDepth(cameraToWorld: pose, x: x, y: y)))
        }
        return out
    }
}
