import CaptureEngine
import Foundation
import Testing

@Suite struct PoseMathTests {
    private func close(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ eps: Double = 1e-12) -> Bool {
        (a - b).length < eps
    }

    @Test func quarterTurnAboutYTakesMinusZToMinusX() {
        let q = Quaternion(angle: .pi / 2, axis: SIMD3(0, 1, 0))
        #expect(close(q.act(SIMD3(0, 0, -1)), SIMD3(-1, 0, 0)))
        #expect(close(q.act(SIMD3(1, 0, 0)), SIMD3(0, 0, -1)))
    }

    @Test func hamiltonProductComposesRightToLeft() {
        let a = Quaternion(angle: .pi / 2, axis: SIMD3(0, 0, 1))
        let b = Quaternion(angle: .pi / 2, axis: SIMD3(1, 0, 0))
        // b first: y -> z; then a: z stays z.
        #expect(close((a * b).act(SIMD3(0, 1, 0)), SIMD3(0, 0, 1)))
        // a first: y -> -x; then b: -x stays -x.
        #expect(close((b * a).act(SIMD3(0, 1, 0)), SIMD3(-1, 0, 0)))
    }

    @Test func rotationColumnsRoundTripThroughTheQuaternion() {
        let q = Quaternion(angle: 2.1, axis: SIMD3(0.3, -0.5, 0.8))
        let m = RigidTransform(rotation: q, translation: SIMD3(1, 2, 3)).matrix
        let back = RigidTransform(m)
        #expect(back.rotation.angle(to: q) < 1e-9)
        #expect(back.translation == SIMD3(1, 2, 3))
    }

    @Test func matrixIsColumnMajorWithTranslationInLastColumn() {
        let t = RigidTransform(rotation: .identity, translation: SIMD3(4, 5, 6))
        #expect(t.matrix.columnMajor == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 4, 5, 6, 1])
        #expect(t.matrix[0, 3] == 4)
    }

    @Test func inverseUndoesTheTransform() {
        let t = RigidTransform(rotation: Quaternion(angle: 0.7, axis: SIMD3(1, 1, 0)), translation: SIMD3(1, -2, 0.5))
        let p = SIMD3<Double>(0.3, 0.2, -4)
        #expect(close(t.inverse.apply(toPoint: t.apply(toPoint: p)), p))
        #expect(close((t * t.inverse).translation, .zero))
    }

    @Test func rotationVectorRoundTrips() {
        let r = SIMD3<Double>(0.2, -1.1, 0.4)
        #expect(close(Quaternion(rotationVector: r).rotationVector, r, 1e-12))
    }

    @Test func pitchAndHeadingOfAMadePose() {
        let pose = CameraPose.make(position: .zero, headingDegrees: 30, pitchDegrees: -25)
        #expect(abs(Angle.degrees(fromRadians: CameraPose.pitch(pose)) + 25) < 1e-9)
        #expect(abs(Angle.degrees(fromRadians: CameraPose.heading(pose)) - 30) < 1e-9)
    }

    @Test func gravityInCameraIdentifiesHowThePhoneIsHeld() {
        let landscape = CameraPose.make(position: .zero, headingDegrees: 0)
        let portrait = CameraPose.make(position: .zero, headingDegrees: 0, rollDegrees: -90)
        let reverse = CameraPose.make(position: .zero, headingDegrees: 0, rollDegrees: 180)
        #expect(close(CameraPose.gravityInCamera(landscape), SIMD3(0, -1, 0)))
        #expect(close(CameraPose.gravityInCamera(portrait), SIMD3(1, 0, 0)))
        #expect(close(CameraPose.gravityInCamera(reverse), SIMD3(0, 1, 0)))
    }

    @Test func zUpOpenCVConversionIsExactBothWays() {
        // A camera at (1, 1.5, -2) looking along world -Z (ARKit): in the Z-up world it sits at (1, 2, 1.5)
        // and its OpenCV z axis (forward) points along +Y; its y axis (down) along -Z.
        let pose = CameraPose.make(position: SIMD3(1, 1.5, -2), headingDegrees: 0)
        let cv = CoordinateConventions.zUpOpenCV(fromARKit: pose)
        #expect(close(cv.translation, SIMD3(1, 2, 1.5)))
        #expect(close(cv.apply(toDirection: SIMD3(0, 0, 1)), SIMD3(0, 1, 0)))
        #expect(close(cv.apply(toDirection: SIMD3(0, 1, 0)), SIMD3(0, 0, -1)))
        let back = CoordinateConventions.arkit(fromZUpOpenCV: cv)
        #expect(close(back.translation, pose.translation))
        #expect(back.rotation.angle(to: pose.rotation) < 1e-9)
    }

    @Test func angleWrapsIntoHalfOpenRange() {
        #expect(Angle.wrapped(3 * .pi) == .pi)
        #expect(abs(Angle.wrapped(-3 * .pi / 2) - .pi / 2) < 1e-12)
    }

    @Test func intrinsicsScaleKeepsThePrincipalPointOnTheGrid() {
        let depth = CameraIntrinsics.lidarDepth
        #expect(depth.width == 256 && depth.height == 192)
        #expect(abs(depth.fx - 212) < 0.001)
        #expect(abs(depth.cx - 127.5) < 1e-9)
        #expect(abs(depth.cy - 95.5) < 1e-9)
    }
}
