import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor
import TestSupport
import JSONSupport

@Suite struct SceneLoaderTests {
    private func error(_ text: String) -> String? {
        do {
            _ = try Scene(jsonText: text, source: "Scenes/x.json")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func everySceneInTheScenesFolderLoads() throws {
        #expect(PackageFolder.sceneFiles.count >= 20)
        for path in PackageFolder.sceneFiles {
            let scene = try Scene.load(path: path)
            #expect(!scene.script.isEmpty, "\(path)")
            #expect(!scene.description.isEmpty, "\(path)")
        }
    }

    @Test func apartmentLoadsWithItsMetadataDeviceAndGeometry() throws {
        let scene = try Scene.load(path: PackageFolder.scene("apartment"))
        #expect(scene.name == "apartment")
        #expect(scene.rooms.count == 3)
        #expect(scene.metadata.propertyType == "apartment")
        #expect(scene.metadata.address.city == "Helsinki")
        #expect(scene.device.capabilities.hasLiDAR)
        #expect(scene.configuration.device.hasLiDAR)
        let mesh = scene.mesh
        #expect(mesh.triangles.count > 100)
        #expect(mesh.triangles.allSatisfy { t in t.x < mesh.vertices.count && t.y < mesh.vertices.count && t.z < mesh.vertices.count })
    }

    @Test func wrongTypeNamesTheFileAndJSONPath() {
        let text = TestScenes.sceneText(script: """
            [ { "action": "present" }, { "action": "record" }, { "action": "pause", "seconds": 1 },
              { "action": "walkTo", "to": [1, 1], "speed": -2 } ]
            """)
        #expect(error(text) == "Scenes/x.json: script[3].speed: expected a positive number, found -2")
    }

    @Test func unknownKeysAreRejectedAtEveryLevel() {
        #expect(error(TestScenes.sceneText(script: "[]", extra: "\n  \"sede\": 3,"))?.hasPrefix("Scenes/x.json: sede: unknown key") == true)
        #expect(error(TestScenes.sceneText(script: "[ { \"action\": \"pause\", \"seconds\": 1, \"sped\": 1 } ]"))?
            .hasPrefix("Scenes/x.json: script[0].sped: unknown key; expected one of: action, at, seconds") == true)
        #expect(error(TestScenes.sceneText(script: "[]", extra: "\n  \"device\": { \"hasLidar\": true },"))?
            .hasPrefix("Scenes/x.json: device.hasLidar: unknown key") == true)
    }

