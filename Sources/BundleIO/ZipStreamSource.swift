import CZip
import Foundation

/// Bytes handed over by one thread as they are produced and read by libzip on another as one entry's
/// data: a libzip source (`zip_source_function`) on a bounded ring buffer, for ``ZipStreamWriter``.
///
/// One thread appends, one reads; each copies its part of the ring outside the lock (the two parts
/// never overlap). ``append(_:)`` waits while the ring is full, so memory stays bounded when the disk
/// is slower than the producer; reading waits while it is empty. `ZIP_SOURCE_STAT` reports nothing
/// (the size is not known until the end), so libzip gives the entry's local header a Zip64 field.
package final class ZipStreamSource: ZipSourceHandler, @unchecked Sendable {
    private let condition = NSCondition()
    private let ring: UnsafeMutableRawPointer
    /// Ring size, bytes.
    package let capacity: Int
    /// Index of the first unread byte, and how many are buffered.
    private var head = 0
    private var buffered = 0
    /// No more bytes will come (reads end there).
    private var finished = false
    /// Reading failed or stopped: reads fail and appends are dropped.
    private var closed = false
    private var error = zip_error_t()

    /// A source with a ring of `capacity` bytes.
    package init(capacity: Int = 8 << 20) {
        self.capacity = capacity
        ring = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
        zip_error_init(&error)
    }

    deinit {
        ring.deallocate()
        zip_error_fini(&error)
    }

    /// A libzip source reading these bytes; libzip releases the object (`ZIP_SOURCE_FREE`) when done.
    package func makeSource(_ archive: OpaquePointer) -> OpaquePointer? {
        retainedSource { zip_source_function(archive, zipSourceCallback, $0) }
    }

    /// Appends bytes, waiting while the ring is full; returns false (and drops them) once the source
    /// is closed.
    @discardableResult
    package func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < bytes.count {
            condition.lock()
            while buffered == capacity && !closed { condition.wait() }
            if closed {
                condition.unlock()
                return false
            }
            let tail = (head + buffered) % capacity
            let count = min(bytes.count - done, capacity - buffered, capacity - tail)
            condition.unlock()
            (ring + tail).copyMemory(from: bytes.baseAddress! + done, byteCount: count)
            condition.lock()
            buffered += count
            condition.broadcast()
            condition.unlock()
            done += count
        }
        return true
    }

    /// No more bytes: libzip reads what is buffered, then the end of the entry.
    package func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the stream: reads fail (libzip abandons the archive) and appends are dropped.
    package func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private func fail(_ code: Int32, _ system: Int32) -> zip_int64_t {
        zip_error_set(&error, code, system)
        return -1
    }

    /// Copies up to `length` buffered bytes to `data`, waiting for some: the count, 0 at the end, or
    /// -1 when the stream was closed.
    private func read(into data: UnsafeMutableRawPointer, _ length: Int) -> zip_int64_t {
        condition.lock()
        while buffered == 0 && !finished && !closed { condition.wait() }
        if closed {
            condition.unlock()
            return fail(ZIP_ER_CANCELLED, 0)
        }
        let count = min(length, buffered, capacity - head)
        let start = head
        condition.unlock()
        if count == 0 { return 0 }
        data.copyMemory(from: ring + start, byteCount: count)
        condition.lock()
        head = (head + count) % capacity
        buffered -= count
        condition.broadcast()
        condition.unlock()
        return zip_int64_t(count)
    }

    package func handle(_ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t, _ command: zip_source_cmd_t) -> zip_int64_t {
        if let answer = readableSourceAnswer(command, data, length, error: &error) { return answer }
        guard command == ZIP_SOURCE_READ else { return 0 }  // open and close: nothing to do
        guard let data else { return fail(ZIP_ER_INVAL, 0) }
        return read(into: data, Int(min(length, zip_uint64_t(Int.max))))
    }
}
