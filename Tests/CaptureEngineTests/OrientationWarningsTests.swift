@testable import CaptureEngine
import Testing

/// The orientation warnings' memory as a state machine: each change of orientation returns its actions.
@Suite struct OrientationWarningsTests {
    @Test func reverseLandscapeWarnsOnlyAfterLandscapeRightAndClearsWhenLeft() {
        var warnings = OrientationWarnings()
        #expect(warnings.landscapeChange(to: .landscapeLeft) == [])
        #expect(warnings.landscapeChange(to: .landscapeRight) == [.landscape])
        #expect(warnings.landscapeChange(to: .landscapeLeft) == [.show(.reverseLandscape)])
        #expect(warnings.landscapeChange(to: .portrait) == [.hide])
        #expect(warnings.landscapeChange(to: .landscapeRight) == [.landscape])
    }

    @Test func portraitOnlyWarnsUntilPortraitAndARecordPressRestartsTheCount() {
        var warnings = OrientationWarnings()
        #expect(warnings.portraitChange(to: .landscapeRight, at: 1) == .show(.wrongOrientation))
        #expect(warnings.portraitChange(to: .landscapeLeft, at: 2) == nil && warnings.wrongSince == 1)
        let heldWrong = warnings.recordPressed(at: 3)
        #expect(heldWrong && warnings.wrongSince == 3)
        #expect(warnings.portraitChange(to: .portrait, at: 4) == .hide && warnings.wrongSince == nil)
        let heldWrongAgain = warnings.recordPressed(at: 5)
        #expect(!heldWrongAgain)
    }
}
