import CaptureEngine
import CDepthShading
import Foundation
import Testing
@testable import SyntheticSensor
import JSONSupport

@Suite struct CorrelatedErrorModelTests {
    static var correlated: LiDARSettings {
        var s = LiDARSettings()
        s.errorModel = .correlated
        return s
    }

    /// The correlated model without its heavy tails (``WarpAndTailTests`` measures those), so that what a
    /// test measures is not hidden under a densification failure.
    static var correlatedWithoutTails: LiDARSettings {
        var s = correlated
        s.correlated.tailMinimum = 0
        s.correlated.tailLogSpread = 0
        return s
    }

    static let script = #"[ { "action": "present", "position": [3, 2.5], "orientation": "landscapeRight" }, { "action": "pause", "seconds": 1 } ]"#

    /// A room whose wall z = -`distance` faces a camera at the origin.
    static func room(wallAt distance: Double) -> Room {
        Room(name: "Test", floor: [SIMD2(4, -distance), SIMD2(-4, -distance), SIMD2(-4, 4), SIMD2(4, 4)], wallHeight: 3)
    }

    /// Interquartile range / 1.349 of the values.
    static func robustSpread(_ values: [Float]) -> Float {
        let sorted = values.sorted()
        return (sorted[sorted.count * 3 / 4] - sorted[sorted.count / 4]) / 1.349
    }

