import CaptureEngine
import Foundation
import RegressionCheck
import SceneGenerator
import SyntheticSensor
import TestSupport
import Testing

@Suite struct ApartmentGeneratorTests {
    private func generator(seed: UInt64 = 1, rooms: ClosedRange<Int> = 1...6, configure: (inout GeneratorSettings) -> Void = { _ in })
        -> ApartmentGenerator {
        var settings = GeneratorSettings()
        settings.seed = seed
        settings.minimumRooms = rooms.lowerBound
        settings.maximumRooms = rooms.upperBound
        configure(&settings)
        return ApartmentGenerator(settings: settings)
    }

    @Test func anItemDependsOnlyOnTheSeedAndItsIndex() {
        let a = generator(seed: 7), b = generator(seed: 7)
        let alone = a.scene(index: 5)
        _ = (0..<5).map { b.scene(index: $0) }
        let afterOthers = b.scene(index: 5)
        #expect(alone.json == afterOthers.json)
        #expect(alone.manifest == afterOthers.manifest)
        #expect(a.scene(index: 6).json != alone.json)
        #expect(generator(seed: 8).scene(index: 5).json != alone.json)
        #expect(alone.name == "apartment-7-00005")
    }

    @Test func generatedScenesLoadWithOneToSixRoomsDoorsWindowsAndFurniture() throws {
        let g = generator()
        var roomCounts = Set<Int>(), lShapes = 0, injectedNone = true
        for i in 0..<30 {
            let generated = g.scene(index: i)
            let scene = try Scene(jsonText: generated.json, source: "\(generated.name).json")
            #expect((1...6).contains(scene.rooms.count))
            roomCounts.insert(scene.rooms.count)
            lShapes += scene.rooms.filter { $0.floor.count == 6 }.count
            #expect(!scene.objects.isEmpty)
            // Every room after the first has a door; the rooms do not overlap (their scan points lie in one room each).
            for room in scene.rooms.dropFirst() { #expect(room.openings.contains { $0.kind == .door }) }
            #expect(scene.rooms.flatMap(\.openings).contains { $0.kind == .window })
            if case .object(let members)? = scene.expect, let sequence = members.first(where: { $0.0 == "sequence" })?.1 {
                #expect(sequence == .array([0, 1, 2, 7, 5].map { .integer($0) }))
            } else {
                Issue.record("\(generated.name): no expect.sequence")
            }
            injectedNone = injectedNone && generated.json.contains("walkSideways") == false
        }
        #expect(roomCounts.count >= 4)
        #expect(lShapes > 0)
        #expect(injectedNone)
    }

    @Test func generatedScenesFinishWithTheirExpectedCodesAndNoOtherWarning() throws {
        // Two one-room apartments with every kind of injected event, depth on every twelfth frame (fast in
        // a debug build); the scenes' own expectations decide. `generate` in release checks more (docs/generate.md).
        let g = generator(seed: 3, rooms: 1...1) { s in
            s.fastTurnRate = 1
            s.sidewaysWalkRate = 1
            s.trackingLossRate = 1
            s.depthEveryNthFrame = 12
        }
        let temporary = try TemporaryFolder("generate")
        defer { temporary.remove() }
        let folder = temporary.url
        var injected = Set<String>()
        for i in 0..<2 {
            let generated = g.scene(index: i)
            let path = folder.appendingPathComponent(generated.name + ".json").path
            try generated.json.write(toFile: path, atomically: true, encoding: .utf8)
            let check = SceneCheck(path: path, thresholds: { $0 })
            #expect(check.status == .passed, "\(generated.name): \(check.problems)")
            if case .object(let members) = generated.manifest, case .array(let kinds)? = members.first(where: { $0.0 == "injected" })?.1 {
                for case .string(let k) in kinds { injected.insert(k) }
            }
        }
        #expect(injected == ["fastTurn", "trackingLoss", "sidewaysWalk"])
    }
}
