import CaptureReplay
import Foundation
import TestSupport
import Testing
import JSONSupport

/// The logs of `Fixtures/malformed` (see the README there): CRLF line ends are read like LF ones, and a
/// log without data lines or with a header in another column order is an error naming the file (and
/// line), exit status 3.
@Suite struct MalformedLogTests {
    private static func path(_ name: String) -> String { TestPaths.fixture("malformed/" + name) }

    /// The malformed logs and what their error must say after the file name.
    private static let errors: [(file: String, line: Int?, reason: String)] = [
        ("empty.tum", nil, "no data lines (the log is empty or holds only comments); cannot tell the format"),
        ("comments-only.tum", nil, "no data lines (the log is empty or holds only comments); cannot tell the format"),
        ("comments-only-arkit.txt", nil, "no data lines (the log is empty or holds only comments); cannot tell the format"),
        ("empty.traj", nil, "no data lines (the log is empty); expected lines of timestamp rx ry rz tx ty tz"),
        ("header-only-poses.csv", nil, "no data lines (the log is only a header); expected lines of frame,x,y,z,qx,qy,qz,qw"),
        ("header-only-odometry.csv", nil,
         "no data lines (the log is only a header); expected lines of timestamp, frame, x, y, z, qx, qy, qz, qw"),
        ("scalar-first-poses.csv", 1,
         "header is 'frame,x,y,z,qw,qx,qy,qz', expected 'frame,x,y,z,qx,qy,qz,qw' (the columns in this order)"),
        ("scalar-first-odometry.csv", 1,
         "header is 'timestamp, frame, x, y, z, qw, qx, qy, qz', expected 'timestamp, frame, x, y, z, qx, qy, qz, qw' (the columns in this order)"),
    ]

    @Test(arguments: [("crlf.tum", ReplayFormat.tum), ("crlf-arkit.txt", .arkit), ("crlf-poses.csv", .raw),
                      ("crlf-odometry.csv", .stray), ("crlf.traj", .traj)])
    func crlfLogsAreDetectedAndReadLikeLFLogs(name: String, format: ReplayFormat) throws {
        let path = Self.path(name)
        #expect(try ReplayReader.detectFormat(path: path) == format)
        let log = try ReplayReader.read(path: path)
        #expect(ReaderTestSupport.frames(log).count == 3)
        #expect(log.diagnostics.isEmpty)
        let lf = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n")
        let same = try ReaderTestSupport.read(lf, format: format)
        #expect(ReaderTestSupport.frames(log).map(\.time) == ReaderTestSupport.frames(same).map(\.time))
        #expect(ReaderTestSupport.frames(log).map(\.frame.transform) == ReaderTestSupport.frames(same).map(\.frame.transform))
    }

    @Test func eachMalformedLogIsAnErrorNamingTheFileAndLine() throws {
        for (name, line, reason) in Self.errors {
            let path = Self.path(name)
            #expect {
                _ = try ReplayReader.read(path: path)
            } throws: { error in
                guard let e = error as? InputError else { return false }
                return e.file == path && e.line == line && e.reason == reason
            }
        }
    }

    @Test func aGivenFormatDoesNotHideAnEmptyLog() throws {
        for (name, format) in [("empty.tum", ReplayFormat.tum), ("comments-only-arkit.txt", .arkit),
                               ("header-only-poses.csv", .raw)] {
            #expect {
                _ = try ReplayReader.read(path: Self.path(name), options: ReplayOptions(format: format))
            } throws: { error in
                (error as? InputError)?.reason.hasPrefix("no data lines") == true
            }
        }
    }

    @Test func theToolExitsThreeNamingTheFileForEachMalformedLog() throws {
        for (name, line, reason) in Self.errors {
            let path = Self.path(name)
            let run = try CommandLineTool.run(["replay", path])
            #expect(run.status == 3, "\(name)")
            #expect(run.stdout == "")
            let place = line.map { "\(path):\($0)" } ?? path
            #expect(run.stderr.contains("\(place): \(reason)"), "\(name): \(run.stderr)")
        }
    }

    @Test func aLogOfMoreThanTheLimitIsRefusedNamingTheFile() throws {
        let scratch = try TemporaryFolder("large")
        defer { scratch.remove() }
        let folder = scratch.path
        let path = folder + "/large.tum"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(ReplayReader.maximumLogBytes + 1))
        try handle.close()
        #expect {
            _ = try ReplayReader.read(path: path, options: ReplayOptions(format: .tum))
        } throws: { error in
            (error as? InputError)?.description == "\(path): \(ReplayReader.maximumLogBytes + 1) bytes, more than the limit of 67108864 bytes (64 MiB) for a pose log"
        }
    }
}

extension MalformedLogTests {
    @Test func aLogOfMorePosesThanTheLimitIsRefusedAtTheFirstPoseBeyondIt() throws {
        var text = ""
        text.reserveCapacity(6_000_000)
        for i in 0...(1 << 18) { text += "\(i) 0 0 0 0 0 0 1\n" }
        #expect {
            _ = try ReaderTestSupport.read(text, format: .tum, file: "long.tum")
        } throws: { error in
            (error as? InputError)?.description == "long.tum:262145: more than the limit of 262144 poses a log may hold"
        }
    }
}
