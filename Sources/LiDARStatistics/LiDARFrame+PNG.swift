import BundleIO
import CaptureBundle
import CaptureEngine
import JSONSupport

extension LiDARFrame {
    /// A frame from a 16-bit millimetre depth PNG (0 = no value; metres = millimetres / 1000 in single precision) and an optional 8-bit confidence PNG.
    init(millimetres depth: GrayImage, confidence: GrayImage?, pose: RigidTransform?, file: String) throws(InputError) {
        guard depth.bitDepth == 16 else {
            throw InputError(file: file, reason: "a \(depth.bitDepth)-bit PNG; depth must be 16-bit millimetres")
        }
        var levels: [UInt8]?
        if let confidence {
            guard confidence.width == depth.width, confidence.height == depth.height else {
                throw InputError(file: file, reason: "confidence is \(confidence.width)x\(confidence.height), depth \(depth.width)x\(depth.height)")
            }
            guard let bad = confidence.samples.first(where: { $0 > 2 }) else {
                levels = confidence.samples.map { UInt8($0) }
                self.init(width: depth.width, height: depth.height, depth: depth.samples.map { Float($0) / 1000 },
                          confidence: levels, cameraToWorld: pose)
                return
            }
            throw InputError(file: file, reason: "its confidence map holds \(bad); confidence is 0, 1 or 2")
        }
        self.init(width: depth.width, height: depth.height, depth: depth.samples.map { Float($0) / 1000 },
                  confidence: levels, cameraToWorld: pose)
    }
}
