@testable import CaptureEngine
import Testing

/// The warning board's rules as a state machine: each input returns what the session does, exactly,
/// with no session and no I/O.
@Suite struct WarningBoardTests {
    @Test func aHigherWarningHidesALowerOneWhichShowsAgainWithItsMeasureWhenTheHigherEnds() {
        var board = WarningBoard(sdk: .v2_10)
        #expect(board.show(.floor, .scanningFloor) == [.open(.floor, .scanningFloor), .emit(.scanningFloor, trace: nil, soundAllowed: true)])
        #expect(board.show(.rotation, .fastRotation) == [
            .open(.rotation, .fastRotation), .emit(.fastRotation, trace: nil, soundAllowed: true),
            .close(.floor), .log("Warning 21 hidden: warning 87 has priority"),
        ])
        #expect(!board.isOpen(.floor) && board.isOpen(.rotation))
        #expect(board.hide(.rotation) == [
            .close(.rotation), .log("Warning 21 shown: no warning of higher priority showing"),
            .open(.floor, .scanningFloor), .emitMeasured(.floor, .scanningFloor),
        ])
    }

    @Test func aWarningThatClearsWhileHiddenSendsItsClearingCodeOnceNothingHigherShows() {
        var board = WarningBoard(sdk: .v2_10)
        _ = board.show(.floor, .scanningFloor)
        _ = board.show(.rotation, .fastRotation)
        #expect(board.hide(.floor, cleared: .notScanningFloorOrCeiling) == [])
        #expect(board.hide(.rotation) == [
            .close(.rotation), .log("Warning 21 cleared while hidden: its clearing code once nothing of higher priority shows"),
            .emit(.notScanningFloorOrCeiling, trace: nil, soundAllowed: true),
        ])
        #expect(board.closeAll() == [])
    }

    @Test func aLowerWarningArrivingUnderAHigherOneIsLoggedAndKept() {
        var board = WarningBoard(sdk: .v2_10)
        _ = board.show(.rotation, .fastRotation)
        #expect(board.show(.floor, .scanningFloor) == [.log("Warning 21 not shown: warning 87 has priority")])
        #expect(board.closeAll() == [.close(.rotation)])
        #expect(board.hide(.rotation) == [])
    }

    @Test func aWarningTheProfileHasNoCodeForIsNeverShown() {
        var board = WarningBoard(sdk: .v3_1)
        #expect(board.show(.proximity, .tooFar) == [])
        #expect(!board.isOpen(.proximity))
        #expect(board.hide(.proximity, cleared: .distanceInRange) == [])
    }
}
