import CaptureEngine
import Testing

/// Warning priorities (Android SDK 2.10.1 README, "About warning priorities": "Higher priority warnings
/// will override and hide any lower priority warning in order to only show the higher priority warning";
/// code 21: "Only received if there's no higher priority warnings visible"). The floor warning is
/// priority 4, walking sideways 3, tracking 1.
@Suite struct WarningPriorityTests {
    private func afterStart(_ events: [Event]) -> [Event] { Array(events.drop { $0.code == 0 || $0.code == 1 }) }

    /// Recording from 0.5 s; from 1.5 s a 3 s crab-walk left at 0.5 m/s with the phone pointed at the
    /// floor (pitch -62 degrees), then 3 s standing still still pointed at it, then 2 s looking ahead.
    private func crabWalkAtTheFloor() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.walk(3, velocity: SIMD3(-0.5, 0, 0), pitch: -62)
        s.hold(3, ScriptedInputs.pose(x: -1.5, pitch: -62))
        s.hold(2, ScriptedInputs.pose(x: -1.5))
        return s
    }

    @Test func aLowerWarningThatOutlastsAHigherOneIsEmittedWhenItClearsOnceAfterItsOwnHoldTime() throws {
        let events = afterStart(try run(crabWalkAtTheFloor(), storage: NullScanStorage()).events)
        // The floor warning's hold (1.5 s from 1.5 s) ends at 3.0 s while 29 shows: kept hidden, then
        // shown when 27 clears the sideways warning, at that time, once; 23 when the phone looks up.
        #expect(events.map(\.code) == [29, 27, 21, 23])
        let cleared = try #require(events.first { $0.code == 27 })
        let floor = try #require(events.first { $0.code == 21 })
        #expect(floor.time == cleared.time)
        #expect(floor.time > 3.0)
        // Its trace is what the detector measures then, over the time its condition has held.
        let trace = try #require(floor.trace)
        #expect(trace.quantity == "pitch" && trace.comparison == "<" && trace.threshold == -55)
        #expect(abs(trace.measured - -62) < 1e-6)
        #expect(trace.windowStart == 1.5 && trace.windowSeconds == floor.time - 1.5)
    }

    @Test func aLowerWarningWhoseHoldEndsAfterTheHigherClearsFiresAtItsOwnHoldTime() throws {
        // A 4 s hold: the floor condition from 1.5 s has not held long enough when 27 comes (about 4.9 s),
        // so 21 fires by itself at 5.5 s.
        var configuration = SessionConfiguration()
        configuration.thresholds.floor.holdSeconds = 4
        let events = afterStart(try run(crabWalkAtTheFloor(), configuration: configuration, storage: NullScanStorage()).events)
        #expect(events.map(\.code) == [29, 27, 21, 23])
        let cleared = try #require(events.first { $0.code == 27 })
        #expect(cleared.time < 5.5)
        #expect(events.first { $0.code == 21 }?.time == 5.5)
    }

    @Test func aHiddenWarningWhoseConditionEndsFirstIsNeverEmitted() throws {
        // Looking ahead as the walk ends: the floor condition clears while 29 still shows.
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.walk(3, velocity: SIMD3(-0.5, 0, 0), pitch: -62)
        s.hold(4, ScriptedInputs.pose(x: -1.5))
        let events = afterStart(try run(s, storage: NullScanStorage()).events)
        #expect(events.map(\.code) == [29, 27])
    }

    @Test func aShownLowerWarningIsHiddenByAHigherOneAndShownAgainAfterIt() throws {
        // Pointed at the floor standing still from 1.5 s: 21 at 3.0 s; then the crab-walk: 29 hides it
        // (its feedback item ends, no code), 27 shows it again (21 a second time).
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.hold(2, ScriptedInputs.pose(pitch: -62))
        s.walk(3, velocity: SIMD3(-0.5, 0, 0), pitch: -62)
        s.hold(3, ScriptedInputs.pose(x: -1.5, pitch: -62))
        s.hold(2, ScriptedInputs.pose(x: -1.5))
        let (all, driver) = try run(s, storage: NullScanStorage())
        let events = afterStart(all)
        #expect(events.map(\.code) == [21, 29, 27, 21, 23])
        let sideways = events[1], cleared = events[2]
        #expect(events[0].time == 3.0 && events[3].time == cleared.time)
        let floorItems = driver.session.record.feedback.filter { $0.meaning == .scanningFloor }
        #expect(floorItems.map(\.start) == [3.0, cleared.time])
        #expect(floorItems.map(\.end) == [sideways.time, events[4].time])
        #expect(driver.session.record.scanLog.contains { $0.text == "Warning 21 hidden: warning 29 has priority" })
    }

    @Test func trackingLimitedHidesTheFloorWarningWhichComesBackAfter28() throws {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.hold(2, ScriptedInputs.pose(pitch: -62))
        s.hold(1, ScriptedInputs.pose(pitch: -62), tracking: .limited(.insufficientLight))
        s.hold(1, ScriptedInputs.pose(pitch: -62))
        s.hold(1)
        #expect(afterStart(try run(s, storage: NullScanStorage()).events).map { Stamp($0.time, $0.code) }
                == [Stamp(3.0, 21), Stamp(3.5, 8), Stamp(3.5, 18), Stamp(4.5, 28), Stamp(4.5, 21), Stamp(5.5, 23)])
    }
}
