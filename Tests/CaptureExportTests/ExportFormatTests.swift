@testable import CaptureExport
import BundleIO
import CaptureEngine
import Foundation
import TestSupport
import Testing

/// The exported files' text and bytes, on frames with known poses.
@Suite struct ExportFormatTests {
    /// A camera at (1, 2, 1.5) turned 30 degrees about world z and tilted 10 degrees about its own x.
    static let pose = RigidTransform(
        rotation: Quaternion(angle: .pi / 6, axis: SIMD3(0, 0, 1)) * Quaternion(angle: -.pi / 2 - .pi / 18, axis: SIMD3(1, 0, 0)),
        translation: SIMD3(1, 2, 1.5))
    static let frames = (0..<3).map { i in
        ExportFrame(number: i * 2, time: 2.5 + Double(i) / 30, cameraToWorld: RigidTransform(
            rotation: pose.rotation, translation: pose.translation + SIMD3(0.1 * Double(i), 0, 0)), depthIndex: i * 2, imageIndex: i * 2)
    }

    @Test func tumLinesReadBackToThePosesBitForBitWithQwNotNegative() {
        let text = TUMTrajectory.text(frames: Self.frames, source: "scan")
        let lines = text.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("# capture-sim export of scan: 3 frames"))
        #expect(lines[1].contains("camera OpenCV (x right, y down, z forward)") && lines[1].contains("world Z up"))
        for (line, frame) in zip(lines.dropFirst(2), Self.frames) {
            let v = line.split(separator: " ").map { Double($0)! }
            #expect(v.count == 8)
            #expect(v[0] == frame.time)
            #expect(SIMD3(v[1], v[2], v[3]) == frame.cameraToWorld.translation)
            let q = Quaternion(x: v[4], y: v[5], z: v[6], w: v[7])
            #expect(q.w >= 0)
            #expect(q.angle(to: frame.cameraToWorld.rotation) < 1e-12)
        }
    }

    @Test func colmapImagesAreWorldToCameraAndThePrincipalPointMovesHalfAPixel() {
        let model = COLMAPModel.imagesText(Self.frames.enumerated().map {
            COLMAPModel.Image(id: $0.offset + 1, name: "\($0.element.number).jpg", cameraToWorld: $0.element.cameraToWorld)
        })
        let lines = model.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[3] == "# Number of images: 3, mean observations per image: 0")
        let first = lines[4].split(separator: " ")
        #expect(first[0] == "1" && first[8] == "1" && first[9] == "0.jpg")
        #expect(lines[5].isEmpty)
        let v = first[1...7].map { Double($0)! }
        let worldToCamera = RigidTransform(rotation: Quaternion(x: v[1], y: v[2], z: v[3], w: v[0]), translation: SIMD3(v[4], v[5], v[6]))
        // The camera centre maps to the camera's origin.
        #expect(worldToCamera.apply(toPoint: Self.frames[0].cameraToWorld.translation).length < 1e-12)
        let k = CameraIntrinsics(width: 640, height: 480, fx: 530, fy: 531, cx: 319.5, cy: 239.5)
        #expect(COLMAPModel.camerasText(intrinsics: k, distortion: nil).hasSuffix("1 PINHOLE 640 480 530 531 320 240\n"))
        #expect(COLMAPModel.camerasText(intrinsics: k, distortion: LensDistortion(k1: 0.1, k2: -0.02, p1: 0.001, p2: 0))
            .hasSuffix("1 OPENCV 640 480 530 531 320 240 0.1 -0.02 0.001 0\n"))
        // A k3 needs COLMAP's FULL_OPENCV (its rational terms k4...k6 at 0).
        #expect(COLMAPModel.camerasText(intrinsics: k, distortion: LensDistortion(k1: 0.1, k2: -0.02, p1: 0.001, p2: 0, k3: 0.005))
            .hasSuffix("1 FULL_OPENCV 640 480 530 531 320 240 0.1 -0.02 0.001 0 0.005 0 0 0\n"))
    }

    @Test func nerfstudioMatricesAreOpenGLCamerasLookingAlongMinusZ() throws {
        let k = CameraIntrinsics(width: 640, height: 480, fx: 530, fy: 530, cx: 319.5, cy: 239.5)
        let json = NerfstudioTransforms.json(intrinsics: k, distortion: nil, frames: Self.frames.map {
            NerfstudioTransforms.Frame(filePath: "images/\($0.number).jpg", depthFilePath: "depth/\($0.number).png",
                                       cameraToWorld: $0.cameraToWorld, time: $0.time)
        }).serialized()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["camera_model"] as? String == "PINHOLE")
        #expect(object["cx"] as? Double == 320 && object["cy"] as? Double == 240 && object["w"] as? Int == 640)
        let frames = try #require(object["frames"] as? [[String: Any]])
        let rows = try #require(frames[0]["transform_matrix"] as? [[Double]])
        // OpenCV's forward (+z) is OpenGL's -z: the matrix's third column is minus the viewing direction.
        let forward = Self.frames[0].cameraToWorld.apply(toDirection: SIMD3(0, 0, 1))
        #expect(abs(rows[0][2] + forward.x) < 1e-12 && abs(rows[1][2] + forward.y) < 1e-12 && abs(rows[2][2] + forward.z) < 1e-12)
        #expect(rows[0][3] == 1 && rows[1][3] == 2 && rows[2][3] == 1.5 && rows[3] == [0, 0, 0, 1])
        #expect(frames[0]["depth_file_path"] as? String == "depth/0.png")
    }

    @Test func anMCAPFileOfSeveralChunksReadsBackWithItsCRCsAndIndexes() throws {
        let folder = try TemporaryFolder("mcap")
        defer { folder.remove() }
        let path = folder.file("test.mcap")
        let writer = try MCAPWriter(file: try OutputFile(creating: path), profile: "", library: "test", chunkBytes: 200)
        try writer.add(MCAPWriter.Schema(id: 1, name: "test.Counter", encoding: "jsonschema",
                                         data: Array(#"{"type": "object", "properties": {"i": {"type": "integer"}}}"#.utf8)))
        try writer.add(MCAPWriter.Channel(id: 1, schemaID: 1, topic: "/a", messageEncoding: "json"))
        try writer.add(MCAPWriter.Channel(id: 2, schemaID: 1, topic: "/b", messageEncoding: "json"))
        for i in 0..<20 {
            try writer.write(channel: UInt16(1 + i % 2), time: UInt64(i) * 1_000_000, data: Array("{\"i\":\(i)}".utf8))
        }
        try writer.finish()
        let read = try CommandLineTool.runProgram("/usr/bin/env", ["python3", "-c", """
            import sys, json
            from mcap.reader import make_reader
            with open(sys.argv[1], 'rb') as f:
                r = make_reader(f, validate_crcs=True)
                s = r.get_summary()
                got = [(c.topic, m.log_time, m.sequence, json.loads(m.data)['i']) for _, c, m in r.iter_messages(topics=['/b'])]
                print(s.statistics.message_count, s.statistics.chunk_count, len(s.chunk_indexes), got[0], got[-1], len(got))
            from mcap.stream_reader import StreamReader
            with open(sys.argv[1], 'rb') as f:
                import collections
                counts = collections.Counter(type(r).__name__ for r in StreamReader(f, validate_crcs=True).records)
                print(' '.join('%s=%d' % kv for kv in sorted(counts.items())))
            """, path])
        #expect(read.status == 0, "\(read.output)")
        let words = read.stdout.split(separator: "\n")
        // About 39 bytes a message record: six messages fill a 200-byte chunk, so 20 make four chunks.
        #expect(words.first.map(String.init) == "20 4 4 ('/b', 1000000, 0, 1) ('/b', 19000000, 9, 19) 10", "\(read.stdout)")
        // Read front to back as a stream (chunks opened into their messages): the schema and channels in the
        // data section and again in the summary, a message index per channel and chunk, a chunk index per
        // chunk, an offset per summary group (schemas, channels, statistics, chunk indexes).
        #expect(words.count == 2 && words[1] == "Channel=4 ChunkIndex=4 DataEnd=1 Footer=1 Header=1 Message=20 MessageIndex=8 "
            + "Schema=2 Statistics=1 SummaryOffset=4", "\(read.stdout)")
    }

    @Test func exportOutputRefusesAnExistingPathWithoutForceReplacesItWithForceAndDiscardLeavesNothing() throws {
        let folder = try TemporaryFolder("output")
        defer { folder.remove() }
        let target = folder.file("model")
        // A new folder export, published.
        let first = try ExportOutput(path: target, isFolder: true, force: false)
        try first.write("one", to: "a.txt")
        try first.publish()
        #expect(folder.tree() == ["model", "model/a.txt"])
        // Without force: refused before anything is written.
        #expect(throws: FileSystemError.self) { try ExportOutput(path: target, isFolder: true, force: false) }
        // With force: the old one stays until the new one is complete, then is replaced whole.
        let second = try ExportOutput(path: target, isFolder: true, force: true)
        try second.write("two", to: "b.txt")
        #expect(folder.tree().contains("model/a.txt"))
        try second.publish()
        #expect(folder.tree() == ["model", "model/b.txt"])
        // A failed export leaves nothing behind.
        let third = try ExportOutput(path: folder.file("trajectory.tum"), isFolder: false, force: false)
        try FileSystem.write(Array("x".utf8), to: third.contentPath)
        third.discard()
        #expect(folder.tree() == ["model", "model/b.txt"])
        // A link planted under the partial name is neither followed nor reused: the next name is taken.
        let victim = folder.file("victim")
        try FileSystem.write(Array("keep".utf8), to: victim)
        symlink(victim, folder.file(".other.\(getpid())-1.export.partial"))
        let fourth = try ExportOutput(path: folder.file("other"), isFolder: false, force: false)
        #expect(fourth.partialPath.hasSuffix(".other.\(getpid())-2.export.partial"))
        try fourth.write(Array("y".utf8), toPath: fourth.contentPath)
        try fourth.publish()
        #expect(folder.bytes("victim") == Array("keep".utf8))
        #expect(folder.bytes("other") == Array("y".utf8))
    }
}
