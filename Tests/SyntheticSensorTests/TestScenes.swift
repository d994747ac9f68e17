import CaptureEngine
import Foundation
@testable import SyntheticSensor
import TestSupport

/// Small hand-built scenes and helpers shared by the tests.
enum TestScenes {
    /// The white LiDAR model's default settings (per-pixel noise, range-rule confidence: the renderer's
    /// own shade pass, which the geometry and shading tests hold to exact values).
    static var white: LiDARSettings {
        var s = LiDARSettings()
        s.errorModel = .white
        return s
    }

    /// The white model without noise, so depths are exact.
    static var noiseless: LiDARSettings {
        var s = white
        s.noiseBaseMeters = 0
        s.noisePerSquareMeter = 0
        return s
    }

    /// A 6 m wide room whose wall z = -2 faces a camera at the origin.
    static func roomFacingWall(openings: [WallOpening] = []) -> Room {
        // Wall 0 runs from (3, -2) to (-3, -2).
        Room(name: "Test", floor: [SIMD2(3, -2), SIMD2(-3, -2), SIMD2(-3, 4), SIMD2(3, 4)], wallHeight: 2.5, openings: openings)
    }

    /// A camera at (0, 1.5, 0) looking along -Z, level, in landscape-right.
    static let levelCamera = RigidTransform(rotation: .identity, translation: SIMD3(0, 1.5, 0))

    static func renderer(rooms: [Room], objects: [SceneObject] = [], settings: LiDARSettings = noiseless) -> DepthRenderer {
        DepthRenderer(geometry: SceneGeometry(rooms: rooms, objects: objects), settings: settings)
    }

    /// Depth at pixel (x, y) of a map.
    static func depth(_ map: DepthMap, _ x: Int, _ y: Int) -> Float { map.depth[y * map.width + x] }

    /// Confidence at pixel (x, y) of a map.
    static func confidence(_ map: DepthMap, _ x: Int, _ y: Int) -> UInt8 { map.confidence[y * map.width + x] }

    /// A minimal valid scene file around a script given as JSON text.
    static func sceneText(script: String, extra: String = "") -> String {
        """
        {
          "name": "test",\(extra)
          "rooms": [ { "name": "Room", "floor": [[0, 0], [6, 0], [6, 5], [0, 5]] } ],
          "script": \(script)
        }
        """
    }
}
