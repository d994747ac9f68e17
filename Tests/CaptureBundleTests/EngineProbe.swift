import CaptureEngine

/// Whether the engine's session is the real one: it records after landscape frames and a record press.
enum EngineProbe {
    /// Held level in landscape-right (camera +X right, +Y up), looking along world -Z.
    static let level = RigidTransform.identity

    static var sessionRecords: Bool {
        var session = CaptureSession()
        var codes: [EventCode] = []
        for i in 0..<30 {
            codes += (try? session.step(SessionInput(time: Double(i) / 30, .frame(CameraFrame(transform: level)))))?.events.map(\.code) ?? []
        }
        codes += (try? session.step(SessionInput(time: 1, .user(.recordPressed))))?.events.map(\.code) ?? []
        return codes.contains(.recordingStarted)
    }
}
