import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor
import TestSupport

/// The warning family of each scene in Scenes/ is stated by the scene's own `expect` (its codes in
/// `sequence`, a clean scan's warnings in `forbid`) and checked by `capture-sim check Scenes` in the
/// release build (`make test`). What an expectation cannot state is checked here.
@Suite struct WarningSceneTests {
    static func codes(of path: String, depthEvery: Int) throws -> [Int] {
        let scene = try Scene.load(path: path)
        let capture = SyntheticCapture(scene: scene, options: CaptureOptions(depthEveryNthFrame: depthEvery))
        var driver = SessionDriver(session: CaptureSession(configuration: capture.configuration), storage: NullScanStorage())
        var codes: [Int] = []
        for input in capture {
            codes += try driver.feed(input).map { Int($0.code) }
        }
        return codes
    }

    @Test func landscapeGatingStartsRecordingExactlyOnce() throws {
        let path = PackageFolder.scene("landscape-gating")
        let codes = try Self.codes(of: path, depthEvery: 30)
        #expect(codes.filter { $0 == 1 }.count == 1, "\(codes)")
        #expect(codes.contains(7))
    }

    @Test func everySceneStatesTheCodesOfItsWarningFamily() throws {
        for path in PackageFolder.sceneFiles {
            let scene = try Scene.load(path: path)
            #expect(scene.expect != nil, "\(path) states no expectation")
        }
    }
}
