import CaptureEngine
import Foundation
import SyntheticSensor

/// Produces a ``SyntheticCapture``'s inputs on a thread of its own (motion, tracking and the LiDAR
/// render of every frame) and hands them over, in order, through a bounded buffer, so the reader's core
/// runs the session and the bundle writers while this one renders the next frames.
///
/// The inputs are exactly those of iterating the capture on one thread: the iterator runs unchanged,
/// only elsewhere. Memory is bounded by `capacity` inputs (each at most one depth map).
public final class InputPipeline: @unchecked Sendable {
    private let condition = NSCondition()
    private var buffer: [SessionInput] = []
    private var head = 0
    private var finished = false
    private var stopped = false
    /// Inputs the buffer holds at most (default 64: about 16 MB of 256x192 depth maps).
    public let capacity: Int
    /// Seconds the producer spent inside the capture's iterator (render and motion), set when it ends.
    private var produceSeconds = 0.0

    /// Starts producing `capture`'s inputs at once.
    public init(capture: SyntheticCapture, capacity: Int = 64) {
        self.capacity = Swift.max(1, capacity)
        let thread = Thread { [self] in produce(capture) }
        thread.stackSize = 8 << 20
        thread.start()
    }

    private func produce(_ capture: SyntheticCapture) {
        let clock = ContinuousClock()
        var iterator = capture.makeIterator()
        var spent = Duration.zero
        while true {
            let start = clock.now
            let input = iterator.next()
            spent += clock.now - start
            condition.lock()
            while buffer.count - head >= capacity && !stopped { condition.wait() }
            if stopped || input == nil {
                finished = true
                produceSeconds = spent.inSeconds
                condition.broadcast()
                condition.unlock()
                return
            }
            if head > capacity {
                buffer.removeFirst(head)
                head = 0
            }
            if let input { buffer.append(input) }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The next input, waiting for the producer; nil at the end of the stream.
    public func next() -> SessionInput? {
        condition.lock()
        defer { condition.unlock() }
        while head == buffer.count && !finished { condition.wait() }
        guard head < buffer.count else { return nil }
        let input = buffer[head]
        head += 1
        condition.broadcast()
        return input
    }

    /// Seconds of wall time the producer spent making inputs (rendering, and waiting for depth frames
    /// rendered ahead on workers), once the stream has ended (waits for it).
    public func renderSeconds() -> Double {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
        return produceSeconds
    }

    /// Asks the producer to stop early (e.g. the reader failed).
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}

extension InputPipeline: Sequence {
    /// Reads the pipeline's inputs in order (one pass: the inputs are consumed).
    public struct Iterator: IteratorProtocol {
        let pipeline: InputPipeline
        public func next() -> SessionInput? { pipeline.next() }
    }

    public func makeIterator() -> Iterator { Iterator(pipeline: self) }
}
