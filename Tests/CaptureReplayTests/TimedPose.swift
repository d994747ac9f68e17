import CaptureEngine

/// A camera-to-world pose in the engine's conventions at a time in seconds.
struct TimedPose {
    var time: Double
    var pose: RigidTransform
}