    @Test func theNoReturnFillIsReadAndItsOldKeyIsRefusedNamingTheNewOne() throws {
        func lidar(_ correlated: String) -> String {
            TestScenes.sceneText(script: "[]", extra: "\n  \"lidar\": { \"correlated\": { \(correlated) } },")
        }
        let far = try Scene(jsonText: lidar("\"noReturnFill\": \"far\""), source: "Scenes/x.json")
        #expect(far.lidar.correlated.noReturnFill == .far)
        #expect(error(lidar("\"noReturnFill\": \"zero\"")) ==
            "Scenes/x.json: lidar.correlated.noReturnFill: expected one of \"none\", \"far\", \"interpolated\", found \"zero\"")
        #expect(error(lidar("\"fillsNoReturn\": true")) ==
            "Scenes/x.json: lidar.correlated.fillsNoReturn: replaced by \"noReturnFill\": \"far\" for true, \"none\" for false")
    }

    @Test func theWarpIsPerMetreAndItsOldPerSquareMetreKeyIsRefusedNamingTheNewOne() throws {
        func lidar(_ correlated: String) -> String {
            TestScenes.sceneText(script: "[]", extra: "\n  \"lidar\": { \"correlated\": { \(correlated) } },")
        }
        let scene = try Scene(jsonText: lidar("\"warpPerMeter\": 0.02"), source: "Scenes/x.json")
        #expect(scene.lidar.correlated.warpPerMeter == 0.02)
        #expect(error(lidar("\"warpPerSquareMeter\": 0.0045")) ==
            "Scenes/x.json: lidar.correlated.warpPerSquareMeter: replaced by \"warpPerMeter\": the warp grows with z (up to \"warpGrowthEndMeters\"), not z^2; 0.0045 per square metre is 0.009 per metre at 2 m")
    }

    @Test func sceneNamesAndUidsMustStayOneFileNameInsideTheOutputFolder() {
        let bad = ["../../x", "a/b", "", "..", ".hidden", "back\\slash", "tab\there", String(repeating: "n", count: 201)]
        for name in bad {
            let quoted = String(decoding: try! JSONSerialization.data(withJSONObject: [name]), as: UTF8.self).dropFirst().dropLast()
            let named = error(TestScenes.sceneText(script: "[]").replacingOccurrences(of: "\"name\": \"test\"", with: "\"name\": \(quoted)"))
            #expect(named?.hasPrefix("Scenes/x.json: name: a name must") == true, "\(name): \(named ?? "accepted")")
            let uid = error(TestScenes.sceneText(script: "[]", extra: "\n  \"metadata\": { \"uid\": \(quoted) },"))
            #expect(uid?.hasPrefix("Scenes/x.json: metadata.uid: a name must") == true, "\(name): \(uid ?? "accepted")")
        }
        #expect(FileNameRule.problem(with: "6f1c2a9e-0000-4000-8000-000000000001") == nil)
        #expect(FileNameRule.problem(with: "Wohnung Süd (2)") == nil)
    }

    @Test func badEnumValuesListWhatWasExpected() {
        let message = error(TestScenes.sceneText(script: "[ { \"action\": \"walk\" } ]"))
        #expect(message?.hasPrefix("Scenes/x.json: script[0].action: expected one of present, rotate") == true)
        let thermal = error(TestScenes.sceneText(script: "[ { \"action\": \"thermal\", \"state\": \"hot\" } ]"))
        #expect(thermal == "Scenes/x.json: script[0].state: expected one of \"nominal\", \"fair\", \"serious\", \"critical\", found \"hot\"")
    }

    @Test func batteryCameraPermissionAndFrameDropsLoad() throws {
        let text = TestScenes.sceneText(script: """
            [ { "action": "battery", "percent": 15 }, { "action": "dropFrames", "seconds": 2 },
              { "action": "dropFrames", "share": 0.25, "seconds": 1.5 } ]
            """, extra: "\n  \"device\": { \"batteryPercent\": 40, \"cameraPermission\": \"denied\" },")
        let scene = try Scene(jsonText: text, source: "Scenes/x.json")
        #expect(scene.device.batteryPercent == 40)
        #expect(scene.device.cameraPermission == .denied)
        #expect(scene.configuration.cameraPermission == .denied)
        #expect(scene.script.map(\.action) == [.battery(percent: 15), .dropFrames(share: 1, seconds: 2),
                                               .dropFrames(share: 0.25, seconds: 1.5)])
        let plain = try Scene(jsonText: TestScenes.sceneText(script: "[]"), source: "Scenes/x.json")
        #expect(plain.device.batteryPercent == nil)
        #expect(plain.configuration.cameraPermission == .granted)
    }

    @Test func badBatteryPermissionAndFrameDropsNameTheField() {
        #expect(error(TestScenes.sceneText(script: "[]", extra: "\n  \"device\": { \"batteryPercent\": 101 },"))?
            .hasPrefix("Scenes/x.json: device.batteryPercent: ") == true)
        #expect(error(TestScenes.sceneText(script: "[]", extra: "\n  \"device\": { \"cameraPermission\": \"maybe\" },"))?
            .hasPrefix("Scenes/x.json: device.cameraPermission: expected one of") == true)
        #expect(error(TestScenes.sceneText(script: "[ { \"action\": \"battery\" } ]"))
                == "Scenes/x.json: script[0].percent: expected a whole percent 0...100")
        #expect(error(TestScenes.sceneText(script: "[ { \"action\": \"dropFrames\", \"seconds\": 1, \"share\": 0 } ]"))
                == "Scenes/x.json: script[0].share: expected a share of the frames above 0 and at most 1")
        #expect(error(TestScenes.sceneText(script: "[ { \"action\": \"dropFrames\" } ]"))
                == "Scenes/x.json: script[0].seconds: expected a positive number")
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        let message = error("{\n  \"name\": \"x\",\n  \"rooms\": [ }\n}")
        #expect(message?.hasPrefix("Scenes/x.json:3:14: invalid JSON") == true)
    }

    @Test func openingsAreCheckedAgainstTheirWall() {
        let text = """
            { "rooms": [ { "floor": [[0, 0], [4, 0], [4, 3], [0, 3]],
                           "doors": [ { "wall": 0, "offset": 3.5, "width": 0.9 } ] } ],
              "script": [] }
            """
        #expect(error(text)?.hasPrefix("Scenes/x.json: rooms[0].doors[0].width: expected offset + width within the wall's length (4 m)") == true)
        let badWall = text.replacingOccurrences(of: "\"wall\": 0", with: "\"wall\": 4")
        #expect(error(badWall) == "Scenes/x.json: rooms[0].doors[0].wall: expected a whole number from 0 to 3")
    }

    @Test func thresholdsApplyAndBadThresholdsNameTheKey() throws {
        let scene = try Scene(jsonText: TestScenes.sceneText(script: "[]", extra: "\n  \"thresholds\": { \"fastRotation\": { \"degreesPerSecond\": 120 } },"),
                              source: "Scenes/x.json")
        #expect(scene.thresholds.fastRotation.degreesPerSecond == 120)
        #expect(scene.configuration.thresholds.fastRotation.degreesPerSecond == 120)
        let message = error(TestScenes.sceneText(script: "[]", extra: "\n  \"thresholds\": { \"fastRotation\": { \"degrees\": 120 } },"))
        #expect(message?.hasPrefix("Scenes/x.json: thresholds: unknown threshold 'fastRotation.degrees'") == true)
    }

    @Test func expectAndGoldenAreKeptVerbatim() throws {
        let scene = try Scene(jsonText: TestScenes.sceneText(script: "[]", extra: """

              "expect": { "codes": [0, 1, 2], "absent": [87] },
              "golden": { "events": 12, "note": "zeta first", "alpha": null },
            """), source: "Scenes/x.json")
        #expect(scene.expect?.serialized() == #"{"codes":[0,1,2],"absent":[87]}"#)
        #expect(scene.golden?.serialized() == #"{"events":12,"note":"zeta first","alpha":null}"#)
    }

    @Test func seedsKeepAllSixtyFourBits() throws {
        let scene = try Scene(jsonText: TestScenes.sceneText(script: "[]", extra: "\n  \"seed\": 18446744073709551615,"), source: "x.json")
        #expect(scene.seed == UInt64.max)
    }

    @Test func faultsAreKeptAsPlainData() throws {
        let scene = try Scene(jsonText: TestScenes.sceneText(script: "[]", extra: """

              "faults": [ { "file": "zip", "when": "invalidZip" }, { "file": "depthFrames", "when": "write", "atSeconds": 12.5 } ],
            """), source: "x.json")
        #expect(scene.faults == [StorageFault(file: .zip, operation: .invalidZip), StorageFault(file: .depthFrames, operation: .write, atSeconds: 12.5)])
        // Every scan file can fail, feedback.json and the mesh too (3.1's 55 and 115).
        let mesh = try Scene(jsonText: TestScenes.sceneText(script: "[]", extra: "\n  \"faults\": [ { \"file\": \"mesh\", \"when\": \"write\" } ],"), source: "x.json")
        #expect(mesh.faults == [StorageFault(file: .mesh, operation: .write)])
        let bad = error(TestScenes.sceneText(script: "[]", extra: "\n  \"faults\": [ { \"file\": \"video\", \"when\": \"open\" } ],"))
        #expect(bad?.hasPrefix("Scenes/x.json: faults[0].file: expected one of \"arkitData\", \"config\", \"depthFrames\", \"scanLog\", \"folder\", \"zip\", \"feedback\", \"mesh\"") == true)
    }

    @Test func unreadableFileIsNamed() {
        #expect(throws: InputError(file: "/nonexistent/scene.json", reason: "cannot read the file")) {
            try Scene.load(path: "/nonexistent/scene.json")
        }
    }

    @Test func objectsAreShapedByDefaultAndBoxesOnRequest() throws {
        let text = TestScenes.sceneText(script: "[ { \"action\": \"present\" } ]", extra: """

              "objects": [
                { "category": "chair", "dimensions": { "width": 0.45, "height": 0.9, "depth": 0.45 }, "position": [1, 1] },
                { "category": "chair", "dimensions": { "width": 0.45, "height": 0.9, "depth": 0.45 }, "position": [2, 1],
                  "shape": "box", "variant": 7, "clutter": { "count": 2, "kinds": ["books"], "seed": 4 } }
              ],
            """)
        let scene = try Scene(jsonText: text, source: "Scenes/x.json")
        #expect(scene.objects.map(\.shape) == [.shaped, .box])
        #expect(scene.objects.map(\.variant) == [0, 7])
        #expect(scene.objects[1].clutter == ClutterSettings(count: 2, kinds: [.books], seed: 4))
        let boxPatches = SceneGeometry(scene: scene).patches.filter { $0.owner?.objectIndex == 1 }
        #expect(boxPatches.count == 6)
        #expect(boxPatches.allSatisfy { $0.owner?.part == .box })
    }

    @Test func badShapeAndClutterKeysNameTheFileAndPath() {
        func objects(_ json: String) -> String {
            TestScenes.sceneText(script: "[ { \"action\": \"present\" } ]", extra: """

                  "objects": [ { "category": "table", "dimensions": { "width": 1, "height": 0.7, "depth": 0.6 }, "position": [1, 1], \(json) } ],
                """)
        }
        #expect(error(objects("\"shape\": \"round\"")) == "Scenes/x.json: objects[0].shape: expected one of \"shaped\", \"box\", found \"round\"")
        #expect(error(objects("\"clutter\": { \"count\": 501 }"))?.hasPrefix("Scenes/x.json: objects[0].clutter.count: expected a whole number") == true)
        #expect(error(objects("\"clutter\": { \"count\": 2, \"kinds\": [\"vase\"] }"))?.hasPrefix("Scenes/x.json: objects[0].clutter.kinds[0]: expected one of") == true)
        #expect(error(objects("\"clutter\": { \"count\": 2, \"colour\": 1 }"))?.hasPrefix("Scenes/x.json: objects[0].clutter.colour: unknown key") == true)
    }
}

