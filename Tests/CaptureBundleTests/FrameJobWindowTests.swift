@testable import BundleIO
@testable import CaptureBundle
import Testing
import Synchronization

@Suite struct FrameJobWindowTests {
    struct Failed: Error, Equatable, Sendable { var frame: Int }

    @Test func aFailureComesBackWhenTheWindowIsFullWhateverTheTiming() {
        let window = FrameJobWindow<Failed>(window: 3)
        var returned: [Int: Failed] = [:]
        for frame in 0..<10 {
            if let failure = window.submit({ frame == 2 || frame == 8 ? Failed(frame: frame) : nil }) {
                returned[frame] = failure
            }
        }
        // Frame 2's failure is handed back when frame 5 is submitted (three frames later).
        #expect(returned == [5: Failed(frame: 2)])
        #expect(window.drain() == Failed(frame: 8))
        #expect(window.drain() == nil)
    }

    @Test func drainWaitsForEveryJobAndReturnsTheFirstFailureInOrder() {
        let window = FrameJobWindow<Failed>(window: 8)
        let done = Mutex(0)
        for frame in 0..<6 {
            _ = window.submit({
                done.withLock { $0 += 1 }
                return frame >= 3 ? Failed(frame: frame) : nil
            })
        }
        #expect(window.drain() == Failed(frame: 3))
        #expect(done.withLock { $0 } == 6)
    }
}
