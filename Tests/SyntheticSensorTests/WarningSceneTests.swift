import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor

/// Runs every scene in Scenes/ through the engine's session and checks that its warning family's codes
/// appear (and, for the apartment, that no warning does). Needs the real `CaptureSession`.
@Suite struct WarningSceneTests {
    /// The codes each scene must produce.
    static let requiredCodes: [String: [Int]] = [
        "apartment": [0, 1, 2, 7, 5, 70, 76],
        "landscape-gating": [0, 1, 2, 7, 5],
        "sideways-left": [29, 27],
        "sideways-right": [30, 27],
        "fast-rotation": [87],
        "floor": [21, 23],
        "ceiling": [22, 26],
        "horizontal": [31, 32],
        "too-close": [85, 88],
        "too-far": [86, 88],
        "drift": [13, 15, 5],
        "tracking-relocated": [1, 2, 7, 5],
        "tracking-timeout": [80, 15, 5],
        "tracking-limited": [8, 28, 9],
        "background-resume": [1, 2, 7, 5],
        "background-abort": [83, 15, 5],
        "thermal": [71, 72, 73],
        "storage-low": [78],
        "room-labels": [47, 48, 40, 41, 42, 43, 45, 46, 44],
        "room-labels-denied": [47, 49],
        "frozen-pose": [66, 15, 5],
        "not-enough-data": [3, 5],
        "reverse-landscape": [17, 24],
        "system-events": [74, 77, 76, 75],
    ]

    /// Warning codes a clean scan must not produce.
    static let warningCodes: Set<Int> = [3, 8, 9, 13, 15, 17, 21, 22, 29, 30, 31, 66, 78, 80, 83, 85, 86, 87]

    /// Depth every n-th frame for the test runs (proximity scenes need depth often; the storage scene keeps
    /// its own rate, which sets how fast storage is consumed); nil keeps the scene's setting.
    static func depthEvery(_ name: String) -> Int? {
        switch name {
        case "storage-low": nil
        case "too-close", "too-far", "apartment": 6
        default: 30
        }
    }

    static func codes(of path: String) throws -> (name: String, codes: [Int]) {
        let scene = try Scene.load(path: path)
        let capture = SyntheticCapture(scene: scene, options: CaptureOptions(depthEveryNthFrame: depthEvery(scene.name)))
        var driver = SessionDriver(session: CaptureSession(configuration: capture.configuration), storage: NullScanStorage())
        var codes: [Int] = []
        for input in capture {
            codes += try driver.feed(input).map { Int($0.code.rawValue) }
        }
        return (scene.name, codes)
    }

    @Test(arguments: TestScenes.sceneFiles.map { ($0 as NSString).lastPathComponent })
    func sceneProducesItsWarningFamily(file: String) throws {
        let path = TestScenes.packageRoot.appendingPathComponent("Scenes").appendingPathComponent(file).path
        let (name, codes) = try Self.codes(of: path)
        let required = try #require(Self.requiredCodes[name], "no expectation for scene \(name)")
        for code in required {
            #expect(codes.contains(code), "\(name): code \(code) missing from \(codes)")
        }
        if name == "apartment" || name == "landscape-gating" {
            let unexpected = codes.filter { Self.warningCodes.contains($0) }
            #expect(unexpected.isEmpty, "\(name): unexpected warnings \(unexpected)")
        }
        if name == "landscape-gating" {
            #expect(codes.filter { $0 == 1 }.count == 1)
        }
    }
}
