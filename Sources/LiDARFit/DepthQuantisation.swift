import LiDARStatistics

/// How a capture stores depth, so that frames rendered for a fit are rounded the way the capture's are.
public enum DepthQuantisation: Sendable, Equatable {
    /// Float16 metres, as ARKit's `sceneDepth` and CubiCapture's `allDepthFrames.bin` (the renderer's own
    /// rounding: nothing more to do).
    case halfFloat
    /// Whole millimetres, as 16-bit depth PNGs (raw RGBD packages, Stray Scanner).
    case millimetres

    /// The rounding of a capture of `format`.
    public init(format: LiDARCaptureFormat) {
        switch format {
        case .rawRGBD, .strayScanner: self = .millimetres
        case .cubiCapture, .synthetic: self = .halfFloat
        }
    }

    /// `depth` (metres) rounded as the capture stores it.
    func apply(_ depth: inout [Float]) {
        switch self {
        case .halfFloat: return
        case .millimetres:
            for i in depth.indices { depth[i] = (depth[i] * 1000).rounded() * 0.001 }
        }
    }
}
