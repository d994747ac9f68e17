import CaptureEngine
import CaptureReplay
import Foundation
import Testing
import JSONSupport

@Suite struct BadLogTests {
    private let identity = "0 0 0 0 0 0 1"

    @Test func malformedLineNamesFileLineAndWhatWasExpected() throws {
        let text = "# comment\n0 \(identity)\n0.1 0 0 0 0 0 1\n0.2 \(identity)\n"
        #expect {
            _ = try ReaderTestSupport.read(text, format: .tum, file: "walk.tum")
        } throws: { error in
            guard let e = error as? InputError else { return false }
            return e.file == "walk.tum" && e.line == 3
                && e.description == "walk.tum:3: expected 8 fields (timestamp tx ty tz qx qy qz qw), found 7"
        }
    }

    @Test func fieldThatIsNotANumberIsNamed() throws {
        let text = "0,0,0,0,0,0,0,1,0\n1,0,0,zero,0,0,0,1,0.1\n"
        #expect {
            _ = try ReaderTestSupport.read(text, format: .raw, file: "raw/poses.csv")
        } throws: { error in
            (error as? InputError)?.description == "raw/poses.csv:2: field 4 (z) is 'zero', expected a number"
        }
    }

    @Test func truncatedLastLineReplaysUpToTheLineBeforeWithAWarning() throws {
        let text = "0 \(identity)\n0.1 \(identity)\n0.2 0.5 0 0 0 0"
        let log = try ReaderTestSupport.read(text, format: .tum, file: "cut.tum")
        #expect(ReaderTestSupport.frames(log).map(\.time) == [0, 0.1])
        #expect(log.diagnostics.map(\.kind) == [.truncatedLastLine])
        #expect(log.diagnostics.first?.line == 3)
        #expect(log.diagnostics.first?.description.hasPrefix("cut.tum:3: last line is incomplete") == true)
    }

    @Test func completeLastLineWithoutNewlineIsKept() throws {
        let log = try ReaderTestSupport.read("0 \(identity)\n0.1 \(identity)", format: .tum)
        #expect(ReaderTestSupport.frames(log).count == 2)
        #expect(log.diagnostics.isEmpty)
    }

    @Test func backwardsAndDuplicateTimeStampsAreSkippedAndReported() throws {
        let text = "10 \(identity)\n10.1 \(identity)\n10.1 \(identity)\n10.05 \(identity)\n10.2 \(identity)\n"
        let log = try ReaderTestSupport.read(text, format: .tum)
        let times = ReaderTestSupport.frames(log).map(\.time)
        #expect(times.count == 3)
        #expect(abs(times[2] - 0.2) < 1e-9)
        #expect(log.diagnostics.map(\.kind) == [.duplicateTime, .backwardsTime])
        #expect(log.diagnostics.map(\.line) == [3, 4])
        // Nothing the reader passes on is rejected by the session.
        #expect(ReplayRun(log: log).rejected.isEmpty)
    }

    @Test func gapsLongerThanTheThresholdAreReportedAndKept() throws {
        let text = "0 \(identity)\n0.5 \(identity)\n1.2 \(identity)\n"
        let log = try ReaderTestSupport.read(text, format: .tum)
        #expect(ReaderTestSupport.frames(log).count == 3)
        #expect(log.diagnostics.map(\.kind) == [.gap])
        #expect(log.diagnostics.first?.line == 3)
        #expect(log.diagnostics.first?.message == "gap of 0.700 s before this frame (more than 0.5 s)")
        let relaxed = try ReaderTestSupport.read(text, format: .tum, options: ReplayOptions(gapThresholdSeconds: 1))
        #expect(relaxed.diagnostics.isEmpty)
    }

    @Test func nonFinitePosePassesThroughToTheSession() throws {
        let text = "0 \(identity)\n0.1 nan 0 0 0 0 0 1\n0.2 0 inf 0 0 0 0 1\n0.3 \(identity)\n"
        let log = try ReaderTestSupport.read(text, format: .tum)
        let frames = ReaderTestSupport.frames(log)
        #expect(frames.count == 4)
        #expect(frames.map(\.frame.transform.isFinite) == [true, false, false, true])
        #expect(log.diagnostics.map(\.kind) == [.nonFinitePose, .nonFinitePose])
        #expect(log.diagnostics.map(\.line) == [2, 3])
    }

    @Test func nonFiniteTimeStampSkipsTheLine() throws {
        let log = try ReaderTestSupport.read("0 \(identity)\nnan \(identity)\n0.1 \(identity)\n", format: .tum)
        #expect(ReaderTestSupport.frames(log).count == 2)
        #expect(log.diagnostics.map(\.kind) == [.nonFiniteTime])
    }

    @Test func nonUnitQuaternionIsNormalisedAndReported() throws {
        let log = try ReaderTestSupport.read("0 0 0 0 0 0 0 2\n", format: .tum)
        let unit = PoseConvention(worldUp: .z, camera: .openCV).engineCameraToWorld(.identity)
        #expect(ReaderTestSupport.frames(log).first?.frame.transform == unit)
        #expect(log.diagnostics.map(\.kind) == [.nonUnitRotation])
    }

    @Test func wrongIntegerFieldsAreErrors() throws {
        #expect(throws: InputError.self) {
            _ = try ReaderTestSupport.read("1.5 1 0 0 0 1 0 0 0 1 0 0 0\n", format: .arkit)
        }
        #expect(throws: InputError.self) {
            _ = try ReaderTestSupport.read("frame,x,y,z,qx,qy,qz,qw\n0.5,0,0,0,0,0,0,1\n", format: .raw,
                                           options: ReplayOptions(framesPerSecond: 60))
        }
    }

    @Test func aLogWithoutDataLinesIsAnErrorNamingTheFile() throws {
        #expect {
            _ = try ReaderTestSupport.read("# nothing\n\n", format: .tum, file: "empty.tum")
        } throws: { error in
            (error as? InputError)?.description
                == "empty.tum: no data lines (the log is only comments or blank lines); expected lines of timestamp tx ty tz qx qy qz qw"
        }
    }

    @Test func missingFileIsAnError() {
        #expect(throws: InputError.self) { _ = try ReplayReader.read(path: "/nonexistent/poses.txt") }
    }
}
