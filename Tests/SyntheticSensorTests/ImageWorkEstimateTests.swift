import CaptureEngine
@testable import SyntheticSensor
import TestSupport
import Testing

@Suite("The camera images' work, estimated before any is rendered")
struct ImageWorkEstimateTests {
    static let intrinsics = CameraIntrinsics(width: 640, height: 480, fx: 500, fy: 500, cx: 320, cy: 240)

    /// A square `side` metres wide centred on the optical axis `distance` metres in front (ARKit: -z).
    static func square(side: Double, distance: Double, shift: SIMD2<Double> = .zero) -> [SIMD3<Double>] {
        let h = side / 2
        return [SIMD3(-h, -h, -distance), SIMD3(h, -h, -distance), SIMD3(h, h, -distance), SIMD3(-h, h, -distance)]
            .map { $0 + SIMD3(shift.x, shift.y, 0) }
    }

    @Test func aSquareFacingTheCameraCoversItsProjectedPixels() {
        // 0.4 m at 2 m: 100 x 100 pixels.
        #expect(abs(ImageWorkEstimate.projectedArea(Self.square(side: 0.4, distance: 2), intrinsics: Self.intrinsics) - 10_000) < 1e-6)
    }

    @Test func whatLeavesThePictureOrLiesBehindTheCameraIsNotCounted() {
        // Filling more than the picture: the whole picture.
        #expect(abs(ImageWorkEstimate.projectedArea(Self.square(side: 10, distance: 1), intrinsics: Self.intrinsics) - 640 * 480) < 1e-6)
        // Half of it right of the picture's edge (x from 0.64 m at 1 m: pixel 640).
        let half = ImageWorkEstimate.projectedArea(Self.square(side: 0.2, distance: 1, shift: SIMD2(0.64, 0)), intrinsics: Self.intrinsics)
        #expect(abs(half - 5_000) < 1e-6)
        // Behind the camera.
        #expect(ImageWorkEstimate.projectedArea(Self.square(side: 1, distance: -2), intrinsics: Self.intrinsics) == 0)
    }

    @Test func itCountsTheImagesARunRendersAndTheMirrorsInThem() throws {
        let scene = try Scene.load(path: PackageFolder.scene("glass-mirror"))
        var camera = scene.camera
        camera.width = 16
        camera.height = 12
        let capture = SyntheticCapture(scene: scene, options: CaptureOptions(depthEveryNthFrame: 60, colorImages: true, camera: camera))
        let estimate = ImageWorkEstimate(capture: capture)
        var rendered = 0
        for input in capture {
            if case .frame(let frame) = input.kind, frame.color != nil { rendered += 1 }
        }
        #expect(estimate.images == rendered && rendered > 700)
        #expect(estimate.pixels == Double(rendered * 16 * 12))
        // The wardrobe's mirror is in view for part of the walk, never more than the whole picture.
        #expect(estimate.mirrorPixels > 0.05 * estimate.pixels && estimate.mirrorPixels < estimate.pixels)
        let apartment = try Scene.load(path: PackageFolder.scene("apartment"))
        #expect(ImageWorkEstimate(capture: SyntheticCapture(scene: apartment, options: CaptureOptions(colorImages: true))).mirrorPixels == 0)
    }
}