@Suite struct MaterialLoadingTests {
    private func scene(rooms: String = #"[{"floor": [[0, 0], [4, 0], [4, 4], [0, 4]]}]"#, objects: String = "[]",
                       camera: String? = nil) throws(InputError) -> Scene {
        let text = """
            { "rooms": \(rooms), "objects": \(objects), \(camera.map { "\"camera\": \($0)," } ?? "")
              "script": [ { "action": "present" }, { "action": "record" }, { "action": "pause", "seconds": 11 },
                          { "action": "stop", "confirm": true } ] }
            """
        return try Scene(jsonText: text, source: "Scenes/m.json")
    }

    private func error(_ make: () throws(InputError) -> Scene) -> String {
        do { _ = try make(); return "" } catch { return error.description }
    }

    @Test func materialsDefaultToThePaletteAndReachEveryPatchOfTheirOwner() throws {
        let s = try scene(objects: #"[{"category": "sofa", "dimensions": {"width": 2, "height": 0.8, "depth": 0.9}, "position": [2, 2]},"#
                          + #" {"category": "table", "dimensions": {"width": 1, "height": 0.7, "depth": 1}, "position": [1, 1], "material": "glossy"}]"#)
        let geometry = SceneGeometry(scene: s)
        #expect(geometry.patches.filter { $0.role == .wall }.allSatisfy { $0.material == .wall })
        #expect(geometry.patches.filter { $0.role == .floor }.allSatisfy { $0.material == .floor })
        #expect(geometry.patches.filter { $0.role == .ceiling }.allSatisfy { $0.material == .ceiling })
        let objects = geometry.patches.filter { $0.role == .object }
        let sofa = objects.filter { $0.owner?.objectIndex == 0 }, table = objects.filter { $0.owner?.objectIndex == 1 }
        #expect(!sofa.isEmpty && !table.isEmpty && sofa.count + table.count == objects.count)
        // Shaped objects: every part takes the object's material but the accent parts, which keep their own.
        for (patches, material) in [(sofa, Material.defaultFor(.sofa)), (table, Material.preset(.glossy))] {
            #expect(patches.allSatisfy { $0.material == Material.forPart($0.owner!.part, of: material) })
            #expect(patches.contains { $0.material == material })
        }
    }

    @Test func roomAndOpeningMaterialsParseWithPartialFieldsOverTheDefault() throws {
        let s = try scene(rooms: #"[{"floor": [[0, 0], [4, 0], [4, 4], [0, 4]], "materials": {"walls": {"albedo": [0.1, 0.2, 0.3]},"#
                          + #" "floor": "dark", "ceiling": {"kind": "glossy", "gloss": 0.5}},"#
                          + #" "windows": [{"wall": 0, "offset": 1, "width": 1}], "doors": [{"wall": 1, "offset": 1, "width": 0.9, "material": "glass"}]}]"#)
        let m = s.rooms[0].materials
        #expect(m.walls == Material(kind: .matte, albedo: SIMD3(0.1, 0.2, 0.3), gloss: Material.wall.gloss))
        #expect(m.floor == .preset(.dark))
        #expect(m.ceiling == Material(kind: .glossy, albedo: Material.preset(.glossy).albedo, gloss: 0.5))
        #expect(s.rooms[0].openings.map(\.material) == [.windowGlass, .preset(.glass)])
        // Two panes for the colour camera; the depth surfaces keep their holes.
        #expect(SceneGeometry(scene: s).panes.count == 2)
    }

    @Test func badMaterialsNameTheFieldAndWhatWasExpected() {
        #expect(error { () throws(InputError) in
            try scene(objects: #"[{"category": "sofa", "dimensions": {"width": 2, "height": 0.8, "depth": 0.9}, "position": [2, 2], "material": "velvet"}]"#)
        } == "Scenes/m.json: objects[0].material: expected a material kind (matte, dark, glossy, mirror, glass) or object, found 'velvet'")
        #expect(error { () throws(InputError) in
            try scene(rooms: #"[{"floor": [[0, 0], [4, 0], [4, 4], [0, 4]], "materials": {"walls": {"albedo": [1.5, 0, 0]}}}]"#)
        } == "Scenes/m.json: rooms[0].materials.walls.albedo: expected [r, g, b], linear reflectance 0...1 each")
        #expect(error { () throws(InputError) in
            try scene(rooms: #"[{"floor": [[0, 0], [4, 0], [4, 4], [0, 4]], "doors": [{"wall": 0, "width": 1, "material": "mirror"}]}]"#)
        }.hasSuffix("rooms[0].doors[0].material: expected a glass material (an opening's pane), found kind 'mirror'"))
        #expect(error { () throws(InputError) in
            try scene(rooms: #"[{"floor": [[0, 0], [4, 0], [4, 4], [0, 4]], "materials": {"wall": "dark"}}]"#)
        }.contains("rooms[0].materials"))
    }

    @Test func theCameraBlockIsCheckedAgainstTheSceneFrameRate() throws {
        #expect(try scene(camera: #"{"width": 1920, "height": 1440, "frameRateHz": 60}"#).camera.width == 1920)
        #expect(error { () throws(InputError) in try scene(camera: #"{"frameRateHz": 25}"#) }
                == "Scenes/m.json: camera.frameRateHz: expected a frame rate that divides the scene's 60.0 Hz, found 25.0")
        #expect(error { () throws(InputError) in try scene(camera: #"{"width": 640, "height": 360}"#) }
                .contains("camera.width: expected a 4:3 size"))
        #expect(error { () throws(InputError) in try scene(camera: #"{"widht": 640}"#) }.contains("widht"))
    }

    @Test func theGroundOutsideIsBelowTheFloorWithinAKilometre() throws {
        #expect(try scene(camera: #"{"groundBelowFloor": 3.5}"#).camera.groundBelowFloor == 3.5)
        #expect(error { () throws(InputError) in try scene(camera: #"{"groundBelowFloor": 0}"#) }
                == "Scenes/m.json: camera.groundBelowFloor: expected a positive number, found 0")
        #expect(error { () throws(InputError) in try scene(camera: #"{"groundBelowFloor": 5000}"#) }
                == "Scenes/m.json: camera.groundBelowFloor: expected 0 < metres <= 1000")
    }
}
