/// 8-bit sRGB to the Y'CbCr 4:2:0 planes H.264 encodes: ITU-R BT.601 matrix, limited ("video") range,
/// the 8-bit integer form of the coefficients (Y' = 16 + (66 R + 129 G + 25 B + 128) >> 8, ...), chroma
/// from the mean of each 2x2 block.
package enum YUVConversion {
    package static func rgbToYUV420(_ rgb: UnsafePointer<UInt8>, width: Int, height: Int,
                            y: UnsafeMutablePointer<UInt8>, yStride: Int,
                            u: UnsafeMutablePointer<UInt8>, uStride: Int,
                            v: UnsafeMutablePointer<UInt8>, vStride: Int) {
        for row in 0..<height {
            let source = rgb + row * width * 3, target = y + row * yStride
            for x in 0..<width {
                let r = Int32(source[3 * x]), g = Int32(source[3 * x + 1]), b = Int32(source[3 * x + 2])
                target[x] = UInt8(truncatingIfNeeded: ((66 * r + 129 * g + 25 * b + 128) >> 8) + 16)
            }
        }
        for row in 0..<(height / 2) {
            let top = rgb + 2 * row * width * 3, bottom = top + width * 3
            let uRow = u + row * uStride, vRow = v + row * vStride
            for x in 0..<(width / 2) {
                let i = 6 * x
                let r = Int32(top[i]) + Int32(top[i + 3]) + Int32(bottom[i]) + Int32(bottom[i + 3])
                let g = Int32(top[i + 1]) + Int32(top[i + 4]) + Int32(bottom[i + 1]) + Int32(bottom[i + 4])
                let b = Int32(top[i + 2]) + Int32(top[i + 5]) + Int32(bottom[i + 2]) + Int32(bottom[i + 5])
                // Sums of four: the coefficients' shift grows by 2 (and the rounding constant by 4).
                uRow[x] = UInt8(truncatingIfNeeded: ((-38 * r - 74 * g + 112 * b + 512) >> 10) + 128)
                vRow[x] = UInt8(truncatingIfNeeded: ((112 * r - 94 * g - 18 * b + 512) >> 10) + 128)
            }
        }
    }
}
