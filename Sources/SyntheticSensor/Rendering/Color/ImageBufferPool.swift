import Foundation

/// Whole-image float buffers kept from frame to frame: the colour camera's linear image and the inverse
/// depth its motion blur reads (3.7 MB and 1.2 MB at 640x480) are taken for a frame and given back after,
/// so a scan does not allocate (and the kernel does not map and clear) them again for every image. Safe to
/// use from several threads; a buffer is handed to one taker at a time. Its contents are whatever the
/// last frame left: takers write every element before reading it.
final class ImageBufferPool: @unchecked Sendable {
    private let lock = NSLock()
    /// Idle buffers by element count.
    private var idle: [Int: [UnsafeMutablePointer<Float>]] = [:]
    /// At most this many idle buffers of one size are kept (the images shading ahead and the one exposed,
    /// each with its linear image and inverse depth).
    private static let keptPerSize = 4

    init() {}

    deinit {
        for buffers in idle.values { for buffer in buffers { buffer.deallocate() } }
    }

    /// A buffer of `count` floats (uninitialised the first time).
    func take(count: Int) -> UnsafeMutablePointer<Float> {
        lock.lock()
        let reused = idle[count]?.popLast()
        lock.unlock()
        return reused ?? .allocate(capacity: count)
    }

    /// Gives back a buffer taken with ``take(count:)`` with the same `count`.
    func give(back buffer: UnsafeMutablePointer<Float>, count: Int) {
        lock.lock()
        if idle[count, default: []].count < Self.keptPerSize {
            idle[count, default: []].append(buffer)
            lock.unlock()
        } else {
            lock.unlock()
            buffer.deallocate()
        }
    }
}
