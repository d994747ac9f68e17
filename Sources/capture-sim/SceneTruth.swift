import JSONSupport
import SyntheticSensor

/// The scene-level truth a bundle of a synthetic capture carries in `truth/` (docs/bundle-format.md):
/// `room.json` (the scene as RoomPlan's `CapturedRoom` encodes it) and `floorplan.svg`.
enum SceneTruth {
    static func files(_ scene: Scene) -> [String: [UInt8]] {
        ["room.json": Array((CapturedRoomDescription.json(scene).serialized(pretty: true) + "\n").utf8),
         "floorplan.svg": Array(FloorPlanSVG.svg(scene).utf8)]
    }
}
