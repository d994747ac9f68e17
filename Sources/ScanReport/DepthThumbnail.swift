import BundleIO
import CaptureBundle
import CaptureEngine

/// A small picture of one depth map and its confidence, as 8-bit greyscale PNGs (libpng through
/// ``PNGCodec``): depth brighter when nearer (0.2 m white, 5 m and beyond dark, no return black),
/// confidence black (low), grey (medium), white (high).
public struct DepthThumbnail: Sendable {
    /// Why it was taken.
    public enum Reason: Sendable, Equatable {
        /// The first depth frame at or after an event (code, event time).
        case event(Int, Double)
        /// A regular interval.
        case regular
    }

    /// The depth frame's time, seconds.
    public var time: Double
    public var reason: Reason
    public var width: Int
    public var height: Int
    /// PNG bytes of the depth and confidence pictures (empty if libpng refused).
    public var depthPNG: [UInt8]
    public var confidencePNG: [UInt8]

    /// The thumbnail's width at most, pixels (a 256x192 map is sampled every 4th pixel).
    public static let maximumWidth = 64

    /// Samples `map` every n-th pixel and encodes both pictures.
    public init(_ map: DepthMap, time: Double, reason: Reason) {
        self.time = time
        self.reason = reason
        let step = max(1, (map.width + Self.maximumWidth - 1) / Self.maximumWidth)
        width = max(1, map.width / step)
        height = max(1, map.height / step)
        var depth = [UInt8](repeating: 0, count: width * height)
        var confidence = [UInt8](repeating: 0, count: width * height)
        let hasConfidence = map.confidence.count == map.depth.count
        for y in 0..<height {
            for x in 0..<width {
                let source = (y * step) * map.width + x * step
                guard source < map.depth.count else { continue }
                let d = map.depth[source]
                if d.isFinite && d > 0 {
                    let near = 1 - min(1, max(0, (d - 0.2) / 4.8))
                    depth[y * width + x] = UInt8(40 + (near * 215).rounded())
                }
                if hasConfidence {
                    confidence[y * width + x] = [UInt8(0), 128, 255][Int(min(2, map.confidence[source]))]
                }
            }
        }
        depthPNG = (try? PNGCodec.encodeEightBit(width: width, height: height, samples: depth)) ?? []
        confidencePNG = hasConfidence ? ((try? PNGCodec.encodeEightBit(width: width, height: height, samples: confidence)) ?? []) : []
    }
}
