import CaptureEngine

/// Whether the linked capture session emits events at all (a session that records from its first frame
/// must at least report that recording started). The trace tests need the real session.
enum EngineProbe {
    static let emitsEvents: Bool = {
        var session = CaptureSession(configuration: SessionConfiguration(landscapeGating: false))
        var events: [Event] = []
        let frame = CameraFrame(transform: RigidTransform(rotation: .identity, translation: SIMD3(0, 1.4, 0)))
        for input in [SessionInput(time: 0, .user(.recordPressed)), SessionInput(time: 0, .frame(frame)),
                      SessionInput(time: 1.0 / 60, .frame(frame))] {
            events += (try? session.step(input).events) ?? []
        }
        return !events.isEmpty
    }()
}
