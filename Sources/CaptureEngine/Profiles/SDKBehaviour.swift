/// The behaviour switches where CubiCapture versions differ, read by the session where it acts on them.
/// Plain values; ``SDKProfile/behaviour`` gives each profile's.
public struct SDKBehaviour: Equatable, Sendable {
    /// Whether warnings are ranked (``SDKProfile/warningPriority(of:)``): a warning that fires while one
    /// of higher priority shows is kept hidden (no code, no feedback item) and shown once nothing higher
    /// is, if its condition still holds; a warning shown hides the lower ones showing.
    public var appliesWarningPriorities: Bool
    /// Whether the phone records in portrait only (3.x): recording starts only in portrait, any other
    /// orientation shows ``EventMeaning/wrongOrientation`` (cleared by ``EventMeaning/notWrongOrientation``),
    /// and held that way for ``Thresholds/Orientation/wrongOrientationAbortSeconds`` while recording aborts
    /// with ``EventMeaning/wrongOrientationTooLong``; sideways walking is measured along the horizontal
    /// axis across the view. Otherwise (2.10) landscape-right: 0, 17 after landscape, 24.
    public var portraitOnly: Bool
    /// Whether drift forces a relocation (3.x: 129/130, 131, then 133 or 80) instead of aborting (2.10: 13),
    /// when ``Thresholds/Drift/action`` leaves it to the profile.
    public var driftRelocates: Bool
    /// Whether relocations are announced (131 forced, 132 automatic) and their success reported as
    /// ``EventMeaning/relocationSucceeded`` (3.x) rather than ``EventMeaning/trackingNormal`` (2.10).
    public var reportsRelocation: Bool
    /// Whether going to the background interrupts the session (134) and coming back resumes it (135,
    /// then a forced relocation) whatever the options say (3.x); otherwise the `backgroundResume` option
    /// decides between relocating and aborting with 83 (2.10).
    public var interruptionResumes: Bool
    /// Whether a frozen camera pose is told apart by translation (126), orientation (127) or both (128)
    /// (3.x); otherwise only an unchanged whole transform counts (2.10: 66).
    public var splitsFrozenPose: Bool
    /// Whether the tilt-up warning (22) runs on LiDAR devices too (3.x: 2.13.4 "Added vertical tilt
    /// warning"); 2.10 has the ceiling warning off for LiDAR (2.9.3).
    public var tiltUpOnLiDAR: Bool
    /// Whether room labels by speech exist (2.10; 2.13.4 removed speech recognition).
    public var hasSpeech: Bool
    /// Whether event JSON names the delegate call an event leads to (3.x's `CubiCaptureDelegate`:
    /// `didCompleteScan(location:)` after the zip, `didAbortScan(withEvent:canContinue:)` for an error).
    public var reportsDelegateCalls: Bool
    /// Whether tracking back to normal after a limited state (8, 9) is reported with
    /// ``EventMeaning/trackingNormal`` (2.10: 28, seed 000 2.4.1 "SDK calls delegate when tracking is back
    /// to normal"). 3.x's 28 is "The scanning state is back to normal (after relocation)": it follows a
    /// relocation's success (133) instead, and a limited state clears without a code.
    public var reportsTrackingNormal: Bool
    /// Whether a thermal state of critical before recording ends the session with
    /// ``EventMeaning/deviceTooHot`` (3.x: 107 "The device is too hot for scanning", an error; the
    /// Android SDK 2.10.1 README: "Scan is now aborted if the thermal state is critical or higher on
    /// startup"). 2.10 (iOS) has no such code: critical only shuts scene reconstruction down.
    public var abortsWhenTooHotToStart: Bool
    /// Whether recording pauses while the session relocates (3.x: 136 "The scan could not be paused when
    /// drift was detected", 138 "... when relocation started", 141/142 for the video writer name a pause
    /// and its end): the frames of a relocation are not recorded (no video, depth or recorded time) and
    /// recording resumes with the relocation's success. 2.10 documents no pause: it records through.
    public var pausesRecordingWhileRelocating: Bool

    /// Every switch is stated (no defaults): a new profile cannot quietly inherit another's behaviour.
    public init(appliesWarningPriorities: Bool, portraitOnly: Bool, driftRelocates: Bool, reportsRelocation: Bool,
                interruptionResumes: Bool, splitsFrozenPose: Bool, tiltUpOnLiDAR: Bool, hasSpeech: Bool,
                reportsDelegateCalls: Bool, reportsTrackingNormal: Bool, abortsWhenTooHotToStart: Bool,
                pausesRecordingWhileRelocating: Bool) {
        self.appliesWarningPriorities = appliesWarningPriorities
        self.portraitOnly = portraitOnly
        self.driftRelocates = driftRelocates
        self.reportsRelocation = reportsRelocation
        self.interruptionResumes = interruptionResumes
        self.splitsFrozenPose = splitsFrozenPose
        self.tiltUpOnLiDAR = tiltUpOnLiDAR
        self.hasSpeech = hasSpeech
        self.reportsDelegateCalls = reportsDelegateCalls
        self.reportsTrackingNormal = reportsTrackingNormal
        self.abortsWhenTooHotToStart = abortsWhenTooHotToStart
        self.pausesRecordingWhileRelocating = pausesRecordingWhileRelocating
    }
}
