import BundleIO
import CaptureEngine
import Foundation
import LiDARStatistics
import Testing
import TestSupport
import JSONSupport

@Suite("LiDAR statistics on small synthetic captures with known answers")
struct LiDARStatisticsTests {
    static let w = StrayScannerFolder.width, h = StrayScannerFolder.height

    /// Left half at 1.5 m, column 32 at 2.25 m (a one-pixel ramp, a flying pixel), the rest at 3 m;
    /// confidence 0 on column 32, 1 on columns 31 and 33 (or 2 with `mediumHalo` off), 2 elsewhere.
    static func stepFrame(mediumHalo: Bool = true) -> (depth: [Float], confidence: [UInt8]) {
        var depth = [Float](repeating: 0, count: w * h), confidence = [UInt8](repeating: 2, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                depth[y * w + x] = x < 32 ? 1.5 : (x == 32 ? 2.25 : 3)
                if x == 32 { confidence[y * w + x] = 0 }
                if mediumHalo, x == 31 || x == 33 { confidence[y * w + x] = 1 }
            }
        }
        return (depth, confidence)
    }

    @Test func singleFrameStatisticsOfAStepWithAOnePixelRamp() throws {
        let frame = Self.stepFrame()
        let folder = try StrayScannerFolder(frames: [(frame.depth, frame.confidence, .zero)])
        defer { folder.remove() }
        let capture = try LiDARCapture(path: folder.path)
        #expect(capture.format == .strayScanner)
        #expect(abs(capture.intrinsics.fx - 50) < 1e-9 && abs(capture.intrinsics.cx - 31.5) < 1e-9)
        let s = try LiDARStatisticsCalculator().statistics(of: capture)
        #expect(s.analysedFrames == 1)
        #expect(s.validShare == 1)
        #expect(s.framesWithHolesShare == 0)
        #expect(abs(s.maximumDepthMeters! - 3) < 1e-6)
        #expect(abs(s.depthP95Meters! - 3) < 0.002)
        // Columns 31, 32, 33 are depth-edge pixels.
        #expect(abs(s.edgePixelShare! - 3.0 / 64) < 1e-12)
        let expectedShares: [Double] = [1.0 / 64, 2.0 / 64, 61.0 / 64]
        #expect(s.confidenceShares! == expectedShares)
        let high = s.highShareByDepth!
        #expect(high[0] == nil)
        #expect(high[1] == 31.0 / 32)
        #expect(high[2] == 0)
        #expect(high[3] == 30.0 / 31)
        #expect(high[4] == nil)
        #expect(s.lowShareBelow2Meters == 0)
        // Column 32 crosses the 6 px border in 12 of its rows; the border has 64*48 - 52*36 pixels.
        #expect(s.borderLowShare == 12.0 / 1200)
        #expect(s.lowShareByEdgeDistance![0] == 1.0 / 3)
        #expect(s.lowShareByEdgeDistance![1] == 0)
        #expect(s.directLowHighShare == 0)
        // Every row has one flying pixel (column 32); the discontinuity zone is columns 30...34.
        #expect(s.flyingPixelsPerFrame == 48)
        #expect(s.flyingShareOfZone == 0.2)
        #expect(s.flyingHighShare == 0)
        let oneWide: [Double] = [0, 1, 0, 0, 0]
        #expect(s.transitionWidthShares! == oneWide)
        #expect(s.transitionWidthMean == 1)
        // Three flat blocks at 1.5 m and three at 3 m: fewer than the five a depth bin needs.
        #expect(s.planeResidualMeters!.allSatisfy { $0 == nil })
        #expect(s.blockDifferenceRatio == nil)
        let viewErrors: [Double?] = s.viewErrorMeters ?? []
        #expect(viewErrors.allSatisfy { $0 == nil })
    }

    @Test func aCleanStepHasTransitionWidthZeroAndNoFlyingPixels() throws {
        var frame = Self.stepFrame()
        for y in 0..<Self.h { frame.depth[y * Self.w + 32] = 3 }
        let folder = try StrayScannerFolder(frames: [(frame.depth, frame.confidence, .zero)])
        defer { folder.remove() }
        let s = try LiDARStatisticsCalculator().statistics(of: try LiDARCapture(path: folder.path))
        let clean: [Double] = [1, 0, 0, 0, 0]
        #expect(s.transitionWidthShares! == clean)
        #expect(s.flyingPixelsPerFrame == 0)
        #expect(abs(s.edgePixelShare! - 2.0 / 64) < 1e-12)
    }

    @Test func lowNextToHighWithoutAMediumHaloCountsAsADirectJump() throws {
        let frame = Self.stepFrame(mediumHalo: false)
        let folder = try StrayScannerFolder(frames: [(frame.depth, frame.confidence, .zero)])
        defer { folder.remove() }
        let s = try LiDARStatisticsCalculator().statistics(of: try LiDARCapture(path: folder.path))
        #expect(s.directLowHighShare == 1)
    }

    /// A wall at 2.5 m; confidence 0, 1, 2 on the left, middle and right thirds, each with white noise of
    /// 20, 10, 4 mm a frame; the camera steps 5 mm forward a frame.
    static func noisyWall(smoothErrorMeters: Double, frames: Int = 14) throws -> StrayScannerFolder {
        var random = SplitMix64(seed: 7)
        var list: [(depth: [Float], confidence: [UInt8], translation: SIMD3<Double>)] = []
        for k in 0..<frames {
            let z = 2.5 - 0.005 * Double(k)
            var depth = [Float](repeating: 0, count: w * h), confidence = [UInt8](repeating: 0, count: w * h)
            var blockError = [Double](repeating: 0, count: (w / 8) * (h / 8))
            for b in blockError.indices { blockError[b] = smoothErrorMeters * StrayScannerFolder.gaussian(&random) }
            for y in 0..<h {
                for x in 0..<w {
                    let level = x * 3 / w
                    let sigma = [0.020, 0.010, 0.004][level]
                    confidence[y * w + x] = UInt8(level)
                    depth[y * w + x] = Float(z + blockError[(y / 8) * (w / 8) + x / 8] + sigma * StrayScannerFolder.gaussian(&random))
                }
            }
            // The OpenCV camera looks along +Z: forward is +z in the world for the identity rotation.
            list.append((depth, confidence, SIMD3(0, 0, 0.005 * Double(k))))
        }
        return try StrayScannerFolder(frames: list)
    }

    @Test func flickerByConfidenceIsTheSpreadOfFrameDifferences() throws {
        let folder = try Self.noisyWall(smoothErrorMeters: 0)
        defer { folder.remove() }
        let s = try LiDARStatisticsCalculator().statistics(of: try LiDARCapture(path: folder.path))
        let flicker = s.flickerMetersByConfidence!
        // The difference of two independent samples: sqrt(2) sigma (plus millimetre rounding).
        for (level, sigma) in [0.020, 0.010, 0.004].enumerated() {
            #expect(abs(flicker[level]! / (sigma * 2.0.squareRoot()) - 1) < 0.15, "confidence \(level): \(flicker[level]!)")
        }
        // White noise: an 8x8 block mean has 1/8 of a pixel's spread.
        #expect(abs(s.blockDifferenceRatio! - 0.125) < 0.03)
        // No error but white noise, which averages away in 8x8 blocks (the spread of a block mean of the
        // mixed noise is about 1.6 mm).
        #expect(s.viewErrorMeters![0]! < 0.003)
        #expect(s.viewErrorMeters![1] == nil)
    }

    @Test func smoothErrorSurvivesBlockAveragingAndShowsBetweenViews() throws {
        let folder = try Self.noisyWall(smoothErrorMeters: 0.010)
        defer { folder.remove() }
        let s = try LiDARStatisticsCalculator().statistics(of: try LiDARCapture(path: folder.path))
        #expect(s.blockDifferenceRatio! > 0.5)
        // Independent 10 mm block errors in the two views: about 14 mm between them; the pose correction
        // (four parameters over 48 blocks) takes a little of it.
        #expect(abs(s.viewErrorRawMeters![0]! / (0.010 * 2.0.squareRoot()) - 1) < 0.3, "\(s.viewErrorRawMeters![0]!)")
        #expect(abs(s.viewErrorMeters![0]! / (0.010 * 2.0.squareRoot()) - 1) < 0.4, "\(s.viewErrorMeters![0]!)")
    }

    @Test func aStrayExportWrittenInOpenCVAxesIsReadWithoutAFlip() throws {
        // The camera walks forward along its +z (OpenCV's forward axis) towards the wall.
        let folder = try Self.noisyWall(smoothErrorMeters: 0)
        defer { folder.remove() }
        let capture = try LiDARCapture(path: folder.path)
        #expect(capture.poseConvention?.hasPrefix("OpenCV camera (as written)") == true, "\(capture.poseConvention ?? "-")")
        #expect(try capture.frame(10).cameraToWorld == RigidTransform(rotation: .identity, translation: SIMD3(0, 0, 0.05)))
        let s = try LiDARStatisticsCalculator().statistics(of: capture)
        #expect(s.poseConvention == capture.poseConvention)
        // Read as ARKit's camera, 10 frames (5 cm) forward would predict the wall 5 cm farther instead of nearer.
        #expect(s.viewErrorRawMeters![0]! < 0.003)
    }

    @Test func anExportWrittenWithARKitsCameraIsFlippedAndSaysSo() throws {
        // The same walk written as ARKit's camera (x right, y up, z back): 180 degrees about x.
        var list: [(depth: [Float], confidence: [UInt8], translation: SIMD3<Double>)] = []
        let wall = try Self.noisyWall(smoothErrorMeters: 0)
        defer { wall.remove() }
        let capture = try LiDARCapture(path: wall.path)
        for k in 0..<capture.frameCount {
            let f = try capture.frame(k)
            list.append((f.depth, f.confidence!, f.cameraToWorld!.translation))
        }
        let flipped = try StrayScannerFolder(frames: list, rotation: Quaternion(angle: .pi, axis: SIMD3(1, 0, 0)))
        defer { flipped.remove() }
        let read = try LiDARCapture(path: flipped.path)
        #expect(read.poseConvention?.hasPrefix("ARKit camera") == true, "\(read.poseConvention ?? "-")")
        let pose = try read.frame(10).cameraToWorld!
        #expect(pose.rotation.angle(to: .identity) < 1e-9 && (pose.translation - SIMD3(0, 0, 0.05)).length < 1e-12)
    }

    @Test func aMalformedCameraMatrixIsNamed() throws {
        let frame = Self.stepFrame()
        let folder = try StrayScannerFolder(frames: [(frame.depth, frame.confidence, .zero)])
        defer { folder.remove() }
        try "500,0,319.5\n0,500\n".write(toFile: folder.path + "/camera_matrix.csv", atomically: true, encoding: .utf8)
        #expect { try LiDARCapture(path: folder.path) } throws: { error in
            (error as? InputError)?.file.hasSuffix("camera_matrix.csv") == true
        }
    }

    @Test func aDepthPNGDeclaringMorePixelsThanTheLimitIsRefusedBeforeDecoding() throws {
        let frame = Self.stepFrame()
        let folder = try StrayScannerFolder(frames: [(frame.depth, frame.confidence, .zero)])
        defer { folder.remove() }
        func big(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return big(UInt32(data.count)) + body + big(body.withUnsafeBytes { CRC32($0).value })
        }
        let png = PNGChunkCheck.signature + chunk("IHDR", big(0xFFFF_FFFF) + big(0xFFFF_FFFF) + [16, 0, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
        try Data(png).write(to: URL(fileURLWithPath: folder.path + "/depth/000000.png"))
        #expect(throws: InputError(file: folder.path + "/depth/000000.png", location: "byte 8",
                                   reason: "IHDR declares 4294967295x4294967295, more than the limit of 16777216 pixels")) {
            try LiDARCapture(path: folder.path).frame(0)
        }
    }
}