    @Test func lowConfidencePixelsFlickerSeveralTimesMoreThanHighConfidenceOnesAtEqualDistance() {
        let renderer = TestScenes.renderer(rooms: [Self.room(wallAt: 2.5)], settings: Self.correlated)
        var differences: [[Float]] = [[], [], []]
        var previous = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 100, frameIndex: 0, sequenceSeed: 7)
        for frame in 1...12 {
            let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 100 + UInt64(frame), frameIndex: frame, sequenceSeed: 7)
            for i in map.depth.indices where previous.depth[i] > 2 && previous.depth[i] < 3 && map.depth[i] > 0 {
                differences[Int(previous.confidence[i])].append(map.depth[i] - previous.depth[i])
            }
            previous = map
        }
        #expect(differences.allSatisfy { $0.count > 1000 }, "\(differences.map(\.count))")
        let low = Self.robustSpread(differences[0]), high = Self.robustSpread(differences[2])
        // Random confidence would give equal spreads; the phone's ratio is 3-10.
        #expect(low > 3 * high, "low \(low), high \(high)")
    }

    /// Confidence shares (low, medium, high) and the robust frame-to-frame spread of the pixels of the
    /// image's middle rows (the far wall, at 2.5 m straight ahead, 20 m wide) made of `walls`, seen from the
    /// level camera turned `yawDegrees` away from the wall's normal.
    static func wallStatistics(walls: Material, yawDegrees: Double = 0) -> (shares: [Double], flicker: Float) {
        var room = Room(name: "Test", floor: [SIMD2(10, -2.5), SIMD2(-10, -2.5), SIMD2(-10, 4), SIMD2(10, 4)], wallHeight: 3)
        room.materials = RoomMaterials(walls: walls, floor: .preset(.matte), ceiling: .preset(.matte))
        let renderer = TestScenes.renderer(rooms: [room], settings: Self.correlatedWithoutTails)
        let yaw = yawDegrees * .pi / 180
        let pose = RigidTransform(rotation: Quaternion(angle: yaw, axis: SIMD3(0, 1, 0)), translation: TestScenes.levelCamera.translation)
        var counts = [0, 0, 0], differences: [Float] = []
        var previous = renderer.render(cameraToWorld: pose, noiseSeed: 40, frameIndex: 0, sequenceSeed: 3)
        let rows = previous.height * 2 / 5 ..< previous.height * 3 / 5
        for frame in 1...4 {
            let map = renderer.render(cameraToWorld: pose, noiseSeed: 40 + UInt64(frame), frameIndex: frame, sequenceSeed: 3)
            for y in rows {
                for x in 0..<map.width {
                    let i = y * map.width + x
                    guard previous.depth[i] > 0, map.depth[i] > 0 else { continue }
                    counts[Int(map.confidence[i])] += 1
                    differences.append(map.depth[i] - previous.depth[i])
                }
            }
            previous = map
        }
        let total = Double(counts.reduce(0, +))
        return (counts.map { Double($0) / total }, Self.robustSpread(differences))
    }

    @Test func darkWallsLoseConfidenceAndFlickerMoreThanMatteOnes() {
        let matte = Self.wallStatistics(walls: .preset(.matte)), dark = Self.wallStatistics(walls: .preset(.dark))
        #expect(dark.shares[0] > matte.shares[0] + 0.1, "low share dark \(dark.shares[0]), matte \(matte.shares[0])")
        #expect(dark.shares[2] < matte.shares[2] - 0.1, "high share dark \(dark.shares[2]), matte \(matte.shares[2])")
        #expect(dark.flicker > 1.3 * matte.flicker, "flicker dark \(dark.flicker), matte \(matte.flicker)")
    }

    @Test func glossyWallsLoseConfidenceOnlyWhenSeenObliquely() {
        let matteFacing = Self.wallStatistics(walls: .preset(.matte)), glossyFacing = Self.wallStatistics(walls: .preset(.glossy))
        #expect(abs(glossyFacing.shares[2] - matteFacing.shares[2]) < 0.05,
                "facing: glossy high \(glossyFacing.shares[2]), matte \(matteFacing.shares[2])")
        let matteOblique = Self.wallStatistics(walls: .preset(.matte), yawDegrees: 50)
        let glossyOblique = Self.wallStatistics(walls: .preset(.glossy), yawDegrees: 50)
        // The same seed for both (a paired comparison): at 50 degrees most of the wall is far and low for
        // both; the near part, still high on the matte wall, loses some of it on the glossy one.
        #expect(glossyOblique.shares[2] < 0.95 * matteOblique.shares[2],
                "oblique: glossy high \(glossyOblique.shares[2]), matte \(matteOblique.shares[2])")
    }

    @Test func mirrorsAreMostlyLowConfidence() {
        let mirror = Self.wallStatistics(walls: .preset(.mirror))
        #expect(mirror.shares[0] > 0.6, "\(mirror.shares)")
    }

    @Test func everyPathAndBandCountGivesTheSameMap() {
        let box = SceneObject(category: .storage, dimensions: SIMD3(0.6, 0.8, 0.4),
                              transform: RigidTransform(rotation: .identity, translation: SIMD3(0.3, 1.2, -1.5)))
        let renderer = TestScenes.renderer(rooms: [Self.room(wallAt: 3)], objects: [box], settings: Self.correlated)
        let reference = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 5, frameIndex: 3, sequenceSeed: 9, path: .scalar)
        for path in [RenderPath.simde, .scalar] {
            // 30 bands of 7 rows leave the last bands of the 192 rows empty.
            for bands in [1, 3, 30] {
                let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 5, frameIndex: 3, sequenceSeed: 9, path: path, bands: bands)
                #expect(map.depth == reference.depth && map.confidence == reference.confidence, "\(path) \(bands)")
            }
        }
    }

    /// The default model (tails on) through both paths on image sizes whose widths are and are not
    /// multiples of 8: the C kernels (edge levels, row windows, shading, tails) give the Swift's maps.
    @Test func bothPathsGiveTheSameMapWithTheDefaultModelOnOtherImageSizes() {
        let box = SceneObject(category: .storage, dimensions: SIMD3(0.6, 0.8, 0.4),
                              transform: RigidTransform(rotation: .identity, translation: SIMD3(0.3, 1.2, -1.5)))
        var settings = LiDARSettings()
        settings.errorModel = .correlated
        let renderer = TestScenes.renderer(rooms: [Self.room(wallAt: 3)], objects: [box], settings: settings)
        for (w, h) in [(256, 192), (100, 30), (64, 40)] {
            let intrinsics = CameraIntrinsics(width: w, height: h, fx: Double(w) * 0.8, fy: Double(w) * 0.8,
                                              cx: Double(w - 1) / 2, cy: Double(h - 1) / 2)
            let sized = DepthRenderer(geometry: renderer.geometry, intrinsics: intrinsics, settings: settings)
            for frame in [0, 40, 95] {
                let maps = [RenderPath.simde, .scalar].map {
                    sized.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: UInt64(frame), frameIndex: frame, sequenceSeed: 2, path: $0)
                }
                #expect(maps[0].depth.map(\.bitPattern) == maps[1].depth.map(\.bitPattern) && maps[0].confidence == maps[1].confidence,
                        "\(w)x\(h) frame \(frame)")
            }
        }
    }

    /// The flying pixels, which the C kernel works out eight lanes at a time with selects for the Swift's
    /// branches: both paths give the same maps with the steps smoothed or not, ramps of every width or
    /// none, and one-pixel ramps halfway, across a box's edges seen from a few places.
    @Test(arguments: [(Float(0.15), Float(1), Float(0.3), Float(0)), (0, 1, 0.3, 0.5), (0.03, 0.5, 1, 1), (0, 0, 0.3, 0), (0.4, 1, 0, 0)])
    func bothPathsGiveTheSameFlyingPixels(smoothedStepBelow: Float, rampShare: Float, rampWideShare: Float, rampOneMixedShare: Float) {
        let box = SceneObject(category: .storage, dimensions: SIMD3(0.6, 0.8, 0.4),
                              transform: RigidTransform(rotation: .identity, translation: SIMD3(0.3, 1.2, -1.5)))
        var settings = Self.correlated
        settings.correlated.smoothedStepBelow = smoothedStepBelow
        settings.correlated.rampShare = rampShare
        settings.correlated.rampWideShare = rampWideShare
        settings.correlated.rampOneMixedShare = rampOneMixedShare
        let renderer = TestScenes.renderer(rooms: [Self.room(wallAt: 3)], objects: [box], settings: settings)
        for (index, x) in [-0.4, 0.3, 1.1].enumerated() {
            let pose = RigidTransform(rotation: TestScenes.levelCamera.rotation, translation: SIMD3(x, 1.4, 0.2))
            let maps = [RenderPath.simde, .scalar].map {
                renderer.render(cameraToWorld: pose, noiseSeed: UInt64(index), frameIndex: index, sequenceSeed: 3, path: $0)
            }
            #expect(maps[0].depth.map(\.bitPattern) == maps[1].depth.map(\.bitPattern) && maps[0].confidence == maps[1].confidence,
                    "pose \(index)")
        }
    }

    /// The field kernel (`cdepth_field_row`: tabled fractions for cells that are multiples of 8 up to 512,
    /// its 4-pixel case, one pixel at a time otherwise) against the interpolation written out pixel by pixel.
    @Test(arguments: [4, 8, 12, 32, 40, 96, 128, 512, 520])
    func theFieldKernelInterpolatesAsThePixelByPixelFormula(cell: Int) {
        for width in [256, 100, 8] {
            let columns = (width - 1) / cell + 2, rows = 3
            var state: UInt32 = UInt32(cell * 1000 + width)
            let nodes: [Float] = (0..<(columns * rows)).map { _ in
                state = state &* 1_664_525 &+ 1_013_904_223
                return Float(Int32(bitPattern: state) >> 8) / Float(1 << 22)
            }
            var scratch = [Float](repeating: 0, count: columns), out = [Float](repeating: .nan, count: width)
            for y in [0, cell / 3, cell - 1, cell, cell + 1] {
                cdepth_field_row(nodes, columns, cell, y, width, &scratch, &out)
                let fy = Float(y % cell) / Float(cell), top = y / cell * columns
                for x in 0..<width {
                    let c = x / cell
                    let left = nodes[top + c] + (nodes[top + columns + c] - nodes[top + c]) * fy
                    let right = nodes[top + c + 1] + (nodes[top + columns + c + 1] - nodes[top + c + 1]) * fy
                    let expected = left + (right - left) * (Float(x % cell) / Float(cell))
                    #expect(out[x].bitPattern == expected.bitPattern, "cell \(cell) width \(width) x \(x) y \(y)")
                }
            }
        }
    }

    @Test(arguments: [16, 12]) func rowWindowsHoldEachPixelsNearestAndFarthestReturnWithinOneAndTwoPixelsOfItsRow(width: Int) {
        let height = 3, plane = width * height
        var state: UInt32 = 7
        let best: [Float] = (0..<plane).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return state % 4 == 0 ? 0 : Float((state >> 8) % 1000 + 1) / 1000
        }
        let windows = best.withUnsafeBufferPointer {
            CorrelatedErrorModel.rowWindows(best: $0.baseAddress!, stride: width, width: width, height: height)
        }
        for y in 0..<height {
            for x in 0..<width {
                for r in 1...2 {
                    let row = (max(0, x - r)...min(width - 1, x + r)).map { best[y * width + $0] }
                    let nearest = row.max()!, farthest = row.filter { $0 > 0 }.min() ?? .infinity
                    let offset = (r - 1) * 2 * plane + y * width + x
                    #expect(windows[offset] == nearest && windows[offset + plane] == farthest, "x \(x) y \(y) r \(r)")
                }
            }
        }
    }

    @Test func aBoxEdgeBecomesARampWithFlyingPixelsBetweenForegroundAndBackground() {
        let box = SceneObject(category: .storage, dimensions: SIMD3(1, 1, 0.4),
                              transform: RigidTransform(rotation: .identity, translation: SIMD3(0.5, 1.5, -1.5)))
        let renderer = TestScenes.renderer(rooms: [Self.room(wallAt: 3)], objects: [box], settings: Self.correlated)
        let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 2, frameIndex: 0, sequenceSeed: 1)
        // The box's left face is at x = 0 (1.3 m away), the wall behind at 3 m; along row 96 the edge is
        // near the image centre. Pixels there between 1.5 and 2.8 m are flying pixels.
        var flying = 0
        for y in 40..<150 {
            for x in 100..<160 {
                let d = TestScenes.depth(map, x, y)
                if d > 1.5 && d < 2.8 { flying += 1 }
            }
        }
        #expect(flying > 20, "\(flying) flying pixels")
    }

    /// Depth along row `y` of a map, from column `x0` up to `x1`.
    static func row(_ map: DepthMap, _ y: Int, _ x0: Int, _ x1: Int) -> [Float] { (x0..<x1).map { TestScenes.depth(map, $0, y) } }

    /// A box whose left face (x = 0) stands `near` metres in front of the level camera, before a wall at
    /// `far`: the edge runs down the image's centre columns, the wall on the left, the box on the right.
    static func boxBeforeWall(near: Double, far: Double, _ configure: (inout CorrelatedErrorSettings) -> Void) -> DepthMap {
        let box = SceneObject(category: .storage, dimensions: SIMD3(1, 1, 0.1),
                              transform: RigidTransform(rotation: .identity, translation: SIMD3(0.5, 1.5, -near - 0.05)))
        var settings = Self.correlated
        configure(&settings.correlated)
        let renderer = TestScenes.renderer(rooms: [Self.room(wallAt: far)], objects: [box], settings: settings)
        return renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 5, frameIndex: 0, sequenceSeed: 1)
    }

    @Test func withRampsEveryRowAcrossAnEdgeIsAMonotonicRampOfOneToFourFlyingPixels() {
        let map = Self.boxBeforeWall(near: 1.3, far: 3) { $0.rampShare = 1 }
        var ramps = 0
        for y in 60..<130 {
            let line = Self.row(map, y, 110, 145)
            if (1...4).contains(line.filter { $0 > 1.4 && $0 < 2.9 }.count) { ramps += 1 }
            // From the wall (3 m) down to the box (1.3 m): never back up by more than the noise.
            #expect(zip(line, line.dropFirst()).allSatisfy { $1 < $0 + 0.1 }, "row \(y): \(line)")
        }
        // Where the width field crosses a threshold between the two sides of the edge, the sides can
        // disagree (a one-pixel ramp on neither side): a few rows.
        #expect(ramps >= 63, "\(ramps) of 70 rows")
    }

    @Test func withoutRampsEveryRowAcrossAnEdgeIsACleanStep() {
        let map = Self.boxBeforeWall(near: 1.3, far: 3) { $0.rampShare = 0 }
        for y in 60..<130 {
            #expect(!Self.row(map, y, 110, 145).contains { $0 > 1.4 && $0 < 2.9 }, "row \(y)")
        }
    }

    /// With only one-pixel ramps, a share `rampOneMixedShare` of their pixels lies halfway between box and
    /// wall (more than a fifth of the 1.7 m step from both: flying), the rest beside their own surface.
    @Test(arguments: [(Float(0), 0.0, 0.0), (0.5, 0.35, 0.65), (1, 1, 1)])
    func aShareOfOnePixelRampsLiesHalfwayTheRestBesideTheirSurface(mixedShare: Float, atLeast: Double, atMost: Double) {
        let map = Self.boxBeforeWall(near: 1.3, far: 3) {
            $0.rampWideShare = 0
            $0.rampWidening = 0
            $0.rampOneMixedShare = mixedShare
        }
        var halfway = 0, beside = 0
        for y in 60..<130 {
            for depth in Self.row(map, y, 110, 145) {
                if depth > 1.64 && depth < 2.66 { halfway += 1 } else if depth > 1.4 && depth < 2.9 { beside += 1 }
            }
        }
        let share = Double(halfway) / Double(max(1, halfway + beside))
        #expect(halfway + beside >= 63, "\(halfway) halfway, \(beside) beside in 70 rows")
        #expect(share >= atLeast && share <= atMost, "\(halfway) halfway, \(beside) beside")
    }

    @Test(arguments: [(1, 1), (2, 0), (3, 1), (4, 0)]) func eachRampProfileIsMonotonicWithTheDocumentedFlyingPixels(width: Int, flying: Int) {
        // The ramp's depths as fractions of the way from the near (0) to the far (1) surface; the reference
        // counts a pixel flying when it lies more than a fifth of the step from both sides (with margins
        // for the +-3 % jitter): the outer pixels of wider ramps stay close to their side.
        let ramp = (0..<width).map { CorrelatedErrorModel.rampProfile[(width - 1) * 4 + $0] }
        #expect(zip(ramp, ramp.dropFirst()).allSatisfy { $0 < $1 })
        #expect(ramp.filter { $0 > 0.24 && $0 < 0.76 }.count == flying)
        #expect(ramp.allSatisfy { ($0 > 0.24 && $0 < 0.76) || $0 < 0.18 || $0 > 0.82 })
    }

    @Test func aSmallStepIsSmoothedIntoASlopeWithoutADepthEdge() {
        // 1.8 m before 2 m: an 11 % step, under smoothedStepBelow (15 %).
        func largestStep(_ map: DepthMap, _ y: Int) -> Float {
            let line = Self.row(map, y, 110, 145)
            return zip(line, line.dropFirst()).map { abs($0 - $1) / min($0, $1) }.max()!
        }
        let smoothed = Self.boxBeforeWall(near: 1.8, far: 2) { _ in }
        let sharp = Self.boxBeforeWall(near: 1.8, far: 2) { $0.smoothedStepBelow = 0; $0.rampShare = 0 }
        let rows = Array(60..<130)
        #expect(rows.filter { largestStep(smoothed, $0) < 0.05 }.count >= rows.count * 9 / 10)
        #expect(rows.allSatisfy { largestStep(sharp, $0) > 0.08 })
    }

    @Test func nothingInRangeGivesZeroOrALowConfidenceFarDepthByTheFillSetting() {
        let corridor = Room(name: "Corridor", floor: [SIMD2(-1, -12), SIMD2(1, -12), SIMD2(1, 1), SIMD2(-1, 1)], wallHeight: 2.5)
        var settings = Self.correlated
        settings.correlated.noReturnFill = .none
        let plain = TestScenes.renderer(rooms: [corridor], settings: settings)
            .render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 3, frameIndex: 0, sequenceSeed: 1)
        #expect(TestScenes.depth(plain, 128, 96) == 0 && TestScenes.confidence(plain, 128, 96) == 0)
        settings.correlated.noReturnFill = .far
        let filled = TestScenes.renderer(rooms: [corridor], settings: settings)
            .render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 3, frameIndex: 0, sequenceSeed: 1)
        #expect(filled.depth.allSatisfy { $0 > 0 })
        #expect(TestScenes.depth(filled, 128, 96) > 6.75 && TestScenes.depth(filled, 128, 96) <= 7)
        #expect(TestScenes.confidence(filled, 128, 96) == 0)
        // Pixels that see the corridor's walls are the same either way.
        let seen = plain.depth.indices.filter { plain.depth[$0] > 0 }
        #expect(seen.allSatisfy { plain.depth[$0] == filled.depth[$0] })
    }

    @Test func aWindowWithNothingBehindReadsAsTheWallAroundItAtLowConfidence() {
        // Wall 2 m ahead; the window spans about pixels 11-180 across and 43-169 down.
        let window = WallOpening(kind: .window, wall: 0, offset: 2.5, width: 1.6, height: 1.2, sillHeight: 0.8)
        let room = TestScenes.roomFacingWall(openings: [window])
        var settings = Self.correlatedWithoutTails
        #expect(settings.correlated.noReturnFill == .interpolated)
        let map = TestScenes.renderer(rooms: [room], settings: settings)
            .render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 5, frameIndex: 0, sequenceSeed: 2)
        #expect(map.depth.allSatisfy { $0 > 0 })
        let inside = (60..<150).flatMap { y in (30..<160).map { y * map.width + $0 } }
        #expect(inside.allSatisfy { map.confidence[$0] == 0 })
        let depths = inside.map { map.depth[$0] }.sorted()
        #expect(abs(depths[depths.count / 2] - 2) < 0.03)
        #expect(depths.first! > 1.8 && depths.last! < 2.2)
        // The window's frame is no depth edge: no jump of 5 % between neighbours along the rows through it.
        for y in stride(from: 60, to: 150, by: 10) {
            let line = Self.row(map, y, 2, 200)
            #expect(zip(line, line.dropFirst()).allSatisfy { abs($0 - $1) < 0.05 * min($0, $1) }, "row \(y)")
        }
        // Without the fill the window is a hole with a sharp frame.
        settings.correlated.noReturnFill = .none
        let holed = TestScenes.renderer(rooms: [room], settings: settings)
            .render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 5, frameIndex: 0, sequenceSeed: 2)
        #expect(inside.allSatisfy { holed.depth[$0] == 0 })
    }

    @Test func aFarWallGivesLowConfidenceDepthNotZeros() {
        let renderer = TestScenes.renderer(rooms: [Self.room(wallAt: 6.2)], settings: Self.correlated)
        let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 3, frameIndex: 0, sequenceSeed: 1)
        let centre = (60..<130).flatMap { y in (80..<180).map { y * map.width + $0 } }
        #expect(centre.allSatisfy { map.depth[$0] > 5 && map.depth[$0] <= 7 })
        let low = centre.filter { map.confidence[$0] == 0 }.count
        #expect(Double(low) > 0.7 * Double(centre.count))
    }

    @Test func theLiDARBlockReadsTheErrorModelAndItsParameters() throws {
        let scene = try Scene(jsonText: TestScenes.sceneText(script: Self.script, extra: """

              "lidar": { "errorModel": "correlated", "correlated": { "edgeOn": 2.5, "rangeMeters": 6, "coarseCellPixels": 16,
                         "rampOneMixedShare": 0.4, "warpQuadraticShare": 1.5 } },
            """), source: "test.json")
        #expect(scene.lidar.errorModel == .correlated)
        #expect(scene.lidar.correlated.edgeOn == 2.5)
        #expect(scene.lidar.correlated.rampOneMixedShare == 0.4)
        #expect(scene.lidar.correlated.warpQuadraticShare == 1, "a share above 1 is 1")
        #expect(scene.lidar.correlated.coarseCellPixels == 16)
        #expect(scene.lidar.effectiveRangeMeters == 6)
        #expect(throws: InputError.self) {
            _ = try Scene(jsonText: TestScenes.sceneText(script: Self.script, extra: """

                  "lidar": { "correlated": { "edgeOnn": 2.5 } },
                """), source: "test.json")
        }
    }
}
