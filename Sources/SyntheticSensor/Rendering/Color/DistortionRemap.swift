import CaptureEngine
import Dispatch

/// The lens distortion of the colour camera (``CameraSettings/distortion``) as a remap: the scene is
/// rendered by the pinhole rasteriser onto a canvas with the image's focal lengths and principal point,
/// widened on each side as far as the distortion reaches beyond the image (barrel distortion shows more
/// than a pinhole of the same focal length), and each image pixel takes the canvas's linear light at the
/// undistorted position of its centre (``LensDistortion/undistort(_:)``, bilinear). Built once per
/// renderer; the remap runs on the linear image, before motion blur, noise and the tone curve, as a lens
/// bends light before the sensor. Motion blur and the rolling shutter then move pixels by the pinhole
/// model's motion (a distortion of a few per cent changes their few pixels by as much).
final class DistortionRemap: @unchecked Sendable {
    /// The canvas's intrinsics: the image's focal lengths, its principal point moved by the margins.
    let canvas: CameraIntrinsics
    private let width: Int, height: Int
    /// Per image pixel, row by row: the canvas position (x, y) it samples.
    private let map: [Float]

    /// The remap of images with `intrinsics` through `distortion`, or nil without a distortion.
    init?(intrinsics k: CameraIntrinsics, distortion: LensDistortion?) {
        guard let distortion, !distortion.isNone else { return nil }
        width = k.width
        height = k.height
        var undistorted = [SIMD2<Double>](repeating: .zero, count: k.width * k.height)
        var minX = 0.0, maxX = Double(k.width - 1), minY = 0.0, maxY = Double(k.height - 1)
        for y in 0..<k.height {
            for x in 0..<k.width {
                let d = SIMD2((Double(x) - k.cx) / k.fx, (Double(y) - k.cy) / k.fy)
                let u = distortion.undistort(d)
                let p = SIMD2(k.cx + k.fx * u.x, k.cy + k.fy * u.y)
                undistorted[y * k.width + x] = p
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        // Whole pixels of margin on each side, plus one for the bilinear neighbour.
        let marginX = Int(max(-minX, maxX - Double(k.width - 1)).rounded(.up)) + 1
        let marginY = Int(max(-minY, maxY - Double(k.height - 1)).rounded(.up)) + 1
        canvas = CameraIntrinsics(width: k.width + 2 * marginX, height: k.height + 2 * marginY, fx: k.fx, fy: k.fy,
                                  cx: k.cx + Double(marginX), cy: k.cy + Double(marginY))
        var map = [Float](repeating: 0, count: 2 * k.width * k.height)
        for (i, p) in undistorted.enumerated() {
            map[2 * i] = Float(p.x + Double(marginX))
            map[2 * i + 1] = Float(p.y + Double(marginY))
        }
        self.map = map
    }

    /// The image (`channels` floats a pixel) remapped from the canvas image `source`, rows split over
    /// `bands` tasks.
    func apply(_ source: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>, channels: Int, bands: Int) {
        let w = width, h = height, cw = canvas.width, ch = canvas.height
        let input = SendablePointer(UnsafeMutablePointer(mutating: source)), output = SendablePointer(out)
        map.withUnsafeBufferPointer { m in
            let positions = SendablePointer(UnsafeMutablePointer(mutating: m.baseAddress!))
            let bandCount = max(1, min(bands, h))
            let rows = (h + bandCount - 1) / bandCount
            let band: @Sendable (Int) -> Void = { b in
                let source = input.pointer, out = output.pointer, map = positions.pointer
                for y in (b * rows)..<min(h, b * rows + rows) {
                    for x in 0..<w {
                        let i = y * w + x
                        let px = min(max(map[2 * i], 0), Float(cw - 1)), py = min(max(map[2 * i + 1], 0), Float(ch - 1))
                        let x0 = min(Int(px), cw - 2), y0 = min(Int(py), ch - 2)
                        let ax = px - Float(x0), ay = py - Float(y0)
                        let a = source + (y0 * cw + x0) * channels, b = a + cw * channels
                        for c in 0..<channels {
                            let top = a[c] + (a[c + channels] - a[c]) * ax, bottom = b[c] + (b[c + channels] - b[c]) * ax
                            out[i * channels + c] = top + (bottom - top) * ay
                        }
                    }
                }
            }
            if bandCount == 1 { band(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: band) }
        }
    }

    /// One float a pixel (the inverse depth) from the canvas's nearest pixel: depths are not blended
    /// across edges.
    func applyNearest(_ source: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        let cw = canvas.width, ch = canvas.height
        for i in 0..<(width * height) {
            let x = min(max(Int(map[2 * i].rounded()), 0), cw - 1), y = min(max(Int(map[2 * i + 1].rounded()), 0), ch - 1)
            out[i] = source[y * cw + x]
        }
    }
}
