import CaptureBundle
import CaptureEngine
import JSONSupport
import Testing

/// `raw/poses.csv` has one reader (`RawPose.parse`), which `inspect`, `lidar stats` and `replay` share;
/// each then reads the values by its own rule.
@Suite struct RawPoseReaderTests {
    private func parse(_ text: String) throws -> RawPose.Parsed {
        try Array(text.utf8).withUnsafeBufferPointer { buffer in try RawPose.parse(buffer, file: "poses.csv") }
    }

    @Test func commentsBlankLinesCRLFAndSpacesAreRead() throws {
        let parsed = try parse("# a comment\nframe, x, y, z, qx, qy, qz, qw, time\r\n\n 0, 1, 2, 3, 0, 0, 0, 1, 0.5 \r\n")
        #expect(parsed.hasHeader && parsed.hasTimeColumn)
        let row = try #require(parsed.rows.first)
        #expect(parsed.rows.count == 1 && row.line == 4 && row.frame == 0 && row.time == 0.5)
        #expect(row.position == SIMD3(1, 2, 3) && row.quaternion == Quaternion(x: 0, y: 0, z: 0, w: 1))
    }

    @Test func withoutAHeaderTheFieldCountSaysWhetherTheTimeColumnIsThere() throws {
        #expect(try parse("0,0,0,0,0,0,0,1,0.25\n").hasTimeColumn)
        let old = try parse("0,0,0,0,0,0,0,1\n")
        #expect(!old.hasHeader && !old.hasTimeColumn && old.rows.first?.time == nil)
    }

    @Test func theValuesAreKeptAsWrittenAndATruncatedLastLineIsReportedApart() throws {
        let parsed = try parse("frame,x,y,z,qx,qy,qz,qw\n0,nan,0,0,0,0,0,2\n1,0,0")
        #expect(parsed.rows.count == 1 && !parsed.rows[0].isFinite && parsed.rows[0].quaternion.w == 2)
        #expect(parsed.truncatedLastLine?.line == 3)
        #expect(throws: InputError(file: "poses.csv", line: 2, reason: "field 2 (x) is 'a', expected a number")) {
            try parse("frame,x,y,z,qx,qy,qz,qw\n0,a,0,0,0,0,0,1\n")
        }
    }

    /// `inspect`'s rule on top: the header, finite numbers, a unit quaternion and every line complete.
    @Test func theBundleReadingRefusesWhatReplayTolerates() {
        let header = "frame,x,y,z,qx,qy,qz,qw\n"
        #expect(throws: InputError(file: "raw/poses.csv", line: 2, reason: "quaternion length 2.0 is not 1")) {
            try RawPose.parseCSV(header + "0,0,0,0,0,0,0,2\n")
        }
        #expect(throws: InputError.self) { try RawPose.parseCSV(header + "0,0,0,0,0,0,0,1\n1,0,0") }
        #expect(throws: InputError.self) { try RawPose.parseCSV("0,0,0,0,0,0,0,1\n") }
        #expect(throws: InputError(file: "raw/poses.csv", line: 1, reason: "empty file")) { try RawPose.parseCSV("") }
    }
}
