import CaptureEngine
import CColorShading
import Foundation
import Testing
@testable import SyntheticSensor

@Suite struct BeddingTextureTests {
    /// A bed's cover is drawn with the printed bedding; its pillows and mattress keep the plain fabric.
    @Test func aBedsCoverTakesTheBeddingPrint() {
        let bed = SceneObject(category: .bed, dimensions: SIMD3(1.6, 0.85, 2), transform: RigidTransform(rotation: .identity, translation: SIMD3(0, 0.425, 0)),
                              shape: .shaped)
        let rooms = [TestScenes.roomFacingWall()]
        let patches = SceneGeometry(rooms: rooms, objects: [bed]).patches.filter { $0.owner?.category == .bed }
        let textures = Dictionary(grouping: patches, by: { $0.owner!.part }).mapValues { Set($0.map { SurfaceAppearance.texture(for: $0, rooms: rooms, room: 0) }) }
        #expect(textures[.cover] == [.bedding])
        #expect(textures[.pillow].map { !$0.contains(.bedding) } ?? true)
        #expect(textures[.mattress].map { !$0.contains(.bedding) } ?? true)
    }

    /// The print has flowers: at least 3 % of its texels are strongly coloured (channels more than 40 codes
    /// apart), where the plain fabric has none.
    @Test func theBeddingIsPrintedWithFlowersOnBands() {
        func colouredShare(_ texture: SurfaceTexture) -> Double {
            let texels = texture.texels()
            let n = SurfaceTexture.size
            var coloured = 0
            for y in 0..<n {
                for x in 0..<n {
                    let t = texels[Int(ccolor_texel_offset(0, Int32(x), Int32(y)))]
                    let channels = (0..<3).map { Int((t >> (8 * UInt32($0))) & 0xFF) }
                    if channels.max()! - channels.min()! > 40 { coloured += 1 }
                }
            }
            return Double(coloured) / Double(n * n)
        }
        #expect(colouredShare(.bedding) > 0.03, "\(colouredShare(.bedding))")
        #expect(colouredShare(.fabric) == 0)
    }
}
