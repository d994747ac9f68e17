import Testing
@testable import SyntheticSensor

@Suite struct NoReturnInterpolationTests {
    /// A map of `width` x `height` inverse depths in rows of `stride`, from a function of the pixel.
    struct Map {
        let width: Int, height: Int, stride: Int
        var best: [Float], ids: [Int32]
        init(width: Int, height: Int, _ value: (Int, Int) -> Float) {
            self.width = width; self.height = height; stride = (width + 7) / 8 * 8
            best = [Float](repeating: 0, count: stride * height)
            ids = [Int32](repeating: -1, count: stride * height)
            for y in 0..<height {
                for x in 0..<width {
                    best[y * stride + x] = value(x, y)
                    if best[y * stride + x] > 0 { ids[y * stride + x] = 7 }
                }
            }
        }
        mutating func fill() -> Int {
            let (w, h, s) = (width, height, stride)
            return best.withUnsafeMutableBufferPointer { b in
                ids.withUnsafeMutableBufferPointer { i in
                    NoReturnInterpolation.fill(best: b.baseAddress!, ids: i.baseAddress!, stride: s, width: w, height: h, fillID: 99)
                }
            }
        }
        subscript(x: Int, y: Int) -> Float { best[y * stride + x] }
        func id(_ x: Int, _ y: Int) -> Int32 { ids[y * stride + x] }
    }

    /// The inverse depth of a tilted plane: affine in the pixel coordinates.
    static func plane(_ x: Int, _ y: Int) -> Float { 0.4 + 0.002 * Float(x) - 0.001 * Float(y) }

    @Test func aHoleInAPlaneIsFilledWithThePlane() {
        let hole = { (x: Int, y: Int) in (10..<30).contains(x) && (5..<20).contains(y) }
        var map = Map(width: 40, height: 30) { x, y in hole(x, y) ? 0 : Self.plane(x, y) }
        #expect(map.fill() == 20 * 15)
        for y in 0..<30 {
            for x in 0..<40 {
                #expect(abs(map[x, y] - Self.plane(x, y)) < 1e-6, "(\(x), \(y))")
                #expect(map.id(x, y) == (hole(x, y) ? 99 : 7))
            }
        }
    }

    @Test func aHoleReachingTheImageSideTakesTheValueNextToIt() {
        // The top-left corner is empty: rows 0-9 are empty from x = 0 to 14.
        var map = Map(width: 32, height: 20) { x, y in x < 15 && y < 10 ? 0 : Self.plane(x, y) }
        #expect(map.fill() == 15 * 10)
        for y in 0..<10 {
            for x in 0..<15 { #expect(map[x, y] == Self.plane(15, y), "(\(x), \(y))") }
        }
    }

    @Test func aFrameWithOneReturnIsFilledWithItAndAnEmptyFrameStaysEmpty() {
        var single = Map(width: 16, height: 12) { x, y in x == 5 && y == 7 ? 0.25 : 0 }
        #expect(single.fill() == 16 * 12 - 1)
        #expect(single.best.enumerated().allSatisfy { $0.offset % single.stride >= 16 || $0.element == 0.25 })
        var empty = Map(width: 16, height: 12) { _, _ in 0 }
        #expect(empty.fill() == 0)
        #expect(empty.best.allSatisfy { $0 == 0 } && empty.ids.allSatisfy { $0 == -1 })
    }

    @Test func aFullFrameIsLeftAsItIs() {
        var map = Map(width: 16, height: 12, Self.plane)
        let before = map.best
        #expect(map.fill() == 0)
        #expect(map.best == before)
    }
}
