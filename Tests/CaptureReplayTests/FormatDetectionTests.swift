import CaptureReplay
import Foundation
import TestSupport
import Testing
import JSONSupport

@Suite struct FormatDetectionTests {
    @Test func formatIsDetectedFromFolderFileNameAndFirstDataLine() throws {
        let scratch = try TemporaryFolder("detect")
        defer { scratch.remove() }
        let folder = scratch.path
        let pose = "0 0 0 0 0 0 1"
        let cases: [(String, String, ReplayFormat)] = [
            ("package/raw/poses.csv", "frame,x,y,z,qx,qy,qz,qw\n0,0,0,0,0,0,0,1\n", .raw),
            ("stray/odometry.csv", "timestamp, frame, x, y, z, qx, qy, qz, qw\n1.0, 000000, 0, 0, 0, 0, 0, 0, 1\n", .stray),
            ("a.traj", "1.0 0 0 0 0 0 0\n", .traj),
            ("walk.txt", "# tum\n1.0 \(pose)\n", .tum),
            ("scene-traj.txt", "1.0 0 0 0 0 0 0\n", .traj),
            ("renamed.csv", "frame,x,y,z,qx,qy,qz,qw\n0,0,0,0,0,0,0,1\n", .raw),
            ("arkit.txt", "# Created\n1 1 0 0 0 0 1 0 0 0 0 1 0\n", .arkit),
        ]
        for (name, text, format) in cases {
            let path = try LogWriter.write(text, to: name, in: folder)
            #expect(try ReplayReader.detectFormat(path: path) == format, "\(name)")
        }
        #expect(try ReplayReader.detectFormat(path: folder + "/package") == .raw)
        #expect(try ReplayReader.detectFormat(path: folder + "/stray") == .stray)
        #expect(try ReplayReader.detectFormat(path: TestPaths.letters) == .arkit)
        try LogWriter.bundle(at: folder + "/bundle", frames: [LogWriter.BundleFrame(time: 0, pose: .identity)])
        #expect(try ReplayReader.detectFormat(path: folder + "/bundle") == .bundle)
        #expect(try ReplayReader.detectFormat(path: folder + "/bundle/arkitData.json") == .bundle)
    }

    @Test func undecidableFirstLineAsksForTheFormat() throws {
        let scratch = try TemporaryFolder("odd")
        defer { scratch.remove() }
        let path = try LogWriter.write("1 2 3\n", to: "odd.txt", in: scratch.path)
        #expect {
            _ = try ReplayReader.detectFormat(path: path)
        } throws: { error in
            (error as? InputError)?.reason.contains("give --format") == true
        }
    }

    @Test func givenFormatOverridesDetection() throws {
        // Eight fields would be detected as TUM; read as raw with --format, the first field is a frame number.
        let scratch = try TemporaryFolder("given")
        defer { scratch.remove() }
        let path = try LogWriter.write("0,0,0,0,0,0,0,1\n30,1,0,0,0,0,0,1\n", to: "plain.csv", in: scratch.path)
        let log = try ReplayReader.read(path: path, options: ReplayOptions(format: .raw, framesPerSecond: 30))
        #expect(ReaderTestSupport.frames(log).map(\.time) == [0, 1])
    }
}
