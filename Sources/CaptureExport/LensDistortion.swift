/// Brown-Conrady lens distortion coefficients (OpenCV's order), when a capture's camera images have them.
public struct LensDistortion: Equatable, Sendable {
    public var k1: Double, k2: Double, p1: Double, p2: Double, k3: Double

    public init(k1: Double, k2: Double, p1: Double, p2: Double, k3: Double = 0) {
        self.k1 = k1; self.k2 = k2; self.p1 = p1; self.p2 = p2; self.k3 = k3
    }
}
